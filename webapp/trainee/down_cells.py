"""Down cells: a lesson's ```down cell, a run of hands at one table (issue 32).

The cell's TOML is the engine's down spec (engine.DownSpec.from_dict: game or
rotation, house, seats, players, stakes, stacks, hands or minutes, seed, the
rates of events, irregularities and amounts asked) plus its words (`id`,
`title`, `prompt`). At load the spec is read and the first hand dealt, so a
bad key is the lesson's `file:line` (DownError names the key at fault).

A down is worked out from its spec and seed alone, so the web app keeps no
hand: `down_of(spec, seed)` is the engine's Down, one per process and run
(bounded LRU), which works its hands out lazily and keeps them; each hand's
prompts (rulings and amounts, each with its `at`) become a Prompt here: the
question, and the point of the hand where it is asked (engine.find_checkpoint),
which the hand waits at, like a lesson's question with `at`.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine import (Checkpoint, Down, DownError, DownHand, DownSpec, Question, TableCell, amount_question,
                    build_question, find_checkpoint, stand, without_totals)

WORDING = ("id", "title", "prompt")
LOAD_SEED = 1          # the seed of the hand dealt at load when the cell gives none
CACHE_SIZE = 256       # downs kept per process (a class's runs at once)


class DownCellError(ValueError):
    """A down cell the lesson cannot hold: `key` names the line at fault."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class DownPlan:
    """A lesson's down: the spec's TOML (what every run of it deals) and its words."""
    spec: str                        # the spec's TOML as JSON, sorted: the key of the kept downs
    title: str = ""
    prompt: str = ""
    hands: int | None = None
    minutes: int | None = None
    seed: int | None = None          # a fixed seed: every trainee deals the same down
    games: tuple[str, ...] = ()
    sample: Any = field(default=None, compare=False)   # the Down of LOAD_SEED (or the fixed seed)

    @property
    def data(self) -> dict[str, Any]:
        return dict(json.loads(self.spec))


def spec_data(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in WORDING}


def build(data: dict[str, Any], source: str = "<lesson>") -> DownPlan:
    """The plan of a lesson's down cell; DownCellError names the key at fault."""
    given = spec_data(data)
    try:
        spec = DownSpec.from_dict(given, source=source)
        down = Down(spec)
        down.hand(1)
    except DownError as exc:
        raise DownCellError(_key_of(exc, given), str(exc)) from None
    hands = getattr(spec, "hands", None)
    minutes = getattr(spec, "minutes", None)
    seed = given.get("seed")
    return DownPlan(json.dumps(given, sort_keys=True), str(data.get("title", "")), str(data.get("prompt", "")),
                    hands, minutes, seed if isinstance(seed, int) else None, tuple(getattr(spec, "games", ())),
                    down)


def _key_of(exc: Exception, given: dict[str, Any]) -> str:
    """The cell key a DownError names (its `key`; "stakes.razz.ante" is the
    line of `stakes`), or the cell key its message starts with."""
    key = getattr(exc, "key", None)
    if isinstance(key, str) and key:
        return key.split(".", 1)[0]
    first = str(exc).split(" ", 1)[0].strip(":,'\"")
    return first if first in given else "id"


@lru_cache(maxsize=CACHE_SIZE)
def down_of(spec: str, seed: int) -> Down:
    """The engine's down of a run: its spec (as stored) dealt from its seed."""
    return Down(DownSpec.from_dict({**json.loads(spec), "seed": seed}, source="down"))


# A Down works its hands out in order as they are first asked for and keeps
# them: two threads of a worker asking one down at once take turns.
_working = threading.Lock()


def hand_of(spec: str, seed: int, number: int) -> DownHand:
    """Hand `number` of a run's down."""
    with _working:
        return down_of(spec, seed).hand(number)


@lru_cache(maxsize=CACHE_SIZE * 4)
def table_of(spec: str, seed: int, number: int) -> TableCell:
    """Hand `number`'s table cell, one object per process (webapp.trainee.hands keeps
    replayed hands by the cell object, so it must be the same one every time)."""
    return hand_of(spec, seed, number).cell


@dataclass(frozen=True)
class Prompt:
    """A question the hand asks at a point (`at`): a ruling or an amount."""
    index: int
    ask: str
    question: Question
    checkpoint: Checkpoint

    @property
    def id(self) -> str:
        return "down-prompt"


def before_the_deal(hand: DownHand) -> Checkpoint:
    """Where a prompt `at = "deal"` (a card exposed in the cut, a deck not
    shuffled) is asked: a misdeal's hand is dealt up to the call (its
    total_steps, the forced bets), any other as the hand begins."""
    return Checkpoint("deal", hand.total_steps if hand.misdeal else 0, None, "before the first card is dealt")


@lru_cache(maxsize=CACHE_SIZE * 4)
def prompts_of(spec: str, seed: int, number: int) -> tuple[Prompt, ...]:
    """The prompts of hand `number`, in the order the hand meets them."""
    hand = hand_of(spec, seed, number)
    table = {k: v for k, v in hand.table.items() if k not in WORDING}
    found = []
    cell = table_of(spec, seed, number)
    for index, raw in enumerate(hand.prompts):
        at = raw["at"]
        point = before_the_deal(hand) if at == "deal" else find_checkpoint(cell.new_hand, at)
        if "amount" in raw:     # an amount asked at the table (engine table_prompts): its kind is its `ask` here
            found.append(Prompt(index, str(raw["amount"]), _drawn_at(amount_question(cell, raw), cell, point), point))
            continue
        data = {**table, **{k: v for k, v in raw.items() if k not in ("at", "hand")}}
        found.append(Prompt(index, str(data.get("ask", "")), _drawn_at(build_question(data), cell, point), point))
    return tuple(sorted(found, key=lambda p: (p.checkpoint.steps, p.index)))


def _drawn_at(question: Question, cell: TableCell, point: Checkpoint) -> Question:
    """The question draws the hand as it stands at its point (a player's turn
    inside a round the trainee's table waits before), as a lesson's question
    with `at` does (webapp.lessonfile._draw_at): no card or decision not yet made."""
    if point.steps:
        view = stand(cell.new_hand, point.steps, point.pause)[0].view()
        question.display = {**question.display, "table": without_totals(view) if question.kind == "pots" else view}
    return question


def pace_standard(spec: str, seed: int, hands: int) -> float:
    """Hands per hour the house expects over the games of the first `hands`
    hands (a rotation's standard is the mean of its hands' games)."""
    down = down_of(spec, seed)
    numbers = range(1, max(1, hands) + 1)
    return sum(down.pace_standard(hand_of(spec, seed, n).game) for n in numbers) / len(numbers)

