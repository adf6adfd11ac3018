"""A Casino Hold'em round as a lesson cell gives it: boxes, wagers,
decisions, deck (CH ¶1-¶3), checked key by key."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.cards.deck import Card, parse_cards
from engine.casino.game import CASINO_HOLDEM, DEFAULT_BANK
from engine.house import HouseRules
from engine.steps import ScenarioError


@dataclass
class CasinoScenario:
    """Everything needed to replay one round: boxes, decisions, deck."""
    boxes: dict[int, tuple[str, int, int]] = field(default_factory=dict)   # box -> (name, ante, bonus)
    decisions: dict[int, str] = field(default_factory=dict)   # open box -> "call" | "fold"
    seed: int | str = 1
    stack: tuple[Card, ...] = ()                              # cards forced to the top of the deck
    house: str | HouseRules = "main"
    chips: dict[str, int] = field(default_factory=dict)       # player -> chips before the round
    bank: int = DEFAULT_BANK
    game: str = CASINO_HOLDEM.name

    LESSON_KEYS = frozenset({"id", "type", "title", "prompt", "ask", "choices", "about"})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "CasinoScenario":
        """Build from a lesson cell's TOML table; messages name the key at fault."""
        known = {"boxes", "decisions", "seed", "stack", "house", "chips", "bank", "game"}
        unknown = set(data) - known - cls.LESSON_KEYS
        if unknown:
            raise ScenarioError(f"unknown key(s) {', '.join(sorted(unknown))}; a Casino Hold'em "
                                f"round takes {', '.join(sorted(known))}")
        game = data.get("game", CASINO_HOLDEM.name)
        if game != CASINO_HOLDEM.name:
            raise ScenarioError(f"game {game!r}: this scenario type deals {CASINO_HOLDEM.name}")
        raw = data.get("boxes")
        if not isinstance(raw, dict) or not raw:
            raise ScenarioError('boxes must be a table like boxes = { 1 = ["Ann", 10, 5], '
                                '4 = ["Ben", 20, 0] } (box = [player, ante, bonus])')
        boxes = {}
        for key, value in raw.items():
            box = _box_number(key, "boxes")
            if (not isinstance(value, (list, tuple)) or len(value) not in (2, 3)
                    or not isinstance(value[0], str) or not value[0].strip()):
                raise ScenarioError(f'box {box} must be ["Name", ante] or ["Name", ante, bonus]')
            name, ante, bonus = value[0].strip(), value[1], value[2] if len(value) == 3 else 0
            if isinstance(ante, bool) or not isinstance(ante, int) or ante <= 0:
                raise ScenarioError(f"box {box}: the ante must be a whole number of chips above 0, "
                                    f"not {ante!r} (CH ¶1)")
            if isinstance(bonus, bool) or not isinstance(bonus, int) or bonus < 0:
                raise ScenarioError(f"box {box}: the bonus must be a whole number of chips, 0 for "
                                    f"none, not {bonus!r} (CH ¶1, ¶4)")
            boxes[box] = (name, ante, bonus)
        raw_decisions = data.get("decisions", {})
        if not isinstance(raw_decisions, dict):
            raise ScenarioError('decisions must be a table like decisions = { 1 = "call", 4 = "fold" }')
        decisions = {}
        for key, value in raw_decisions.items():
            box = _box_number(key, "decisions")
            word = str(value).strip().lower()
            if word not in ("call", "fold"):
                raise ScenarioError(f"decisions: box {box} must \"call\" or \"fold\", not {value!r} "
                                    "(CH ¶3)")
            decisions[box] = word
        try:
            stacked = tuple(parse_cards(data.get("stack", "")))
        except ValueError as exc:
            raise ScenarioError(f"stack: {exc}") from None
        chips = data.get("chips", {})
        if not isinstance(chips, dict):
            raise ScenarioError('chips must be a table like chips = { Ann = 500, Ben = 300 }')
        for name, amount in chips.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise ScenarioError(f"chips: {name} = {amount!r} must be a whole number of chips")
        bank = data.get("bank", DEFAULT_BANK)
        if isinstance(bank, bool) or not isinstance(bank, int) or bank < 0:
            raise ScenarioError(f"bank must be a whole number of chips, not {bank!r}")
        return cls(boxes=boxes, decisions=decisions, seed=data.get("seed", 1), stack=stacked,
                   house=data.get("house", "main"), chips=dict(chips), bank=bank)


def _box_number(key: object, where: str) -> int:
    text = str(key).strip()
    if not text.isdigit() or not 1 <= int(text) <= CASINO_HOLDEM.max_boxes:
        raise ScenarioError(f"{where}: {key!r} is not a box; the boxes are 1 to "
                            f"{CASINO_HOLDEM.max_boxes} (CH ¶1)")
    return int(text)
