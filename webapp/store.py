"""Attempts and where each trainee is: the only code that writes scores."""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from engine import whole_number
from webapp.auth import now
from webapp.db import get_db, immediate

MAX_ELAPSED_MS = 6 * 60 * 60 * 1000


def get_state(user_id: int, lesson: str, cell: str) -> dict:
    rows = list(get_db().query(
        "select * from cell_state where user_id = ? and lesson = ? and cell = ?", [user_id, lesson, cell]))
    if rows:
        state = rows[0]
        state["steps"] = json.loads(state["steps"] or "[]")
        state["answer"] = json.loads(state["answer"]) if state["answer"] else None
        return state
    return {"user_id": user_id, "lesson": lesson, "cell": cell, "steps": [], "answer": None,
            "feedback": None, "correct": None, "done": 0, "runs": 0, "updated_at": None,
            "wrong_in_a_row": 0, "fingerprint": None, "seed": None}


def lesson_states(user_id: int, lesson: str) -> dict:
    rows = get_db().query("select cell from cell_state where user_id = ? and lesson = ?", [user_id, lesson])
    return {r["cell"]: get_state(user_id, lesson, r["cell"]) for r in rows}


STATE_COLUMNS = ("user_id", "lesson", "cell", "steps", "answer", "feedback", "correct", "done", "runs",
                 "updated_at", "wrong_in_a_row", "fingerprint", "seed")


@contextmanager
def cell_transaction(user_id: int, lesson: str, cell: str) -> Iterator[dict]:
    """Check one step or answer as one transaction: the write lock is taken
    before the cell's state is read, so the staleness check, the attempt and
    the new state are one unit; a second request for the same cell waits and
    then sees the first one's result. Writes inside use plain SQL, because
    sqlite-utils commits as it goes."""
    with immediate(get_db().conn):
        yield get_state(user_id, lesson, cell)


def save_state(state: dict) -> None:
    row = dict(state, steps=json.dumps(state["steps"]),
               answer=json.dumps(state["answer"]) if state["answer"] is not None else None,
               updated_at=now())
    get_db().conn.execute(
        f"insert or replace into cell_state ({', '.join(STATE_COLUMNS)}) "
        f"values ({', '.join('?' * len(STATE_COLUMNS))})", [row[c] for c in STATE_COLUMNS])


def restart_if_changed(state: dict, fingerprint: str) -> bool:
    """True when the cell changed since this state was stored (its instructor
    edited the scenario or the question): the stored hand or answer is
    cleared, in the database too, never replayed against the new cell. The
    attempts stay in the record. A state stored before fingerprints were kept
    takes the current one."""
    old, state["fingerprint"] = state.get("fingerprint"), fingerprint
    if not old or old == fingerprint:
        return False
    state.update(steps=[], answer=None, feedback=None, correct=None, done=0, wrong_in_a_row=0)
    conn = get_db().conn
    inside = conn.in_transaction    # within cell_transaction: its COMMIT keeps this too
    conn.execute("update cell_state set steps = '[]', answer = null, feedback = null, correct = null, "
                 "done = 0, wrong_in_a_row = 0, fingerprint = ? where user_id = ? and lesson = ? and cell = ? "
                 "and fingerprint = ?", [fingerprint, state["user_id"], state["lesson"], state["cell"], old])
    if not inside:
        conn.commit()
    return True


def elapsed(raw) -> int | None:
    """Client-measured thinking time, trusted only within sane bounds."""
    value = whole_number(raw)
    return value if value is not None and value <= MAX_ELAPSED_MS else None


def record_attempt(user_id: int, lesson: str, cell: str, *, step: str = "", answer: str = "",
                   correct: bool, rule: str, message: str, elapsed_ms: int | None,
                   hint_level: int | None = None, seed: int | None = None) -> None:
    """One attempt; `message` is what the trainee was shown, and for a wrong
    dealer step `hint_level` which level of hint it was (1-3); in a drill
    cell `seed` is the hand's seed, so the attempt can be replayed."""
    get_db().conn.execute(
        "insert into attempts (user_id, lesson, cell, step, answer, correct, rule, message, elapsed_ms, "
        "created_at, hint_level, seed) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [user_id, lesson, cell, step, answer, int(correct), rule, message, elapsed_ms, now(), hint_level,
         seed])


def reset(user_id: int, lesson: str, cell: str | None = None) -> None:
    """Start a cell (or the lesson) again; the attempts stay in the record.
    A drill cell keeps its seed (and attempt count): Restart cell deals the
    same hand again, *Deal a new hand* draws a new one; and its credit
    (`done`): a drill dealt to the end once counts as done (issue 29)."""
    where, args = "user_id = ? and lesson = ?", [user_id, lesson]
    if cell is not None:
        where += " and cell = ?"
        args.append(cell)
    with get_db().conn as conn:
        conn.execute(f"delete from cell_state where {where} and seed is null", args)
        conn.execute("update cell_state set steps = '[]', wrong_in_a_row = 0, answer = null, "
                     f"feedback = null, correct = null, updated_at = ? where {where} and seed is not null",
                     [now(), *args])


def claim_seed(user_id: int, lesson: str, cell: str, seed: int) -> dict:
    """Give a drill cell its first hand's seed unless it has one (another tab
    may have given it first): the state as stored afterwards."""
    with get_db().conn as conn:
        conn.execute("insert or ignore into cell_state (user_id, lesson, cell, steps, done, runs, updated_at, "
                     "wrong_in_a_row, seed) values (?, ?, ?, '[]', 0, 0, ?, 0, ?)",
                     [user_id, lesson, cell, now(), seed])
        conn.execute("update cell_state set seed = ? where user_id = ? and lesson = ? and cell = ? "
                     "and seed is null", [seed, user_id, lesson, cell])
    return get_state(user_id, lesson, cell)


def lesson_score(user_id: int, lesson, cell_ids: list[str]) -> dict:
    """Progress (cells done) and score (share of attempts that were right)."""
    # One statement, run after every step and answer (issue 30, a check's CPU): the
    # attempts and right ones from the totals the database keeps (webapp/db.py,
    # _v12_lesson_totals), one row, whatever the trainee's history.
    done, total, right = get_db().execute(
        f"select (select count(*) from cell_state where user_id = :user and lesson = :lesson and done = 1 "
        f"and cell in ({','.join(f':c{i}' for i in range(len(cell_ids)))})), "
        "coalesce((select attempts from lesson_totals where user_id = :user and lesson = :lesson), 0), "
        "coalesce((select correct from lesson_totals where user_id = :user and lesson = :lesson), 0)",
        {"user": user_id, "lesson": lesson, **{f"c{i}": c for i, c in enumerate(cell_ids)}}).fetchone()
    return {"done": done, "cells": len(cell_ids), "attempts": total, "correct": right,
            "score": round(100 * right / total) if total else None,
            "complete": done == len(cell_ids)}
