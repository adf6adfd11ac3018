"""The players at a dealt table: the scenario's script, then a `decide` callable.

A hand asks for each decision in turn (engine.hand.decisions.Decision). The
scenario's `actions` answer first, in acting order; once they run out a
`decide(hand, decision)` callable answers, such as `RandomPlayer`, whose
every choice is legal so a hand always plays to the end (`simulate`).
"""
from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate
from operator import itemgetter
from types import FunctionType
from typing import Callable, Iterable

from engine.betting.structures import Options
from engine.cards.deck import Card
from engine.hand.decisions import LOW_RANKINGS, Decision
from engine.steps import ScenarioError

# decide(hand, decision) -> the decision as text (engine.hand.decisions)
Decide = Callable[[object, Decision], str]


class ScriptedPlayers:
    """The scenario's decisions in acting order, then `decide`."""

    def __init__(self, actions: Iterable[str], decide: Decide | None = None):
        self.actions = [str(a) for a in actions]
        self.decide = decide
        # A player object's own __call__, bound once: calling the object itself
        # goes through its type's call slot, a slower call on every decision.
        call = getattr(type(decide), "__call__", None)
        self._ask: Decide | None = getattr(decide, "__call__") if isinstance(call, FunctionType) else decide
        self.played: list[str] = []

    def next(self, hand: object, decision: Decision) -> str:
        if self.actions:
            text = self.actions.pop(0).strip()
        elif self._ask is not None:
            text = self._ask(hand, decision)
        else:
            verb = {"bet": "act", "draw": "draw", "discard": "discard"}[decision.kind]
            raise ScenarioError(f"the scenario's actions ran out: seat {decision.seat} is to {verb} on the "
                                f"{decision.street}")
        if not text:
            raise ScenarioError(f"an empty action for seat {decision.seat} on the {decision.street}")
        self.played.append(text)
        return text


def worst_cards(cards: Iterable[Card], n: int, ranking: str) -> list[Card]:
    """The `n` cards a player drawing `n` throws away: high games keep pairs
    and high cards; lowball throws pairs and high cards first."""
    if n == 0:
        return []
    cards = list(cards)
    ranks = list(map(_RANK, cards))
    low = ranking in LOW_RANKINGS
    paired = len(set(ranks)) < len(ranks)
    # The sorts below are stable either way (reverse too), so equal keys stay in the order dealt.
    if ranking == "ace-to-five" and 14 in ranks:
        ranks = [1 if r == 14 else r for r in ranks]
    elif not paired:
        return sorted(cards, key=_RANK, reverse=low)[:n]       # by rank alone
    if paired:
        # (how many of the rank, rank) in one int (ranks are below 16).
        count = ranks.count
        ranks = [16 * count(r) + r for r in ranks]
    # The places in order of that key, lowball's highest first.
    order = sorted(range(len(ranks)), key=ranks.__getitem__, reverse=low)
    return list(map(cards.__getitem__, order[:n]))


_RANK = itemgetter(0)          # a Card's rank


class _Pick:
    """A weighted draw of a choice's index, as `rng.choices(choices, weights)[0]`
    draws it (one `rng.random()`, the same index from the same stream), with
    the cumulative weights and their total worked out once."""

    __slots__ = ("cum", "total", "last")

    def __init__(self, weights: Iterable[float]) -> None:
        self.cum = list(accumulate(weights))
        self.total = self.cum[-1] + 0.0
        self.last = len(self.cum) - 1

    def index(self, rng: random.Random) -> int:
        return bisect(self.cum, rng.random() * self.total, 0, self.last)


# A draw of n cards as said: "stand pat", "draw 1", ...
_DRAW_TEXTS = ("stand pat",) + tuple(f"draw {n}" for n in range(1, 6))


def _by_position(places: list[int]) -> str:
    """The discard of the cards at `places` (0 = first dealt), as said: "discard #1 #4"."""
    key = tuple(places)
    text = _BY_POSITION.get(key)
    if text is None:
        text = _BY_POSITION[key] = "discard " + " ".join(f"#{i + 1}" for i in places)
    return text


# places -> their discard as said (_by_position); a few hundred at most (up to 7 cards)
_BY_POSITION: dict[tuple[int, ...], str] = {}

# type(player) -> its weighted draws per (choices, aggression) and per draw count:
# the same few come up in every hand, so every player of a kind shares them.
_PICKS: dict[type, tuple[dict[tuple[tuple[str, ...], float], _Pick], dict[int, _Pick]]] = {}


class RandomPlayer:
    """Seeded random player decisions for any game: `Hand(scenario, decide=RandomPlayer(seed))`.

    Bets fold, check, call, bet, raise and go all in with fixed odds; draws
    take 0-5 cards; discards and Kitty exchanges happen now and then. Every
    choice is legal, so a hand always plays to the end."""

    def __init__(self, seed: int | str | None = None, aggression: float = 0.25):
        self.rng = random.Random(seed)
        self.aggression = aggression
        picks = _PICKS.get(type(self))
        if picks is None:
            picks = _PICKS[type(self)] = ({}, {})
        self._bet_picks, self._draw_picks = picks

    def __call__(self, hand: object, decision: Decision) -> str:
        rng = self.rng
        # Every field at once (a Decision is a tuple): one unpacking, not an attribute read each.
        kind, _, _, cards, opts, count, forced, no_raise, kitty, _ = decision
        if kind == "draw":
            draw = self._draw_picks.get(count)
            if draw is None:
                draw = self._draw_picks[count] = _Pick((25, 30, 20, 15, 5, 5)[:count + 1])
            n = bisect(draw.cum, rng.random() * draw.total, 0, draw.last)        # draw.index(rng)
            if n and rng.random() < 0.2:
                return _by_position(sorted(rng.sample(range(len(cards)), n)))
            return _DRAW_TEXTS[n]
        if kind == "discard":
            if rng.random() < 0.5:
                return "discard " + " ".join(str(c) for c in rng.sample(list(cards), count))
            return _by_position(rng.sample(range(len(cards)), count))
        assert opts is not None, "a betting decision comes with its options"
        if forced:
            if opts.min_to is None:
                return "all-in"
            if rng.random() < 0.5:
                return "bring-in"
            return f"bet {self._amount(opts)}"
        if kitty and rng.random() < 0.2:
            return "take kitty"
        acts = opts.actions
        if no_raise:
            kept = [a for a in acts if a not in ("bet", "raise")]
            if "all-in" in kept and opts.all_in_to > opts.call_to:
                kept.remove("all-in")
            acts = tuple(kept)
        key = (acts, self.aggression)
        pick = self._bet_picks.get(key)
        if pick is None:
            pick = self._bet_picks[key] = _Pick(self._weights(acts))
        act = acts[bisect(pick.cum, rng.random() * pick.total, 0, pick.last)]     # pick.index(rng)
        if act == "bet" or act == "raise":
            return f"{act} {self._amount(opts)}"
        return act

    def _weights(self, acts: tuple[str, ...]) -> list[float]:
        """The odds of each choice: mostly check or call, fold mostly when a
        call is owed, bet or raise by `aggression`, all-in now and then."""
        weights: list[float] = []
        for a in acts:
            if a == "fold":
                weights.append(3 if "call" in acts else 0.3)
            elif a in ("check", "call"):
                weights.append(10)
            elif a in ("bet", "raise"):
                weights.append(10 * self.aggression)
            else:
                weights.append(0.6)
        return weights

    def _amount(self, opts: Options) -> int:
        low, high = opts.min_to, opts.max_to
        assert low is not None and high is not None, "a bet or raise is open"
        return low + int((high - low) * self.rng.random() ** 3)
