"""What a trainee sees of a question before answering it, and whether that
already gives the answer away (issue 27: nothing on screen answers a
question before it is asked).

A question's pre-answer view is what the page shows while the question is
open and unanswered: its own drawn table and facts, the headings above it,
and, for a question about a table cell's hand (`hand = "..."`), that table as
it stands when the question opens: at the question's checkpoint (`at`,
engine.questions.checkpoints), else at the end of the hand. For every question kind
whose answer can be found on such a view, a detector looks for it: the pot
totals of a `pots` question, the award messages naming the winner or the
shares, the table talk showing who acted first, the commission on the drop
slide, the settlement of a Casino Hold'em round, a heading announcing a
scoop or a missing low. `python -m webapp.lessons check` reports each leak
as file:line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any, Callable

from engine import find_checkpoint, showdown_parts, stand


@dataclass
class Shown:
    """One part of a question's pre-answer view."""
    where: str                                       # "its own table", "table cell 'x' ..."
    pot: int | None = None                           # "Pot N" in the middle of the table
    pots: list[tuple[str, int]] = field(default_factory=list)   # the pots listed on the table
    won: dict[int, int] = field(default_factory=dict)           # "+N" on a seat
    commission: int | None = None                    # "Rake N" on the drop slide
    texts: list[str] = field(default_factory=list)   # table talk, messages, facts, headings
    log: list[str] = field(default_factory=list)     # the table talk alone
    table: Any = None                                # the table cell shown, if any
    steps_shown: int = -1


@dataclass(frozen=True)
class Leak:
    """A question whose pre-answer view gives its answer away."""
    cell_id: str
    line: int
    what: str


def _table_shown(view: dict[str, Any], where: str) -> Shown:
    pots = [(str(p["name"]), int(p["amount"])) for p in view.get("pots") or []]
    won = {int(s["seat"]): int(s["won"]) for s in view.get("seats") or [] if s.get("won")}
    pot = view.get("pot")
    return Shown(where, pot if isinstance(pot, int) else None, pots, won,
                 view.get("commission") if isinstance(view.get("commission"), int) else None)


def _at_point(table, steps: int, pause: str | None) -> tuple[dict[str, Any], str]:
    """The table cell's view after `steps` right dealer steps, and the last step's message."""
    hand, message = stand(table.engine.new_hand, steps, pause)
    return hand.view(), message


def _headings(lesson, cell) -> list[str]:
    """The headings between the interactive cell before `cell` and `cell`."""
    index = lesson.cells.index(cell)
    found: list[str] = []
    for before in reversed(lesson.cells[:index]):
        if before.interactive:
            break
        found += [line.lstrip("#").strip() for line in before.source.splitlines() if line.startswith("#")]
    return found


def shown(lesson, cell) -> list[Shown]:
    """Every part of `cell`'s pre-answer view."""
    question = cell.engine
    own = _table_shown(question.display.get("table") or {}, "the question's own table")
    own.texts = [str(f) for f in question.display.get("facts") or []] + [question.prompt]
    parts = [own, Shown("the heading above it", texts=_headings(lesson, cell))]
    if cell.after:
        table = lesson.cell(cell.after)
        point = cell.checkpoint
        steps = point.steps if point is not None else table.engine.total_steps
        view, message = _at_point(table, steps, point.pause if point is not None else None)
        where = (f"table cell {table.id!r} {point.label}" if point is not None
                 else f"table cell {table.id!r} dealt to the end (the question opens then)")
        dealt = _table_shown(view, where)
        dealt.log = list(view.get("log") or [])
        dealt.texts = dealt.log + [message]
        if view.get("finished"):
            dealt.texts += list(view.get("explanations") or [])
        dealt.table, dealt.steps_shown = table, steps
        parts.append(dealt)
    return parts


def _pots(cell, question, views: list[Shown]) -> list[str]:
    names = dict(question.choices)
    asked = [(str(names[i]), amount) for i, amount in sorted(question.answer.items())]
    total = sum(amount for _, amount in asked)
    found = []
    for view in views:
        listed = [f"{name} {amount}" for name, amount in view.pots if (name, amount) in asked]
        if listed:
            found.append(f"{view.where} lists the pots it asks for: {', '.join(listed)}")
        if view.pot == total and total:
            found.append(f"{view.where} shows Pot {total}, the total of the pots it asks for")
        elif view.pot and any(view.pot == amount for _, amount in asked):
            found.append(f"{view.where} shows Pot {view.pot}, one of the pots it asks for")
        for text in view.texts:
            if f"the pot is {total}" in text or any(f"{name} of {amount}" in text for name, amount in asked):
                found.append(f"{view.where} says {text!r}")
    return found


def _awards(cell, question, views: list[Shown]) -> list[str]:
    """Winner, halves and shares: the award messages, or chips pushed, name the answer."""
    found = []
    for view in views:
        if view.won:
            pushed = ", ".join(f"seat {s} +{c}" for s, c in sorted(view.won.items()))
            found.append(f"{view.where} shows the chips already pushed ({pushed})")
        said = [t for t in view.texts if re.search(r"\bwins\b|\bsplit\b.*\bseats?\b|\btakes\b", t)
                and re.search(r"\bSeat \d+\b|\bseats? \d", t) and view.table is not None]
        if said:
            found.append(f"{view.where} says who wins: {said[0]!r}")
    return found


def _opener(cell, question, views: list[Shown]) -> list[str]:
    """first_to_act: the table talk (or the dealer's naming of the stud opener)
    already shows the seat acting first on that round."""
    found = []
    street = cell.data.get("street")
    for view in views:
        if view.table is None or not isinstance(street, str):
            continue
        try:
            point = find_checkpoint(view.table.engine.new_hand, street)
        except ValueError:
            continue
        if view.steps_shown < point.steps:
            continue
        before, _ = _at_point(view.table, point.steps, point.pause)
        known = len(before.get("log") or [])
        first = next(iter(view.log[known:]), None)
        if first is not None and first.startswith(f"Seat {question.answer} "):
            found.append(f"{view.where} shows seat {question.answer} acting first on the {street}: {first!r}")
    return found


def _settlement(cell, question, views: list[Shown]) -> list[str]:
    """casino_settle: the dealer's hand is declared and the boxes settled on the table shown."""
    found = []
    for view in views:
        if view.table is None:
            continue
        point = find_checkpoint(view.table.engine.new_hand, "settlement")
        if view.steps_shown > point.steps:
            done = next((t for t in reversed(view.texts) if t), "")
            found.append(f"{view.where} has the dealer's hand declared and the boxes settled"
                         + (f": {done!r}" if done else ""))
    return found


def _commission(cell, question, views: list[Shown]) -> list[str]:
    return [f"{view.where} shows Rake {view.commission} on the drop slide"
            for view in views if view.commission == question.answer and view.commission]


def _raise_made(cell, question, views: list[Shown]) -> list[str]:
    """largest_bet at a player's turn: the table talk already shows the most
    that player made it (a pot-size raise, a full bet)."""
    point = cell.checkpoint
    if point is None or point.seat is None:
        return []
    made = re.compile(rf"^Seat {point.seat} \(.*\b(to|bets|raises) {question.answer}\b")
    return [f"{view.where} shows seat {point.seat} making it {question.answer}: {line!r}"
            for view in views for line in view.log if made.search(line)][:1]


def _amount(cell, question, views: list[Shown]) -> list[str]:
    """An amount the table asks (ask = "amount", issue 32): the detector of the
    question kind asking the same amount, given the amount as that kind holds it."""
    amounts = [int(a) for a in str(question.answer).split(" / ")]
    kind = cell.data.get("amount")
    if kind == "side-pots":
        # Asked before the collect that forms a side pot: the pot already in the middle is what
        # earlier rounds collected (a main pot closed then stays as it is), seen by any dealer.
        same = SimpleNamespace(choices=list(enumerate(question.labels)), answer=dict(enumerate(amounts)))
        return _pots(cell, same, [replace(view, pot=None) for view in views])
    detect = {"rake": _commission, "pot-limit-max": _raise_made}.get(kind)
    return detect(cell, SimpleNamespace(answer=amounts[0]), views) if detect else []


NO_LOW = re.compile(r"\bno (qualifying )?low\b", re.IGNORECASE)
SCOOP = re.compile(r"\bscoop|\bhigh and low in one hand\b|\bboth halves\b|\bwins both\b", re.IGNORECASE)


def _announced(cell, question, views: list[Shown]) -> list[str]:
    """A heading or text naming the outcome of a divided pot: no qualifying
    low, or one hand taking both halves."""
    data = {k: v for k, v in cell.data.items() if k != "at"}
    try:
        parts = showdown_parts(data)
    except (ValueError, KeyError):
        return []
    main = [p for p in parts if p.pot == 0]
    if len(main) != 2:
        return []
    no_low = main[1].half == "low" and not main[1].winners
    scoop = bool(main[0].winners) and main[0].winners == main[1].winners
    headings = [t for view in views if view.where == "the heading above it" for t in view.texts]
    found = []
    for heading in headings:
        if no_low and NO_LOW.search(heading):
            found.append(f"the heading {heading!r} says no hand qualifies for low")
        if scoop and SCOOP.search(heading):
            found.append(f"the heading {heading!r} says one hand wins both halves")
    return found


# Question kind -> the detectors that can find its answer on a pre-answer view.
DETECTORS: dict[str, tuple[Callable[[Any, Any, list[Shown]], list[str]], ...]] = {
    "pots": (_pots,),
    "winner": (_awards, _announced),
    "halves": (_awards, _announced),
    "shares": (_awards,),
    "first_to_act": (_opener,),
    "casino_settle": (_settlement,),
    "rake": (_commission,),
    "largest_bet": (_raise_made,),
    "amount": (_amount,),
}


def leaks(lesson) -> list[Leak]:
    """Every question of `lesson` whose pre-answer view gives its answer away."""
    found: list[Leak] = []
    for cell in lesson.interactive_cells:
        if cell.kind != "question" or cell.engine.kind not in DETECTORS:
            continue
        views = shown(lesson, cell)
        said: set[str] = set()
        for detect in DETECTORS[cell.engine.kind]:
            for what in detect(cell, cell.engine, views):
                if what not in said:
                    said.add(what)
                    found.append(Leak(cell.id, cell.line, what))
    return found
