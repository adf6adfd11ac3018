"""The table as a hand leaves it: seats, cards, chips, and who is still in.

`HandState` is what every part of a hand reads and changes (the forced bets,
the deal, the betting rounds, the draws, the Kitty, the showdown and the
rake, each in its own module) and the seat order they all use: clockwise
from the left of the button, or of the dealer where no button is used.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.award import AwardedPot
from engine.betting import BettingRound
from engine.cards import Card, Deck
from engine.commission import Rake
from engine.decisions import Decision
from engine.games import Betting, Discard, Draw, Street
from engine.players import ScriptedPlayers
from engine.pots import Pot, Uncalled
from engine.scenario import SetUp
from engine.steps import Expected, ScenarioError


@dataclass
class Player:
    seat: int
    name: str
    stack: int
    cards: list[Card] = field(default_factory=list)
    in_front: int = 0          # chips bet this round, not yet collected
    committed: int = 0         # chips put in the pot this hand, all rounds
    folded: bool = False
    up: list[bool] = field(default_factory=list)   # True where cards[i] lies face up

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded

    @property
    def upcards(self) -> list[Card]:
        return [c for c, up in zip(self.cards, self.up) if up]


@dataclass
class Marker:
    """An agenda entry that is not a dealer step: a point where players decide."""
    kind: str           # "_betting", "_resume", "_opener", "_draw", "_discard"
    street: str = ""
    seat: int | None = None
    op: Draw | Discard | None = None



AgendaEntry = Expected | Marker


class HandState(SetUp):
    """A hand's table and its agenda of what comes next."""

    players: dict[int, Player]
    deck: Deck
    button: int | None
    burns: list[Card]
    taken: list[Card]                  # every card dealt from the deck, in order
    boards: list[list[Card]]
    board: list[Card]
    face_down: set[int]                # boards whose flop is not turned yet
    kitty: list[Card] | None
    kitty_taken_by: int | None
    muck: list[tuple[Card, int | None, int | None]]   # (card, seat or None, draw number or None)
    pot: int
    awarded: dict[int, int]
    explanations: list[str]
    log: list[str]
    step_count: int
    finished: bool
    awards: list[AwardedPot]
    showdown_pots: list[Pot]
    uncalled_lines: list[str]
    rake: int                          # commission taken, on the drop slide (section 7)
    rake_lines: list[str]              # how it was worked out, citing 7.x
    pause_before_betting: str | None
    _script: ScriptedPlayers
    _agenda: list[AgendaEntry]
    _fees: dict[int, int]              # fee per person paid before the deal (7.2.4)
    _street_index: int
    _round: BettingRound | None
    _round_street: Street | None
    _opened: bool                      # Kitty round: someone has opened (8.5.3)
    _kitty_pending: int | None         # took the Kitty after a raise, still to act
    _draw_number: int
    _reshuffles: int
    _pots_awarded: int
    _last_blind_seat: int | None
    _posted_blinds: dict[int, int]     # seat -> nominal blind (call level)
    _clockwise: dict[int, tuple[int, ...]]   # seat -> occupied seats clockwise after it
    _uses_button: bool                 # self.game.uses_button, kept (see _start)

    # --- seats --------------------------------------------------------------
    def _clockwise_from(self, seat: int) -> list[int]:
        """Occupied seats in clockwise order starting after `seat` (a copy:
        the order is worked out once per seat, the seats never change in a hand)."""
        try:
            return list(self._clockwise[seat])
        except KeyError:
            pass
        except AttributeError:
            self._clockwise = {}
        n = self.scenario.table_seats
        order = [((seat - 1 + i) % n) + 1 for i in range(1, n + 1)]
        found = self._clockwise[seat] = tuple(s for s in order if s in self.scenario.seats)
        return list(found)

    def _next_seat(self, seat: int) -> int:
        return self._clockwise_from(seat)[0]

    def _start(self) -> int:
        """Cards and turns go round from the seat after this one: the button,
        or the dealer (seat 1 is on the dealer's left) where none is used."""
        try:
            uses_button = self._uses_button
        except AttributeError:      # worked out once: a hand's game never changes
            uses_button = self._uses_button = self.game.uses_button
        if not uses_button:
            return self.scenario.table_seats
        return self.button if self.button is not None else self.scenario.button_was

    def live_seats(self) -> list[int]:
        """Players still in the hand, clockwise from the left of the button
        (from the dealer's left in games without a button)."""
        players = self.players
        start = self._start()
        try:
            order = self._clockwise[start]
        except (KeyError, AttributeError):
            self._clockwise_from(start)
            order = self._clockwise[start]
        return [s for s in order if not players[s].folded]

    def _able(self) -> list[int]:
        return [s for s in self.live_seats() if not self.players[s].all_in]


    def blind_seats(self) -> list[int]:
        """The seats that post the compulsory blinds, first blind first."""
        n = len(self.blind_amounts)
        button = self.button if self.button is not None else self._next_seat(self.scenario.button_was)
        order = self._clockwise_from(button)
        if len(order) == 2 and n:
            other = order[0]
            pair = [button, other] if self.house.heads_up == "button_small_blind" else [other, button]
            return pair[-n:] if self.house.heads_up == "button_small_blind" else pair[:n]
        return order[:n]

    # --- the agenda -----------------------------------------------------------
    def _front(self, *entries: AgendaEntry) -> None:
        self._agenda[0:0] = list(entries)

    def _current_street(self) -> Street:
        street: Street = self.game.streets[max(self._street_index, 0)]
        return street


    def _take(self) -> Card:
        if not self.deck.cards:
            raise ScenarioError("the deck ran out of cards: no rule provides another card here")
        card = self.deck.take()
        self.taken.append(card)
        return card


    def _betting_now(self) -> tuple[BettingRound, Street, Betting]:
        """The betting round in progress, its street and the street's betting."""
        rnd, street = self._round, self._round_street
        assert rnd is not None and street is not None and street.betting is not None
        return rnd, street, street.betting

    def _next_decision(self, decision: Decision) -> str:
        return self._script.next(self, decision)

    # --- provided by the parts of a hand (engine.betting_rounds, kitty, rake) --
    def _sync(self, seat: int) -> None:
        raise NotImplementedError

    def _take_kitty(self, seat: int, text: str) -> bool:
        raise NotImplementedError

    def _before_turn(self, seat: int) -> str:
        raise NotImplementedError

    def _irregular(self, seat: int, text: str) -> str:
        raise NotImplementedError

    def _pot_rake(self, pots: list[Pot], parts: list[tuple[AwardedPot, str]], uncalled: Uncalled,
                  dead: int, live: list[int]) -> Rake[Pot]:
        raise NotImplementedError

    def _rake_step(self, rake: Rake[Pot]) -> Expected:
        raise NotImplementedError
