"""The deal: cards to the players, burns, flops, the board, the Kitty's cards.

Each street of a game's declaration (engine/games/registry.py) lists its deal steps
(DealHole, Burn, DealBoard, Discard, Draw, MuckKitty); `DEAL_STEPS` maps each
kind to the handler that puts its dealer steps on the agenda, and
`STEP_KINDS` to the steps a cell's tools must offer for it. The stud stub
running short (8.9.5(a), 8.11.5(a), 13.4(a)) and the draw running out of
cards (8.4.4(b)) reshuffle here too.
"""
from __future__ import annotations

import random
from typing import Any, Callable, NamedTuple

from engine.cards.deck import Card, Deck, format_cards
from engine.games.parts import Burn, DealBoard, DealHole, Discard, Draw, Game, MuckKitty, Street
from engine.hand.state import DECK_RAN_OUT, AgendaEntry, HandState, Marker
from engine.steps import Dealt, Discards, Done, Exchange, Expected, OnBoard, Replace, Reshuffle, ScenarioError

DealOp = DealHole | Burn | DealBoard | Discard | Draw | MuckKitty | Expected


def deal_why(st: HandState, up: bool) -> str:
    where = ("the immediate left of the button" if st.game.uses_button
             else "the dealer's immediate left")
    text = f"Cards go one at a time, clockwise, starting with the player on {where}"
    return ("This card is dealt face up. " + text) if up else text


# --- scheduling, one handler per kind of deal step -------------------------
def schedule_street(st: HandState, street: Street, order: list[int]) -> None:
    """Put the street's dealer steps and decision points on the agenda.

    What a street schedules depends only on the game, the street and the
    seats still in, so it is worked out once per game and seating and the
    same entries (nothing changes one once made) serve every later hand
    (`_PLANS`). The stud stub running short and the Kitty's muck depend on
    the cards left: those streets are scheduled afresh each time.
    `order`: the seats still in (`live_seats()`), as the caller read them."""
    game = st.game
    key = (id(game), id(street), *order)
    plan = _PLANS.get(key)
    if (plan is not None and plan.street is street and plan.game is game
            and plan.stub_need <= len(st.deck.cards)):
        st._agenda.extend(plan.entries)
        st._draw_number += plan.draws
        return
    ops = street.deal
    stub_need = 0
    if game.stub_short:
        burns, per_player = _stub_needs(ops)
        stub_need = burns + per_player * len(order) if burns else 0
        if stub_need > len(st.deck.cards):
            schedule_ops(st, street, stud_stub(st, street, ops, order, stub_need), order)
            return
    start = len(st._agenda)
    schedule_ops(st, street, ops, order)
    if all(type(op) in _SAME_EVERY_HAND for op in ops):
        _PLANS[key] = _StreetPlan(tuple(st._agenda[start:]), sum(type(op) is Draw for op in ops),
                                  game, street, stub_need)


def schedule_ops(st: HandState, street: Street, ops: list[DealOp] | tuple[DealOp, ...], order: list[int]) -> None:
    name = street.name
    for op in ops:
        DEAL_STEPS[type(op)](st, op, name, order)
    if street.betting is not None:
        markers = _entries(street, name).get(None)
        if markers is None:
            markers = _entries(street, name)[None] = (
                (Marker("_opener", name), Marker("_betting", name))
                if street.betting.opener in ("bring_in", "best_showing") else (Marker("_betting", name),))
        st._agenda.extend(markers)


def schedule_due(st: HandState, exp: Expected, name: str, order: list[int]) -> None:
    st._agenda.append(exp)


def schedule_hole(st: HandState, op: DealHole, name: str, order: list[int]) -> None:
    up = op.face_up
    kept = _entries(op, name, st.game.uses_button)
    agenda = st._agenda
    for _ in range(op.count):
        for seat in order:
            exp = kept.get(seat)
            if exp is None:
                exp = kept[seat] = Expected("pitch_up" if up else "pitch", op.rule,
                                            f"{deal_why(st, up)} ({op.rule})", seat=seat, street=name)
            agenda.append(exp)
        if op.kitty:
            exp = kept.get(None)
            if exp is None:
                exp = kept[None] = Expected(
                    "deal_kitty", op.rule,
                    f"The Kitty receives its card after the last player in each round of the "
                    f"deal ({op.rule})", street=name)
            agenda.append(exp)


def schedule_burn(st: HandState, op: Burn, name: str, order: list[int]) -> None:
    kept = _entries(op, name)
    exp = kept.get(None)
    if exp is None:
        exp = kept[None] = Expected("burn", op.rule, f"Burn a card before the {name} ({op.rule})", street=name)
    st._agenda.append(exp)


def schedule_board(st: HandState, op: DealBoard, name: str, order: list[int]) -> None:
    kept = _entries(op, name)
    entries = kept.get(None)
    if entries is None:
        entries = kept[None] = _board_steps(op, name)
    st._agenda.extend(entries)


def schedule_discard(st: HandState, op: Discard, name: str, order: list[int]) -> None:
    _seat_markers(st, "_discard", op, name, order)


def schedule_draw(st: HandState, op: Draw, name: str, order: list[int]) -> None:
    st._draw_number += 1
    _seat_markers(st, "_draw", op, name, order)


def _seat_markers(st: HandState, kind: str, op: Discard | Draw, name: str, order: list[int]) -> None:
    """A decision point per seat still in, made once per op, street and seat."""
    kept = _entries(op, name)
    agenda = st._agenda
    for seat in order:
        marker = kept.get(seat)
        if marker is None:
            marker = kept[seat] = Marker(kind, name, seat, op)
        agenda.append(marker)


def schedule_muck_kitty(st: HandState, op: MuckKitty, name: str, order: list[int]) -> None:
    if st.kitty:
        st._agenda.append(Expected(
            "muck_kitty", op.rule, f"Nobody took the Kitty: muck it before the draw ({op.rule})", street=name))


def stud_stub(st: HandState, street: Street, ops: tuple[DealOp, ...], order: list[int], need: int) -> list[DealOp]:
    """Stud deck exhaustion (8.9.5(a), 8.10.5(a), 8.11.5(a), 13.4(a)): the
    stub holds fewer than the `need` cards to burn and give every player
    one (`_schedule_street` counted them), so the burns are shuffled with
    the stub; if even that is short, one common card is dealt face up. The
    rules are silent on whether the street's burn comes before or after
    that count: the house's `stud_short_order` decides."""
    if st.house.stud_short_order == "burn_first" and st.deck.cards:
        return stud_stub_burn_first(st, street, ops, order)
    rule = st.game.stub_short
    assert rule is not None
    name = street.name
    if need <= len(st.deck.cards) + len(st.burns):
        return [Expected("reshuffle", rule,
                         f"Only {len(st.deck)} cards are left to burn and give {len(order)} players a card: "
                         f"shuffle the burn cards with the remaining cards first, then burn ({rule}; house "
                         f"stud_short_order: reshuffle first, as the live-casino rules)",
                         street=name, detail=Reshuffle("burns")), *ops]
    out: list[DealOp] = []
    if len(st.deck) < 2:
        out.append(Expected("reshuffle", rule,
                            f"Fewer than two cards are left for a burn and a common card: shuffle the "
                            f"burn cards into them first, then burn ({rule}; live-casino house rules)",
                            street=name, detail=Reshuffle("burns")))
    burn_rule = next(op.rule for op in ops if isinstance(op, Burn))
    out.append(Expected("burn", burn_rule, f"Burn a card before the {name} ({burn_rule})", street=name))
    out.append(_common_card(rule, name, "a burn and one card to every player"))
    return out


def stud_stub_burn_first(st: HandState, street: Street, ops: tuple[DealOp, ...], order: list[int]) -> list[DealOp]:
    """House `stud_short_order = "burn_first"`: the street's burn is made
    as always, then the stub is counted; the burns (this one with them)
    are shuffled in when that gives every player a card, otherwise one
    common card is dealt (from the shuffled burns if the burn took the
    last card). The caller has checked that the stub holds a card to burn."""
    rule = st.game.stub_short
    assert rule is not None
    name = street.name
    burns = [op for op in ops if isinstance(op, Burn)]
    left, burned = len(st.deck) - len(burns), len(st.burns) + len(burns)
    _, per_player = _stub_needs(ops)
    shuffle = Expected("reshuffle", rule,
                       f"After the burn only {left} card{'s are' if left != 1 else ' is'} left for "
                       f"{len(order)} players: shuffle the burn cards with them ({rule}; house "
                       f"stud_short_order: burn first)", street=name, detail=Reshuffle("burns"))
    if per_player * len(order) <= left + burned:
        return [*burns, shuffle, *(op for op in ops if not isinstance(op, Burn))]
    return [*burns, *([shuffle] if left < 1 else []),
            _common_card(rule, name, "one card to every player after the burn")]


# --- the steps ---------------------------------------------------------------
def step_pitch(st: HandState, exp: Expected) -> Done:
    seat = exp.seat
    assert seat is not None
    cards = st.deck.cards
    if not cards:
        raise ScenarioError(DECK_RAN_OUT)
    card = cards.pop(0)         # `_take`, written out: every player's every card
    st.taken.append(card)
    player = st.players[seat]
    player.cards.append(card)
    up = exp.kind == "pitch_up"
    player.up.append(up)
    key = (card, seat, up)
    done = _PITCHED.get(key)
    if done is None:
        done = _PITCHED[key] = Done(f"{card} face up to seat {seat}." if up else f"Card to seat {seat}.",
                                    Dealt("seat", (card,), seat))
    return done


def step_burn(st: HandState, exp: Expected) -> Done:
    cards = st.deck.cards
    if not cards:
        raise ScenarioError(DECK_RAN_OUT)
    card = cards.pop(0)         # `_take`, written out as in `_step_pitch`
    st.taken.append(card)
    st.burns.append(card)
    done = _BURNED.get(card)
    if done is None:
        done = _BURNED[card] = Done("Burned.", Dealt("burn", (card,)))
    return done


def step_deal_flop(st: HandState, exp: Expected) -> Done:
    board = exp.detail.board if isinstance(exp.detail, OnBoard) else 0
    stub = st.deck.cards
    if len(stub) >= 3:
        cards = tuple(stub[:3])     # the top three, as `_take` gives them one by one
        del stub[:3]
        st.taken.extend(cards)
    else:
        cards = tuple(st._take() for _ in range(3))     # runs out: `_take` says so
    st.boards[board].extend(cards)
    st.face_down.add(board)
    return Done("Bottom flop dealt face down." if board else "Flop dealt face down.",
                Dealt("board", cards, board=board))


def step_turn_flop(st: HandState, exp: Expected) -> Done:
    board = exp.detail.board if isinstance(exp.detail, OnBoard) else 0
    st.face_down.discard(board)
    return Done(f"{'Bottom flop' if board else 'Flop'}: {format_cards(st.boards[board][:3])}.")


def step_deal_board(st: HandState, exp: Expected) -> Done:
    detail = exp.detail if isinstance(exp.detail, OnBoard) else OnBoard()
    card = st._take()
    st.boards[detail.board].append(card)
    name = detail.name or f"{exp.street} card"
    label = exp.street if name == f"{exp.street} card" else name
    key = (label, card, detail.board)
    done = _BOARDED.get(key)
    if done is None:
        done = _BOARDED[key] = Done(f"{label[0].upper()}{label[1:]}: {card}.",
                                    Dealt("board", (card,), board=detail.board))
    return done


def step_deal_common(st: HandState, exp: Expected) -> Done:
    card = st._take()
    st.board.append(card)
    return Done(f"Common card: {card}, used by every player.", Dealt("board", (card,)))


def step_take_discard(st: HandState, exp: Expected) -> Done:
    seat, detail = exp.seat, exp.detail
    assert seat is not None
    player = st.players[seat]
    if isinstance(detail, Exchange):
        cards = list(player.cards)
        st.muck.extend((c, None, None) for c in cards)
        player.cards, player.up = [], []
        return Done(f"Seat {seat}'s hand into the muck.")
    assert isinstance(detail, Discards)
    held, up, muck, draw = player.cards, player.up, st.muck, detail.draw
    for card in detail.cards:
        i = held.index(card)
        del held[i]
        del up[i]
        muck.append((card, seat, draw))
    n = len(detail.cards)
    done = _MUCKED.get((seat, n))
    if done is None:
        done = _MUCKED[(seat, n)] = Done(f"Seat {seat}'s {n} discard{'s' if n > 1 else ''} into the muck.")
    return done


def step_replace(st: HandState, exp: Expected) -> Done:
    seat, detail = exp.seat, exp.detail
    assert seat is not None and isinstance(detail, Replace)
    player = st.players[seat]
    stub = st.deck.cards
    count = min(detail.count, len(stub))
    cards = tuple(stub[:count])     # the top `count` cards, as `_take` gives them one by one
    del stub[:count]
    st.taken.extend(cards)
    player.cards.extend(cards)
    player.up.extend([False] * count)
    message = _REPLACED.get((seat, count))
    if message is None:
        message = _REPLACED[(seat, count)] = f"{count} card{'s' if count > 1 else ''} to seat {seat}."
    return Done(message, Dealt("seat", cards, seat))


def step_reshuffle(st: HandState, exp: Expected) -> Done:
    """Shuffle the burns with the stub (stud) or the earlier discards (draw)."""
    assert isinstance(exp.detail, Reshuffle)
    st._reshuffles += 1
    rng = random.Random(f"{st.scenario.seed}:reshuffle:{st._reshuffles}")
    if exp.detail.what == "burns":
        cards = st.burns + st.deck.cards
        st.burns = []
        rng.shuffle(cards)
        st.deck = Deck(cards)
        return Done(f"Burns shuffled with the stub: {len(cards)} cards.")
    seat, draw = exp.detail.seat, exp.detail.draw
    # The drawing player's discards from this draw stay out (8.4.4(b)); the
    # later players have not discarded yet. Folded hands, the Kitty and a
    # hand exchanged for it are earlier discards (8.5.4(b); 1.1 Muck).
    keep = [m for m in st.muck if m[1] == seat and m[2] == draw]
    cards = [m[0] for m in st.muck if not (m[1] == seat and m[2] == draw)]
    for p in st.players.values():
        if p.folded and p.cards:
            cards.extend(p.cards)
            p.cards, p.up = [], []
    st.muck = keep
    rng.shuffle(cards)
    deck = Deck(st.deck.cards + cards)
    if len(deck) > 1:
        deck.cut(rng.randint(1, len(deck) - 1))
    st.deck = deck
    return Done(f"{len(cards)} earlier discards shuffled and cut.")


# What pitching a card, or burning one, did: the same words and Dealt for the
# same card, seat and face (both frozen), so made once and shared by every hand.
_PITCHED: dict[tuple[Card, int, bool], Done] = {}
_BURNED: dict[Card, Done] = {}
# Likewise a board card (by its name, card and board) and a seat's discards (by their number).
_BOARDED: dict[tuple[str, Card, int], Done] = {}
_MUCKED: dict[tuple[int, int], Done] = {}
# And the words of a seat's replacement cards, by seat and number.
_REPLACED: dict[tuple[int, int], str] = {}


class _StreetPlan(NamedTuple):
    """A street's agenda entries for one seating, and how many draws it
    counts; the game and street it is for, and the cards the stud stub must
    hold for it to serve (the burns and a card a seat; 0: no stub rule)."""
    entries: tuple[AgendaEntry, ...]
    draws: int
    game: Game
    street: Street
    stub_need: int


# Deal steps whose agenda entries depend only on the game, the street and the
# seats (MuckKitty depends on the Kitty left, so it is scheduled afresh).
_SAME_EVERY_HAND = frozenset({DealHole, Burn, DealBoard, Discard, Draw})

# (id(game), id(street), *seats in order) -> its plan: a declaration never
# changes, and every hand of a game at a seating deals the same steps.
_PLANS: dict[tuple[int, ...], _StreetPlan] = {}


def _board_steps(op: DealBoard, name: str) -> tuple[Expected, ...]:
    """The board's steps for a DealBoard: deal and turn a flop, or its cards one by one."""
    if op.flop:
        bottom = op.board > 0
        return (
            Expected("deal_flop", op.rule,
                     (f"Deal the second flop face down, one at a time, immediately below the first ({op.rule})"
                      if bottom else f"Deal the three flop cards face down, one at a time ({op.rule})"),
                     street=name, detail=OnBoard(op.board)),
            Expected("turn_flop", op.rule,
                     (f"Turn the bottom flop face up and spread it ({op.rule}; 1.1 Double Flop)" if bottom
                      else f"Turn the flop face up and spread it ({op.rule}; 1.1 Flop)"),
                     street=name, detail=OnBoard(op.board)))
    card_name = op.name or f"{name} card"
    return tuple(Expected("deal_board", op.rule, f"Deal the {card_name} face up to the board ({op.rule})",
                          street=name, detail=OnBoard(op.board, card_name)) for _ in range(op.count))


def _common_card(rule: str, street: str, short: str) -> Expected:
    return Expected("deal_common", rule,
                    f"Too few cards remain, even with the burns, for {short}: deal one common card face "
                    f"up in the centre, which every player uses ({rule})", street=street)


def _stub_needs(ops: tuple[DealOp, ...]) -> tuple[int, int]:
    """A street's burns and cards per player (what the stub must hold), counted once per street."""
    kept = _STUB_NEEDS.get(id(ops))
    if kept is None or kept[0] is not ops:
        kept = _STUB_NEEDS[id(ops)] = (ops, sum(1 for op in ops if isinstance(op, Burn)),
                                       sum(op.count for op in ops if isinstance(op, DealHole)))
    return kept[1], kept[2]


# id(a street's deal) -> (the deal, its burns, its cards per player)
_STUB_NEEDS: dict[int, tuple[tuple[DealOp, ...], int, int]] = {}


# (id(op), street name, button) -> (op, seat or None -> what the op schedules
# there): the entries of a street plan, made once and shared by the plans of
# every seating that has them (streets plans are per seating and seats still
# in; a new one mostly reuses entries). `button` tells where the deal starts,
# where an entry's words say so.
_ENTRIES: dict[tuple[int, str, bool], tuple[object, dict[int | None, Any]]] = {}


def _entries(op: object, name: str, button: bool = False) -> dict[int | None, Any]:
    key = (id(op), name, button)
    kept = _ENTRIES.get(key)
    if kept is None or kept[0] is not op:
        kept = _ENTRIES[key] = (op, {})
    return kept[1]


# Each kind of deal step in a game's declaration -> what it puts on the agenda.
DEAL_STEPS: dict[type, Callable[[Any, Any, str, list[int]], None]] = {
    Expected: schedule_due,
    DealHole: schedule_hole,
    Burn: schedule_burn,
    DealBoard: schedule_board,
    Discard: schedule_discard,
    Draw: schedule_draw,
    MuckKitty: schedule_muck_kitty,
}

# Each kind of deal step -> the dealer steps a table cell offers for it.
STEP_KINDS: dict[type, Callable[[Any], set[str]]] = {
    DealHole: lambda op: {"pitch_up" if op.face_up else "pitch"} | (
        {"deal_kitty", "take_discard", "give_kitty"} if op.kitty else set()),
    Burn: lambda op: {"burn"},
    DealBoard: lambda op: {"deal_flop", "turn_flop"} if op.flop else {"deal_board"},
    Discard: lambda op: {"take_discard"},
    Draw: lambda op: {"take_discard", "replace", "reshuffle"},
    MuckKitty: lambda op: {"muck_kitty"},
}
