"""Hints that teach (engine/steps.py `hint_levels`): a refused step's verdict
carries three levels. Level 1 names the rule the step breaks and what it
requires, level 2 asks a leading question and points at the rule, and only
level 3 (today's message) names the step due. Levels 1 and 2 never name it."""
from __future__ import annotations

import pytest

from engine import steps
from engine.casino import game as casino_game
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
from engine.games.parts import Game
from engine.games.registry import EDITIONS, GAMES
from engine.hand.machine import Hand
from engine.hand.players import RandomPlayer
from engine.hand.scenario import Scenario
from engine.procedure import Procedure
from engine.steps import Step

SEATS = {2: ["Ann", 100], 4: ["Ben", 100], 6: ["Cal", 100]}
SIX = {seat: [f"P{seat}", 200] for seat in (1, 2, 4, 6, 7, 9)}
POKER = [(name, "main") for name, g in GAMES.items() if isinstance(g, Game)] + list(EDITIONS)


def check_levels(proc: Procedure) -> set[str]:
    """Deal to the end; before each right step propose a wrong one and check
    its three levels. Returns the kinds of step seen due."""
    seen = set()
    kinds = list(proc.labels)
    while (exp := proc.expected()) is not None:
        seen.add(exp.kind)
        label = proc.labels[exp.kind]
        other = next(k for k in kinds if k != exp.kind)
        verdict = proc.propose(Step(other, exp.seat if exp.seat is not None else 2))
        assert not verdict.ok
        one, two, three = verdict.hints
        assert exp.rule and exp.rule in one and exp.rule in two, verdict.hints
        for text in (one, two):
            assert label.lower() not in text.lower(), (exp.kind, text)
            assert exp.why not in text
        assert three == verdict.message and verdict.hint(3) == three and verdict.hint(9) == three
        assert (verdict.hint(1), verdict.hint(2)) == (one, two)
        assert two.rstrip().endswith(f"See {exp.rule}.") and "?" in two
        assert proc.propose(exp.step()).ok
    return seen


@pytest.mark.parametrize("game, house", POKER)
def test_every_step_of_every_poker_game_has_three_levels(game, house):
    for seed in range(3):
        hand = Hand(Scenario.from_dict({"game": game, "seats": SIX, "button_was": 1, "seed": seed,
                                        "house": house}), decide=RandomPlayer(seed))
        for kind in (k for group in hand.step_kinds() for k in group):
            assert kind in steps.HINTS
        assert check_levels(hand)


def test_casino_round_has_three_levels_at_every_step():
    seen: set[str] = set()
    for seed in range(12):
        seen |= check_levels(CasinoRound(CasinoScenario.from_dict({"seed": seed, "boxes": {
            1: ["Ann", 10], 3: ["Ben", 10, 5], 5: ["Cal", 10]}, "decisions": {1: "call", 3: "fold", 5: "call"}})))
    assert {"no_more_bets", "pitch", "pitch_dealer", "deal_flop", "pass_cards", "collect_fold",
            "reveal_dealer"} <= seen


@pytest.mark.parametrize("table, labels", [(steps.HINTS, steps.STEP_LABELS),
                                           (casino_game.HINTS, casino_game.STEP_LABELS)])
def test_every_step_kind_has_hint_texts_that_do_not_name_it(table, labels):
    assert set(table) == set(labels)
    for kind, (requires, question) in table.items():
        for other_label in labels.values():
            if other_label == labels[kind]:
                assert other_label.lower() not in requires.lower() + question.lower(), kind
        assert question.endswith("?")


def test_a_right_step_has_no_hints_and_a_refusal_with_nothing_due_repeats_its_message():
    hand = Hand(Scenario.from_dict({"game": "holdem", "seats": SEATS, "button_was": 6, "seed": 9}),
                decide=RandomPlayer(9))
    exp = hand.expected()
    assert exp is not None
    ok = hand.propose(exp.step())
    assert ok.ok and ok.hints == () and ok.hint(1) == ok.message
    hand.autoplay()
    over = hand.propose(Step("burn"))
    assert not over.ok and over.hints == (over.message,) * 3


def test_a_wrong_ruling_teaches_by_its_principle_first_and_names_the_ruling_last():
    seats = {"2": ["Ann", 200], "4": ["Ben", 200], "5": ["Cara", 200]}
    hand = Hand(Scenario.from_dict({"button_was": 7, "seats": seats,
                                    "actions": ["raise 6", "chips 6", "call"] + ["check"] * 9}))
    while (exp := hand.expected()) is not None and exp.kind != "rule_on_action":
        assert hand.propose(exp.step()).ok
    assert exp is not None and isinstance(exp.detail, steps.RulingDue)
    words = dict(exp.detail.choices)
    wrong = next(k for k in words if k != exp.detail.right)
    verdict = hand.propose(Step("rule_on_action", choice=wrong))
    one, two, three = verdict.hints
    assert one == verdict.message == f"Not that ruling. {exp.detail.principle}"
    assert two.endswith(f"See {exp.rule}.") and "?" in two
    assert words[exp.detail.right] not in one + two and three.endswith(f"The ruling: {words[exp.detail.right]}.")


# --- issue 29 finding 8: the first level points at the mistake, then the rule ---

def _holdem_at(kind: str) -> tuple[Hand, steps.Expected]:
    hand = Hand(Scenario.from_dict({"game": "holdem", "seats": SIX, "button_was": 1, "seed": 3}),
                decide=RandomPlayer(3))
    while (exp := hand.expected()) is not None and exp.kind != kind:
        assert hand.propose(exp.step()).ok
    assert exp is not None
    return hand, exp


def test_a_wrong_seat_is_named_first_with_where_to_look_then_the_rule():
    hand, exp = _holdem_at("move_button")
    wrong = next(s for s in SIX if s != exp.seat)
    one = hand.propose(Step("move_button", wrong)).hint(1)
    assert one.startswith(f"Not seat {wrong}: look at who")
    assert one.index(exp.rule) > one.index(f"seat {wrong}")


def test_the_big_blind_before_the_small_is_told_the_order_first():
    hand, exp = _holdem_at("post_blind")
    big = next(e.seat for e in [exp] if e.seat is not None)
    later = next(s for s in SIX if s != big)
    one = hand.propose(Step("post_blind", later)).hint(1)
    assert one.startswith(f"Not seat {later}:") and "the small blind comes before the big blind" in one
    assert one.index("small blind") < one.index(exp.rule)


def test_a_step_out_of_order_says_so_first():
    hand, exp = _holdem_at("pitch")
    one = hand.propose(Step("deal_flop")).hint(1)
    assert one.startswith("Wrong order: not Deal the flop now") and exp.rule in one


def test_a_wrong_winner_says_which_hands_to_compare_first():
    hand, exp = _holdem_at("award")
    wrong = next(s for s in SIX if (s,) != exp.seats and s != exp.seat)
    one = hand.propose(Step("award", seats=(wrong,))).hint(1)
    assert one.startswith(f"Not seat {wrong}: compare")


def test_a_wrong_amount_is_pointed_at_before_the_rule_without_the_answer():
    from engine.questions import build_question
    q = build_question({"id": "split", "ask": "split", "pot": 15, "winners": [2, 7], "button": 5,
                        "lowest_chip": 5})
    right = dict(q.answer)
    wrong = {k: v + 5 if i == 0 else v for i, (k, v) in enumerate(right.items())}
    verdict = q.check(wrong)
    label = dict(q.choices)[next(iter(right))]
    assert not verdict.ok and verdict.message.startswith(f"Check {label}: the amounts add up to 20, more than")
    assert verdict.message.endswith(q.hint) and str(right[next(iter(right))]) + " " not in verdict.message[:60]


def test_a_wrong_seat_answer_is_named_first():
    from engine.questions.base import Question
    seats = Question("winners", "Who wins?", "seats", [(2, "Seat 2"), (5, "Seat 5"), (7, "Seat 7")], {}, (2, 7),
                     "8.1.5", hint="The rule says who wins.")
    assert seats.check((2, 5)).message == "Seat 5 does not win this; one winner is missing. The rule says who wins."
    assert seats.check((2,)).message == "One winner is missing. The rule says who wins."


def test_a_wrong_box_in_casino_holdem_is_pointed_at_in_the_banked_games_words():
    rnd = CasinoRound(CasinoScenario.from_dict({"seed": 1, "boxes": {1: ["Ann", 10], 3: ["Ben", 10], 5: ["Cal", 10]},
                                                 "decisions": {1: "call", 3: "call", 5: "call"}}))
    while (exp := rnd.expected()) is not None and exp.kind != "pitch":
        assert rnd.propose(exp.step()).ok
    assert exp is not None
    wrong = next(b for b in (1, 3, 5) if b != exp.seat)
    one = rnd.propose(Step("pitch", wrong)).hint(1)
    assert one.startswith(f"Not box {wrong}:") and "button" not in one
