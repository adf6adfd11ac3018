"""Mastery per rule and per game, and the spaced review of missed rules.

Everything here is computed from the `attempts` table alone (no state of
its own, so no migration): every attempt already carries its rule, whether
it was right, the thinking time and when it was made. The functions that
compute are pure (attempts and a time in, results out) so the unit tests
drive them with a fake clock; `now()` is the one clock the pages read, and
tests replace it with `app.config["CLOCK"]` (a callable returning an aware
`datetime`).

**Mastery = the last N attempts, not lifetime totals.** For each rule we
take that trainee's last `RULE_WINDOW` (10) attempts citing it; for each
game the last `GAME_WINDOW` (20) attempts in that game's cells. Accuracy is
the share of those that were right, speed the median `elapsed_ms` among
them (attempts without a time are left out of the median). A fixed window
was chosen over an exponentially weighted accuracy because a trainee can
check it by hand ("7 of your last 10") and because old mistakes drop out
completely after N newer attempts, which is what "recent" should mean; a
weighted average never quite forgets and its number is hard to explain.

**The game of an attempt** is read from the lesson cell it was made in
(`game_of_cells`): the cell's own `game` key; else a table cell, or a
question with a hand of its own (`seats`), is Hold'em, the engine's default
game for a scenario; else (a pot to split, a ruling, a situation with no
hand) the game its lesson deals when the lesson belongs to a game family
and all its cells deal one game; else the lesson's family (Hand reading,
Betting, pots and money, Table procedure: topics taught across games).
Attempts in a lesson or cell no longer in the library count as "Lessons no
longer in the library".

**The review schedule** (`review_items`): a miss on a rule opens (or
reopens) a review item due `INTERVALS[0]` (1 day) after the miss. A right
answer on that rule given once the item is due moves it up the ladder
1 -> 3 -> 7 -> 14 days, counted from that right answer; a right answer
before the item is due counts for mastery but not for the schedule (a
step put right a second after the miss shows nothing about memory); a
miss at any time starts again at 1 day from the miss. A right answer to
the 14-day review retires the item. An item is listed under *Practise
next* once it is due; before that, a rule just missed (and not answered
right since) is listed to practise now (`just_missed`, issue 29 finding 7).
"""
from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, timezone
from typing import Callable, Iterable

from flask import current_app, has_app_context

from engine import CASINO_HOLDEM, get_game, rule_label
from webapp.lessonfile import FAMILIES

RULE_WINDOW = 10
GAME_WINDOW = 20
INTERVALS = (timedelta(days=1), timedelta(days=3), timedelta(days=7), timedelta(days=14))
# Fewer recent attempts than this and a rule or game is "new": too few to judge.
MIN_ATTEMPTS = 3
# Game families (lessonfile.FAMILIES) whose lessons teach one game each.
GAME_FAMILIES = {"flop", "stud", "draw", "manila", "banked"}
REMOVED = "removed"


def now() -> datetime:
    """The time the pages judge "due" by: `app.config["CLOCK"]()` if set (tests), else UTC now."""
    clock: Callable[[], datetime] | None = current_app.config.get("CLOCK") if has_app_context() else None
    value = clock() if clock else datetime.now(timezone.utc)
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def parse_time(text: str) -> datetime:
    """An attempt's `created_at` (ISO 8601, UTC) as an aware datetime."""
    value = datetime.fromisoformat(text)
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def readable(value: datetime | str | None) -> str:
    """A time for people, in UTC: "3 Dec 2026, 15:09" (an ISO text or a datetime)."""
    if not value:
        return ""
    at = parse_time(value) if isinstance(value, str) else value
    return f"{at.day} {at:%b %Y, %H:%M}"


def readable_day(value: date | str | None) -> str:
    """A day for people: "1 Dec 2026" (a date, or an ISO date or time text)."""
    if not value:
        return ""
    day = date.fromisoformat(value[:10]) if isinstance(value, str) else value
    return f"{day.day} {day:%b %Y}"


def lesson_title(library, slug: str) -> str:
    """A lesson's title for people; a lesson gone, its slug and so."""
    lesson = library.lessons.get(slug)
    return lesson.title if lesson is not None else f"{slug} (no longer in the library)"


def cell_name(library, slug: str, cell_id: str) -> str:
    """A cell's title for people, else its id."""
    lesson = library.lessons.get(slug)
    cell = lesson.cell(cell_id) if lesson is not None else None
    return str(cell.data.get("title") or cell_id) if cell is not None else cell_id


def cell_title(library, slug: str, cell_id: str) -> str:
    """Where an attempt was made, for people: "Hold'em 1: dealing a hand · Deal a hand"
    (the lesson's title, then the cell's, else its id); a lesson gone, its slug."""
    return f"{lesson_title(library, slug)} · {cell_name(library, slug, cell_id)}"


# --- mastery -------------------------------------------------------------------------------

@dataclass
class Mastery:
    key: str                 # the rule, or the game's name
    title: str               # what the page shows
    attempts: int            # attempts in the window (at most the window's size)
    right: int
    median_ms: int | None
    last_at: str             # the newest attempt's created_at
    rules: frozenset[str] = frozenset()   # the rules the window's attempts cite
    held_by: tuple[str, ...] = ()         # a game's rules that need work (`capped`)

    @property
    def accuracy(self) -> int:
        return round(100 * self.right / self.attempts) if self.attempts else 0

    @property
    def level(self) -> str:
        """One definition for rules and games (`LEVELS`, shown on the page):
        a miss is never "new", and a game is not "secure" while a rule it
        uses needs work."""
        if self.attempts < MIN_ATTEMPTS and self.right == self.attempts:
            return "new"
        if self.accuracy >= 90 and self.attempts >= MIN_ATTEMPTS and not self.held_by:
            return "secure"
        return "getting there" if self.accuracy >= 70 else "needs work"

    def capped(self, rules: dict[str, "Mastery"]) -> "Mastery":
        """This game's mastery, held below "secure" by the rules it uses that need work."""
        weak = tuple(sorted(r for r in self.rules if r in rules and rules[r].level == "needs work"))
        return replace(self, held_by=weak) if weak else self


# The levels, defined once: the page prints this table beside the mastery tables.
LEVELS = (
    ("new", f"fewer than {MIN_ATTEMPTS} attempts, none of them wrong: too few to judge"),
    ("needs work", "under 70% right (a miss among the first attempts counts at once)"),
    ("getting there", "70% to 89% right; or a game at 90% or more while a rule it uses needs work"),
    ("secure", f"90% or more right over at least {MIN_ATTEMPTS} attempts"),
)


def _ordered(attempts: Iterable[dict]) -> list[dict]:
    """Oldest first, by time and then by id (attempts in one millisecond)."""
    return sorted(attempts, key=lambda a: (parse_time(a["created_at"]), a.get("id") or 0))


def mastery(attempts: Iterable[dict], key: Callable[[dict], str | None], window: int,
            title: Callable[[str], str] = str) -> list[Mastery]:
    """Per key (rule or game): the last `window` attempts' accuracy and median
    time, weakest first (lowest accuracy, then most attempts, then key)."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for attempt in _ordered(attempts):
        k = key(attempt)
        if k:
            groups[k].append(attempt)
    result = []
    for k, group in groups.items():
        recent = group[-window:]
        times = [a["elapsed_ms"] for a in recent if a.get("elapsed_ms") is not None]
        result.append(Mastery(k, title(k), len(recent), sum(1 for a in recent if a["correct"]),
                              round(statistics.median(times)) if times else None, recent[-1]["created_at"],
                              frozenset(a["rule"] for a in recent if a.get("rule"))))
    return sorted(result, key=lambda m: (m.accuracy, -m.attempts, m.key))


def by_rule(attempts: Iterable[dict]) -> list[Mastery]:
    return mastery(attempts, lambda a: a.get("rule") or None, RULE_WINDOW, rule_label)


def by_game(attempts: Iterable[dict], games: dict) -> list[Mastery]:
    """`games`: (lesson, cell) -> game key, from `game_of_cells`."""
    return mastery(attempts, lambda a: games.get((a["lesson"], a["cell"]), REMOVED), GAME_WINDOW, game_title)


def weakest(rules: list[Mastery], n: int = 3) -> list[Mastery]:
    """The n rules with the lowest recent accuracy among those tried at least MIN_ATTEMPTS times
    (or, if none has been, any that were missed)."""
    judged = [m for m in rules if m.attempts >= MIN_ATTEMPTS and m.right < m.attempts]
    return (judged or [m for m in rules if m.right < m.attempts])[:n]


# --- the game of a cell --------------------------------------------------------------------

def _cell_game(cell) -> str | None:
    game = cell.data.get("game")
    if isinstance(game, str) and game:
        return game
    if cell.kind == "table" or "seats" in cell.data:
        return "holdem"
    return None


_games_cache: list = [None, {}]


def game_of_cells(library) -> dict[tuple[str, str], str]:
    """(lesson slug, cell id) -> game key, as the module docstring says; a
    family key is "family:NAME". Cached for the library object (the library
    itself is cached until a lesson file changes)."""
    if _games_cache[0] is library:
        return _games_cache[1]
    games: dict[tuple[str, str], str] = {}
    for lesson in library.lessons.values():
        dealt = {c.id: _cell_game(c) for c in lesson.interactive_cells}
        distinct = {g for g in dealt.values() if g}
        fallback = (next(iter(distinct)) if lesson.family in GAME_FAMILIES and len(distinct) == 1
                    else f"family:{lesson.family}")
        for cell_id, game in dealt.items():
            games[(lesson.slug, cell_id)] = game or fallback
    _games_cache[:] = [library, games]
    return games


def game_title(key: str) -> str:
    if key == REMOVED:
        return "Lessons no longer in the library"
    if key.startswith("family:"):
        return f"{FAMILIES.get(key[7:], key[7:])} (any game)"
    if key == CASINO_HOLDEM.name:
        return CASINO_HOLDEM.title
    try:
        return get_game(key).title
    except KeyError:
        return key


# --- spaced review -------------------------------------------------------------------------

@dataclass
class ReviewItem:
    rule: str
    stage: int               # index into INTERVALS
    since: datetime          # the miss, or the right answer that moved it up the ladder
    last_miss: datetime
    lesson: str              # where it was last missed
    cell: str
    misses: int = 0          # misses among the rule's last RULE_WINDOW attempts (set at the end)
    put_right: bool = False  # answered right since the miss (not yet due): not asked again now

    @property
    def interval(self) -> timedelta:
        return INTERVALS[self.stage]

    @property
    def due(self) -> datetime:
        return self.since + self.interval

    def is_due(self, at: datetime) -> bool:
        return at >= self.due


def review_items(attempts: Iterable[dict]) -> dict[str, ReviewItem]:
    """The open review items, one per rule, replayed from the attempts (see the module docstring)."""
    items: dict[str, ReviewItem] = {}
    recent: dict[str, list[int]] = defaultdict(list)
    for attempt in _ordered(attempts):
        rule = attempt.get("rule")
        if not rule:
            continue
        at = parse_time(attempt["created_at"])
        recent[rule].append(int(bool(attempt["correct"])))
        item = items.get(rule)
        if not attempt["correct"]:
            items[rule] = ReviewItem(rule, 0, at, at, attempt["lesson"], attempt["cell"])
        elif item is not None and item.is_due(at):
            if item.stage + 1 >= len(INTERVALS):
                del items[rule]
            else:
                item.stage, item.since = item.stage + 1, at
        elif item is not None:
            item.put_right = True
    for rule, item in items.items():
        item.misses = recent[rule][-RULE_WINDOW:].count(0)
    return items


def practise_next(items: dict[str, ReviewItem], at: datetime) -> list[ReviewItem]:
    """The items due at `at`: missed most (recently) first, then the latest miss first."""
    due = [i for i in items.values() if i.is_due(at)]
    return sorted(due, key=lambda i: (-i.misses, -i.last_miss.timestamp(), i.rule))


def coming_back(items: dict[str, ReviewItem], at: datetime) -> list[ReviewItem]:
    """The items not yet due, soonest first."""
    return sorted((i for i in items.values() if not i.is_due(at)), key=lambda i: (i.due, i.rule))


def just_missed(items: dict[str, ReviewItem], at: datetime) -> list[ReviewItem]:
    """Rules missed and not yet due (first rung of the ladder), latest miss
    first: worth practising now, while the reason is fresh (issue 29 finding 7),
    though the spaced review only counts them from tomorrow."""
    fresh = [i for i in coming_back(items, at) if i.stage == 0 and not i.put_right]
    return sorted(fresh, key=lambda i: (-i.misses, -i.last_miss.timestamp(), i.rule))


def practice_drill(rule: str, library, game: str | None = None):
    """(lesson, drill cell) whose hands exercise `rule`, or None: a drill of
    `game` (the game where the rule was missed) first, then any. A drill's
    rules are those its load hand's dealer steps cite (webapp.trainee.drill_cells),
    an approximation: every hand of a drill deals the same game with the
    same wants, so the same procedure."""
    drills = [(lesson, cell) for lesson in library.lessons.values() for cell in lesson.interactive_cells
              if cell.kind == "drill" and rule in cell.engine.rules]
    return next((d for d in drills if d[1].engine.game == game), drills[0] if drills else None)


def practice_cell(item: ReviewItem, library, cells_by_rule: dict[str, list[tuple[str, str]]]):
    """(lesson, cell) to practise the item's rule in, or None: a drill cell
    whose new hands exercise the rule, if the library has one (fresh hands
    every time: `practice_drill`); else the cell where it was last missed if
    the library still has it; else a question whose rule it is; else a cell
    whose attempts (anyone's) cite the rule, most attempted first
    (`cells_by_rule`)."""
    def found(slug: str, cell_id: str):
        lesson = library.lessons.get(slug)
        cell = lesson.cell(cell_id) if lesson else None
        return (lesson, cell) if cell is not None else None

    drill = practice_drill(item.rule, library, game_of_cells(library).get((item.lesson, item.cell)))
    if drill:
        return drill
    hit = found(item.lesson, item.cell)
    if hit:
        return hit
    for lesson in library.lessons.values():
        for cell in lesson.interactive_cells:
            if cell.kind == "question" and getattr(cell.engine, "rule", None) == item.rule:
                return lesson, cell
    for slug, cell_id in cells_by_rule.get(item.rule, []):
        hit = found(slug, cell_id)
        if hit:
            return hit
    return None
