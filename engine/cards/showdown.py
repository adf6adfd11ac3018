"""Which five cards a player may use at the showdown, and who wins.

Games declare a `Selection`:
- "any_five": any five of the player's cards plus any community cards
  (Hold'em 8.17.6(d), Seven Card Stud 8.11.5(d), Draw 8.4.5; a stud community card dealt under
  8.9.5(a) / 8.11.5(a) goes in `board_cards`);
- "two_hole_three_board": exactly two hole cards and three community cards
  (Omaha 8.23.6(d), Two Card Manila 8.14.5(d), Three Card Manila 8.15.5(d),
  Faro Manila 8.16.5(d)).
Double Flop Hold'em (8.18.6(d)) reads each board on its own: call
`best_hand` (or `best_by_board`) once per board. Hi-lo games (8.12.5(d),
8.24.6(d)) read a high and an eight-or-better low from the same cards, and
one player may win both (`best_hi_lo`).
"""
from __future__ import annotations

from enum import Enum
from typing import Iterable, Mapping, Sequence, TypeVar

from engine.cards.deck import Card
from engine.cards.evaluator import HandError, check_cards
from engine.cards.rankings import HandValue, Ranking, get_ranking

Seat = TypeVar("Seat")


class Selection(str, Enum):
    ANY_FIVE = "any_five"
    TWO_HOLE_THREE_BOARD = "two_hole_three_board"


# Each selection by its value; a Selection is a str, so it finds itself here too.
_SELECTIONS: dict[str, Selection] = {s.value: s for s in Selection}


def _selection(selection: str | Selection) -> Selection:
    try:
        return _SELECTIONS[selection]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card selection {selection!r}; use one of "
                         f"{', '.join(s.value for s in Selection)}") from None


def _count(hole: Sequence[Card], board: Sequence[Card], selection: Selection) -> None:
    """HandError when the selection cannot make five cards from these."""
    if selection is Selection.TWO_HOLE_THREE_BOARD:
        if len(hole) < 2 or len(board) < 3:
            raise HandError("two hole cards and three community cards are needed (8.23.6(d)); "
                            f"got {len(hole)} hole and {len(board)} community")
    elif len(hole) + len(board) < 5:
        raise HandError(f"a poker hand is five cards (3.2.1(b)); got {len(hole) + len(board)}")


def _cards(ranking: Ranking, hole_cards: Iterable[Card], board_cards: Iterable[Card],
           selection: Selection) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    hole, board = tuple(hole_cards), tuple(board_cards)
    check_cards(hole + board, ranking.deck_size, minimum=0)
    _count(hole, board, selection)
    return hole, board


def best_value(ranking: str | Ranking, hole_cards: Sequence[Card], board_cards: Sequence[Card] = (),
               selection: str | Selection = Selection.ANY_FIVE) -> int:
    """The int value of the best allowed hand (greater is better; 0 = no eight-or-better low).

    The fast path for comparing many hands; the cards are checked first.
    """
    r = get_ranking(ranking)
    sel = _selection(selection)
    hole, board = _cards(r, hole_cards, board_cards, sel)
    if sel is Selection.ANY_FIVE:
        return r.value(hole + board)
    return r.two_three(hole, board)[0]


def best_hand(ranking: str | Ranking, hole_cards: Sequence[Card], board_cards: Sequence[Card] = (),
              selection: str | Selection = Selection.ANY_FIVE) -> HandValue | None:
    """The player's best allowed hand, or None when an eight-or-better low does not qualify."""
    r = get_ranking(ranking)
    sel = _selection(selection)
    hole, board = _cards(r, hole_cards, board_cards, sel)
    if sel is Selection.ANY_FIVE:
        return r.best(hole + board)
    return r.reading(r.two_three(hole, board)[1])


class DealtHand:
    """One player's best hand under one ranking and selection, from cards the
    engine dealt: distinct cards of the hand's deck (3.1; a scenario's stacked
    cards are checked when the hand is set up), so they are not checked again.

    The value is read at once; the five cards and the words only when asked
    (a pot's winner, the readings). The same answers as `best_value` and
    `best_hand`, for the showdown to keep while the cards stay the same.
    """

    __slots__ = ("hole", "board", "value", "_ranking", "_five")

    def __init__(self, ranking: Ranking, selection: str | Selection, hole: Sequence[Card],
                 board: Sequence[Card], value: int | None = None):
        sel = _selection(selection)
        self.hole, self.board = list(hole), list(board)   # what was read, to know it again
        self._ranking = ranking
        self._five: tuple[Card, ...] | None = None
        if sel is Selection.ANY_FIVE:
            if len(hole) + len(board) < 5:
                _count(hole, board, sel)
            # `value`: what the caller read from these very cards (any five).
            self.value = ranking.value(self.hole + self.board) if value is None else value
        else:
            _count(hole, board, sel)
            self.value, self._five = ranking.two_three(hole, board)

    def hand(self) -> HandValue | None:
        """The best hand in full (cards in reading order, words); None for no eight-or-better low."""
        if self._five is None:
            return self._ranking.best_of(self.hole + self.board, self.value)
        return self._ranking.reading(self._five)


def best_by_board(ranking: str | Ranking, hole_cards: Sequence[Card],
                  boards: Sequence[Sequence[Card]],
                  selection: str | Selection = Selection.ANY_FIVE) -> list[HandValue | None]:
    """One best hand per board: Double Flop's top and bottom boards (8.18.6(d)(i)-(iii))."""
    return [best_hand(ranking, hole_cards, board, selection) for board in boards]


def best_hi_lo(hole_cards: Sequence[Card], board_cards: Sequence[Card] = (),
               selection: str | Selection = Selection.ANY_FIVE, high: str = "high",
               low: str = "eight-or-better") -> tuple[HandValue | None, HandValue | None]:
    """(best high, best qualifying low or None) from the same cards.

    Each half is chosen on its own, so one player may use different five
    cards for each and win both (8.12.5(d)(iii), 8.24.6(d)(iii)).
    """
    hi = best_hand(high, hole_cards, board_cards, selection)
    lo = best_hand(low, hole_cards, board_cards, selection)
    return hi, lo


def winners(hands: Mapping[Seat, HandValue | None]) -> list[Seat]:
    """The seats holding the best hand (ties give several); seats with None do not contend.

    Empty when nobody holds a hand, e.g. no qualifying low: then the high
    hand takes the whole pot (8.12.5(e)).
    """
    contenders = {seat: hv for seat, hv in hands.items() if hv is not None}
    if not contenders:
        return []
    top = max(contenders.values())
    return [seat for seat, hv in contenders.items() if hv == top]
