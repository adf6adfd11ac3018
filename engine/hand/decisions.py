"""Players' decisions: what a player must decide, and what a player said.

A scenario, a PHH history and an irregularity's facts all write decisions
as text. This is the one reader of that text:
betting `fold`, `check`, `call`, `bet N`, `raise N` (to N; "raise to N"
too), `all-in`, `bring-in` (the stud opener's forced bet of the table
minimum), `take kitty`; draws `draw N`, `stand pat`, `discard Ah 7c` (those
cards) or `discard #1 #4` (by position, first card dealt = #1); Pineapple
`discard Xx` or `discard #N`. Reading says what was written; whether it is
legal now is the hand's ruling.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from engine.betting.structures import Options
from engine.cards.deck import Card, CardError, parse_cards
from engine.steps import ScenarioError

LOW_RANKINGS = ("ace-to-five", "deuce-to-seven")
BETS = ("fold", "check", "call", "bet", "raise", "all-in")


class Decision(NamedTuple):
    """What a player must decide now, for a `decide(hand, decision)` callable.

    kind "bet": `options` are the betting options; `forced` is the stud
    bring-in (bet at least the table minimum); `no_raise` forbids raising
    (the Kitty round before anyone has opened, 8.5.3(a)); `kitty` says the
    Kitty may be taken. kind "draw": up to `count` cards may be exchanged.
    kind "discard": exactly `count` cards are given up (Pineapple).
    A named tuple, as Options is: one is made for every decision, and the
    hand makes it with `tuple.__new__` (NEW_DECISION), a call fewer."""
    kind: str
    seat: int
    street: str
    cards: tuple[Card, ...] = ()
    options: Options | None = None
    count: int = 0          # type: ignore[assignment]  # the field, not tuple.count
    forced: bool = False
    no_raise: bool = False
    kitty: bool = False
    low: bool = False


# Decision's tuple made without its constructor's Python call: every field given, in order.
NEW_DECISION = tuple.__new__


@dataclass(frozen=True)
class Bet:
    """A betting decision as written. `kind` is one of BETS, "bring-in",
    "take-kitty", or the first word as written (not a betting decision);
    `not_amount` holds the words after it that are no amount of chips."""
    kind: str
    amount: int | None = None
    not_amount: str = ""


@dataclass(frozen=True)
class DrawCards:
    """A draw as written: `count` cards by the hand's own choice ("draw 2";
    0 stands pat), or the cards `named` ("discard Ah #3")."""
    count: int | None = None
    named: tuple[str, ...] = ()


@lru_cache(maxsize=4096)
def read_bet(text: str) -> Bet:
    """A betting decision: "raise to 6" reads as "raise 6", "all in" as "all-in".
    A hand reads the same few texts over and over, so readings are kept (a Bet is frozen)."""
    words = text.lower().replace("-", " ").split()
    if words[:2] == ["take", "kitty"] or words == ["kitty"]:
        return Bet("take-kitty")
    if words == ["bring", "in"]:
        return Bet("bring-in")
    if words[:2] == ["all", "in"]:
        kind, rest = "all-in", words[2:]
    else:
        kind, rest = (words[0], words[1:]) if words else ("", [])
    if rest[:1] == ["to"]:
        rest = rest[1:]
    if not rest:
        return Bet(kind)
    if len(rest) > 1 or not rest[0].isdigit():
        return Bet(kind, not_amount=" ".join(rest))
    return Bet(kind, int(rest[0]))


def read_draw(text: str) -> DrawCards | None:
    """A draw decision, or None when the text is not one."""
    words = text.lower().split()
    if words in (["stand", "pat"], ["draw", "0"], ["pat"]):
        return DrawCards(0)
    if len(words) == 2 and words[0] == "draw" and words[1].isdigit():
        return DrawCards(int(words[1]))
    return read_discard(text)


def read_discard(text: str) -> DrawCards | None:
    """Cards named to give up ("discard 7c", "discard #3"), or None."""
    words = text.lower().split()
    if words and words[0] == "discard":
        return DrawCards(named=tuple(text.split()[1:]))
    return None


def where_said(text: str, seat: int, street: str) -> str:
    """Where a scenario's draw or discard went wrong, for its error (only then written)."""
    return f"action {text!r} for seat {seat} on the {street}"


def named_cards(cards: list[Card], seat: int, tokens: tuple[str, ...], text: str, street: str) -> list[Card]:
    """The cards a player names from `cards` (a card, or #N by position);
    `text` said on `street` names them (for an error)."""
    chosen: list[Card] = []
    for token in tokens:
        if token.startswith("#"):
            if not token[1:].isdigit() or not 1 <= int(token[1:]) <= len(cards):
                raise ScenarioError(f"{where_said(text, seat, street)} is not legal: {token} is not one of the "
                                    f"player's {len(cards)} cards (#1 to #{len(cards)})")
            card = cards[int(token[1:]) - 1]
        else:
            try:
                card = parse_cards([token])[0]
            except CardError as exc:
                raise ScenarioError(f"{where_said(text, seat, street)} is not legal: {exc}") from None
            if card not in cards:
                raise ScenarioError(f"{where_said(text, seat, street)} is not legal: seat {seat} does not hold "
                                    f"{card}")
        if card in chosen:
            raise ScenarioError(f"{where_said(text, seat, street)} is not legal: {card} is named twice")
        chosen.append(card)
    if not chosen:
        raise ScenarioError(f"{where_said(text, seat, street)} is not legal: name the cards, e.g. 'discard 7c' or "
                            "'discard #2'")
    return chosen
