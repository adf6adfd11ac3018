"""Draws and discards: each player's exchange, and the dealer's steps for it.

A draw (8.4.4) exchanges up to the game's number of cards: the discards
go face down into the muck, then as many come from the top of the deck,
and a deck that runs out is finished from the earlier discards reshuffled
(8.4.4(b)). Pineapple's discard (8.7) gives up exactly the set number.
"""
from __future__ import annotations

from engine.games.parts import Discard, Draw
from engine.hand.decisions import (LOW_RANKINGS, NEW_DECISION, Decision, DrawCards, named_cards,
                                   read_discard, read_draw, where_said)
from engine.hand.players import worst_cards
from engine.hand.state import HandState
from engine.steps import Discards, Expected, Replace, Reshuffle, ScenarioError


def draw_decision(st: HandState, seat: int, op: Draw) -> None:
    player = st.players[seat]
    cards = player.cards
    street = st._current_street().name
    ranking = st.game.showdown.ranking
    # _next_decision, the Decision made with every field in order (kind, seat, street,
    # cards, options, count, forced, no_raise, kitty, low).
    text = st._script.next(st, NEW_DECISION(Decision, ("draw", seat, street, tuple(cards), None,
                                                           op.max_cards, False, False, False,
                                                           ranking in LOW_RANKINGS)))
    said = _SAID.get(text)
    if said is None:
        said = read_draw(text)
        if said is not None:
            if len(_SAID) >= 4096:          # cards named by text are many: keep the memo small
                _SAID.clear()
            _SAID[text] = said
    if said is not None and said.count is not None:
        n = said.count
        if n > min(op.max_cards, len(cards)):
            raise ScenarioError(f"{where_said(text, seat, street)} is not legal: a player may exchange at most "
                                f"{min(op.max_cards, len(cards))} cards ({op.rule})")
        chosen = worst_cards(cards, n, ranking)
    elif said is not None:
        chosen = named_cards(cards, seat, said.named, text, street)
        if len(chosen) > op.max_cards:
            raise ScenarioError(f"{where_said(text, seat, street)} is not legal: at most {op.max_cards} cards "
                                f"({op.rule})")
    else:
        raise ScenarioError(f"{where_said(text, seat, street)} is not legal: a draw is 'draw N', 'stand pat', "
                            f"'discard Ah 7c' or 'discard #1 #4' ({op.rule})")
    n = len(chosen)
    if not n:
        st.log.append(f"Seat {seat} ({player.name}) stands pat")
        return
    st.log.append(f"Seat {seat} ({player.name}) draws {n}")
    first = min(n, len(st.deck.cards))             # len(st.deck)
    why, replace = _draw_steps(op, seat, street, n)
    # Expected's fields in order: kind, rule, why, seat, seats, street, detail.
    take = Expected("take_discard", op.rule, why, seat, (), street, Discards(tuple(chosen), st._draw_number))
    if first == n:
        st._agenda[0:0] = [take, replace]
        return
    steps = [take]
    why = (f"Deal the replacement cards one at a time from the top of the deck, as many as were "
           f"discarded ({op.rule})")
    if first:
        steps.append(Expected("replace", op.rule, why, seat=seat, street=street, detail=Replace(first)))
    steps.append(Expected(
        "reshuffle", op.reshuffle_rule,
        f"The deck has run out during the draw: shuffle and cut only the earlier discards, not "
        f"seat {seat}'s own, and finish the draw from them ({op.reshuffle_rule})",
        street=street, detail=Reshuffle("discards", seat, st._draw_number)))
    steps.append(Expected("replace", op.reshuffle_rule,
                          f"Finish the draw from the reshuffled discards ({op.reshuffle_rule})",
                          seat=seat, street=street, detail=Replace(n - first)))
    st._front(*steps)


def discard_decision(st: HandState, seat: int, op: Discard) -> None:
    player = st.players[seat]
    street = st._current_street().name
    text = st._script.next(st, NEW_DECISION(Decision, ("discard", seat, street, tuple(player.cards), None,
                                                           op.count, False, False, False, False)))
    said = read_discard(text)
    if said is None:
        raise ScenarioError(f"{where_said(text, seat, street)} is not legal: each player now discards "
                            f"{op.count} card, e.g. 'discard 7c' or 'discard #3' ({op.rule})")
    chosen = named_cards(player.cards, seat, said.named, text, street)
    if len(chosen) != op.count:
        raise ScenarioError(f"{where_said(text, seat, street)} is not legal: discard exactly {op.count} card "
                            f"({op.rule})")
    st.log.append(f"Seat {seat} ({player.name}) discards {op.count} card")
    # Expected's fields in order: kind, rule, why, seat, seats, street, detail.
    st._agenda.insert(0, Expected("take_discard", op.rule, _discard_why(op), seat, (), street,
                                    Discards(tuple(chosen))))


def _discard_why(op: Discard) -> str:
    """take_discard's reason for a Pineapple discard, written once per op."""
    kept = _DISCARD_WHY.get(id(op))
    if kept is None or kept[0] is not op:
        kept = _DISCARD_WHY[id(op)] = (op, f"Each player still in discards {op.count} card face down to the dealer, "
                                           f"in turn from the left of the button ({op.rule})")
    return kept[1]


# id(op) -> (op, take_discard's reason for its discard)
_DISCARD_WHY: dict[int, tuple[Discard, str]] = {}


# A draw's text -> what it says (a DrawCards never changes): "draw 2", "stand
# pat", "discard #1 #4" come up again and again.
_SAID: dict[str, DrawCards] = {}


def _draw_steps(op: Draw, seat: int, street: str, n: int) -> tuple[str, Expected]:
    """take_discard's reason for `n` discards and the replace step of a draw
    the stub covers, made once per draw, seat, street and count (an Expected
    never changes, see engine.steps)."""
    key = (id(op), seat, street, n)
    kept = _DRAW_STEPS.get(key)
    if kept is None or kept[0] is not op:
        why = (f"Take the player's {n} discard{'s' if n > 1 else ''} face down into the muck, then deal as "
               f"many from the top of the deck ({op.rule})")
        kept = _DRAW_STEPS[key] = (op, why, Expected(
            "replace", op.rule, f"Deal the replacement cards one at a time from the top of the deck, as many "
                                f"as were discarded ({op.rule})", seat=seat, street=street, detail=Replace(n)))
    return kept[1], kept[2]


# (id(op), seat, street, n) -> (op, take_discard's reason, the replace step)
_DRAW_STEPS: dict[tuple[int, int, str, int], tuple[Draw, str, Expected]] = {}
