"""What a sprint item is, and how a kind of item is drawn and answered.

A kind is two functions (`Kind`): `draw` takes the situation from a seeded
random source (stakes, stacks, cards), `ask` works the answer out with the
engine's own rules (engine.money.pots, engine.hand.rake, engine.betting.rulings, ...). The two
are apart so that the tests can deal the drawn situation as a whole hand and
compare what the hand does with the item's answer.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar

from engine.house import HouseRules

FORMS = ("chips", "chips-list", "choice")
S = TypeVar("S")


@dataclass(frozen=True)
class SprintItem:
    """One timed question: the situation as the trainee sees it and its answer."""
    kind: str
    number: int                 # 1-based position in the set
    situation: str              # never contains the answer
    answer: str                 # "135", "200 / 210", or a choice's text
    answer_form: str            # one of FORMS
    choices: tuple[str, ...]    # for "choice"; else ()
    rule: str                   # the rule drilled, e.g. "6.6"
    explanation: str            # how the answer is worked out, citing the rule


@dataclass(frozen=True)
class SprintVerdict:
    correct: bool
    message: str
    malformed: bool


@dataclass(frozen=True)
class Drawn:
    """An item before it is numbered: what `Kind.ask` returns."""
    situation: str
    answer: str
    rule: str
    explanation: str
    answer_form: str = "chips"
    choices: tuple[str, ...] = ()

    def numbered(self, kind: str, number: int) -> SprintItem:
        return SprintItem(kind, number, self.situation, self.answer, self.answer_form, self.choices,
                          self.rule, self.explanation)


@dataclass(frozen=True)
class Kind(Generic[S]):
    """A kind of item: `draw` a situation of type S, `ask` its question."""
    name: str
    title: str
    draw: Callable[[random.Random, HouseRules], S]
    ask: Callable[[S, HouseRules], Drawn]

    def make(self, rng: random.Random, house: HouseRules) -> Drawn:
        return self.ask(self.draw(rng, house), house)


AnyKind = Kind[Any]


def chips(amount: int) -> str:
    """An amount as a dealer reads it out: 1,250."""
    return f"{amount:,}"


def seat_list(seats: list[int]) -> str:
    names = [f"seat {s}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def stakes(rng: random.Random, house: HouseRules) -> tuple[int, int]:
    """Blinds (small, big) a card room spreads, in the house's lowest chip."""
    unit = house.lowest_chip
    table = [(sb, bb) for sb, bb in ((1, 2), (2, 5), (5, 10), (10, 20), (25, 50), (50, 100), (100, 200))
             if sb % unit == 0 and bb % unit == 0]
    return rng.choice(table) if table else (unit, 2 * unit)


def multiple(rng: random.Random, low: int, high: int, step: int) -> int:
    """A random multiple of `step` in [low, high] (low itself when none)."""
    first = -(-low // step) * step
    if first > high:
        return low
    return first + step * rng.randint(0, (high - first) // step)
