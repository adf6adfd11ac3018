"""Cards and decks (section 3 and 5 of the main rulebook).

A card is a small immutable value: rank 2..14 (ace high) and a suit letter.
Decks of 52, 40, 36, 32 and 20 cards are the ones 3.2.1-3.2.3 name; the
short decks drop the low ranks (3.2.2(a)-(c), 3.2.3(a)).
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Iterable, NamedTuple

RANK_CHARS = "23456789TJQKA"
RANK_NAMES = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
              8: "Eight", 9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
# 3.2.4: spades > hearts > diamonds > clubs where suits are ranked at all.
SUITS = "shdc"
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
SUIT_RANK = {"s": 4, "h": 3, "d": 2, "c": 1}

# Lowest rank in each deck size the rules name (3.2.2, 3.2.3).
DECK_LOWEST_RANK = {52: 2, 40: 5, 36: 6, 32: 7, 20: 10}


class CardError(ValueError):
    """Card text that does not name a card; the message names the bad token."""


class Card(NamedTuple):
    rank: int
    suit: str

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def code(self) -> int:
        """0..51, suits grouped within a rank; stable for lookup tables."""
        return (self.rank - 2) * 4 + SUITS.index(self.suit)

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def suit_rank(self) -> int:
        return SUIT_RANK[self.suit]


ALL_CARDS = tuple(Card(r, s) for r in range(2, 15) for s in SUITS)
_BY_TEXT = {str(c): c for c in ALL_CARDS}
_BY_TEXT.update({str(c).lower(): c for c in ALL_CARDS})


def parse_card(token: str) -> Card:
    """'As', 'td', '10h' -> Card; anything else raises CardError naming it."""
    text = token.strip()
    if text[:2] == "10":
        text = "T" + text[2:]
    card = _BY_TEXT.get(text) or _BY_TEXT.get(text[:1].upper() + text[1:].lower())
    if card is None:
        raise CardError(
            f"{token!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
            "then a suit (s, h, d, c), e.g. As or Td")
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def full_deck(size: int = 52) -> list[Card]:
    """The deck of `size` cards in new-deck order (3.2.1-3.2.3)."""
    if size not in DECK_LOWEST_RANK:
        raise ValueError(f"no {size}-card deck in the rules: use one of "
                         f"{', '.join(map(str, DECK_LOWEST_RANK))} (3.2)")
    return list(_FULL_DECKS[size])


_FULL_DECKS = {size: tuple(c for c in ALL_CARDS if c.rank >= low) for size, low in DECK_LOWEST_RANK.items()}


def _shuffle(cards: list[Card], rng: random.Random) -> None:
    """`rng.shuffle(cards)`, draw for draw (the same seed gives the same deck as
    random.shuffle), without a method call per card: every hand starts here."""
    getrandbits = rng.getrandbits
    for i, n, k in _SWAPS[len(cards)]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


# Deck size -> random.shuffle's swaps: (place i, drawn below n = i + 1, with n.bit_length() bits).
_SWAPS = tuple(tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)) for size in range(53))


@lru_cache(maxsize=1024)
def _shuffled_order(seed: int | str | None, size: int, cut_at: int | None) -> tuple[Card, ...]:
    """The order of a deck shuffled and cut from `seed`: kept, because a
    lesson's hand is rebuilt from the same seed on every request."""
    rng = random.Random(seed)
    cards = full_deck(size)
    _shuffle(cards, rng)
    at = rng.randint(4, len(cards) - 4) if cut_at is None else cut_at
    if not 0 < at < len(cards):
        raise ValueError(f"cannot cut a deck of {len(cards)} at {at} (5.2)")
    return tuple(cards[at:] + cards[:at])


class Deck:
    """A shuffled and cut deck (5.1, 5.2); cards leave from the top."""

    def __init__(self, cards: Iterable[Card]):
        self.cards = list(cards)

    @classmethod
    def shuffled(cls, seed: int | str | None = None, size: int = 52,
                 cut_at: int | None = None) -> "Deck":
        """Shuffle (5.1) then cut once onto the cutting card (5.2).

        The cut point is drawn from the same seed unless given, and never
        leaves fewer than four cards in either packet (standard practice; the
        rulebook says only that the cut is made once).
        """
        if seed is None:   # a fresh random deck: nothing to keep
            seed = random.randrange(2 ** 62)
        return cls(_shuffled_order(seed, size, cut_at))

    def cut(self, at: int) -> None:
        if not 0 < at < len(self.cards):
            raise ValueError(f"cannot cut a deck of {len(self.cards)} at {at} (5.2)")
        self.cards = self.cards[at:] + self.cards[:at]

    def __len__(self) -> int:
        return len(self.cards)

    def peek(self) -> Card:
        return self.cards[0]

    def take(self) -> Card:
        if not self.cards:
            raise IndexError("the deck is empty")
        return self.cards.pop(0)

    def copy(self) -> "Deck":
        return Deck(self.cards)
