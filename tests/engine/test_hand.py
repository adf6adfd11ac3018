"""The Hold'em hand as ordered dealer steps (8.17, 8.2.2, 8.1.4)."""
import random

import pytest

from engine.cards.deck import _shuffle, full_deck, parse_cards
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.steps import ScenarioError, Step

SEATS = {2: ["Ann", 200], 4: ["Ben", 200], 5: ["Cara", 200], 7: ["Dev", 200], 9: ["Eve", 200]}
ACTIONS = ["call", "fold", "raise 6", "fold", "call", "call", "check", "check", "check",
           "bet 10", "fold", "call", "check", "check"]


def new_hand(**changes):
    data = {"seats": SEATS, "button_was": 7, "seed": 3, "actions": ACTIONS}
    data.update(changes)
    return Hand(Scenario.from_dict(data))


def do(hand, kind, seat=None, seats=()):
    verdict = hand.propose(Step(kind, seat, tuple(seats)))
    assert verdict.ok, verdict.message
    return verdict


def test_button_then_blinds_left_of_button():
    hand = new_hand()
    assert hand.expected().kind == "move_button" and hand.expected().seat == 9
    wrong = hand.propose(Step("move_button", 2))
    assert not wrong.ok and "8.17.1(a)" in wrong.message
    do(hand, "move_button", 9)
    # 8.2.2(a): first blind left of the button (seat 2, wrapping round), then 8.2.2(b)
    wrong = hand.propose(Step("post_blind", 4))
    assert not wrong.ok and wrong.rule == "8.2.2(a)"
    do(hand, "post_blind", 2)
    do(hand, "post_blind", 4)
    assert hand.players[2].in_front == 1 and hand.players[4].in_front == 2


def test_cards_pitched_one_at_a_time_clockwise_from_left_of_button():
    hand = new_hand()
    for step in (("move_button", 9), ("post_blind", 2), ("post_blind", 4)):
        do(hand, *step)
    top = hand.deck.cards[:10]
    order = [2, 4, 5, 7, 9] * 2
    for seat in order:
        do(hand, "pitch", seat)
    for i, seat in enumerate(order):
        assert hand.players[seat].cards[i // 5] == top[i]


def test_wrong_step_changes_nothing():
    hand = new_hand()
    do(hand, "move_button", 9)
    before = (hand.view(reveal=True), len(hand.deck), hand.step_count)
    for bad in (Step("pitch", 2), Step("burn"), Step("deal_flop"), Step("post_blind", 5),
                Step("award", seats=(2,)), Step("bogus")):
        assert not hand.propose(bad).ok
    assert (hand.view(reveal=True), len(hand.deck), hand.step_count) == before


def play_to(hand, kind):
    while hand.expected().kind != kind:
        exp = hand.expected()
        do(hand, exp.kind, exp.seat, exp.seats)


def test_burn_before_the_flop_is_required():
    hand = new_hand()
    play_to(hand, "burn")
    verdict = hand.propose(Step("deal_flop"))
    assert not verdict.ok
    assert verdict.rule == "8.17.4(a)" and "Burn a card before the flop" in verdict.message
    deck_top = hand.deck.cards[0]
    do(hand, "burn")
    assert hand.burns == [deck_top]
    do(hand, "deal_flop")
    assert hand.view()["board"] == [None, None, None]  # face down until turned
    do(hand, "turn_flop")
    assert None not in hand.view()["board"]


def test_bets_are_collected_and_players_act_in_order():
    hand = new_hand()
    play_to(hand, "collect_bets")
    # pre-flop: 5 calls, 7 folds, 9 raises to 6, 2 folds, 4 calls, 5 calls
    assert [line.split()[1] for line in hand.log] == ["5", "7", "9", "2", "4", "5"]
    do(hand, "collect_bets")
    assert hand.pot == 1 + 6 + 6 + 6
    assert hand.first_to_act("flop") == 4  # seat 2 folded: next live left of the button


def test_whole_hand_conserves_chips_and_awards_the_pot():
    hand = new_hand().autoplay()
    assert hand.finished and hand.pot == 0
    assert sum(p.stack for p in hand.players.values()) == 1000
    assert len(hand.burns) == 3 and len(hand.board) == 5
    dealt = [c for p in hand.players.values() for c in p.cards] + hand.board + hand.burns
    assert len(dealt) == len(set(dealt)) == 18


def test_everyone_folds_to_one_player_ends_the_hand_without_a_board():
    hand = new_hand(actions=["fold", "fold", "fold", "fold"]).autoplay()
    assert hand.board == [] and hand.burns == []
    assert hand.players[4].stack == 201  # the big blind wins the small blind (8.17.3(c)(i))


def test_tie_splits_to_lowest_chip_with_odd_chip_left_of_button():
    # Board plays: Ac Kd Qh Js Td straight for everyone still in.
    stack = parse_cards("2c 3c 4c 2d 3d 4d 5s Ac Kd Qh 6s Js 7s Td")
    hand = Hand(Scenario.from_dict({
        "seats": {1: ["A", 100], 3: ["B", 100], 6: ["C", 100]}, "button_was": 1,
        "stack": " ".join(map(str, stack)), "blinds": [1, 2],
        "actions": ["call", "call", "check"] + ["check"] * 9}))
    hand.autoplay()
    # button at 3; blinds 6 and 1; pot 6 split three ways exactly
    assert {s: p.stack for s, p in hand.players.items()} == {1: 100, 3: 100, 6: 100}
    odd = Hand(Scenario.from_dict({
        "seats": {1: ["A", 100], 3: ["B", 100], 6: ["C", 100]}, "button_was": 1,
        "stack": " ".join(map(str, stack)), "blinds": [1, 2],
        "actions": ["call", "fold", "check"] + ["check"] * 6}))
    odd.autoplay()
    # pot 5 between seats 1 and 3: 2 each, odd chip to seat 1 (closest clockwise to button 3? no:
    # seat 6 folded; from the button (3) clockwise: 6, 1 -> seat 1)
    assert odd.players[1].stack - 98 == 3 and odd.players[3].stack - 98 == 2


@pytest.mark.parametrize("data, words", [
    ({"seats": {1: ["A", 10]}}, "at least three"),
    ({"seats": {1: ["A", 10], 2: ["B", 10], 12: ["C", 10]}}, "not at a 10-seat table"),
    ({"seats": {1: ["A", 10], 2: ["B", 10], 3: ["C", 10]}, "stack": "As Zz"}, "'Zz' is not a card"),
    ({"seats": {1: ["A", 10], 2: ["B", 10], 3: ["C", 10]}, "deck": 20}, "20-card deck"),
    ({"seats": {1: ["A", 10], 2: ["B", 10], 3: ["C", 10]}, "colour": 1}, "unknown key"),
    ({"seats": {1: ["A", -5], 2: ["B", 10], 3: ["C", 10]}}, "chips above 0"),
])
def test_bad_scenarios_are_explained(data, words):
    with pytest.raises(ScenarioError, match=words):
        Hand(Scenario.from_dict(data))


def test_actions_running_out_is_reported():
    with pytest.raises(ScenarioError, match="ran out"):
        new_hand(actions=["call"]).autoplay()


def test_the_shuffle_draws_as_random_shuffle_does_so_stored_seeds_keep_their_decks():
    """Deck.shuffled's own loop must give random.shuffle's order and leave the
    generator where random.shuffle leaves it (the cut is drawn next)."""
    for seed in range(300):
        for size in (52, 40, 36, 32, 20):
            ours, theirs = full_deck(size), full_deck(size)
            rng, ref = random.Random(seed), random.Random(seed)
            _shuffle(ours, rng)
            ref.shuffle(theirs)
            assert ours == theirs and rng.random() == ref.random(), (seed, size)
