"""Every five-card hand of every deck the rules name, counted and ordered (issue 3).

Counting runs over all hands with the table reader (about a second per
ranking for 2,598,960 hands). The `slow` tests go further: every hand is
also read by the plain oracle in test_rankings_reference.py and the two must
order all hands identically.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from engine.cards.deck import full_deck
from engine.cards.rankings import get_ranking
from tests.engine.test_rankings_reference import (HIGH_ORDER, SHORT_ORDER, TWENTY_ORDER,
                                                  ace_to_five_key, deuce_to_seven_key,
                                                  eight_or_better_key, high_key)


def value_counts(ranking_name: str, deck_size: int) -> Counter:
    r = get_ranking(ranking_name).prepare()
    return Counter(map(r.value, combinations(full_deck(deck_size), 5)))


def category_counts(ranking_name: str, values: Counter) -> dict[str, int]:
    r = get_ranking(ranking_name)
    cats: Counter = Counter()
    for v, n in values.items():
        cats[r.category_of(v)] += n
    return dict(cats)


@pytest.fixture(scope="module")
def high52():
    return value_counts("high", 52)


def test_52_card_category_counts(high52):
    # 3.2.1(b): the textbook frequencies of all C(52,5) hands.
    assert sum(high52.values()) == 2_598_960
    assert category_counts("high", high52) == {
        "Royal Flush": 4, "Straight Flush": 36, "Four of a Kind": 624, "Full House": 3_744,
        "Flush": 5_108, "Straight": 10_200, "Three of a Kind": 54_912, "Two Pair": 123_552,
        "One Pair": 1_098_240, "No Pair": 1_302_540}


def test_52_card_distinct_values(high52):
    assert len(high52) == 7_462


def test_52_card_values_in_category_order(high52):
    r = get_ranking("high")
    order = [r.category_of(v) for v in sorted(high52)]
    seen = list(dict.fromkeys(order))
    assert seen == ["No Pair", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
                    "Full House", "Four of a Kind", "Straight Flush", "Royal Flush"]


# Counts derived by hand for each short deck (ranks r, straights s):
# straight flush 4s (4 royal among them), quads r*(N-4), full house r*4*(r-1)*6,
# flush 4*C(r,5)-4s, straight s*4^5-4s, and so on; they add up to C(N,5).
SHORT_COUNTS = {
    ("short40", 40): {"Royal Flush": 4, "Straight Flush": 24, "Four of a Kind": 360,
                      "Flush": 980, "Full House": 2_160, "Straight": 7_140,
                      "Three of a Kind": 23_040, "Two Pair": 51_840, "One Pair": 322_560,
                      "No Pair": 249_900},
    ("short36", 36): {"Royal Flush": 4, "Straight Flush": 20, "Four of a Kind": 288,
                      "Flush": 480, "Full House": 1_728, "Straight": 6_120,
                      "Three of a Kind": 16_128, "Two Pair": 36_288, "One Pair": 193_536,
                      "No Pair": 122_400},
    ("short32", 32): {"Royal Flush": 4, "Straight Flush": 16, "Four of a Kind": 224,
                      "Flush": 204, "Full House": 1_344, "Straight": 5_100,
                      "Three of a Kind": 10_752, "Two Pair": 24_192, "One Pair": 107_520,
                      "No Pair": 52_020},
    # 3.2.3: one straight (A-K-Q-J-10), the only suited five is a royal flush,
    # no No Pair at all; One Pair is the reconstructed bottom category.
    ("short20", 20): {"Royal Flush": 4, "Four of a Kind": 80, "Full House": 480,
                      "Straight": 1_020, "Three of a Kind": 1_920, "Two Pair": 4_320,
                      "One Pair": 7_680},
}


@pytest.mark.parametrize("name,size", list(SHORT_COUNTS))
def test_short_deck_category_counts(name, size):
    values = value_counts(name, size)
    counts = category_counts(name, values)
    assert counts == SHORT_COUNTS[(name, size)]
    assert sum(counts.values()) == len(list(combinations(range(size), 5)))


def test_36_card_deck_has_376_992_hands():
    assert sum(value_counts("short36", 36).values()) == 376_992


@pytest.mark.parametrize("name", ["short40", "short36", "short32"])
def test_short_deck_flush_is_above_full_house(name):
    r = get_ranking(name)
    values = value_counts(name, r.deck_size)
    lowest_flush = min(v for v in values if r.category_of(v) == "Flush")
    highest_full = max(v for v in values if r.category_of(v) == "Full House")
    assert lowest_flush > highest_full     # 3.2.2(d)(iv)-(v), 9.3(d)-(e)


def test_ace_to_five_has_6175_distinct_lows():
    values = value_counts("ace-to-five", 52)
    assert len(values) == 6_175
    r = get_ranking("ace-to-five")
    assert r.category_of(max(values)) == "5-low"       # 5-4-3-2-A is the best (8.7.7)
    assert r.category_of(min(values)) == "Four of a Kind"


def test_eight_or_better_has_56_qualifying_lows():
    values = value_counts("eight-or-better", 52)
    qualifying = {v: n for v, n in values.items() if v > 0}
    assert len(qualifying) == 56                       # C(8,5) rank sets, 3.2.1(b)(xi)
    assert sum(qualifying.values()) == 56 * 4 ** 5     # any suits, flushes included
    assert values[0] == 2_598_960 - 56 * 4 ** 5


def test_deuce_to_seven_has_7462_values_and_no_wheel():
    values = value_counts("deuce-to-seven", 52)
    assert len(values) == 7_462
    counts = category_counts("deuce-to-seven", values)
    # 5-4-3-2-A is not a straight: nine straights, and the ace-high no-pair
    # and flush counts grow by the 1,020 and 4 hands it would have been.
    assert counts["Straight"] == 9 * 1_020
    assert counts["Straight Flush"] == 32 and counts["Royal Flush"] == 4
    assert counts["Flush"] == 5_112
    assert sum(n for c, n in counts.items() if c.endswith("-low") or c == "Ace-high") == 1_303_560
    r = get_ranking("deuce-to-seven")
    assert r.category_of(max(values)) == "7-low"       # 7-5-4-3-2 is the best (8.7.7)


# --- full order against the oracle (slow) ------------------------------------

def assert_same_order(ranking_name: str, deck_size: int, key, smaller_is_better: bool) -> None:
    """Our values and the oracle's keys must induce the very same ranking of all hands."""
    value = get_ranking(ranking_name).prepare().value
    key_of: dict[int, object] = {}
    for five in combinations(full_deck(deck_size), 5):
        v, k = value(five), key(five)
        old = key_of.setdefault(v, k)
        assert old == k, f"{ranking_name}: {five} has value {v} shared with a different hand"
    keys = [key_of[v] for v in sorted(key_of)]
    if smaller_is_better:
        keys.reverse()
    assert len(set(map(repr, keys))) == len(keys)
    assert all(a < b for a, b in zip(keys, keys[1:])), f"{ranking_name}: order differs"


@pytest.mark.slow
def test_52_card_high_orders_every_hand_like_the_oracle():
    assert_same_order("high", 52, high_key, smaller_is_better=False)


@pytest.mark.slow
@pytest.mark.parametrize("name,size,lowest", [("short40", 40, 5), ("short36", 36, 6),
                                              ("short32", 32, 7)])
def test_short_decks_order_every_hand_like_the_oracle(name, size, lowest):
    assert_same_order(name, size, lambda h: high_key(h, lowest, True, SHORT_ORDER), False)


def test_20_card_deck_orders_every_hand_like_the_oracle():
    assert_same_order("short20", 20, lambda h: high_key(h, 10, False, TWENTY_ORDER), False)


@pytest.mark.slow
def test_ace_to_five_orders_every_hand_like_the_oracle():
    assert_same_order("ace-to-five", 52, ace_to_five_key, smaller_is_better=True)


@pytest.mark.slow
def test_deuce_to_seven_orders_every_hand_like_the_oracle():
    assert_same_order("deuce-to-seven", 52, deuce_to_seven_key, smaller_is_better=True)


@pytest.mark.slow
def test_eight_or_better_orders_every_hand_like_the_oracle():
    value = get_ranking("eight-or-better").prepare().value
    key_of = {}
    for five in combinations(full_deck(52), 5):
        v, k = value(five), eight_or_better_key(five)
        assert (v == 0) == (k is None), five
        if k is not None:
            assert key_of.setdefault(v, k) == k
    keys = [key_of[v] for v in sorted(key_of, reverse=True)]
    assert all(a < b for a, b in zip(keys, keys[1:]))


def test_high_orders_match_the_oracle_on_the_short_orders_too():
    # Guard against the oracle and the engine sharing a mistake: the short
    # order really differs from the 52-card one only in Flush vs Full House.
    assert [c for c in SHORT_ORDER if c not in ("flush", "full house")] == \
        [c for c in HIGH_ORDER if c not in ("flush", "full house")]
