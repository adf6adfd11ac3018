"""Best-hand selection per game (issue 3, part 2) and who wins."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.cards.deck import full_deck, parse_cards
from engine.cards.evaluator import HandError
from engine.cards.rankings import get_ranking
from engine.cards.showdown import (DealtHand, Selection, best_by_board, best_hand, best_hi_lo, best_value,
                                   winners)


def c(text):
    return parse_cards(text)


def test_holdem_any_five_and_the_board_can_play():
    hv = best_hand("high", c("2c 3d"), c("As Ks Qs Js Ts"))
    assert hv.category == "Royal Flush"
    assert best_hand("high", c("2c 3d"), c("As Ks Qs Js Ts")) == best_hand("high", c("7h 8h"), c("As Ks Qs Js Ts"))
    hv = best_hand("high", c("Ah Kh"), c("Qh Jh 2c 3d Th"))
    assert hv.describe() == "Royal Flush (Ah Kh Qh Jh Th)"


def test_omaha_uses_exactly_two_hole_and_three_board_8_23_6_d():
    # Hold'em would read a flush (one heart in hand, four on board); Omaha may not.
    hole, board = c("Th 3s 4d 9c"), c("Ah Kh Qh 8h 2c")
    assert best_hand("high", hole, board).category == "Flush"
    hv = best_hand("high", hole, board, "two_hole_three_board")
    assert hv.category == "No Pair"
    assert sum(card in hole for card in hv.cards) == 2
    # Four aces in the hand make only a pair of them plus the board (8.23.6(d)).
    hv = best_hand("high", c("As Ah Ad Ac"), c("Kc Kd 2h 3s 7d"), Selection.TWO_HOLE_THREE_BOARD)
    assert hv.category == "Two Pair" and hv.label == "Two Pair, Aces and Kings"


def test_two_hole_three_board_matches_brute_force_on_random_deals():
    rng = random.Random(8)
    deck = full_deck(52)
    for name in ("high", "eight-or-better"):
        r = get_ranking(name)
        for _ in range(300):
            cards = rng.sample(deck, 9)
            hole, board = cards[:4], cards[4:]
            expected = max(r.value(tuple(h) + tuple(b))
                           for h in combinations(hole, 2) for b in combinations(board, 3))
            assert best_value(name, hole, board, "two_hole_three_board") == expected
            hv = best_hand(name, hole, board, "two_hole_three_board")
            assert (hv is None and expected == 0) or hv.value == expected


def test_manila_games_read_two_hole_cards_with_the_32_card_ranking():
    # Two Card Manila 8.14.5(d): the player's two hole cards and three of the board.
    hv = best_hand("short32", c("Ah Kh"), c("Qh Jh 7c 8d Th"), "two_hole_three_board")
    assert hv.category == "Royal Flush"
    # Three Card Manila 8.15.5(d): two of three hole cards.
    hv = best_hand("short32", c("Ac 9d 8s"), c("7h Td Jc Ks Kd"), "two_hole_three_board")
    assert hv.category == "Straight" and hv.label == "Straight, Jack high"
    # Faro Manila 8.16.5(d): two of five hole cards.
    # Four aces in hand still play as one pair of them: Aces and Kings.
    hv = best_hand("short32", c("Ac Ad Ah As 7c"), c("Kc Kd 8h 9s Js"), "two_hole_three_board")
    assert hv.label == "Two Pair, Aces and Kings"


def test_double_flop_reads_each_board_separately_8_18_6_d():
    top, bottom = c("Ah Ad 7c 2s 9h"), c("Kc Qd Jh 3s 4d")
    hole = c("As Tc")
    per_board = best_by_board("high", hole, [top, bottom])
    assert [hv.category for hv in per_board] == ["Three of a Kind", "Straight"]


def test_hi_lo_one_player_can_win_both_halves_8_12_5_d():
    seven_a = c("Ah 2d 3c 4s 5h Kd Kc")      # wheel: a straight high and the best low
    seven_b = c("Qs Qh Qd 9c 9d Js 6h")      # full house, no low
    hi_a, lo_a = best_hi_lo(seven_a)
    hi_b, lo_b = best_hi_lo(seven_b)
    assert lo_b is None
    assert winners({1: hi_a, 2: hi_b}) == [2]
    assert winners({1: lo_a, 2: lo_b}) == [1]
    # A wheel beats a mere pair of kings for high and is the best low.
    seven_c = c("Kh Ks 8d 7c 6s 9h Jh")
    hi_c, lo_c = best_hi_lo(seven_c)
    assert winners({1: hi_a, 3: hi_c}) == [1] and winners({1: lo_a, 3: lo_c}) == [1]
    # The two halves may use different five cards.
    assert set(hi_a.cards) == set(c("Ah 2d 3c 4s 5h")) and hi_a.category == "Straight"
    assert lo_a.category == "5-low"


def test_omaha_hi_lo_no_low_means_no_low_winner():
    hi, lo = best_hi_lo(c("Kc Kd Qh Js"), c("9c Tc Qd 2h 3s"), "two_hole_three_board")
    assert lo is None and hi.label == "Straight, King high"     # K-J from the hand, Q-10-9 board
    assert winners({1: lo, 2: None}) == []


def test_ties_give_several_winners():
    board = c("As Ks Qs Js Ts")
    hands = {1: best_hand("high", c("2c 3d"), board), 2: best_hand("high", c("4c 5d"), board),
             3: None}
    assert winners(hands) == [1, 2]


def test_stud_community_card_is_read_by_every_player_8_9_5_a():
    community = c("Ah")
    five_stud = best_hand("high", c("Ad Kc 7s 2h"), community)     # 4 own cards + community
    assert five_stud.category == "One Pair" and five_stud.label == "One Pair, Aces"
    seven_stud = best_hand("high", c("Ac Kd 7s 2h 9c 4d"), community)
    assert seven_stud.label == "One Pair, Aces"


def test_selection_errors_name_the_problem():
    with pytest.raises(ValueError, match="unknown card selection 'three_hole'"):
        best_hand("high", c("As Kd"), c("2c 3d 4h"), "three_hole")
    with pytest.raises(HandError, match="two hole cards and three community cards.*8.23.6"):
        best_hand("high", c("As"), c("2c 3d 4h 5s"), "two_hole_three_board")
    with pytest.raises(HandError, match="As appears twice"):
        best_hand("high", c("As Kd"), c("As 3d 4h 5s 6d"))
    with pytest.raises(HandError, match="five cards"):
        best_hand("high", c("As Kd"), c("3d 4h"))
    with pytest.raises(HandError, match="not in the 36-card deck"):
        best_hand("short36", c("As 2d"), c("7d 8h 9s Td Jc"))
    with pytest.raises(KeyError, match="no hand ranking"):
        best_hand("higher", c("As Kd"), c("3d 4h 5s 6d 7c"))


def _brute_two_three(r, hole, board):
    """Every five of two hole and three community cards, valued one by one:
    (best value, the first five in combinations order that makes it)."""
    fives = [h + b for h in combinations(hole, 2) for b in combinations(board, 3)]
    values = [r.value(five) for five in fives]
    return max(values), fives[values.index(max(values))]


@pytest.mark.parametrize("name", ["high", "short40", "short36", "short32", "short20", "ace-to-five",
                                  "deuce-to-seven", "eight-or-better"])
def test_two_hole_three_board_reader_matches_every_five_one_by_one(name):
    # The reader adds a pair's key to a triple's and reads flushes apart:
    # it must name the same value and the same five as valuing all 60.
    r = get_ranking(name)
    deck = full_deck(r.deck_size)
    rng = random.Random(name)
    for i in range(600):
        holes, boards = rng.choice([2, 3, 4, 5]), rng.choice([3, 4, 5])
        # Every third deal from two suits only, so suited pairs meet suited triples.
        pool = [card for card in deck if card.suit in rng.sample("shdc", 2)] if i % 3 == 0 else deck
        cards = rng.sample(pool, min(len(pool), holes + boards))
        hole, board = cards[:holes], cards[holes:]
        if len(board) < 3:
            continue
        expected = _brute_two_three(r, hole, board)
        assert r.two_three(hole, board) == expected, (hole, board)
        # The same board with other hole cards (the reader keeps the board's part).
        other = rng.sample([card for card in deck if card not in board], 4)
        assert r.two_three(other, tuple(board)) == _brute_two_three(r, other, board)
        hv = best_hand(r, hole, board, "two_hole_three_board")
        assert (hv is None and expected[0] == 0) or (hv.value, set(hv.cards)) == (expected[0], set(expected[1]))


def test_dealt_hand_reads_as_best_value_and_best_hand():
    rng = random.Random(15)
    deck = full_deck(52)
    for selection, holes, boards in (("any_five", 2, 5), ("any_five", 7, 0), ("any_five", 4, 1),
                                     ("two_hole_three_board", 4, 5)):
        for name in ("high", "eight-or-better", "deuce-to-seven"):
            for _ in range(100):
                cards = rng.sample(deck, holes + boards)
                hole, board = cards[:holes], cards[holes:]
                dealt = DealtHand(get_ranking(name), selection, hole, board)
                assert dealt.value == best_value(name, hole, board, selection)
                assert repr(dealt.hand()) == repr(best_hand(name, hole, board, selection))
    with pytest.raises(HandError, match="two hole cards and three community cards.*8.23.6"):
        DealtHand(get_ranking("high"), "two_hole_three_board", c("As"), c("2c 3d 4h 5s"))
    with pytest.raises(HandError, match="a poker hand is five cards"):
        DealtHand(get_ranking("high"), "any_five", c("As Kd"), c("3d 4h"))
