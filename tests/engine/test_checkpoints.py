"""Checkpoints of a dealt hand (engine.questions.checkpoints) and the largest bet asked
at a player's turn in a dealt hand (issue 27)."""
from __future__ import annotations

import pytest

from engine.questions import build_question
from engine.questions.base import QuestionError, build_table
from engine.questions.checkpoints import CheckpointError, find

OMAHA = {
    "game": "omaha", "button_was": 8, "blinds": [1, 2], "betting": "pot", "limits": [2],
    "seats": {"1": ["Ann", 200], "3": ["Ben", 200], "6": ["Cal", 200], "8": ["Dee", 200]},
    "stack": "3c Kd Th Ah 3s Qd 8d Ad 6h 6c 5c Kc 7d 2c 5d 7c 2h Qs Jd 4c 2d 9h 3h 2s",
    "actions": ["call", "raise 9", "fold", "call", "call",
                "check", "bet 10", "raise 58", "fold", "call",
                "check", "check",
                "bet 50", "call"],
}
STUD = {
    "game": "seven-card-stud", "seed": 5, "ante": 1, "betting": "fixed", "limits": [2, 4], "bring_in": 1,
    "seats": {"1": ["Ann", 100], "3": ["Ben", 100], "5": ["Cara", 100], "7": ["Dev", 100]},
    "actions": ["bring-in", "call", "raise 2", "fold", "call", "call",
                "check", "check", "bet 2", "call", "call",
                "bet 4", "call", "fold", "check", "bet 4", "call", "check", "check"],
}


def dealt_to(cell, steps: int, pause: str | None = None):
    hand = cell.new_hand()
    hand.pause_before_betting = pause
    while hand.step_count < steps:
        hand.propose(hand.expected().step())
    return hand


def test_the_award_point_is_the_first_award_due():
    cell = build_table(OMAHA)
    point = find(cell.new_hand, "award")
    assert point.pause is None and 0 < point.steps < cell.total_steps
    assert dealt_to(cell, point.steps).expected().kind == "award"
    assert find(cell.new_hand, "end").steps == cell.total_steps


def test_a_round_point_waits_before_its_first_decision():
    cell = build_table(OMAHA)
    point = find(cell.new_hand, "flop")
    assert point.pause == "flop" and point.street == "flop"
    hand = dealt_to(cell, point.steps, "flop")
    assert hand.expected() is None and not hand.finished       # waiting, nothing of the flop played
    flop_talk = len(hand.log)
    hand.pause_before_betting = None
    hand.expected()
    assert hand.log[flop_talk].startswith("Seat 6 (Cal) checks")


def test_in_stud_the_point_is_before_the_dealer_names_the_opener():
    cell = build_table(STUD)
    point = find(cell.new_hand, "fourth street")
    assert point.pause is None
    assert dealt_to(cell, point.steps).expected().kind == "name_opener"


def test_a_point_the_hand_never_reaches_or_does_not_know_is_refused():
    cell = build_table(OMAHA)
    with pytest.raises(CheckpointError, match="at must be one of"):
        find(cell.new_hand, "fourth street")
    with pytest.raises(CheckpointError, match="never comes to that point"):
        find(cell.new_hand, "commission")
    with pytest.raises(CheckpointError, match="never comes to that point"):
        find(cell.new_hand, "settlement")


@pytest.mark.parametrize("at, most", [("pre-flop: seat 1", 9), ("flop: seat 1", 58)])
def test_the_largest_bet_at_a_players_turn_is_worked_out_from_the_hand(at, most):
    question = build_question({**OMAHA, "ask": "largest_bet", "at": at})
    assert question.answer == most and question.rule == "6.6"
    # The actions before the player's turn are listed; none of the player's own.
    said = [f for f in question.display["facts"] if f.startswith("Seat ") and ":" in f]
    assert all(not f.startswith("Seat 1:") for f in said)


def test_the_largest_bet_in_a_hand_needs_a_players_turn():
    with pytest.raises(QuestionError, match="at a player's turn"):
        build_question({**OMAHA, "ask": "largest_bet", "at": "flop"})
    with pytest.raises(QuestionError, match="never acts"):
        build_question({**OMAHA, "ask": "largest_bet", "at": "river: seat 3"})
