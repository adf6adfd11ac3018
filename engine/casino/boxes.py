"""Casino Hold'em's boxes (CH ¶2): a player's wagers on the layout, its cards
and decision, and how it was settled (`BoxSettlement`, with the dealer's lines).
The round that deals and settles them: engine/casino/round.py."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from engine.cards.deck import Card
from engine.cards.rankings import HandValue
from engine.cards.showdown import best_hand
from engine.steps import Expected


def _best_high(cards: list[Card], board: list[Card]) -> HandValue:
    """The best high hand of a box's (or the dealer's) cards and the board."""
    hand = best_hand("high", cards, board)
    assert hand is not None       # a high hand always exists
    return hand


@dataclass
class Box:
    box: int
    name: str
    ante: int            # the wagers as placed
    bonus: int
    blind: bool          # a player's extra box (CH ¶2)
    call: int = 0
    layout: dict[str, int] = field(default_factory=lambda: {"ante": 0, "call": 0, "bonus": 0})  # chips there now
    cards: list[Card] = field(default_factory=list)
    decision: str = ""
    folded: bool = False
    opened: bool = False     # face up for the dealer to read
    done: bool = False       # settled, its chips moved

    @property
    def in_play(self) -> bool:
        return not self.folded

    @property
    def on_layout(self) -> int:
        return sum(self.layout.values())


@dataclass
class BoxSettlement:
    """How one box was settled, with the lines a dealer would say."""
    box: int
    name: str
    blind: bool
    outcome: str              # "win", "lose", "push" or "fold"
    hand: str | None          # the box's best five of seven
    ante: int
    call: int
    bonus: int
    ante_won: int = 0         # winnings paid on each wager
    call_won: int = 0
    bonus_won: int = 0
    bonus_result: str = ""    # "win", "lose" or "" (no bonus)
    returned: int = 0         # stakes given back to the player
    lost: int = 0             # stakes taken by the bank
    withheld: int = 0         # winnings over the table maximum, not paid (CH ¶13)
    lines: list[str] = field(default_factory=list)

    @property
    def paid(self) -> int:
        return self.ante_won + self.call_won + self.bonus_won

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["paid"] = self.paid
        return data


@dataclass
class _Item:
    exp: Expected
    detail: str = ""     # why exactly this choice (qualify, pay/take/push)
    plan: BoxSettlement | None = None
    last: bool = False   # the box's last settlement step
