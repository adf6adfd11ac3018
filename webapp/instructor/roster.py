"""Cohorts, the trainee accounts in them and the work assigned to them.

No Flask here beyond the database handle passed in: the blueprint
(webapp/instructor/cohorts.py) checks roles and renders; this module decides what is
valid and writes it, each change as one transaction (`BEGIN IMMEDIATE`, as
webapp/store.py does), so a double click or a second tab can never leave a
half-made import behind.

**A list of names** (`read_names`) is UTF-8 text (a byte-order mark is
allowed): either CSV with a header row that has a `name` column (other
columns are ignored; comma, semicolon or tab separated), or one name per line. Blank lines are skipped. Every
bad line is reported by its line number (the first MAX_PROBLEMS of them, then
how many more) and nothing is created unless every line is good
(`import_trainees`). More than MAX_IMPORT names is refused before any line
is read.
"""
from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from typing import Iterable

from webapp import audit
from webapp.auth import hash_one_time, now, one_time_password, set_password
from webapp.db import immediate
from webapp.mastery import readable_day
from webapp.names import normalise, skeleton

MAX_NAME = 64
MAX_COHORT_NAME = 80
MAX_IMPORT = 200
MAX_PROBLEMS = 20      # a refusal lists this many, then says how many more (issue 30)
# What an assignment can point at: a lesson (target: its slug), an audition
# (target: its id as text), a sprint (target: its kind, or "mix") or a down
# (target: "lesson-slug/cell-id", a lesson's down cell). How each is titled,
# linked and done: webapp/instructor/assigned.py.
KINDS = ("lesson", "audition", "sprint", "down")


class Refused(ValueError):
    """A change refused as a whole, with every reason (one per bad line)."""

    def __init__(self, problems: list[str]):
        if len(problems) > MAX_PROBLEMS:
            more = len(problems) - MAX_PROBLEMS
            problems = problems[:MAX_PROBLEMS] + [f"and {more} more problem{'s' if more > 1 else ''}"]
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class NewAccount:
    """An account just made and its one-time password (shown once, stored only as a hash)."""
    username: str
    password: str
    role: str


@dataclass(frozen=True)
class Cohort:
    id: int
    name: str
    created_at: str
    members: int = 0


@dataclass(frozen=True)
class Member:
    id: int
    username: str
    must_change_password: bool


@dataclass(frozen=True)
class Assignment:
    id: int
    cohort_id: int
    kind: str
    target: str
    due: date


@dataclass
class Assigned:
    """One piece of work assigned to a trainee, from any of their cohorts:
    the earliest due date wins."""
    kind: str
    target: str
    due: date
    cohorts: list[str] = field(default_factory=list)

    def status(self, today: date, complete: bool) -> str:
        """Due by the end of its day (UTC); finished work is never overdue."""
        if complete:
            return "done"
        return "overdue" if today > self.due else "due"


# --- names ----------------------------------------------------------------------------------

def check_name(name: str, limit: int = MAX_NAME) -> str | None:
    """Why `name` cannot be an account (or cohort) name, or None if it can."""
    if not name:
        return "the name is empty"
    if len(name) > limit:
        return f"a name may have at most {limit} characters"
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        return "the name has a control character in it"
    if not any(ch.isalnum() for ch in name):
        return "a name needs at least one letter or digit"
    return None


def decode(raw: bytes) -> str:
    """Uploaded bytes as text: UTF-8 only (with or without a byte-order mark)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise Refused([f"line {line}: this is not UTF-8 text; save the file as \"CSV UTF-8\" "
                       "(or paste the names)"]) from None


def _delimiter(text: str) -> str:
    """The header row's separator: a comma, or the semicolon or tab that
    spreadsheets in many locales save "CSV" with. Without a header: comma."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    for delimiter in (",", ";", "\t"):
        if "name" in (cell.strip().strip('"').casefold() for cell in first.split(delimiter)):
            return delimiter
    return ","


def read_names(text: str) -> list[tuple[int, str]]:
    """(line number, name) for each name in the text; Refused lists the bad
    lines. Too many lines is refused first, in one pass over the text."""
    lines = sum(1 for line in text.splitlines() if line.strip())
    if lines > MAX_IMPORT + 1:      # the names and perhaps a header row
        raise Refused([f"{lines} lines: at most {MAX_IMPORT} names at a time; split the list and import "
                       "each part"])
    rows: list[tuple[int, list[str]]] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    try:
        start = 1
        for row in reader:
            rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise Refused([f"line {reader.line_num}: not readable as CSV ({exc})"]) from None
    rows = [(n, [c.strip() for c in row]) for n, row in rows if any(c.strip() for c in row)]
    if not rows:
        raise Refused(["no names: paste one name per line, or a CSV file with a header `name`"])
    header = [c.casefold() for c in rows[0][1]]
    column = header.index("name") if "name" in header else None
    if column is not None:
        rows = rows[1:]
    if not rows:
        raise Refused(["no names: paste one name per line, or a CSV file with a header `name`"])
    problems, names, seen = [], [], {}
    for number, row in rows:
        if column is None and len([c for c in row if c]) > 1:
            problems.append(f"line {number}: {len(row)} columns; give a header row with a `name` column, "
                            "or one name per line")
            continue
        name = row[column] if column is not None and column < len(row) else (row[0] if column is None else "")
        name = normalise(name)          # NFKC (webapp/names.py)
        why = check_name(name)
        if why:
            problems.append(f"line {number}: {why}")
        elif skeleton(name) in seen:
            problems.append(f"line {number}: {name!r} is already on line {seen[skeleton(name)]} (or looks like it)")
        else:
            seen[skeleton(name)] = number
            names.append((number, name))
    if len(names) > MAX_IMPORT:
        problems.append(f"{len(names)} names: at most {MAX_IMPORT} at a time")
    if problems:
        raise Refused(problems)
    return names


# --- cohorts --------------------------------------------------------------------------------

def _taken(db) -> dict[str, str]:
    """Every user name by its skeleton (webapp/names.py: "Ann", "ann" and "Аnn"
    with a Cyrillic А never all exist)."""
    return {skeleton(row[0]): row[0] for row in db.execute("select username from users")}


def create_cohort(db, name: str, created_by: int) -> int:
    name = name.strip()
    why = check_name(name, MAX_COHORT_NAME)
    if why:
        raise Refused([f"Cohort name: {why}."])
    with immediate(db.conn):
        existing = {row[0].casefold() for row in db.execute("select name from cohorts")}
        if name.casefold() in existing:
            raise Refused([f"There is already a cohort named {name!r}."])
        cohort_id = db.conn.execute("insert into cohorts (name, created_by, created_at) values (?, ?, ?)",
                                    [name, created_by, now()]).lastrowid
        audit.record(db, "created", "cohort", cohort_id, f"cohort {name}", actor_id=created_by)
    return cohort_id


def cohort_name(db, cohort_id: int) -> str:
    row = db.execute("select name from cohorts where id = ?", [cohort_id]).fetchone()
    return row[0] if row else f"cohort {cohort_id}"


def _username(db, user_id: int) -> str:
    row = db.execute("select username from users where id = ?", [user_id]).fetchone()
    return row[0] if row else f"user {user_id}"


def cohorts(db) -> list[Cohort]:
    return [Cohort(r["id"], r["name"], r["created_at"], r["members"]) for r in db.query(
        "select c.id, c.name, c.created_at, count(m.user_id) as members from cohorts c "
        "left join cohort_members m on m.cohort_id = c.id group by c.id order by c.name")]


def get_cohort(db, cohort_id: int) -> Cohort | None:
    rows = [c for c in cohorts(db) if c.id == cohort_id]
    return rows[0] if rows else None


def members(db, cohort_id: int) -> list[Member]:
    return [Member(r["id"], r["username"], bool(r["must_change_password"])) for r in db.query(
        "select u.id, u.username, u.must_change_password from cohort_members m join users u on u.id = m.user_id "
        "where m.cohort_id = ? order by u.username", [cohort_id])]


def is_member(db, cohort_id: int, user_id: int) -> bool:
    return db.execute("select 1 from cohort_members where cohort_id = ? and user_id = ?",
                      [cohort_id, user_id]).fetchone() is not None


def trainees_outside(db, cohort_id: int) -> list[Member]:
    """Trainee accounts not yet in the cohort (to add an existing trainee)."""
    return [Member(r["id"], r["username"], bool(r["must_change_password"])) for r in db.query(
        "select id, username, must_change_password from users where role = 'trainee' and id not in "
        "(select user_id from cohort_members where cohort_id = ?) order by username", [cohort_id])]


def create_accounts(db, names: Iterable[tuple[int, str]], role: str, cohort_id: int | None = None) -> list[NewAccount]:
    """New accounts with one-time passwords, all or none: a name already taken
    (by anyone, in any case) or given twice refuses the whole list, by line."""
    names = list(names)
    problems, seen = [], {}
    for number, name in names:
        key = skeleton(name)
        if key in seen:
            problems.append(f"line {number}: {name!r} is already on line {seen[key]}")
        seen.setdefault(key, number)
    if problems:
        raise Refused(problems)
    # Generated passwords take the fast hash (webapp.auth.hash_one_time): 200
    # accounts cost milliseconds; still hashed before the write lock is taken.
    made = [(number, NewAccount(name, one_time_password(), role)) for number, name in names]
    hashes = [hash_one_time(account.password) for _, account in made]
    with immediate(db.conn):
        taken = _taken(db)
        problems = [f"line {number}: {a.username!r} is taken by an existing account ({taken[skeleton(a.username)]!r})"
                    + ("" if taken[skeleton(a.username)].casefold() == a.username.casefold() else
                       ", or looks just like it: choose a name another can't pass for")
                    for number, a in made if skeleton(a.username) in taken]
        if problems:
            raise Refused(problems)
        stamp = now()
        detail = "with a one-time password" + (f", in cohort {cohort_name(db, cohort_id)}" if cohort_id else "")
        for (_, account), hashed in zip(made, hashes):
            user_id = db.conn.execute(
                "insert into users (username, password_hash, role, created_at, must_change_password, "
                "password_set_at) values (?, ?, ?, ?, 1, ?)", [account.username, hashed, role, stamp, stamp]).lastrowid
            if cohort_id is not None:
                db.conn.execute("insert into cohort_members (cohort_id, user_id, added_at) values (?, ?, ?)",
                                [cohort_id, user_id, stamp])
            audit.record(db, "created", "account", user_id, f"{role} {account.username}", detail)
    return [account for _, account in made]


def reset_password(db, user_id: int) -> NewAccount:
    """A new one-time password (the user must change it at the next sign-in;
    every session of theirs ends now)."""
    row = db.execute("select username, role from users where id = ?", [user_id]).fetchone()
    password = one_time_password()
    set_password(db, row[0], password, one_time=True, generated=True)
    return NewAccount(row[0], password, row[1])


def add_member(db, cohort_id: int, user_id: int) -> None:
    """Put an existing trainee in the cohort (again is harmless)."""
    role = db.execute("select role from users where id = ?", [user_id]).fetchone()
    if role is None or role[0] != "trainee":
        raise Refused(["Choose a trainee account to add."])
    with db.conn:
        added = db.conn.execute("insert or ignore into cohort_members (cohort_id, user_id, added_at) "
                                "values (?, ?, ?)", [cohort_id, user_id, now()]).rowcount
        if added:
            _member_line(db, "created", cohort_id, user_id, "added to the cohort")


def _member_line(db, action: str, cohort_id: int, user_id: int, detail: str) -> None:
    audit.record(db, action, "member", f"{cohort_id}:{user_id}",
                 f"trainee {_username(db, user_id)} in cohort {cohort_name(db, cohort_id)}", detail)


def remove_member(db, cohort_id: int, user_id: int) -> None:
    """Out of the cohort; the account and its attempts stay."""
    with db.conn:
        gone = db.conn.execute("delete from cohort_members where cohort_id = ? and user_id = ?",
                               [cohort_id, user_id]).rowcount
        if gone:
            _member_line(db, "removed", cohort_id, user_id, "left the cohort; the account and its attempts stay")


# --- assignments ----------------------------------------------------------------------------

def read_due(text: str, today: date | None = None) -> date:
    """A due date from the form; with `today`, a day already past is refused
    (work due yesterday would be overdue the moment it is assigned)."""
    try:
        due = date.fromisoformat(text.strip())
    except ValueError:
        raise Refused(["Due date: give a date such as 2026-12-31."]) from None
    if not 2000 <= due.year <= 2100:
        raise Refused(["Due date: give a date between 2000 and 2100."])
    if today is not None and due < today:
        raise Refused([f"Due date: {due.isoformat()} is already past; choose today ({today.isoformat()}) "
                       "or a later day."])
    return due


def assign(db, cohort_id: int, kind: str, target: str, due: date, title: str | None = None) -> None:
    """Assign work to a cohort; assigning it again changes its due date.
    `title` names the work in the audit trail (default: its target)."""
    if kind not in KINDS:
        raise Refused([f"Nothing of kind {kind!r} can be assigned."])
    with db.conn:
        before = db.conn.execute("select due from assignments where cohort_id = ? and kind = ? and target = ?",
                                 [cohort_id, kind, target]).fetchone()
        if before is not None and before[0] == due.isoformat():
            return          # nothing changes, nothing to write down
        assignment_id = db.conn.execute(
            "insert into assignments (cohort_id, kind, target, due, created_at) values (?, ?, ?, ?, ?) "
            "on conflict (cohort_id, kind, target) do update set due = excluded.due returning id",
            [cohort_id, kind, target, due.isoformat(), now()]).fetchone()[0]
        label = _assignment_label(db, cohort_id, kind, title or target)
        if before is None:
            audit.record(db, "created", "assignment", assignment_id, label, f"assigned, due {readable_day(due)}")
        else:
            audit.record(db, "changed", "assignment", assignment_id, label,
                         audit.changes([("due", readable_day(before[0]), readable_day(due))]))


def _assignment_label(db, cohort_id: int, kind: str, title: str) -> str:
    return f"{kind} {title} for cohort {cohort_name(db, cohort_id)}"


def unassign(db, cohort_id: int, assignment_id: int, title: str | None = None) -> bool:
    with db.conn:
        row = db.conn.execute("select kind, target, due from assignments where id = ? and cohort_id = ?",
                              [assignment_id, cohort_id]).fetchone()
        if row is None:
            return False
        db.conn.execute("delete from assignments where id = ?", [assignment_id])
        audit.record(db, "removed", "assignment", assignment_id,
                     _assignment_label(db, cohort_id, row[0], title or row[1]),
                     f"unassigned (was due {readable_day(row[2])}); the trainees' work in it stays")
        return True


def assignments(db, cohort_id: int) -> list[Assignment]:
    return [Assignment(r["id"], r["cohort_id"], r["kind"], r["target"], date.fromisoformat(r["due"]))
            for r in db.query("select * from assignments where cohort_id = ? order by due, target", [cohort_id])]


def assigned_to(db, user_id: int) -> dict[tuple[str, str], Assigned]:
    """What a trainee's cohorts ask of them, by (kind, target): earliest due date first."""
    found: dict[tuple[str, str], Assigned] = {}
    for r in db.query("select a.kind, a.target, a.due, c.name from assignments a "
                      "join cohort_members m on m.cohort_id = a.cohort_id join cohorts c on c.id = a.cohort_id "
                      "where m.user_id = ? order by a.due, c.name", [user_id]):
        item = found.setdefault((r["kind"], r["target"]), Assigned(r["kind"], r["target"], date.fromisoformat(r["due"])))
        item.cohorts.append(r["name"])
    return found
