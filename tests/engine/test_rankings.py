"""Hand rankings by name (3.2): categories, kickers, short decks, lows, stud up-cards."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.cards.deck import full_deck, parse_cards
from engine.cards.evaluator import HandError
from engine.cards.rankings import (RANKINGS, HandValue, bring_in_seat, first_to_act_showing, get_ranking,
                                   showing_value)
from engine.house import LIVE_CASINO, MAIN
from tests.engine.test_rankings_reference import (SHORT_ORDER, TWENTY_ORDER, ace_to_five_key,
                                                  deuce_to_seven_key,
                                                  high_key)


def best(name, text):
    return get_ranking(name).best(parse_cards(text))


def beats(name, a, b):
    """Hand a beats hand b under ranking `name` (and not the other way round)."""
    x, y = best(name, a), best(name, b)
    return x > y and y < x and x != y


def ties(name, a, b):
    return best(name, a) == best(name, b)


# --- registry ----------------------------------------------------------------

def test_every_named_ranking_exists_and_cites_a_rule():
    assert set(RANKINGS) >= {"high", "short40", "short36", "short32", "short20", "ace-to-five",
                             "deuce-to-seven", "eight-or-better"}
    for r in RANKINGS.values():
        assert r.rule and r.title and r.name
        assert any(ch.isdigit() for ch in r.rule)
    assert get_ranking("high").rule == "3.2.1"
    assert "3.2.3" in get_ranking("short20").rule
    assert "3.2.1(b)(xi)" in get_ranking("eight-or-better").rule


def test_aliases_and_unknown_names():
    assert get_ranking("razz") is get_ranking("ace-to-five")
    assert get_ranking("2-7") is get_ranking("deuce-to-seven")
    assert get_ranking(" HIGH ") is get_ranking("high")
    with pytest.raises(KeyError, match="bogus.*known: high"):
        get_ranking("bogus")


def test_20_card_one_pair_decision_is_documented():
    r = get_ranking("short20")
    assert "Reconstruction" in r.notes and "3.2.3" in r.notes and "One Pair" in r.notes
    assert r.categories[0] == "One Pair"


# --- 52-card high hands, 3.2.1(b) ----------------------------------------------

def test_category_order_3_2_1_b():
    ladder = ["As Ks Qs Js Ts", "9h 8h 7h 6h 5h", "Qc Qd Qh Qs 2d", "Jc Jd Jh 4s 4d",
              "Kd Jd 8d 6d 3d", "Tc 9d 8h 7s 6d", "7c 7d 7h Ks 2d", "9c 9d 5h 5s Ad",
              "Ac Ad Kh Qs Jd", "Ah Qd 9c 7s 5d"]
    names = ["Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush",
             "Straight", "Three of a Kind", "Two Pair", "One Pair", "No Pair"]
    for hand, name in zip(ladder, names):
        assert best("high", hand).category == name
    for better, worse in zip(ladder, ladder[1:]):
        assert beats("high", better, worse)


def test_kickers_exactly_as_each_category_says():
    # (iii) four of a kind: the remaining card decides.
    # (equal fours need community cards: the board's quads with different kickers)
    assert beats("high", "9c 9d 9h 9s Ad 2c 3c", "9c 9d 9h 9s Kd 2c 3c")
    # (iv) full house: the three cards first, then the pair.
    assert beats("high", "3c 3d 3h 2s 2d", "2c 2h 2s As Ad")
    assert beats("high", "Kc Kd Kh 7s 7d", "Kc Kd Kh 6s 6d")
    # (v) flush: highest card, then second ... fifth.
    assert beats("high", "Ah Qh 9h 7h 3h", "Ad Qd 9d 7d 2d")
    assert ties("high", "Ah Qh 9h 7h 3h", "Ad Qd 9d 7d 3d")   # no suit is higher
    # (vi) straight: only the highest card counts; the wheel is five-high.
    assert ties("high", "Tc 9d 8h 7s 6d", "Td 9c 8s 7h 6c")
    assert beats("high", "6c 5d 4h 3s 2d", "5c 4d 3h 2s Ad")
    assert best("high", "5c 4d 3h 2s Ad").label == "Straight, Five high"
    # (vii) three of a kind: remaining cards highest first.
    assert beats("high", "7c 7d 7h Ks 2d", "7c 7d 7h Qs Jd")
    assert beats("high", "7c 7d 7h Ks 3d", "7c 7d 7h Ks 2d")
    # (viii) two pair: high pair, low pair, then the remaining card.
    assert beats("high", "9c 9d 5h 5s 2d", "8c 8d 7h 7s Ad")
    assert beats("high", "9c 9d 6h 6s 2d", "9h 9s 5h 5s Ad")
    assert beats("high", "9c 9d 5h 5s 3d", "9h 9s 5c 5d 2h")
    # (ix) one pair: the pair, then three cards highest first.
    assert beats("high", "Ac Ad 4h 3s 2d", "Kc Kd Qh Js 9d")
    assert beats("high", "Ac Ad Kh 3s 2d", "Ah As Qc Jd 9h")
    assert beats("high", "Ac Ad Kh Qs 3d", "Ah As Kc Qd 2h")
    # (x) no pair: card by card.
    assert beats("high", "Ah Qd 9c 7s 5d", "Ah Qd 9c 7s 4d")
    assert ties("high", "Ah Qd 9c 7s 5d", "Ac Qh 9d 7h 5s")
    # (i)-(ii): royal flushes tie; a straight flush is named by its top card.
    assert ties("high", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th")
    assert best("high", "9h 8h 7h 6h 5h").label == "Straight Flush, Nine high"


def test_ace_is_low_only_in_the_wheel_for_52_cards():
    assert best("high", "Ac 2d 3h 4s 5d").category == "Straight"
    assert best("high", "Ac 5d 6h 7s 8d").category == "No Pair"      # A-5-6-7-8 is not a straight
    assert best("high", "Qc Kd Ah 2s 3d").category == "No Pair"      # no wrap-around


def test_best_of_seven_and_reading_order():
    hv = best("high", "Kh 7c Kd 2s 7h Ks 3d")
    assert hv.category == "Full House"
    assert hv.describe() == "Full House, Kings full of Sevens (Ks Kh Kd 7h 7c)"
    assert [str(c) for c in hv.cards] == ["Ks", "Kh", "Kd", "7h", "7c"]
    wheel = best("high", "Ah 2d 3c 4s 5h Kd Kc")
    assert wheel.category == "Straight" and [str(c) for c in wheel.cards] == ["5h", "4s", "3c", "2d", "Ah"]
    # Board plays: 6 cards, best five chosen.
    assert best("high", "As Ks Qs Js Ts 2c").category == "Royal Flush"


def test_value_matches_best_and_brute_force_on_random_seven_card_hands():
    rng = random.Random(3)
    deck = full_deck(52)
    for name in ("high", "ace-to-five", "deuce-to-seven", "eight-or-better"):
        r = get_ranking(name)
        for _ in range(1500):
            seven = rng.sample(deck, 7)
            v = r.value(seven)
            assert v == max(r.value(five) for five in combinations(seven, 5)), (name, seven)
            hv = r.best(seven)
            if hv is None:
                assert name == "eight-or-better" and v == 0
            else:
                assert hv.value == v and len(hv.cards) == 5 and set(hv.cards) <= set(seven)
                assert r.category_of(v) == hv.category


@pytest.mark.parametrize("name,size,key,smaller", [
    ("high", 52, high_key, False),
    ("short36", 36, lambda h: high_key(h, 6, True, SHORT_ORDER), False),
    ("short40", 40, lambda h: high_key(h, 5, True, SHORT_ORDER), False),
    ("short32", 32, lambda h: high_key(h, 7, True, SHORT_ORDER), False),
    ("short20", 20, lambda h: high_key(h, 10, False, TWENTY_ORDER), False),
    ("ace-to-five", 52, ace_to_five_key, True),
    ("deuce-to-seven", 52, deuce_to_seven_key, True),
])
def test_seven_card_hands_agree_with_the_oracle(name, size, key, smaller):
    """Pairs of random 6- and 7-card hands: our verdict equals the oracle's best-of-five."""
    rng = random.Random(size)
    deck = full_deck(size)
    r = get_ranking(name)
    pick = min if smaller else max
    for _ in range(600):
        n = rng.choice((6, 7))
        a, b = rng.sample(deck, n), rng.sample(deck, n)
        ka, kb = (pick(key(f) for f in combinations(h, 5)) for h in (a, b))
        va, vb = r.value(a), r.value(b)
        expected = (ka > kb) - (ka < kb)
        if smaller:
            expected = -expected
        assert ((va > vb) - (va < vb)) == expected, (a, b)


def _deals(r, sizes):
    """1,500 random hands from the ranking's deck, sizes taken in turn; every
    fourth from two suits only, so that flushes come up."""
    rng = random.Random(r.name)
    deck = full_deck(r.deck_size)
    two_suits = [c for c in deck if c.suit in "sh"]
    for i in range(1500):
        yield rng.sample(two_suits if i % 4 == 0 else deck, sizes[i % len(sizes)])


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_cards_are_listed_in_reading_order_each_rank_by_suit(name):
    # The order a dealer reads: each rank where the reading first names it,
    # cards of one rank spades, hearts, diamonds, clubs (SUITS). Readings are
    # kept per rank multiset, so a second five of the same ranks checks that
    # the kept words come with this five's own cards.
    r = get_ranking(name)
    for five in _deals(r, (5,)):
        hv = r.read(five)
        reading = r.scheme.read([c.rank for c in five], len({c.suit for c in five}) == 1 and r.scheme.suits_matter)
        if hv is None:
            assert reading.value == 0
            continue
        left = sorted(five, key=lambda c: "shdc".index(c.suit))
        expected = []
        for rank in reading.order:
            card = next(c for c in left if c.rank == rank)
            left.remove(card)
            expected.append(card)
        assert hv.cards == tuple(expected) and (hv.value, hv.label, hv.category) == (
            reading.value, reading.label, reading.category)


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_best_names_the_first_five_in_combinations_order_that_makes_the_value(name):
    # Which five a dealer names when several make the same value (a board
    # pair of either suit, a kicker that does not play) must not change with
    # how the five is found: six and seven cards without five of a suit skip
    # valuing each five.
    r = get_ranking(name)
    for cards in _deals(r, (6, 7)):
        target = r.value(cards)
        first = next(five for five in combinations(cards, 5) if r.value(five) == target)
        hv = r.best(cards)
        assert (hv is None and target == 0) or set(hv.cards) == set(first), cards


# --- short decks, 3.2.2 / 9.2-9.3 and 3.2.3 ------------------------------------

def test_short_decks_rank_flush_above_full_house():
    for name in ("short40", "short36", "short32"):
        assert beats(name, "Js 9s 8s 7s As", "Ac Ad Ah Kc Kd")
        assert best(name, "Js 9s 8s 7s As Ah Kd").category == "Flush"
    assert beats("high", "Ac Ad Ah Kc Kd", "Js 9s 8s 7s As")


@pytest.mark.parametrize("name,smallest,not_straight", [
    ("short40", "Ac 5d 6h 7s 8d", "Ac Kd 5h 6s 7d"),
    ("short36", "Ac 6d 7h 8s 9d", "Ac Kd 6h 7s 8d"),
    ("short32", "Ac 7d 8h 9s Td", "Ac Kd 7h 8s 9d"),
])
def test_ace_is_low_only_in_the_decks_own_smallest_straight(name, smallest, not_straight):
    low = best(name, smallest)
    assert low.category == "Straight"
    assert low.cards[-1].rank == 14          # read with the ace last: 8-7-6-5-A
    assert best(name, not_straight).category == "No Pair"
    # It is the smallest straight: the next one up beats it.
    ranks = sorted(c.rank for c in parse_cards(smallest) if c.rank != 14)
    next_up = " ".join(f"{'TJQKA'[r - 10] if r >= 10 else r}{s}"
                       for r, s in zip(ranks + [ranks[-1] + 1], "cdhsd"))
    assert beats(name, next_up, smallest)
    assert beats(name, smallest, "Ac Ad Ah Jc Qd")      # still a straight: above three of a kind


def test_short_deck_straight_flush_with_low_ace():
    hv = best("short36", "As 6s 7s 8s 9s")
    assert hv.category == "Straight Flush" and hv.label == "Straight Flush, Nine high"


def test_cards_outside_the_deck_are_refused():
    with pytest.raises(HandError, match=r"2d is not in the 36-card deck \(3\.1\.3\)"):
        best("short36", "As 2d 7h 8s 9d")
    with pytest.raises(HandError, match=r"4c is not in the 40-card deck \(3\.1\.2\)"):
        get_ranking("short40").value(parse_cards("As Kd 7h 8s 4c"))
    with pytest.raises(HandError, match="20-card deck"):
        best("short20", "As Kd Qh Js 9d")


def test_20_card_deck_one_pair_is_the_lowest_hand():
    assert best("short20", "Ac Ad Kh Qs Jd").category == "One Pair"
    assert beats("short20", "Kc Kd Qh Qs Ad", "Ac Ad Kh Qs Jd")      # two pair > one pair
    assert best("short20", "Ac Kd Qh Js Td").category == "Straight"  # five ranks = the straight
    assert best("short20", "As Ks Qs Js Ts").category == "Royal Flush"
    assert beats("short20", "Tc Td Th Js Jd", "Ac Kd Qh Js Td")      # full house > straight (3.2.3(b))
    assert beats("short20", "Ac Kd Qh Js Td", "Ac Ad Ah Js Qd")      # straight > trips


# --- lows --------------------------------------------------------------------

def test_ace_to_five_low():
    r = "ace-to-five"
    assert best(r, "5s 4s 3s 2s As").category == "5-low"          # flush and straight ignored
    assert beats(r, "5s 4s 3s 2s As", "6c 4d 3h 2s Ad")
    assert beats(r, "6c 5d 4h 3s 2d", "7c 5d 4h 3s 2d")             # 3.2.1(b)(xi) example
    assert beats(r, "8c 6d 4h 2s Ad", "8c 6d 5h 2s Ad")
    assert beats(r, "Kc Qd Jh Ts 9d", "Ac Ad 2h 3s 4d")             # any no pair beats a pair
    assert beats(r, "Ac Ad 2h 3s 4d", "2c 2d 3h 3s Ad")             # one pair beats two pair
    hv = best(r, "8c 6d 4h 2s Ah Ac 8d")                            # Razz: best five of seven
    assert hv.describe() == "8-low, 8-6-4-2-A (8c 6d 4h 2s Ah)"
    assert get_ranking(r).low


def test_deuce_to_seven_low():
    r = "deuce-to-seven"
    assert best(r, "7h 5d 4c 3s 2h").category == "7-low"
    assert beats(r, "7h 5d 4c 3s 2h", "7h 6d 4c 3s 2h")
    assert beats(r, "8h 5d 4c 3s 2h", "6h 5d 4c 3s 2h")             # 6-5-4-3-2 is a straight
    assert beats(r, "7h 5h 4h 3h 2d", "7h 5h 4h 3h 2h")             # the flush counts against
    assert best(r, "Ah 2d 3c 4s 5h").category == "Ace-high"         # aces high only: no wheel
    assert beats(r, "Kh Qd Jc 9s 8h", "Ah 2d 3c 4s 5h")
    assert beats(r, "Ah Kd Qc Js 9h", "2h 2d 3c 4s 5h")             # no pair beats a pair
    # best of seven avoids the flush by playing the off-suit eight
    hv = best(r, "7h 5h 4h 3h 2h 8c Kd")
    assert hv.category == "8-low" and hv.label == "8-low, 8-5-4-3-2"
    assert best(r, "7h 5h 4h 3h 2h").category == "Flush"


def test_eight_or_better_qualifier():
    r = "eight-or-better"
    assert best(r, "9c 9d Tc Js Qs Kc Ad") is None
    assert best(r, "9c 7d 6c 5s 4s") is None                         # a nine does not qualify
    assert best(r, "8c 7d 6c 5s 5h") is None                         # a pair does not qualify
    assert get_ranking(r).value(parse_cards("9c 7d 6c 5s 4s")) == 0
    assert best(r, "8c 7d 6c 5s 4s").category == "8-low"
    assert beats(r, "5s 4s 3s 2s As", "6c 4d 3h 2s Ad")              # a wheel is the best low
    hv = best(r, "8c 7c 6c 5c 4c 3c Kd")
    assert hv.label == "7-low, 7-6-5-4-3"


# --- HandValue ---------------------------------------------------------------

def test_hand_values_compare_only_within_one_ranking():
    a, b = best("high", "Ac Ad Kh Qs Jd"), best("ace-to-five", "Ac Ad Kh Qs Jd")
    assert a != b
    with pytest.raises(TypeError, match="cannot compare"):
        a < b
    assert isinstance(a, HandValue) and hash(a) == hash(best("high", "Ah As Kc Qd Jh"))
    assert "One Pair, Aces" in repr(a)


def test_bad_hands_name_what_is_wrong():
    with pytest.raises(HandError, match="Ks appears twice"):
        best("high", "Ks Ks Qd Jc Th")
    with pytest.raises(HandError, match="five cards.*got 4"):
        best("high", "Ks Qd Jc Th")
    with pytest.raises(HandError, match="'As' is not a card"):
        get_ranking("high").best(["As", "Kd", "Qc", "Jh", "Td"])
    with pytest.raises(HandError, match="got 4"):
        get_ranking("ace-to-five").value(parse_cards("Ks Qd Jc Th"))
    with pytest.raises(HandError, match="exactly five"):
        get_ranking("high").read(parse_cards("Ks Qd Jc Th 9h 8h"))


def test_more_than_seven_cards_still_read():
    eight = parse_cards("2c 3d 4h 5s 7c 9d Jh Ks")
    r = get_ranking("high")
    assert r.value(eight) == max(r.value(f) for f in combinations(eight, 5))


# --- stud: bring-in and first to act ------------------------------------------

def cards_by_seat(mapping):
    return {seat: parse_cards(text) for seat, text in mapping.items()}


def test_bring_in_is_the_lowest_up_card_with_suit_order_3_2_4():
    up = {s: c[0] for s, c in cards_by_seat({1: "5h", 2: "2d", 3: "Ac", 4: "2h"}).items()}
    assert bring_in_seat(up) == 2          # deuces tie: diamonds below hearts
    up[5] = parse_cards("2c")[0]
    assert bring_in_seat(up) == 5          # clubs are the lowest suit
    assert bring_in_seat({1: parse_cards("As")[0], 2: parse_cards("3c")[0]}) == 2   # aces high


def test_razz_bring_in_is_the_highest_up_card_aces_low_8_13_3_a():
    up = {s: c[0] for s, c in cards_by_seat({1: "Kh", 2: "Ks", 3: "Qc", 4: "Ac"}).items()}
    assert bring_in_seat(up, razz=True) == 2          # kings tie: spades highest
    assert bring_in_seat({1: parse_cards("Ah")[0], 2: parse_cards("2c")[0]}, razz=True) == 2


def test_bring_in_refuses_duplicates_and_empty_tables():
    card = parse_cards("5h")[0]
    with pytest.raises(HandError, match="5h is showing twice"):
        bring_in_seat({1: card, 2: card})
    with pytest.raises(HandError, match="8.11.3"):
        bring_in_seat({})


def test_highest_hand_showing_opens_8_11_4_b():
    show = cards_by_seat({1: "Ah Kd", 2: "3c 3d", 3: "Ks Qs"})
    assert first_to_act_showing(show) == 2                            # a pair beats high cards
    show = cards_by_seat({1: "Ah Kd 9c", 2: "Ac Qd Jh", 3: "Ks Qh 2s"})
    assert first_to_act_showing(show) == 1
    show = cards_by_seat({1: "9h 9d 4c 4s", 2: "2c 2d 2h 7s", 3: "Ah Kh Qh Jh"})
    assert first_to_act_showing(show) == 2                            # trips > two pair; no 4-card flush
    show = cards_by_seat({1: "9h 9d Kc", 2: "9c 9s Ad"})
    assert first_to_act_showing(show) == 2                            # same pair: kicker


def test_equal_hands_showing_break_by_suit_or_position():
    show = cards_by_seat({1: "Kh 7c", 3: "Ks 7d", 5: "Qs Qd"})
    assert first_to_act_showing(show) == 5
    show = cards_by_seat({1: "Kh 7c", 3: "Ks 7d"})
    assert first_to_act_showing(show) == 3                            # Ks is the highest card by suit
    assert first_to_act_showing(show, house=MAIN) == 3
    assert first_to_act_showing(show, house=LIVE_CASINO) == 1         # closest to the dealer's left
    assert first_to_act_showing(show, tie_break="position", button_or_dealer_seat=2) == 3
    assert first_to_act_showing(show, tie_break="position", seats_order=[3, 1]) == 3
    assert first_to_act_showing(show, tie_break="suit", house=LIVE_CASINO) == 3   # explicit wins
    with pytest.raises(ValueError, match="unknown stud tie-break 'coin'"):
        first_to_act_showing(show, tie_break="coin")
    with pytest.raises(HandError, match="seat 3 is not in seats_order"):
        first_to_act_showing(show, tie_break="position", seats_order=[1])


def test_razz_lowest_hand_showing_opens_8_13_3_c():
    show = cards_by_seat({1: "Ah 2d", 2: "3c 4d", 3: "Kc Qd"})
    assert first_to_act_showing(show, low=True) == 1
    show = cards_by_seat({1: "2c 2d", 2: "Kc Qd"})
    assert first_to_act_showing(show, low=True) == 2                  # a pair is worse than K-Q
    show = cards_by_seat({1: "2s 5d", 2: "2c 5h"})
    assert first_to_act_showing(show, low=True) == 2                  # lowest card by suit: 2c
    assert first_to_act_showing(show, low=True, tie_break="position") == 1


def test_showing_values_cover_one_to_four_cards():
    assert showing_value(parse_cards("Ac")) > showing_value(parse_cards("Kc"))
    assert showing_value(parse_cards("Ac"), low=True) > showing_value(parse_cards("2c"), low=True)
    with pytest.raises(HandError, match="one to four up-cards"):
        showing_value(parse_cards("Ac Kd Qh Js Th"))
    with pytest.raises(HandError, match="one to four"):
        showing_value([])
    quads = showing_value(parse_cards("2c 2d 2h 2s"))
    assert quads > showing_value(parse_cards("Ac Ad Ah Ks"))
