"""Draws and discards: each player's exchange, and the dealer's steps for it.

A draw (8.4.4) exchanges up to the game's number of cards: the discards
go face down into the muck, then as many come from the top of the deck,
and a deck that runs out is finished from the earlier discards reshuffled
(8.4.4(b)). Pineapple's discard (8.7) gives up exactly the set number.
"""
from __future__ import annotations

from engine.decisions import LOW_RANKINGS, Decision, named_cards, read_discard, read_draw
from engine.games import Discard, Draw
from engine.hand_state import HandState
from engine.players import worst_cards
from engine.steps import Discards, Expected, Replace, Reshuffle, ScenarioError


class Draws(HandState):
    """The players' draws and discards, turned into dealer steps."""

    def _draw_decision(self, seat: int, op: Draw) -> None:
        player = self.players[seat]
        street = self._current_street().name
        low = self.game.showdown.ranking in LOW_RANKINGS
        text = self._next_decision(Decision("draw", seat, street, tuple(player.cards), count=op.max_cards,
                                            low=low))
        where = f"action {text!r} for seat {seat} on the {street}"
        said = read_draw(text)
        if said is not None and said.count is not None:
            n = said.count
            if n > min(op.max_cards, len(player.cards)):
                raise ScenarioError(f"{where} is not legal: a player may exchange at most "
                                    f"{min(op.max_cards, len(player.cards))} cards ({op.rule})")
            chosen = worst_cards(player.cards, n, self.game.showdown.ranking)
        elif said is not None:
            chosen = named_cards(player.cards, seat, said.named, where)
            if len(chosen) > op.max_cards:
                raise ScenarioError(f"{where} is not legal: at most {op.max_cards} cards ({op.rule})")
        else:
            raise ScenarioError(f"{where} is not legal: a draw is 'draw N', 'stand pat', "
                                f"'discard Ah 7c' or 'discard #1 #4' ({op.rule})")
        n = len(chosen)
        if not n:
            self.log.append(f"Seat {seat} ({player.name}) stands pat")
            return
        self.log.append(f"Seat {seat} ({player.name}) draws {n}")
        steps = [Expected("take_discard", op.rule,
                          f"Take the player's {n} discard{'s' if n > 1 else ''} face down into the muck, "
                          f"then deal as many from the top of the deck ({op.rule})",
                          seat=seat, street=street, detail=Discards(tuple(chosen), self._draw_number))]
        first = min(n, len(self.deck))
        why = (f"Deal the replacement cards one at a time from the top of the deck, as many as were "
               f"discarded ({op.rule})")
        if first:
            steps.append(Expected("replace", op.rule, why, seat=seat, street=street, detail=Replace(first)))
        if first < n:
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

