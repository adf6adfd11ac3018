"""The editor's storage: a lesson's draft, its earlier versions and an
instructor's preview hands.

A published lesson is its file in LESSONS_DIR (what trainees see); a draft
lives in `lesson_drafts` until it is published. Every write happens inside
`lesson_transaction` (SQLite BEGIN IMMEDIATE), which is also the lock for the
lesson files: two instructors saving at once are served one after the other,
and the second one's base check (`Current.digest`) refuses a silent overwrite.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import os
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from flask import current_app, g

from webapp import audit, lessonfile
from webapp.auth import now
from webapp.db import get_db, immediate

KEEP_PREVIEWS = 10   # per instructor: older preview hands are dropped


def digest(text: str | None) -> str:
    """The base an editor page was opened on ('' for no lesson at all)."""
    return "" if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def lesson_file(slug: str) -> Path:
    return Path(current_app.config["LESSONS_DIR"]) / f"{slug}.md"


def published_text(slug: str) -> str | None:
    try:
        return lesson_file(slug).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


@dataclass
class Current:
    """A lesson as the editor opens it: the draft if there is one, else the
    published file; `saved_by`/`saved_at` say who last changed it."""
    slug: str
    published: str | None
    draft: str | None
    saved_by: str = ""
    saved_at: str = ""

    @property
    def text(self) -> str | None:
        return self.draft if self.draft is not None else self.published

    @property
    def digest(self) -> str:
        return digest(self.text)

    @property
    def exists(self) -> bool:
        return self.text is not None


def current(slug: str) -> Current:
    db = get_db()
    row = next(db.query("select d.text, d.saved_at, u.username from lesson_drafts d left join users u "
                        "on u.id = d.saved_by where d.slug = ?", [slug]), None)
    published = published_text(slug)
    if row:
        return Current(slug, published, row["text"], row["username"] or "", row["saved_at"] or "")
    last = latest_version(slug)
    if last and last["text"] == published:
        return Current(slug, published, None, last["username"] or "", last["created_at"])
    return Current(slug, published, None)


@contextmanager
def lesson_transaction() -> Iterator[None]:
    """One editor write as one unit (and the lesson files' lock). This
    process looks at the lessons folder again at its next request; other
    worker processes within LESSONS_RECHECK_SECONDS."""
    try:
        with immediate(get_db().conn):
            yield
    finally:
        lessonfile.forget(current_app.config["LESSONS_DIR"])
        g.pop("library", None)          # this request's own look (notebook.library) too


@contextmanager
def preview_transaction() -> Iterator[None]:
    """A write to an instructor's preview hands: the same lock, but no lesson
    file changes, so the lessons folder is not looked at again for it. Only
    the read, the step and the write of the hand go inside: the lesson is
    parsed before (authoring.parsed_preview), never under the lock."""
    with immediate(get_db().conn):
        yield


def save_draft(slug: str, text: str, user_id: int) -> None:
    get_db().conn.execute("insert or replace into lesson_drafts (slug, text, saved_by, saved_at) "
                          "values (?, ?, ?, ?)", [slug, text, user_id, now()])


def drop_draft(slug: str) -> None:
    get_db().conn.execute("delete from lesson_drafts where slug = ?", [slug])


def add_version(slug: str, text: str, action: str, user_id: int | None) -> None:
    get_db().conn.execute("insert into lesson_versions (slug, text, action, user_id, created_at) "
                          "values (?, ?, ?, ?, ?)", [slug, text, action, user_id, now()])


def latest_version(slug: str) -> dict | None:
    return next(get_db().query(
        "select v.*, u.username from lesson_versions v left join users u on u.id = v.user_id "
        "where v.slug = ? order by v.id desc limit 1", [slug]), None)


def keep_published(slug: str, user_id: int) -> None:
    """Before the editor first changes a file it did not write (a lesson from
    the repository), keep the file as it was, so it can be restored."""
    text = published_text(slug)
    last = latest_version(slug)
    if text is not None and (last is None or last["text"] != text):
        add_version(slug, text, "as found", user_id)


def line_changes(old: str | None, new: str | None) -> str:
    """How much a text changed, in words for the audit trail ("3 lines added, 1 removed")."""
    added = removed = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
            None, (old or "").splitlines(), (new or "").splitlines(), autojunk=False).get_opcodes():
        if tag != "equal":
            removed += i2 - i1
            added += j2 - j1
    if not added and not removed:
        return "no line changed"
    return f"{added} line{'s' * (added != 1)} added, {removed} removed"


def header_title(text: str | None) -> str | None:
    """The title in a lesson text's +++ header, read without loading the lesson (a
    draft that does not load still has a name); None when there is none to read."""
    lines = (text or "").splitlines()
    if not lines or lines[0].strip() != "+++":
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "+++"), None)
    header = "\n".join(lines[1:end or 1])
    if not header or len(header) > lessonfile.MAX_TOML_CHARS:
        return None
    try:
        title = tomllib.loads(header).get("title")
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):   # as the loader: bad, deep or huge
        return None
    return " ".join(title.split())[:120] if isinstance(title, str) and title.strip() else None


def audit_line(action: str, slug: str, detail: str, text: str | None) -> None:
    """A lesson's line in the audit trail, inside the caller's lesson_transaction,
    labelled by the title in `text` (the lesson as it was or is) and its file name."""
    title = header_title(text)
    audit.record(get_db(), action, "lesson", slug, f"lesson {title} ({slug})" if title else f"lesson {slug}", detail)


def write_file(slug: str, text: str) -> None:
    path = lesson_file(slug)
    tmp = path.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def versions(slug: str) -> list[dict]:
    return list(get_db().query(
        "select v.*, u.username from lesson_versions v left join users u on u.id = v.user_id "
        "where v.slug = ? order by v.id desc", [slug]))


def version(slug: str, version_id: int) -> dict | None:
    return next(get_db().query("select * from lesson_versions where slug = ? and id = ?",
                               [slug, version_id]), None)


def draft_slugs() -> list[str]:
    return [r["slug"] for r in get_db().query("select slug from lesson_drafts order by slug")]


def deleted_slugs() -> list[str]:
    """Lessons whose last version is a deletion and that have no file or draft now."""
    rows = get_db().query("select slug, action from lesson_versions where id in "
                          "(select max(id) from lesson_versions group by slug) order by slug")
    drafts = set(draft_slugs())
    return [r["slug"] for r in rows if r["action"] == "deleted" and r["slug"] not in drafts
            and published_text(r["slug"]) is None]


# Trainee records that follow a renamed lesson.
RENAMED_TABLES = ("lesson_drafts", "lesson_versions", "lesson_previews")
RENAMED_RECORDS = (("cell_state", "lesson"), ("attempts", "lesson"))


def rename(old: str, new: str) -> None:
    """Move the file, the draft, the versions and the trainees' progress."""
    conn = get_db().conn
    if lesson_file(old).exists():
        os.rename(lesson_file(old), lesson_file(new))
    for table in RENAMED_TABLES:
        conn.execute(f"update {table} set slug = ? where slug = ?", [new, old])
    for table, column in RENAMED_RECORDS:
        conn.execute(f"update {table} set {column} = ? where {column} = ?", [new, old])
    # A cohort's assignment of the lesson follows it (roster: kind 'lesson', target its name).
    conn.execute("update assignments set target = ? where kind = 'lesson' and target = ?", [new, old])


# ------------------------------------------------------------- previews

def preview_token(slug: str, text: str) -> str:
    """A preview's name: one text, one token (so its parse can be kept by it)."""
    return digest(f"{slug}\n{text}")


def new_preview(user_id: int, slug: str, text: str) -> str:
    """A preview of `text` for this instructor; its token names it in the
    preview's URLs. Dealing in it writes here, never to attempts."""
    token = preview_token(slug, text)
    conn = get_db().conn
    with preview_transaction():
        conn.execute("insert or ignore into lesson_previews (user_id, token, slug, text, cells, updated_at) "
                     "values (?, ?, ?, ?, '{}', ?)", [user_id, token, slug, text, now()])
        conn.execute("update lesson_previews set updated_at = ? where user_id = ? and token = ?",
                     [now(), user_id, token])
        conn.execute("delete from lesson_previews where user_id = ? and token not in (select token from "
                     "lesson_previews where user_id = ? order by updated_at desc limit ?)",
                     [user_id, user_id, KEEP_PREVIEWS])
    return token


@dataclass
class Preview:
    user_id: int
    token: str
    slug: str
    text: str
    cells: dict

    def state(self, cell) -> dict:
        """A cell's preview state, shaped as store.get_state's."""
        saved = self.cells.get(cell.id) or {}
        return {"user_id": self.user_id, "lesson": self.slug, "cell": cell.id, "steps": [], "answer": None,
                "feedback": None, "correct": None, "done": 0, "runs": 0, "wrong_in_a_row": 0,
                "fingerprint": cell.fingerprint, **saved}

    def save(self, state: dict | None, cell_id: str) -> None:
        if state is None:
            self.cells.pop(cell_id, None)
        else:
            self.cells[cell_id] = {k: state[k] for k in ("steps", "answer", "feedback", "correct", "done",
                                                         "runs", "wrong_in_a_row", "seed") if k in state}
        get_db().conn.execute("update lesson_previews set cells = ?, updated_at = ? where user_id = ? "
                              "and token = ?", [json.dumps(self.cells), now(), self.user_id, self.token])


def reread(preview: Preview) -> None:
    """The preview's hands as stored now (inside a preview_transaction: another
    tab may have dealt in it since it was first read)."""
    row = get_db().execute("select cells from lesson_previews where user_id = ? and token = ?",
                           [preview.user_id, preview.token]).fetchone()
    preview.cells = json.loads(row[0] or "{}") if row else {}


def get_preview(user_id: int, token: str) -> Preview | None:
    row = next(get_db().query("select * from lesson_previews where user_id = ? and token = ?",
                              [user_id, token]), None)
    if row is None:
        return None
    return Preview(user_id, token, row["slug"], row["text"], json.loads(row["cells"] or "{}"))
