"""The uncalled bet goes back as the dealer's own step (1.1 Pot: the pot is
called wagers; 7.5), before the bets are collected, in every game: the pot,
the collect message and the pots never hold it, and the chips end as they
did when the award handed it back. Casino Hold'em has no such bet."""
import pytest

from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
from engine.hand.machine import SEAT_STEPS, Hand
from engine.steps import STEP_LABELS, Step
from engine.steps import HINTS

from .test_games_scripted import CASES, play, scenario


def deal(game: str, actions: list[str], **changes) -> Hand:
    data = dict(CASES[game][0])
    data.update(changes)
    return Hand(scenario(game, data, actions))


def to_return(hand: Hand):
    """Deal right steps until the uncalled bet's return is due; that step."""
    while (exp := hand.expected()) is not None and exp.kind != "return_uncalled":
        assert hand.propose(exp.step()).ok
    assert exp is not None, "the hand never returns a bet"
    return exp


def steps_under_the_old_procedure(hand: Hand) -> list[Step]:
    """The steps as the engine took them before the return was a step: the
    uncalled bet went into the pot with the others and back at the award."""
    hand.returns_uncalled = False
    steps = []
    while (exp := hand.expected()) is not None:
        steps.append(exp.step())
        assert hand.propose(exp.step()).ok
    return steps


# game, actions, (seat, chips returned, street), (collected, pot after the collect), final stacks
RETURNS = {
    "holdem pre-flop raise, both blinds fold": (
        "holdem", ["raise 10", "fold", "fold"], (2, 8, "pre-flop"), (5, 5), {2: 103, 4: 99, 6: 98}),
    "seven-card-stud fourth-street bet nobody calls": (
        "seven-card-stud", ["bring-in", "call", "call", "bet 2", "fold", "fold"], (4, 2, "fourth street"),
        None, {2: 97, 4: 106, 6: 97}),
    "draw-blind bet after the draw nobody calls": (
        "draw-blind", ["call", "call", "check", "draw 2", "stand pat", "discard #1 #2 #3", "check", "bet 4",
                       "fold", "fold"], (4, 4, "draw"), None, {2: 98, 4: 104, 6: 98}),
}


@pytest.mark.parametrize("case", sorted(RETURNS))
def test_the_uncalled_bet_goes_back_before_the_collect(case):
    game, actions, (seat, chips, street), collected, stacks = RETURNS[case]
    hand = deal(game, actions)
    exp = to_return(hand)
    assert (exp.seat, exp.detail["amount"], exp.street, exp.rule) == (seat, chips, street, "1.1 (Pot); 7.5")
    pot, front = hand.pot, hand.players[seat].in_front
    verdict = hand.propose(exp.step())
    assert verdict.ok and verdict.message.startswith(f"The uncalled {chips} goes back to seat {seat}")
    assert hand.players[seat].in_front == front - chips and hand.pot == pot and hand.returned == {seat: chips}
    nxt = hand.expected()
    if collected is None:           # the bet was all there was in front: nothing to collect
        assert nxt is not None and nxt.kind == "award"
    else:
        assert nxt is not None and nxt.kind == "collect_bets"
        assert hand.propose(nxt.step()).message == f"{collected[0]} collected; the pot is {collected[1]}."
    hand.autoplay()
    assert {s: p.stack for s, p in hand.players.items()} == stacks
    assert all(not a.returned for a in hand.awards), "the award must not hand it back again"
    assert not any("was not called" in line for a in hand.awards for line in a.explanation)


@pytest.mark.parametrize("case", sorted(RETURNS))
def test_the_chips_end_as_when_the_award_handed_it_back(case):
    game, actions, _, _, stacks = RETURNS[case]
    old = deal(game, actions)
    steps_under_the_old_procedure(old)
    assert {s: p.stack for s, p in old.players.items()} == stacks
    assert sum(sum(a.returned.values()) for a in old.awards) == RETURNS[case][2][1]


def test_an_all_in_over_a_shorter_stack_is_returned_and_the_pot_never_holds_it():
    seats = {2: ["Ann", 100], 4: ["Ben", 30], 6: ["Cal", 100]}
    hand = deal("holdem", ["all-in", "all-in", "fold"], seats=seats)
    exp = to_return(hand)
    assert (exp.seat, exp.detail["amount"]) == (2, 70)
    assert "Seat 2's last 70 was not called" in exp.why and "(1.1 Pot; 7.5)" in exp.why
    hand.propose(exp.step())
    assert hand.players[2].stack == 70 and not hand.players[2].all_in
    assert hand.propose(hand.expected().step()).message == "62 collected; the pot is 62."
    while (e := hand.expected()) is not None and e.kind != "award":
        assert hand.view()["pot"] == 62
        hand.propose(e.step())
    assert [p.amount for p in hand.showdown_pots] == [62]
    assert any("Seat 2's last 70 was not called" in line for line in hand.uncalled_lines)
    hand.autoplay()
    assert {s: p.stack for s, p in hand.players.items()} == {2: 70, 4: 62, 6: 98}


def test_collecting_before_the_return_is_refused_and_changes_nothing():
    hand = deal("holdem", ["raise 10", "fold", "fold"])
    exp = to_return(hand)
    before = (hand.view(reveal=True), hand.step_count, hand.pot)
    for wrong in (Step("collect_bets"), Step("return_uncalled", 4), Step("award", seats=(2,))):
        verdict = hand.propose(wrong)
        assert not verdict.ok and verdict.rule == "1.1 (Pot); 7.5"
        assert "1.1 Pot; 7.5" in verdict.message
        assert (hand.view(reveal=True), hand.step_count, hand.pot) == before
    refused = hand.propose(Step("collect_bets"))
    assert refused.message.startswith("Not now. Seat 2's last 8 was not called: give it back to seat 2 "
                                      "before the bets are collected")
    assert "1.1 (Pot); 7.5" in refused.hint(1) and "no part of the pot" in refused.hint(1)
    assert hand.propose(exp.step()).ok


@pytest.mark.parametrize("game", sorted(CASES))
def test_no_return_when_every_bet_is_called(game):
    changes, actions, expected, stacks = CASES[game]
    hand = Hand(scenario(game, changes, actions))
    play(hand)              # every step checked, wrong ones refused, as test_games_scripted does
    assert hand.returned == {} and {s: p.stack for s, p in hand.players.items()} == stacks


def test_the_step_is_a_seat_step_with_its_label_and_hint():
    assert STEP_LABELS["return_uncalled"] == "Return the uncalled bet" and "return_uncalled" in SEAT_STEPS
    assert "back to its owner" in HINTS["return_uncalled"][0]
    hand = deal("holdem", ["raise 10", "fold", "fold"])
    assert "return_uncalled" in hand.step_kinds()[0]


def test_steps_stored_under_the_old_procedure_still_replay():
    old = steps_under_the_old_procedure(deal("holdem", ["raise 10", "fold", "fold"]))
    assert "return_uncalled" not in {s.kind for s in old}
    done = deal("holdem", ["raise 10", "fold", "fold"]).replay_stored(old)
    assert done.finished and not done.returns_uncalled
    assert {s: p.stack for s, p in done.players.items()} == {2: 103, 4: 99, 6: 98}
    # Stopped before the round ended: it goes on under the new procedure.
    going = deal("holdem", ["raise 10", "fold", "fold"]).replay_stored(old[:5])
    assert going.returns_uncalled and to_return(going).seat == 2


def test_casino_holdem_has_no_uncalled_bet():
    # The call is always the set multiple of the ante against the bank (CH ¶7): no wager is left unmatched.
    assert "return_uncalled" not in CasinoRound.labels
    for seed in range(6):
        decisions = {1: "call", 2: "fold", 3: "call"}
        round_ = CasinoRound(CasinoScenario(boxes={b: ("PQR"[b - 1], 10, 5 if b == 2 else 0) for b in (1, 2, 3)},
                                            decisions=decisions, seed=seed))
        kinds = []
        while (exp := round_.expected()) is not None:
            kinds.append(exp.kind)
            assert round_.propose(exp.step()).ok
        assert "return_uncalled" not in kinds and round_.propose(Step("return_uncalled", 1)).ok is False


def test_the_rake_question_shows_the_uncalled_bet_still_in_front():
    from engine.questions import build_question
    q = build_question({"ask": "rake", "seed": 91, "button_was": 6,
                        "seats": {"2": ["Dee", 200], "4": ["Eli", 60], "6": ["Fay", 200]},
                        "commission": {"method": "percentage", "percent": 10, "cap": 20},
                        "actions": ["raise 6", "call", "call"] + ["check"] * 7 + ["bet 100", "fold", "all-in"]})
    table = q.display["table"]
    assert table["pot"] == 18 and {s["seat"]: s["in_front"] for s in table["seats"] if not s["empty"]} == {
        2: 0, 4: 54, 6: 100}
    assert q.answer == 12           # 10% of 18 + 54 + 54; with Fay's uncalled 46 it would be 17 (7.5)
    assert any("(7.5)" in line for line in q.explanation)


def test_the_pots_question_still_lists_what_each_seat_put_in():
    from engine.questions import build_question
    q = build_question({"ask": "pots", "seed": 71, "button_was": 8,
                        "seats": {"2": ["Dee", 30], "4": ["Eli", 100], "6": ["Fay", 100], "8": ["Gus", 30]},
                        "actions": ["all-in", "all-in", "call", "raise 80", "fold"]})
    assert q.display["facts"][0] == "Put in this hand: seat 2 30, seat 4 30, seat 6 80, seat 8 30"
    assert q.answer == {0: 120}
