"""Question kinds: the answer is computed from the scenario, never typed in a lesson."""
import pytest

from engine.questions import build_question
from engine.questions.base import MalformedAnswer, QuestionError

EVENTS = """
seat 1 Ann
seat 3 Bob
seat 4 Cat
seat 6 Dan
seat 8 Eve
blinds 1 2
button 1
2 leave Cat
"""


@pytest.mark.parametrize("about, hand, answer", [
    ("big_blind", 2, "6"),         # 8.2.6: the player left of the leaver posts the big blind
    ("small_blind", 2, "none"),    # ... and there is no small blind
    ("button", 2, 3),
    ("button", 3, 4),              # the button moves onto the empty seat: dead button
    ("small_blind", 3, "6"),
    ("dealt_in", 3, (1, 3, 6, 8)),
])
def test_player_leaving_before_small_blind(about, hand, answer):
    q = build_question({"ask": "across_hands", "events": EVENTS, "about": about, "hand": hand})
    assert q.answer == answer
    assert q.check(answer).ok and "8.2" in q.check(answer).rule


def test_across_hands_errors():
    with pytest.raises(QuestionError, match="about must be one of"):
        build_question({"ask": "across_hands", "events": EVENTS, "about": "dealer"})
    with pytest.raises(QuestionError, match="events:"):
        build_question({"ask": "across_hands", "events": "seat x Ann", "about": "button"})


def test_irregularity_depends_on_substantial_action():
    early = build_question({"ask": "irregularity", "situation": "dealt-out-of-order",
                            "facts": {"substantial_action": False, "correctable": False}})
    late = build_question({"ask": "irregularity", "situation": "dealt-out-of-order",
                           "facts": {"substantial_action": True, "correctable": False}})
    assert early.answer == "misdeal" and late.answer != "misdeal"
    verdict = early.check("misdeal")
    assert verdict.ok and "9.1.1(a)(iii)" in verdict.message
    wrong = early.check(late.answer)
    assert not wrong.ok and "substantial action" in wrong.message
    with pytest.raises(MalformedAnswer):
        early.parse({"choice": "shrug"})


def test_irregularity_unknown_situation():
    with pytest.raises(QuestionError, match="situations:"):
        build_question({"ask": "irregularity", "situation": "dealer-sneezes"})


def test_split_three_ways_with_odd_chips():
    q = build_question({"ask": "split", "pot": 100, "winners": [2, 5, 8], "button": 6, "lowest_chip": 5})
    assert q.answer == {8: 35, 2: 35, 5: 30}  # 30 each, two odd 5s from the button's left: 8 then 2
    assert q.parse({"amount-2": "35", "amount-5": "30", "amount-8": "35"}) == q.answer
    with pytest.raises(MalformedAnswer):
        q.parse({"amount-2": "35"})


def test_split_without_button_needs_hands():
    with pytest.raises(QuestionError, match="hands"):
        build_question({"ask": "split", "pot": 5, "winners": [1, 2]})
    q = build_question({"ask": "split", "pot": 5, "winners": [1, 2],
                        "hands": {"1": "As 2c", "2": "Ah 3c"}})
    assert q.answer == {1: 3, 2: 2} and q.rule == "8.1.5(b)"  # ace of spades beats ace of hearts


def test_first_to_act_skips_folded_small_blind():
    q = build_question({"ask": "first_to_act", "street": "flop", "button_was": 7, "seed": 3,
                        "seats": {2: ["Ann", 200], 4: ["Ben", 200], 5: ["Cara", 200], 7: ["Dev", 200],
                                  9: ["Eve", 200]},
                        "actions": ["call", "fold", "raise 6", "fold", "call", "call"] + ["check"] * 9})
    assert q.answer == 4 and q.rule == "8.17.4(b)"
    assert 2 not in [v for v, _ in q.choices]


SIDE_POT = {"button_was": 1, "seed": 9,
            "seats": {1: ["Ann", 50], 3: ["Ben", 120], 5: ["Cal", 200], 7: ["Dee", 200]},
            "actions": ["all-in", "call", "call", "call", "bet 30", "call", "all-in", "call", "call",
                        "check", "check", "check", "check"]}


def test_pots_main_and_side():
    q = build_question({"ask": "pots", **SIDE_POT})
    assert [label for _, label in q.choices] == ["Main pot", "Side pot 1"]
    assert q.answer == {0: 200, 1: 210}         # 4 x 50; then 3 x 70 above Ann's all-in
    assert q.parse({"amount-0": "200", "amount-1": "210"}) == q.answer
    wrong = q.check({0: 410, 1: 0})
    assert not wrong.ok and "6.15" in wrong.message
    assert "contested by seats 3, 5, 7" in " ".join(q.check(q.answer).message.split("\n"))


def test_pots_uncalled_bet_is_in_no_pot():
    q = build_question({"ask": "pots", "button_was": 1, "seed": 2,
                        "seats": {1: ["A", 100], 3: ["B", 100], 5: ["C", 100]},
                        "actions": ["call", "call", "check", "bet 10", "fold", "fold"]})
    assert q.answer == {0: 6}                   # the flop bet of 10 goes back (7.5)
    assert "7.5" in q.check(q.answer).message


def test_pots_cite_the_pot_when_nobody_is_all_in_and_the_side_pot_when_there_is_one():
    """One pot and no all-in: the pot is 1.1's antes, blinds and called wagers;
    the side-pot rule and its all-in sentence are for hands that have one."""
    plain = build_question({"ask": "pots", "button_was": 1, "seed": 2,
                            "seats": {1: ["A", 100], 3: ["B", 100], 5: ["C", 100]},
                            "actions": ["call", "call", "check"] + ["check"] * 9})
    assert plain.answer == {0: 6} and plain.rule == "1.1 (Pot)"
    assert not any("all-in" in line for line in plain.explanation)
    side = build_question({"ask": "pots", **SIDE_POT})
    assert side.rule == "1.1 (Side pot)" and any("6.15" in line for line in side.explanation)


def test_first_to_act_after_the_discards_does_not_show_the_order_they_came_in():
    """The discards start with the first player still in on the button's left
    (8.19.3(d)), the seat that opens the flop (8.19.4(b)): the table talk says
    who discarded, not in what order, so it does not name the answer."""
    q = build_question({"ask": "first_to_act", "game": "pineapple", "street": "flop", "seed": 21,
                        "button_was": 9, "seats": {1: ["Eve", 150], 4: ["Fin", 150], 6: ["Gil", 150], 9: ["Hal", 150]},
                        "actions": ["call", "call", "fold", "check", "discard #3", "discard #3", "discard #3"]
                        + ["check"] * 9})
    log = q.display["table"]["log"]
    assert q.answer == 6
    assert not any("discards" in line for line in log)
    assert log[-1] == "The 3 players still in discard 1 card each"
    assert log[:4] == ["Seat 9 (Hal) calls 2", "Seat 1 (Eve) calls 2", "Seat 4 (Fin) folds", "Seat 6 (Gil) checks"]
