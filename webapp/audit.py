"""The audit trail (issue 33): who created, changed or removed what, and when.

A casino keeps a trainee's record for the personnel file, so every change to it
is written down here, in the same transaction as the change itself (a change
that rolls back leaves no line). A line names the thing by its kind, its id and
a label for people, copied at the time: it stays readable after the thing is
deleted. Lines are never changed or removed by the app.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone

from flask import g

# What a line can describe, and the verbs it can say (a typo is an error, not a new kind).
THINGS = ("account", "cohort", "member", "assignment", "lesson", "audition", "rubric",
          "accommodation", "table_test", "weights")
ACTIONS = ("created", "changed", "removed", "signed", "corrected", "password_reset")
# The admin's page and CSV (webapp/instructor/trail.py) name each kind of thing in words.
THING_WORDS = {"account": "accounts", "cohort": "cohorts", "member": "cohort members", "assignment": "assignments",
               "lesson": "lessons", "audition": "auditions", "rubric": "rubrics", "accommodation": "accommodations",
               "table_test": "table tests", "weights": "pass weights"}
ACTION_WORDS = {"password_reset": "password reset"}


@dataclass(frozen=True)
class Line:
    """One line of the trail as the admin's page and CSV show it."""
    id: int
    at: str
    actor: str
    action: str
    thing: str
    thing_id: str
    label: str
    detail: str


def record(db, action: str, thing: str, thing_id: object, label: str, detail: str = "",
           actor_id: int | None = None) -> None:
    """Write one line. `actor_id` defaults to the signed-in user (None for the
    command line); `label` is what a person calls the thing ("cohort Spring class")."""
    if action not in ACTIONS:
        raise ValueError(f"audit action must be one of {', '.join(ACTIONS)}, not {action!r}")
    if thing not in THINGS:
        raise ValueError(f"audit thing must be one of {', '.join(THINGS)}, not {thing!r}")
    if actor_id is None:
        user = g.get("user")
        actor_id = user["id"] if user else None
    actor = ""
    if actor_id is not None:
        row = db.execute("select username from users where id = ?", [actor_id]).fetchone()
        actor = row[0] if row else f"user {actor_id}"
    # A plain statement: sqlite-utils' insert commits on its own, which would
    # commit the caller's half-made change with it.
    db.execute("insert into audit (at, actor_id, actor, action, thing, thing_id, label, detail) "
               "values (?, ?, ?, ?, ?, ?, ?, ?)",
               [datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), actor_id, actor or "command line",
                action, thing, str(thing_id), label, detail])


def changes(fields: list[tuple[str, object, object]]) -> str:
    """A field-by-field change in words ("due: 2030-01-01 -> 2030-01-08; pass mark: 80 -> 90"),
    the fields that did not change left out."""
    return "; ".join(f"{name}: {old} -> {new}" for name, old, new in fields if old != new)


def lines(db, thing: str | None = None, limit: int = 500, before: int | None = None) -> list[Line]:
    """The newest lines first (at most `limit`, older than line `before`), of one kind of thing or all."""
    where, args = [], []
    if thing:
        where.append("thing = ?")
        args.append(thing)
    if before:
        where.append("id < ?")
        args.append(before)
    sql = ("select id, at, actor, action, thing, thing_id, label, detail from audit"
           + (" where " + " and ".join(where) if where else "") + " order by id desc limit ?")
    return [Line(*row) for row in db.execute(sql, [*args, limit]).fetchall()]


def every_line(db, thing: str | None = None, batch: int = 500) -> Iterator[Line]:
    """Every line, newest first, read `batch` at a time (the streamed CSV): memory stays flat."""
    before = None
    while True:
        page = lines(db, thing, batch, before)
        yield from page
        if len(page) < batch:
            return
        before = page[-1].id
