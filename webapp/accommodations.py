"""Accommodations (issue 33): a trainee's extra time and extra audition attempts.

An instructor gives a trainee extra time (a percentage added to every timed
clock: auditions, their sprint part, sprints, downs) and extra attempts
(audition runs beyond an audition's `max_runs`), always with a reason. Each
set, change or end is a new row, never an edit, written with its audit line in
one transaction: the history is the personnel file's. The latest row is the
one in force, unless it ends the accommodation.

The server applies it: every clock is computed by `seconds_for` (or `timing`,
which also says what was applied, for the run to keep). A run stores the
percentage it was given, so a later change never rewrites a past result.

Who sees the reason: staff only. A reason is often medical or personal, and
a casino keeps such things out of what others read, so the trainee's pages
and the certificate say "with 25% extra time" and never why (GUIDE.md,
*Accommodations*).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil
from typing import Any

from engine import whole_number
from webapp import audit
from webapp.db import get_db, immediate
from webapp.mastery import now

# Bounds a school's practice stays within: up to double time, and a few more runs.
MAX_EXTRA_TIME_PCT = 100
MAX_EXTRA_ATTEMPTS = 5
MAX_REASON = 500
ACTIONS = ("set", "changed", "ended")


@dataclass(frozen=True)
class Accommodation:
    """One row of a trainee's accommodations: what was in force from `set_at`.
    An `ended` row has no extra time nor attempts; `current` never returns one."""
    extra_time_pct: int
    extra_attempts: int
    reason: str
    set_by: str               # the instructor's user name, copied when set
    set_at: str               # ISO time, UTC
    id: int = 0
    action: str = "set"       # "set" | "changed" | "ended"

    def words(self) -> str:
        """What it gives, as the pages say it: "25% extra time and 1 extra attempt"."""
        return words(self.extra_time_pct, self.extra_attempts)


def words(extra_time_pct: int, extra_attempts: int = 0) -> str:
    parts = ([f"{extra_time_pct}% extra time"] if extra_time_pct else []) + \
        ([f"{extra_attempts} extra attempt{'s' if extra_attempts != 1 else ''}"] if extra_attempts else [])
    return " and ".join(parts) or "nothing extra"


def _row(row: Mapping[str, Any]) -> Accommodation:
    return Accommodation(row["extra_time_pct"], row["extra_attempts"], row["reason"], row["set_by_name"],
                         row["set_at"], row["id"], row["action"])


def history(db: Any, user_id: int) -> list[Accommodation]:
    """Every set, change and end for the trainee, the newest first."""
    return [_row(r) for r in db.query("select * from accommodations where user_id = ? order by id desc", [user_id])]


def current(db: Any, user_id: int) -> Accommodation | None:
    """The accommodation in force for the trainee, or None."""
    rows = list(db.query("select * from accommodations where user_id = ? order by id desc limit 1", [user_id]))
    return None if not rows or rows[0]["action"] == "ended" else _row(rows[0])


def get(db: Any, accommodation_id: int | None) -> Accommodation | None:
    """One row by id (the one a run was given), for the result pages."""
    if accommodation_id is None:
        return None
    rows = list(db.query("select * from accommodations where id = ?", [accommodation_id]))
    return _row(rows[0]) if rows else None


# --- the clocks -------------------------------------------------------------------------


def extended(base_seconds: int, extra_time_pct: int) -> int:
    """A clock of `base_seconds` with the extra time added, rounded up to the whole second."""
    return base_seconds + ceil(base_seconds * extra_time_pct / 100)


@dataclass(frozen=True)
class Timing:
    """A clock as the server sets it for one trainee: the seconds allowed, and
    the percentage and accommodation row applied (0 and None: none)."""
    seconds: int
    extra_time_pct: int = 0
    accommodation_id: int | None = None


def timing(db: Any, user_id: int, base_seconds: int) -> Timing:
    found = current(db, user_id)
    if found is None or not found.extra_time_pct:
        return Timing(base_seconds, 0, found.id if found else None)
    return Timing(extended(base_seconds, found.extra_time_pct), found.extra_time_pct, found.id)


def seconds_for(user_id: int, base_seconds: int, db: Any = None) -> int:
    """The seconds a clock of `base_seconds` gives this trainee: the one place
    extra time is computed (auditions, sprints and downs call it)."""
    return timing(db if db is not None else get_db(), user_id, base_seconds).seconds


def extra_attempts(db: Any, user_id: int) -> int:
    found = current(db, user_id)
    return found.extra_attempts if found else 0


# --- setting them ----------------------------------------------------------------------------


class Refused(ValueError):
    """What the form got wrong, in words for the instructor."""


@dataclass(frozen=True)
class Wanted:
    """The form read and checked."""
    extra_time_pct: int
    extra_attempts: int
    reason: str


def read_form(form: Mapping[str, str]) -> Wanted:
    """The instructor's form, or Refused saying every field that is wrong."""
    problems = []
    pct = _whole(form.get("extra_time_pct", ""), 0)
    if pct is None or not 0 <= pct <= MAX_EXTRA_TIME_PCT:
        problems.append(f"Extra time is a whole percentage from 0 to {MAX_EXTRA_TIME_PCT} "
                        "(25 gives 25 minutes more on a 100-minute audition).")
    attempts = _whole(form.get("extra_attempts", ""), 0)
    if attempts is None or not 0 <= attempts <= MAX_EXTRA_ATTEMPTS:
        problems.append(f"Extra attempts is a whole number from 0 to {MAX_EXTRA_ATTEMPTS}.")
    reason = " ".join(str(form.get("reason", ""))[:MAX_REASON * 2].split())
    if not reason:
        problems.append("Give the reason: it is kept with the accommodation for the trainee's record.")
    elif len(reason) > MAX_REASON:
        problems.append(f"The reason is longer than {MAX_REASON} characters.")
    if not problems and not pct and not attempts:
        problems.append("Give some extra time or extra attempts (to take an accommodation away, use End).")
    if problems:
        raise Refused(" ".join(problems))
    assert pct is not None and attempts is not None
    return Wanted(pct, attempts, reason)


def _whole(raw: object, empty: int) -> int | None:
    text = str(raw or "").strip()[:20].removesuffix("%").strip()
    return empty if not text else whole_number(text)


def _label(db: Any, user_id: int) -> str:
    row = db.execute("select username from users where id = ?", [user_id]).fetchone()
    return f"accommodation of {row[0] if row else f'user {user_id}'}"


def _insert(db: Any, user_id: int, action: str, pct: int, attempts: int, reason: str, actor_id: int) -> int:
    actor = db.execute("select username from users where id = ?", [actor_id]).fetchone()
    cur = db.conn.execute(
        "insert into accommodations (user_id, action, extra_time_pct, extra_attempts, reason, set_by, set_by_name, "
        "set_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
        [user_id, action, pct, attempts, reason, actor_id, actor[0] if actor else f"user {actor_id}",
         now().isoformat(timespec="seconds")])
    return int(cur.lastrowid or 0)


def give(db: Any, user_id: int, wanted: Wanted, actor_id: int) -> Accommodation:
    """Set the trainee's accommodation (or change the one in force): a new row
    and its audit line, in one transaction."""
    with immediate(db.conn):
        before = current(db, user_id)
        action = "changed" if before else "set"
        row_id = _insert(db, user_id, action, wanted.extra_time_pct, wanted.extra_attempts, wanted.reason, actor_id)
        was = f" (was {before.words()})" if before else ""
        audit.record(db, "changed" if before else "created", "accommodation", row_id, _label(db, user_id),
                     f"{words(wanted.extra_time_pct, wanted.extra_attempts)}{was}; reason: {wanted.reason}",
                     actor_id=actor_id)
    found = current(db, user_id)
    assert found is not None
    return found


def end(db: Any, user_id: int, reason: str, actor_id: int) -> bool:
    """End the accommodation in force (False: there was none). The reason may
    be empty; the row and its audit line say who ended it and when."""
    reason = " ".join(str(reason)[:MAX_REASON].split()) or "ended"
    with immediate(db.conn):
        before = current(db, user_id)
        if before is None:
            return False
        row_id = _insert(db, user_id, "ended", 0, 0, reason, actor_id)
        audit.record(db, "removed", "accommodation", row_id, _label(db, user_id),
                     f"ended {before.words()}; reason: {reason}", actor_id=actor_id)
    return True
