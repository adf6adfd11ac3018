"""Draws and discards: each player's exchange, and the dealer's steps for it.

A draw (8.4.4) exchanges up to the game's number of cards: the discards
go face down into the muck, then as many come from the top of the deck,
and a deck that runs out is finished from the earlier discards reshuffled
(8.4.4(b)). Pineapple's discard (8.7) gives up exactly the set number.
"""
from __future__ import annotations

from engine.decisions import LOW_RANKINGS, Decision, DrawCards, named_cards, read_discard, read_draw
from engine.games import Discard, Draw
from engine.hand_state import HandState
from engine.players import worst_cards
from engine.steps import Discards, Expected, Replace, Reshuffle, ScenarioError


class Draws(HandState):
    """The players' draws and discards, turned into dealer steps."""

    def _draw_decision(self, seat: int, op: Draw) -> None:
        player = self.players[seat]
        cards = player.cards
        street = self._current_street().name
        ranking = self.game.showdown.ranking
        text = self._next_decision(Decision("draw", seat, street, tuple(cards), count=op.max_cards,
                                            low=ranking in LOW_RANKINGS))
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
                raise ScenarioError(f"{_where(text, seat, street)} is not legal: a player may exchange at most "
                                    f"{min(op.max_cards, len(cards))} cards ({op.rule})")
            chosen = worst_cards(cards, n, ranking)
        elif said is not None:
            chosen = named_cards(cards, seat, said.named, _where(text, seat, street))
            if len(chosen) > op.max_cards:
                raise ScenarioError(f"{_where(text, seat, street)} is not legal: at most {op.max_cards} cards "
                                    f"({op.rule})")
        else:
            raise ScenarioError(f"{_where(text, seat, street)} is not legal: a draw is 'draw N', 'stand pat', "
                                f"'discard Ah 7c' or 'discard #1 #4' ({op.rule})")
        n = len(chosen)
        if not n:
            self.log.append(f"Seat {seat} ({player.name}) stands pat")
            return
        self.log.append(f"Seat {seat} ({player.name}) draws {n}")
        first = min(n, len(self.deck))
        take = Expected("take_discard", op.rule, _take_why(op, n), seat=seat, street=street,
                        detail=Discards(tuple(chosen), self._draw_number))
        if first == n:
            self._agenda[0:0] = [take, _replace_step(op, seat, street, n)]
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
            street=street, detail=Reshuffle("discards", seat, self._draw_number)))
        steps.append(Expected("replace", op.reshuffle_rule,
                              f"Finish the draw from the reshuffled discards ({op.reshuffle_rule})",
                              seat=seat, street=street, detail=Replace(n - first)))
        self._front(*steps)

    def _discard_decision(self, seat: int, op: Discard) -> None:
        player = self.players[seat]
        street = self._current_street().name
        text = self._next_decision(Decision("discard", seat, street, tuple(player.cards), count=op.count))
        where = f"action {text!r} for seat {seat} on the {street}"
        said = read_discard(text)
        if said is None:
            raise ScenarioError(f"{where} is not legal: each player now discards {op.count} card, e.g. "
                                f"'discard 7c' or 'discard #3' ({op.rule})")
        chosen = named_cards(player.cards, seat, said.named, where)
        if len(chosen) != op.count:
            raise ScenarioError(f"{where} is not legal: discard exactly {op.count} card ({op.rule})")
        self.log.append(f"Seat {seat} ({player.name}) discards {op.count} card")
        self._front(Expected(
            "take_discard", op.rule,
            f"Each player still in discards {op.count} card face down to the dealer, in turn from "
            f"the left of the button ({op.rule})", seat=seat, street=street, detail=Discards(tuple(chosen))))



def _where(text: str, seat: int, street: str) -> str:
    """Where a scenario's draw went wrong, for its error (only then written)."""
    return f"action {text!r} for seat {seat} on the {street}"


# A draw's text -> what it says (a DrawCards never changes): "draw 2", "stand
# pat", "discard #1 #4" come up again and again.
_SAID: dict[str, DrawCards] = {}


def _take_why(op: Draw, n: int) -> str:
    """take_discard's reason for `n` discards, written once per draw and count."""
    key = (id(op), n)
    kept = _TAKE_WHY.get(key)
    if kept is None or kept[0] is not op:
        kept = _TAKE_WHY[key] = (op, f"Take the player's {n} discard{'s' if n > 1 else ''} face down into the "
                                     f"muck, then deal as many from the top of the deck ({op.rule})")
    return kept[1]


def _replace_step(op: Draw, seat: int, street: str, n: int) -> Expected:
    """The replace step of a draw the stub covers, made once per draw, seat,
    street and count (an Expected never changes, see engine.steps)."""
    key = (id(op), seat, street, n)
    kept = _REPLACES.get(key)
    if kept is None or kept[0] is not op:
        kept = _REPLACES[key] = (op, Expected(
            "replace", op.rule, f"Deal the replacement cards one at a time from the top of the deck, as many "
                                f"as were discarded ({op.rule})", seat=seat, street=street, detail=Replace(n)))
    return kept[1]


# (id(op), n) -> (op, take_discard's reason); (id(op), seat, street, n) -> (op, its replace step)
_TAKE_WHY: dict[tuple[int, int], tuple[Draw, str]] = {}
_REPLACES: dict[tuple[int, int, str, int], tuple[Draw, Expected]] = {}
