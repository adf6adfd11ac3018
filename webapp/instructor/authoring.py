"""Instructors write lessons in the browser: the same plain-text files as
lessons/, checked by the same loader.

Whatever is typed is kept as a draft (valid or not); trainees see a lesson
only when the instructor publishes it and the loader accepts it. Every
published, deleted or replaced text is kept as a version that can be
restored. Each form carries the `base` it was opened on, so a save made on
top of someone else's is refused in words instead of overwriting theirs.
The preview deals the draft's cells in the instructor's own preview state
(webapp.instructor.drafts), never in attempts or cell_state.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from flask import (Blueprint, abort, current_app, flash, g, redirect, render_template, request, send_file,
                   url_for)
from markupsafe import Markup

from engine import MalformedAnswer
from webapp import audit
from webapp.instructor import drafts
from webapp.trainee import step_reply
from webapp.auth import instructor_required
from webapp.mastery import readable_day
from webapp.lessonfile import CELL_TYPES, MAX_LESSON_BYTES, LessonError, is_lesson_name, parse_lesson
from webapp.trainee.notebook import (STALE, _counter, _parse_step, cell_context, dealt_hand, library,
                                     render_markdown, sprint_context)

bp = Blueprint("authoring", __name__, url_prefix="/author")
vendor = Blueprint("editor_vendor", __name__, url_prefix="/vendor/codemirror")
MAX_BYTES = MAX_LESSON_BYTES   # the loader's cap (issue 30), refused before parsing
NAME_RULE = "File name: lower-case letters, digits and dashes, e.g. holdem-03-side-pots."
TEMPLATE = '''+++
title = "New lesson"
summary = "One line for the lesson list."
order = 100
+++

# A heading

Explain the rule here, citing it by number (for example 8.17.4(a)).

```question
id = "first-question"
ask = "split"
prompt = "Two players tie for a pot of 15; the smallest chip is 5. How much does each get?"
pot = 15
winners = [2, 7]
button = 5
lowest_chip = 5
```
'''
# CodeMirror 5 (npm, package.json) as the editor: only these files are served.
CODEMIRROR = Path(__file__).resolve().parent.parent.parent / "node_modules" / "codemirror"
VENDOR_FILES = {"codemirror.js": "lib/codemirror.js", "codemirror.css": "lib/codemirror.css",
                "markdown.js": "mode/markdown/markdown.js", "toml.js": "mode/toml/toml.js"}


@vendor.get("/<name>")
def asset(name):
    """The editor component from the pinned npm package, never a CDN."""
    if name not in VENDOR_FILES:
        abort(404)
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return send_file(CODEMIRROR / VENDOR_FILES[name], mimetype=kind, max_age=3600)


def check(text: str, slug: str):
    """(lesson, error): the loader's verdict on the text, as lessons/SLUG.md."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        return None, LessonError(f"lessons/{slug}.md", 1, f"a lesson may be at most {MAX_BYTES // 1024} KB")
    try:
        return parse_lesson(text, path=f"lessons/{slug}.md", slug=slug,
                            folder=current_app.config["LESSONS_DIR"]), None
    except LessonError as exc:
        return None, exc


def existing(slug: str) -> drafts.Current:
    if not is_lesson_name(slug):
        abort(404)
    lesson = drafts.current(slug)
    if not lesson.exists:
        abort(404)
    return lesson


def posted_text() -> str:
    return request.form.get("text", "").replace("\r\n", "\n")


@bp.get("/")
@instructor_required
def index():
    folder = Path(current_app.config["LESSONS_DIR"])
    files = sorted(p.stem for p in folder.glob("*.md") if p.name.lower() != "readme.md")
    with_draft = set(drafts.draft_slugs())
    # Listed by title, the file name beside it (issue 29 finding 6); a file the
    # library could not load shows its name only.
    lessons = library().lessons
    titles = {slug: lessons[slug].title for slug in files if slug in lessons}
    return render_template("instructor/authoring/index.html", files=files, with_draft=with_draft, titles=titles,
                           new_drafts=sorted(with_draft - set(files)), deleted=drafts.deleted_slugs())


@bp.route("/new", methods=("GET", "POST"))
@instructor_required
def new():
    slug = request.form.get("slug", "").strip().lower()
    text = posted_text() if request.method == "POST" else TEMPLATE
    if request.method == "GET":
        return editor_page(slug, text, creating=True)
    action = request.form.get("action", "save")
    if action in ("check", "preview"):
        return editor_page(slug, text, creating=True, action=action)
    if not is_lesson_name(slug):
        return editor_page(slug, text, creating=True, error=NAME_RULE)
    if drafts.current(slug).exists:
        return editor_page(slug, text, creating=True,
                           error=f"lessons/{slug}.md already exists: open it from the list to edit it.")
    return store(slug, text, action, creating=True)


@bp.route("/<slug>", methods=("GET", "POST"))
@instructor_required
def edit(slug):
    if request.method == "GET":
        lesson = existing(slug)
        return editor_page(slug, lesson.text, current=lesson)
    if not is_lesson_name(slug):
        abort(404)
    text, action = posted_text(), request.form.get("action", "save")
    if action in ("check", "preview"):
        return editor_page(slug, text, action=action)
    return store(slug, text, action, creating=False)


def conflict_message(lesson: drafts.Current) -> str:
    if not lesson.exists:
        return ("Not saved: this lesson was deleted or renamed after you opened it. Your text is still "
                "below; copy it into a new lesson.")
    who = lesson.saved_by or "someone else"
    when = f" at {lesson.saved_at[:16].replace('T', ' ')} UTC" if lesson.saved_at else ""
    return (f"Not saved: {who} saved this lesson{when}, after you opened it. Your text is still below "
            "and nothing of theirs was overwritten: open the lesson in a new tab, bring your changes "
            "into their version and save it there.")


def store(slug: str, text: str, action: str, creating: bool):
    """Save a draft (valid or not) or publish a valid lesson, refusing a base
    that is no longer current (another instructor saved in between)."""
    base = request.form.get("base", "")
    parsed, problem = check(text, slug)
    user = g.user["id"]
    with drafts.lesson_transaction():
        lesson = drafts.current(slug)
        if lesson.digest != base:
            conflict = conflict_message(lesson)
        elif len(text.encode("utf-8")) > MAX_BYTES:
            conflict = f"Not saved: a lesson may be at most {MAX_BYTES // 1024} KB."
        else:
            conflict = None
            changed = text != lesson.text
            publish = action == "publish" and parsed is not None
            if publish:
                drafts.keep_published(slug, user)
                drafts.write_file(slug, text)
                drafts.add_version(slug, text, "published", user)
                drafts.drop_draft(slug)
                drafts.audit_line("created" if lesson.published is None else "changed", slug,
                                  "published, trainees see it now: " + drafts.line_changes(lesson.published, text),
                                  text)
            elif changed:
                drafts.save_draft(slug, text, user)
                drafts.audit_line("created" if not lesson.exists else "changed", slug,
                                  "draft saved, trainees still see the published version: "
                                  + drafts.line_changes(lesson.text, text), text)
    if conflict:
        return editor_page(slug, text, creating=creating, error=conflict, status=409,
                           base=base, parsed=(parsed, problem))
    if publish:
        flash(f"Published lessons/{slug}.md: trainees see this version now.")
    elif action == "publish":
        flash("Not published: the lesson has a problem (shown below). Your text is saved as a draft; "
              "trainees still see the published version.")
    elif not changed:
        flash("Nothing changed since the last save.")
    else:
        flash("Draft saved. Trainees still see the published version until you press Publish.")
    return redirect(url_for("authoring.edit", slug=slug))


def editor_page(slug: str, text: str, creating: bool = False, current: drafts.Current | None = None,
                action: str = "", error: str | None = None, status: int | None = None,
                base: str | None = None, parsed=None):
    """The editor: the text, its check, and (on Preview) the rendered lesson."""
    name = slug if is_lesson_name(slug) else "new-lesson"
    lesson, problem = parsed or check(text, name)
    if current is None and not creating:
        current = drafts.current(slug)
    preview = render_preview(name, text, lesson) if action == "preview" else None
    if status is None:
        status = 422 if problem is not None and action in ("check", "preview") else 200
    return render_template(
        "instructor/authoring/edit.html", slug=slug, text=text, creating=creating, error=error, lesson=lesson,
        problem=problem, current=current, kinds=" ".join(CELL_TYPES),
        base=base if base is not None else (current.digest if current else ""), preview=preview,
        url_for=preview["url_for"] if preview else url_for), status


# ---------------------------------------------------------------- rename, delete, versions

@bp.route("/<slug>/rename", methods=("GET", "POST"))
@instructor_required
def rename(slug):
    existing(slug)
    error = None
    new_slug = request.form.get("new_slug", "").strip().lower()
    if request.method == "POST":
        if not is_lesson_name(new_slug):
            error = NAME_RULE
        else:
            with drafts.lesson_transaction():
                if drafts.current(new_slug).exists or drafts.versions(new_slug):
                    error = f"lessons/{new_slug}.md already exists (or did): choose another name."
                elif drafts.current(slug).exists:
                    drafts.rename(slug, new_slug)
                    drafts.audit_line("changed", new_slug, audit.changes([("file", f"lessons/{slug}.md",
                                                                           f"lessons/{new_slug}.md")]),
                                      drafts.current(new_slug).text)
                else:
                    abort(404)
            if error is None:
                flash(f"Renamed lessons/{slug}.md to lessons/{new_slug}.md; its drafts, versions and "
                      "trainees' progress moved with it.")
                return redirect(url_for("authoring.edit", slug=new_slug))
    return render_template("instructor/authoring/rename.html", slug=slug, new_slug=new_slug or slug,
                           error=error), 422 if error else 200


@bp.route("/<slug>/delete", methods=("GET", "POST"))
@instructor_required
def delete(slug):
    existing(slug)
    if request.method == "GET":
        return render_template("instructor/authoring/delete.html", slug=slug)
    if request.form.get("confirm") != slug:
        return render_template("instructor/authoring/delete.html", slug=slug,
                               error="Type the lesson's file name to confirm."), 422
    with drafts.lesson_transaction():
        lesson = drafts.current(slug)
        if lesson.draft is not None:
            drafts.add_version(slug, lesson.draft, "draft when deleted", g.user["id"])
        if lesson.published is not None:
            drafts.keep_published(slug, g.user["id"])
            drafts.add_version(slug, lesson.published, "deleted", g.user["id"])
            drafts.lesson_file(slug).unlink()
        else:
            drafts.add_version(slug, lesson.draft or "", "deleted", g.user["id"])
        drafts.drop_draft(slug)
        drafts.audit_line("removed", slug, "deleted" + (", with its unpublished draft" if lesson.draft is not None
                                                        else "") + "; every version is kept and can be restored",
                          lesson.text)
    flash(f"Deleted lessons/{slug}.md. Trainees no longer see it; every version is kept under "
          "“Deleted lessons” and can be restored.")
    return redirect(url_for("authoring.index"))


@bp.get("/<slug>/versions")
@instructor_required
def versions(slug):
    if not is_lesson_name(slug):
        abort(404)
    rows = drafts.versions(slug)
    lesson = drafts.current(slug)
    if not rows and not lesson.exists:
        abort(404)
    return render_template("instructor/authoring/versions.html", slug=slug, rows=rows, current=lesson)


@bp.post("/<slug>/versions/<int:version_id>/restore")
@instructor_required
def restore(slug, version_id):
    """An earlier version becomes the draft; it reaches trainees on Publish."""
    if not is_lesson_name(slug):
        abort(404)
    with drafts.lesson_transaction():
        row = drafts.version(slug, version_id)
        lesson = drafts.current(slug)
        stale = lesson.digest != request.form.get("base", "")
        if row is not None and not stale:
            drafts.save_draft(slug, row["text"], g.user["id"])
            drafts.audit_line("changed", slug, f"version {version_id} ({row['action']}, "
                              f"{readable_day(row['created_at'])}) restored as the draft: "
                              + drafts.line_changes(lesson.text, row["text"]), row["text"])
    if row is None:
        abort(404)
    if stale:
        flash(conflict_message(lesson))
        return redirect(url_for("authoring.versions", slug=slug)), 303
    flash(f"Version {version_id} is now the draft: check it and press Publish to give it to trainees.")
    return redirect(url_for("authoring.edit", slug=slug))


# ---------------------------------------------------------------- preview

PREVIEW_ENDPOINTS = {"notebook.step": "authoring.preview_step", "notebook.answer": "authoring.preview_answer",
                     "notebook.reset_cell": "authoring.preview_reset",
                     # a drill's next hand in the preview: the cell starts over with a new seed
                     "notebook.deal_new_hand": "authoring.preview_reset"}


def preview_urls(token: str):
    """url_for for the notebook's cell templates inside a preview: their
    forms post to the preview's endpoints, never to a trainee's."""
    def url(endpoint: str, **values):
        if endpoint in PREVIEW_ENDPOINTS:
            return url_for(PREVIEW_ENDPOINTS[endpoint], token=token, cell_id=values["cell_id"])
        return url_for(endpoint, **values)
    return url


# Lessons parsed for previews, by (lessons folder, token): a token names one
# text, so it is parsed once here, and each step in its preview reuses it
# (parsing a big lesson deals every hand in it). The newest KEEP_PARSED are kept.
KEEP_PARSED = 16
_parsed: OrderedDict[tuple[str, str], tuple] = OrderedDict()
_parsed_lock = threading.Lock()


def parsed_preview(token: str, slug: str, text: str, found: tuple | None = None) -> tuple:
    """(lesson, problem) for the preview `token`: parsed once per process,
    always outside any write transaction; `found` is a parse already made."""
    key = (str(current_app.config["LESSONS_DIR"]), token)
    with _parsed_lock:
        if found is None and key in _parsed:
            _parsed.move_to_end(key)
            return _parsed[key]
    if found is None:
        found = check(text, slug)
    with _parsed_lock:
        _parsed[key] = found
        while len(_parsed) > KEEP_PARSED:
            _parsed.popitem(last=False)
    return found


def render_preview(slug: str, text: str, lesson) -> dict | None:
    """The rendered lesson (as trainees would see it) for the instructor."""
    if lesson is None:
        return None
    token = drafts.new_preview(g.user["id"], slug, text)
    parsed_preview(token, slug, text, found=(lesson, None))
    preview = drafts.get_preview(g.user["id"], token)
    cells = []
    for cell in lesson.cells:
        if cell.kind == "markdown":
            cells.append({"cell": cell, "html": Markup(cell.html)})
        elif cell.kind == "sprint":
            cells.append({**sprint_context(lesson, cell, preview.state(cell)), "preview": True})
        elif cell.kind == "down":
            cells.append({"lesson": lesson, "cell": cell, "state": preview.state(cell), "plan": cell.engine,
                          "open_run": None, "last": None, "preview": True})
        else:
            state = preview.state(cell)
            cells.append(preview_context(lesson, cell, state))
            if cell.kind == "drill" and "seed" not in preview.cells.get(cell.id, {}):
                with drafts.preview_transaction():    # the hand shown (its seed) is the one its steps deal
                    preview.save(state, cell.id)
    return {"cells": cells, "token": token, "url_for": preview_urls(token)}


def preview_context(lesson, cell, state, **feedback) -> dict:
    ctx = cell_context(lesson, cell, state, stops=False, **feedback)
    ctx["locked"] = None    # the instructor sees every question at once
    return ctx


@bp.post("/-preview")
@instructor_required
def preview():
    """The live preview (htmx): the check and the rendered lesson."""
    slug = request.form.get("slug", "").strip().lower()
    slug = slug if is_lesson_name(slug) else "new-lesson"
    text = posted_text()
    lesson, problem = parsed_preview(drafts.preview_token(slug, text), slug, text)   # unchanged text: no parse
    shown = render_preview(slug, text, lesson)
    return render_template("instructor/authoring/_preview.html", lesson=lesson, problem=problem, preview=shown, oob=True,
                           url_for=shown["url_for"] if shown else url_for)


def preview_cell(token: str, cell_id: str, kind: str | None):
    """The preview, its lesson and cell; 404 for another instructor's token.
    Called before the write transaction: the lesson is parsed (once per
    token) outside it; drafts.reread inside gives the hands as stored then."""
    stored = drafts.get_preview(g.user["id"], token)
    if stored is None:
        abort(404)
    lesson, _ = parsed_preview(token, stored.slug, stored.text)
    cell = lesson.cell(cell_id) if lesson else None
    if cell is None or (kind and cell.kind not in kind.split("|")):
        abort(404)
    return stored, lesson, cell


def render_preview_cell(token: str, ctx: dict, status: int = 200):
    template = ctx["hand"].cell_template if ctx["cell"].kind == "table" else "trainee/lessons/_question_cell.html"
    return render_template(template, c=ctx, url_for=preview_urls(token)), status


@bp.post("/-preview/<token>/cells/<cell_id>/step")
@instructor_required
def preview_step(token, cell_id):
    """A dealer step in the preview: checked by the engine, kept in the preview only."""
    stored, lesson, cell = preview_cell(token, cell_id, "table|drill")
    try:
        proposed = _parse_step(request.form, cell.engine.step_kinds, cell.engine.procedure.layout)
        at = _counter(request.form, "at")
    except ValueError as exc:
        return render_preview_cell(token, preview_context(lesson, cell, stored.state(cell), message=str(exc),
                                                          ok=False), 422)
    with drafts.preview_transaction():
        drafts.reread(stored)
        state = stored.state(cell)
        hand = dealt_hand(cell, state)
        if at != len(state["steps"]):
            return render_preview_cell(token, preview_context(lesson, cell, state, message=STALE, ok=False,
                                                              hand=hand), 409)
        if hand.finished:
            return render_preview_cell(token, preview_context(lesson, cell, state, ok=False, hand=hand,
                                                              message="This hand is over: Restart cell."), 409)
        before = step_reply.Before.shown(hand, cell, request.form)
        verdict = hand.propose(proposed)
        state["runs"] += 1
        if verdict.ok:
            state["steps"].append(proposed.to_dict())
            state["done"] = int(hand.finished)
        stored.save(state, cell.id)
    ctx = preview_context(lesson, cell, state, message=verdict.message, ok=verdict.ok, rule=verdict.rule, hand=hand)
    return (step_reply.reply(ctx, before, proposed if verdict.ok else None, url_for=preview_urls(token))
            or render_preview_cell(token, ctx))


@bp.post("/-preview/<token>/cells/<cell_id>/answer")
@instructor_required
def preview_answer(token, cell_id):
    stored, lesson, cell = preview_cell(token, cell_id, "question")
    question = cell.engine
    form = {k: (request.form.getlist(k) if k == "seats" else v) for k, v in request.form.items()}
    try:
        reply = question.parse(form)
    except (MalformedAnswer, ValueError) as exc:
        return render_preview_cell(token, preview_context(lesson, cell, stored.state(cell), message=str(exc),
                                                          ok=False), 422)
    verdict = question.check(reply)
    with drafts.preview_transaction():
        drafts.reread(stored)
        state = stored.state(cell)
        state["runs"] += 1
        state["answer"] = {str(k): v for k, v in reply.items()} if isinstance(reply, dict) else reply
        state["feedback"], state["correct"] = verdict.message, int(verdict.ok)
        state["done"] = int(state["done"] or verdict.ok)
        stored.save(state, cell.id)
    return render_preview_cell(token, preview_context(lesson, cell, state, message=verdict.message,
                                                      ok=verdict.ok, rule=verdict.rule))


@bp.post("/-preview/<token>/cells/<cell_id>/reset")
@instructor_required
def preview_reset(token, cell_id):
    stored, lesson, cell = preview_cell(token, cell_id, None)
    with drafts.preview_transaction():
        drafts.reread(stored)
        stored.save(None, cell.id)
    return render_preview_cell(token, preview_context(lesson, cell, stored.state(cell), notice="Cell restarted."))
