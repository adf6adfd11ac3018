"""Hand rankings (3.2): every order of poker hands the rules name, by name.

Each `Ranking` cites its rule and reads any five or more cards: `value()` is
the fast int (greater is better, for lows too) and `best()` the full reading
(category, five cards used, words a dealer would say). The tables behind
`value()` live in engine/cards/evaluator.py.

Also here: the stud comparisons of up-cards, who brings in (3.2.4, 8.13.3(a))
and who opens a later street (8.9.4(b), 8.11.4(b), 8.13.3(c)(ii)).
"""
from __future__ import annotations

import threading
from functools import lru_cache, total_ordering
from itertools import compress
from operator import itemgetter
from typing import Callable, Iterable, Mapping, Protocol, Sequence

from engine.cards.deck import ALL_CARDS, SUIT_RANK, SUITS, Card, format_cards
from engine.cards.evaluator import (HIGH_CATEGORIES, LOW_PAIR_CATEGORIES, LOW_TOP, RANK_KEY,
                                    SHORT_CATEGORIES, TWENTY_CATEGORIES, AceToFiveScheme, DeuceToSevenScheme,
                                    EightOrBetterScheme, FirstFive, HandError, HighScheme, Reading, Scheme,
                                    Tables, TwoThree, build_tables, check_cards, deuce_low_label, grouped,
                                    low_label, make_first_five_function, make_two_three_function,
                                    make_value_function, pack)
from engine.house import HouseRules

__all__ = ["HandValue", "Ranking", "RANKINGS", "get_ranking", "showing_value", "bring_in_seat",
           "first_to_act_showing"]


@total_ordering
class HandValue:
    """One player's best hand under one ranking; greater is better, equal is a tie."""

    __slots__ = ("ranking", "value", "category", "cards", "label")

    def __init__(self, ranking: str, value: int, category: str, cards: tuple[Card, ...], label: str):
        self.ranking = ranking      # the Ranking's name
        self.value = value          # the same int Ranking.value() returns
        self.category = category    # "Full House", "8-low", "7-low", ...
        self.cards = cards          # the five cards used, in reading order
        self.label = label          # "Full House, Kings full of Sevens"

    def describe(self) -> str:
        try:
            cards = " ".join(map(_CARD_TEXT.__getitem__, self.cards))     # as format_cards() writes them
        except KeyError:
            cards = " ".join(map(str, self.cards))      # not a Card of the deck (never from a reading)
        return f"{self.label} ({cards})"

    def _other(self, other: "HandValue") -> "HandValue":
        if other.ranking != self.ranking:
            raise TypeError(f"cannot compare a {self.ranking} hand with a {other.ranking} hand")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ranking == other.ranking and self.value == other.value

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value < self._other(other).value

    def __hash__(self) -> int:
        return hash((self.ranking, self.value))

    def __repr__(self) -> str:
        return f"HandValue({self.ranking!r}, {self.describe()!r})"


class Ranking:
    """An order of poker hands, citing its rule.

    `value(cards)` takes a sequence of five or more Cards and returns an int,
    greater is better. It is an instance attribute: the first call builds
    this ranking's tables and swaps itself for the table reader, so the web
    app pays for a ranking only when it uses it (`prepare()` builds eagerly).
    For speed it does not look for a card given twice; `best()` and
    engine.cards.showdown check the cards fully. Cards outside the deck, too few
    cards or non-cards raise HandError either way. `two_three(hole, board)`
    is the same kind of attribute for two hole cards and three community
    cards (engine.cards.evaluator.make_two_three_function); it checks nothing.
    """

    def __init__(self, name: str, rule: str, title: str, scheme: Scheme, notes: str = ""):
        self.name = name
        self.rule = rule
        self.title = title
        self.notes = notes
        self.scheme = scheme
        self.deck_size: int = scheme.deck_size
        self.categories: tuple[str, ...] = scheme.categories
        self.low = not isinstance(scheme, HighScheme)
        self.value: Callable[[Sequence[Card]], int] = self._first_value
        self.two_three: TwoThree = self._first_two_three
        self._tables: Tables | None = None
        self.first_five: FirstFive = self._first_first_five
        # Every five of one rank multiset (and flush or not) reads alike:
        # kept per rank key, the showdown names the same hands over and over.
        self._readings: dict[tuple[int, bool], tuple[Reading, dict[int, int]]] = {}

    def __repr__(self) -> str:
        return f"Ranking({self.name!r}, rule={self.rule!r})"

    _building = threading.Lock()

    def prepare(self) -> "Ranking":
        """Build the tables now (idempotent, safe from several threads)."""
        with Ranking._building:
            if self.value == self._first_value:
                self._tables = build_tables(self.scheme)
                value = make_value_function(self.scheme, self._tables)
                self.first_five = make_first_five_function(self.scheme, self._tables, value)
                self.value = value      # last: it tells other threads the tables are built
        return self

    def _first_value(self, cards: Sequence[Card]) -> int:
        return self.prepare().value(cards)

    def _first_first_five(self, cards: Sequence[Card], target: int) -> tuple[Card, ...]:
        return self.prepare().first_five(cards, target)

    def _first_two_three(self, hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
        """Builds the two-plus-three reader from the tables (only games that
        read two hole and three community cards need it), then reads."""
        tables = self.prepare()._tables
        assert tables is not None, "prepare() builds the tables"
        with Ranking._building:
            if self.two_three == self._first_two_three:
                self.two_three = make_two_three_function(self.scheme, tables)
        return self.two_three(hole, board)

    def best(self, cards: Iterable[Card]) -> HandValue | None:
        """The best five of `cards` (five or more); None for eight-or-better with no low."""
        cards = check_cards(cards, self.deck_size)
        return self.best_of(cards, self.value(cards))

    def best_of(self, cards: Sequence[Card], target: int) -> HandValue | None:
        """`best()` for cards known to be a valid hand whose value is `target`
        (the engine dealt them and has valued them): nothing is checked again."""
        if target == 0 and isinstance(self.scheme, EightOrBetterScheme):
            return None
        return self.reading(self.first_five(cards, target))

    def read(self, five: Iterable[Card]) -> HandValue | None:
        """Exactly five cards as this ranking reads them (no choosing)."""
        five = check_cards(five, self.deck_size)
        if len(five) != 5:
            raise HandError(f"read() takes exactly five cards; got {len(five)}: {format_cards(five)}")
        return self.reading(five)

    def reading(self, five: Sequence[Card]) -> HandValue | None:
        """`read()` for five distinct cards of the deck (not checked again)."""
        flush = self.scheme.suits_matter and five[0][1] == five[1][1] == five[2][1] == five[3][1] == five[4][1]
        key = (sum(map(RANK_KEY.__getitem__, five)), flush)
        try:
            reading, place = self._readings[key]
        except KeyError:
            reading = self.scheme.read([c.rank for c in five], flush)
            # Where each rank first comes in the reading order (cards of one
            # rank then go by suit, spades first: 3.2.4's order, SUITS).
            place = {}
            for i, rank in enumerate(reading.order):
                place.setdefault(rank, i)
            self._readings[key] = reading, place
        if reading.value == 0:
            return None
        ordered = tuple([c for _, _, c in sorted([(place[c[0]], _SUIT_INDEX[c[1]], c) for c in five])])
        return HandValue(self.name, reading.value, reading.category, ordered, reading.label)

    def category_of(self, value: int) -> str:
        """The category name of a value from `value()` (for counting and display)."""
        if not self.low:
            return self.categories[value >> 20]
        if isinstance(self.scheme, DeuceToSevenScheme):
            high = (10 << 20) - value
            cat = HIGH_CATEGORIES[high >> 20]
            return deuce_low_label((high >> 16) & 15) if cat == "No Pair" else cat
        if value == 0:
            return "No low"
        badness = LOW_TOP - value
        cat = LOW_PAIR_CATEGORIES[badness >> 20]
        return low_label((badness >> 16) & 15) if cat == "No Pair" else cat


_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
# Each card's text, as str(card) writes it: the showdown names every winner's five.
_CARD_TEXT = {c: str(c) for c in ALL_CARDS}

_SHORT_NOTE = ("Four of a Kind keeps its kicker: 3.2.2(d) defines the hands by 3.2.1(b)(iii) "
               "even though 9.3(c) does not mention the fifth card.")

RANKINGS: dict[str, Ranking] = {r.name: r for r in (
    Ranking("high", "3.2.1", "52-card deck, high hand",
            HighScheme(52, HIGH_CATEGORIES, ace_low_straight=True),
            "The ace plays low only in 5-4-3-2-A (3.2.1(a)); suits never rank hands (3.2.1(b)(i))."),
    Ranking("short40", "3.2.2(a),(d); 9.2(a), 9.3",
            "40-card deck (no 2-4): Flush above Full House, A-5-6-7-8 the smallest straight",
            HighScheme(40, SHORT_CATEGORIES, ace_low_straight=True), _SHORT_NOTE),
    Ranking("short36", "3.2.2(b),(d); 9.2(b), 9.3",
            "36-card deck (no 2-5): Flush above Full House, A-6-7-8-9 the smallest straight",
            HighScheme(36, SHORT_CATEGORIES, ace_low_straight=True), _SHORT_NOTE),
    Ranking("short32", "3.2.2(c),(d); 9.2(c), 9.3",
            "32-card deck (no 2-6): Flush above Full House, A-7-8-9-10 the smallest straight",
            HighScheme(32, SHORT_CATEGORIES, ace_low_straight=True), _SHORT_NOTE),
    Ranking("short20", "3.2.3", "20-card deck (A-K-Q-J-10 only)",
            HighScheme(20, TWENTY_CATEGORIES, ace_low_straight=False),
            "Reconstruction: 3.2.3(b) lists no One Pair, yet A-A-K-Q-J can be dealt. One Pair is "
            "ranked last, below Two Pair, as in every other deck's order (3.2.1(b)(ix), "
            "3.2.2(d)(ix)); it is also the commonest 20-card hand (7,680 of 15,504). No Pair "
            "cannot occur (five different ranks make the straight A-K-Q-J-10) and the only "
            "five suited cards are a Royal Flush. The ace is never low (3.2.3(a))."),
    Ranking("ace-to-five", "8.13.3(d)(iv); 8.7.7(b); 8.8.5(b)",
            "Ace-to-five low (Razz, A-5 Lowball and Triple Draw): aces low, straights and "
            "flushes ignored, best 5-4-3-2-A",
            AceToFiveScheme(),
            "Pairs count against a low in the reverse of the high order: one pair, two pair, "
            "three of a kind, full house, four of a kind (live-casino-house-rules.txt)."),
    Ranking("deuce-to-seven", "8.7.7(b); 8.8.5(b)",
            "Deuce-to-seven low (2-7 Lowball and Triple Draw): aces high only, straights and "
            "flushes count, best 7-5-4-3-2",
            DeuceToSevenScheme(),
            "The exact reverse of the 52-card high order with 5-4-3-2-A read as ace-high, "
            "not a straight."),
    Ranking("eight-or-better", "3.2.1(b)(xi)",
            "Eight-or-better low for the hi-lo games: five different ranks from 8 down to A "
            "(the \"Eight Qualifier\" of section 1)",
            EightOrBetterScheme(),
            "best() returns None and value() returns 0 when no five cards qualify; the pot then "
            "goes to the high hand (8.12.5(e))."),
)}

ALIASES = {"razz": "ace-to-five", "a-5": "ace-to-five", "2-7": "deuce-to-seven",
           "8-or-better": "eight-or-better", "hi-lo-low": "eight-or-better",
           "52": "high", "40": "short40", "36": "short36", "32": "short32", "20": "short20"}


def get_ranking(name: str | Ranking) -> Ranking:
    """A ranking by name (see RANKINGS; a few aliases such as 'razz', '2-7' also work)."""
    if isinstance(name, Ranking):
        return name
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    try:
        return RANKINGS[key]
    except KeyError:
        raise KeyError(f"no hand ranking {name!r}; known: {', '.join(RANKINGS)}") from None


# --- Stud: bring-in and first to act -----------------------------------------

def _low_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def _partial_category(shape: tuple[int, ...]) -> int:
    """0 no pair, 1 one pair, 2 two pair, 3 three of a kind, 4 four of a kind."""
    if shape[0] >= 3:
        return shape[0]
    if shape[0] == 2:
        return 2 if len(shape) > 1 and shape[1] == 2 else 1
    return 0


def showing_value(cards: Iterable[Card], low: bool = False) -> int:
    """How strong one to four up-cards are; greater opens first.

    High games (8.9.4(b), 8.11.4(b), 8.12.4(b)): four of a kind, three of a
    kind, two pair, one pair, then high cards, aces high. Razz (8.13.3(c)(ii))
    reverses it with aces low: the lowest hand showing is "greater". Partial
    straights and flushes count for nothing, as in standard stud practice
    (the rules are silent).
    """
    cards = tuple(cards)
    if not 1 <= len(cards) <= 4:
        raise HandError(f"a stud hand shows one to four up-cards (8.9.4(b), 8.11.4(b)); "
                        f"got {len(cards)}: {format_cards(cards)}")
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"{c!r} is not a card: parse card text with engine.cards.deck.parse_cards")
    return _showing_value(tuple(sorted(map(_RANK, cards))), low)


_RANK = itemgetter(0)      # a Card's rank


@lru_cache(maxsize=None)
def _showing_value(ranks: tuple[int, ...], low: bool) -> int:
    """showing_value of one to four cards' ranks (sorted; suits do not count),
    kept: there are fewer than 2,400 such rank sets, and every stud street
    reads its opener from them."""
    if low:
        shape, order = grouped(1 if r == 14 else r for r in ranks)      # _low_rank
        return LOW_TOP - pack(_partial_category(shape), order)
    shape, order = grouped(ranks)
    return pack(_partial_category(shape), order)


def _check_distinct(cards: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"{c!r} is not a card: parse card text with engine.cards.deck.parse_cards")
        if c in seen:
            raise HandError(f"{c} is showing twice: a deck holds one of each card (3.1)")
        seen.add(c)


def bring_in_seat(upcards_by_seat: Mapping[int, Card], razz: bool = False) -> int:
    """The seat that brings in on third street.

    High games: the lowest up-card, aces high; equal ranks go to the lowest
    suit, clubs < diamonds < hearts < spades (3.2.4, 8.11.3(a)). Razz: the
    highest up-card with aces low, equal ranks to the highest suit (8.13.3(a)).
    """
    if not upcards_by_seat:
        raise HandError("no up-cards: the bring-in needs at least one player (8.11.3(a))")
    up: dict[int, Card] = {}
    for seat, card in upcards_by_seat.items():
        if not isinstance(card, Card):
            if isinstance(card, (list, tuple)) and len(card) == 1:
                card = card[0]
            else:
                raise HandError(f"seat {seat}: the bring-in compares one up-card, got {card!r}")
        up[seat] = card
    _check_distinct(up.values())
    if razz:
        return max(up, key=lambda s: (_low_rank(up[s]), up[s].suit_rank))
    return min(up, key=lambda s: (up[s].rank, up[s].suit_rank))


def _clockwise_order(seats: Iterable[int], dealer_seat: int | None,
                     seats_order: Sequence[int] | None) -> list[int]:
    """Seats from the dealer's left going clockwise.

    `seats_order` gives that order outright; otherwise seats are numbered
    clockwise and the first seat after `dealer_seat` (or the lowest seat when
    none is given, seat 1 being the dealer's left) comes first.
    """
    seats = list(seats)
    if seats_order is not None:
        where = {s: i for i, s in enumerate(seats_order)}
        missing = [s for s in seats if s not in where]
        if missing:
            raise HandError(f"seat {missing[0]} is not in seats_order {list(seats_order)}")
        return sorted(seats, key=where.__getitem__)
    if dealer_seat is None:
        return sorted(seats)
    return sorted(seats, key=lambda s: (s <= dealer_seat, s))


TIE_BREAKS = ("suit", "position")


def first_to_act_showing(showing_by_seat: Mapping[int, Sequence[Card]], low: bool = False,
                         tie_break: str | None = None, button_or_dealer_seat: int | None = None,
                         seats_order: Sequence[int] | None = None,
                         house: HouseRules | None = None) -> int:
    """The seat that opens fourth street onwards: the best hand showing.

    High games open with the highest hand showing (8.9.4(b), 8.11.4(b),
    8.12.4(b)); Razz with the lowest, aces low (8.13.3(c)(ii), (d)(ii)).
    Leave out a stud community card (8.9.5(b)).

    Equal hands showing are broken by `tie_break`, defaulting to the house
    profile's `stud_showing_tie`:
    - "suit" (main rulebook): high games, the player whose highest card has
      the highest suit; Razz, the player whose lowest card has the lowest
      suit (spades > hearts > diamonds > clubs, 3.2.4);
    - "position" (live-casino-house-rules.txt): the tied player closest to
      the dealer's left, see `_clockwise_order` for how seats are ordered.
    """
    if tie_break is None:
        tie_break = house.stud_showing_tie if house is not None else "suit"
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"unknown stud tie-break {tie_break!r}: use 'suit' (3.2.4) or "
                         "'position' (live-casino-house-rules.txt)")
    if not showing_by_seat:
        raise HandError("no hands showing: at least one player must remain (8.11.4(b))")
    shown = {seat: tuple(cards) for seat, cards in showing_by_seat.items()}
    every = [c for cards in shown.values() for c in cards]
    if set(map(type, every)) != {Card} or len(set(every)) != len(every):
        _check_distinct(every)      # names what is wrong (a quick look found something)
    # Every card is a card, so only the count is left to check.
    values = {seat: _showing_value(tuple(sorted(map(_RANK, cards))), low) if 1 <= len(cards) <= 4
              else showing_value(cards, low) for seat, cards in shown.items()}
    best = max(values.values())
    tied = [seat for seat, v in values.items() if v == best]
    if len(tied) == 1:
        return tied[0]
    if tie_break == "position":
        return _clockwise_order(tied, button_or_dealer_seat, seats_order)[0]
    if low:
        def lowest_card_suit(seat: int) -> tuple[int, int]:
            cards = shown[seat]
            r = min(_low_rank(c) for c in cards)
            return (r, min(SUIT_RANK[c.suit] for c in cards if _low_rank(c) == r))
        return min(tied, key=lowest_card_suit)

    def highest_card_suit(seat: int) -> tuple[int, int]:
        cards = shown[seat]
        r = max(c.rank for c in cards)
        return (r, max(SUIT_RANK[c.suit] for c in cards if c.rank == r))
    return max(tied, key=highest_card_suit)


class Seated(Protocol):
    """What the dealt openers read of a seat: its cards and which lie face
    up (engine.hand.state.Player), read in place rather than copied out."""
    cards: list[Card]
    up: list[bool]


def dealt_bring_in(seats: Iterable[int], players: Mapping[int, Seated], razz: bool = False) -> int:
    """`bring_in_seat` for each of `seats`' first up-card, dealt by the engine,
    so all distinct (3.1; a scenario's stacked cards are checked when the hand
    is set up) and not checked again: stud asks on every third street. A
    card's order is one int, so no two seats' are equal."""
    order = _RAZZ_BRING_IN if razz else _BRING_IN
    ranked = []
    for s in seats:
        p = players[s]
        ranked.append((order[p.cards[p.up.index(True)]], s))        # upcards[0]
    return (max if razz else min)(ranked)[1]


# Each card -> its bring_in_seat order as one int: (rank, suit) high; (rank aces low, suit) Razz.
_BRING_IN = {c: c.rank * 8 + SUIT_RANK[c.suit] for c in ALL_CARDS}
_RAZZ_BRING_IN = {c: _low_rank(c) * 8 + SUIT_RANK[c.suit] for c in ALL_CARDS}


def dealt_showing_opener(seats: Sequence[int], players: Mapping[int, Seated], low: bool,
                         house: HouseRules | None) -> int:
    """`first_to_act_showing` (the house's tie-break) of `seats`' last four
    up-cards (upcards[-4:]), which the engine dealt, all distinct, so not
    checked again: the values are read at once and only equal hands go the
    long way."""
    kept = _SHOWING_LOW if low else _SHOWING_HIGH
    rank_key = RANK_KEY.__getitem__
    best, opener, tied = -1, 0, False
    for seat in seats:
        p = players[seat]
        cards = list(compress(p.cards, p.up))
        if len(cards) > 4:
            cards = cards[-4:]
        elif not cards:
            best = -1                   # first_to_act_showing says what is wrong
            break
        key = sum(map(rank_key, cards))
        value = kept.get(key)
        if value is None:
            value = kept[key] = _showing_value(tuple(sorted([c[0] for c in cards])), low)
        if value > best:
            best, opener, tied = value, seat, False
        elif value == best:
            tied = True
    if not tied and best >= 0:
        return opener
    return first_to_act_showing({s: list(compress(players[s].cards, players[s].up))[-4:] for s in seats},
                                low=low, house=house)


# The up-cards' rank key -> their showing value, high and low: the rank key (a
# base-5 count per rank, engine.cards.evaluator) names the ranks whatever their order.
_SHOWING_HIGH: dict[int, int] = {}
_SHOWING_LOW: dict[int, int] = {}
