"""Checkpoints: the points of a dealt hand where a question about it is asked.

A question about a table cell's hand is asked at the point of the hand it is
about, before the hand shows its answer (issue 27): who wins and how the pot
splits before the first award; who opens a street before that street's first
action; the commission before it is taken; a Casino Hold'em round's
settlement before the dealer declares whether they qualify; how much a player
may bet when it is their turn. A checkpoint is found by dealing the cell's
hand correctly from the start: every trainee who deals it right reaches the
same point after the same number of dealer steps, so the point is that
number (and, before a betting round, the round the hand waits before, since
the players' decisions are played as soon as the dealing of a street ends).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from engine.procedure import Procedure
from engine.steps import Expected

# The words `at` takes besides a street's name (lessons/README.md, question cells).
NAMED = ("award", "commission", "settlement", "pots", "end")
SEAT_RE = re.compile(r"^\s*(?P<street>[a-z][a-z -]*?)\s*:\s*seat\s+(?P<seat>\d{1,3})\s*$", re.IGNORECASE)
# Casino Hold'em: the dealer declares whether they qualify, then settles each box (CH ¶10).
SETTLING = frozenset({"dealer_qualifies", "dealer_does_not_qualify"})


class CheckpointError(ValueError):
    """An `at` the cell's hand never reaches, or one that is not a checkpoint."""


@dataclass(frozen=True)
class Checkpoint:
    """Where a table cell's hand stops for a question."""
    at: str                   # as the lesson wrote it
    steps: int                # dealer steps made when the hand stands there
    pause: str | None         # the betting round the hand waits before (Hand.pause_before_betting)
    label: str                # "before the first award", "before the flop betting"
    street: str | None = None
    seat: int | None = None


def _streets(hand: Procedure) -> list[str]:
    game = getattr(hand, "game", None)
    return [s.name for s in getattr(game, "streets", ()) if s.betting]


# Named checkpoint -> (is the step due now the point?, what the point is called).
MATCHERS: dict[str, tuple[Callable[[Expected], bool], str]] = {
    "award": (lambda exp: exp.kind == "award", "before the first award"),
    "commission": (lambda exp: exp.kind == "take_rake", "before the commission is taken"),
    "settlement": (lambda exp: exp.kind in SETTLING, "before the dealer's hand is declared"),
}


def _side_pot_forms(hand: Procedure) -> bool:
    """The bets about to be collected make a side pot (1.1 Side pot): what
    every player has put in builds more than one pot (engine.money.pots)."""
    from engine.money.pots import build_pots, return_uncalled
    players = getattr(hand, "players", {})
    put = {s: p.committed for s, p in players.items() if p.committed}
    folded = {s for s, p in players.items() if p.folded}
    return len(build_pots(return_uncalled(put, folded).contributions, folded)) > 1


# Named checkpoints that look at the hand as well as the step due.
HAND_MATCHERS: dict[str, tuple[Callable[[Expected, Procedure], bool], str]] = {
    "pots": (lambda exp, hand: exp.kind == "collect_bets" and _side_pot_forms(hand),
             "as the side pots form, before the bets are collected"),
}


def _step_only(matches: Callable[[Expected], bool], label: str) -> tuple[Callable[[Expected, Procedure], bool], str]:
    return (lambda exp, hand: matches(exp)), label


def read_at(at: object, hand: Procedure) -> tuple[str, str | None, int | None]:
    """(kind, street, seat) of an `at`: "award", "commission", "settlement",
    "end", a betting round's name, or "<street>: seat N"."""
    if not isinstance(at, str) or not at.strip():
        raise CheckpointError(_choices(hand, at))
    text = at.strip()
    if text.lower() in NAMED:
        return text.lower(), None, None
    streets = _streets(hand)
    match = SEAT_RE.match(text)
    name = (match.group("street") if match else text).strip().lower()
    if name not in streets:
        raise CheckpointError(_choices(hand, at))
    return ("seat", name, int(match.group("seat"))) if match else ("street", name, None)


def _choices(hand: Procedure, at: object) -> str:
    streets = _streets(hand)
    rounds = f", a betting round ({', '.join(streets)}) or \"<round>: seat N\"" if streets else ""
    return f"at must be one of {', '.join(NAMED)}{rounds}, not {at!r}"


def find(new_hand: Callable[[], Procedure], at: object) -> Checkpoint:
    """The checkpoint `at` of the hand `new_hand()` deals, found by dealing it
    right from the start. Before a street's betting: in stud, before the
    dealer names the opener (naming them is the answer); elsewhere the hand
    waits before the round's first decision."""
    hand = new_hand()
    kind, street, seat = read_at(at, hand)
    if kind == "end":
        hand.autoplay()
        return Checkpoint(str(at), hand.step_count, None, "at the end of the hand")
    if kind in MATCHERS or kind in HAND_MATCHERS:
        matches, label = HAND_MATCHERS.get(kind) or _step_only(*MATCHERS[kind])
        while (exp := hand.expected()) is not None:
            if matches(exp, hand):
                return Checkpoint(str(at), hand.step_count, None, label)
            hand.propose(exp.step())
        raise CheckpointError(f"at = {at!r}: this hand never comes to that point ({label})")
    assert street is not None
    setattr(hand, "pause_before_betting", street)
    while (exp := hand.expected()) is not None:
        if exp.kind == "name_opener" and getattr(hand, "_current_street")().name == street:
            return Checkpoint(str(at), hand.step_count, None, f"before the {street} opener is named",
                              street, seat)
        hand.propose(exp.step())
    if getattr(hand, "finished", True):
        raise CheckpointError(f"at = {at!r}: the hand is over before the {street} betting round")
    return Checkpoint(str(at), hand.step_count, street, f"before the {street} betting", street, seat)


def stand(new_hand: Callable[[], Procedure], steps: int, pause: str | None = None) -> tuple[Procedure, str]:
    """The hand `new_hand()` deals, dealt right to `steps` dealer steps and
    waiting before the betting round `pause`, with the last step's message
    (what the table cell's feedback says there)."""
    hand = new_hand()
    if pause is not None:
        setattr(hand, "pause_before_betting", pause)
    message = ""
    while hand.step_count < steps and (due := hand.expected()) is not None:
        message = hand.propose(due.step()).message
    return hand, message
