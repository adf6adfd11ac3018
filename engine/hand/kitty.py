"""The Kitty (Draw with a Kitty, 8.5): its cards, taking it, mucking it.

The Kitty gets its card after the last player in each round of the deal;
in the betting before the draw a player may take it in exchange for the
hand, for a wager equal to the last blind (8.5.3(b)-(c)); nobody took it,
it is mucked before the draw.
"""
from __future__ import annotations

from engine.cards.deck import Card
from engine.hand.state import HandState, Marker
from engine.steps import Dealt, Done, Exchange, Expected, ScenarioError


def take_kitty(st: HandState, seat: int, text: str) -> bool:
    """8.5.3(b)-(c): the player's hand goes to the muck and the Kitty comes
    in exchange, for a wager equal to the last blind."""
    rnd, street, betting = st._betting_now()
    rule = betting.kitty
    where = f"action {text!r} for seat {seat} on the {street.name}"
    if not rule:
        raise ScenarioError(f"{where} is not legal: {st.game.title} has no Kitty to take")
    if not st.kitty:
        raise ScenarioError(f"{where} is not legal: the Kitty has already been taken ({rule})")
    price = st.blind_amounts[-1] if st.blind_amounts else rnd.unit
    owe = rnd.level - rnd.in_front[seat]
    player = st.players[seat]
    if rnd.level <= price:
        outcome = rnd.act("call" if owe > 0 else "check", seat=seat)
        note = "takes the Kitty and calls" if owe > 0 else "takes the Kitty"
    else:
        topup = max(0, price - rnd.in_front[seat])
        if topup >= rnd.stacks[seat]:
            outcome = rnd.act("all-in", seat=seat)
            note = "takes the Kitty and is all in"
        else:
            rnd.stacks[seat] -= topup
            rnd.in_front[seat] += topup
            outcome = None
            st._kitty_pending = seat
            note = (f"puts in {topup} and takes the Kitty" if topup else "takes the Kitty") + \
                ", then acts on the raise"
    if outcome is not None and not outcome.ok:
        raise ScenarioError(f"{where} is not legal: {outcome.message}")
    st._opened = True
    st._sync(seat)
    st.log.append(f"Seat {seat} ({player.name}) {note}")
    st.kitty_taken_by = seat
    st._front(
        Expected("take_discard", rule,
                 f"Seat {seat} takes the Kitty: take the player's own cards face down into the muck "
                 f"first ({rule})", seat=seat, street=street.name, detail=Exchange()),
        Expected("give_kitty", rule, f"Give the Kitty to seat {seat} in exchange for the hand ({rule})",
                 seat=seat, street=street.name),
        Marker("_resume", street.name))
    return True


def step_deal_kitty(st: HandState, exp: Expected) -> Done:
    assert st.kitty is not None
    card = st._take()
    st.kitty.append(card)
    done = _TO_KITTY.get(card)
    if done is None:
        done = _TO_KITTY[card] = Done("Card to the Kitty.", Dealt("kitty", (card,)))
    return done


def step_give_kitty(st: HandState, exp: Expected) -> Done:
    assert exp.seat is not None and st.kitty is not None
    player = st.players[exp.seat]
    player.cards, player.up = list(st.kitty), [False] * len(st.kitty)
    st.kitty = []
    return Done(f"The Kitty to seat {exp.seat}.")


def step_muck_kitty(st: HandState, exp: Expected) -> Done:
    assert st.kitty is not None
    st.muck.extend((c, None, None) for c in st.kitty)
    st.kitty = []
    return Done("The Kitty is mucked.")


# What dealing a card to the Kitty did, per card: the same (frozen) Done for every hand.
_TO_KITTY: dict[Card, Done] = {}
