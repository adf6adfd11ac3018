"""Commission (section 7): a worked example per clause."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.hand.rake import commission_for_hand
from engine.house import MAIN, get_house
from engine.money.commission import (Commission, only_blinds, person_fees, take_commission, tied_contest,
                                     time_charges)
from engine.money.pots import Pot, build_pots

FIVE = Commission("percentage", percent=5, cap=None)


def test_the_house_profile_holds_the_commission():
    assert get_house().commission == MAIN.commission
    assert MAIN.with_(commission=Commission("time", hourly_fee=6)).commission.method == "time"
    assert "7.2.1" in MAIN.commission.sign()


def test_7_2_1_percentage_range_is_2_to_10():
    for bad in (1, 11, "10.5"):
        with pytest.raises(ValueError, match="2% to 10%.*7.2.1"):
            Commission("percentage", percent=bad)
    with pytest.raises(ValueError, match="7.2.1"):
        Commission("percentage", percent=2.5)          # floats are refused: write "2.5"
    with pytest.raises(ValueError, match="no commission method 'tip'"):
        Commission("tip")
    assert Commission("percentage", percent="2.5").rate * 4 == 10


def test_7_2_1_percentage_from_the_pot_and_each_side_pot():
    pots = [Pot(300, (1, 2, 3), "main pot"), Pot(140, (2, 3), "side pot 1")]
    rake = take_commission(pots, FIVE)
    assert rake.taken == (15, 7) and rake.total == 22
    assert [p.amount for p in rake.pots] == [285, 133]
    assert "5% is 7," in rake.lines[1]
    assert "7.2.1" in rake.lines[0]


def test_rake_is_taken_in_whole_lowest_chips():
    rake = take_commission([Pot(290, (1, 2))], FIVE, lowest_chip=5)
    assert rake.taken == (10,) and "14 and 1/2" in rake.lines[0]
    rake = take_commission([Pot(290, (1, 2))], Commission(percent=5, cap=None, step=1), lowest_chip=5)
    assert rake.taken == (14,)


def test_7_7_no_more_commission_once_the_cap_is_reached():
    pots = [Pot(400, (1, 2, 3), "main pot"), Pot(200, (2, 3), "side pot 1")]
    rake = take_commission(pots, Commission(percent=10, cap=50))
    assert rake.taken == (40, 10) and rake.total == 50
    assert any("7.7" in line for line in rake.lines)
    rake = take_commission(pots, Commission(percent=10, cap=30))
    assert rake.taken == (30, 0)


def test_7_5_an_uncalled_wager_is_not_raked():
    # Seat 2 bets 500 into a pot of 100 that nobody calls: only 100 is raked.
    rake, returned = commission_for_hand({1: 50, 2: 550, 3: 0}, folded={1, 3}, commission=FIVE,
                                         blinds={})
    assert returned == {2: 500}
    assert sum(p.amount for p in build_pots({1: 50, 2: 50}, {1})) == 100
    assert rake.taken == (5,) and "7.5" in rake.lines[0]


def test_7_6_no_commission_when_the_only_wagers_are_blinds():
    blinds = {1: 5, 2: 10}
    # Everyone folds to the big blind: the uncalled 5 goes back, 5 + 5 remain.
    rake, returned = commission_for_hand({1: 5, 2: 10, 3: 0, 4: 0}, folded={1, 3, 4},
                                         commission=FIVE, blinds=blinds)
    assert returned == {2: 5} and rake.total == 0 and "7.6" in rake.lines[-1]
    assert only_blinds({1: 5, 2: 5}, blinds)
    assert not only_blinds({1: 10, 2: 10}, blinds)        # the small blind called: a wager
    fee = Commission("fixed-hand", hand_fee=2, cap=None)
    assert take_commission([Pot(20, (1, 2))], fee, blinds_only=True, players=2).total == 0


def test_7_8_no_percentage_when_tied_hands_contested_alone():
    contributions = {1: 100, 2: 100}
    assert tied_contest(contributions, [1, 2])
    assert not tied_contest({1: 100, 2: 100, 3: 20}, [1, 2])      # seat 3 put chips in
    assert not tied_contest(contributions, [1])
    rake, _ = commission_for_hand(contributions, (), FIVE, tied_winners=[1, 2])
    assert rake.total == 0 and "7.8" in rake.lines[-1]
    # 7.8 spares only a percentage commission: a fixed fee per hand is still taken.
    fee = Commission("fixed-hand", hand_fee=3, cap=None)
    rake, _ = commission_for_hand(contributions, (), fee, tied_winners=[1, 2])
    assert rake.total == 3


def test_7_2_2_time_charge_from_every_seated_player():
    charge = Commission("time", hourly_fee=6)
    fees, lines = time_charges(charge, [1, 2, 3, 5], hours=2)
    assert fees == {1: 12, 2: 12, 3: 12, 5: 12}
    assert "inactive" in lines[0] and "7.2.2" in lines[0]
    assert take_commission([Pot(100, (1, 2))], charge).total == 0
    with pytest.raises(ValueError, match="7.2.2"):
        time_charges(FIVE, [1, 2])


def test_7_2_3_fixed_commission_per_hand_by_players():
    fee = Commission("fixed-hand", hand_fee=1, hand_fee_by_players=((5, 2), (8, 3)), cap=None)
    assert [fee.fee_for_hand(n) for n in (2, 4, 5, 7, 8, 10)] == [1, 1, 2, 2, 3, 3]
    pots = [Pot(2, (1, 2, 3), "main pot"), Pot(40, (2, 3), "side pot 1")]
    rake = take_commission(pots, fee, players=9)
    assert rake.taken == (2, 1)        # the main pot holds only 2: the rest from the side pot
    with pytest.raises(ValueError, match="7.2.3"):
        take_commission(pots, fee)
    assert take_commission(pots, Commission("fixed-hand", hand_fee=5, cap=2), players=3).total == 2


def test_7_2_4_fixed_commission_per_person_per_hand():
    fee = Commission("fixed-person", person_fee=1)
    fees, lines = person_fees(fee, [1, 2, 4])
    assert fees == {1: 1, 2: 1, 4: 1} and "7.2.4(b)" in lines[0]
    assert take_commission([Pot(100, (1, 2))], fee).total == 0


def test_7_4_nil_commission():
    rake = take_commission([Pot(100, (1, 2))], Commission("none"))
    assert rake.total == 0 and "7.4" in rake.lines[0]


@settings(max_examples=200, deadline=None)
@given(amounts=st.lists(st.integers(0, 5000), min_size=1, max_size=5),
       percent=st.integers(2, 10), cap=st.one_of(st.none(), st.integers(0, 200)),
       chip=st.sampled_from([1, 5, 25]))
def test_rake_never_exceeds_the_percentage_or_cap_and_conserves_chips(amounts, percent, cap, chip):
    pots = [Pot(a, (1, 2), f"pot {i}") for i, a in enumerate(amounts)]
    rake = take_commission(pots, Commission(percent=percent, cap=cap), lowest_chip=chip)
    for pot, taken, after in zip(pots, rake.taken, rake.pots):
        assert 0 <= taken * 100 <= pot.amount * percent
        assert taken % chip == 0 or cap is not None
        assert after.amount + taken == pot.amount
    assert cap is None or rake.total <= cap


def test_uncalled_chips_cite_7_5_only_for_a_percentage():
    pots = [Pot(4, (1, 2), "main pot")]
    percent = take_commission(pots, Commission(method="percentage", percent=10, cap=5), uncalled=1)
    assert percent.lines[0].endswith("for the rake (7.5).")
    fixed = take_commission(pots, Commission(method="fixed-hand", hand_fee=1, cap=1), uncalled=1, blinds_only=True)
    assert fixed.lines[0].endswith("(1.1 Pot).") and "7.5" not in fixed.lines[0]
