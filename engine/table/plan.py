"""What the dealer sets up before a hand (8.1-8.2): the players at the table,
each forced bet posted, the hand's plan (button, posts, deal order, who waits
and why, marker buttons 1.1) and the draw for seats and the first button."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from engine.cards.deck import SUIT_RANK, Card, Deck

# One table event: (verb, args...), as apply_event and the events file use it.
Event: TypeAlias = tuple[Any, ...]
# Table(players=...): names for seats 1, 2, ...; or seat -> name or (name, chips).
Players: TypeAlias = "list[str] | tuple[str, ...] | dict[int, str | tuple[str, int]] | None"

MARKERS = {
    "reserved": "Reserved Button (8.1.3(a))",
    "walking": "Player Walking Button (1.1)",
    "absent": "Absent Button (1.1)",
    "missed": "Missed Blind Button (1.1)",
    "dealt_out": "Dealt-out Button (1.1)",
}

BLIND_NAMES = {1: ("blind",), 2: ("small blind", "big blind"),
               3: ("small blind", "middle blind", "big blind")}


def blind_names(count: int) -> tuple[str, ...]:
    if count in BLIND_NAMES:
        return BLIND_NAMES[count]
    return tuple(f"blind {i + 1}" for i in range(count - 1)) + ("big blind",)


class TableError(ValueError):
    """An event or set-up the table cannot take; the message says why and cites the rule."""


@dataclass
class Player:
    name: str
    seat: int
    stack: int
    away: bool = False              # away from the table (Player Walking / Absent Button)
    # Why the player may not simply be dealt in yet: "new" (8.2.7),
    # "new_button" (8.2.7(a), kept out at the button: waits for the blind), "moved"
    # (8.2.5, too far clockwise), "moved_unpaid" (8.2.5, barred only from the
    # button), "missed" (8.2.3, owes blinds). "" = none.
    entry: str = ""
    post: bool = False              # chose to post to be dealt in at once
    missed: set[int] = field(default_factory=set)    # indices of blinds missed (0 = first)
    paid_round: bool = True         # has posted a big blind since sitting down (8.2.5)
    hands_dealt: int = 0


@dataclass(frozen=True)
class Post:
    seat: int
    name: str
    what: str          # "small blind", "big blind", "over-blind", "penalty big blind", ...
    amount: int
    live: bool         # counts toward the player's bet (dead chips do not)
    rule: str


@dataclass
class HandPlan:
    """Everything the dealer sets up before the first card of one hand."""
    number: int
    button: int | None
    dead_button: bool
    posts: list[Post] = field(default_factory=list)      # Post, in posting order
    dealt_in: list[int] = field(default_factory=list)        # seats, in dealing order (8.1.4)
    first_to_act: int | None = None
    waiting: dict[int, str] = field(default_factory=dict)         # seat -> why not dealt in
    markers: dict[int, tuple[str, ...]] = field(default_factory=dict)         # seat -> marker keys
    heads_up: bool = False
    names: dict[int, str] = field(default_factory=dict)           # seat -> player name
    notes: list[str] = field(default_factory=list)
    played: bool = True                                  # False: too few players for a hand

    def post_for(self, seat: int) -> list[Post]:
        return [p for p in self.posts if p.seat == seat]

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "-"
        name = self.names.get(seat)
        return f"seat {seat} ({name})" if name else f"seat {seat} (empty)"

    def describe(self) -> list[str]:
        """Lines an instructor reads: button, posts, deal, waiting, markers, notes."""
        if not self.played:
            return [f"Hand {self.number}: no hand", *[f"  - {n}" for n in self.notes]]
        head = f"Hand {self.number}:"
        if self.button is not None:
            head += f" button {self.who(self.button)}"
            if self.dead_button:
                head += " - dead button"
        else:
            head += " no button (cards dealt from the dealer's left)"
        if self.heads_up:
            head += " - heads-up"
        lines = [head]
        for post in self.posts:
            kind = "" if post.live else " dead"
            lines.append(f"  {post.what}: {self.who(post.seat)} posts {post.amount}{kind} ({post.rule})")
        lines.append("  dealt in (deal order): " + ", ".join(
            f"{s} {self.names.get(s, '')}".strip() for s in self.dealt_in))
        if self.first_to_act is not None:
            lines.append(f"  first to act: {self.who(self.first_to_act)}")
        for seat, why in sorted(self.waiting.items()):
            lines.append(f"  not dealt in: {self.who(seat)} - {why}")
        for seat, keys in sorted(self.markers.items()):
            lines.append(f"  marker: seat {seat} - " + ", ".join(MARKERS[k] for k in keys))
        lines.extend(f"  - {n}" for n in self.notes)
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number, "played": self.played, "button": self.button,
            "dead_button": self.dead_button, "heads_up": self.heads_up,
            "posts": [p.__dict__ for p in self.posts], "dealt_in": list(self.dealt_in),
            "first_to_act": self.first_to_act,
            "waiting": {str(k): v for k, v in self.waiting.items()},
            "markers": {str(k): list(v) for k, v in self.markers.items()},
            "names": {str(k): v for k, v in self.names.items()}, "notes": list(self.notes),
        }


@dataclass(frozen=True)
class ButtonDraw:
    """The cards dealt face up to place the first button (live-casino method)."""
    cards: tuple[tuple[int, Card], ...]        # (seat, Card) in dealing order from the dealer's left
    winner: int

    def describe(self) -> str:
        shown = ", ".join(f"seat {s} {c}" for s, c in self.cards)
        return f"Button draw: {shown}; highest card {dict(self.cards)[self.winner]} at seat {self.winner}"


def draw_order(names: list[str], seed: int | None = None) -> list[tuple[str, Card]]:
    """Seating by draw (8.1.1(a)): one card face up each, highest card first.

    Highest card chooses first, ties in rank broken by suit (3.2.4); the
    rulebook says only that a draw decides, so this order is the published
    standard one.
    """
    if len(set(names)) != len(names) or len(names) < 2:
        raise TableError("a draw for a seat needs two or more different players (8.1.1(a))")
    deck = Deck.shuffled(seed)
    dealt = [(name, deck.take()) for name in names]
    return sorted(dealt, key=lambda nc: (nc[1].rank, SUIT_RANK[nc[1].suit]), reverse=True)

