"""Irregularities a down puts before the trainee, drawn from the seed at the
down's `irregularities` rate, each ruled on by the engine:

- an irregular action by a player (section 6: a string bet, an oversized
  chip, an action out of turn, a short all-in, a verbal declaration with
  chips): played by `IrregularPlayer` into the hand's actions, so the hand
  itself asks for the ruling as its `rule_on_action` dealer step
  (engine.hand.calling) and goes on as the ruling says;
- a deal situation (9.1.1(a) and the published standard rules the house
  adopts): a question cell with ask = "irregularity" and `at`, its answer
  computed by engine.irregularities; a misdeal ends the hand and the next
  hand is its redeal with the same button (9.1.1(a)). Only situations whose
  ruling is a misdeal, or whose play goes on with the cards as dealt (a
  boxed card scrapped, an error found after substantial action), are
  drawn: a ruling that changes which card goes where (a hole card replaced
  by the burn, a stud down card dealt up) cannot be dealt from the hand's
  own deck, so it is left out.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from engine.betting.structures import Options
from engine.games.parts import Game
from engine.hand.decisions import Decision
from engine.hand.players import RandomPlayer
from engine.house import HouseRules
from engine.irregularities.registry import rule_on

# kind -> how the player's chips or words go out, given the decision and the hand;
# None when that irregularity does not fit this decision.
ACTION_KINDS = ("string", "oversize", "out-of-turn", "short-all-in", "verbal")


@dataclass(frozen=True)
class DealSituation:
    """A deal irregularity with its facts: `at` where the trainee meets it."""
    situation: str
    facts: tuple[tuple[str, Any], ...]
    at: str
    prompt: str

    def cell(self, house: str) -> dict[str, Any]:
        """The question cell a lesson would write for it (engine.questions.table.irregularity)."""
        return {"ask": "irregularity", "situation": self.situation, "facts": dict(self.facts),
                "house": house, "at": self.at, "prompt": self.prompt}


def deal_situation(game: Game, house: HouseRules, dealt: int, first_round: str,
                   rng: random.Random) -> tuple[DealSituation, bool]:
    """A deal situation for this hand and whether its ruling is a misdeal."""
    goes_on: list[DealSituation] = [
        DealSituation("boxed-card", (("boxed_count", 1),), "deal",
                      "As you pitch the cards, you find a card face up in the deck, the first in "
                      "this deck. What happens now?"),
        DealSituation("not-shuffled-or-cut", (("substantial_action", True),), first_round,
                      f"On the {first_round}, after two players have acted, you realise you did not "
                      "cut the deck. What happens now?"),
        DealSituation("dealt-out-of-order", (("substantial_action", True),), first_round,
                      f"On the {first_round}, after two players have acted, you see the deal started "
                      "at the wrong seat. What happens now?"),
    ]
    misdeals: list[DealSituation] = [
        DealSituation("exposed-in-cut", (), "deal",
                      "As you cut the deck, a card flips face up. What happens now?"),
        DealSituation("not-shuffled-or-cut", (("substantial_action", False),), "deal",
                      "Before anyone acts you notice the deck was not cut. What happens now?"),
        DealSituation("dealt-out-of-order", (("substantial_action", False), ("correctable", False)),
                      "deal", "You started the deal at the wrong seat and the cards cannot be put "
                              "right; nobody has acted. What happens now?"),
    ]
    if game.family == "community" and house.exposed_first_cards_misdeal:
        number = rng.randint(1, min(house.exposed_first_cards_misdeal, dealt))
        misdeals.append(DealSituation(
            "exposed-card-flop", (("card_number", number), ("exposed_count", 1)), "deal",
            f"Card number {number} of the deal flips face up as you pitch it. What happens now?"))
    if game.family == "stud":
        misdeals.append(DealSituation(
            "exposed-card-stud", (("exposed_count", house.exposed_cards_misdeal),), "deal",
            "You expose a player's down card, the second you have exposed in this deal. What happens now?"))
    # Half the deal errors end in a misdeal; the facts, not the list, decide which (the engine rules).
    options = misdeals if rng.random() < 0.5 else goes_on
    chosen = rng.choice(options)
    ruling = rule_on(chosen.situation, house, **dict(chosen.facts))
    return chosen, ruling.misdeal


class TablePlayer(RandomPlayer):
    """A seeded random player who plays like a live game's regular: mostly
    checks and calls, bets and raises of one to two times the minimum, seldom
    all in, so a table keeps its players for a down (RandomPlayer shoves far
    more often, to reach every corner of a hand)."""

    def _weights(self, acts: tuple[str, ...]) -> list[float]:
        facing = "call" in acts
        return [0.05 if a == "all-in" else 8.0 if a == "fold" and facing else w
                for a, w in zip(acts, super()._weights(acts))]

    def _amount(self, opts: Options) -> int:
        low, high = opts.min_to, opts.max_to
        assert low is not None and high is not None, "a bet or raise is open"
        return low + int((min(high, 2 * low) - low) * self.rng.random() ** 2)


class IrregularPlayer(TablePlayer):
    """A TablePlayer that, once in the hand, makes an irregular action the
    dealer must rule on (engine.hand.calling), then plays on at random."""

    def __init__(self, seed: str, skip: int, kinds: tuple[str, ...] = ACTION_KINDS) -> None:
        super().__init__(seed)
        self.skip = skip
        self.kinds = kinds
        self.made: tuple[str, int, str] | None = None     # (action said, seat, street)

    def __call__(self, hand: object, decision: Decision) -> str:
        kind, seat, street, _, opts, _, forced, _, _, _ = decision
        if self.made is None and kind == "bet" and not forced and opts is not None:
            # A short all-in fits only a short stack facing a bet: taken whenever it comes.
            short = _short_all_in(hand, decision) if "short-all-in" in self.kinds else None
            if self.skip and not short:
                self.skip -= 1
            else:
                fits = [short] if short else [t for t in (MAKERS[k](hand, decision) for k in self.kinds) if t]
                if fits:
                    text = self.rng.choice(fits)
                    self.made = (text, seat, street)
                    return text
        return super().__call__(hand, decision)


def _stack(hand: object, seat: int) -> int:
    players: dict[int, Any] = getattr(hand, "players")
    stack: int = players[seat].stack
    return stack


def _string(hand: object, d: Decision) -> str | None:
    opts = d.options
    assert opts is not None
    owe = opts.to_call
    if owe <= 0 or opts.min_to is None:
        return None
    chips = owe + (opts.min_to - opts.call_to)
    return f"string bet {chips}" if chips < _stack(hand, d.seat) else None


def _oversize(hand: object, d: Decision) -> str | None:
    opts = d.options
    assert opts is not None
    house: HouseRules = getattr(hand, "house")
    owe = opts.to_call
    if owe <= 0:
        return None
    chip = next((c for c in house.chip_denominations if c > owe), None)
    if chip is None or chip >= _stack(hand, d.seat) or (opts.min_to is not None and chip >= opts.min_to):
        return None
    return f"oversize chip {chip}"


def _verbal(hand: object, d: Decision) -> str | None:
    opts = d.options
    assert opts is not None
    owe = opts.to_call
    if owe <= 0 or opts.min_to is None:
        return None
    chips = owe + max(1, (opts.min_to - opts.call_to) // 2)
    return f"chips {chips} saying raise" if chips < _stack(hand, d.seat) else None


def _short_all_in(hand: object, d: Decision) -> str | None:
    opts = d.options
    assert opts is not None
    if opts.min_to is not None or "all-in" not in opts.actions or not opts.call_to < opts.all_in_to:
        return None
    return "short all-in"


def _out_of_turn(hand: object, d: Decision) -> str | None:
    rnd = getattr(hand, "_round", None)
    if rnd is None:
        return None
    order: list[int] = list(rnd.order)
    if d.seat not in order:
        return None
    at = order.index(d.seat)
    later = [s for s in order[at + 1:] + order[:at] if s not in rnd.folded and s not in rnd.all_in]
    if len(later) < 2:
        return None
    seat = later[1]      # not the next to act: someone skips a player
    owe = rnd.level - rnd.in_front[seat]
    return f"out of turn {seat}: {'call' if owe > 0 else 'check'}"


MAKERS: dict[str, Callable[[object, Decision], str | None]] = {
    "string": _string, "oversize": _oversize, "out-of-turn": _out_of_turn,
    "short-all-in": _short_all_in, "verbal": _verbal,
}
