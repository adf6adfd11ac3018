"""The class dashboard's numbers: a cohort x lesson matrix (and a column per
assigned audition), item analysis per cell and per rule, and one trainee's
record, each as a `Table` that the page renders and the CSV export writes
(same columns, so the two never disagree).

Computed from `attempts` and `cell_state` (and audition runs) only; the functions that compute
take rows and return tables, so tests drive them with known attempts.

**First try.** A cell is a run of *items*: each dealer step due in a table
cell, or the question of a question cell. A trainee's attempt is a first
try when it is their first attempt in the cell or follows a right one
(the item before was settled, so this attempt meets a new item). First-try
accuracy is the share of first tries that were right: what the class gets
right without a hint. (A cell restarted after a wrong attempt is counted as
a retry: the attempts do not record restarts.)
"""
from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Callable, Iterable, Mapping, Sequence

from engine import rule_label
from webapp.instructor.roster import Assignment, Member
from webapp.mastery import readable, readable_day

ATTEMPT_COLUMNS = "id, user_id, lesson, cell, step, answer, correct, rule, hint_level, elapsed_ms, created_at"
WRONG_SHOWN = 3


@dataclass(frozen=True)
class Column:
    key: str            # the CSV header
    heading: str        # the page's header
    fmt: str = "text"   # how the page shows it: text, int, pct, ms, and for people (issue 29 finding 6)
                        # when (a readable time), day (a readable date), rule (its short name), lesson and cell (their titles);
                        # the CSV keeps the raw number, id or ISO time


@dataclass
class Table:
    name: str                        # the CSV file's name, and the export route's
    title: str
    columns: tuple[Column, ...]
    rows: list[tuple] = field(default_factory=list)   # or, for a streamed CSV, an iterator of rows

    @property
    def header(self) -> list[str]:
        return [c.key for c in self.columns]


# How the page shows a column (Column.fmt), given the value and its row's lesson;
# "lesson" and "cell" need the library, so page_rows is handed those two.
Shows = Callable[[Any, str], str]
PAGE_FORMATS: dict[str, Shows] = {
    "pct": lambda value, _: f"{value}%",
    "ms": lambda value, _: f"{value / 1000:.1f} s",
    "when": lambda value, _: readable(value),
    "day": lambda value, _: readable_day(value),
    "rule": lambda value, _: rule_label(value),
}


def page_rows(table: Table, lesson_title: Callable[[str], str],
              cell_name: Callable[[str, str], str]) -> list[list[str]]:
    """The rows as the page shows them, every cell formatted here in one pass:
    a template macro called per cell was a third of a trainee's page's CPU
    (issue 30). A missing value shows as a dash; the CSV keeps the raw values."""
    formats: dict[str, Shows] = {**PAGE_FORMATS, "lesson": lambda value, _: lesson_title(value),
                                 "cell": lambda value, lesson: cell_name(lesson, value)}
    shows = [formats.get(c.fmt, lambda value, _: str(value)) for c in table.columns]
    at = table.header.index("lesson") if "lesson" in table.header else None
    return [["\u2013" if value is None or value == "" else show(value, "" if at is None else row[at])
             for show, value in zip(shows, row)] for row in table.rows]


def _median(values: Iterable[int | None]) -> int | None:
    known = [v for v in values if v is not None]
    return round(statistics.median(known)) if known else None


def _pct(right: int, total: int) -> int | None:
    return round(100 * right / total) if total else None


# --- the matrix -----------------------------------------------------------------------------

@dataclass(frozen=True)
class LessonColumn:
    slug: str
    title: str
    cells: tuple[str, ...]          # the interactive cells' ids
    due: date | None                # None: not assigned, shown because someone worked on it


@dataclass(frozen=True)
class Progress:
    done: int
    cells: int
    attempts: int
    right: int
    due: date | None
    overdue: bool

    @property
    def score(self) -> int | None:
        return _pct(self.right, self.attempts)

    @property
    def complete(self) -> bool:
        return self.done == self.cells


@dataclass(frozen=True)
class Best:
    """A trainee's result in one audition: the best score of their finished
    runs; passed if any run passed (the house default, GUIDE.md "Auditions":
    as a casino lets a dealer who failed audition again, and a pass stands),
    and at which attempt the first pass came, so the count is never hidden."""
    score: int | None
    passed: bool
    runs: int                       # finished runs
    passed_at: int | None = None    # the attempt number of the first passed run


def best_of(runs: Iterable[Any]) -> Best:
    """`runs`: webapp.audition_store.Run, one trainee's runs of one audition."""
    runs = list(runs)
    scores = [r.score for r in runs if r.score is not None]
    passes = [r.attempt for r in runs if r.passed]
    return Best(max(scores, default=None), bool(passes), len(scores), min(passes, default=None))


@dataclass(frozen=True)
class AuditionColumn:
    id: int
    title: str
    due: date


@dataclass(frozen=True)
class AuditionProgress:
    best: Best
    due: date
    overdue: bool                   # past its due date (end of the day, UTC) and not passed


@dataclass
class Matrix:
    trainees: list[Member]
    lessons: list[LessonColumn]
    cells: dict[tuple[int, str], Progress]
    auditions: list[AuditionColumn] = field(default_factory=list)
    results: dict[tuple[int, int], AuditionProgress] = field(default_factory=dict)

    def at(self, user_id: int, slug: str) -> Progress:
        return self.cells[(user_id, slug)]

    def result(self, user_id: int, audition_id: int) -> AuditionProgress:
        return self.results[(user_id, audition_id)]


MATRIX_COLUMNS = (
    Column("trainee", "Trainee"), Column("lesson", "Lesson"), Column("lesson_title", "Title"),
    Column("due", "Due"), Column("cells_done", "Cells done", "int"), Column("cells", "Cells", "int"),
    Column("complete", "Complete"), Column("attempts", "Attempts", "int"), Column("right", "Right", "int"),
    Column("score_pct", "Score", "pct"), Column("overdue", "Overdue"), Column("kind", "Kind"),
)


def lesson_columns(library, assigned: Sequence[Assignment], worked_on: Iterable[str]) -> list[LessonColumn]:
    """The assigned lessons by due date, then the other lessons the cohort worked on, in library order."""
    def column(slug: str, due: date | None) -> LessonColumn:
        lesson = library.lessons[slug]
        return LessonColumn(slug, lesson.title, tuple(c.id for c in lesson.interactive_cells), due)
    shown = [column(a.target, a.due) for a in assigned if a.kind == "lesson" and a.target in library.lessons]
    slugs = {c.slug for c in shown}
    worked = set(worked_on)
    shown += [column(slug, None) for slug in library.lessons if slug in worked and slug not in slugs]
    return shown


def matrix(trainees: list[Member], lessons: list[LessonColumn], done_cells: Iterable[tuple[int, str, str]],
           scores: Iterable[tuple[int, str, int, int]], today: date,
           auditions: Sequence[AuditionColumn] = (), runs: Iterable[Any] = ()) -> Matrix:
    """`done_cells`: (user, lesson, cell) finished; `scores`: (user, lesson, attempts, right);
    `runs`: the trainees' runs (webapp.audition_store.Run) of the assigned `auditions`."""
    done: dict[tuple[int, str], set[str]] = defaultdict(set)
    for user_id, slug, cell in done_cells:
        done[(user_id, slug)].add(cell)
    counts = {(u, s): (n, r) for u, s, n, r in scores}
    cells = {}
    for t in trainees:
        for col in lessons:
            n_done = len(done[(t.id, col.slug)] & set(col.cells))
            attempts, right = counts.get((t.id, col.slug), (0, 0))
            overdue = col.due is not None and today > col.due and n_done < len(col.cells)
            cells[(t.id, col.slug)] = Progress(n_done, len(col.cells), attempts, right, col.due, overdue)
    by_trainee: dict[tuple[int, int], list[Any]] = defaultdict(list)
    for run in runs:
        by_trainee[(run.user_id, run.audition_id)].append(run)
    results = {}
    for t in trainees:
        for a in auditions:
            best = best_of(by_trainee[(t.id, a.id)])
            results[(t.id, a.id)] = AuditionProgress(best, a.due, today > a.due and not best.passed)
    return Matrix(trainees, lessons, cells, list(auditions), results)


def matrix_table(m: Matrix) -> Table:
    rows = []
    for t in m.trainees:
        for col in m.lessons:
            p = m.at(t.id, col.slug)
            rows.append((t.username, col.slug, col.title, p.due.isoformat() if p.due else "", p.done, p.cells,
                         "yes" if p.complete else "no", p.attempts, p.right, p.score, "yes" if p.overdue else "no",
                         "lesson"))
        for a in m.auditions:
            r = m.result(t.id, a.id)
            rows.append((t.username, str(a.id), a.title, a.due.isoformat(), None, None,
                         "yes" if r.best.passed else "no", r.best.runs, None, r.best.score,
                         "yes" if r.overdue else "no", "audition"))
    return Table("matrix", "Progress by trainee and lesson", MATRIX_COLUMNS, rows)


# --- item analysis --------------------------------------------------------------------------

@dataclass
class Item:
    """What the class did with one cell, or with one rule."""
    attempts: int = 0
    trainees: set[int] = field(default_factory=set)
    first_tries: int = 0
    first_right: int = 0
    times: list[int] = field(default_factory=list)
    wrong: Counter = field(default_factory=Counter)

    def add(self, attempt: dict, first: bool) -> None:
        self.attempts += 1
        self.trainees.add(attempt["user_id"])
        self.first_tries += int(first)
        self.first_right += int(first and bool(attempt["correct"]))
        if attempt["elapsed_ms"] is not None:
            self.times.append(attempt["elapsed_ms"])
        if not attempt["correct"]:
            self.wrong[attempt["step"] or attempt["answer"] or "(empty)"] += 1

    @property
    def first_try_pct(self) -> int | None:
        return _pct(self.first_right, self.first_tries)

    def wrong_most(self) -> str:
        """The wrong answers given most, most first: `answer (n)`, separated by ` | `."""
        return " | ".join(f"{text} ({n})" for text, n in
                          sorted(self.wrong.items(), key=lambda kv: (-kv[1], kv[0]))[:WRONG_SHOWN])

    def numbers(self) -> tuple:
        return (len(self.trainees), self.attempts, self.first_tries, self.first_right, self.first_try_pct,
                _median(self.times), self.wrong_most())


ITEM_NUMBERS = (
    Column("trainees", "Trainees", "int"), Column("attempts", "Attempts", "int"),
    Column("first_tries", "First tries", "int"), Column("first_try_right", "Right first time", "int"),
    Column("first_try_pct", "First-try accuracy", "pct"), Column("median_ms", "Median time", "ms"),
    Column("wrong_most", "Wrong answers given most"),
)
CELL_COLUMNS = (Column("lesson", "Lesson", "lesson"), Column("cell", "Cell", "cell"), *ITEM_NUMBERS)
RULE_COLUMNS = (Column("rule", "Rule", "rule"), *ITEM_NUMBERS)


def first_tries(attempts: Iterable[dict]) -> list[tuple[dict, bool]]:
    """Each attempt with whether it was a first try (see the module's docstring)."""
    last: dict[tuple[int, str, str], bool] = {}
    marked = []
    for a in sorted(attempts, key=lambda a: a["id"]):
        key = (a["user_id"], a["lesson"], a["cell"])
        marked.append((a, last.get(key, True)))
        last[key] = bool(a["correct"])
    return marked


def _hardest_first(items: dict[Any, Item]) -> list[tuple[Any, Item]]:
    """Lowest first-try accuracy first, then most attempts."""
    return sorted(items.items(), key=lambda kv: (kv[1].first_try_pct if kv[1].first_try_pct is not None else 101,
                                                 -kv[1].attempts, kv[0]))


def item_analysis(attempts: Iterable[dict]) -> tuple[Table, Table]:
    """(per cell, per rule), hardest first."""
    by_cell: dict[tuple[str, str], Item] = defaultdict(Item)
    by_rule: dict[str, Item] = defaultdict(Item)
    for a, first in first_tries(attempts):
        by_cell[(a["lesson"], a["cell"])].add(a, first)
        if a["rule"]:
            by_rule[a["rule"]].add(a, first)
    cells = Table("items-by-cell", "Item analysis by cell", CELL_COLUMNS,
                  [(lesson, cell, *item.numbers()) for (lesson, cell), item in _hardest_first(by_cell)])
    rules = Table("items-by-rule", "Item analysis by rule", RULE_COLUMNS,
                  [(rule, *item.numbers()) for rule, item in _hardest_first(by_rule)])
    return cells, rules


# --- one trainee ----------------------------------------------------------------------------

ATTEMPTS_COLUMNS = (
    Column("attempt_id", "#", "int"), Column("trainee", "Trainee"), Column("created_at", "When (UTC)", "when"),
    Column("lesson", "Lesson", "lesson"), Column("cell", "Cell", "cell"), Column("step_or_answer", "Step or answer"),
    Column("correct", "Right"), Column("rule", "Rule", "rule"), Column("hint_level", "Hint level", "int"),
    Column("elapsed_ms", "Time", "ms"),
)
DAY_COLUMNS = (Column("day", "Day (UTC)", "day"), Column("attempts", "Attempts", "int"), Column("right", "Right", "int"),
               Column("accuracy_pct", "Accuracy", "pct"), Column("median_ms", "Median time", "ms"))
MISSED_COLUMNS = (Column("rule", "Rule", "rule"), Column("misses", "Misses", "int"),
                  Column("attempts", "Attempts citing it", "int"), Column("last_miss", "Last miss (UTC)", "when"))
CELL_TIME_COLUMNS = (Column("lesson", "Lesson", "lesson"), Column("cell", "Cell", "cell"),
                     Column("attempts", "Attempts", "int"), Column("right", "Right", "int"),
                     Column("total_ms", "Total time", "ms"), Column("median_ms", "Median time", "ms"))


def attempts_table(attempts: Iterable[dict], names: dict[int, str], name: str = "attempts") -> Table:
    """The attempts as rows; given an iterator (not a list) the rows are one
    too, made as the CSV is written (webapp/instructor/csvout.py streams them)."""
    rows = ((a["id"], names.get(a["user_id"], ""), a["created_at"], a["lesson"], a["cell"], a["step"] or a["answer"],
             "yes" if a["correct"] else "no", a["rule"], a["hint_level"], a["elapsed_ms"]) for a in attempts)
    return Table(name, "Attempts", ATTEMPTS_COLUMNS, rows if not isinstance(attempts, list) else list(rows))


def by_day(attempts: Iterable[dict]) -> Table:
    days: dict[str, list[dict]] = defaultdict(list)
    for a in attempts:
        days[a["created_at"][:10]].append(a)
    rows = []
    for day in sorted(days):
        group = days[day]
        right = sum(1 for a in group if a["correct"])
        rows.append((day, len(group), right, _pct(right, len(group)), _median(a["elapsed_ms"] for a in group)))
    return Table("by-day", "Accuracy and speed by day", DAY_COLUMNS, rows)


def rules_missed(attempts: Iterable[dict]) -> Table:
    citing: Counter = Counter()
    misses: Counter = Counter()
    last: dict[str, str] = {}
    for a in attempts:
        if a["rule"]:
            citing[a["rule"]] += 1
            if not a["correct"]:
                misses[a["rule"]] += 1
                last[a["rule"]] = max(last.get(a["rule"], ""), a["created_at"])
    rows = [(rule, n, citing[rule], last[rule]) for rule, n in sorted(misses.items(), key=lambda kv: (-kv[1], kv[0]))]
    return Table("rules-missed", "Rules missed", MISSED_COLUMNS, rows)


def cell_times(attempts: Iterable[dict]) -> Table:
    cells: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for a in attempts:
        cells[(a["lesson"], a["cell"])].append(a)
    rows = [(lesson, cell, len(group), sum(1 for a in group if a["correct"]),
             sum(a["elapsed_ms"] or 0 for a in group), _median(a["elapsed_ms"] for a in group))
            for (lesson, cell), group in sorted(cells.items())]
    return Table("cell-times", "Time per cell", CELL_TIME_COLUMNS, rows)


AUDITION_COLUMNS = (Column("audition", "Audition"), Column("started_at", "Started", "when"), Column("status", "Status"),
                    Column("score", "Score", "pct"), Column("passed", "Passed"), Column("time_used", "Time used"),
                    Column("certificate", "Certificate"), Column("attempt", "Attempt", "int"),
                    Column("accommodation", "Accommodation"))


def audition_results(runs: Iterable[Any], titles: dict[int, str], max_runs: Mapping[int, int] | None = None) -> Table:
    """A trainee's audition runs (webapp.audition_store.Run), newest first; `max_runs`
    (each audition's retake limit) tells a run an accommodation's extra attempt allowed."""
    rows = [(titles.get(r.audition_id, f"audition {r.audition_id}"), r.started_at, r.status, r.score,
             "yes" if r.passed else "no", r.time_used(), r.certificate or "", r.attempt,
             r.accommodation((max_runs or {}).get(r.audition_id, 0))) for r in runs]
    return Table("auditions", "Audition results", AUDITION_COLUMNS, rows)


# --- downs --------------------------------------------------------------------------------------

DOWN_COLUMNS = (Column("down", "Down"), Column("started_at", "Started", "when"), Column("status", "Status"),
                Column("hands", "Hands dealt", "int"), Column("accuracy_pct", "Right at the first try", "pct"),
                Column("rulings", "Rulings right"), Column("amounts", "Amounts right"),
                Column("pace", "Hands an hour", "int"), Column("pace_standard", "House pace", "int"),
                Column("again", "Hands to look at again"), Column("extra_time", "Extra time"))


def down_results(runs: Iterable[tuple[Any, Any]], names: dict[int, str] | None = None) -> Table:
    """Downs, newest first: `runs` is (webapp.down_store.Run, its Score); with
    `names` (user id -> name), a cohort's, each row led by its trainee."""
    rows = [((names[r.user_id],) if names is not None else ()) +
            (r.title, r.started_at, r.status, s.hands, s.accuracy, f"{s.rulings_right}/{s.rulings}",
             f"{s.amounts_right}/{s.amounts}", round(s.pace) if s.pace is not None else None,
             round(s.pace_standard), " ".join(map(str, s.again)),
             f"{r.extra_time_pct}%" if r.extra_time_pct else "") for r, s in runs]
    columns = ((Column("trainee", "Trainee"),) if names is not None else ()) + DOWN_COLUMNS
    return Table("downs", "Downs", columns, rows)


# --- sprint readiness ---------------------------------------------------------------------------

READINESS_COLUMNS = (Column("trainee", "Trainee"), Column("kind", "Kind"), Column("items", "Items", "int"),
                     Column("accuracy_pct", "Recent accuracy", "pct"), Column("median_s", "Median time (s)"),
                     Column("target_s", "Target (s)"), Column("target_pct", "Target accuracy", "pct"),
                     Column("readiness", "Readiness", "int"), Column("leech", "Missed again and again"),
                     Column("extra_time", "Run with extra time"))


def readiness_table(ready: Iterable[tuple[str, Any]], name: str = "sprint-readiness") -> Table:
    """One row per trainee and kind sprinted: `ready` is (user name,
    webapp.sprint_store.KindReadiness), each trainee's kinds in the engine's order."""
    rows = [(who, r.kind, r.items, round(r.readiness.accuracy), round(r.readiness.median_seconds, 1),
             r.target_seconds, r.target_accuracy, round(r.readiness.readiness), "yes" if r.readiness.leech else "",
             r.extra_time)
            for who, r in ready]
    return Table(name, "Sprint readiness by trainee and kind", READINESS_COLUMNS, rows)
