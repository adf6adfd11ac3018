"""The table across the hands of a down: one engine.table.Table per game
stint, the players and their chips carried over, the button carried from one
game of a rotation to the next, and the events drawn before each hand.

A rotation changes game every orbit (as many hands as players dealt in at
the stint's first hand) or every `change_every` hands. At a change the
players keep their seats and chips; a game with a button takes it on the
next player after the last button of the rotation (standard practice for
mixed games: the button keeps going round); blinds owed in one game are not
carried to the next."""
from __future__ import annotations

import random

from engine.down.events import FEWEST, DownEvent, Ledger, Names, arrive, busts, draw_event, returns
from engine.down.spec import DownSpec
from engine.games.registry import GAMES
from engine.table.button import Table
from engine.table.plan import HandPlan


class DownTable:
    """Who sits where with what, hand after hand, and what happens between hands."""

    def __init__(self, spec: DownSpec) -> None:
        self.spec = spec
        self.rng = random.Random(f"down {spec.seed} table")
        self.names = Names([])
        self.stint = 0                   # index into spec.games
        self.stint_hands = 0             # hands dealt in this game
        self.stint_length = 0            # hands this game lasts (set at its first hand)
        self.last_button: int | None = None
        # A heads-up down stays heads-up: the table is kept at its starting count or three.
        self.fewest = min(FEWEST, spec.players)
        self.table = self._new_table(spec.games[0])
        for seat in self._first_seats():
            self.table.arrive(self.names.next(), seat, spec.stack)

    def _first_seats(self) -> list[int]:
        """Players spread round the table as they sit down: seats drawn from the seed."""
        seats = sorted(self.rng.sample(range(1, self.spec.seats + 1), self.spec.players))
        return seats

    def _new_table(self, game: str) -> Table:
        stakes = self.spec.stakes_for(game)
        has_blinds = GAMES[game].blinds is not None
        return Table(game, None, seats=self.spec.seats, blinds=stakes.blinds if has_blinds else None,
                     ante=stakes.ante or 0, house=self.spec.rules(), seed=self.spec.seed,
                     stack=self.spec.stack, deck=next(iter(GAMES[game].max_players)))

    @property
    def game(self) -> str:
        return self.spec.games[self.stint]

    def before_hand(self, first: bool, ledger: Ledger) -> list[DownEvent]:
        """The events before the next hand, applied: busts, a change of game,
        returns, the drawn event; chips bought and taken away go in `ledger`."""
        events: list[DownEvent] = []
        if not first:
            events = busts(self.table, self.rng, self.spec.stack, ledger)
            if self.spec.rotation and self.stint_hands >= self.stint_length:
                events.append(self._change_game())
            events += returns(self.table, self.rng)
            if self.rng.random() < self.spec.events:
                events += draw_event(self.table, self.rng, self.names, self.spec.stack, ledger, self.fewest)
        while sum(1 for p in self.table.players.values() if not p.away) < self.fewest:
            empty = [s for s in range(1, self.table.seats + 1) if s not in self.table.players]
            if not empty or len(self.table.players) >= self.table.max_players:
                break
            events.append(arrive(self.table, self.rng, self.names, self.spec.stack, empty, ledger,
                                 transfer=True))
        return events

    def next_plan(self, ledger: Ledger) -> tuple[HandPlan, list[DownEvent]]:
        """The table's plan for the next hand (8.2); players brought in from
        a closed game until two can be dealt in."""
        plan = self.table.next_hand()
        extra: list[DownEvent] = []
        while not plan.played:
            empty = [s for s in range(1, self.table.seats + 1) if s not in self.table.players]
            if not empty:
                for player in self.table.players.values():
                    if player.away:
                        self.table.come_back(player.name, True)
            else:
                extra.append(arrive(self.table, self.rng, self.names, self.spec.stack, empty, ledger,
                                    transfer=True))
            plan = self.table.next_hand()
        if self.stint_hands == 0:
            self.stint_length = self.spec.change_every or len(plan.dealt_in)
        self.stint_hands += 1
        if plan.button is not None:
            self.last_button = plan.button
        return plan, extra

    def _change_game(self) -> DownEvent:
        """The rotation's next game: same seats, chips and players; a new sign."""
        old = self.table
        self.stint = (self.stint + 1) % len(self.spec.games)
        self.stint_hands = 0
        game = self.spec.games[self.stint]
        table = self._new_table(game)
        for seat, player in sorted(old.players.items()):
            table.arrive(player.name, seat, player.stack)
            if player.away:
                table.step_away(player.name)
        table.reserved = set(old.reserved)
        table.pending_notes = []
        if table.uses_button and self.last_button is not None:
            present = [s for s, p in table.players.items() if not p.away]
            table.set_first_button(next(s for s in table.clockwise(self.last_button) if s in present))
        self.table = table
        every = (f"every {self.spec.change_every} hands" if self.spec.change_every else "every orbit")
        return DownEvent("game", f"The game changes to {GAMES[game].title} (the rotation changes {every})",
                         GAMES[game].rule)
