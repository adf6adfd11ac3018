"""Downs in the database: runs, every posted step and answer, and the score.

The only code that writes down scores (issue 32). A down is worked out by the
engine from its spec and seed alone (engine.Down): the players' decisions, the
table's events, the rulings and amounts asked. So a run stores only what the
trainee did: the spec and seed, where the run stands (the hand being dealt,
its accepted steps, the prompts answered in it) and, per post, a record: the
hand number, the step or answer, right or wrong, at the first try or not, the
rule and the time. Replaying a hand is `Down(spec).hand(n)` with the accepted
steps of that hand, exactly like a drill's hand.

Every post is checked in one transaction (`run_transaction`: BEGIN IMMEDIATE,
then the page's counters `at` (steps in the hand) and `rev` (posts in the
run) are compared), so two tabs or a double click never count a step twice:
the second finds the counters moved, gets 409 and records nothing.

Time: a down is timed by the time spent dealing, not the time since it
began: `active_ms` grows at each post by the time since the last one, at
most IDLE_MS (a trainee who walked away without *Stop* loses none of their
pace), and *Stop* ends the sitting; the next post after *Resume* starts a
new one. Pace = hands dealt per hour of that time.
"""
from __future__ import annotations

import json
import secrets
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from webapp import accommodations
from webapp.db import get_db, immediate
from webapp.mastery import now, parse_time
from webapp.trainee.down_cells import pace_standard

SEED_LIMIT = 2 ** 31 - 1
IDLE_MS = 3 * 60 * 1000      # the most one gap between posts adds to the time dealing
STATUSES = ("dealing", "stopped", "ended")


def stamp(at: datetime | None = None) -> str:
    return (at or now()).isoformat(timespec="milliseconds")


@dataclass
class Run:
    id: int
    user_id: int
    username: str
    lesson: str
    cell: str
    title: str
    spec: dict[str, Any]          # the cell's TOML as it was when the run began (DownSpec.from_dict reads it)
    seed: int
    hands: int | None             # the down ends after this many hands ...
    minutes: int | None           # ... or this many minutes of dealing
    exam: bool                    # an audition's down: no hints, no rule on a wrong step
    audition_run_id: int | None
    hand: int                     # the hand being dealt, 1, 2, ...
    steps: list[dict[str, Any]]   # its accepted steps (Step.to_dict)
    answered: list[int]           # its prompts answered (their index in DownHand.prompts)
    wrong_in_a_row: int
    posts: int                    # posts in the whole run: the staleness counter `rev`
    active_ms: int
    last_at: str | None
    started_at: str
    stopped_at: str | None
    ended_at: str | None
    status: str                   # STATUSES
    extra_time_pct: int = 0       # the trainee's extra time when the run began (webapp/accommodations.py)
    accommodation_id: int | None = None

    @property
    def ended(self) -> bool:
        return self.status == "ended"

    @property
    def stopped(self) -> bool:
        return self.status == "stopped"

    @property
    def hands_dealt(self) -> int:
        return self.hand - 1

    def allowed(self) -> str:
        """The run's length as its pages say it, with the extra time it was
        given: "45 min (30 min with 50% extra time)", "10 hands"; an
        audition's down of hands given extra time has its pace mark lowered."""
        pct = self.extra_time_pct
        limit = time_limit_ms(self)
        if limit is not None:
            return f"{limit // 60000} min" + (f" ({self.minutes} min with {pct}% extra time)" if pct else "")
        hands = f"{self.hands} hands" if self.hands else "no limit"
        return hands + (f" (with {pct}% extra time: a lower pace mark)" if pct else "")

    def dealing_ms(self, at: datetime | None = None) -> int:
        """Time spent dealing, the sitting in progress counted up to `at`."""
        if self.status != "dealing" or self.last_at is None:
            return self.active_ms
        gap = int(((at or now()) - parse_time(self.last_at)).total_seconds() * 1000)
        return self.active_ms + max(0, min(gap, IDLE_MS))


def time_limit_ms(run: Run) -> int | None:
    """The one place a down's time limit is computed (None: the down is
    limited by hands only): its minutes with the extra time the run was
    given (webapp/accommodations.py)."""
    return accommodations.extended(run.minutes * 60, run.extra_time_pct) * 1000 if run.minutes else None


def pace_mark(base_percent: int, extra_time_pct: int) -> int:
    """A pace pass mark (percent of the house's standard) for a run given
    extra time: lowered by the factor its clock is lengthened, so a trainee
    with 50% extra time passes an 80% mark at 54% (GUIDE.md, Accommodations).
    Rounded up: pace_percent >= the mark exactly when pace x (1 + extra) >= base."""
    return -(-base_percent * 100 // (100 + extra_time_pct))


def limit_reached(run: Run, at: datetime | None = None) -> bool:
    """The down is over: its hands are dealt, or its minutes of dealing spent."""
    if run.hands and run.hands_dealt >= run.hands:
        return True
    limit = time_limit_ms(run)
    return limit is not None and run.dealing_ms(at) >= limit


@dataclass
class Record:
    """One post of a run: a dealer step (`what` = "step") or an answer to a
    prompt (`what` = "answer", `ask` its kind). `position` is the step's
    number in the hand, or the prompt's index; `payload` the Step's dict
    (a right step is replayed from it) or the answer as given."""
    hand: int
    position: int
    what: str
    step: str
    correct: bool
    first_try: bool
    rule: str = ""
    message: str = ""
    ask: str = ""
    payload: str = ""
    elapsed_ms: int | None = None
    created_at: str = field(default_factory=stamp)


RUNS = "select r.*, u.username from down_runs r join users u on u.id = r.user_id"


def _run(row: dict[str, Any]) -> Run:
    return Run(row["id"], row["user_id"], row["username"], row["lesson"] or "", row["cell"] or "",
               row["title"] or "", json.loads(row["spec"]), row["seed"], row["hands"], row["minutes"],
               bool(row["exam"]), row["audition_run_id"], row["hand"], json.loads(row["steps"]),
               json.loads(row["answered"]), row["wrong_in_a_row"] or 0, row["posts"], row["active_ms"],
               row["last_at"], row["started_at"], row["stopped_at"], row["ended_at"], row["status"],
               row["extra_time_pct"] or 0, row["accommodation_id"])


def get_run(run_id: int) -> Run | None:
    rows = list(get_db().query(f"{RUNS} where r.id = ?", [run_id]))
    return _run(rows[0]) if rows else None


def runs_of(user_id: int | None = None, lesson: str | None = None, cell: str | None = None) -> list[Run]:
    """Runs, newest first, of a user and/or a lesson's down cell."""
    where, args = [], []
    for column, value in (("r.user_id", user_id), ("r.lesson", lesson), ("r.cell", cell)):
        if value is not None:
            where.append(f"{column} = ?")
            args.append(value)
    sql = f"{RUNS}{' where ' + ' and '.join(where) if where else ''} order by r.id desc"
    return [_run(r) for r in get_db().query(sql, args)]


def runs_of_users(user_ids: list[int]) -> dict[int, list[Run]]:
    """Each user's runs, newest first (the class dashboard)."""
    found: dict[int, list[Run]] = defaultdict(list)
    if user_ids:
        marks = ",".join("?" * len(user_ids))
        for row in get_db().query(f"{RUNS} where r.user_id in ({marks}) order by r.id desc", user_ids):
            run = _run(row)
            found[run.user_id].append(run)
    return found


def new_seed() -> int:
    return secrets.randbelow(SEED_LIMIT) + 1


def _open_run(conn: Any, user_id: int, lesson: str, cell: str, audition_run_id: int | None) -> int | None:
    if audition_run_id is not None:
        row = conn.execute("select id from down_runs where audition_run_id = ?", [audition_run_id]).fetchone()
    else:
        row = conn.execute("select id from down_runs where user_id = ? and lesson = ? and cell = ? and "
                           "audition_run_id is null and status != 'ended' order by id desc limit 1",
                           [user_id, lesson, cell]).fetchone()
    return int(row[0]) if row else None


def start(user_id: int, lesson: str, cell: str, title: str, spec: dict[str, Any], seed: int, *,
          hands: int | None, minutes: int | None, exam: bool = False,
          audition_run_id: int | None = None, clock: accommodations.Timing | None = None) -> int:
    """The user's unfinished run of this down (a second tab, a double click,
    or coming back to resume it), or a new one. One transaction. A new run
    of `minutes` keeps the extra time in force; an audition's down part is
    given its audition run's (`clock`)."""
    conn = get_db().conn
    with immediate(conn):
        found = _open_run(conn, user_id, lesson, cell, audition_run_id)
        if found is not None:
            return found
        begun = stamp()
        if clock is None:      # a practice down of `hands` has no clock: nothing to extend
            clock = accommodations.timing(get_db(), user_id, minutes * 60) if minutes else accommodations.Timing(0)
        cur = conn.execute(
            "insert into down_runs (user_id, lesson, cell, title, spec, seed, hands, minutes, exam, audition_run_id, "
            "hand, steps, answered, wrong_in_a_row, posts, active_ms, last_at, started_at, status, extra_time_pct, "
            "accommodation_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, '[]', '[]', 0, 0, 0, ?, ?, 'dealing', ?, ?)",
            [user_id, lesson, cell, title, json.dumps(spec, sort_keys=True), seed, hands, minutes, int(exam),
             audition_run_id, begun, begun, clock.extra_time_pct, clock.accommodation_id])
        return int(cur.lastrowid or 0)


def for_audition(audition_run_id: int) -> Run | None:
    rows = list(get_db().query(f"{RUNS} where r.audition_run_id = ?", [audition_run_id]))
    return _run(rows[0]) if rows else None


@contextmanager
def run_transaction(run_id: int) -> Iterator[Run | None]:
    """A run read and written as one unit under the write lock (webapp.db.immediate)."""
    with immediate(get_db().conn):
        yield get_run(run_id)


def save_run(run: Run) -> None:
    get_db().conn.execute(
        "update down_runs set hand = ?, steps = ?, answered = ?, wrong_in_a_row = ?, posts = ?, active_ms = ?, "
        "last_at = ?, stopped_at = ?, ended_at = ?, status = ? where id = ?",
        [run.hand, json.dumps(run.steps), json.dumps(run.answered), run.wrong_in_a_row, run.posts, run.active_ms,
         run.last_at, run.stopped_at, run.ended_at, run.status, run.id])


def record(run_id: int, rec: Record) -> None:
    row = asdict(rec)
    row["correct"], row["first_try"] = int(rec.correct), int(rec.first_try)
    get_db().conn.execute(f"insert into down_steps (run_id, {', '.join(row)}) values (?, {', '.join('?' * len(row))})",
                          [run_id, *row.values()])


def records_of(run_id: int, hand: int | None = None) -> list[Record]:
    sql = ("select hand, position, what, step, correct, first_try, rule, message, ask, payload, elapsed_ms, "
           "created_at from down_steps where run_id = ?")
    args: list[Any] = [run_id]
    if hand is not None:
        sql += " and hand = ?"
        args.append(hand)
    rows = get_db().query(sql + " order by id", args)
    return [Record(**{**r, "correct": bool(r["correct"]), "first_try": bool(r["first_try"])}) for r in rows]


def accepted_steps(run_id: int, hand: int) -> list[dict[str, Any]]:
    """The right steps of one hand, in order: the hand replays from them as it was dealt."""
    return [json.loads(r.payload) for r in records_of(run_id, hand) if r.what == "step" and r.correct]


# --- the run's clock ------------------------------------------------------------


def tick(run: Run, at: datetime | None = None) -> None:
    """Count the time since the last post into the time dealing (a post, or
    Stop); a stopped run starts a new sitting."""
    at = at or now()
    run.active_ms = run.dealing_ms(at)
    run.last_at = stamp(at)
    if run.status == "stopped":
        run.status, run.stopped_at = "dealing", None


def stop(run: Run) -> None:
    """End the sitting: nothing is lost, the clock stops until Resume."""
    if run.status == "dealing":
        tick(run)
        run.status, run.stopped_at = "stopped", stamp()


def resume(run: Run) -> None:
    if run.status == "stopped":
        run.status, run.stopped_at, run.last_at = "dealing", None, stamp()


def end(run: Run) -> None:
    """The down is over (its hands or minutes reached, or the trainee ended it)."""
    if run.status == "dealing":
        tick(run)
    run.status, run.ended_at = "ended", stamp()


def mark_cell_done(run: Run) -> None:
    """A down from a lesson's cell dealt to its end is that cell done (its lesson's progress)."""
    if not run.lesson or not run.cell or run.audition_run_id is not None:
        return
    conn = get_db().conn
    conn.execute("insert or ignore into cell_state (user_id, lesson, cell, steps, done, runs, updated_at, "
                 "wrong_in_a_row) values (?, ?, ?, '[]', 0, 0, ?, 0)", [run.user_id, run.lesson, run.cell, stamp()])
    conn.execute("update cell_state set done = 1, runs = runs + 1 where user_id = ? and lesson = ? and cell = ?",
                 [run.user_id, run.lesson, run.cell])


# --- the score ------------------------------------------------------------------


@dataclass(frozen=True)
class RuleScore:
    rule: str
    right: int
    total: int

    @property
    def percent(self) -> int:
        return self.right * 100 // self.total if self.total else 0


@dataclass(frozen=True)
class Score:
    """A run scored as it goes (and at its end, the summary): every dealer
    step and every prompt counts once, at the first try."""
    hands: int                    # hands dealt to the end
    steps: int                    # dealer steps met
    steps_first: int              # ... made right at the first try
    rulings: int
    rulings_right: int
    amounts: int
    amounts_right: int
    dealing_ms: int
    pace_standard: float          # hands per hour the house expects in this game
    by_rule: tuple[RuleScore, ...]
    again: tuple[int, ...]        # the hands with a wrong step or answer: to look at again

    @property
    def pace(self) -> float | None:
        """Hands per hour of dealing (None before a minute of it)."""
        if self.dealing_ms < 60_000:
            return None
        return self.hands * 3_600_000 / self.dealing_ms

    @property
    def pace_percent(self) -> int | None:
        pace = self.pace
        return None if pace is None or not self.pace_standard else int(pace * 100 // self.pace_standard)

    @property
    def asked(self) -> int:
        return self.steps + self.rulings + self.amounts

    @property
    def accuracy(self) -> int | None:
        """Steps, rulings and amounts right at the first try, a whole percentage rounded down."""
        right = self.steps_first + self.rulings_right + self.amounts_right
        return right * 100 // self.asked if self.asked else None


# A ruling: a prompt asked as "irregularity" (a deal situation to call) or a
# dealer step that rules on a player's action (recorded with ask "ruling").
# Every other prompt asks an amount; every other step is the procedure.
RULINGS = ("irregularity", "ruling")


def score(run: Run, records: list[Record], pace_standard: float, at: datetime | None = None) -> Score:
    """The run's score from its records: a step or prompt counts right when
    its first post was right; accuracy by rule counts dealer steps and
    rulings under the rule each cites."""
    firsts: dict[tuple[str, int, int], Record] = {}
    for rec in records:
        firsts.setdefault((rec.what, rec.hand, rec.position), rec)
    rulings = [r for r in firsts.values() if r.ask in RULINGS]
    steps = [r for r in firsts.values() if r.what == "step" and r.ask not in RULINGS]
    amounts = [r for r in firsts.values() if r.what == "answer" and r.ask not in RULINGS]
    rules: dict[str, list[int]] = {}
    for rec in firsts.values():
        if rec.rule:
            tally = rules.setdefault(rec.rule, [0, 0])
            tally[0] += int(rec.correct)
            tally[1] += 1
    by_rule = tuple(sorted((RuleScore(rule, right, total) for rule, (right, total) in rules.items()),
                           key=lambda s: (s.percent, -s.total, s.rule)))
    again = tuple(sorted({r.hand for r in records if not r.correct}))
    return Score(run.hands_dealt, len(steps), sum(r.correct for r in steps), len(rulings),
                 sum(r.correct for r in rulings), len(amounts), sum(r.correct for r in amounts),
                 run.dealing_ms(at), pace_standard, by_rule, again)


def best_of(runs: list[Run], scores: dict[int, Score]) -> tuple[Run, Score] | None:
    """The ended run with the best accuracy (then pace): what an assignment shows."""
    ended = [(r, scores[r.id]) for r in runs if r.ended and r.id in scores]
    return max(ended, key=lambda rs: (rs[1].accuracy or 0, rs[1].pace or 0.0), default=None)


def spec_key(run: Run) -> str:
    """The run's spec as the kept downs know it (webapp/trainee/down_cells.py)."""
    return json.dumps(run.spec, sort_keys=True)


def run_score(run: Run) -> Score:
    """A run's score now: its records against the house's pace for its games."""
    return score(run, records_of(run.id), pace_standard(spec_key(run), run.seed, run.hands_dealt))
