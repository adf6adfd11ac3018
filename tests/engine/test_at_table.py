"""Amounts asked at the table (issue 32, deliverable 3): every kind's answer is
the one the sprints' functions give on the hand as it stands, a wrong amount
is refused with its rule and without the amount, and table_prompts finds
the points a hand gives."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine import (AMOUNT_KINDS, AmountQuestion, MalformedAnswer, QuestionError, amount_question,
                    build_question, build_table, find_checkpoint, stand, table_prompts)
from engine.hand.machine import Hand
from engine.questions.money import round_at_turn
from engine.sprints import check as sprint_check
from engine.sprints.betting import call_working, pot_limit_working
from engine.sprints.casino import box_settlement

OMAHA_PL: dict[str, Any] = {   # lessons/omaha-01: Ann may raise to 58 on the flop (6.6)
    "game": "omaha", "button_was": 8, "blinds": [1, 2], "betting": "pot", "limits": [2],
    "seats": {"1": ["Ann", 200], "3": ["Ben", 200], "6": ["Cal", 200], "8": ["Dee", 200]},
    "stack": "3c Kd Th Ah 3s Qd 8d Ad 6h 6c 5c Kc 7d 2c 5d 7c 2h Qs Jd 4c 2d 9h 3h 2s",
    "actions": ["call", "raise 9", "fold", "call", "call", "check", "bet 10", "raise 58", "fold", "call",
                "check", "check", "bet 50", "call"],
}
SIDE_POT: dict[str, Any] = {   # lessons/holdem-03
    "seed": 9, "button_was": 1,
    "seats": {"1": ["Ann", 50], "3": ["Ben", 120], "5": ["Cal", 200], "7": ["Dee", 200]},
    "stack": "8c Qc As Ks 8d Jd Ah Kh 5h 2c 7d 9h 6h 4s Td 3c",
    "actions": ["all-in", "call", "call", "call", "bet 30", "call", "all-in", "call", "call",
                "check", "check", "check", "check"],
}
RAKED: dict[str, Any] = {      # lessons/holdem-02
    "seed": 20261201, "button_was": 9, "blinds": [1, 2],
    "seats": {"1": ["Ann", 200], "3": ["Ben", 200], "4": ["Cara", 200], "6": ["Dev", 200], "9": ["Eve", 200]},
    "commission": {"method": "percentage", "percent": 5, "cap": 3},
    "actions": ["raise 6", "call", "fold", "call", "call", "check", "check", "bet 40", "call", "fold", "fold",
                "check", "check", "check", "check"],
}
HI_LO: dict[str, Any] = {      # lessons/omaha-02
    "game": "omaha-hi-lo", "button_was": 9, "blinds": [1, 2],
    "seats": {"2": ["Ann", 200], "5": ["Ben", 200], "7": ["Cal", 200], "9": ["Dee", 200]},
    "stack": "Ad 9s Jc Ah 2d 9h Js 2c Qh 5c 7d Kd Tc 6c 6d Ks 2s Kc 4d 3s 2h Jh 3h 8c",
    "actions": ["fold", "call", "call", "check", "bet 5", "call", "call", "check", "check", "check",
                "bet 10", "fold", "call"],
}
CASINO: dict[str, Any] = {     # lessons/casino-01
    "game": "casino-holdem", "seed": 4,
    "boxes": {"1": ["Ann", 10, 5], "3": ["Bob", 10, 0], "5": ["Cy", 20, 0]},
    "decisions": {"1": "call", "3": "fold", "5": "call"},
}


def ask(data: dict[str, Any], **prompt: Any) -> AmountQuestion:
    question = amount_question(build_table(data), {"ask": "amount", **prompt})
    assert isinstance(question, AmountQuestion)
    return question


def test_pot_limit_max_is_the_sprints_working_at_the_players_turn() -> None:
    q = ask(OMAHA_PL, amount="pot-limit-max", at="flop: seat 1")
    rnd, _, _ = round_at_turn(build_table(OMAHA_PL).scenario, "flop", 1)
    answer, working = pot_limit_working(rnd, Hand(build_table(OMAHA_PL).scenario).house)
    assert q.answer == str(answer) == "58"
    assert q.rule == "6.6" and q.explanation == [working]
    # The same amount as the largest_bet question the lesson asks there.
    largest = build_question({**OMAHA_PL, "ask": "largest_bet", "at": "flop: seat 1"})
    assert largest.answer == 58


def test_call_amount_is_the_sprints_working() -> None:
    q = ask(OMAHA_PL, amount="call-amount", at="flop: seat 1")
    rnd, _, _ = round_at_turn(build_table(OMAHA_PL).scenario, "flop", 1)
    answer, rule, _ = call_working(rnd)
    assert (q.answer, q.rule) == (str(answer), rule) == ("10", "1.1 Call, 8.1.2(a)")


def test_side_pots_as_they_form_are_the_hands_own_pots() -> None:
    cell = build_table(SIDE_POT)
    point = find_checkpoint(cell.new_hand, "pots")
    hand = stand(cell.new_hand, point.steps)[0]
    assert hand.expected().kind == "collect_bets" and "pots" not in hand.view()   # nothing built yet on screen
    q = ask(SIDE_POT, amount="side-pots", at="pots")
    assert q.labels == ("Main pot", "Side pot 1")
    played = cell.new_hand()
    played.autoplay()
    assert isinstance(played, Hand)
    assert q.answer == " / ".join(str(p.amount) for p in played.showdown_pots) == "200 / 210"
    assert q.parse({"amount": "200/210"}) == "200 / 210"
    assert q.check("200 / 210").ok
    wrong = q.check("200 / 200")
    assert not wrong.ok and "Side pot 1" in wrong.message and "210" not in wrong.message
    assert "1.1" in wrong.rule


def test_rake_is_what_the_hand_takes() -> None:
    q = ask(RAKED, amount="rake", at="commission")
    played = build_table(RAKED).new_hand()
    played.autoplay()
    assert isinstance(played, Hand)
    assert q.answer == str(played.rake) == "3"
    assert q.rule == "7.2.1(a)"
    assert build_question({**RAKED, "ask": "rake"}).answer == 3


def test_hi_lo_split_matches_the_hands_award() -> None:
    q = ask(HI_LO, amount="split", at="award")
    played = build_table(HI_LO).new_hand()
    played.autoplay()
    assert isinstance(played, Hand)
    shares: dict[int, int] = {}
    for part in played.awards:
        if part.pot.startswith("main pot"):
            for seat, chips in part.shares.items():
                shares[seat] = shares.get(seat, 0) + chips
    assert q.answer == " / ".join(str(shares[s]) for s in sorted(shares))
    assert q.labels == tuple(f"Seat {s}" for s in sorted(shares))
    assert "8.1.5" in q.rule


def test_casino_payout_is_the_rounds_settlement() -> None:
    q = ask(CASINO, amount="casino", at="settlement", box=5)
    round_ = build_table(CASINO).new_hand()
    round_.autoplay()
    plan = box_settlement(round_, 5)  # type: ignore[arg-type]
    assert q.answer == str(plan.paid)
    assert q.rule.startswith("CH ¶")
    with pytest.raises(QuestionError, match="box"):
        ask(CASINO, amount="casino", at="settlement", box=3)     # box 3 folds


@pytest.mark.parametrize("given", ["59", "1,000"])
def test_a_wrong_amount_is_refused_with_its_rule_and_not_the_amount(given: str) -> None:
    q = ask(OMAHA_PL, amount="pot-limit-max", at="flop: seat 1")
    reply = q.parse({"amount": given})
    verdict = q.check(reply)
    assert not verdict.ok and verdict.rule == "6.6"
    assert "too many" in verdict.message and "58" not in verdict.message
    sprint = q.verdict(given)
    assert (sprint.correct, sprint.malformed) == (False, False) and "58" not in sprint.message
    assert q.verdict("58").correct and sprint_check(q.sprint_item, "58").correct


def test_not_an_amount_is_malformed() -> None:
    q = ask(OMAHA_PL, amount="pot-limit-max", at="flop: seat 1")
    for bad in ("", "abc", "-3", "5.8"):
        with pytest.raises(MalformedAnswer):
            q.parse({"amount": bad})
    assert q.verdict("abc").malformed


def test_nothing_in_the_prompt_gives_the_amount() -> None:
    for data, prompt in ((OMAHA_PL, {"amount": "pot-limit-max", "at": "flop: seat 1"}),
                         (SIDE_POT, {"amount": "side-pots", "at": "pots"})):
        q = ask(data, **prompt)
        shown = " ".join([q.prompt, *q.display["facts"]])
        for amount in q.answer.split(" / "):
            assert f" {amount} " not in f" {shown.replace('.', ' ').replace(',', ' ')} "


@pytest.mark.parametrize("prompt, match", [
    ({"amount": "pot-limit-max", "at": "flop"}, "turn"),
    ({"amount": "rake", "at": "pots"}, "commission"),
    ({"amount": "casino", "at": "settlement", "box": 1}, "Casino"),
    ({"amount": "tip", "at": "award"}, "amount must be one of"),
])
def test_a_prompt_the_hand_cannot_ask_is_refused(prompt: dict[str, Any], match: str) -> None:
    with pytest.raises(QuestionError, match=match):
        ask(OMAHA_PL if prompt["amount"] != "rake" else RAKED, **prompt)


def test_pot_limit_max_only_under_pot_limit() -> None:
    with pytest.raises(QuestionError, match="pot limit"):
        ask(RAKED, amount="pot-limit-max", at="flop: seat 3")


def test_table_prompts_finds_each_kind_in_order_and_at_most() -> None:
    cases = [(OMAHA_PL, "pot-limit-max"), (OMAHA_PL, "call-amount"), (SIDE_POT, "side-pots"),
             (RAKED, "rake"), (HI_LO, "split"), (CASINO, "casino")]
    assert sorted({kind for _, kind in cases}) == sorted(AMOUNT_KINDS)
    for data, kind in cases:
        prompts = table_prompts(build_table(data), [kind], random.Random(3))
        assert [p["amount"] for p in prompts] == [kind]
        # Each is a question cell as a lesson writes one: built with the table's data.
        question = build_question({**data, **prompts[0]})
        assert question.kind == "amount" and question.prompt == prompts[0]["prompt"]
    cell = build_table(OMAHA_PL)
    both = table_prompts(cell, AMOUNT_KINDS, random.Random(3), at_most=6)
    steps = [find_checkpoint(cell.new_hand, p["at"]).steps for p in both]
    assert steps == sorted(steps) and {p["amount"] for p in both} == {"pot-limit-max", "call-amount"}
    assert len(table_prompts(cell, AMOUNT_KINDS, random.Random(3), at_most=1)) == 1
    assert table_prompts(cell, ["split"], random.Random(3)) == []       # not a hi-lo game
    assert table_prompts(cell, AMOUNT_KINDS, random.Random(5)) == table_prompts(cell, AMOUNT_KINDS, random.Random(5))
    with pytest.raises(ValueError, match="no amount kind"):
        table_prompts(cell, ["tip"], random.Random(1))


def test_every_prompt_of_a_random_hand_answers_as_its_sprint_checks() -> None:
    """Over seeded RandomPlayer-free hands of several games: each prompt's
    answer is accepted by the sprint's own check, and one chip more is not."""
    for data in (OMAHA_PL, SIDE_POT, RAKED, HI_LO):
        cell = build_table(data)
        for seed in range(4):
            for prompt in table_prompts(cell, AMOUNT_KINDS, random.Random(seed), at_most=6):
                q = amount_question(cell, prompt)
                assert sprint_check(q.sprint_item, q.answer).correct
                first, *rest = q.answer.split(" / ")
                off = " / ".join([str(int(first) + 1), *rest])
                assert not q.check(q.parse({"amount": off})).ok


@pytest.mark.parametrize("game, wants", [("holdem", ["side-pots >= 1"]), ("omaha", []), ("omaha-hi-lo", []),
                                         ("seven-card-stud", [])])
def test_prompts_over_drawn_hands_of_several_games(game: str, wants: list[str]) -> None:
    """Hands the drills deal (raked, Omaha at pot limit): table_prompts never
    fails, every answer is accepted by the sprint's own check, and the
    commission asked is what the hand takes."""
    from engine.drills.poker import generate

    seen: set[str] = set()
    for seed in range(6):
        data = dict(generate(game, wants, seed, any_hand=not wants).cell)
        data["commission"] = {"method": "percentage", "percent": 5, "cap": 30}
        if game.startswith("omaha"):
            data["betting"] = "pot"
        cell = build_table(data)
        for prompt in table_prompts(cell, AMOUNT_KINDS, random.Random(seed), at_most=6):
            q = amount_question(cell, prompt)
            seen.add(prompt["amount"])
            assert sprint_check(q.sprint_item, q.answer).correct
            if prompt["amount"] == "rake":
                played = cell.new_hand()
                played.autoplay()
                assert isinstance(played, Hand) and q.answer == str(played.rake)
    assert {"call-amount", "rake"} <= seen
    assert ("pot-limit-max" in seen) == game.startswith("omaha")
