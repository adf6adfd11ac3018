"""A deliberately plain reading of five cards, written from the rule text alone.

The other ranking tests compare the table-driven evaluator with these
functions. They share no code with engine/cards/evaluator.py: each builds a
sortable key straight from 3.2.1(b), 3.2.2(d), 3.2.3(b) and the low-hand
rules. The tests at the bottom check the oracle itself on hands whose order
the rules spell out.
"""
from __future__ import annotations

from collections import Counter

HIGH_ORDER = ["no pair", "pair", "two pair", "trips", "straight", "flush", "full house",
              "quads", "straight flush"]
SHORT_ORDER = ["no pair", "pair", "two pair", "trips", "straight", "full house", "flush",
               "quads", "straight flush"]
TWENTY_ORDER = ["pair", "two pair", "trips", "straight", "full house", "quads", "straight flush"]


def _shape_name(counts: list[int]) -> str:
    return {(1, 1, 1, 1, 1): "no pair", (2, 1, 1, 1): "pair", (2, 2, 1): "two pair",
            (3, 1, 1): "trips", (3, 2): "full house", (4, 1): "quads"}[tuple(counts)]


def high_key(cards, lowest: int = 2, ace_low: bool = True, order=HIGH_ORDER):
    """Sortable key, greater is better: (category position, tie-break ranks)."""
    ranks = [c.rank for c in cards]
    count = Counter(ranks)
    is_flush = len({c.suit for c in cards}) == 1
    top = None
    if len(count) == 5:
        hi, lo = max(ranks), min(ranks)
        if hi - lo == 4:
            top = hi
        elif ace_low and sorted(ranks) == [lowest, lowest + 1, lowest + 2, lowest + 3, 14]:
            top = lowest + 3
    by_weight = sorted(ranks, key=lambda r: (count[r], r), reverse=True)
    if top is not None and is_flush:
        return (order.index("straight flush"), (top,))
    if is_flush:
        return (order.index("flush"), tuple(by_weight))
    if top is not None:
        return (order.index("straight"), (top,))
    return (order.index(_shape_name(sorted(count.values(), reverse=True))), tuple(by_weight))


def high_category(cards, lowest: int = 2, ace_low: bool = True, order=HIGH_ORDER) -> str:
    cat, ranks = high_key(cards, lowest, ace_low, order)
    name = order[cat]
    if name == "straight flush" and ranks[0] == 14:
        return "royal flush"
    return name


def ace_to_five_key(cards):
    """Sortable key, SMALLER is better: pairs worst, then highest card down, ace = 1."""
    ranks = [1 if c.rank == 14 else c.rank for c in cards]
    count = Counter(ranks)
    shape = sorted(count.values(), reverse=True)
    badness = ["no pair", "pair", "two pair", "trips", "full house", "quads"].index(_shape_name(shape))
    return (badness, tuple(sorted(ranks, key=lambda r: (count[r], r), reverse=True)))


def eight_or_better_key(cards):
    """None when not an eight qualifier, else a key where SMALLER is better."""
    ranks = sorted((1 if c.rank == 14 else c.rank for c in cards), reverse=True)
    if len(set(ranks)) != 5 or ranks[0] > 8:
        return None
    return tuple(ranks)


def deuce_to_seven_key(cards):
    """Sortable key, SMALLER is better: the 52-card high key with no ace-low straight."""
    return high_key(cards, ace_low=False)


# --- the oracle's own checks --------------------------------------------------

def _cards(text):
    from engine.cards.deck import parse_cards
    return parse_cards(text)


def test_oracle_reads_the_rule_examples():
    # 3.2.1(b)(v): an ace counts high or low in a straight.
    assert high_category(_cards("5h 4d 3c 2s Ah")) == "straight"
    assert high_category(_cards("Ah Kd Qc Js Th")) == "straight"
    assert high_category(_cards("As Ks Qs Js Ts")) == "royal flush"
    # 3.2.1(b)(xi): 6-5-4-3-2 beats 7-5-4-3-2 as a low.
    assert eight_or_better_key(_cards("6s 5h 4d 3c 2s")) < eight_or_better_key(_cards("7s 5h 4d 3c 2h"))
    # 3.2.2(d): Flush above Full House in the short decks only.
    flush, full = _cards("As Ks 9s 8s 6s"), _cards("Kh Kd Kc 7h 7d")
    assert high_key(flush) < high_key(full)
    assert high_key(flush, 6, order=SHORT_ORDER) > high_key(full, 6, order=SHORT_ORDER)


def test_oracle_ace_to_five_ignores_straights_and_flushes():
    assert ace_to_five_key(_cards("5s 4s 3s 2s As")) == (0, (5, 4, 3, 2, 1))
    assert ace_to_five_key(_cards("Ks Kh 2c 3d 4h"))[0] == 1
