"""Auditions in the database: definitions, runs and every step of a run.

The only code that writes audition scores. A run draws its hands' seeds
when it starts and keeps the dealt hands (engine.drills.poker cells) with them, so
a result can always be shown again exactly; each step is checked in one
transaction (`run_transaction`, the store.cell_transaction pattern: BEGIN
IMMEDIATE, then the staleness counters `at` and `posts` are compared).

Scoring: every dealer step of every hand counts once. A step made right at
the first try is right; a wrong step is an error, and the engine then makes
the step due for the trainee (an examiner notes the error and the deal goes
on); steps not made by the deadline are missed. Score = right steps / all
dealer steps, as a whole percentage rounded down, so a score shown equal to
the pass mark has really reached it. An audition with a sprint part
(SprintPart, run before the hands) is passed only when that part is too, and
likewise one with a down part (DownPart, dealt after the sprint, before the
hands: webapp/down_store.py), on its accuracy and its pace.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from datetime import timedelta
from typing import Any

from flask import current_app

from engine import DrillError, Procedure, Step, TableCell, build_table, generate, get_game, wants_in_words
from webapp import accommodations, audit, down_store, sprint_store
from webapp.db import get_db, immediate
from webapp.mastery import now, parse_time
from webapp.trainee.sprint_cells import kind_title

SEED_LIMIT = 2 ** 31 - 1
DRAWS = 5                      # seeds tried for a hand before the start is refused

# What a step's outcome is called on the result page.
OUTCOMES = {"right": "right", "wrong": "wrong (counted)", "dealt": "dealt for you", "missed": "missed (time up)"}


@dataclass(frozen=True)
class HandKind:
    """One kind of hand an audition deals: a game, a house profile and what
    the hand must contain (engine.drills.poker.WANTS; none for a plain hand)."""
    game: str
    house: str = "main"
    wants: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "house": self.house, "wants": list(self.wants)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandKind:
        return cls(str(data["game"]), str(data.get("house", "main")), tuple(map(str, data.get("wants", ()))))

    @property
    def title(self) -> str:
        return get_game(self.game).title

    @property
    def table_name(self) -> str:
        """The game and house, without the wants: what a trainee is told
        during the audition (what the hand holds is for them to find)."""
        return self.title + ("" if self.house == "main" else f" (house {self.house})")

    def __str__(self) -> str:
        return self.table_name + (f", with {wants_in_words(self.wants)}" if self.wants else "")

    def deal(self, seed: int) -> dict[str, Any]:
        """The hand this kind deals from `seed`, as a lesson table cell."""
        return generate(self.game, self.wants, seed, self.house, any_hand=True).cell


@dataclass(frozen=True)
class SprintPart:
    """An audition's sprint, run before its hands (webapp/sprint_store.py): `n`
    items of `kind` in `seconds`, marked only at the end. Passed when at least
    `accuracy` percent of the n items are right: an item not reached before
    the clock ran out is not right, so the time counts as well as the sums."""
    kind: str
    n: int
    seconds: int
    accuracy: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "n": self.n, "seconds": self.seconds, "accuracy": self.accuracy}

    @classmethod
    def from_json(cls, text: str | None) -> SprintPart | None:
        if not text:
            return None
        data = json.loads(text)
        return cls(str(data["kind"]), int(data["n"]), int(data["seconds"]), int(data["accuracy"]))

    def __str__(self) -> str:
        return (f"a sprint of {kind_title(self.kind)}, {self.n} items in {self.seconds} s, "
                f"at least {self.accuracy}% right")

    def result(self, audition_run_id: int) -> tuple[int, bool] | None:
        """(items right, passed) of the run's sprint part; None before it is started."""
        found = sprint_store.for_audition(audition_run_id)
        if found is None:
            return None
        right = sprint_store.right_count(found.id)
        return right, right * 100 // self.n >= self.accuracy


@dataclass(frozen=True)
class DownPart:
    """An audition's down (webapp/down_store.py), dealt after any sprint part
    and before the hands: `hands` hands of `game` at one table, with the
    house's events and irregularities, no hints. Passed when at least
    `accuracy` percent of its steps, rulings and amounts are right at the first
    try **and** its pace reaches `pace` percent of the house's standard."""
    game: str
    hands: int
    accuracy: int
    pace: int

    def spec(self) -> dict[str, Any]:
        """The down's spec (engine.DownSpec.from_dict): the game and its length, the house's rates."""
        return {"game": self.game, "hands": self.hands}

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "hands": self.hands, "accuracy": self.accuracy, "pace": self.pace}

    @classmethod
    def from_json(cls, text: str | None) -> DownPart | None:
        if not text:
            return None
        data = json.loads(text)
        return cls(str(data["game"]), int(data["hands"]), int(data["accuracy"]), int(data["pace"]))

    def __str__(self) -> str:
        return (f"a down of {get_game(self.game).title}, {self.hands} hands, at least {self.accuracy}% right "
                f"and {self.pace}% of the house's pace")

    def result(self, audition_run_id: int) -> tuple[down_store.Score, bool] | None:
        """(the down's score, passed) once the run's down part has ended; None before."""
        found = down_store.for_audition(audition_run_id)
        if found is None or not found.ended:
            return None
        score = down_store.run_score(found)
        # Under a minute of dealing the pace is not measured: that many hands so fast pass it.
        pace = score.pace_percent if score.pace_percent is not None else (100 * self.pace if score.hands else 0)
        return score, (score.accuracy or 0) >= self.accuracy and pace >= self.pace_mark(found)

    def pace_mark(self, run: down_store.Run) -> int:
        """The pace to reach in this run: `pace`, lowered for the extra time the run was given."""
        return down_store.pace_mark(self.pace, run.extra_time_pct)


@dataclass
class Audition:
    id: int
    title: str
    author_id: int
    author: str
    kinds: tuple[HandKind, ...]
    hands: int
    minutes: int
    pass_mark: int
    open: bool
    created_at: str
    updated_at: str
    sprint: SprintPart | None = None
    max_runs: int = 0          # runs a trainee may start (0: no limit); issue 30
    cooldown_hours: int = 0    # hours from a finished run to the next start (0: none)
    down: DownPart | None = None

    def kind_of(self, hand: int) -> HandKind:
        """Hands cycle through the kinds: hand 1 the first kind, hand 2 the second..."""
        return self.kinds[hand % len(self.kinds)]

    @property
    def games(self) -> str:
        return "; ".join([*([str(self.sprint)] if self.sprint else []), *([str(self.down)] if self.down else []),
                          *map(str, self.kinds)])


@dataclass
class Run:
    id: int
    audition_id: int
    user_id: int
    username: str
    seeds: list[int]
    cells: list[dict[str, Any]]
    hand: int                 # the hand being dealt (0-based); len(cells) once all are dealt
    steps: list[dict[str, Any]]   # the current hand's steps so far (made right or for the trainee)
    posts: int                # steps posted in the whole run: the staleness counter
    started_at: str
    deadline: str
    finished_at: str | None
    status: str               # "running" | "finished" | "timed-out"
    right: int
    total: int
    score: int | None
    passed: bool
    certificate: str | None
    attempt: int = 1          # the trainee's n-th run of this audition
    extra_time_pct: int = 0   # the extra time its clock was given (issue 33, webapp/accommodations.py)
    accommodation_id: int | None = None   # the accommodation in force when it started

    @property
    def running(self) -> bool:
        return self.status == "running"

    def time_used(self) -> str:
        """Minutes and seconds from the start to the end (or to now)."""
        end = parse_time(self.finished_at) if self.finished_at else now()
        seconds = max(0, int((end - parse_time(self.started_at)).total_seconds()))
        return f"{seconds // 60} min {seconds % 60:02d} s"

    def seconds_left(self) -> int:
        return max(0, int((parse_time(self.deadline) - now()).total_seconds()))

    def minutes_allowed(self, audition: Audition) -> str:
        """The time the run had: "40 min", or "50 min (40 min with 25% extra time)"."""
        if not self.extra_time_pct:
            return f"{audition.minutes} min"
        seconds = accommodations.extended(audition.minutes * 60, self.extra_time_pct)
        allowed = f"{seconds // 60} min" + (f" {seconds % 60:02d} s" if seconds % 60 else "")
        return f"{allowed} ({audition.minutes} min with {self.extra_time_pct}% extra time)"

    def extra_attempt(self, audition: Audition) -> bool:
        """This run is beyond the audition's limit: allowed by an accommodation's extra attempts."""
        return self.beyond(audition.max_runs)

    def beyond(self, max_runs: int) -> bool:
        return bool(max_runs) and self.attempt > max_runs

    def accommodation(self, max_runs: int) -> str:
        """What an accommodation gave this run, for tables: "", "25% extra time", "an extra attempt"..."""
        given = ([f"{self.extra_time_pct}% extra time"] if self.extra_time_pct else []) + \
            (["an extra attempt"] if self.beyond(max_runs) else [])
        return "; ".join(given)


@dataclass
class StepRecord:
    """One line of a run's record."""
    hand: int
    position: int
    step: str
    outcome: str
    rule: str = ""
    message: str = ""           # what the trainee was shown during the audition
    explanation: str = ""       # the engine's own words, shown after the audition
    elapsed_ms: int | None = None
    created_at: str = field(default_factory=lambda: now().isoformat(timespec="milliseconds"))

    @property
    def said(self) -> str:
        return OUTCOMES[self.outcome]


# --- auditions ------------------------------------------------------------------


def _audition(row: dict[str, Any]) -> Audition:
    kinds = tuple(HandKind.from_dict(k) for k in json.loads(row["kinds"]))
    return Audition(row["id"], row["title"], row["author_id"], row["author"], kinds, row["hands"],
                    row["minutes"], row["pass_mark"], bool(row["open"]), row["created_at"], row["updated_at"],
                    SprintPart.from_json(row["sprint"]), row["max_runs"], row["cooldown_hours"],
                    DownPart.from_json(row.get("down")))


AUDITIONS = ("select a.*, u.username as author from auditions a join users u on u.id = a.author_id")


def get_audition(audition_id: int) -> Audition | None:
    rows = list(get_db().query(f"{AUDITIONS} where a.id = ?", [audition_id]))
    return _audition(rows[0]) if rows else None


def auditions(open_only: bool = False) -> list[Audition]:
    where = " where a.open = 1" if open_only else ""
    return [_audition(r) for r in get_db().query(f"{AUDITIONS}{where} order by a.id desc")]


@dataclass
class Definition:
    """What an instructor sets, checked (webapp/trainee/auditions.py reads the form)."""
    title: str
    kinds: tuple[HandKind, ...]
    hands: int
    minutes: int
    pass_mark: int
    open: bool = True
    sprint: SprintPart | None = None
    max_runs: int = 0
    cooldown_hours: int = 0
    down: DownPart | None = None


def _in_words(a: Audition | Definition) -> list[tuple[str, object]]:
    """An audition's settings as the audit trail words them, field by field."""
    return [("title", a.title), ("hands", "; ".join(map(str, a.kinds))), ("sprint", str(a.sprint or "none")),
            ("hands dealt", a.hands), ("minutes", a.minutes), ("pass mark", f"{a.pass_mark}%"),
            ("open", "yes" if a.open else "no"), ("runs allowed", a.max_runs or "no limit"),
            ("hours between runs", a.cooldown_hours or "none")]


def save_audition(definition: Definition, author_id: int, audition_id: int | None = None) -> int | None:
    """Insert, or update while nobody has started it; None when a run exists
    (the edit is refused and nothing changes). One transaction, so a trainee
    starting at the same moment either sees the old audition or the new; the
    audit line (by `author_id`, who made or changed it) is written in it too."""
    conn = get_db().conn
    stamp = now().isoformat(timespec="milliseconds")
    values = [definition.title, json.dumps([k.to_dict() for k in definition.kinds]), definition.hands,
              definition.minutes, definition.pass_mark, int(definition.open),
              json.dumps(definition.sprint.to_dict()) if definition.sprint else None, definition.max_runs,
              definition.cooldown_hours,
              json.dumps(definition.down.to_dict()) if definition.down else None, stamp]
    label = f"audition {definition.title}"
    with immediate(conn):
        if audition_id is None:
            cur = conn.execute("insert into auditions (title, kinds, hands, minutes, pass_mark, open, sprint, "
                               "max_runs, cooldown_hours, down, updated_at, author_id, created_at) "
                               "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               [*values, author_id, stamp])
            made = int(cur.lastrowid or 0)
            audit.record(get_db(), "created", "audition", made, label,
                         "; ".join(f"{name}: {value}" for name, value in _in_words(definition)), actor_id=author_id)
            return made
        if conn.execute("select count(*) from auditions_runs where audition_id = ?", [audition_id]).fetchone()[0]:
            return None
        old = get_audition(audition_id)
        conn.execute("update auditions set title = ?, kinds = ?, hands = ?, minutes = ?, pass_mark = ?, open = ?, "
                     "sprint = ?, max_runs = ?, cooldown_hours = ?, down = ?, updated_at = ? where id = ?",
                     [*values, audition_id])
        said = audit.changes([(name, was, now_is) for (name, was), (_, now_is)
                              in zip(_in_words(old), _in_words(definition))]) if old else ""
        if said:        # saved as it was: nothing to write down
            audit.record(get_db(), "changed", "audition", audition_id, label, said, actor_id=author_id)
        return audition_id


def set_open(audition_id: int, is_open: bool) -> None:
    """Open or close it; a change is written to the audit trail in the same transaction."""
    with get_db().conn as conn:
        row = conn.execute("select title, open from auditions where id = ?", [audition_id]).fetchone()
        if row is None or bool(row[1]) == is_open:
            return
        conn.execute("update auditions set open = ? where id = ?", [int(is_open), audition_id])
        audit.record(get_db(), "changed", "audition", audition_id, f"audition {row[0]}",
                     audit.changes([("open", "yes" if row[1] else "no", "yes" if is_open else "no")]))


def started(audition_id: int) -> int:
    return int(get_db().execute("select count(*) from auditions_runs where audition_id = ?",
                                [audition_id]).fetchone()[0])


# --- runs -----------------------------------------------------------------------


RUNS = "select r.*, u.username from auditions_runs r join users u on u.id = r.user_id"


def _run(row: dict[str, Any]) -> Run:
    return Run(row["id"], row["audition_id"], row["user_id"], row["username"], json.loads(row["seeds"]),
               json.loads(row["cells"]), row["hand"], json.loads(row["steps"] or "[]"), row["posts"],
               row["started_at"], row["deadline"], row["finished_at"], row["status"], row["right"],
               row["total"], row["score"], bool(row["passed"]), row["certificate"], row["attempt"],
               row["extra_time_pct"], row["accommodation_id"])


def get_run(run_id: int) -> Run | None:
    rows = list(get_db().query(f"{RUNS} where r.id = ?", [run_id]))
    return _run(rows[0]) if rows else None


def runs_of(audition_id: int | None = None, user_id: int | None = None) -> list[Run]:
    where, args = [], []
    if audition_id is not None:
        where.append("r.audition_id = ?")
        args.append(audition_id)
    if user_id is not None:
        where.append("r.user_id = ?")
        args.append(user_id)
    sql = f"{RUNS}{' where ' + ' and '.join(where) if where else ''} order by r.id desc"
    return [_run(r) for r in get_db().query(sql, args)]


def steps_of(run_id: int) -> list[StepRecord]:
    rows = get_db().query("select hand, position, step, outcome, rule, message, explanation, elapsed_ms, "
                          "created_at from audition_steps where run_id = ? order by id", [run_id])
    return [StepRecord(**r) for r in rows]


def draw_hands(audition: Audition) -> tuple[list[int], list[dict[str, Any]]]:
    """Secret seeds and the hands they deal. A seed whose wants are not found
    within the generator's tries is replaced by another (DRAWS at most)."""
    seeds, cells = [], []
    for hand in range(audition.hands):
        kind = audition.kind_of(hand)
        for attempt in range(DRAWS):
            seed = secrets.randbelow(SEED_LIMIT) + 1
            try:
                cells.append(kind.deal(seed))
            except DrillError:
                if attempt == DRAWS - 1:
                    raise
                continue
            seeds.append(seed)
            break
    return seeds, cells


class AuditionChanged(Exception):
    """The audition was edited or closed while its hands were being dealt."""


class RetakeRefused(Exception):
    """A start the instructor's retake limit refuses; the message says why and when."""


def retake_refusal(conn: Any, audition: Audition, user_id: int) -> int:
    """The attempt number a new run would have, or RetakeRefused: all the runs
    the instructor allows are used, or the last one finished too recently."""
    count, last = conn.execute("select count(*), max(coalesce(finished_at, deadline)) from auditions_runs "
                               "where audition_id = ? and user_id = ?", [audition.id, user_id]).fetchone()
    # An accommodation's extra attempts come on top of the audition's limit (issue 33).
    extra = accommodations.extra_attempts(get_db(), user_id) if audition.max_runs else 0
    allowed = audition.max_runs + extra
    if audition.max_runs and count >= allowed:
        raise RetakeRefused(f"You have used all {allowed} attempt{'s' if allowed > 1 else ''} this audition allows"
                            f"{f' you ({extra} of them extra)' if extra else ''}: ask your instructor.")
    if audition.cooldown_hours and last:
        again = parse_time(last) + timedelta(hours=audition.cooldown_hours)
        if now() < again:
            raise RetakeRefused(f"This audition can be taken again {audition.cooldown_hours} hours after your "
                                f"last attempt ended: from {again.strftime('%Y-%m-%d %H:%M')} UTC.")
    return int(count) + 1


def _running_run(conn: Any, audition_id: int, user_id: int) -> int | None:
    row = conn.execute("select id from auditions_runs where audition_id = ? and user_id = ? and status = "
                       "'running'", [audition_id, user_id]).fetchone()
    return int(row[0]) if row else None


def start_run(audition: Audition, user_id: int) -> int:
    """The user's running run of the audition, or a new one. The hands are
    dealt before the lock is taken; a second start at the same moment finds
    the first one's run and joins it, and an edit or a closing in between
    refuses the start (AuditionChanged) rather than deal the old audition.
    A run already in progress is looked for first, before any hand is dealt
    (issue 30: a repeated start cost a full deal each time)."""
    conn = get_db().conn
    running = _running_run(conn, audition.id, user_id)
    if running is not None:
        return running
    retake_refusal(conn, audition, user_id)
    seeds, cells = draw_hands(audition)
    total = sum(table(cell).total_steps for cell in cells)
    with immediate(conn):
        running = _running_run(conn, audition.id, user_id)
        if running is not None:
            return running
        attempt = retake_refusal(conn, audition, user_id)
        now_set = conn.execute("select updated_at, open from auditions where id = ?", [audition.id]).fetchone()
        if now_set is None or tuple(now_set) != (audition.updated_at, 1):
            raise AuditionChanged(audition.title)
        begun = now()
        clock = accommodations.timing(get_db(), user_id, audition.minutes * 60)
        cur = conn.execute(
            "insert into auditions_runs (audition_id, user_id, seeds, cells, hand, steps, posts, started_at, "
            "deadline, status, right, total, passed, attempt, extra_time_pct, accommodation_id) "
            "values (?, ?, ?, ?, 0, '[]', 0, ?, ?, 'running', 0, ?, 0, ?, ?, ?)",
            [audition.id, user_id, json.dumps(seeds), json.dumps(cells), begun.isoformat(timespec="milliseconds"),
             (begun + timedelta(seconds=clock.seconds)).isoformat(timespec="milliseconds"), total, attempt,
             clock.extra_time_pct, clock.accommodation_id])
        return int(cur.lastrowid or 0)


@contextmanager
def run_transaction(run_id: int) -> Iterator[Run | None]:
    """A run read and written as one unit: the write lock is taken first, so
    a second post of the same step waits and then finds the counters moved."""
    with immediate(get_db().conn):
        yield get_run(run_id)


def save_run(run: Run) -> None:
    get_db().conn.execute(
        "update auditions_runs set hand = ?, steps = ?, posts = ?, finished_at = ?, status = ?, right = ?, "
        "score = ?, passed = ?, certificate = ? where id = ?",
        [run.hand, json.dumps(run.steps), run.posts, run.finished_at, run.status, run.right, run.score,
         int(run.passed), run.certificate, run.id])


def record(run_id: int, rec: StepRecord) -> None:
    row = asdict(rec)
    get_db().conn.execute(f"insert into audition_steps (run_id, {', '.join(row)}) values (?, {', '.join('?' * len(row))})",
                          [run_id, *row.values()])


def table(cell: dict[str, Any], title: str = "") -> TableCell:
    """The engine's table cell for a dealt hand (built once per hand and title:
    building plays the hand through to prove it)."""
    return _built(json.dumps(cell, sort_keys=True), title)


@lru_cache(maxsize=128)
def _built(cell: str, title: str) -> TableCell:
    data = json.loads(cell)
    return build_table({**data, "title": title} if title else data)


def current_hand(run: Run, title: str = "") -> tuple[TableCell, Procedure]:
    """The hand being dealt, replayed to where the trainee is (under the
    house's earlier defaults for a run begun before they changed)."""
    cell = table(run.cells[run.hand], title)
    return cell, cell.new_hand().replay_stored(Step.from_dict(s) for s in run.steps)


def finish(run: Run, audition: Audition, status: str) -> None:
    """End the run: steps not made are recorded as missed, the score is
    computed and a passed run gets its certificate number."""
    at = now()
    if status == "timed-out":
        at = min(at, parse_time(run.deadline))
        if run.hand < len(run.cells):
            _, hand = current_hand(run)
            _miss(run, run.hand, hand)
            for later in range(run.hand + 1, len(run.cells)):
                _miss(run, later, table(run.cells[later]).new_hand())
        run.hand, run.steps = len(run.cells), []
    run.status, run.finished_at = status, at.isoformat(timespec="milliseconds")
    run.score = run.right * 100 // run.total if run.total else 0
    sprint = audition.sprint.result(run.id) if audition.sprint else (0, True)
    down = audition.down.result(run.id) if audition.down else (None, True)
    run.passed = (run.score >= audition.pass_mark and sprint is not None and sprint[1] and down is not None
                  and down[1])
    run.certificate = certificate_number(run.id) if run.passed else None


def _miss(run: Run, number: int, hand: Procedure) -> None:
    while (exp := hand.expected()) is not None:
        step = exp.step()
        said = hand.describe(step)
        verdict = hand.propose(step)
        record(run.id, StepRecord(number, hand.step_count, said, "missed", exp.rule, "",
                                  verdict.message))


def settle(run_id: int) -> Run | None:
    """A running run past its deadline is finished as timed out (the steps not
    made are missed): pages call this before showing a run."""
    run = get_run(run_id)
    if run is None or not run.running or now() <= parse_time(run.deadline):
        return run
    with run_transaction(run_id) as fresh:
        assert fresh is not None
        if fresh.running:
            audition = get_audition(fresh.audition_id)
            assert audition is not None
            finish(fresh, audition, "timed-out")
            save_run(fresh)
    return get_run(run_id)


# --- certificates ---------------------------------------------------------------


def certificate_number(run_id: int) -> str:
    """Unguessable and checkable: an HMAC of the run id under the app's
    secret key, 20 base-32 characters in groups of four."""
    digest = hmac.new(str(current_app.config["SECRET_KEY"]).encode(), f"audition-run:{run_id}".encode(),
                      hashlib.sha256).digest()
    text = base64.b32encode(digest).decode()[:20]
    return "-".join(text[i:i + 4] for i in range(0, 20, 4))


def normalise_number(raw: str) -> str:
    """What was typed, as a certificate number is written (case, spaces and
    dashes do not matter)."""
    text = re.sub(r"[^A-Z2-7]", "", str(raw).upper()[:80])
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def find_certificate(raw: str) -> Run | None:
    number = normalise_number(raw)
    if len(number) != 24:
        return None
    rows = list(get_db().query(f"{RUNS} where r.certificate = ? and r.passed = 1", [number]))
    if not rows or not hmac.compare_digest(certificate_number(rows[0]["id"]), number):
        return None
    return _run(rows[0])
