"""Drill cells: a fresh generated hand for every attempt (issue 12, item 1).

A ```drill cell names a game, a house profile and what the hand must contain
(`want`, engine.drills.poker.WANTS). At load the library builds the drill's plan
and deals one hand from `LOAD_SEED` to prove the wants can be met, so a want
the game never gives is the lesson's `file:line`, never a trainee's error.

In the notebook every new hand of a drill gets a seed drawn by the server
(`secrets`); it is kept in `cell_state.seed` and on every attempt, never
sent to the browser (the seed gives the deck). The hand is
`engine.drills.poker.generate(game, wants, seed, house)`, built once per process
and seed (`hand_table`, a bounded LRU cache), and shown through the same
table cell view and step route as a table cell (`as_table`).
"""
from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from engine import (DrillError, HouseFileError, Step, TableCell, banked, build_table, checked, generate,
                    get_game, get_house, wants_in_words)

DRILL_KEYS = ("id", "title", "prompt", "game", "house", "want")
LOAD_SEED = 1            # the hand dealt when the lesson loads, to prove the wants can be met
SEED_LIMIT = 2 ** 31     # seeds are 1 .. SEED_LIMIT - 1
NEW_SEED_TRIES = 8       # a fresh seed whose hand cannot be found is drawn again
CACHE_SIZE = 512         # generated hands kept per process


class DrillCellError(ValueError):
    """A drill cell the lesson cannot hold: `key` names the line at fault."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class DrillCell:
    """A lesson's drill: what every hand is dealt from, and the hand dealt at
    load. `rules` are the rules its hands exercise: those cited by the
    dealer steps of the load hand (another seed deals the same game with the
    same wants, so the same procedure), used by *Practise next*."""
    game: str
    house: str
    wants: tuple[str, ...]
    title: str = ""
    prompt: str = ""
    sample: TableCell = field(default=None, compare=False)  # type: ignore[assignment]
    rules: frozenset[str] = frozenset()

    @property
    def in_words(self) -> str:
        """What every hand holds, for people: "at least two side pots"."""
        return wants_in_words(self.wants)

    @property
    def step_kinds(self) -> dict[str, object]:
        """The dealer steps a hand of this game offers: alike for every seed."""
        return self.sample.step_kinds

    @property
    def procedure(self) -> Any:
        """The procedure class every hand of the drill is dealt by (its layout, steps)."""
        return self.sample.procedure

    @property
    def total_steps(self) -> int:
        return self.sample.total_steps

    def new_hand(self) -> Any:
        """The load hand (seed LOAD_SEED), for the library check."""
        return self.sample.new_hand()

    def table(self, seed: int) -> TableCell:
        """The hand dealt from `seed`, as a table cell with the drill's title."""
        return hand_table(self.game, self.wants, self.house, seed, self.title, self.prompt)


@functools.lru_cache(maxsize=CACHE_SIZE)
def hand_table(game: str, wants: tuple[str, ...], house: str, seed: int, title: str = "",
               prompt: str = "") -> TableCell:
    """One generated hand as a table cell; cached so a request never deals
    it again (each generate plays candidates through the engine)."""
    drill = generate(game, wants, seed, house)
    return build_table({**drill.cell, "title": title, "prompt": prompt})


def build(data: dict[str, Any]) -> DrillCell:
    """The drill cell of a lesson's TOML; DrillCellError names the key at fault."""
    extra = sorted(set(data) - set(DRILL_KEYS))
    if extra:
        raise DrillCellError(extra[0], f"a drill cell takes only {', '.join(DRILL_KEYS)}, not "
                                       f"{', '.join(extra)} (the hand is generated: seats, cards and "
                                       "decisions come from its seed)")
    game, house, wants = data.get("game"), data.get("house", "main"), data.get("want")
    if not isinstance(game, str) or not game.strip():
        raise DrillCellError("game", 'a drill needs game = "..." (python -m engine games lists them)')
    if not isinstance(house, str) or not house.strip():
        raise DrillCellError("house", f'house must be a house profile\'s name, e.g. house = "main", not {house!r}')
    try:
        get_house(house)
    except (KeyError, HouseFileError) as exc:
        raise DrillCellError("house", str(exc.args[0] if exc.args else exc)) from None
    if not isinstance(wants, list) or not wants or not all(isinstance(w, str) for w in wants):
        raise DrillCellError("want", 'want must be a list of what the hand must contain, e.g. '
                                     'want = ["side-pots >= 2"] (python -m engine drill --help lists them)')
    try:
        name, house_name, wanted = checked(game, wants, house)
    except DrillError as exc:
        raise DrillCellError("want" if _is_game(game) else "game", str(exc)) from None
    title, prompt = str(data.get("title", "")), str(data.get("prompt", ""))
    try:
        sample = hand_table(name, wanted, house_name, LOAD_SEED, title, prompt)
    except DrillError as exc:
        raise DrillCellError("want", str(exc)) from None
    return DrillCell(name, house_name, wanted, title, prompt, sample, rules_exercised(sample))


def _is_game(name: str) -> bool:
    if banked(name):
        return True
    try:
        get_game(name)
    except KeyError:
        return False
    return True


def rules_exercised(table: TableCell) -> frozenset[str]:
    """The rules cited by the dealer steps of a hand dealt to the end."""
    hand = table.new_hand()
    rules = set()
    while (due := hand.expected()) is not None:
        verdict = hand.propose(due.step())
        if not verdict.ok:
            break
        if verdict.rule:
            rules.add(verdict.rule)
    return frozenset(rules)


def new_seed(drill: DrillCell, old: int | None = None,
             draw: Callable[[int], int] = secrets.randbelow) -> int:
    """A fresh seed for a new hand, other than `old`, whose hand can be dealt
    (a seed whose candidates all miss the wants is drawn again; after
    NEW_SEED_TRIES the load hand's seed, which is known to deal)."""
    for _ in range(NEW_SEED_TRIES):
        seed = draw(SEED_LIMIT - 1) + 1
        if seed == old:
            continue
        try:
            drill.table(seed)
        except DrillError:
            continue
        return seed
    return LOAD_SEED


def as_table(cell: Any, state: dict) -> tuple[Any, str | None]:
    """A drill cell shown as the table cell of the trainee's hand (state's
    seed; one is drawn into `state` if it has none) and a notice if the
    stored seed no longer deals under an edited lesson (a new seed then)."""
    drill: DrillCell = cell.engine
    notice = None
    if state.get("seed") is None:
        state["seed"] = new_seed(drill)
    try:
        table = drill.table(state["seed"])
    except DrillError:
        state["seed"], state["steps"], state["done"] = new_seed(drill), [], 0
        table = drill.table(state["seed"])
        notice = "This drill was edited since your last visit; a new hand is dealt."
    return replace(cell, kind="table", engine=table), notice


def replay(drill: DrillCell, seed: int, steps: list[dict]) -> Any:
    """An attempt's hand replayed exactly: the drill's hand from `seed`
    (generate(game, wants, seed, house)) with the stored steps (under the
    house's earlier defaults if they were stored under them)."""
    return drill.table(seed).new_hand().replay_stored(Step.from_dict(s) for s in steps)
