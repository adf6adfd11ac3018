"""Misdeals (9.1.1) and other dealing errors: rulings, remedies, questions."""
from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

from engine.__main__ import main
from engine.cards.deck import full_deck
from engine.house import MAIN
from engine.irregularities.registry import (SITUATIONS, deck_defects, fact_cases, question, rule_on,
                                            situations, substantial_action)
from engine.irregularities.vocabulary import MISDEAL_STEPS, OUTCOMES, IrregularityError


# --- substantial action (1.1) ---------------------------------------------------

@pytest.mark.parametrize("actions, expected", [
    ([], False),
    (["call"], False),
    (["call", "fold"], True),                      # two actions in turn: two players
    (["Ann: raise 6", "Bob: call"], True),
    (["Ann: check", "Ann: check"], False),         # one player, however many times
    (["post 1", "post 2", "call"], False),         # blinds are not actions (1.1 Action)
    (["ante", "bring-in", "Cat folds"], False),
    ([("Ann", "bet"), ("Bob", "fold")], True),
    ([{"seat": 3, "action": "check"}, {"seat": 4, "action": "check"}], True),
    (["Ann calls", "Bob raises"], True),
])
def test_substantial_action_is_two_or_more_players_acting(actions, expected):
    assert substantial_action(actions) is expected


def test_substantial_action_rejects_what_is_not_an_action():
    with pytest.raises(IrregularityError, match="1.1 Substantial action"):
        substantial_action(["dance"])


# --- 9.1.1(a) -------------------------------------------------------------------------

def test_card_exposed_in_the_cut_is_always_a_misdeal():
    ruling = rule_on("exposed-in-cut")
    assert ruling.misdeal and ruling.rule == "9.1.1(a)(i)"
    assert ruling.remedy == MISDEAL_STEPS


def test_misdeal_remedy_is_new_shuffle_and_cut_with_the_same_first_player():
    steps = " ".join(MISDEAL_STEPS)
    assert "Shuffle anew (5.1) and cut once (5.2)" in steps
    assert "same player who received the first card" in steps and "button does not move" in steps


@pytest.mark.parametrize("sa, misdeal", [(False, True), (True, False)])
def test_not_shuffled_or_cut_depends_on_substantial_action(sa, misdeal):
    ruling = rule_on("not-shuffled-or-cut", substantial_action=sa)
    assert ruling.misdeal is misdeal and ruling.rule == "9.1.1(a)(ii)"
    assert ruling.outcome == ("misdeal" if misdeal else "play-continues")


def test_substantial_action_can_be_decided_from_the_actions():
    assert rule_on("not-shuffled-or-cut", actions=["Ann: call"]).misdeal
    assert not rule_on("not-shuffled-or-cut", actions=["Ann: call", "Bob: fold"]).misdeal
    with pytest.raises(IrregularityError, match="contradicts"):
        rule_on("not-shuffled-or-cut", actions=["call", "fold"], substantial_action=False)


@pytest.mark.parametrize("facts, outcome", [
    (dict(substantial_action=False, correctable=False), "misdeal"),
    (dict(substantial_action=False, correctable=True), "correct-and-continue"),
    (dict(substantial_action=True), "play-continues"),
])
def test_dealt_out_of_order(facts, outcome):
    ruling = rule_on("dealt-out-of-order", **facts)
    assert ruling.outcome == outcome and ruling.rule == "9.1.1(a)(iii)"


@pytest.mark.parametrize("situation, after_action", [("player-dealt-out", "dealt-out-plays-on"),
                                                     ("card-to-empty-seat", "extra-hand-dead")])
def test_dealt_out_or_extra_hand(situation, after_action):
    assert rule_on(situation, substantial_action=False, reconstructable=False).misdeal
    assert rule_on(situation, substantial_action=False, reconstructable=True).outcome == "correct-and-continue"
    late = rule_on(situation, substantial_action=True)
    assert late.outcome == after_action and not late.misdeal and late.house_default
    assert late.rule == "9.1.1(a)(iv)"


def test_wrong_number_of_cards_before_substantial_action():
    assert rule_on("wrong-number-of-cards", substantial_action=False).misdeal
    fixed = rule_on("wrong-number-of-cards", substantial_action=False, correctable=True)
    assert fixed.outcome == "correct-and-continue" and fixed.rule == "9.1.1(a)(v)"


def test_wrong_number_of_cards_after_substantial_action_player_not_acted():
    ruling = rule_on("wrong-number-of-cards", substantial_action=True, player_acted=False)
    assert not ruling.misdeal and ruling.outcome == "hand-void-returned"
    assert any("Return all his wagers, forced bets and blinds" in s for s in ruling.remedy)
    assert ruling.rule == "9.1.1(a)(vi)"


def test_wrong_number_of_cards_after_substantial_action_player_acted():
    ruling = rule_on("wrong-number-of-cards", substantial_action=True, player_acted=True)
    assert ruling.outcome == "hand-dead"
    assert any("stay in the pot" in s for s in ruling.remedy)


def test_wrong_number_of_cards_needs_to_know_whether_the_player_acted():
    with pytest.raises(IrregularityError, match="player_acted"):
        rule_on("wrong-number-of-cards", substantial_action=True)


def test_last_player_at_showdown_with_wrong_number_dead_and_wagers_returned():
    ruling = rule_on("wrong-number-at-showdown")
    assert ruling.misdeal and ruling.outcome == "dead-hand-wagers-returned"
    assert "Return all wagers (9.1.1(a)(vii))" in ruling.remedy


def test_defective_deck_before_and_after_the_pot_is_pushed():
    before = rule_on("defective-deck", pot_pushed=False)
    assert before.misdeal and before.outcome == "misdeal-wagers-returned"
    assert any("forced bets and blinds" in s for s in before.remedy)
    assert any("5.3.2" in s for s in before.remedy)
    after = rule_on("defective-deck", pot_pushed=True)
    assert not after.misdeal and after.outcome == "result-stands"


# --- defective deck (1.1) -----------------------------------------------------------------

def test_a_full_deck_has_no_defect():
    assert deck_defects(full_deck(52)) == []
    assert deck_defects(full_deck(36), deck_size=36) == []


def test_deck_defects_of_1_1():
    cards = full_deck(52)
    assert "51 cards where the game uses 52" in deck_defects(cards[1:])[0]
    dup = deck_defects(cards[1:] + [cards[2]])
    assert any("duplicate" in r and str(cards[2]) in r for r in dup)
    assert any("joker" in r for r in deck_defects(cards[1:], jokers=1))
    assert any("5 boxed cards" in r for r in deck_defects(boxed=5))
    assert deck_defects(boxed=4) == []
    assert any("back designs" in r for r in deck_defects(back_designs=2))
    assert deck_defects(["As", "Ks"], deck_size=2) == []


# --- standard-rule situations (house defaults) ------------------------------------------

def test_boxed_card_is_replaced_until_the_deck_is_defective():
    ruling = rule_on("boxed-card", boxed_count=1)
    assert ruling.outcome == "scrap-card" and ruling.house_default and not ruling.misdeal
    assert rule_on("boxed-card", boxed_count=5).misdeal
    strict = MAIN.with_(boxed_cards_misdeal=2, name="strict")
    assert rule_on("boxed-card", house=strict, boxed_count=2).misdeal


@pytest.mark.parametrize("card, count, misdeal", [(1, 1, True), (2, 1, True), (3, 1, False),
                                                  (9, 2, True)])
def test_hole_card_exposed_by_the_dealer(card, count, misdeal):
    ruling = rule_on("exposed-card-flop", card_number=card, exposed_count=count)
    assert ruling.misdeal is misdeal and ruling.house_default
    if not misdeal:
        assert ruling.outcome == "replace-with-burn"
        assert any("first burn card" in s for s in ruling.remedy)


def test_exposed_card_limits_are_house_fields():
    house = MAIN.with_(exposed_first_cards_misdeal=1, exposed_cards_misdeal=3, name="lenient")
    assert not rule_on("exposed-card-flop", house=house, card_number=2).misdeal
    assert not rule_on("exposed-card-flop", house=house, card_number=5, exposed_count=2).misdeal
    assert rule_on("exposed-card-flop", house=house, card_number=5, exposed_count=3).misdeal


def test_stud_exposed_down_card_next_card_down():
    assert rule_on("exposed-card-stud").outcome == "next-card-down"
    assert rule_on("exposed-card-stud", exposed_count=2).misdeal


def test_card_exposed_by_a_player_is_his_to_keep():
    ruling = rule_on("exposed-by-player")
    assert not ruling.misdeal and ruling.outcome == "player-keeps"


def test_burn_card_exposed_follows_the_house():
    assert rule_on("burn-card-exposed").outcome == "announce-burn"
    house = MAIN.with_(burn_exposed="reshuffle", name="r")
    assert rule_on("burn-card-exposed", house=house).outcome == "reshuffle-burn"


def test_missed_burn():
    assert rule_on("burn-missed", action_on_street=False).outcome == "correct-and-continue"
    assert rule_on("burn-missed", action_on_street=True).outcome == "play-continues"


@pytest.mark.parametrize("situation, outcome, words", [
    ("premature-flop", "redeal-flop", "without burning"),
    ("premature-turn", "premature-turn", "Burn and turn the next card as the turn"),
    ("premature-river", "premature-river", "Turn the river without burning"),
])
def test_premature_board_cards(situation, outcome, words):
    ruling = rule_on(situation)
    assert ruling.outcome == outcome and not ruling.misdeal and ruling.house_default
    assert any(words in s for s in ruling.remedy)


def test_draw_misdeals_follow_standard_rules():
    assert rule_on("draw-exposed-on-deal").outcome == "keep-first-exposed"
    assert rule_on("draw-exposed-on-deal", exposed_count=2).misdeal
    replace = MAIN.with_(draw_exposed_on_deal="replace", name="rep")
    assert rule_on("draw-exposed-on-deal", house=replace).outcome == "replace-exposed"
    assert rule_on("draw-exposed-on-draw").outcome == "replace-after-draw"
    assert rule_on("draw-wrong-number-on-draw", too_many=False).outcome == "deliver-missing"
    assert rule_on("draw-wrong-number-on-draw", too_many=True, looked=False).outcome == "remove-excess"
    assert rule_on("draw-wrong-number-on-draw", too_many=True, looked=True).outcome == "hand-dead"
    assert all("9.1.1(b)" in s.rule or "8.4.4" in s.rule for s in situations("draw") if s.family == "draw")


# --- the registry as a whole ---------------------------------------------------------------

@pytest.mark.parametrize("situation", list(SITUATIONS.values()), ids=list(SITUATIONS))
def test_every_case_rules_within_the_situations_choices(situation):
    assert situation.choices and set(situation.choices) <= set(OUTCOMES)
    outcomes = set()
    for case in fact_cases(situation):
        ruling = rule_on(situation.id, **case)
        outcomes.add(ruling.outcome)
        assert ruling.outcome in situation.choices
        assert ruling.misdeal == ruling.answer.startswith("Misdeal")
        assert ruling.remedy and ruling.rule and ruling.explanation
        if situation.house_default:
            assert ruling.house_default or "house" in " ".join(ruling.remedy + [ruling.rule])
    assert len(situation.choices) >= 2


@pytest.mark.parametrize("clause, situation", [
    ("9.1.1(a)(i)", "exposed-in-cut"), ("9.1.1(a)(ii)", "not-shuffled-or-cut"),
    ("9.1.1(a)(iii)", "dealt-out-of-order"), ("9.1.1(a)(iv)", "player-dealt-out"),
    ("9.1.1(a)(iv)", "card-to-empty-seat"), ("9.1.1(a)(v)", "wrong-number-of-cards"),
    ("9.1.1(a)(vi)", "wrong-number-of-cards"), ("9.1.1(a)(vii)", "wrong-number-at-showdown"),
    ("9.1.1(a)(viii)", "defective-deck"),
])
def test_every_9_1_1_a_clause_is_ruled_on(clause, situation):
    rulings = [rule_on(situation, **case) for case in fact_cases(SITUATIONS[situation])]
    assert any(clause in r.rule.replace(", (", ", 9.1.1(a)(") for r in rulings)
    assert not SITUATIONS[situation].house_default


def test_families_filter():
    flop = {s.id for s in situations("flop")}
    assert "premature-turn" in flop and "draw-exposed-on-draw" not in flop and "exposed-in-cut" in flop


# --- questions for lessons ---------------------------------------------------------------------

def test_question_computes_the_answer_from_the_facts():
    q = question("wrong-number-of-cards", actions=["Ann: call", "Bob: fold"], player_acted=False)
    assert q.correct == "hand-void-returned"
    assert "There has been substantial action" in q.prompt and "has not acted yet" in q.prompt
    assert q.prompt.endswith("What happens now?")
    assert q.correct in dict(q.choices)
    assert q.check("hand-void-returned") and not q.check("misdeal")
    with pytest.raises(IrregularityError, match="not one of the choices"):
        q.check("shrug")


def test_question_leaves_out_facts_that_do_not_matter():
    q = question("wrong-number-of-cards", substantial_action=False)
    assert "That player" not in q.prompt
    assert q.correct == "misdeal"


@pytest.mark.parametrize("call, message", [
    (lambda: rule_on("shuffle-dance"), "no irregularity 'shuffle-dance'"),
    (lambda: rule_on("exposed-in-cut", colour="red"), "unknown fact(s) colour"),
    (lambda: rule_on("not-shuffled-or-cut"), "needs the fact 'substantial_action'"),
    (lambda: rule_on("not-shuffled-or-cut", substantial_action="yes"), "must be true or false"),
    (lambda: rule_on("boxed-card", boxed_count=0), "whole number from 1"),
    (lambda: rule_on("exposed-card-flop"), "card_number"),
    (lambda: rule_on("exposed-in-cut", actions=["call"]), "does not depend on the actions"),
])
def test_bad_requests_are_explained(call, message):
    with pytest.raises(IrregularityError) as err:
        call()
    assert message in str(err.value)


# --- CLI -------------------------------------------------------------------------------------------

def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["irregularities", *argv])
    return code, out.getvalue(), err.getvalue()


def test_cli_lists_every_situation_with_its_rule():
    code, out, _ = run_cli()
    assert code == 0
    for situation in SITUATIONS.values():
        assert f"{situation.id}: {situation.title} ({situation.rule})" in out


def test_cli_cases_and_rulings():
    code, out, _ = run_cli("--cases", "--family", "stud")
    assert code == 0 and "exposed_count=2: MISDEAL" in out and "premature-turn" not in out
    code, out, _ = run_cli("wrong-number-of-cards", "--fact", "substantial_action=yes",
                           "--fact", "player_acted=no")
    assert code == 0 and out.startswith("Not a misdeal (9.1.1(a)(vi))")
    code, out, _ = run_cli("not-shuffled-or-cut", "--actions", "Ann: call", "--question")
    assert code == 0 and "* misdeal:" in out and out.count("*") == 1


def test_cli_errors():
    code, _, err = run_cli("exposed-card-flop")
    assert code == 2 and "card_number" in err
    code, _, err = run_cli("exposed-card-flop", "--fact", "card_number")
    assert code == 2 and "NAME=VALUE" in err
