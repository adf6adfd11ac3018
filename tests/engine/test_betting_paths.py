"""The hand engine's short paths through a betting round agree with the public ones:
`BettingRound.trusted` opens the round the checking constructor opens, `play`
with the options offered does and refuses exactly what `act` does, and
RandomPlayer's weighted draws are those of `rng.choices` from the same stream;
the count of players who can still bet stays the count of those neither folded
nor all in."""
from __future__ import annotations

import copy
import random

from hypothesis import given, settings, strategies as st

from engine.betting.rulings import BettingRound
from engine.betting.structures import BettingStructure
from engine.hand.players import _Pick
from engine.house import MAIN

STRUCTURES = [BettingStructure.fixed(10, 20), BettingStructure.spread(5, 50), BettingStructure.pot_limit(10),
              BettingStructure.half_pot(10), BettingStructure.no_limit(10)]
STANDARD_RECORDING = MAIN.with_(fixed_raise_to_all_in=True, name="std")


def state(r: BettingRound) -> dict[str, object]:
    return copy.deepcopy({k: v for k, v in vars(r).items() if k not in ("structure", "house")})


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(range(len(STRUCTURES))),
       stacks=st.lists(st.integers(0, 300), min_size=2, max_size=6),
       blinds=st.booleans(), round_index=st.integers(0, 3), standard=st.booleans(),
       picks=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10_000)), max_size=50))
def test_trusted_round_and_play_with_options_match_the_checked_round_and_act(
        kind, stacks, blinds, round_index, standard, picks):
    structure, house = STRUCTURES[kind], STANDARD_RECORDING if standard else MAIN
    seats = list(range(1, len(stacks) + 1))
    stack = dict(zip(seats, stacks))
    posted: dict[int, int] = {}
    if blinds:
        for seat, blind in zip(seats, (5, 10)):
            posted[seat] = min(blind, stack[seat])
            stack[seat] -= posted[seat]
    order = seats[2:] + seats[:2] if blinds else seats
    call_level = 10 if blinds and round_index == 0 else None
    index = 0 if blinds else round_index
    checked = BettingRound(structure, order, stack, posted=posted, round_index=index, call_level=call_level,
                           house=house)
    fast = BettingRound.trusted(structure, house, list(order), dict(stack),
                                {s: posted.get(s, 0) for s in order}, pot=0, round_index=index,
                                call_level=call_level)
    assert state(fast) == state(checked)
    for choice, number in picks + [(2, 0)] * 60:
        if checked.complete:
            break
        offered = fast.options()
        assert offered == checked.options()
        assert offered is not None
        k = ("fold", "check", "call", "bet", "raise", "all-in")[choice]
        amount = None
        if k in ("bet", "raise"):
            # Anything up to the stack and more, or just outside or within the bounds offered.
            low, high = offered.min_to, offered.max_to
            amount = number % (offered.all_in_to + 2)
            if low is not None and high is not None and number % 4:
                amount = (low - 1, high + 1, low + number % (high - low + 1))[number % 4 - 1]
        outcome = checked.act(k, amount)
        refused = fast.play(k, amount, offered.seat, offered)
        assert refused == ("" if outcome.ok else outcome.message)
        assert state(fast) == state(checked)
        assert fast.able == len([s for s in fast.order if s not in fast.folded and s not in fast.all_in])
        if not outcome.ok:
            assert checked.act("call" if "call" in offered.actions else "check").ok
            fast.play("call" if "call" in offered.actions else "check", None, offered.seat, offered)
            assert state(fast) == state(checked)


def test_play_refuses_out_of_turn_as_act_does():
    r = BettingRound(STRUCTURES[-1], [1, 2, 3], {1: 100, 2: 100, 3: 100})
    offered = r.options()
    assert r.play("check", None, 2, offered) == r.act("check", seat=2).message
    assert "it is seat 1's turn" in r.play("check", None, 2, offered)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), weights=st.lists(st.integers(1, 30), min_size=1, max_size=6),
       draws=st.integers(1, 30))
def test_a_pick_draws_what_rng_choices_draws(seed, weights, draws):
    picked, chosen = random.Random(seed), random.Random(seed)
    pick = _Pick(weights)
    population = list(range(len(weights)))
    for _ in range(draws):
        assert pick.index(picked) == chosen.choices(population, weights=weights)[0]
    assert picked.random() == chosen.random()      # the same stream, drawn as far
