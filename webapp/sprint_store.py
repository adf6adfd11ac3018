"""Sprints in the database: runs and their items (issue 31), and readiness.

A run stores only what the trainee did: the set's kind, seed, size and house
(its items are engine.sprints.generate again, `items`, so any run can be
replayed), which of the set's items it asks (`numbers`: all of them, or a
redo's misses), and per item the server's time it was shown and answered,
the answer given and whether it was right. The item's answer is never
stored nor sent before the trainee answers: the page gets the situation.

Times are the server's (mastery.now): an item's time runs from when the page
that showed it was made to when its answer arrived. The set's clock runs
from the start to `deadline`; an answer that arrives after it (and a
GRACE for the network) is not counted, and the run is over.

Double submits: (run_id, number) is sprint_items' primary key and an answer
is stored with `answered_at is null` in its WHERE, inside BEGIN IMMEDIATE, so
two tabs or a double click count an item once.
"""
from __future__ import annotations

import json
import secrets
import statistics
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from math import ceil
from typing import Any

from engine import (Readiness, SPRINT_KINDS as KINDS, SprintItem, SprintResult, SprintVerdict,
                    check_sprint as check, get_house, readiness, sprint_target)
from webapp import accommodations
from webapp.db import get_db, immediate
from webapp.mastery import now, parse_time
from webapp.trainee.sprint_cells import item_of, items

SEED_LIMIT = 2 ** 31 - 1
GRACE = timedelta(seconds=2)        # an answer sent as the clock ran out is still on time
MAX_ANSWER = 200                    # characters of an answer kept
PAGE_N, PAGE_SECONDS = 30, 120      # the Sprints page's two-minute set (the clock ends it first)


@dataclass(frozen=True)
class Run:
    id: int
    user_id: int
    kind: str
    seed: int
    n: int
    house: str
    seconds: int
    feedback: str                   # "now": right or wrong at once; "end": only on the result
    numbers: tuple[int, ...]        # the set's items this run asks, in order
    timed: bool                     # a redo of misses is untimed and counts for no readiness
    redo_of: int | None
    lesson: str
    cell: str
    started_at: datetime
    deadline: datetime | None
    finished_at: datetime | None
    audition_run_id: int | None = None    # the sprint part of this audition run
    extra_time_pct: int = 0               # the extra time its clock was given (webapp/accommodations.py)
    accommodation_id: int | None = None   # the accommodation in force when it started

    @property
    def seconds_allowed(self) -> int:
        """The set's clock with the extra time: `seconds` is the set's own."""
        return accommodations.extended(self.seconds, self.extra_time_pct)

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    def item(self, number: int) -> SprintItem:
        return item_of(self.kind, self.seed, self.n, self.house, number)

    def seconds_left(self, at: datetime) -> int | None:
        if self.deadline is None:
            return None
        return max(0, ceil((self.deadline - at).total_seconds()))


@dataclass(frozen=True)
class Answered:
    """One item of a run as the trainee met it."""
    number: int
    kind: str
    rule: str
    shown_at: datetime
    answered_at: datetime | None
    answer: str | None
    correct: bool | None
    ms: int | None

    @property
    def seconds(self) -> float | None:
        return None if self.ms is None else self.ms / 1000


def _run(row: dict[str, Any]) -> Run:
    return Run(row["id"], row["user_id"], row["kind"], row["seed"], row["n"], row["house"], row["seconds"],
               row["feedback"], tuple(json.loads(row["numbers"])), bool(row["timed"]), row["redo_of"],
               row["lesson"] or "", row["cell"] or "", parse_time(row["started_at"]),
               parse_time(row["deadline"]) if row["deadline"] else None,
               parse_time(row["finished_at"]) if row["finished_at"] else None, row["audition_run_id"],
               row["extra_time_pct"], row["accommodation_id"])


def _answered(row: dict[str, Any]) -> Answered:
    return Answered(row["number"], row["kind"], row["rule"] or "", parse_time(row["shown_at"]),
                    parse_time(row["answered_at"]) if row["answered_at"] else None, row["answer"],
                    None if row["correct"] is None else bool(row["correct"]), row["ms"])


def get_run(run_id: int) -> Run | None:
    rows = list(get_db().query("select * from sprint_runs where id = ?", [run_id]))
    return _run(rows[0]) if rows else None


def answers(run_id: int) -> dict[int, Answered]:
    return {r["number"]: _answered(r) for r in
            get_db().query("select * from sprint_items where run_id = ? order by number", [run_id])}


def new_seed() -> int:
    return secrets.randbelow(SEED_LIMIT - 1) + 1


def start(user_id: int, kind: str, n: int, seconds: int, feedback: str, house: str = "main", *,
          lesson: str = "", cell: str = "", seed: int | None = None) -> int:
    """A new timed run; the set is generated first, so a setting the engine
    refuses raises its ValueError and nothing is stored. The clock is the
    trainee's: `seconds` with their extra time (webapp/accommodations.py)."""
    seed = new_seed() if seed is None else seed
    items(kind, seed, n, house)
    at = now()
    clock = accommodations.timing(get_db(), user_id, seconds)
    return _insert(user_id, kind, seed, n, house, seconds, feedback, list(range(1, n + 1)), True, None,
                   lesson, cell, at, at + timedelta(seconds=clock.seconds), clock=clock)


def for_audition(audition_run_id: int) -> Run | None:
    rows = list(get_db().query("select * from sprint_runs where audition_run_id = ?", [audition_run_id]))
    return _run(rows[0]) if rows else None


def start_for_audition(user_id: int, audition_run_id: int, kind: str, n: int, seconds: int,
                       extra_time_pct: int = 0, accommodation_id: int | None = None) -> int:
    """The audition run's sprint part: started now, or the one already started
    (another tab); answers marked at the end, as nothing teaches in an audition.
    Its clock gets the extra time the audition run was given when it started."""
    found = for_audition(audition_run_id)
    if found is not None:
        return found.id
    seed = new_seed()
    items(kind, seed, n, "main")
    at = now()
    clock = accommodations.Timing(accommodations.extended(seconds, extra_time_pct), extra_time_pct, accommodation_id)
    _insert(user_id, kind, seed, n, "main", seconds, "end", list(range(1, n + 1)), True, None, "", "", at,
            at + timedelta(seconds=clock.seconds), audition_run_id, clock)
    found = for_audition(audition_run_id)
    assert found is not None
    return found.id


def right_count(run_id: int) -> int:
    return int(get_db().execute("select count(*) from sprint_items where run_id = ? and correct = 1",
                                [run_id]).fetchone()[0])


def redo(run: Run) -> int | None:
    """An untimed run of `run`'s misses (wrong answers), or None if it has none."""
    missed = [a.number for a in answers(run.id).values() if a.correct is False]
    if not missed:
        return None
    return _insert(run.user_id, run.kind, run.seed, run.n, run.house, 0, "now", missed, False, run.id,
                   run.lesson, run.cell, now(), None)


def _insert(user_id: int, kind: str, seed: int, n: int, house: str, seconds: int, feedback: str,
            numbers: list[int], timed: bool, redo_of: int | None, lesson: str, cell: str, started: datetime,
            deadline: datetime | None, audition_run_id: int | None = None,
            clock: accommodations.Timing | None = None) -> int:
    """The new run's id (an audition's sprint part already there: nothing is inserted, see for_audition)."""
    with get_db().conn as conn:
        cursor = conn.execute(
            "insert into sprint_runs (user_id, kind, seed, n, house, seconds, feedback, numbers, timed, redo_of, "
            "lesson, cell, started_at, deadline, audition_run_id, extra_time_pct, accommodation_id) "
            "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (audition_run_id) do nothing",
            [user_id, kind, seed, n, house, seconds, feedback, json.dumps(numbers), int(timed), redo_of,
             lesson, cell, started.isoformat(timespec="milliseconds"),
             deadline.isoformat(timespec="milliseconds") if deadline else None, audition_run_id,
             clock.extra_time_pct if clock else 0, clock.accommodation_id if clock else None])
        return int(cursor.lastrowid or 0)


@contextmanager
def run_transaction(run_id: int) -> Iterator[Run | None]:
    """The run read under the write lock (webapp.db.immediate)."""
    with immediate(get_db().conn):
        yield get_run(run_id)


def _finish(run: Run, at: datetime) -> Run:
    get_db().conn.execute("update sprint_runs set finished_at = ? where id = ? and finished_at is null",
                          [at.isoformat(timespec="milliseconds"), run.id])
    if run.lesson and run.cell and run.timed:
        # A finished sprint from a lesson's cell is that cell done (its lesson's progress).
        get_db().conn.execute(
            "insert or ignore into cell_state (user_id, lesson, cell, steps, done, runs, updated_at, wrong_in_a_row) "
            "values (?, ?, ?, '[]', 0, 0, ?, 0)", [run.user_id, run.lesson, run.cell, at.isoformat()])
        get_db().conn.execute("update cell_state set done = 1, runs = runs + 1 where user_id = ? and lesson = ? "
                              "and cell = ?", [run.user_id, run.lesson, run.cell])
    return replace(run, finished_at=at)


def _next_number(run: Run, done: dict[int, Answered]) -> int | None:
    return next((n for n in run.numbers if n not in done or done[n].answered_at is None), None)


def current(run_id: int) -> tuple[Run, int | None, Answered | None]:
    """The run settled (over if its clock ran out or every item is answered)
    and the item now asked, marked shown at this moment if it was not yet
    (the first page that shows an item starts its clock)."""
    with run_transaction(run_id) as run:
        assert run is not None
        at = now()
        done = answers(run.id)
        number = None if run.finished else _next_number(run, done)
        if not run.finished and (number is None or _late(run, at)):
            run = _finish(run, run.deadline if number is not None and run.deadline else at)
            number = None
        if number is not None and number not in done:
            item = run.item(number)
            get_db().conn.execute("insert or ignore into sprint_items (run_id, number, kind, rule, shown_at) "
                                  "values (?, ?, ?, ?, ?)", [run.id, number, item.kind, item.rule,
                                                             at.isoformat(timespec="milliseconds")])
            done = answers(run.id)
    return run, number, done.get(number) if number is not None else None


def _late(run: Run, at: datetime) -> bool:
    return run.deadline is not None and at > run.deadline + GRACE


@dataclass(frozen=True)
class Outcome:
    """What an answer did: `counted` False with `refused` saying why (stale, late, malformed)."""
    counted: bool
    verdict: SprintVerdict | None = None
    refused: str = ""
    ms: int | None = None


STALE = "That item was already answered (another tab, or a double click): it counts once."
LATE = "Time is up: that answer came after the set's clock ran out and is not counted."


def answer(run_id: int, number: int, given: str) -> Outcome:
    """Check and store the answer to item `number`, the item now asked."""
    given = given.strip()[:MAX_ANSWER]
    with run_transaction(run_id) as run:
        assert run is not None
        at = now()
        done = answers(run.id)
        asked = None if run.finished else _next_number(run, done)
        if run.finished or _late(run, at):
            if not run.finished:
                _finish(run, run.deadline or at)
            return Outcome(False, refused=LATE if not run.finished else "This sprint is over.")
        if asked != number or number not in done:
            return Outcome(False, refused=STALE)
        verdict = check(run.item(number), given)
        if verdict.malformed:
            return Outcome(False, verdict, refused=verdict.message)
        ms = max(0, round((at - done[number].shown_at).total_seconds() * 1000))
        stored = get_db().conn.execute(
            "update sprint_items set answered_at = ?, answer = ?, correct = ?, ms = ? "
            "where run_id = ? and number = ? and answered_at is null",
            [at.isoformat(timespec="milliseconds"), given, int(verdict.correct), ms, run.id, number]).rowcount
        if not stored:
            return Outcome(False, refused=STALE)
        if number == run.numbers[-1]:
            _finish(run, at)
    return Outcome(True, verdict, ms=ms)


# --- results, bests and readiness -------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    """A finished timed run, for personal bests: more right first, then less time."""
    run_id: int
    right: int
    asked: int
    ms: int
    at: datetime

    @property
    def seconds(self) -> float:
        return self.ms / 1000

    def key(self) -> tuple[int, int]:
        return (-self.right, self.ms)


def scores(user_id: int, kind: str) -> list[Score]:
    rows = get_db().query(
        "select r.id, r.finished_at, r.numbers, coalesce(sum(i.correct), 0) as right, "
        "coalesce(sum(i.ms), 0) as ms from sprint_runs r left join sprint_items i on i.run_id = r.id "
        "and i.answered_at is not null where r.user_id = ? and r.kind = ? and r.timed = 1 "
        "and r.finished_at is not null group by r.id order by r.id", [user_id, kind])
    return [Score(r["id"], r["right"], len(json.loads(r["numbers"])), r["ms"], parse_time(r["finished_at"]))
            for r in rows]


def best(user_id: int, kind: str) -> Score | None:
    return min(scores(user_id, kind), key=Score.key, default=None)


def median_seconds(done: Sequence[Answered]) -> float | None:
    times = [a.ms for a in done if a.ms is not None]
    return round(statistics.median(times) / 1000, 1) if times else None


# Readiness weighs each kind's last 30 results (engine.sprints.readiness.WINDOW,
# checked equal by tests/webapp/test_sprint_history.py): no more are read.
READ_WINDOW = 30
# A user's answered items of one kind in timed runs, walked on the (user_id,
# kind, answered_at) index (migration _v16_sprint_item_users), newest or oldest first.
_ITEMS = ("select i.kind, i.correct, i.ms, i.answered_at, r.extra_time_pct from sprint_items i "
          "join sprint_runs r on r.id = i.run_id "
          "where i.user_id = ? and i.kind = ? and i.answered_at is not null and r.timed = 1 {} "
          "order by i.answered_at {}")


def _results(rows: Any) -> list[SprintResult]:
    return [SprintResult(bool(r["correct"]), (r["ms"] or 0) / 1000, parse_time(r["answered_at"]),
                         r["extra_time_pct"] or 0) for r in rows]


def _last(user_id: int, kind: str, n: int, before: str | None = None) -> list[SprintResult]:
    """The user's last `n` results of the kind (before the time text `before`), oldest first."""
    where, args = ("and i.answered_at < ?", [before]) if before else ("", [])
    found = _results(get_db().query(_ITEMS.format(where, "desc limit ?"), [user_id, kind, *args, n]))
    return found[::-1]


def results(user_ids: Sequence[int], last: int = READ_WINDOW) -> dict[tuple[int, str], list[SprintResult]]:
    """The last `last` answered items of the users' timed runs, by (user, item
    kind), oldest first: a bounded window (issue 30) read from an index, so
    what a page builds does not grow with a trainee's sprint history."""
    found = {}
    for user in user_ids:
        for kind in KINDS:
            rows = _last(user, kind, last)
            if rows:
                found[(user, kind)] = rows
    return found


def results_for_days(user_id: int, days: int = 14) -> dict[tuple[int, str], list[SprintResult]]:
    """Per kind, what readiness_by_day needs for its last `days` practised
    days (UTC dates, as stored): every item of those days and the
    READ_WINDOW items before them; a query per day, none per item."""
    found = {}
    conn = get_db().conn
    for kind in KINDS:
        cut = None
        for _ in range(days):
            where, args = ("and i.answered_at < ?", [cut]) if cut else ("", [])
            row = conn.execute(_ITEMS.format(where, "desc limit 1"), [user_id, kind, *args]).fetchone()
            if row is None:
                break
            cut = row[3][:10]                   # the start of that day: "2026-12-03" sorts before its times
        if cut is None:
            continue
        since = _results(get_db().query(_ITEMS.format("and i.answered_at >= ?", ""), [user_id, kind, cut]))
        found[(user_id, kind)] = _last(user_id, kind, READ_WINDOW, before=cut) + since
    return found


@dataclass(frozen=True)
class KindReadiness:
    """One trainee's readiness in one kind against the house's target for it."""
    kind: str
    items: int
    readiness: Readiness
    target_seconds: float
    target_accuracy: int
    extra_time_items: int = 0       # of the items weighed, those run with extra time (issue 33)
    extra_time_pct: int = 0         # the most extra time among them

    @property
    def extra_time(self) -> str:
        """What readiness says of extra time: "" or "extra time (up to 25%) on 12 of the 30 items weighed"."""
        if not self.extra_time_items:
            return ""
        return (f"extra time (up to {self.extra_time_pct}%) on {self.extra_time_items} of the "
                f"{self.readiness.results} items weighed")


def readiness_by_kind(found: Sequence[SprintResult], kind: str, house: str = "main") -> KindReadiness:
    """`found` oldest first; the items weighed that ran with extra time are counted (issue 33)."""
    target = sprint_target(get_house(house), kind)
    weighed = readiness(found, target)
    extra = [r.extra_time_pct for r in list(found)[-weighed.results:] if r.extra_time_pct] if weighed.results else []
    return KindReadiness(kind, len(found), weighed, target.seconds, target.accuracy, len(extra), max(extra, default=0))


def readiness_of(user_id: int, house: str = "main") -> list[KindReadiness]:
    """The kinds the trainee has sprinted, in KINDS order."""
    return readiness_of_many([user_id], house).get(user_id, [])


def readiness_of_many(user_ids: Sequence[int], house: str = "main") -> dict[int, list[KindReadiness]]:
    """Each user's readiness in every kind they have sprinted, in KINDS order (one query for all)."""
    found = results(user_ids)
    return {user: readiness_in(found, user, house) for user in user_ids}


def readiness_in(found: dict[tuple[int, str], list[SprintResult]], user_id: int,
                 house: str = "main") -> list[KindReadiness]:
    """The user's readiness per kind sprinted, in KINDS order, from results read
    oldest first (`results` or `results_for_days`: the last READ_WINDOW weigh)."""
    return [readiness_by_kind(found[(user_id, kind)][-READ_WINDOW:], kind, house)
            for kind in KINDS if (user_id, kind) in found]


def weakest(ready: Sequence[KindReadiness]) -> KindReadiness | None:
    return min(ready, key=lambda r: (r.readiness.readiness, r.kind), default=None)


def readiness_by_day(found: Sequence[SprintResult], kind: str, house: str = "main",
                     days: int = 14) -> list[tuple[str, int]]:
    """(day, readiness at the end of that day) for the last `days` days the kind was practised."""
    by_day: dict[str, int] = {}
    target = sprint_target(get_house(house), kind)
    ordered = sorted(found, key=lambda r: r.at)
    for i, result in enumerate(ordered):
        day = result.at.date().isoformat()
        if i + 1 == len(ordered) or ordered[i + 1].at.date().isoformat() != day:
            # readiness weighs the last READ_WINDOW: handing it no more keeps this linear
            by_day[day] = round(readiness(ordered[max(0, i + 1 - READ_WINDOW):i + 1], target).readiness)
    return list(by_day.items())[-days:]


def recent_runs(user_id: int, limit: int = 10) -> list[tuple[Run, Score | None]]:
    rows = get_db().query("select * from sprint_runs where user_id = ? order by id desc limit ?", [user_id, limit])
    runs = [_run(r) for r in rows]
    mine = {s.run_id: s for kind in {r.kind for r in runs} for s in scores(user_id, kind)}
    return [(r, mine.get(r.id)) for r in runs]


def finished_timed(user_id: int, kind: str) -> bool:
    return get_db().execute("select 1 from sprint_runs where user_id = ? and kind = ? and timed = 1 and "
                            "finished_at is not null limit 1", [user_id, kind]).fetchone() is not None
