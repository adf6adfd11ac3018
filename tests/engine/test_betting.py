"""Betting (section 6): a worked example per clause, and properties of a round."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from engine.betting.rulings import BettingRound, table_stakes, time_to_act_notice
from engine.betting.structures import BettingStructure
from engine.house import MAIN

NL = BettingStructure.no_limit(10)
FIXED = BettingStructure.fixed(10, 20)


def state(r: BettingRound):
    return copy.deepcopy({k: v for k, v in vars(r).items() if k not in ("structure", "house")})


def preflop(structure=NL, stacks=None, **kw):
    """Four players: seat 1 small blind 5, seat 2 big blind 10; seat 3 acts first."""
    stacks = stacks or {1: 995, 2: 990, 3: 1000, 4: 1000}
    return BettingRound(structure, [3, 4, 1, 2], stacks, posted={1: 5, 2: 10}, **kw)


def flop(structure=NL, stacks=None, pot=0, **kw):
    stacks = stacks or {1: 1000, 2: 1000, 3: 1000}
    return BettingRound(structure, [1, 2, 3], stacks, pot=pot, round_index=1, **kw)


# ----- the structures ------------------------------------------------------------------

def test_structure_rejects_bad_figures():
    with pytest.raises(ValueError, match="no betting structure 'limitless'"):
        BettingStructure("limitless")
    with pytest.raises(ValueError, match="big bet .* smaller"):
        BettingStructure.fixed(20, 10)
    with pytest.raises(ValueError, match="6.7"):
        BettingStructure.spread(10, 5)
    with pytest.raises(ValueError, match="whole number of chips"):
        BettingStructure.no_limit(2.5)
    assert FIXED.unit(0) == FIXED.unit(1) == 10 and FIXED.unit(2) == 20


def test_bad_round_input_is_named():
    with pytest.raises(ValueError, match="seat 5 has no stack"):
        BettingRound(NL, [1, 5], {1: 10})
    with pytest.raises(ValueError, match="listed twice"):
        BettingRound(NL, [1, 1], {1: 10})
    with pytest.raises(ValueError, match="seat 9 posted"):
        BettingRound(NL, [1, 2], {1: 10, 2: 10}, posted={9: 5})


# ----- order, checks, calls, the blind's option ------------------------------------------

def test_turn_order_and_the_big_blind_option():
    r = preflop()
    assert r.turn == 3
    assert r.options().actions == ("fold", "call", "raise", "all-in")
    assert r.act("call").ok and r.act("call").ok and r.act("call").ok
    # The blind is live (1.1 Blind): the big blind may check or raise.
    assert r.turn == 2 and "check" in r.options().actions
    assert r.act("check").ok and r.complete
    assert r.contributions == {1: 10, 2: 10, 3: 10, 4: 10}


def test_everyone_folds_to_the_big_blind():
    r = preflop()
    for _ in range(3):
        assert r.act("fold").ok
    assert r.complete and r.live == [2]


def test_check_facing_a_bet_and_bet_facing_a_bet_are_refused():
    r = preflop()
    msg = r.act("check").message
    assert "cannot check" in msg and "1.1 Check" in msg
    assert "8.1.2" in r.act("bet", 30).message
    r2 = flop()
    assert "nobody has bet" in r2.act("raise", 30).message
    assert "nothing to call" in r2.act("call").message


def test_an_illegal_action_leaves_the_round_unchanged():
    r = preflop()
    before = state(r)
    for attempt in [("raise", 15), ("raise", 5000), ("check", None), ("bet", 20), ("dance", None)]:
        assert not r.act(*attempt).ok
        assert state(r) == before
    assert "it is seat 3's turn, not seat 4's" in r.act("call", seat=4).message
    assert state(r) == before


def test_players_all_in_before_the_round_take_no_part():
    r = BettingRound(NL, [1, 2, 3], {1: 0, 2: 500, 3: 0}, round_index=2)
    assert r.complete and r.turn is None


# ----- 6.5, 6.7: size of bets and raises ---------------------------------------------------

def test_6_5_a_raise_is_at_least_the_previous_bet_or_raise():
    r = preflop()
    assert r.act("raise", 30).ok            # raise of 20
    o = r.options()
    assert (o.min_to, o.max_to) == (50, 1000)
    msg = r.act("raise", 45).message
    assert "at least the previous bet or raise" in msg and "6.5" in msg and "50" in msg
    assert r.act("raise", 50).ok


def test_6_7_spread_limit():
    r = flop(BettingStructure.spread(2, 10))
    assert "6.7" in r.act("bet", 1).message
    assert "betting maximum of 10" in r.act("bet", 12).message
    assert r.act("bet", 6).ok
    assert (r.options().min_to, r.options().max_to) == (12, 16)
    assert "6.7" in r.act("raise", 10).message          # raise of 4 < last bet of 6
    assert "betting maximum" in r.act("raise", 17).message
    assert r.act("raise", 16).ok                        # raise of 10, the maximum


def test_fixed_limit_bets_and_raises_are_exact():
    r = flop(FIXED)
    assert "exactly 10" in r.act("bet", 15).message
    assert r.act("bet", 10).ok
    assert "raise to 20, not 25" in r.act("raise", 25).message
    assert r.act("raise", 20).ok


def test_big_bet_rounds_use_the_big_bet():
    r = BettingRound(FIXED, [1, 2], {1: 100, 2: 100}, round_index=2)
    assert r.options().min_to == 20


# ----- 6.6: pot limits with the call counted first ------------------------------------------

def test_6_6_pot_limit_counts_the_call_first():
    # Blinds 1 and 2: the first player may call 2 and raise the pot of 5, to 7.
    r = BettingRound(BettingStructure.pot_limit(2), [3, 1, 2], {1: 199, 2: 198, 3: 200},
                     posted={1: 1, 2: 2})
    assert (r.options().min_to, r.options().max_to) == (4, 7)
    assert "6.6" in r.act("raise", 8).message
    assert r.act("raise", 7).ok
    # Later round: pot 100, bet 50, call 50 makes 200; raise to 50 + 200.
    r = flop(BettingStructure.pot_limit(2), pot=100)
    assert r.options().max_to == 100
    assert r.act("bet", 50).ok
    assert r.options().max_to == 250


def test_6_6_half_pot():
    r = flop(BettingStructure.half_pot(2), pot=100)
    assert r.options().max_to == 50
    assert r.act("bet", 50).ok
    assert r.options().max_to == 150           # 50 to call, then half of 200
    r = flop(BettingStructure.half_pot(2), pot=101, lowest_chip=5)
    assert r.options().max_to == 50            # half of 101 rounded down to the 5 chip


# ----- 6.8: three raises, except head to head and in pot / no-limit games ----------------------

def test_6_8_three_raises_in_limit_games():
    r = preflop(FIXED)
    for to in (20, 30, 40):
        assert r.act("raise", to).ok
    assert r.raises == 3
    msg = r.act("raise", 50).message
    assert "6.8" in msg and "3 raises" in msg
    assert "raise" not in r.options().actions


def test_6_8_no_cap_head_to_head():
    r = BettingRound(FIXED, [1, 2], {1: 500, 2: 500}, round_index=1)
    assert r.head_to_head
    for i, to in enumerate((10, 20, 30, 40, 50, 60)):
        assert r.act("bet" if i == 0 else "raise", to).ok
    assert r.raises == 5


def test_6_8_cap_lifts_when_the_betting_becomes_head_to_head():
    r = flop(FIXED)
    for i, to in enumerate((10, 20, 30, 40)):
        assert r.act("bet" if i == 0 else "raise", to).ok
    assert "6.8" in r.act("raise", 50).message
    assert r.act("fold").ok                   # seat 2 folds: seats 3 and 1 are head to head
    assert r.act("raise", 50).ok


def test_6_8_no_cap_in_pot_and_no_limit_games():
    r = flop(NL)
    to = 10
    assert r.act("bet", to).ok
    for _ in range(6):
        to *= 2
        assert r.act("raise", to).ok


# ----- 6.10 table stakes --------------------------------------------------------------------

def test_6_10_table_stakes():
    r = flop(stacks={1: 100, 2: 1000, 3: 1000})
    msg = r.act("bet", 150).message
    assert "6.10" in msg and "only 100" in msg
    assert table_stakes(500, in_hand=True).text.startswith("a player in a hand may not add")
    assert table_stakes(500, in_hand=False).options == ("add chips",)
    assert "may not take" in table_stakes(-100, in_hand=False).text
    with pytest.raises(ValueError):
        table_stakes(0, in_hand=False)


# ----- 6.11 - 6.13, 6.16: chips put forward ---------------------------------------------------

def test_6_11_the_fifty_percent_rule():
    r = flop()
    r.act("bet", 100)
    ruling = r.interpret_chips(160)          # 60 over the call: at least half of 100
    assert ruling.rule == "6.11" and ruling.action.kind == "raise" and ruling.action.amount == 200
    assert "40 more must go in" in ruling.text
    ruling = r.interpret_chips(140)          # 40 over: less than half
    assert ruling.rule == "6.11" and ruling.action.kind == "call" and ruling.returned == 40
    ruling = r.interpret_chips(140, announced="raise")
    assert ruling.action.amount == 200 and "6.17" in ruling.rule


def test_6_12_single_oversize_chip_in_a_limit_game_is_a_call():
    r = flop(FIXED)
    r.act("bet", 10)
    ruling = r.interpret_chips(100, single_chip=True)
    assert ruling.rule == "6.12" and ruling.action.kind == "call" and ruling.returned == 90


def test_6_13_1_oversize_chip_in_no_limit_and_pot_games():
    r = preflop()
    ruling = r.interpret_chips(100, single_chip=True)
    assert ruling.rule == "6.13.1(a)" and ruling.action.kind == "call" and ruling.returned == 90
    r = flop(BettingStructure.pot_limit(10), pot=60)
    ruling = r.interpret_chips(100, single_chip=True)       # first wager of a later round
    assert ruling.rule == "6.13.1(b)" and ruling.action.amount == 60 and ruling.returned == 40
    r = flop(pot=60)
    assert r.interpret_chips(100, single_chip=True).action.amount == 100
    r.act("bet", 20)
    ruling = r.interpret_chips(100, single_chip=True)
    assert ruling.rule == "6.13.1(b)" and ruling.action.kind == "call" and ruling.returned == 80


def test_6_13_2_raise_announced_with_an_oversize_chip():
    r = flop(BettingStructure.pot_limit(10), pot=60)
    r.act("bet", 20)
    # Pot limit: 20 to call makes 100, so the most is a raise to 120; the chip is 500.
    ruling = r.interpret_chips(500, single_chip=True, announced="raise")
    assert ruling.rule == "6.13.2" and ruling.action.amount == 120 and ruling.returned == 380
    r = flop(pot=60)
    r.act("bet", 20)
    ruling = r.interpret_chips(100, single_chip=True, announced="raise")
    assert ruling.action.amount == 100 and ruling.rule == "6.13.2"


def test_6_16_a_short_bet():
    r = flop()
    r.act("bet", 100)
    ruling = r.interpret_chips(60)
    assert ruling.rule == "6.16" and ruling.action is None
    assert "make up the difference of 40" in ruling.text
    assert ruling.options == ("make up the difference", "fold and surrender the chips")
    assert "6.16" in r.surrender_short_bet(100).message            # not short: refused
    assert r.surrender_short_bet(60).ok
    assert 2 in r.folded and r.contributions[2] == 60 and r.stacks[2] == 940


def test_pushing_every_chip_is_all_in():
    r = flop(stacks={1: 1000, 2: 70, 3: 1000})
    r.act("bet", 100)
    ruling = r.interpret_chips(70)
    assert ruling.rule == "6.15.1" and ruling.action.kind == "call"


# ----- 6.14 time to act ----------------------------------------------------------------------

def test_6_14_time_to_act():
    r = preflop()
    assert r.time_expired().action.kind == "fold"
    r.act("call"), r.act("call"), r.act("call")
    assert r.time_expired().action.kind == "check"      # the big blind owes nothing
    assert "30 seconds" in time_to_act_notice(30)
    for bad in (4, 61, "10"):
        with pytest.raises(ValueError, match="6.14"):
            time_to_act_notice(bad)


# ----- 6.15 all-ins -------------------------------------------------------------------------

def test_6_15_2_a_all_in_for_less_than_half_a_raise():
    r = flop(FIXED, stacks={1: 100, 2: 13, 3: 100})
    r.act("bet", 10)
    msg = r.act("all-in").message
    assert "6.15.2(a)" in msg and "13" in msg
    o = r.options()                      # seat 3 may call 13 or raise to the structured 20
    assert o.call_to == 13 and (o.min_to, o.max_to) == (20, 20)
    r.act("call")
    o = r.options()                      # seat 1 acted before the all-in: call only
    assert "raise" not in o.actions and "6.15.2(a)" in o.note
    assert r.raises == 0


def test_6_15_2_a_a_later_raise_reopens():
    r = flop(FIXED, stacks={1: 100, 2: 13, 3: 100})
    r.act("bet", 10), r.act("all-in"), r.act("raise", 20)
    assert "raise" in r.options().actions and r.options().min_to == 30


def test_6_15_2_a_opening_all_in_below_half_a_bet_may_be_completed():
    r = flop(FIXED, stacks={1: 4, 2: 100, 3: 100})
    assert "6.15.2(a)" in r.act("all-in").message
    o = r.options()
    assert o.call_to == 4 and o.min_to == 10
    assert "not a raise" in r.act("raise", 10).message
    assert r.raises == 0


def test_6_15_2_b_all_in_of_half_a_raise_or_more():
    r = flop(FIXED, stacks={1: 100, 2: 15, 3: 100})
    r.act("bet", 10)
    assert "6.15.2(b)" in r.act("all-in").message
    assert (r.options().min_to, r.options().max_to) == (25, 25)   # call 15 and raise 10
    r.act("call")
    assert r.options().min_to == 25 and "raise" in r.options().actions   # the bettor may raise too
    assert r.raises == 1


def test_10_2_house_rule_previous_players_only_call():
    house = MAIN.with_(half_bet_allin_reopens=False)
    r = flop(FIXED, stacks={1: 100, 2: 15, 3: 100}, house=house)
    r.act("bet", 10)
    assert "10.2" in r.act("all-in").message
    assert r.options().min_to == 25                 # later players may still raise
    r.act("call")
    o = r.options()
    assert "raise" not in o.actions and "10.2" in o.note


def test_6_15_3_incomplete_all_in_does_not_reopen_no_limit():
    r = flop(stacks={1: 1000, 2: 150, 3: 1000})
    r.act("bet", 100)
    assert "6.15.3" in r.act("all-in").message
    assert r.options().min_to == 250                # a full raise over the 150
    assert "6.5" in r.act("raise", 200).message
    r.act("call")
    o = r.options()
    assert o.actions == ("fold", "call") and "6.15.3" in o.note
    assert r.act("call").ok and r.complete


def test_short_all_ins_that_add_up_to_a_full_raise_reopen():
    stacks = {1: 1000, 2: 150, 3: 210, 4: 1000}
    r = BettingRound(NL, [1, 2, 3, 4], stacks, round_index=1)
    r.act("bet", 100), r.act("all-in"), r.act("all-in"), r.act("call")
    assert "raise" in r.options().actions        # seat 1 faces 110 more: a full raise
    off = BettingRound(NL, [1, 2, 3, 4], stacks, round_index=1,
                       house=MAIN.with_(short_allins_add_up=False))
    off.act("bet", 100), off.act("all-in"), off.act("all-in"), off.act("call")
    assert "raise" not in off.options().actions


def test_all_in_call_for_less_and_nobody_left_to_raise():
    r = flop(stacks={1: 1000, 2: 40, 3: 1000})
    r.act("bet", 100)
    assert "short" in r.act("call").message
    r.act("fold")
    assert r.complete
    r = BettingRound(NL, [1, 2], {1: 50, 2: 1000}, round_index=1)
    r.act("all-in")
    o = r.options()
    assert o.actions == ("fold", "call") and "nobody could call" in o.note


def test_a_short_all_in_blind_is_still_called_in_full():
    r = BettingRound(NL, [3, 1, 2], {1: 95, 2: 0, 3: 100}, posted={1: 5, 2: 6}, call_level=10)
    assert r.options().to_call == 10 and 2 in r.all_in


def test_completing_a_bring_in_is_not_a_raise():
    r = BettingRound(FIXED, [1, 2, 3, 4], {1: 97, 2: 100, 3: 100, 4: 100}, posted={1: 3})
    assert r.options().call_to == 3 and r.options().min_to == 10
    assert "not a raise" in r.act("raise", 10).message
    for to in (20, 30, 40):
        assert r.act("raise", to).ok
    assert "6.8" in r.act("raise", 50).message


# ----- 6.17 out of turn ------------------------------------------------------------------------

def test_6_17_action_out_of_turn():
    r = flop()
    ruling = r.out_of_turn(3, "bet", 50)
    assert ruling.rule == "6.17.1" and ruling.action.amount == 50
    ruling = r.out_of_turn(3, "call", action_changed=True)
    assert ruling.rule == "6.17.2" and "re-raise" in ruling.options
    ruling = r.out_of_turn(3, "check")
    assert ruling.rule == "6.17.3"
    r.forfeit_raise(3)
    r.act("check"), r.act("bet", 50)
    o = r.options()
    assert o.seat == 3 and "raise" not in o.actions and "6.17.3" in o.note
    assert r.out_of_turn(1, "fold").action.kind == "fold"
    assert r.out_of_turn(1, "fold").action is not None
    off = flop(house=MAIN.with_(fold_out_of_turn_binding=False))
    assert off.out_of_turn(2, "fold").action is None
    with pytest.raises(ValueError, match="in turn"):
        r.out_of_turn(r.turn, "call")


# ----- properties ----------------------------------------------------------------------------

STRUCTURES = [FIXED, BettingStructure.spread(5, 50), BettingStructure.pot_limit(10),
              BettingStructure.half_pot(10), NL]


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(range(len(STRUCTURES))),
       stacks=st.lists(st.integers(0, 400), min_size=2, max_size=6),
       picks=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10_000)), max_size=60),
       blinds=st.booleans())
def test_a_round_conserves_chips_and_ends(kind, stacks, picks, blinds):
    structure = STRUCTURES[kind]
    seats = list(range(1, len(stacks) + 1))
    stack = dict(zip(seats, stacks))
    posted = {}
    if blinds:
        for seat, blind in zip(seats, (5, 10)):
            posted[seat] = min(blind, stack[seat])
            stack[seat] -= posted[seat]
    order = seats[2:] + seats[:2] if blinds else seats
    r = BettingRound(structure, order, stack, posted=posted, call_level=10 if blinds else None)
    total = sum(stacks)
    for choice, number in picks + [(0, 0)] * 80:
        if r.complete:
            break
        o = r.options()
        before = state(r)
        kinds = ["fold", "check", "call", "bet", "raise", "all-in"]
        k = kinds[choice]
        amount = None
        if k in ("bet", "raise"):
            amount = number % (o.all_in_to + 2)
            if o.min_to is not None and number % 3 == 0:
                amount = o.min_to + number % (o.max_to - o.min_to + 1)
        result = r.act(k, amount)
        if not result.ok:
            assert state(r) == before
            assert k != "fold"
            assert r.act("call" if "call" in o.actions else "check").ok
        assert sum(r.stacks.values()) + sum(r.in_front.values()) == total
        assert all(v >= 0 for v in r.stacks.values())
        assert r.level >= max(r.in_front.values())
    assert r.complete
    if len(r.live) > 1:
        assert all(r.in_front[s] == r.level for s in r.live if s not in r.all_in)


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(range(len(STRUCTURES))),
       stacks=st.lists(st.integers(0, 120), min_size=2, max_size=5),
       round_index=st.integers(0, 3),
       picks=st.lists(st.integers(0, 10_000), max_size=40))
def test_options_say_exactly_what_act_accepts(kind, stacks, round_index, picks):
    seats = list(range(1, len(stacks) + 1))
    r = BettingRound(STRUCTURES[kind], seats, dict(zip(seats, stacks)), round_index=round_index)
    for pick in picks:
        if r.complete:
            break
        o = r.options()
        for k in ("fold", "check", "call", "all-in"):
            assert (r.check(k) == "") == (k in o.actions), (k, o, r.check(k))
        for k in ("bet", "raise"):
            for amount in range(0, o.all_in_to + 2):
                full = k in o.actions and o.min_to <= amount <= o.max_to
                all_in = amount == o.all_in_to and "all-in" in o.actions and amount > r.level
                legal = r.check(k, amount) == ""
                assert legal or not full, (k, amount, o, r.check(k, amount))
                assert not legal or full or all_in, (k, amount, o)
        k = o.actions[pick % len(o.actions)]
        amount = None
        if k in ("bet", "raise"):
            amount = o.min_to + pick % (o.max_to - o.min_to + 1)
        assert r.act(k, amount).ok


# ----- house fixed_raise_to_all_in (published standard recording; `standard` profile) ---------

STANDARD_RECORDING = MAIN.with_(fixed_raise_to_all_in=True, name="std")


def heads_up_flop(structure, stacks, **kw):
    return BettingRound(structure, [1, 2], stacks, round_index=1, **kw)


def test_fixed_limit_raise_to_the_last_opponents_all_in_needs_the_house_field():
    # Flop 10/20 (unit 10 on round 1): seat 1 bets 10 with 5 behind; seat 2 raises
    # to 15, what puts seat 1 all-in, where 6.5 asks for a raise to 20.
    r = heads_up_flop(FIXED, {1: 15, 2: 1000})
    assert r.act("bet", 10).ok
    assert "raise is exactly 10" in r.check("raise", 15)          # 6.5 under main
    r = heads_up_flop(FIXED, {1: 15, 2: 1000}, house=STANDARD_RECORDING)
    r.act("bet", 10)
    assert r.check("raise", 12)                                      # not the all-in amount
    assert not r.check("raise", 15)
    assert r.act("raise", 15).ok
    assert r.act("call").ok and r.complete and r.in_front == {1: 15, 2: 15}


def test_fixed_limit_bet_to_the_last_opponents_all_in():
    r = flop(FIXED, stacks={1: 1000, 2: 6, 3: 4}, house=STANDARD_RECORDING)
    assert r.check("bet", 4)                                         # seat 2 can still call 6
    assert r.act("bet", 6).ok
    assert r.act("call").ok and r.act("call").ok and r.complete
    assert r.in_front == {1: 6, 2: 6, 3: 4}


def test_raise_to_all_in_amount_is_fixed_limit_only():
    r = heads_up_flop(NL, {1: 15, 2: 1000}, house=STANDARD_RECORDING)
    r.act("bet", 10)
    assert r.check("raise", 15)                                      # 6.5: at least 10 more
