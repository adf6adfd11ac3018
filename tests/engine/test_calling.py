"""The dealer calls the action: irregular actions in a scenario become
`rule_on_action` steps, ruled by section 6 (engine.hand.calling, engine.betting.rulings)."""
from __future__ import annotations

import copy

import pytest

from engine.hand.calling import read_irregular
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.steps import ScenarioError, Step
from engine.steps import RulingDue

CHECKS = ["check"] * 9          # flop, turn and river checked round by three players


def hand(actions, stacks=(200, 200, 200), **keys) -> Hand:
    """Ann on the button (seat 2), Ben small blind (4), Cara big blind (5): 1/2 no limit."""
    seats = {str(s): [n, c] for s, n, c in zip((2, 4, 5), ("Ann", "Ben", "Cara"), stacks)}
    return Hand(Scenario.from_dict({"button_was": 7, "seats": seats, "actions": actions, **keys}))


def to_ruling(h: Hand):
    """Deal to the next ruling; its expected step."""
    while (exp := h.expected()) is not None and exp.kind != "rule_on_action":
        assert h.propose(exp.step()).ok
    assert exp is not None, "no ruling was due"
    return exp


def chips(h: Hand) -> int:
    return h.pot + sum(p.stack + p.in_front for p in h.players.values())


def snapshot(h: Hand):
    return copy.deepcopy((h.view(), h.step_count, {s: (p.stack, p.in_front) for s, p in h.players.items()}))


def rule(h: Hand, right: str, rule_no: str):
    """The wrong rulings are refused with the rule and change nothing; the right one is applied."""
    exp = to_ruling(h)
    detail = exp.detail
    assert isinstance(detail, RulingDue)
    assert detail.right == right and exp.rule == rule_no
    keys = [k for k, _ in detail.choices]
    assert right in keys and len(keys) >= 3
    prompt = h.ruling_prompt()
    assert prompt is not None and "right" not in prompt and prompt["choices"] == list(detail.choices)
    total = chips(h)
    before = snapshot(h)
    for key in keys:
        if key != right:
            verdict = h.propose(Step("rule_on_action", choice=key))
            assert not verdict.ok and verdict.rule == rule_no and "(" in verdict.message
            assert snapshot(h) == before
    assert not h.propose(Step("rule_on_action", choice="nonsense")).ok
    assert not h.propose(Step("collect_bets")).ok
    assert snapshot(h) == before
    verdict = h.propose(Step("rule_on_action", choice=right))
    assert verdict.ok and verdict.rule == rule_no
    assert chips(h) == total
    return verdict


def finish(h: Hand) -> Hand:
    total = chips(h)
    h.autoplay()
    assert h.finished and sum(p.stack for p in h.players.values()) == total
    return h


def test_under_raise_of_less_than_half_is_a_call():
    h = hand(["raise 6", "chips 6", "call"] + CHECKS)
    rule(h, "call", "6.11")
    assert h.players[4].in_front == 6 and h.players[4].stack == 194
    finish(h)


def test_under_raise_of_half_or_more_is_made_up_to_the_minimum():
    h = hand(["raise 6", "chips 8", "call", "call"] + CHECKS)
    rule(h, "minimum", "6.11")
    assert h.players[4].in_front == 10
    finish(h)


def test_single_oversize_chip_first_round_is_a_call():
    h = hand(["raise 6", "oversize chip 25", "call"] + CHECKS)
    rule(h, "call", "6.13.1(a)")
    assert h.players[4].in_front == 6
    finish(h)


def test_single_oversize_chip_first_wager_of_a_later_round_is_a_bet_of_its_value():
    h = hand(["call", "call", "check", "oversize chip 25", "fold", "call"] + CHECKS[:6])
    rule(h, "as-put", "6.13.1(b)")
    assert h.players[4].in_front == 25
    finish(h)


def test_oversize_chip_with_raise_said_raises_up_to_its_value():
    h = hand(["raise 6", "oversize chip 25 saying raise", "fold", "call"] + CHECKS[:6])
    rule(h, "as-put", "6.13.2")
    assert h.players[4].in_front == 26      # the small blind's 1 and the chip
    finish(h)


def test_limit_oversize_chip_is_a_call():
    h = hand(["raise 4", "oversize chip 25", "call"] + CHECKS, betting="fixed", limits=[2, 4])
    rule(h, "call", "6.12")
    finish(h)


def test_string_bet_is_a_call():
    h = hand(["raise 6", "string bet 12", "call"] + CHECKS)
    verdict = rule(h, "call", "6.11 (standard practice: a string bet)")
    assert "first movement" in verdict.message
    assert h.players[4].in_front == 6
    finish(h)


@pytest.mark.parametrize("then, ben_pays", [("call", 6), ("fold", 4)])
def test_short_bet_is_made_up_or_surrendered(then, ben_pays):
    h = hand(["raise 6", "chips 3", then, "call"] + (CHECKS if then == "call" else CHECKS[:6]))
    rule(h, "short", "6.16")
    finish(h)
    assert h.players[4].stack == 200 - ben_pays


def test_short_bet_then_a_raise_is_refused():
    with pytest.raises(ScenarioError, match="6.16"):
        hand(["raise 6", "chips 3", "raise 20"]).autoplay()


def test_short_all_in_no_limit_does_not_reopen():
    h = hand(["raise 6", "call", "short all-in", "call", "call"] + CHECKS[:6], stacks=(200, 200, 9))
    rule(h, "later-only", "6.15.3")
    finish(h)
    with pytest.raises(ScenarioError, match="6.15.3"):
        hand(["raise 6", "call", "short all-in", "raise 20"], stacks=(200, 200, 9)).autoplay()


def test_short_all_in_limit_half_a_raise_reopens():
    h = hand(["raise 4", "call", "short all-in", "raise 7", "call"] + CHECKS[:6],
             stacks=(200, 200, 5), betting="fixed", limits=[2, 4])
    rule(h, "reopens", "6.15.2(b)")
    finish(h)


def test_short_all_in_must_be_short():
    with pytest.raises(ScenarioError, match="all-in for less"):
        hand(["raise 6", "call", "short all-in"]).autoplay()


def test_check_out_of_turn_forfeits_the_raise():
    h = hand(["call", "call", "check", "out of turn 5: check", "bet 10", "call", "fold"] + CHECKS[:6])
    rule(h, "forfeits", "6.17.3")
    finish(h)
    with pytest.raises(ScenarioError, match="6.17.3"):
        hand(["call", "call", "check", "out of turn 5: check", "bet 10", "raise 30"]).autoplay()


def test_call_out_of_turn_stands_and_is_made_in_turn():
    h = hand(["raise 6", "out of turn 5: call", "call"] + CHECKS)
    rule(h, "stands", "6.17.1")
    finish(h)
    assert any("out of turn is made now" in line for line in h.log)
    assert h.players[5].stack == 194


def test_bet_out_of_turn_then_a_bigger_bet_before_it_is_ruled_again():
    h = hand(["call", "call", "check", "out of turn 2: bet 10", "bet 20", "fold", "call"] + CHECKS[:6])
    rule(h, "stands", "6.17.1")
    rule(h, "changed", "6.17.2")
    finish(h)
    assert h.players[2].committed == 22


def test_fold_out_of_turn_is_binding_in_the_main_house():
    h = hand(["raise 6", "out of turn 5: fold", "call"] + CHECKS[:6])
    rule(h, "stands", "6.17 (standard practice)")
    finish(h)
    assert h.players[5].folded


def test_out_of_time_facing_a_bet_is_a_dead_hand():
    h = hand(["raise 6", "out of time", "call"] + CHECKS[:6])
    verdict = rule(h, "dead", "6.14")
    assert "dead" in verdict.message
    assert h.players[4].folded and h.players[4].stack == 199     # his small blind stays in
    finish(h)


def test_out_of_time_with_no_bet_is_a_check():
    h = hand(["call", "call", "check", "out of time", "bet 10", "call", "call"] + CHECKS[:6])
    rule(h, "check", "6.14")
    assert any("Seat 4 (Ben) checks" in line for line in h.log)
    finish(h)
    assert not h.players[4].folded


def test_rulings_are_replayed_from_stored_steps():
    h = hand(["raise 6", "chips 8", "call", "call", "out of turn 2: check", "bet 10", "call", "call"]
             + CHECKS[:6])
    steps = []
    while (exp := h.expected()) is not None:
        step = exp.step()
        assert h.propose(step).ok
        steps.append(Step.from_dict(step.to_dict()))
    assert sum(s.kind == "rule_on_action" for s in steps) == 2
    again = hand(["raise 6", "chips 8", "call", "call", "out of turn 2: check", "bet 10", "call", "call"]
                 + CHECKS[:6]).replay(steps)
    assert again.view() == h.view() and again.finished
    assert str(steps[[s.kind for s in steps].index("rule_on_action")]) == "Rule on the action: minimum"


def test_the_choices_do_not_depend_on_the_answer():
    """The same situation offers the same list whichever ruling is right."""
    small = to_ruling(hand(["raise 6", "chips 6"]))
    large = to_ruling(hand(["raise 6", "chips 8"]))
    assert [k for k, _ in small.detail.choices] == [k for k, _ in large.detail.choices]
    assert small.detail.right != large.detail.right


@pytest.mark.parametrize("text", ["chips ten", "string bet 5 saying raise", "out of turn 5: draw 2",
                                  "short all in now", "oversize chip 0",
                                  "out of time 5"])
def test_malformed_irregular_actions_are_refused(text):
    with pytest.raises(ScenarioError):
        read_irregular(text)


def test_ordinary_decisions_are_not_irregular():
    for text in ["call", "raise 6", "all-in", "check", "fold", "bet 10", "bring-in", "take kitty"]:
        assert read_irregular(text) is None
