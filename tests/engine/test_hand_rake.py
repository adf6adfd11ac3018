"""The dealer takes the commission in a dealt hand (section 7).

Percentage with a cap (7.2.1, 7.7) and a fixed fee per hand (7.2.3) come out
of the pots after the last bets are collected and before the first award;
a fee per person per hand (7.2.4) before the deal. No rake on an uncalled
wager (7.5), on blinds alone (7.6), or where tied hands contested the pot
alone (7.8). A time charge (7.2.2) is never taken in a hand. Hands whose
scenario and house ask for none are exactly as before.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.hand.machine import Hand
from engine.hand.players import RandomPlayer
from engine.hand.rake import commission_for_hand
from engine.hand.scenario import Scenario
from engine.house import MAIN, load_house_file
from engine.money.commission import Commission
from engine.phh.read import load
from engine.phh.replay import replay
from engine.steps import ScenarioError, Step

ROOT = Path(__file__).resolve().parents[2]
FIVE_CAP_3 = {"method": "percentage", "percent": 5, "cap": 3}
# Button to seat 1; seat 3 posts 1, seat 4 posts 2; seat 6 acts first.
FIVE = {"1": ["Ann", 200], "3": ["Ben", 200], "4": ["Cara", 200], "6": ["Dev", 200], "9": ["Eve", 200]}
# Preflop 6 x 4 = 24; flop bet 40 called: a pot of 104; turn and river checked.
BIG_POT = ["raise 6", "call", "fold", "call", "call", "check", "check", "bet 40", "call", "fold", "fold",
           "check", "check", "check", "check"]


def hand(commission=None, *, actions=BIG_POT, seats=FIVE, **keys) -> Hand:
    data = {"seed": 20261201, "button_was": 9, "seats": seats, "actions": actions, **keys}
    if commission is not None:
        data["commission"] = commission
    return Hand(Scenario.from_dict(data))


def deal(h: Hand) -> list[str]:
    """Deal to the end; the kinds of dealer step, in order."""
    kinds = []
    while (exp := h.expected()) is not None:
        kinds.append(exp.kind)
        assert h.propose(Step(exp.kind, exp.seat, exp.seats)).ok
    return kinds


def chips(h: Hand) -> int:
    return sum(p.stack + p.in_front for p in h.players.values()) + h.pot + h.rake


def test_percentage_taken_after_the_last_bets_and_before_the_award_7_2_1():
    h = hand({"method": "percentage", "percent": 5, "cap": 30})
    kinds = deal(h)
    assert kinds.count("take_rake") == 1
    at = kinds.index("take_rake")
    # After the river's bets would be collected (the river was checked) and before the award.
    assert max(i for i, k in enumerate(kinds) if k == "collect_bets") < at and kinds[at + 1] == "award"
    assert kinds[at - 1] == "deal_board" and kinds[at + 1:] == ["award"]
    # 5% of 104 is 5 1/5: five whole chips (7.2.1).
    assert h.rake == 5 and h.view()["commission"] == 5
    assert [a.amount for a in h.awards] == [99]
    assert chips(h) == 1000 and h.pot == 0
    assert any("7.2.1" in line for line in h.explanations)
    assert h.step_kinds()[1][-1] == "take_rake"


def test_the_cap_stops_the_commission_7_7():
    h = hand(FIVE_CAP_3)
    deal(h)
    assert h.rake == 3 and h.awards[0].amount == 101
    assert any("cap of 3" in line and "7.7" in line for line in h.rake_lines)
    assert chips(h) == 1000


def test_each_pot_is_raked_main_pot_first_and_the_cap_spans_them():
    seats = {"2": ["Ann", 40], "4": ["Ben", 200], "5": ["Cara", 200], "7": ["Dev", 200]}
    # Button 2, blinds 4 and 5; 7 raises to 100, 2 is all in for 40, 4 folds, 5 calls.
    actions = ["raise 100", "all-in", "fold", "call"] + ["check"] * 6
    h = hand({"method": "percentage", "percent": 5, "cap": 30}, seats=seats, actions=actions, button_was=7)
    deal(h)
    # Main pot 40 x 3 + 1 = 121 -> 6; side pot 60 x 2 = 120 -> 6.
    assert [line.split(":")[0] for line in h.rake_lines] == ["Main pot 121", "Side pot 1 120"]
    assert h.rake == 12
    # Raked main pot first (7.2.1(a)); awarded side pot first (house award_order).
    assert [(a.pot, a.amount) for a in h.awards] == [("side pot 1", 114), ("main pot", 115)]
    h = hand({"method": "percentage", "percent": 5, "cap": 8}, seats=seats, actions=actions, button_was=7)
    deal(h)
    assert h.rake == 8 and [a.amount for a in h.awards] == [118, 115]
    assert chips(h) == 640


def test_fixed_fee_per_hand_by_the_number_of_players_7_2_3():
    fee = {"method": "fixed-hand", "hand_fee": 1, "hand_fee_by_players": [[5, 2]], "cap": 10}
    h = hand(fee)
    kinds = deal(h)
    assert kinds[kinds.index("take_rake") + 1] == "award"
    assert h.rake == 2 and h.awards[0].amount == 102
    assert any("7.2.3(b)" in line for line in h.rake_lines)
    few = hand(fee, seats={"1": ["Ann", 200], "3": ["Ben", 200], "4": ["Cara", 200]},
               actions=["call", "call", "check"] + ["check"] * 9)
    deal(few)
    assert few.rake == 1 and chips(few) == 600


def test_a_fee_that_empties_the_pot_leaves_nothing_to_push():
    # Heads-up, the button calls the big blind and both check down: a pot of 4
    # and a fee of 5; the small blind's call is a wager, so 7.6 does not apply.
    seats = {"1": ["Ann", 50], "2": ["Ben", 50]}
    h = hand({"method": "fixed-hand", "hand_fee": 5, "cap": None}, seats=seats, button_was=2,
             actions=["call", "check"] + ["check"] * 6)
    deal(h)
    assert h.rake == 4 and [a.amount for a in h.awards] == [0]
    assert any("too little" in line for line in h.rake_lines)
    assert h.finished and chips(h) == 100


def test_fee_per_person_collected_before_the_deal_7_2_4():
    h = hand({"method": "fixed-person", "person_fee": 1})
    assert h.propose(Step("move_button", seat=1)).ok
    exp = h.expected()
    assert exp.kind == "take_rake" and exp.rule == "7.2.4(b)"
    skipped = h.propose(Step("post_blind", seat=3))
    assert not skipped.ok and "7.2.4(b)" in skipped.message and skipped.rule == "7.2.4(b)"
    assert h.propose(Step("take_rake")).ok
    assert h.rake == 5 and [p.stack for p in h.players.values()] == [199] * 5
    assert h.view()["commission"] == 5 and h.pot == 0
    kinds = deal(h)
    assert "take_rake" not in kinds            # nothing more from the pot
    assert h.awards[0].amount == 104 and chips(h) == 1000
    assert any("7.2.4(c)" in line for line in h.explanations)


def test_fee_per_person_without_a_button_is_the_first_step():
    seats = {"1": ["Ann", 100], "3": ["Ben", 100], "5": ["Cara", 100]}
    h = Hand(Scenario.from_dict({"game": "seven-card-stud", "seed": 5, "seats": seats, "ante": 1,
                                 "betting": "fixed", "limits": [2, 4],
                                 "commission": {"method": "fixed-person", "person_fee": 2},
                                 "actions": ["bring-in", "call", "fold"] + ["check"] * 8}))
    kinds = deal(h)
    assert kinds[:2] == ["take_rake", "collect_antes"]
    assert h.rake == 6 and chips(h) == 300


def test_a_stack_too_short_for_the_fee_per_person_is_refused():
    seats = {**FIVE, "9": ["Eve", 1]}
    with pytest.raises(ScenarioError, match=r"seat 9 has 1 chips.*7\.2\.4\(b\)"):
        hand({"method": "fixed-person", "person_fee": 1}, seats=seats)


def test_7_5_an_uncalled_wager_is_not_raked():
    # Blinds 10/20; seat 6 raises to 200 and everybody folds: 180 goes back,
    # 10 + 20 + 20 = 50 is raked: 5% is 2 1/2, two chips, not 5% of 230.
    h = hand({"method": "percentage", "percent": 5, "cap": 30}, blinds=[10, 20],
             actions=["raise 200", "fold", "fold", "fold", "fold"])
    kinds = deal(h)
    assert "take_rake" in kinds and h.rake == 2
    assert "7.5" in h.rake_lines[0]
    assert h.players[6].stack == 200 + 10 + 20 - 2      # the blinds, less the commission
    assert chips(h) == 1000


def test_7_6_no_commission_when_the_only_wagers_are_blinds():
    h = hand(FIVE_CAP_3, actions=["fold", "fold", "fold", "fold"])
    kinds = deal(h)
    assert "take_rake" not in kinds and h.rake == 0
    assert h.view()["commission"] == 0
    assert any("7.6" in line for line in h.explanations)
    assert _expected_by_commission_for_hand(h, Commission(percent=5, cap=3)) == 0
    # The small blind calls: that call is a wager, and the pot is raked.
    h = hand({"method": "percentage", "percent": 10, "cap": 30}, blinds=[10, 20],
             actions=["fold", "fold", "fold", "call", "check"] + ["check"] * 6)
    assert "take_rake" in deal(h) and h.rake == 4


def test_7_8_tied_hands_that_contested_alone_pay_no_percentage():
    # Both play the royal flush on the board.
    board = "2c 3d 4h 5h 6c As Ks Qs 7c Js 8c Ts"
    seats = {"1": ["Ann", 100], "2": ["Ben", 100]}
    actions = ["call", "check", "bet 20", "call", "check", "check", "check", "check"]
    h = hand(FIVE_CAP_3, seats=seats, button_was=2, stack=board, actions=actions)
    kinds = deal(h)
    assert h.awards[0].winners == (1, 2)
    assert "take_rake" not in kinds and h.rake == 0
    assert any("7.8" in line for line in h.explanations)
    assert _expected_by_commission_for_hand(h, Commission(percent=5, cap=3)) == 0
    assert _expected_by_commission_for_hand(h, Commission(percent=5, cap=3, method="fixed-hand",
                                                          hand_fee=1)) == 1
    # Seat 1 put chips in before folding: the tie of seats 2 and 3 is raked
    # (7.8 needs nobody else in the pot): 5% of 2 x 3 + 20 x 2 = 46 is 2.
    seats3 = {**seats, "3": ["Cal", 100]}
    board3 = "2c 3d 9d 4h 5h 9c 6c As Ks Qs 7c Js 8c Ts"
    h = hand(FIVE_CAP_3, seats=seats3, button_was=3, stack=board3,
             actions=["call", "call", "check", "bet 20", "call", "fold"] + ["check"] * 4)
    kinds = deal(h)
    assert h.awards[0].winners == (2, 3) and "take_rake" in kinds and h.rake == 2
    # 7.8 spares only a percentage: a fixed fee per hand is still taken.
    h = hand({"method": "fixed-hand", "hand_fee": 1, "cap": None}, seats=seats, button_was=2,
             stack=board, actions=actions)
    assert "take_rake" in deal(h) and h.rake == 1


def test_skipping_the_commission_is_refused_with_the_rule_and_changes_nothing():
    for commission, rule in ((FIVE_CAP_3, "7.2.1(a)"),
                             ({"method": "fixed-hand", "hand_fee": 2, "cap": None}, "7.2.3(a)")):
        h = hand(commission)
        while h.expected().kind != "take_rake":
            exp = h.expected()
            h.propose(Step(exp.kind, exp.seat, exp.seats))
        before = (h.view(reveal=True), h.step_count, h.rake, [a.amount for a in h.awards])
        verdict = h.propose(Step("award", seats=(6,)))
        assert not verdict.ok and verdict.rule == rule and rule in verdict.message
        assert "before any pot is awarded" in verdict.message
        assert (h.view(reveal=True), h.step_count, h.rake, [a.amount for a in h.awards]) == before
        early = hand(commission)
        assert not early.propose(Step("take_rake")).ok and early.rake == 0


def test_a_time_charge_is_never_taken_in_a_hand_7_2_2(tmp_path):
    with pytest.raises(ScenarioError, match=r"7\.2\.2"):
        hand({"method": "time", "hourly_fee": 6})
    house = tmp_path / "hourly.toml"
    house.write_text('rake_in_hand = true\n[commission]\nmethod = "time"\nhourly_fee = 6\n')
    h = hand(house=str(house))
    assert "take_rake" not in deal(h) and "take_rake" not in h.step_kinds()[1]
    assert h.rake == 0 and h.view()["commission"] is None
    assert any("7.2.2" in line for line in h.explanations)


def test_a_house_profile_turns_the_rake_on_and_a_scenario_can_turn_it_off(tmp_path):
    assert MAIN.rake_in_hand is False
    house = tmp_path / "raked.toml"
    house.write_text("rake_in_hand = true\n[commission]\npercent = 4\ncap = 30\n")
    assert load_house_file(house).rake_in_hand
    h = hand(house=str(house))
    deal(h)
    assert h.rake == 4                          # 4% of 104, the house's own figures
    h = hand({"method": "none"}, house=str(house))
    assert "take_rake" not in deal(h) and h.rake == 0
    assert any("7.4" in line for line in h.explanations)
    # A scenario's table overrides only the settings it names.
    h = hand({"cap": 2}, house=str(house))
    deal(h)
    assert h.rake == 2


@pytest.mark.parametrize("commission, words", [
    ("5%", "must be a table"),
    ({"rate": 5}, "'rate' is not a commission setting"),
    ({"percent": 12}, r"2% to 10%.*7\.2\.1"),
    ({"method": "tip"}, "no commission method 'tip'"),
    ({"cap": -1}, "the cap must be a whole number"),
])
def test_bad_commission_tables_are_refused_naming_the_setting(commission, words):
    with pytest.raises(ScenarioError, match=words):
        hand(commission)


def test_default_scenarios_and_lessons_take_no_commission():
    h = hand()
    kinds = deal(h)
    assert "take_rake" not in kinds and "take_rake" not in h.step_kinds()[1]
    assert h.rake == 0 and h.rake_lines == [] and h.view()["commission"] is None
    assert h.awards[0].amount == 104


def test_a_replay_takes_no_rake_even_under_a_raking_house(tmp_path):
    house = tmp_path / "raked.toml"
    house.write_text("rake_in_hand = true\n")
    phh = load(ROOT / "tests" / "engine" / "phh" / "ft_showdown.phh")[0]
    result = replay(phh, str(house))
    assert result.finishing_stacks == [116, 98, 86] and result.hand.rake == 0


def _expected_by_commission_for_hand(h: Hand, commission: Commission) -> int:
    contributions = {s: p.committed for s, p in h.players.items()}
    folded = {s for s, p in h.players.items() if p.folded}
    winners = {a.winners for a in h.awards}
    tied = next(iter(winners)) if len(h.live_seats()) > 1 and len(winners) == 1 else ()
    blinds = dict(zip(h.blind_seats(), h.blind_amounts)) if h.blind_amounts else None
    rake, _ = commission_for_hand(contributions, folded, commission, blinds=blinds, tied_winners=tied,
                                  players=len(h.players), lowest_chip=h.house.lowest_chip)
    return rake.total


@pytest.mark.parametrize("game", ["holdem", "omaha-hi-lo", "seven-card-stud", "draw-blind"])
def test_the_hand_takes_what_commission_for_hand_computes(game):
    settings = [{"method": "percentage", "percent": 5, "cap": 30},
                {"method": "percentage", "percent": 10, "cap": None},
                {"method": "percentage", "percent": "2.5", "cap": 4},
                {"method": "fixed-hand", "hand_fee": 1, "hand_fee_by_players": ((4, 3),), "cap": None}]
    for seed in range(40):
        rng = random.Random(f"{game}/{seed}")
        seats = {s: (f"P{s}", rng.choice((3, 20, 60, 200))) for s in sorted(rng.sample(range(1, 9), 4))}
        given = settings[seed % len(settings)]
        h = Hand(Scenario(game=game, seats=seats, button_was=min(seats), seed=seed, table_seats=8,
                          commission=given), decide=RandomPlayer(seed))
        total = sum(p.stack for p in h.players.values())
        deal(h)
        expected = _expected_by_commission_for_hand(h, Commission(**{**Commission().__dict__, **given}))
        assert h.rake == expected, (game, seed, h.rake_lines)
        assert sum(p.stack for p in h.players.values()) + h.rake == total


def test_from_hand_writes_a_raked_hand_with_its_stacks_after_the_rake():
    from engine.phh.write import from_hand
    h = hand(FIVE_CAP_3)
    deal(h)
    written = from_hand(h)
    assert sum(written.amounts("finishing_stacks")) == 1000 - 3


# --- the rake question (engine.questions, ask = "rake") ---------------------------------

def rake_question(**keys):
    from engine.questions import build_question
    return build_question({"ask": "rake", "seed": 20261201, "button_was": 9, "seats": FIVE,
                           "actions": BIG_POT, **keys})


def test_rake_question_answer_is_what_the_hand_takes():
    q = rake_question(commission=FIVE_CAP_3)
    assert q.input == "amount" and q.answer == 3 and q.rule == "7.2.1(a)"
    assert q.prompt == "How much commission does the dealer take?"
    assert q.display["facts"][0] == "Table sign: Rake: 5% of each pot, cap 3 (7.2.1)"
    table = q.display["table"]
    assert table["pot"] == 104 and table["commission"] is None      # shown before the rake
    assert any("7.7" in line for line in q.explanation)
    assert q.check(3).ok and not q.check(5).ok
    assert "7.5" in q.check(5).message and q.check(5).rule == "7.2.1(a)"


def test_rake_question_without_a_commission_key_uses_the_house_figures():
    q = rake_question()
    assert q.answer == 5                                            # main: 5%, cap 30
    assert rake_question(commission={"method": "none"}).answer == 0


def test_rake_question_for_the_fixed_methods():
    q = rake_question(commission={"method": "fixed-hand", "hand_fee": 1, "hand_fee_by_players": [[5, 2]],
                                  "cap": None})
    assert q.answer == 2 and q.rule == "7.2.3(a)" and "7.2.3(b)" in q.hint
    q = rake_question(commission={"method": "fixed-person", "person_fee": 2})
    assert q.answer == 10 and q.rule == "7.2.4(b)"
    assert q.display["table"]["commission"] is None and q.display["table"]["pot"] == 104
    q = rake_question(commission=FIVE_CAP_3, actions=["fold", "fold", "fold", "fold"])
    assert q.answer == 0 and q.rule == "7.6"


def test_rake_question_amounts_must_be_whole_chips():
    from engine.questions.base import MalformedAnswer
    q = rake_question(commission=FIVE_CAP_3)
    assert q.parse({"amount": " 3 "}) == 3 and q.parse({"amount": "0"}) == 0
    for bad in ("", "-1", "1.5", "three"):
        with pytest.raises(MalformedAnswer, match="whole number of chips"):
            q.parse({"amount": bad})
    assert q.format_answer(1) == "1 chip" and q.format_answer(3) == "3 chips"
