"""Pots: side pots, uncalled bets, odd chips (8.1.5-8.1.7, 8.12.5, 8.18.6)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from engine.betting.rulings import BettingRound
from engine.betting.structures import BettingStructure
from engine.money.pots import (Pot, award, build_pots, read_tabled_hands, refuse_split_by_agreement,
                               return_uncalled, settle, split_double_board, split_hi_lo, split_pot)


# ----- building pots ----------------------------------------------------------------------

def test_main_and_side_pots():
    # Seat 4 folded after putting in 30; seat 1 is all-in for 50; seats 2 and 3 went on to 100.
    pots = build_pots({1: 50, 2: 100, 3: 100, 4: 30}, folded={4})
    assert pots == [Pot(180, (1, 2, 3), "main pot"), Pot(100, (2, 3), "side pot 1")]


def test_several_all_ins_make_several_side_pots():
    pots = build_pots({1: 20, 2: 50, 3: 100, 4: 100, 5: 10}, folded={5})
    assert [(p.name, p.amount, p.eligible) for p in pots] == [
        ("main pot", 90, (1, 2, 3, 4)), ("side pot 1", 90, (2, 3, 4)), ("side pot 2", 100, (3, 4))]


def test_uncalled_bet_goes_back():
    back = return_uncalled({1: 10, 2: 200, 3: 60}, folded={1, 3})
    assert back.returned == {2: 140} and back.contributions == {1: 10, 2: 60, 3: 60}
    assert "7.5" in back.lines[0]
    assert return_uncalled({1: 50, 2: 50}).returned == {}


def test_bad_contributions_are_named():
    with pytest.raises(ValueError, match="seat 2 put in -5"):
        build_pots({1: 10, 2: -5})
    with pytest.raises(ValueError, match="every player has folded"):
        build_pots({1: 10, 2: 10}, folded={1, 2})


# ----- 8.1.5 dividing a tie ---------------------------------------------------------------------

def test_8_1_5_a_divided_to_the_lowest_chip_then_clockwise_from_the_button():
    shares, lines = split_pot(100, [2, 4, 6], button=3, lowest_chip=5)
    assert shares == {2: 30, 4: 35, 6: 35}
    assert "each gets 30 (8.1.5)" in lines[0]
    assert lines[1].startswith("10 remains: 5 to seat 4, 5 to seat 6") and "8.1.5(a)" in lines[1]


def test_8_1_5_a_wraps_round_the_table():
    # Button at seat 8 of 9: seat 9 then seat 1 are closest clockwise.
    shares, _ = split_pot(10, [1, 5, 9], button=8, seat_count=9, lowest_chip=1)
    assert shares == {9: 4, 1: 3, 5: 3}
    # The button's own seat is the last clockwise from the button.
    shares, _ = split_pot(11, [3, 7], button=3, seat_count=9)
    assert shares == {7: 6, 3: 5}


def test_8_1_5_b_no_button_highest_card_by_suit():
    hands = {2: "Kh Kd 9c", 4: "Ks 2c 3d", 6: "Qs Qh Jd"}
    shares, lines = split_pot(20, [2, 4, 6], lowest_chip=5, odd_chip="suit", hands=hands)
    assert shares == {4: 10, 2: 5, 6: 5}                  # King of spades beats King of hearts
    assert "8.1.5(b)" in lines[-1] and "seat 4 Ks" in lines[-1]
    with pytest.raises(ValueError, match="8.1.5\\(b\\).*seat\\(s\\) 6"):
        split_pot(25, [2, 6], lowest_chip=5, odd_chip="suit", hands={2: "Kh"})
    # No button in use: the suit rule applies whatever the house setting.
    shares, lines = split_pot(5, [2, 4], odd_chip="button", hands=hands, lowest_chip=5)
    assert shares == {4: 5, 2: 0} and "No dealer button" in lines[1]


def test_live_casino_left_of_button_gets_the_whole_remainder():
    shares, lines = split_pot(100, [2, 4, 6], button=3, lowest_chip=5, odd_chip="left_of_button")
    assert shares == {2: 30, 4: 40, 6: 30} and "live-casino" in lines[-1]


def test_remainder_smaller_than_the_lowest_chip():
    shares, _ = split_pot(103, [1, 2], button=5, seat_count=6, lowest_chip=5)
    assert shares == {1: 53, 2: 50}


def test_only_eligible_seats_may_win_a_pot():
    pot = Pot(100, (2, 3), "side pot 1")
    with pytest.raises(ValueError, match="seat\\(s\\) 1 cannot win the side pot 1"):
        award(pot, [1, 2], button=1)


# ----- 8.12.5 high-low, 8.18.6 double flop --------------------------------------------------------

def test_8_12_5_f_hi_lo_odd_chip_to_the_high_hand():
    shares, lines = split_hi_lo(Pot(105, (1, 2, 3)), [1], [2, 3], lowest_chip=5, button=1)
    assert shares == {1: 55, 2: 25, 3: 25}
    assert "8.12.5(f)" in lines[0]


def test_8_12_5_hi_lo_scoop_and_no_low():
    shares, lines = split_hi_lo(Pot(100, (1, 2)), [1], [1], button=2)
    assert shares == {1: 100} and "8.12.5(d)(iii)" in lines[0]
    shares, lines = split_hi_lo(Pot(100, (1, 2)), [2], [], button=2)
    assert shares == {2: 100} and "8.12.5(e)" in lines[0]
    # A player with the high alone and a share of the low.
    shares, _ = split_hi_lo(Pot(100, (1, 2)), [1], [1, 2], button=2, seat_count=6, lowest_chip=5)
    assert shares == {1: 75, 2: 25}


def test_8_18_6_e_double_flop_odd_chip_to_the_top():
    shares, lines = split_double_board(Pot(15, (1, 2)), [1], [2], lowest_chip=5, button=2)
    assert shares == {1: 10, 2: 5} and "8.18.6(e)" in lines[0]


# ----- each pot on its own, 8.1.6, 8.1.7 --------------------------------------------------------------

def test_each_side_pot_is_settled_on_its_own():
    pots = build_pots({1: 50, 2: 100, 3: 100}, folded=())
    # Seat 1 (all-in) holds the best hand; seats 2 and 3 tie for the side pot.
    shares, lines = settle(pots, {1: 9, 2: 5, 3: 5}, button=3, seat_count=6, lowest_chip=5)
    assert shares == {1: 150, 2: 50, 3: 50}
    assert sum("settled on its own" in line for line in lines) == 2


def test_settle_hi_lo_by_pot():
    pots = build_pots({1: 50, 2: 100, 3: 100}, folded=())
    shares, _ = settle(pots, {1: 9, 2: 5, 3: 4}, second={3: 1}, mode="hi-lo", button=1, lowest_chip=5)
    # Main 150: 75 high (seat 1), 75 low (seat 3). Side 100: 50 high (seat 2), 50 low (seat 3).
    assert shares == {1: 75, 3: 125, 2: 50}


def test_8_1_6_no_split_by_agreement():
    assert "8.1.6" in refuse_split_by_agreement([2, 5])


def test_8_1_7_cards_speak():
    class Value(int):
        def describe(self):
            return {9: "a flush", 5: "two pair"}[int(self)]

    read, lines = read_tabled_hands({1: Value(9), 2: Value(5), 3: Value(5)}, tabled={1, 2},
                                    declared={1: "a straight", 2: "two pair"})
    assert read == {1: 9, 2: 5}
    assert any("seat 3" in line.lower() and "8.1.7" in line for line in lines)
    assert any("'a straight' but the cards read 'a flush'" in line for line in lines)
    assert not any("Seat 2 called" in line for line in lines)


# ----- properties: chips are conserved, pots go only to eligible seats --------------------------------

@settings(max_examples=300, deadline=None)
@given(contrib=st.lists(st.integers(0, 500), min_size=2, max_size=9),
       fold_mask=st.lists(st.booleans(), min_size=9, max_size=9),
       values=st.lists(st.integers(0, 3), min_size=9, max_size=9),
       lows=st.lists(st.one_of(st.none(), st.integers(0, 2)), min_size=9, max_size=9),
       mode=st.sampled_from(["high", "hi-lo", "double-board"]),
       button=st.integers(1, 9), chip=st.sampled_from([1, 5, 25]),
       rule=st.sampled_from(["button", "left_of_button", "suit"]))
def test_pots_conserve_chips_and_go_to_eligible_seats(contrib, fold_mask, values, lows, mode,
                                                       button, chip, rule):
    seats = list(range(1, len(contrib) + 1))
    contributions = dict(zip(seats, contrib))
    folded = {s for s in seats if fold_mask[s - 1]}
    if len(folded) == len(seats):
        folded.discard(seats[0])
    back = return_uncalled(contributions, folded)
    pots = build_pots(back.contributions, folded)
    assert sum(p.amount for p in pots) + sum(back.returned.values()) == sum(contrib)
    for pot in pots:
        assert not set(pot.eligible) & folded
    live = [s for s in seats if s not in folded]
    hand_values = {s: values[s - 1] for s in live}
    second = {s: lows[s - 1] for s in live if lows[s - 1] is not None}
    if mode == "double-board":
        second = {s: lows[s - 1] or 0 for s in live}
    cards = {s: [f"{'23456789TJQKA'[s]}{suit}"] for s in seats for suit in "s"}
    shares, lines = settle(pots, hand_values, second=second, mode=mode, button=button, seat_count=9,
                           lowest_chip=chip, odd_chip=rule, hands=cards)
    assert sum(shares.values()) == sum(p.amount for p in pots)
    assert not set(shares) & folded
    for pot in pots:
        one, _ = settle([pot], hand_values, second=second, mode=mode, button=button, seat_count=9,
                        lowest_chip=chip, odd_chip=rule, hands=cards)
        assert set(s for s, c in one.items() if c) <= set(pot.eligible)
        assert sum(one.values()) == pot.amount
        if chip == 1 and mode == "high" and rule != "left_of_button":
            assert max(one.values()) - min(one.values()) <= 1 or len(one) == 1


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_whole_hand_of_betting_conserves_chips(seed):
    """Four betting rounds of random legal play, then pots, then the award."""
    rng = random.Random(seed)
    structure = rng.choice([BettingStructure.fixed(10, 20), BettingStructure.pot_limit(10),
                            BettingStructure.no_limit(10), BettingStructure.spread(5, 50)])
    n = rng.randint(2, 7)
    seats = list(range(1, n + 1))
    stacks = {s: rng.randint(1, 300) for s in seats}
    start = sum(stacks.values())
    put_in = {s: 0 for s in seats}
    folded: set = set()
    for round_index in range(4):
        order = [s for s in seats if s not in folded]
        if len(order) < 2:
            break
        posted = {}
        if round_index == 0:
            for s, blind in zip(seats, (5, 10)):
                posted[s] = min(blind, stacks[s])
                stacks[s] -= posted[s]
            order = order[2:] + order[:2]
        r = BettingRound(structure, order, {s: stacks[s] for s in order}, posted=posted,
                         pot=sum(put_in.values()), round_index=round_index,
                         call_level=10 if round_index == 0 else None)
        while not r.complete:
            o = r.options()
            kind = rng.choice(o.actions)
            amount = rng.randint(o.min_to, o.max_to) if kind in ("bet", "raise") else None
            assert r.act(kind, amount).ok
        for s in order:
            put_in[s] += r.in_front[s]
            stacks[s] = r.stacks[s]
        folded |= r.folded
    back = return_uncalled(put_in, folded)
    for s, chips in back.returned.items():
        stacks[s] += chips
    pots = build_pots(back.contributions, folded)
    values = {s: rng.randint(0, 2) for s in seats if s not in folded}
    shares, _ = settle(pots, values, button=n, seat_count=n)
    for s, chips in shares.items():
        assert s not in folded
        stacks[s] += chips
    assert sum(stacks.values()) == start


def test_odd_card_reads_the_ace_as_the_house_says():
    # Razz counts aces low; 8.1.5(b) says "highest card by suit" (house razz_odd_chip).
    hands = {2: "As 7c 5s", 4: "Ah 7d 5h"}
    assert split_pot(5, [2, 4], odd_chip="suit", hands=hands).shares == {2: 3, 4: 2}
    assert split_pot(5, [2, 4], odd_chip="suit", hands=hands, odd_card="highest_ace_low").shares == {2: 2, 4: 3}
    shares, lines = split_pot(5, [2, 4], odd_chip="suit", hands=hands, odd_card="lowest")
    assert shares == {2: 2, 4: 3} and "lowest card by suit" in lines[-1] and "seat 4 Ah" in lines[-1]
    with pytest.raises(ValueError, match="odd-card rule"):
        split_pot(5, [2, 4], odd_chip="suit", hands=hands, odd_card="middle")
