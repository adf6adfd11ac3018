"""Lookup tables that turn any five to seven cards into a hand value (3.2).

Why tables: a showdown reads every player's hand, and the trainer checks
thousands of dealt hands in its tests; reading 21 five-card subsets of a
seven-card hand one by one is too slow in pure Python.

How: every card has a key, and a hand's key is the sum of its cards' keys.
The low 32 bits hold one base-5 digit per rank (how many cards of that rank
the hand holds, 0..4), so the rank part of the sum names the hand's rank
multiset; four 4-bit counters above bit 32 count the cards of each suit.
For each ranking a dict maps every rank multiset of 5, 6 or 7 cards to the
value of its best five cards read without a flush, and a second dict maps the
rank bitmask of 5-7 cards of one suit to its best flush or straight flush.
A seven-card reading is then one sum, a list index and one or two dict
look-ups. The tables are built the first time a ranking is used (about a
tenth of a second each), never at import.

A value is an int and greater is better, for low rankings too. Its layout is
`category << 20` plus five 4-bit rank slots in comparing order (for example
Full House K-K-K-7-7); lows store `TOP - badness` so that greater stays
better.
"""
from __future__ import annotations

from array import array
from itertools import combinations, combinations_with_replacement
from operator import itemgetter
from typing import Callable, Iterable, Iterator, NamedTuple, Protocol, Sequence, cast

from engine.cards.deck import ALL_CARDS, DECK_LOWEST_RANK, RANK_NAMES, SUITS, Card

RANK_MASK = (1 << 32) - 1
SUIT_SHIFT = 32
RANK_DIGIT = {r: 5 ** (r - 2) for r in range(2, 15)}
CARD_KEY: dict[Card, int] = {
    c: RANK_DIGIT[c.rank] + (1 << (SUIT_SHIFT + 4 * SUITS.index(c.suit))) for c in ALL_CARDS}
RANK_KEY: dict[Card, int] = {c: RANK_DIGIT[c.rank] for c in ALL_CARDS}

# The rule that lists each deck's cards, for error messages.
DECK_RULE = {52: "3.1.1", 40: "3.1.2", 36: "3.1.3", 32: "3.1.4", 20: "3.1.5"}

# Low values are TOP - badness; both tops leave every value positive.
LOW_TOP = 6 << 20       # ace-to-five: badness categories 0..5
DEUCE_TOP = 10 << 20    # deuce-to-seven: the ten high-hand categories

HIGH_CATEGORIES = ("No Pair", "One Pair", "Two Pair", "Three of a Kind", "Straight",
                   "Flush", "Full House", "Four of a Kind", "Straight Flush", "Royal Flush")
# 3.2.2(d) and 9.3: a Flush ranks above a Full House in the 40/36/32-card decks.
SHORT_CATEGORIES = ("No Pair", "One Pair", "Two Pair", "Three of a Kind", "Straight",
                    "Full House", "Flush", "Four of a Kind", "Straight Flush", "Royal Flush")
# 3.2.3(b) lists no One Pair; it is reconstructed at the bottom (see rankings.py).
# No Pair, Flush and Straight Flush cannot be made from A-K-Q-J-10 only.
TWENTY_CATEGORIES = ("One Pair", "Two Pair", "Three of a Kind", "Straight",
                     "Full House", "Four of a Kind", "Royal Flush")
# Paired lows, worst last (live-casino-house-rules.txt: the opposite of the
# high order, straights and flushes ignored).
LOW_PAIR_CATEGORIES = ("No Pair", "One Pair", "Two Pair", "Three of a Kind",
                       "Full House", "Four of a Kind")
_SHAPES = {(1, 1, 1, 1, 1): "No Pair", (2, 1, 1, 1): "One Pair", (2, 2, 1): "Two Pair",
           (3, 1, 1): "Three of a Kind", (3, 2): "Full House", (4, 1): "Four of a Kind"}


class HandError(ValueError):
    """Cards that cannot be read as a hand; the message names what is wrong."""


def pack(category: int, ranks: Sequence[int]) -> int:
    """category << 20 plus up to five 4-bit rank slots, first slot most significant."""
    v = category
    for i in range(5):
        v = (v << 4) | (ranks[i] if i < len(ranks) else 0)
    return v


_COUNT_THEN_RANK = itemgetter(1, 0)


def grouped(ranks: Iterable[int]) -> tuple[tuple[int, ...], list[int]]:
    """(shape, ranks in comparing order): larger groups first, then higher rank."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=_COUNT_THEN_RANK, reverse=True)
    return tuple(c for _, c in groups), [r for r, c in groups for _ in range(c)]


def rank_word(rank: int, plural: bool = False) -> str:
    word = RANK_NAMES[14 if rank == 1 else rank]
    if plural:
        return word + ("es" if word.endswith("x") else "s")
    return word


def low_label(rank: int) -> str:
    """'8-low', '10-low', 'King-low' (3.2.1(b)(xi): the highest card names a low)."""
    return f"{rank if rank <= 10 else rank_word(rank)}-low"


def rank_digit(rank: int) -> str:
    return "A" if rank in (1, 14) else ("10" if rank == 10 else "JQK"[rank - 11] if rank > 10 else str(rank))


class Reading:
    """One five-card hand read under a scheme: value, category, words, card order."""

    __slots__ = ("value", "category", "label", "order")

    def __init__(self, value: int, category: str, label: str, order: list[int]):
        self.value = value          # greater is better
        self.category = category    # e.g. "Full House", "8-low"
        self.label = label          # e.g. "Full House, Kings full of Sevens"
        self.order = order          # card ranks (2..14) in reading order


class Scheme(Protocol):
    """What a ranking's tables are built from: its deck, categories and five-card reader."""

    @property
    def suits_matter(self) -> bool: ...
    @property
    def flush_improves(self) -> bool: ...
    @property
    def deck_size(self) -> int: ...
    @property
    def ranks(self) -> tuple[int, ...]: ...
    @property
    def categories(self) -> tuple[str, ...]: ...

    def read(self, ranks: Sequence[int], flush: bool) -> Reading: ...


class HighScheme:
    """High hands: 3.2.1(b) for 52 cards, 3.2.2(d)/9.3 for short decks, 3.2.3(b) for 20."""

    suits_matter = True
    flush_improves = True

    def __init__(self, deck_size: int, categories: tuple[str, ...], ace_low_straight: bool):
        self.deck_size = deck_size
        self.ranks = tuple(range(DECK_LOWEST_RANK[deck_size], 15))
        self.categories = categories
        self.cat_index = {name: i for i, name in enumerate(categories)}
        low = self.ranks[0]
        # Straight rank sets -> designating (top) card; the ace plays low only
        # in the deck's own smallest straight (3.2.1(b)(v), 3.2.2(a)-(c)).
        self.straights: dict[frozenset[int], int] = {
            frozenset(range(top - 4, top + 1)): top for top in range(low + 4, 15)}
        if ace_low_straight:
            self.straights[frozenset((14, low, low + 1, low + 2, low + 3))] = low + 3

    def read(self, ranks: Sequence[int], flush: bool) -> Reading:
        shape, order = grouped(ranks)
        top = self.straights.get(frozenset(ranks)) if len(shape) == 5 else None
        if top is not None:
            order = [top - i for i in range(4)] + [14 if top - 4 < self.ranks[0] else top - 4]
            if flush and top == 14:
                return Reading(pack(self.cat_index["Royal Flush"], [14]), "Royal Flush",
                               "Royal Flush", order)
            cat = "Straight Flush" if flush else "Straight"
            return Reading(pack(self.cat_index[cat], [top]), cat,
                           f"{cat}, {rank_word(top)} high", order)
        if flush:
            return Reading(pack(self.cat_index["Flush"], order), "Flush",
                           f"Flush, {rank_word(order[0])} high", order)
        cat = _SHAPES[shape]
        return Reading(pack(self.cat_index[cat], order), cat, _high_label(cat, order), order)


def _high_label(cat: str, order: list[int]) -> str:
    a, b = order[0], order[-1]
    if cat == "Four of a Kind":
        return f"Four of a Kind, {rank_word(a, True)}, {rank_word(b)} kicker"
    if cat == "Full House":
        return f"Full House, {rank_word(a, True)} full of {rank_word(b, True)}"
    if cat == "Three of a Kind":
        return f"Three of a Kind, {rank_word(a, True)}"
    if cat == "Two Pair":
        return f"Two Pair, {rank_word(a, True)} and {rank_word(order[2], True)}"
    if cat == "One Pair":
        return f"One Pair, {rank_word(a, True)}"
    return f"No Pair, {rank_word(a)} high"


class AceToFiveScheme:
    """Ace-to-five low: aces low, straights and flushes ignored (8.7.7, 8.8.5, 8.13.3(d)(iv))."""

    suits_matter = False
    flush_improves = False
    deck_size = 52
    ranks = tuple(range(2, 15))
    categories = LOW_PAIR_CATEGORIES

    def read(self, ranks: Sequence[int], flush: bool = False) -> Reading:
        shape, order = grouped(1 if r == 14 else r for r in ranks)
        cat_i = LOW_PAIR_CATEGORIES.index(_SHAPES[shape])
        value = LOW_TOP - pack(cat_i, order)
        display = [14 if r == 1 else r for r in order]
        if cat_i == 0:
            cat = low_label(order[0])
            return Reading(value, cat, f"{cat}, {'-'.join(map(rank_digit, order))}", display)
        cat = _SHAPES[shape]
        return Reading(value, cat, _high_label(cat, order), display)


class EightOrBetterScheme(AceToFiveScheme):
    """Eight-or-better low for the hi-lo games (3.2.1(b)(xi)): five different ranks 8..A.

    A hand with no qualifying low reads as value 0 (category "No low").
    """

    def read(self, ranks: Sequence[int], flush: bool = False) -> Reading:
        low = AceToFiveScheme.read(self, ranks)
        if len(set(ranks)) == 5 and all(r <= 8 or r == 14 for r in ranks):
            return low
        return Reading(0, "No low", "No qualifying low (eight or better, 3.2.1(b)(xi))", low.order)


class DeuceToSevenScheme:
    """Deuce-to-seven low (8.7.7, 8.8.5): aces high only, straights and flushes count."""

    suits_matter = True
    flush_improves = False
    deck_size = 52
    ranks = tuple(range(2, 15))
    categories = HIGH_CATEGORIES

    def __init__(self) -> None:
        self._high = HighScheme(52, HIGH_CATEGORIES, ace_low_straight=False)

    def read(self, ranks: Sequence[int], flush: bool) -> Reading:
        high = self._high.read(ranks, flush)
        value = DEUCE_TOP - high.value
        if high.category == "No Pair":
            cat = deuce_low_label(high.order[0])
            return Reading(value, cat, f"{cat}, {'-'.join(map(rank_digit, high.order))}", high.order)
        return Reading(value, high.category, high.label, high.order)


def deuce_low_label(top: int) -> str:
    """Deuce-to-seven no-pair names: '7-low' ... 'King-low', and 'Ace-high' (aces are high only)."""
    return "Ace-high" if top == 14 else low_label(top)


def _multisets(ranks: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Rank multisets of n cards with at most four of a rank, as sorted tuples."""
    for t in combinations_with_replacement(ranks, n):
        if all(t[i] != t[i + 4] for i in range(n - 4)):
            yield t


def _key(ranks: Iterable[int]) -> int:
    return sum(RANK_DIGIT[r] for r in ranks)


def _mask(ranks: Iterable[int]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


class Tables(NamedTuple):
    """A scheme's look-up tables (`build_tables`)."""

    nonflush: dict[int, int]    # rank key of 5-7 cards -> best value read without a flush
    flush: dict[int, int]       # rank mask of 5-7 suited cards -> best flush (or straight flush)
    fives: dict[int, int]       # the five-card part of `nonflush`: a twelfth of its size, so it
                                # stays in the processor's cache while a showdown reads 60 fives


def build_tables(scheme: Scheme) -> Tables:
    """The tables for 5-7 cards: rank key -> best non-flush value, suited rank mask -> best flush.

    Five-card entries are read directly; six- and seven-card entries are the
    best of the entries one card smaller, so building costs a few dict
    look-ups per entry.
    """
    nonflush: dict[int, int] = {}
    layer: dict[int, int] = {}
    for t in _multisets(scheme.ranks, 5):
        layer[_key(t)] = scheme.read(t, False).value
    fives = dict(layer)
    nonflush.update(layer)
    for n in (6, 7):
        smaller, layer = layer, {}
        for t in _multisets(scheme.ranks, n):
            k = _key(t)
            layer[k] = max(smaller[k - RANK_DIGIT[r]] for r in set(t))
        nonflush.update(layer)
    flush: dict[int, int] = {}
    if scheme.suits_matter:
        for t in combinations(scheme.ranks, 5):
            flush[_mask(t)] = scheme.read(t, True).value
        if scheme.flush_improves:
            for n in (6, 7):
                for t in combinations(scheme.ranks, n):
                    m = _mask(t)
                    flush[m] = max(flush[m ^ (1 << r)] for r in t)
    return Tables(nonflush, flush, fives)


def _build_flush_suit() -> list[str | None]:
    """Index: the 16 suit-count bits of a hand key; item: the suit holding five or more."""
    table: list[str | None] = [None] * (1 << 16)
    for i in range(1 << 16):
        for s, suit in enumerate(SUITS):
            if (i >> (4 * s)) & 15 >= 5:
                table[i] = suit
                break
    return table


_FLUSH_SUIT: list[str | None] = []


def flush_suit_table() -> list[str | None]:
    if not _FLUSH_SUIT:
        _FLUSH_SUIT.extend(_build_flush_suit())
    return _FLUSH_SUIT


def check_cards(cards: Iterable[Card], deck_size: int = 52, minimum: int = 5) -> tuple[Card, ...]:
    """The cards as a tuple, or HandError naming the first thing wrong."""
    try:
        cards = tuple(cards)
    except TypeError:
        raise HandError(f"{cards!r} is not a list of cards") from None
    seen: set[Card] = set()
    low = DECK_LOWEST_RANK[deck_size]
    for c in cards:
        if not isinstance(c, Card) or c not in CARD_KEY:
            raise HandError(f"{c!r} is not a card: parse card text with engine.cards.deck.parse_cards")
        if c in seen:
            raise HandError(f"{c} appears twice: a deck holds one of each card (3.1)")
        if c.rank < low:
            raise HandError(f"{c} is not in the {deck_size}-card deck ({DECK_RULE[deck_size]})")
        seen.add(c)
    if len(cards) < minimum:
        raise HandError(f"a poker hand is five cards (3.2.1(b)); got {len(cards)}: "
                        + (" ".join(map(str, cards)) or "none"))
    return cards


def make_value_function(scheme: Scheme, tables: Tables | None = None) -> Callable[[Sequence[Card]], int]:
    """The fast reader for a scheme: cards -> int value, greater is better.

    Valid hands of 5-7 cards take the table path; anything else (more cards,
    or input that is not a valid hand) falls to `slow`, which checks the cards
    and either raises HandError or takes the best of every five. `tables`
    (from `build_tables`) are built here when not given.
    """
    nonflush, flush, _ = tables if tables is not None else build_tables(scheme)
    deck_size = scheme.deck_size

    if not scheme.suits_matter:
        rank_key = RANK_KEY.__getitem__

        def value(cards: Sequence[Card]) -> int:
            try:
                return nonflush[sum(map(rank_key, cards))]
            except (KeyError, TypeError):
                return slow(cards)

    elif scheme.flush_improves:
        card_key = CARD_KEY.__getitem__
        flush_suit = flush_suit_table()

        def value(cards: Sequence[Card]) -> int:
            try:
                k = sum(map(card_key, cards))
                fs = flush_suit[k >> 32]
                if fs is None:
                    return nonflush[k & RANK_MASK]
                m = 0
                for c in cards:
                    if c[1] == fs:
                        m |= 1 << c[0]
                a = flush[m]
                b = nonflush[k & RANK_MASK]
                return a if a > b else b
            except (KeyError, IndexError, TypeError):
                return slow(cards)

    else:
        # Deuce-to-seven: a flush only hurts, so a hand with five or more
        # cards of one suit is read five cards at a time.
        card_key = CARD_KEY.__getitem__
        flush_suit = flush_suit_table()

        def value(cards: Sequence[Card]) -> int:
            try:
                k = sum(map(card_key, cards))
                fs = flush_suit[k >> 32]
                if fs is None:
                    return nonflush[k & RANK_MASK]
                if len(cards) == 5:
                    m = 0
                    for c in cards:
                        m |= 1 << c[0]
                    return flush[m]
            except (KeyError, IndexError, TypeError):
                return slow(cards)
            return slow(cards)

    def slow(cards: Sequence[Card]) -> int:
        cards = check_cards(cards, deck_size)
        if len(cards) == 5 and scheme.suits_matter and len({c.suit for c in cards}) == 1:
            return scheme.read([c.rank for c in cards], True).value
        if len(cards) == 5:
            return scheme.read([c.rank for c in cards], False).value
        return max(value(five) for five in combinations(cards, 5))

    return value


# Each five of seven (six) cards in combinations(cards, 5) order: the places
# of the two cards (the one card) it leaves out, and an itemgetter of its places.
_Pick = Callable[[Sequence[Card]], tuple[Card, ...]]
_SEVEN_FIVES: list[tuple[int, int, _Pick]] = [
    (i, j, itemgetter(*[k for k in range(7) if k != i and k != j]))
    for i, j in reversed(list(combinations(range(7), 2)))]
_SIX_FIVES: list[tuple[int, _Pick]] = [(i, itemgetter(*[k for k in range(6) if k != i])) for i in reversed(range(6))]

FirstFive = Callable[[Sequence[Card], int], tuple[Card, ...]]


def make_first_five_function(scheme: Scheme, tables: Tables, value: Callable[[Sequence[Card]], int]) -> FirstFive:
    """(cards, their value) -> the first five of the cards, in combinations
    order, that make that value: the five a dealer names at the showdown.

    Six or seven cards with no five of one suit cannot hold a flush, so a
    five makes the value when its ranks read as it without a flush; and every
    value but eight-or-better's 0 (no low, never named) is read from one rank
    multiset only (`five_keys`). The cards left out are then those whose
    rank keys sum to the cards' key less that multiset's: found with no table
    look-up. Otherwise (a flush is possible, or other counts) each five is
    valued in turn. The cards must be a valid hand and `target` its value:
    five cards are their own first five.
    """
    fives = tables.fives
    rank_key = RANK_KEY.__getitem__
    card_key = CARD_KEY.__getitem__
    flush_suit = flush_suit_table()
    suits_matter = scheme.suits_matter
    made_by: dict[int, int | None] = {}        # value -> the one rank key that reads as it (None: several)
    for key, v in fives.items():
        made_by[v] = None if v in made_by else key
    five_keys = {v: key for v, key in made_by.items() if key is not None}

    def first_five(cards: Sequence[Card], target: int) -> tuple[Card, ...]:
        n = len(cards)
        if n == 5:
            return tuple(cards)
        if n == 7 or n == 6:
            key = five_keys.get(target)
            if key is not None and (not suits_matter or flush_suit[sum(map(card_key, cards)) >> SUIT_SHIFT] is None):
                keys = list(map(rank_key, cards))
                out = sum(keys) - key       # the rank key of the cards left out
                if n == 7:
                    for i, j, pick in _SEVEN_FIVES:
                        if keys[i] + keys[j] == out:
                            return pick(cards)
                else:
                    for i, pick in _SIX_FIVES:
                        if keys[i] == out:
                            return pick(cards)
        for five in combinations(cards, 5):
            if value(five) == target:
                return five
        raise AssertionError(f"no five of {' '.join(map(str, cards))} reach value {target}")

    return first_five


TwoThree = Callable[[Sequence[Card], Sequence[Card]], tuple[int, tuple[Card, ...]]]
ColumnReader = Callable[["array[int]"], tuple[int, ...]]


class _BoardPart(NamedTuple):
    """What a two-plus-three reading needs from the board, worked out once per board."""

    board: tuple[Card, ...]
    triples: list[tuple[Card, ...]]          # every three of its cards, in combinations order
    rows: list["array[int]"]                 # each triple's row of values, a column per pair of ranks
    suited: list[tuple[int, str, int]]       # suited triples: (index, suit, rank mask)
    nothing: bool                            # every five values 0: no eight-or-better low is possible


def _column_reader(columns: list[int]) -> ColumnReader:
    """Picks the given columns of a row in one call (itemgetter), always as a tuple."""
    if len(columns) == 1:
        only = columns[0]
        return lambda row: (row[only],)
    return cast(ColumnReader, itemgetter(*columns))


def make_two_three_function(scheme: Scheme, tables: Tables) -> TwoThree:
    """The reader for exactly two hole cards and three community cards (Omaha
    8.23.6(d), the Manilas 8.14.5(d)-8.16.5(d)): (hole, board) -> (best value,
    the first five in combinations order, hole pair first, that make it).

    A five's rank key is its hole pair's key plus its board triple's key, so
    the value of every triple of ranks with every pair of ranks is laid out
    once, an array row per triple and a column per pair (455 x 91 values,
    160 kilobytes, where the 5-7 card tables take megabytes). The board's
    triples and their rows are found once for every player; each player's
    hand then costs six column look-ups and ten picks of six values (one call
    each) from rows the processor has in its cache after the first player,
    instead of 60 five-card hands built, summed and looked up. A five is a
    flush only when a suited pair meets a suited triple of the same suit, and
    only those fives read the flush table. The cards must be distinct cards
    of the scheme's deck, at least two hole and three community (callers check).
    """
    fives, flush = tables.fives, tables.flush
    rank_key = RANK_KEY
    suits_matter, flush_improves = scheme.suits_matter, scheme.flush_improves
    pair_keys = [_key(t) for t in combinations_with_replacement(scheme.ranks, 2)]
    column = {k: i for i, k in enumerate(pair_keys)}
    # 0 where no deck holds the five (five cards of one rank).
    triple_rows = {_key(triple): array("i", [fives.get(_key(triple) + p, 0) for p in pair_keys])
                   for triple in combinations_with_replacement(scheme.ranks, 3)}
    # Triples that make nothing with any pair (an eight-or-better low with a card above 8).
    dead_triples = {k for k, row in triple_rows.items() if not any(row)}

    def flushes(pairs: Sequence[tuple[Card, ...]], triples: Sequence[tuple[Card, ...]],
                suited: list[tuple[int, str, int]], grid: list[tuple[int, ...]]) -> list[int] | None:
        """Every five's value in one list (pair-major) with the fives whose five
        cards share a suit read again; None where no five is a flush."""
        values: list[int] | None = None
        width = len(triples)
        for i, (a, b) in enumerate(pairs):
            if a[1] != b[1]:
                continue
            pair_mask = (1 << a[0]) | (1 << b[0])
            for j, suit, triple_mask in suited:
                if suit == a[1]:
                    if values is None:
                        values = [v for row in grid for v in row]
                    at = i * width + j
                    f = flush[pair_mask | triple_mask]
                    # A flush can only help a high hand; in deuce-to-seven it reads as one.
                    values[at] = max(f, values[at]) if flush_improves else f
        return values

    # The last board read: every player's hand is read against the same one.
    last: list[_BoardPart] = []

    def board_part(board: Sequence[Card]) -> _BoardPart:
        cards = tuple(board)
        kept = last[0] if last else None
        if kept is not None and kept.board == cards:
            return kept
        triples: list[tuple[Card, ...]] = list(combinations(cards, 3))
        keys = [rank_key[a] + rank_key[b] + rank_key[c] for a, b, c in triples]
        suited = [(j, a[1], (1 << a[0]) | (1 << b[0]) | (1 << c[0]))
                  for j, (a, b, c) in enumerate(triples) if a[1] == b[1] == c[1]] if suits_matter else []
        nothing = not suited and dead_triples.issuperset(keys)
        part = _BoardPart(cards, triples, [triple_rows[k] for k in keys], suited, nothing)
        last[:] = [part]
        return part

    def best(hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
        _, triples, rows, suited, nothing = board_part(board)
        pairs = list(combinations(hole, 2))
        if nothing:
            return 0, pairs[0] + triples[0]
        pick = _column_reader([column[rank_key[a] + rank_key[b]] for a, b in pairs])
        # A tuple of values per hole pair, a value per board triple.
        grid = list(zip(*map(pick, rows)))
        values = flushes(pairs, triples, suited, grid) if suited else None
        if values is None:
            top = max(map(max, grid))
            i = next(i for i, row in enumerate(grid) if top in row)
            return top, pairs[i] + triples[grid[i].index(top)]
        top = max(values)
        i, j = divmod(values.index(top), len(triples))
        return top, pairs[i] + triples[j]

    return best
