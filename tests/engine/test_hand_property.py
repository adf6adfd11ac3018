"""Random legal play of every game, every deck size and every player count.

After every dealer step: no card is in two places (deck, hands, boards,
burns, muck, Kitty together are exactly the deck), chips are conserved, a
wrong step changes nothing. Over the hand: burns fall only at the start of
the streets whose rule burns (8.17.4(a), 8.9.4(a), ...), every player at a
showdown holds the game's number of cards, and every pot is awarded.
"""
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.betting.structures import KINDS
from engine.cards.deck import full_deck
from engine.games.parts import Burn, DealHole, Discard, Game
from engine.games.registry import EDITIONS, GAMES, get_game
from engine.hand.machine import Hand
from engine.hand.players import RandomPlayer
from engine.hand.scenario import Scenario
from engine.steps import ScenarioError, Step

MAIN_GAMES = sorted(name for name, g in GAMES.items() if isinstance(g, Game))
# (game, house): every main-rulebook game, and the second rulebook's editions.
DEALS = [(name, "main") for name in MAIN_GAMES] + [(name, "second") for name, _ in sorted(EDITIONS)]
CARD_STEPS = {"pitch", "pitch_up", "deal_kitty", "deal_flop", "deal_board", "deal_common", "replace"}


def combos():
    for name, house in DEALS:
        game = get_game(name, "second" if house == "second" else "main")
        for deck, most in game.max_players.items():
            for players in range(2, most + 1):
                yield name, house, deck, players


def hole_cards(game: Game) -> int:
    """Cards a player holds at the showdown: dealt, less Pineapple discards."""
    dealt = sum(op.count for s in game.streets for op in s.deal if isinstance(op, DealHole))
    return dealt - sum(op.count for s in game.streets for op in s.deal if isinstance(op, Discard))


def make_hand(name, house, deck, players, seed) -> Hand:
    rng = random.Random(f"{name}/{house}/{deck}/{players}/{seed}")
    seats = sorted(rng.sample(range(1, 12), players))
    # Short stacks now and then, so all-ins and side pots happen.
    stacks = {s: (f"P{s}", rng.choice((1, 3, 8, 40, 150, 400))) for s in seats}
    return Hand(Scenario(game=name, seats=stacks, button_was=rng.choice(seats), seed=seed, deck=deck,
                         table_seats=11, house=house, betting=rng.choice(KINDS),
                         over_blind=rng.random() < 0.2 and GAMES[name].blinds is not None
                         and GAMES[name].blinds.over_blind is not None and players > 2,
                         commission=rake_for(f"{name}/{house}/{deck}/{players}/{seed}", stacks)),
                decide=RandomPlayer(seed))


def rake_for(key: str, stacks: dict) -> dict | None:
    """Section 7 in about half the hands (a generator of its own, so the hands
    drawn above stay as they were): percentage with a cap, a fee per hand, or
    a fee per person where every stack can pay it (7.2.1, 7.2.3, 7.2.4)."""
    rng = random.Random("rake/" + key)
    choice = rng.choice(("none", "none", "percentage", "fixed-hand", "fixed-person"))
    if choice == "percentage":
        return {"method": "percentage", "percent": rng.randint(2, 10), "cap": rng.choice((None, 1, 3, 30))}
    if choice == "fixed-hand":
        return {"method": "fixed-hand", "hand_fee": rng.randint(1, 3), "cap": None,
                "hand_fee_by_players": ((5, 4),)}
    if choice == "fixed-person" and min(c for _, c in stacks.values()) > 1:
        return {"method": "fixed-person", "person_fee": 1}
    return None


def cards_everywhere(hand: Hand) -> list:
    cards = list(hand.deck.cards) + hand.burns + [m[0] for m in hand.muck] + (hand.kitty or [])
    for board in hand.boards:
        cards += board
    for p in hand.players.values():
        cards += p.cards
    return cards


def check_hand(hand: Hand, rng: random.Random, wrong_every: float = 0.15) -> dict:
    """Deal to the end, checking the invariants; returns what happened."""
    deck = sorted(full_deck(hand.scenario.deck))
    total = sum(p.stack for p in hand.players.values())
    game = hand.game
    burning = {s.name for s in game.streets if any(isinstance(op, Burn) for op in s.deal)}
    burns = Counter()
    cards_before_burn = Counter()
    kinds = [k for group in hand.step_kinds() for k in group]
    seen = Counter()
    while (exp := hand.expected()) is not None:
        if rng.random() < wrong_every:
            before = (hand.view(reveal=True), list(hand.deck.cards), hand.step_count, len(hand.log))
            other = rng.choice([k for k in kinds if k != exp.kind])
            verdict = hand.propose(Step(other, exp.seat or 1, exp.seats or (1,)))
            assert not verdict.ok and verdict.rule == exp.rule
            assert (hand.view(reveal=True), list(hand.deck.cards), hand.step_count, len(hand.log)) == before
        if exp.kind == "burn":
            burns[exp.street] += 1
            assert exp.street in burning, f"{game.name}: a burn on the {exp.street}, whose rule has none"
            assert not cards_before_burn[exp.street], f"{game.name}: {exp.street} burn after its cards"
        elif exp.kind in CARD_STEPS:
            cards_before_burn[exp.street] += 1
        seen[exp.kind] += 1
        verdict = hand.propose(Step(exp.kind, exp.seat, exp.seats))
        assert verdict.ok, verdict.message
        everywhere = cards_everywhere(hand)
        assert sorted(everywhere) == deck, f"{game.name}: a card is missing or dealt twice"
        chips = sum(p.stack + p.in_front for p in hand.players.values()) + hand.pot + hand.rake
        assert chips == total, f"{game.name}: chips not conserved after {exp.kind}"
        assert all(p.stack >= 0 for p in hand.players.values())
    assert hand.finished and hand.pot == 0
    assert sum(p.stack for p in hand.players.values()) + hand.rake == total
    # Every street that was dealt and whose rule burns had exactly one burn.
    for street in cards_before_burn:
        if street in burning:
            assert burns[street] == 1, f"{game.name}: {burns[street]} burns on the {street}"
    # Every pot was awarded: one award step each, shares add up to what was put in.
    assert seen["award"] == len(hand.awards)
    paid = sum(sum(a.shares.values()) + sum(a.returned.values()) for a in hand.awards)
    from_pots = hand.rake if hand.commission and hand.commission.method != "fixed-person" else 0
    assert paid + from_pots == sum(p.committed for p in hand.players.values())
    live = hand.live_seats()
    if len(live) > 1:
        common = len(hand.board) if game.stub_short else 0   # a stud common card replaces one each
        for seat in live:
            assert len(hand.players[seat].cards) + common == hole_cards(game), (game.name, seat)
    return {"kinds": seen, "showdown": len(live) > 1}


# Every combination, three seeds each: about 1,100 hands in a few seconds.
@pytest.mark.parametrize("name, house, deck, players", list(combos()))
def test_every_game_deck_and_player_count(name, house, deck, players):
    for seed in range(3):
        check_hand(make_hand(name, house, deck, players, seed), random.Random(seed))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(combos())), st.integers(0, 10_000))
def test_random_hands_keep_every_card_and_chip(combo, seed):
    name, house, deck, players = combo
    check_hand(make_hand(name, house, deck, players, seed), random.Random(seed))


def test_random_play_reaches_every_dealer_step():
    """The property tests are only as good as the paths they walk: over a
    few hands of each game every kind of dealer step shows up, including the
    deck-exhaustion steps (stud common card, draw reshuffle)."""
    seen = Counter()
    showdowns = 0
    for name, house, deck, players in combos():
        if players not in (2, GAMES[name].max_players[deck]):
            continue
        for seed in range(2):
            result = check_hand(make_hand(name, house, deck, players, seed), random.Random(seed), 0)
            seen.update(result["kinds"])
            showdowns += result["showdown"]
    from engine.steps import STEP_LABELS
    # Rulings come only from a scenario's irregular actions (tests/engine/test_calling.py).
    assert set(STEP_LABELS) - {"rule_on_action"} <= set(seen), set(STEP_LABELS) - set(seen)
    assert showdowns > 20


def test_the_same_seed_deals_the_same_hand():
    one = make_hand("seven-card-stud", "main", 52, 8, 4)
    two = make_hand("seven-card-stud", "main", 52, 8, 4)
    one.autoplay()
    two.autoplay()
    assert one.log == two.log and one.played_actions == two.played_actions
    # ... and its decisions, replayed as a scenario, deal it again without a decider.
    again = Hand(Scenario(**{**one.scenario.__dict__, "actions": tuple(one.played_actions)})).autoplay()
    assert {s: p.stack for s, p in again.players.items()} == {s: p.stack for s, p in one.players.items()}


def test_a_decider_that_breaks_the_rules_is_refused():
    hand = Hand(Scenario(game="omaha", seats={1: ("A", 50), 2: ("B", 50), 3: ("C", 50)}),
                decide=lambda hand, decision: "raise 1")
    with pytest.raises(ScenarioError, match="not legal"):
        hand.autoplay()
