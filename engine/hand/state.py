"""The table as a hand leaves it: seats, cards, chips, and who is still in.

`HandState` declares, typed, everything a hand holds while it is dealt, and
the seat order every part uses: clockwise from the left of the button, or of
the dealer where no button is used. The parts of a hand (forced bets, the
deal, the betting rounds, calling the action, the draws, the Kitty, the
showdown and the rake, each in its own module) are functions given the state
(`st: HandState`) explicitly, never mixins of one `self`, so what each reads
and writes is in its signature's type; `Hand` (engine.hand.machine) is a
`HandState` with the agenda and the table of step handlers.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from engine.betting.rulings import BettingRound
from engine.betting.structures import Action
from engine.cards.deck import Card, Deck
from engine.cards.showdown import DealtHand
from engine.games.parts import Betting, Discard, Draw, Street
from engine.hand.decisions import Decision
from engine.hand.players import ScriptedPlayers
from engine.hand.scenario import SetUp
from engine.money.award import AwardedPot
from engine.money.commission import Rake
from engine.money.pots import Pot, Uncalled
from engine.steps import Expected, ScenarioError


@dataclass(init=False)
class Player:
    seat: int
    name: str
    stack: int
    cards: list[Card] = field(default_factory=list)
    in_front: int = 0          # chips bet this round, not yet collected
    committed: int = 0         # chips put in the pot this hand, all rounds
    folded: bool = False
    up: list[bool] = field(default_factory=list)   # True where cards[i] lies face up

    def __init__(self, seat: int, name: str, stack: int, cards: list[Card] | None = None, in_front: int = 0,
                 committed: int = 0, folded: bool = False, up: list[bool] | None = None):
        # Written out: the generated one calls a factory per list, and every hand seats its players.
        self.seat = seat
        self.name = name
        self.stack = stack
        self.cards = [] if cards is None else cards
        self.in_front = in_front
        self.committed = committed
        self.folded = folded
        self.up = [] if up is None else up

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

DECK_RAN_OUT = "the deck ran out of cards: no rule provides another card here"

# (table seats, occupied seats) -> seat -> the occupied seats clockwise after it:
# shared by every hand at that seating (`HandState._clockwise_from` fills it).
_SEAT_ORDERS: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}


def seat_orders(table_seats: int, seats: dict[int, tuple[str, int]]) -> dict[int, tuple[int, ...]]:
    """The clockwise orders of a seating, worked out once for all its hands."""
    key = (table_seats, *seats)
    orders = _SEAT_ORDERS.get(key)
    if orders is None:
        if len(_SEAT_ORDERS) >= 4096:       # drills draw many seatings: keep the memo small
            _SEAT_ORDERS.clear()
        orders = _SEAT_ORDERS[key] = {}
    return orders


class HandState(SetUp):
    """A hand's table and its agenda of what comes next: every field any part
    of a hand reads or writes is declared here, none in the parts."""

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
    returned: dict[int, int]           # uncalled chips handed back by the dealer's step (1.1 Pot; 7.5)
    # The uncalled part of a bet goes back as its own dealer step before the
    # bets are collected; False only for a hand replaying steps stored before
    # that step existed (the award handed it back then: Hand.earlier_rules).
    returns_uncalled: bool = True
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
    _dead_posts: dict[int, int]        # seat -> chips posted dead (a missed small blind, 8.2.3)
    _clockwise: dict[int, tuple[int, ...]]   # seat -> occupied seats clockwise after it
    _uses_button: bool                 # self.game.uses_button, kept (a hand's game never changes)
    _dealt: dict[tuple[int, int, str], DealtHand]    # (seat, board, ranking) -> best hand read (awarding)
    # (betting, cards taken, cards mucked, live seats, seats not all in (the bring-in's
    # only), the stud opener)
    _opener_memo: tuple[Betting, int, int, tuple[int, ...], tuple[int, ...], int] | None
    # The last betting round played: its street and the seat that made its last bet or
    # raise, None when nobody did; the player being called shows first (8.17.6(d)).
    last_wager: tuple[str, int | None] | None
    # engine.hand.calling's, read before each decision: a ruling's effect once the
    # dealer rules, actions held from out of turn (action, level then, round) and short
    # bets (call or fold next, 6.16)
    _ruling_effect: Callable[[], None] | None
    _binding: dict[int, tuple[Action, int, BettingRound]]
    _short_bets: dict[int, BettingRound]

    # --- seats --------------------------------------------------------------
    def _clockwise_from(self, seat: int) -> list[int]:
        """Occupied seats in clockwise order starting after `seat` (a copy:
        the order is worked out once per seat and seating, see `seat_orders`)."""
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
        if not self._uses_button:
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
        cards = self.deck.cards
        if not cards:
            raise ScenarioError(DECK_RAN_OUT)
        card = cards.pop(0)         # Deck.take, its check made just above
        self.taken.append(card)
        return card


    def _dead_antes(self, contributions: dict[int, int]) -> int:
        """Antes that differ by seat (a big-blind ante) are dead money: no part
        of a wager to be called or matched, all in the main pot (published
        tournament rules; house tournament_antes). Takes them out of
        `contributions` and returns their total."""
        dead_posts = self._dead_posts
        if not dead_posts and not any(self.scenario.seat_antes.values()):
            return 0
        dead = 0
        by_seat = any(self.scenario.seat_antes.values())
        for seat in list(contributions):
            paid = (min(self.ante_of(seat), self.scenario.seats[seat][1] - self._fees.get(seat, 0))
                    if by_seat else 0)
            paid = min(paid + dead_posts.get(seat, 0), contributions[seat])
            contributions[seat] -= paid
            dead += paid
            if not contributions[seat]:
                del contributions[seat]
        return dead

    def _betting_now(self) -> tuple[BettingRound, Street, Betting]:
        """The betting round in progress, its street and the street's betting."""
        rnd, street = self._round, self._round_street
        assert rnd is not None and street is not None and street.betting is not None
        return rnd, street, street.betting

    def _next_decision(self, decision: Decision) -> str:
        return self._script.next(self, decision)

    # --- provided by Hand (engine.hand.machine), for the parts that cannot import ------
    # engine.hand.betting_rounds, which imports them (kitty, calling)
    def _sync(self, seat: int) -> None:
        raise NotImplementedError

    def _apply_bet(self, seat: int, text: str) -> bool:
        raise NotImplementedError

    def expected(self) -> Expected | None:
        raise NotImplementedError





