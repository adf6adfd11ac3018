"""Showdown and pot award for a hand: who wins each pot, and who gets which chips.

Pots are built from what each player put in (main pot, then side pots);
each is awarded on its own to the best eligible hand, ties divided to the
lowest chip in play with the odd chips placed by the house's odd-chip rule
(8.1.5). engine.hand.machine builds the `AwardedPot`s for every game (high, hi-lo
and Double Flop halves); this module keeps the record type and the
explained split used by split questions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Protocol

from engine.money.pots import HeldCards, split_pot


@dataclass
class AwardedPot:
    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int] = field(default_factory=dict)
    explanation: list[str] = field(default_factory=list)
    rule: str = ""
    reason: str = ""
    returned: dict[int, int] = field(default_factory=dict)   # uncalled chips handed back (7.5)
    pot: str = ""          # the pot this award settles, a half's too: "main pot", "side pot 1"...


class ReadsHands(Protocol):
    """A hand that can say each live player's best hand in words (engine.hand.machine.Hand)."""

    def readings(self) -> dict[int, str]: ...


def hand_readings(hand: ReadsHands) -> dict[int, str]:
    """Each live player's best hand in words, at a showdown (empty if none):
    read by the hand itself, with its game's ranking, deck and split
    (engine.hand.machine.Hand.readings; each pot is awarded there too)."""
    return hand.readings()


def split_explained(pot: int, winners: Iterable[int], *, button: int | None, lowest_chip: int,
                    table_seats: int, hands: Mapping[int, HeldCards] | None = None,
                    odd_card: str = "highest_ace_high") -> tuple[dict[int, int], list[str], str]:
    """A tied pot divided as 8.1.5 says; returns (shares, explanation, rule).

    With no button the odd chip follows the highest card by suit, so the
    winners' cards (`hands`) are needed (8.1.5(b))."""
    shares, lines = split_pot(pot, list(winners), button=button, seat_count=table_seats,
                              lowest_chip=lowest_chip, odd_chip="button" if button else "suit",
                              hands=hands or {}, odd_card=odd_card)
    return shares, lines, "8.1.5(a)" if button else "8.1.5(b)"
