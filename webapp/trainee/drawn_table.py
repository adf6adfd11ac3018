"""The drawn table: where each seat or box sits, and what a screen reader says for it.

Places are cells of a CSS grid, not points on an oval, so no two can overlap
whatever they hold (seven stud cards, five draw cards): on a wide table the
seats go round the rim of the grid with the board in the middle; on a narrow
one static/table.css ignores the positions and lists the seats under the board.
A seat's spoken label says everything the drawn seat shows, so a screen-reader
user hears the stack, the cards, the bet and the button, not just a name.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Mapping

from engine import parse_card

ROWS = 4                 # rim rows of the wide seat grid: the board takes the two in the middle


@dataclass(frozen=True)
class Place:
    """A seat's cell in the wide grid, and the side of the table it sits on
    (its bet is drawn on the side facing the middle)."""
    row: int
    col: int
    side: str            # "top" | "bottom" | "left" | "right"


@dataclass(frozen=True)
class Layout:
    """The grid of a drawn table: its size, the middle (board, pot, deck) and each place.
    Made once per number of places and shared, so never changed."""
    cols: int
    rows: int
    places: dict[int, Place]
    centre: str          # CSS grid-area of the middle: "row-start / col-start / row-end / col-end"
    dealer: Place | None  # where the dealer (the trainee) sits, if drawn

    def __getitem__(self, number: int) -> Place:
        return self.places[number]


def _rim(cols: int) -> list[Place]:
    """The cells round a ROWS x cols grid, clockwise from the dealer's left
    (the dealer sits mid-bottom, facing the players)."""
    mid = (cols + 1) // 2
    bottom_left = [Place(ROWS, c, "bottom") for c in range(mid - 1, 0, -1)]
    left = [Place(r, 1, "left") for r in range(ROWS - 1, 1, -1)]
    top = [Place(1, c, "top") for c in range(1, cols + 1)]
    right = [Place(r, cols, "right") for r in range(2, ROWS)]
    bottom_right = [Place(ROWS, c, "bottom") for c in range(cols, mid, -1)]
    return bottom_left + left + top + right + bottom_right


@functools.cache
def seat_layout(n: int) -> Layout:
    """Seats 1..n round the rim, seat 1 at the dealer's left, spread evenly
    over the rim's cells so that gaps fall between seats, not in one place."""
    cols = 5
    while 2 * cols + 2 * (ROWS - 2) - 1 < n:
        cols += 2                       # odd, so the dealer stays mid-bottom
    rim = _rim(cols)
    picks = [int((i + 0.5) * len(rim) / max(n, 1)) for i in range(n)]
    places = {seat: rim[i] for seat, i in zip(range(1, n + 1), picks)}
    return Layout(cols, ROWS, places, f"2 / 2 / {ROWS} / {cols}", Place(ROWS, (cols + 1) // 2, "bottom"))


@functools.cache
def box_layout(n: int) -> Layout:
    """Banked-game boxes in one row facing the dealer, box 1 on the dealer's
    left: the dealer stands at the top of the drawing facing down, so box 1 is
    at the right as the trainee looks at it."""
    places = {box: Place(3, n - box + 1, "bottom") for box in range(1, n + 1)}
    return Layout(max(n, 1), 3, places, f"2 / 1 / 3 / {max(n, 1) + 1}", None)


# Seat steps offered as a row of seat numbers under the dealer actions, a tap each, rather
# than as a tool for a tap on a seat (issue 29): each alternates with dealing cards, player by
# player (take a player's discards, then replace them: 8.4.4(a)) or street by street (the up
# cards, then who opens: 8.11.3-8.11.4), so as tools they cost a tool change each time; as rows, a
# stud or draw hand needs no more tool changes than a Hold'em one. A row offers every seated
# player, never the one due, so it tells nothing a tool would not.
SEAT_ROWS = ("take_discard", "name_opener")


def split_tools(tools: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A hand's seat tools (Hand.step_kinds) as (the tools for a tap on a seat, the rows of seat numbers)."""
    return tuple(t for t in tools if t not in SEAT_ROWS), tuple(t for t in tools if t in SEAT_ROWS)


# A procedure's places on the drawn table, by the view's key for them.
LAYOUTS = {"seats": seat_layout, "boxes": box_layout}
# What the procedure calls one of its places, for messages ("click the box ...").
PLACE_WORD = {"seats": "seat", "boxes": "box"}


def card_name(card: str | None) -> str:
    """'Td' -> 'Ten of diamonds'; a face-down card (None) -> 'face-down card'."""
    return parse_card(card).name if card else "face-down card"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def cards_spoken(cards: list[str | None], up: list[bool] | None = None) -> str:
    """A hand as heard: up-cards named, cards dealt down and turned over at the
    showdown named as such, face-down cards only counted (their faces are not
    on the page)."""
    if not cards:
        return "no cards"
    up = list(up or []) + [False] * (len(cards) - len(up or []))
    stud = any(up)
    face_up = [card_name(c) for c, u in zip(cards, up) if c and u]
    turned = [card_name(c) for c, u in zip(cards, up) if c and not u]
    hidden = sum(1 for c in cards if not c)
    parts = []
    if turned:
        parts.append(("dealt down, now shown: " if stud else "cards: ") + ", ".join(turned))
    if face_up:
        parts.append("face up: " + ", ".join(face_up))
    if hidden:
        parts.append(_count(hidden, "card") + " face down")
    return "; ".join(parts)


def seat_label(seat: Mapping[str, Any]) -> str:
    """Everything a drawn seat shows, in the order the eye reads it."""
    was = ", the button last hand" if seat.get("button_was") else ""
    if seat.get("empty"):
        return f"Seat {seat['seat']}, empty{was}"
    parts = [f"Seat {seat['seat']}, {seat['name']}"]
    if seat.get("button"):
        parts.append("dealer button")
    if was:
        parts.append(was[2:])
    parts.append(f"stack {seat['stack']}" + (", all in" if seat.get("all_in") else ""))
    if seat.get("folded"):
        parts.append("folded")
    else:
        parts.append(cards_spoken(seat.get("cards") or [], seat.get("up")))
    if seat.get("in_front"):
        parts.append(f"bet {seat['in_front']}")
    if seat.get("won"):
        parts.append(f"won {seat['won']}")
    return ", ".join(parts)


def box_label(box: Mapping[str, Any]) -> str:
    """Everything a drawn Casino Hold'em box shows."""
    if box.get("empty"):
        return f"Box {box['box']}, empty"
    parts = [f"Box {box['box']}, {box['name']}" + (" (blind box)" if box.get("blind") else "")]
    parts += [f"{wager} {box[wager]}" for wager in ("ante", "bonus", "call") if box.get(wager)]
    if box.get("folded"):
        parts.append("folded")
    else:
        parts.append(cards_spoken(box.get("cards") or []))
    settled = box.get("settlement")
    if settled:
        parts.append(settled["outcome"] + (f", paid {settled['paid']}" if settled.get("paid") else ""))
    return ", ".join(parts)


def board_label(cards: list[str | None], name: str = "Board") -> str:
    """A board, a kitty or the dealer's hand as heard."""
    return f"{name}: " + (", ".join(card_name(c) for c in cards) if cards else "no cards yet")
