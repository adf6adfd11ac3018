"""Writing PHH: any hand the engine played, as a PHH hand (`from_hand`) or
text (`to_phh`, `dumps`), its seats in PHH's order and its game as a variant
code (this trainer's extension codes where PHH has none).
"""
from __future__ import annotations

import dataclasses
import datetime
import json
import re
from decimal import Decimal
from typing import Any, Collection, Iterable, Mapping

from engine.cards.deck import Card, Deck
from engine.games.parts import Game
from engine.hand.decisions import Decision, read_bet, read_draw
from engine.hand.machine import Hand
from engine.phh.read import FIELD_ORDER, GAME_CODES, LETTER_OF, PhhError, PhhHand, parse_hand
from engine.steps import Discards

# --- writing -------------------------------------------------------------------------------
# A hand to write: a PhhHand, or its fields.
Fields = PhhHand | Mapping[str, Any]


def variant_code(game: Game, betting: str, deck: int | None) -> tuple[str, int | None]:
    """The PHH code of a game as dealt, and the `deck` field it needs (None: the code's own)."""
    letter = LETTER_OF[betting]
    codes = [(code, code_deck) for code, (name, code_deck) in GAME_CODES.items() if name == game.name]
    if not codes:
        raise PhhError(f"{game.title} has no PHH variant code")
    code, code_deck = next(((c, d) for c, d in codes if d == deck), codes[0])
    return f"{letter}{code}", None if deck == code_deck else deck


def phh_order(hand: Hand) -> list[int]:
    """Seats in PHH player order: from the button's left (the button last),
    or from the dealer's left where no button is used."""
    seats = sorted(hand.players)
    if not hand.game.uses_button:
        return seats
    was = hand.scenario.button_was
    button = hand.button if hand.button is not None else next(
        (s for s in seats if s > was), seats[0])
    return [s for s in seats if s > button] + [s for s in seats if s <= button]


class _Exhausted(Exception):
    pass


def from_hand(hand: Hand, *, hidden: Collection[Card] = frozenset(), **extra: Any) -> PhhHand:
    """A hand the engine played (dealt by a trainee, `simulate`d or replayed),
    as a PHH hand: the same deal is run again from its scenario and decisions,
    the same cards forced from the deck, and every card and action recorded
    as it happens. Cards in `hidden` are written "??"; `extra` adds fields."""
    sc = hand.scenario

    def show(cards: Iterable[Card]) -> str:
        return "".join("??" if c in hidden else str(c) for c in cards)

    code, deck_field = variant_code(hand.game, sc.betting, sc.deck)
    played = list(hand.played_actions)

    def feed(h: object, decision: Decision) -> str:
        if not played:
            raise _Exhausted()
        text = played.pop(0)
        decisions.append((decision, text))
        return text

    decisions: list[tuple[Decision, str]] = []
    again = Hand(dataclasses.replace(sc, actions=()), decide=feed)
    out: list[str] = []
    pending: dict[int, list[Card]] = {}
    kitty: list[Card] = []
    folded: set[int] = set()

    def flush() -> None:
        for seat in order:
            if pending.get(seat):
                out.append(f"d dh p{order.index(seat) + 1} {show(pending[seat])}")
        pending.clear()
        if kitty:
            out.append(f"d dk {show(kitty)}")
            kitty.clear()

    def take_decisions() -> None:
        while decisions:
            decision, text = decisions.pop(0)
            flush()
            k = order.index(decision.seat) + 1
            if decision.kind in ("draw", "discard"):
                drew = read_draw(text)
                if drew is not None and drew.count == 0:
                    out.append(f"p{k} sd")
                continue              # the discards are written with the dealer's step
            said = read_bet(text)
            if said.kind == "take-kitty":
                out.append(f"p{k} tk")
            elif said.kind == "fold":
                folded.add(decision.seat)
                out.append(f"p{k} f")
            elif said.kind in ("check", "call"):
                out.append(f"p{k} cc")
            elif said.kind == "bring-in":
                out.append(f"p{k} pb")
            elif said.kind == "all-in":
                opts = decision.options
                assert opts is not None      # a betting decision's
                out.append(f"p{k} cbr {opts.all_in_to}" if opts.all_in_to > opts.call_to else f"p{k} cc")
            else:
                out.append(f"p{k} cbr {said.amount}")

    order = phh_order(again)
    shown = False
    try:
        for _ in range(hand.step_count):
            exp = again.expected()
            take_decisions()
            if exp is None:
                break
            if exp.kind == "award" and not shown:
                shown = True
                live = again.live_seats()
                gave_up = [s for s in sc.mucked if s not in folded and s in again.players]
                if len(live) + len(gave_up) > 1:
                    flush()
                    for seat in order:
                        if seat in live:
                            out.append(f"p{order.index(seat) + 1} sm {show(again.players[seat].cards)}")
                        elif seat in gave_up:
                            out.append(f"p{order.index(seat) + 1} sm")
            if isinstance(exp.detail, Discards):
                flush()
                assert exp.seat is not None
                k = order.index(exp.seat) + 1
                out.append(f"p{k} sd {show(exp.detail.cards)}")
            force_to_top(again.deck, hand.taken[len(again.taken):])
            verdict = again.propose(exp.step())
            if not verdict.ok:
                raise AssertionError(verdict.message)
            dealt = verdict.dealt
            if dealt is not None and dealt.to == "seat":
                assert dealt.seat is not None
                pending.setdefault(dealt.seat, []).extend(dealt.cards)
            elif dealt is not None and dealt.to == "kitty":
                kitty.extend(dealt.cards)
            elif dealt is not None and dealt.to == "board":
                flush()
                out.append(f"d db {show(dealt.cards)}")
            take_decisions()
    except _Exhausted:
        pass
    flush()
    n = len(order)
    fields: dict[str, Any] = {"variant": code}
    fields["antes"] = [again.ante_of(s) for s in order][::-1 if n == 2 else 1]
    if again.game.uses_button:
        posted = list(again.blind_amounts)
        if sc.over_blind:
            posted.append(2 * posted[-1])
        fields["blinds_or_straddles"] = posted + [0] * (n - len(posted))
    st = again.structure
    if not again.game.uses_button:
        fields["bring_in"] = sc.bring_in or st.unit(0)
    if st.kind == "fixed":
        fields["small_bet"], fields["big_bet"] = st.small_bet, st.big_bet
    else:
        fields["min_bet"] = st.min_bet
        if st.kind == "spread":
            fields["max_bet"] = st.max_bet
    fields["starting_stacks"] = [sc.seats[s][1] for s in order]
    fields["actions"] = out
    if deck_field:
        fields["deck"] = deck_field
    fields["seats"] = list(order)
    fields["seat_count"] = sc.table_seats
    fields["players"] = [sc.seats[s][0] for s in order]
    if again.finished:
        fields["finishing_stacks"] = [again.players[s].stack for s in order]
    fields.update(extra)
    return parse_hand(fields, f"{again.game.title} hand")


def force_to_top(deck: Deck, cards: Iterable[Card]) -> None:
    """Put `cards` on top of `deck` in order, as far as the deck holds them
    (the rest may come back with a reshuffle)."""
    present = set(deck.cards)
    top: list[Card] = []
    for card in cards:
        if card not in present:
            break
        top.append(card)
    if top:
        chosen = set(top)
        deck.cards[:] = top + [c for c in deck.cards if c not in chosen]


def to_phh(hand: Hand, *, hidden: Collection[Card] = frozenset(), **extra: Any) -> str:
    """A hand the engine played, written as a PHH file (see `from_hand`)."""
    return dumps(from_hand(hand, hidden=hidden, **extra))


def dumps(hands: Fields | list[Fields] | tuple[Fields, ...]) -> str:
    """PHH text for one hand (PhhHand or its fields), or a .phhs text for a list."""
    if isinstance(hands, (list, tuple)):
        return "\n".join(f"[{i}]\n{_fields_toml(_fields(h))}" for i, h in enumerate(hands, 1))
    return _fields_toml(_fields(hands))


def _fields(hand: Fields) -> dict[str, Any]:
    return hand.fields if isinstance(hand, PhhHand) else dict(hand)


def _fields_toml(fields: dict[str, Any]) -> str:
    keys = [k for k in FIELD_ORDER if k in fields] + [k for k in fields if k not in FIELD_ORDER]
    lines = []
    for key in keys:
        value = fields[key]
        if key == "actions" and value:
            lines.append(f"{_key(key)} = [")
            lines.extend(f"  {_toml(a)}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_toml(value)}")
    return "\n".join(lines) + "\n"


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE.match(key) else _string(key)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        text = str(value)
        return text if any(ch in text for ch in ".eE") else text + ".0"
    if isinstance(value, float):
        return repr(value) if value == value and value not in (float("inf"), float("-inf")) else (
            "nan" if value != value else ("inf" if value > 0 else "-inf"))
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    raise PhhError(f"{value!r} cannot be written in TOML")
