"""One hand of any game, as the ordered dealer steps a trainee must perform.

The machine reads a game declaration (engine/games.py) and keeps an agenda
of what the dealer does next: move the button, collect antes and blinds,
pitch cards down or up, deal the Kitty, burn, deal and turn flops, deal
community and common cards, take discards, replace them from the stub,
reshuffle, name the stud opener, collect bets, take the commission where
the hand takes one (section 7) and award each pot. Player
decisions (bets, draws, discards, taking the Kitty) come from the scenario,
or from a `decide` callable, and are applied between dealer steps.
`propose(step)` checks a dealer step: a right one is applied, a wrong one is
explained with the rule it breaks and changes nothing.

Player decisions in a scenario, in the order the players make them:
betting `fold`, `check`, `call`, `bet N`, `raise N` (to N), `all-in`,
`bring-in` (the stud opener's forced bet of the table minimum), `take kitty`;
draws `draw N`, `stand pat`, `discard Ah 7c` (those cards) or `discard #1 #4`
(by position, first card dealt = #1); Pineapple `discard Xx` or `discard #N`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from engine.award import AwardedPot
from engine.betting import KINDS as BETTING_KINDS
from engine.betting import BettingRound, BettingStructure, Options
from engine.cards import DECK_LOWEST_RANK, Card, CardError, Deck, format_cards, full_deck, parse_cards
from engine.commission import Commission, only_blinds, person_fees, take_commission, tied_contest
from engine.games import (Burn, DealBoard, DealHole, Discard, Draw, Game, MuckKitty, Street, get_game,
                          with_post_draw_opener)
from engine.house import HouseFileError, HouseRules, get_house, max_players_for
from engine.pots import Pot, award, build_pots, return_uncalled
from engine.rankings import bring_in_seat, first_to_act_showing
from engine.showdown import best_hand, best_value

STEP_LABELS = {
    "move_button": "Move the button",
    "post_blind": "Collect a blind",
    "pitch": "Pitch a card",
    "burn": "Burn a card",
    "deal_flop": "Deal the flop",
    "turn_flop": "Turn the flop",
    "deal_board": "Deal a community card",
    "collect_bets": "Collect the bets",
    "award": "Award the pot",
    "collect_antes": "Collect the antes",
    "pitch_up": "Pitch a card face up",
    "deal_kitty": "Deal a card to the Kitty",
    "name_opener": "Name who opens",
    "take_discard": "Take the discards",
    "replace": "Replace from the stub",
    "reshuffle": "Reshuffle",
    "give_kitty": "Give the Kitty",
    "muck_kitty": "Muck the Kitty",
    "deal_common": "Deal a common card",
    "take_rake": "Take the commission",
}
LOW_RANKINGS = ("ace-to-five", "deuce-to-seven")
SEAT_STEPS = {"move_button", "post_blind", "pitch", "pitch_up", "name_opener", "take_discard",
              "replace", "give_kitty"}
# Display order for the table cell: tools applied to a seat, then table actions.
SEAT_TOOLS = ("move_button", "post_blind", "pitch", "pitch_up", "name_opener", "take_discard",
              "replace", "give_kitty")
TABLE_ACTIONS = ("collect_antes", "burn", "deal_flop", "turn_flop", "deal_board", "deal_kitty",
                 "muck_kitty", "reshuffle", "deal_common", "collect_bets", "take_rake")
# Commission methods a hand takes (section 7). A time charge (7.2.2) is paid by
# every seated player per hour, in advance, so no hand ever takes it.
POT_RAKE = ("percentage", "fixed-hand")        # from the pots: 7.2.1(a), 7.2.3(a)
RAKE_RULES = {"percentage": "7.2.1(a)", "fixed-hand": "7.2.3(a)", "fixed-person": "7.2.4(b)"}
COMMISSION_KEYS = tuple(Commission.__dataclass_fields__)


class ScenarioError(ValueError):
    """A hand scenario that cannot be dealt (bad seats, cards, actions)."""


@dataclass(frozen=True)
class Step:
    """A dealer step: what the trainee did, e.g. Step("pitch", seat=4)."""
    kind: str
    seat: int | None = None
    seats: tuple[int, ...] = ()

    def __str__(self) -> str:
        label = STEP_LABELS.get(self.kind, self.kind)
        if self.seat is not None:
            return f"{label} (seat {self.seat})"
        if self.seats:
            return f"{label} (seat{'s' if len(self.seats) > 1 else ''} {', '.join(map(str, self.seats))})"
        return label

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "seats": list(self.seats)}

    @classmethod
    def from_dict(cls, data: dict) -> "Step":
        return cls(data["kind"], data.get("seat"), tuple(data.get("seats") or ()))


@dataclass
class Expected:
    """The dealer step due now, with the rule that requires it."""
    kind: str
    rule: str
    why: str
    seat: int | None = None
    seats: tuple[int, ...] = ()
    street: str = ""
    detail: dict = field(default_factory=dict, repr=False, compare=False)


@dataclass
class _Marker:
    """An agenda entry that is not a dealer step: a point where players decide."""
    kind: str           # "_betting", "_resume", "_opener", "_draw", "_discard"
    street: str = ""
    seat: int | None = None
    op: object = None


@dataclass
class Verdict:
    ok: bool
    message: str
    rule: str


@dataclass
class Player:
    seat: int
    name: str
    stack: int
    cards: list = field(default_factory=list)
    in_front: int = 0          # chips bet this round, not yet collected
    committed: int = 0         # chips put in the pot this hand, all rounds
    folded: bool = False
    up: list = field(default_factory=list)   # True where cards[i] lies face up

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded

    @property
    def upcards(self) -> list:
        return [c for c, up in zip(self.cards, self.up) if up]


@dataclass
class Decision:
    """What a player must decide now, for a `decide(hand, decision)` callable.

    kind "bet": `options` are the betting options; `forced` is the stud
    bring-in (bet at least the table minimum); `no_raise` forbids raising
    (the Kitty round before anyone has opened, 8.5.3(a)); `kitty` says the
    Kitty may be taken. kind "draw": up to `count` cards may be exchanged.
    kind "discard": exactly `count` cards are given up (Pineapple)."""
    kind: str
    seat: int
    street: str
    cards: tuple = ()
    options: Options | None = None
    count: int = 0
    forced: bool = False
    no_raise: bool = False
    kitty: bool = False
    low: bool = False


@dataclass
class Scenario:
    """What a lesson cell gives the engine: everything needed to replay a hand."""
    game: str = "holdem"
    seats: dict = field(default_factory=dict)    # seat -> (name, stack)
    button_was: int = 1
    blinds: tuple | None = None                  # None: (1, 2) in blind games
    actions: tuple = ()                          # player decisions in acting order
    seed: int = 1
    stack: tuple = ()                            # cards forced to the top of the deck
    deck: int | None = None                      # None: the game's first deck size (52; Manila 36)
    table_seats: int = 10
    house: str = "main"
    ante: int | None = None                      # None: 1 where the game requires one
    betting: str = "no-limit"                    # engine.betting KINDS
    limits: tuple = ()                           # amounts for `betting`, see README
    over_blind: bool = False                     # left of the last blind posts double
    bring_in: int | None = None                  # stud: a bring-in below the first bet (see _bring_in)
    seat_antes: dict = field(default_factory=dict)  # seat -> ante where antes differ (house tournament_antes)
    mucked: tuple = ()                           # seats that do not table their hand at the showdown (8.1.7)
    # Section 7 for this hand: settings over the house's `commission` ({} = the
    # house's own); None takes commission only where the house's rake_in_hand says so.
    commission: dict | None = None

    @classmethod
    def from_dict(cls, data: dict) -> "Scenario":
        """Build from a lesson cell's TOML table, with messages naming the key."""
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known - {"id", "type", "title", "prompt", "ask", "choices", "about"}
        if unknown:
            raise ScenarioError(f"unknown key(s) {', '.join(sorted(unknown))}; a hand takes "
                                f"{', '.join(sorted(known))}")
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, dict) or not raw_seats:
            raise ScenarioError('seats must be a table like seats = { 1 = ["Ann", 200], 4 = ["Bob", 150] }')
        seats = {}
        for key, value in raw_seats.items():
            if not str(key).isdigit():
                raise ScenarioError(f"seat {key!r} is not a seat number")
            if (not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str)
                    or not _whole(value[1]) or value[1] <= 0):
                raise ScenarioError(f'seat {key} must be ["Name", chips] with chips above 0')
            seats[int(key)] = (value[0], value[1])
        try:
            stacked = tuple(parse_cards(data.get("stack", "")))
        except (CardError, AttributeError, TypeError) as exc:
            raise ScenarioError(f"stack: {exc}") from None
        actions = data.get("actions", [])
        if isinstance(actions, str):
            actions = [a.strip() for a in actions.split(",") if a.strip()]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ScenarioError('actions must be a list of decisions, e.g. actions = ["call", "fold", "raise 6"]')
        blinds = data.get("blinds")
        if blinds is not None:
            if (not isinstance(blinds, list) or not all(_whole(b) and b > 0 for b in blinds)
                    or blinds != sorted(blinds)):
                raise ScenarioError("blinds must be chip amounts above 0, smallest first, e.g. blinds = [1, 2] "
                                    "(8.2.2); blinds = [] for none")
            blinds = tuple(blinds)
        ante = data.get("ante")
        if ante is not None and (not _whole(ante) or ante < 0):
            raise ScenarioError(f"ante must be a whole number of chips, 0 or more, not {ante!r}")
        betting = data.get("betting", "no-limit")
        if betting not in BETTING_KINDS:
            raise ScenarioError(f"betting must be one of {', '.join(BETTING_KINDS)}, not {betting!r} (6.3)")
        limits = data.get("limits", [])
        if not isinstance(limits, list) or not all(_whole(x) and x > 0 for x in limits):
            raise ScenarioError("limits must be chip amounts, e.g. limits = [2, 4] for a fixed 2/4 game")
        over_blind = data.get("over_blind", False)
        if not isinstance(over_blind, bool):
            raise ScenarioError("over_blind must be true or false (8.4.1(b)(i))")
        ints = {}
        for key, default in (("deck", None), ("table_seats", 10)):
            value = data.get(key, default)
            if value is not None and not _whole(value):
                raise ScenarioError(f"{key} must be a whole number, not {value!r}")
            ints[key] = value
        if ints["deck"] is not None and ints["deck"] not in DECK_LOWEST_RANK:
            raise ScenarioError(f"deck must be one of {', '.join(map(str, DECK_LOWEST_RANK))} cards (3.1), "
                                f"not {ints['deck']}")
        button_was = data.get("button_was", min(seats))
        if not _whole(button_was):
            raise ScenarioError(f"button_was must be a seat number, not {button_was!r}")
        game = data.get("game", "holdem")
        if not isinstance(game, str):
            raise ScenarioError(f"game must be a game's name (python -m engine games), not {game!r}")
        bring_in = data.get("bring_in")
        if bring_in is not None and (not _whole(bring_in) or bring_in <= 0):
            raise ScenarioError(f"bring_in must be a whole number of chips above 0, not {bring_in!r}")
        seat_antes = data.get("seat_antes", {})
        if (not isinstance(seat_antes, dict) or not all(str(k).isdigit() for k in seat_antes)
                or not all(_whole(v) and v >= 0 for v in seat_antes.values())):
            raise ScenarioError("seat_antes must be a table of seat = chips, e.g. seat_antes = { 4 = 2 }")
        mucked = data.get("mucked", [])
        if not isinstance(mucked, list) or not all(_whole(s) for s in mucked):
            raise ScenarioError("mucked must list seat numbers, e.g. mucked = [4] (8.1.7)")
        return cls(game=game, seats=seats, button_was=button_was, blinds=blinds,
                   actions=tuple(actions), seed=data.get("seed", 1), stack=stacked, deck=ints["deck"],
                   table_seats=ints["table_seats"], house=data.get("house", "main"), ante=ante,
                   betting=betting, limits=tuple(limits), over_blind=over_blind, bring_in=bring_in,
                   seat_antes={int(k): v for k, v in seat_antes.items()}, mucked=tuple(mucked),
                   commission=_commission_table(data.get("commission")))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _commission_table(value) -> dict | None:
    """A scenario's `commission` table: settings of engine.commission.Commission.
    The values are checked when the hand is built, against the house's setting."""
    if value is None:
        return None
    example = 'commission = { method = "percentage", percent = 5, cap = 3 }'
    if not isinstance(value, dict):
        raise ScenarioError(f"commission must be a table, e.g. {example} (7.2)")
    unknown = sorted(set(value) - set(COMMISSION_KEYS))
    if unknown:
        raise ScenarioError(f"commission: {unknown[0]!r} is not a commission setting; use "
                            f"{', '.join(COMMISSION_KEYS)} (engine/commission.py)")

    def frozen(v):
        return tuple(frozen(x) for x in v) if isinstance(v, list) else v
    return {k: frozen(v) for k, v in value.items()}


class Hand:
    """A hand in progress. Build with `Hand(scenario)`; drive with `propose`.

    `decide(hand, decision) -> str` supplies player decisions once the
    scenario's `actions` run out (random play, engine.hand.RandomPlayer)."""

    def __init__(self, scenario: Scenario, decide=None):
        self.scenario = scenario
        try:
            self.house: HouseRules = get_house(scenario.house)
            self.game: Game = get_game(scenario.game, getattr(self.house, "rulebook", "main"))
        except (KeyError, HouseFileError) as exc:
            raise ScenarioError(exc.args[0]) from None
        if not isinstance(self.game, Game):
            raise ScenarioError(f"{getattr(self.game, 'title', scenario.game)} is not dealt as a poker "
                                "hand here: it has its own dealer procedure")
        self.game = with_post_draw_opener(self.game, self.house.post_draw_opener)
        if scenario.deck is None:
            self.scenario = scenario = replace(scenario, deck=next(iter(self.game.max_players)))
        self.decide = decide
        self.blind_amounts: tuple = self._resolve_blinds()
        self.ante = self._resolve_ante()
        self.structure = self._resolve_structure()
        self.commission: Commission | None = self._resolve_commission()
        self._check_scenario()
        self.players = {s: Player(s, n, c) for s, (n, c) in sorted(scenario.seats.items())}
        self.deck = self._build_deck()
        self.button: int | None = None
        self.burns: list[Card] = []
        self.taken: list[Card] = []                 # every card dealt from the deck, in order
        self.boards: list[list[Card]] = [[] for _ in range(self._board_count())]
        self.board: list[Card] = self.boards[0]
        self.face_down: set[int] = set()            # boards whose flop is not turned yet
        self.kitty: list[Card] | None = [] if self._has_kitty() else None
        self.kitty_taken_by: int | None = None
        self.muck: list[tuple] = []                 # (card, seat or None, draw number or None)
        self.pot = 0
        self.awarded: dict[int, int] = {}
        self.explanations: list[str] = []
        self.log: list[str] = []
        self.played_actions: list[str] = []
        self.step_count = 0
        self.finished = False
        self.awards: list[AwardedPot] = []
        self.showdown_pots: list = []
        self.uncalled_lines: list[str] = []
        self.rake = 0                               # commission taken, on the drop slide (section 7)
        self.rake_lines: list[str] = []             # how it was worked out, citing 7.x
        self._fees: dict[int, int] = {}             # fee per person paid before the deal (7.2.4)
        self.pause_before_betting: str | None = None
        self._actions = list(scenario.actions)
        self._agenda: list = []
        self._street_index = -1
        self._round: BettingRound | None = None
        self._round_street: Street | None = None
        self._opened = False                        # Kitty round: someone has opened (8.5.3)
        self._kitty_pending: int | None = None      # took the Kitty after a raise, still to act
        self._draw_number = 0
        self._reshuffles = 0
        self._pots_awarded = 0
        self._last_blind_seat: int | None = None
        self._posted_blinds: dict[int, int] = {}    # seat -> nominal blind (call level)
        if self.game.uses_button:
            self._agenda.append(Expected(
                "move_button", self.game.button_rule,
                f"The button moves one seat clockwise to the next player before the deal "
                f"({self.game.button_rule}; 1.1 Button)", seat=self._next_seat(scenario.button_was)))
        else:
            self._schedule_forced_bets()

    # --- set-up -----------------------------------------------------------
    def _resolve_commission(self) -> Commission | None:
        """The commission this hand takes: the scenario's settings over the
        house's, or the house's own where its `rake_in_hand` is set."""
        given = self.scenario.commission
        if given is None:
            return self.house.commission if self.house.rake_in_hand else None
        try:
            commission = replace(self.house.commission, **given)
        except (TypeError, ValueError) as exc:
            raise ScenarioError(f"commission: {exc}") from None
        if commission.method == "time":
            raise ScenarioError("commission: a time charge is paid by every seated player by the hour, "
                                "in advance, not taken in a hand (7.2.2); a hand's commission is "
                                "percentage, fixed-hand, fixed-person or none")
        return commission

    def takes_rake(self) -> bool:
        """True where this hand has a commission step (the method takes one)."""
        c = self.commission
        return c is not None and (c.method in POT_RAKE or (c.method == "fixed-person" and c.person_fee > 0))

    def _resolve_blinds(self) -> tuple:
        given = self.scenario.blinds
        if self.game.blinds is None:
            if given:
                raise ScenarioError(f"{self.game.title} has no blinds ({self.game.rule}): "
                                    f"use ante instead")
            return ()
        if given is None:
            return (1, 2)[-self.game.blinds.count:] if self.game.blinds.count <= 2 else tuple(
                2 ** i for i in range(self.game.blinds.count))
        if not given and not (self.game.ante and self.scenario.ante):
            raise ScenarioError(f"{self.game.title} needs its blinds ({self.game.blinds.rule}), "
                                "or an ante where the game allows antes instead")
        return tuple(given)

    def _resolve_ante(self) -> int:
        ante = self.scenario.ante
        by_seat = any(self.scenario.seat_antes.values())
        if by_seat and not self.house.tournament_antes:
            raise ScenarioError("every player pays the same ante (1.1 Ante wager): antes that differ by "
                                "seat, such as a big-blind ante, need the house rule tournament_antes")
        if self.game.ante is None:
            if (ante or by_seat) and not self.house.tournament_antes:
                raise ScenarioError(f"{self.game.title} takes no ante ({self.game.rule}): its forced "
                                    f"bets are {self.game.forced_bets()}")
            return ante or 0
        if ante is None:
            return 0 if by_seat else (1 if self.game.ante.required else 0)
        if ante == 0 and self.game.ante.required and not by_seat:
            raise ScenarioError(f"{self.game.title} requires an ante ({self.game.ante.rule})")
        return ante

    def ante_of(self, seat: int) -> int:
        """What a seat antes: the table's ante, or its own (a big-blind ante)."""
        return self.scenario.seat_antes.get(seat, self.ante)

    def _table_minimum(self) -> int:
        if self.blind_amounts:
            return self.blind_amounts[-1]
        return max(2 * self.ante, 2 * self.house.lowest_chip)

    def _resolve_structure(self) -> BettingStructure:
        kind, limits = self.scenario.betting, self.scenario.limits
        low = self._table_minimum()
        want = 2 if kind in ("fixed", "spread") else 1
        if limits and len(limits) != want:
            example = {"fixed": "[2, 4] (small bet, big bet)", "spread": "[2, 10] (minimum, maximum)"}.get(
                kind, "[2] (the minimum bet)")
            raise ScenarioError(f"limits for {kind} betting must be {example}, not {list(limits)}")
        try:
            if kind == "fixed":
                small, big = limits or (low, 2 * low)
                return BettingStructure.fixed(small, big, big_bet_from=self.game.big_bet_from)
            if kind == "spread":
                least, most = limits or (low, 5 * low)
                return BettingStructure.spread(least, most)
            return BettingStructure(kind, min_bet=limits[0] if limits else low)
        except ValueError as exc:
            raise ScenarioError(f"limits: {exc}") from None

    def _check_scenario(self) -> None:
        sc, game = self.scenario, self.game
        if sc.deck not in game.max_players:
            raise ScenarioError(f"{game.title} is not dealt with a {sc.deck}-card deck; allowed: "
                                f"{', '.join(map(str, game.max_players))} ({game.max_players_rule})")
        limit = max_players_for(self.house, game, sc.deck)
        if len(sc.seats) > limit:
            raise ScenarioError(f"{game.title} with {sc.deck} cards seats at most {limit} "
                                f"players, not {len(sc.seats)} ({game.max_players_rule} Table 1"
                                f"{', house ' + self.house.name if limit < game.max_players[sc.deck] else ''})")
        if len(sc.seats) < 2:
            raise ScenarioError(f"{len(sc.seats)} player is not a hand: at least two are needed (at least "
                                "three for the blinds to fall as 8.2.2 places them; two play heads-up "
                                "under the house rule heads_up)")
        bad = [s for s in sc.seats if not 1 <= s <= sc.table_seats]
        if bad:
            raise ScenarioError(f"seat {bad[0]} is not at a {sc.table_seats}-seat table")
        if self.blind_amounts:
            if len(self.blind_amounts) > len(sc.seats):
                raise ScenarioError(f"{len(self.blind_amounts)} blinds need at least as many players")
            if len(sc.seats) == 2 and len(self.blind_amounts) > 2:
                raise ScenarioError("heads-up, at most two blinds can be posted (8.2.2)")
        if sc.over_blind:
            rule = self._over_blind_rule()
            if rule is None:
                raise ScenarioError(f"{game.title} has no over-blind (house over_blind = "
                                    f"{self.house.over_blind!r}; 8.4.1(b)(i) gives it to Draw with blinds)")
            if len(sc.seats) <= len(self.blind_amounts):
                raise ScenarioError(f"no player is left of the last blind to place an over-blind ({rule})")
        c = self.commission
        if c is not None and c.method == "fixed-person":
            short = [s for s, (_, chips) in sorted(sc.seats.items()) if chips <= c.person_fee]
            if short:
                raise ScenarioError(f"seat {short[0]} has {sc.seats[short[0]][1]} chips: not enough to pay the "
                                    f"commission of {c.person_fee} per person before the hand and still play "
                                    "(7.2.4(b))")
        strangers = [s for s in list(sc.seat_antes) + list(sc.mucked) if s not in sc.seats]
        if strangers:
            raise ScenarioError(f"seat {strangers[0]} is named in seat_antes or mucked but nobody sits there")
        if sc.bring_in is not None:
            first = next((st.betting for st in game.streets if st.betting), None)
            if first is None or first.opener != "bring_in":
                raise ScenarioError(f"{game.title} has no bring-in: bring_in is for stud ({game.rule})")
            if sc.bring_in > self.structure.unit(0):
                raise ScenarioError(f"the bring-in of {sc.bring_in} is more than the first bet of "
                                    f"{self.structure.unit(0)} ({first.rule})")
        if len(set(sc.stack)) != len(sc.stack):
            raise ScenarioError("stack names a card twice")
        in_deck = set(full_deck(sc.deck))
        missing = [c for c in sc.stack if c not in in_deck]
        if missing:
            raise ScenarioError(f"{missing[0]} is not in a {sc.deck}-card deck (3.2)")

    def _over_blind_rule(self) -> str | None:
        mode = self.house.over_blind
        if self.game.blinds is None or mode == "never" or not self.blind_amounts:
            return None
        if self.game.blinds.over_blind:
            return self.game.blinds.over_blind
        return "8.2.4" if mode == "all_blind_games" else None

    def _build_deck(self) -> Deck:
        """Shuffle and cut (5.1, 5.2); a scenario may fix the top cards."""
        deck = Deck.shuffled(self.scenario.seed, self.scenario.deck)
        if self.scenario.stack:
            rest = [c for c in deck.cards if c not in self.scenario.stack]
            deck = Deck(list(self.scenario.stack) + rest)
        return deck

    def _board_count(self) -> int:
        return 1 + max((op.board for st in self.game.streets for op in st.deal
                        if isinstance(op, DealBoard)), default=0)

    def _has_kitty(self) -> bool:
        return any(isinstance(op, DealHole) and op.kitty for st in self.game.streets for op in st.deal)

    # --- seats --------------------------------------------------------------
    def _clockwise_from(self, seat: int) -> list[int]:
        """Occupied seats in clockwise order starting after `seat`."""
        n = self.scenario.table_seats
        order = [((seat - 1 + i) % n) + 1 for i in range(1, n + 1)]
        return [s for s in order if s in self.scenario.seats]

    def _next_seat(self, seat: int) -> int:
        return self._clockwise_from(seat)[0]

    def _start(self) -> int:
        """Cards and turns go round from the seat after this one: the button,
        or the dealer (seat 1 is on the dealer's left) where none is used."""
        if not self.game.uses_button:
            return self.scenario.table_seats
        return self.button if self.button is not None else self.scenario.button_was

    def live_seats(self) -> list[int]:
        """Players still in the hand, clockwise from the left of the button
        (from the dealer's left in games without a button)."""
        return [s for s in self._clockwise_from(self._start()) if not self.players[s].folded]

    def _able(self) -> list[int]:
        return [s for s in self.live_seats() if not self.players[s].all_in]

    # --- the agenda -------------------------------------------------------------
    def expected(self) -> Expected | None:
        """The dealer step due now; None when the hand is over, or paused
        before a betting round (`autoplay(until_betting_on=...)`)."""
        self._advance()
        head = self._agenda[0] if self._agenda else None
        return head if isinstance(head, Expected) else None

    def _advance(self) -> None:
        """Fill the agenda: play player decisions, expand streets."""
        while not self.finished:
            if self._agenda:
                head = self._agenda[0]
                if isinstance(head, Expected):
                    return
                if head.kind == "_betting" and head.street == self.pause_before_betting:
                    return
                self._agenda.pop(0)
                self._run(head)
                continue
            if len(self.live_seats()) == 1 or self._street_index + 1 >= len(self.game.streets):
                self._schedule_showdown()
                continue
            self._street_index += 1
            self._schedule_street(self.game.streets[self._street_index])

    def _front(self, *entries) -> None:
        self._agenda[0:0] = list(entries)

    def _run(self, marker: _Marker) -> None:
        if marker.kind == "_betting":
            if self._open_round(self._current_street()):
                self._play_betting()
            elif any(p.in_front for p in self.players.values()):
                self._front(self._collect_step(self._current_street()))
        elif marker.kind == "_resume":
            self._play_betting()
        elif marker.kind == "_opener":
            self._name_opener(self._current_street())
        elif marker.kind == "_draw":
            if not self.players[marker.seat].folded:
                self._draw_decision(marker.seat, marker.op)
        elif marker.kind == "_discard":
            if not self.players[marker.seat].folded:
                self._discard_decision(marker.seat, marker.op)
        else:
            raise AssertionError(marker.kind)

    def _current_street(self) -> Street:
        return self.game.streets[max(self._street_index, 0)]

    def _schedule_forced_bets(self) -> None:
        """The fee per person, then antes, blinds and an over-blind, before
        any card (7.2.4(b), 8.2.2, 8.4.1(b), 8.9.1)."""
        c = self.commission
        if self.takes_rake() and c.method == "fixed-person":
            # 7.2.4(b): collected before the hand begins; the button has already
            # moved to mark this hand, and no forced bet or card has gone in yet.
            self._agenda.append(Expected(
                "take_rake", RAKE_RULES["fixed-person"],
                f"Before the hand begins, collect the commission of {c.person_fee} from each player and "
                f"drop it at once (7.2.4(b), (c))"))
        if self.ante or any(self.scenario.seat_antes.values()):
            rule = self.game.ante.rule if self.game.ante else "1.1 Ante wager, house tournament_antes"
            self._agenda.append(Expected(
                "collect_antes", rule,
                f"Every player antes before the cards are dealt: collect the antes into the pot ({rule})"))
        blinds = self.game.blinds
        if blinds is None or not self.blind_amounts:
            return
        seats = self.blind_seats()
        heads_up = len(self.players) == 2
        for i, seat in enumerate(seats):
            which = "first (small)" if i == 0 else ("second (big)" if i == 1 else f"blind {i + 1}")
            if len(seats) == 1:
                which = "only"
            if heads_up and self.house.heads_up == "button_small_blind":
                rule = "8.2.2, heads-up (published standard rules)"
                why = ("Heads-up the button posts the small blind and the other player the big blind "
                       "(published standard rules; house heads_up = 'button_small_blind'; "
                       f"{blinds.rule})")
            else:
                rule = "8.2.2(a)" if i == 0 else "8.2.2(b)"
                why = (f"The {which} blind is posted by the player on the immediate left of the "
                       f"{'button' if i == 0 else 'previous blind'}, before any card is dealt "
                       f"({rule}; {blinds.rule})")
            self._posted_blinds[seat] = self.blind_amounts[i]
            self._agenda.append(Expected("post_blind", rule, why, seat=seat,
                                         detail={"amount": self.blind_amounts[i]}))
        self._last_blind_seat = seats[-1]
        if self.scenario.over_blind:
            rule = self._over_blind_rule()
            seat = self._next_seat(seats[-1])
            amount = 2 * self.blind_amounts[-1]
            self._posted_blinds[seat] = amount
            self._last_blind_seat = seat
            self._agenda.append(Expected(
                "post_blind", rule,
                f"The player on the immediate left of the last blind places the over-blind, double "
                f"the last blind ({rule}, 8.2.4)", seat=seat, detail={"amount": amount, "over": True}))

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

    def _deal_why(self, up: bool) -> str:
        where = ("the immediate left of the button" if self.game.uses_button
                 else "the dealer's immediate left")
        text = f"Cards go one at a time, clockwise, starting with the player on {where}"
        return ("This card is dealt face up. " + text) if up else text

    def _schedule_street(self, street: Street) -> None:
        order = self.live_seats()
        ops = list(street.deal)
        name = street.name
        if self.game.stub_short:
            ops = self._stud_stub(street, ops, order)
        for op in ops:
            if isinstance(op, Expected):
                self._agenda.append(op)
            elif isinstance(op, DealHole):
                kind = "pitch_up" if op.face_up else "pitch"
                why = f"{self._deal_why(op.face_up)} ({op.rule})"
                for _ in range(op.count):
                    for seat in order:
                        self._agenda.append(Expected(kind, op.rule, why, seat=seat, street=name))
                    if op.kitty:
                        self._agenda.append(Expected(
                            "deal_kitty", op.rule,
                            f"The Kitty receives its card after the last player in each round of the "
                            f"deal ({op.rule})", street=name))
            elif isinstance(op, Burn):
                self._agenda.append(Expected(
                    "burn", op.rule, f"Burn a card before the {name} ({op.rule})", street=name))
            elif isinstance(op, DealBoard) and op.flop:
                bottom = op.board > 0
                self._agenda.append(Expected(
                    "deal_flop", op.rule,
                    (f"Deal the second flop face down, one at a time, immediately below the first ({op.rule})"
                     if bottom else f"Deal the three flop cards face down, one at a time ({op.rule})"),
                    street=name, detail={"board": op.board}))
                self._agenda.append(Expected(
                    "turn_flop", op.rule,
                    (f"Turn the bottom flop face up and spread it ({op.rule}; 1.1 Double Flop)" if bottom
                     else f"Turn the flop face up and spread it ({op.rule}; 1.1 Flop)"),
                    street=name, detail={"board": op.board}))
            elif isinstance(op, DealBoard):
                card_name = op.name or f"{name} card"
                for _ in range(op.count):
                    self._agenda.append(Expected(
                        "deal_board", op.rule, f"Deal the {card_name} face up to the board ({op.rule})",
                        street=name, detail={"board": op.board, "name": card_name}))
            elif isinstance(op, Discard):
                for seat in order:
                    self._agenda.append(_Marker("_discard", name, seat, op))
            elif isinstance(op, Draw):
                self._draw_number += 1
                for seat in order:
                    self._agenda.append(_Marker("_draw", name, seat, op))
            elif isinstance(op, MuckKitty):
                if self.kitty:
                    self._agenda.append(Expected(
                        "muck_kitty", op.rule,
                        f"Nobody took the Kitty: muck it before the draw ({op.rule})", street=name))
            else:
                raise AssertionError(op)
        if street.betting is not None:
            if street.betting.opener in ("bring_in", "best_showing"):
                self._agenda.append(_Marker("_opener", name))
            self._agenda.append(_Marker("_betting", name))

    def _stud_stub(self, street: Street, ops: list, order: list[int]) -> list:
        """Stud deck exhaustion (8.9.5(a), 8.11.5(a), 13.4(a)): with too few
        cards to burn and give every player one, shuffle the burns with the
        stub; if even that is short, burn and deal one common card face up."""
        need = sum(1 for op in ops if isinstance(op, Burn)) + sum(
            op.count * len(order) for op in ops if isinstance(op, DealHole))
        if need <= len(self.deck) or not any(isinstance(op, Burn) for op in ops):
            return ops
        rule = self.game.stub_short
        name = street.name
        if need <= len(self.deck) + len(self.burns):
            return [Expected("reshuffle", rule,
                             f"Only {len(self.deck)} cards are left to burn and give {len(order)} players a card: "
                             f"shuffle the burn cards with the remaining cards first ({rule})",
                             street=name, detail={"what": "burns"})] + ops
        out = []
        if len(self.deck) < 2:
            out.append(Expected("reshuffle", rule,
                                f"Fewer than two cards are left for a burn and a common card: shuffle the "
                                f"burn cards into them first ({rule}; live-casino house rules)",
                                street=name, detail={"what": "burns"}))
        burn_rule = next(op.rule for op in ops if isinstance(op, Burn))
        out.append(Expected("burn", burn_rule, f"Burn a card before the {name} ({burn_rule})", street=name))
        out.append(Expected("deal_common", rule,
                            f"Too few cards remain, even with the burns, for one to every player: deal one "
                            f"common card face up in the centre, which every player uses ({rule})",
                            street=name))
        return out

    # --- who acts ---------------------------------------------------------------------
    def acting_order(self, street_name: str) -> list[int]:
        """Live seats in the order they act on `street_name` (8.17.3(a),
        8.17.4(b), 8.11.3(a), 8.11.4(b))."""
        street = next((s for s in self.game.streets if s.name == street_name and s.betting), None)
        if street is None:
            names = [s.name for s in self.game.streets if s.betting]
            raise ValueError(f"{self.game.title} has no betting round {street_name!r}; rounds: {', '.join(names)}")
        live = self.live_seats()
        betting = street.betting
        if betting.opener == "left_of_last_blind":
            start = self._last_blind_seat
            if start is None:
                start = self.blind_seats()[-1] if self.blind_amounts else self._start()
            return [s for s in self._clockwise_from(start) if s in live]
        if betting.opener == "left_of_button":
            return live
        opener = self._card_opener(betting)
        i = live.index(opener)
        return live[i:] + live[:i]

    def _card_opener(self, betting) -> int:
        """Stud: the bring-in (lowest up-card; Razz highest, aces low) or the
        best hand showing (Razz lowest), not counting a common card."""
        live = self.live_seats()
        if betting.opener == "bring_in":
            able = [s for s in live if not self.players[s].all_in] or live
            return bring_in_seat({s: self.players[s].upcards[0] for s in able}, razz=betting.low)
        showing = {s: self.players[s].upcards[-4:] for s in live}
        return first_to_act_showing(showing, low=betting.low, house=self.house)

    def first_to_act(self, street_name: str) -> int:
        """Who acts first on a street, among players who can still act."""
        order = [s for s in self.acting_order(street_name) if not self.players[s].all_in]
        return order[0]

    def _betting_possible(self) -> bool:
        able = self._able()
        if len(self.live_seats()) < 2:
            return False
        if len(able) >= 2:
            return True
        # One player left to act still calls or folds when facing more than
        # they have in front; a short all-in blind is still called in full.
        top = max([p.in_front for p in self.players.values()] +
                  [a for s, a in self._posted_blinds.items() if self.players[s].in_front])
        return bool(able) and self.players[able[0]].in_front < top

    def _name_opener(self, street: Street) -> None:
        if len(self._able()) < 2:
            return
        betting = street.betting
        seat = self.first_to_act(street.name)
        if betting.opener == "bring_in":
            why = ("The player with the highest up-card, aces low, must open with a bet of at least the "
                   "table minimum; equal ranks go to the higher suit (spades, hearts, diamonds, clubs) "
                   f"({betting.rule})" if betting.low else
                   "The player with the lowest up-card must open with a bet of at least the table minimum; "
                   f"equal ranks go to the lower suit, clubs lowest ({betting.rule}, 3.2.4)")
        else:
            ties = ("the player closest to the dealer's left (house stud_showing_tie = 'position')"
                    if self.house.stud_showing_tie == "position" else
                    ("the lowest card's lower suit" if betting.low else "the highest card's higher suit"))
            what = ("The lowest hand showing, aces low, opens" if betting.low else
                    "The best hand showing opens (pairs and better over high cards)")
            why = (f"{what}; a common card does not count and equal hands go to {ties}; a player all in "
                   f"is passed to the next in turn ({betting.rule})")
        self._front(Expected("name_opener", betting.rule, why, seat=seat, street=street.name))

    # --- betting ---------------------------------------------------------------------
    def _open_round(self, street: Street) -> bool:
        if not self._betting_possible():
            return False
        order = self.acting_order(street.name)
        posted = {s: self.players[s].in_front for s in order if self.players[s].in_front}
        index = [s.name for s in self.game.streets if s.betting].index(street.name)
        call_level = None
        if posted and index == 0 and self._posted_blinds:
            call_level = max(max(posted.values()),
                             max(a for s, a in self._posted_blinds.items() if s in order))
        try:
            self._round = BettingRound(
                self.structure, order, {s: self.players[s].stack for s in order}, posted=posted,
                pot=self.pot, round_index=index, house=self.house, call_level=call_level)
        except ValueError as exc:
            raise ScenarioError(f"the {street.name} betting round cannot open: {exc}") from None
        self._round_street = street
        self._opened = False
        self._kitty_pending = None
        return True

    def _play_betting(self) -> None:
        """Apply player decisions until the round is complete or a dealer
        step is due inside it (the Kitty changing hands)."""
        rnd, street = self._round, self._round_street
        while not rnd.complete:
            seat = rnd.turn
            text = self._next_decision(self._bet_decision(seat))
            took_kitty = self._apply_bet(seat, text)
            if took_kitty:
                return
            rnd = self._round               # a bring-in starts the round again (_bring_in)
            if len(self.live_seats()) == 1:
                break
        self._round = None
        if any(p.in_front for p in self.players.values()):
            self._front(self._collect_step(street))

    @staticmethod
    def _collect_step(street: Street) -> Expected:
        return Expected("collect_bets", "1.1 (Pot)",
                        "Collect the bets into the pot when the betting round ends, before any more "
                        "cards are dealt (1.1 Pot, Dealer)", street=street.name)

    def _bet_decision(self, seat: int) -> Decision:
        rnd, street = self._round, self._round_street
        betting = street.betting
        kitty_open = bool(betting.kitty and self.kitty and self._kitty_pending is None)
        return Decision("bet", seat, street.name, tuple(self.players[seat].cards), rnd.options(),
                        forced=self._forced_open(), no_raise=self._no_raise(), kitty=kitty_open)

    def _forced_open(self) -> bool:
        return self._round_street.betting.opener == "bring_in" and not self._round.history

    def _no_raise(self) -> bool:
        return bool(self._round_street.betting.kitty) and not self._opened

    def _apply_bet(self, seat: int, text: str) -> bool:
        """Apply one betting decision; True when the Kitty was taken."""
        rnd, street = self._round, self._round_street
        player = self.players[seat]
        words = text.lower().replace("-", " ").split()
        where = f"action {text!r} for seat {seat} on the {street.name}"
        if words[:2] in (["take", "kitty"],) or words == ["kitty"]:
            return self._take_kitty(seat, text)
        if words == ["bring", "in"]:
            if not self._forced_open():
                raise ScenarioError(f"{where} is not legal: only the first bet of the stud bring-in "
                                    f"round is the bring-in ({street.betting.rule})")
            opts = rnd.options()
            kind, amount = ("bet", opts.min_to) if opts.min_to is not None else ("all-in", None)
            if self._bring_in(seat):
                rnd, kind, amount = self._round, "check", None
        else:
            if words[:2] == ["all", "in"]:
                kind, rest = "all-in", words[2:]
            else:
                kind, rest = (words[0], words[1:]) if words else ("", [])
            if rest[:1] == ["to"]:                  # "raise to 6" reads as "raise 6"
                rest = rest[1:]
            amount = None
            if rest:
                if len(rest) > 1 or not rest[0].isdigit():
                    raise ScenarioError(f"{where} is not legal: {' '.join(rest)!r} is not an amount of chips")
                amount = int(rest[0])
        if self._forced_open() and kind not in ("bet", "all-in") and words != ["bring", "in"]:
            raise ScenarioError(f"{where} is not legal: the bring-in must bet at least the table "
                                f"minimum of {rnd.unit} ({street.betting.rule})")
        raising = kind in ("bet", "raise") or (
            kind == "all-in" and rnd.in_front[seat] + rnd.stacks[seat] > rnd.level)
        if raising and self._no_raise():
            raise ScenarioError(f"{where} is not legal: until a player opens, a player may only call or "
                                f"fold, or take the Kitty and call ({street.betting.kitty})")
        if kind not in ("fold", "check", "call", "bet", "raise", "all-in"):
            raise ScenarioError(f"{where} is not legal: {text!r} is not fold, check, call, bet N, raise N, "
                                "all-in" + (", bring-in" if self._forced_open() else "") +
                                (" or take kitty" if street.betting.kitty else ""))
        before = rnd.in_front[seat]
        outcome = rnd.act(kind, amount, seat=seat)
        if not outcome.ok:
            raise ScenarioError(f"{where} is not legal: {outcome.message}")
        self._kitty_pending = None
        if kind != "fold":
            self._opened = self._opened or kind != "check"
        self._sync(seat)
        pay = rnd.in_front[seat] - before
        last = rnd.history[-1][1]
        if seat in rnd.folded:
            description = "folds"
        elif words == ["bring", "in"]:
            description = f"brings in {rnd.in_front[seat]}"
        elif last.kind == "check":
            description = "checks"
        elif last.kind == "call":
            description = f"calls {pay}"
        elif last.kind == "bet":
            description = f"bets {rnd.in_front[seat]}"
        else:
            description = f"raises to {rnd.in_front[seat]}"
        if player.all_in and seat not in rnd.folded:
            description += " and is all in"
        self.log.append(f"Seat {seat} ({player.name}) {description}")
        return False

    def _bring_in(self, seat: int) -> bool:
        """A scenario's bring-in smaller than the first bet (8.11.3(a): a wager
        not less than the table minimum, which the table sign may set below the
        fixed bet, as published stud rules do). The opener puts it in and has
        acted; the others call it, fold, or complete to the full bet, which is
        not a raise, and a completion reopens the betting to the opener. True
        when the round was started again with the bring-in in front."""
        small, rnd = self.scenario.bring_in, self._round
        if small is None or small >= rnd.unit or rnd.stacks[seat] <= small:
            return False
        stacks = dict(rnd.stacks)
        stacks[seat] -= small
        self._round = BettingRound(self.structure, rnd.order, stacks, posted={seat: small}, pot=rnd.pot,
                                   round_index=rnd.round_index, house=self.house, call_level=small)
        return True

    def _take_kitty(self, seat: int, text: str) -> bool:
        """8.5.3(b)-(c): the player's hand goes to the muck and the Kitty comes
        in exchange, for a wager equal to the last blind."""
        rnd, street = self._round, self._round_street
        rule = street.betting.kitty
        where = f"action {text!r} for seat {seat} on the {street.name}"
        if not rule:
            raise ScenarioError(f"{where} is not legal: {self.game.title} has no Kitty to take")
        if not self.kitty:
            raise ScenarioError(f"{where} is not legal: the Kitty has already been taken ({rule})")
        price = self.blind_amounts[-1] if self.blind_amounts else rnd.unit
        owe = rnd.level - rnd.in_front[seat]
        player = self.players[seat]
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
                self._kitty_pending = seat
                note = (f"puts in {topup} and takes the Kitty" if topup else "takes the Kitty") + \
                    ", then acts on the raise"
        if outcome is not None and not outcome.ok:
            raise ScenarioError(f"{where} is not legal: {outcome.message}")
        self._opened = True
        self._sync(seat)
        self.log.append(f"Seat {seat} ({player.name}) {note}")
        self.kitty_taken_by = seat
        self._front(
            Expected("take_discard", rule,
                     f"Seat {seat} takes the Kitty: take the player's own cards face down into the muck "
                     f"first ({rule})", seat=seat, street=street.name, detail={"exchange": True}),
            Expected("give_kitty", rule, f"Give the Kitty to seat {seat} in exchange for the hand ({rule})",
                     seat=seat, street=street.name),
            _Marker("_resume", street.name))
        return True

    def _sync(self, seat: int) -> None:
        """Copy one seat's chips and fold from the betting round to the player."""
        rnd, player = self._round, self.players[seat]
        delta = rnd.in_front[seat] - player.in_front
        player.stack -= delta
        player.in_front += delta
        player.committed += delta
        if seat in rnd.folded:
            player.folded = True

    # --- draws and discards ---------------------------------------------------------
    def _draw_decision(self, seat: int, op: Draw) -> None:
        player = self.players[seat]
        street = self._current_street().name
        low = self.game.showdown.ranking in LOW_RANKINGS
        text = self._next_decision(Decision("draw", seat, street, tuple(player.cards), count=op.max_cards,
                                            low=low))
        where = f"action {text!r} for seat {seat} on the {street}"
        words = text.lower().split()
        if words in (["stand", "pat"], ["draw", "0"], ["pat"]):
            chosen = []
        elif len(words) == 2 and words[0] == "draw" and words[1].isdigit():
            n = int(words[1])
            if n > min(op.max_cards, len(player.cards)):
                raise ScenarioError(f"{where} is not legal: a player may exchange at most "
                                    f"{min(op.max_cards, len(player.cards))} cards ({op.rule})")
            chosen = _worst_cards(player.cards, n, self.game.showdown.ranking)
        elif words and words[0] == "discard":
            chosen = self._named_cards(seat, text.split()[1:], where)
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
                          seat=seat, street=street, detail={"cards": chosen, "draw": self._draw_number})]
        first = min(n, len(self.deck))
        why = (f"Deal the replacement cards one at a time from the top of the deck, as many as were "
               f"discarded ({op.rule})")
        if first:
            steps.append(Expected("replace", op.rule, why, seat=seat, street=street, detail={"count": first}))
        if first < n:
            steps.append(Expected(
                "reshuffle", op.reshuffle_rule,
                f"The deck has run out during the draw: shuffle and cut only the earlier discards, not "
                f"seat {seat}'s own, and finish the draw from them ({op.reshuffle_rule})",
                street=street, detail={"what": "discards", "seat": seat, "draw": self._draw_number}))
            steps.append(Expected("replace", op.reshuffle_rule,
                                  f"Finish the draw from the reshuffled discards ({op.reshuffle_rule})",
                                  seat=seat, street=street, detail={"count": n - first}))
        self._front(*steps)

    def _discard_decision(self, seat: int, op: Discard) -> None:
        player = self.players[seat]
        street = self._current_street().name
        text = self._next_decision(Decision("discard", seat, street, tuple(player.cards), count=op.count))
        where = f"action {text!r} for seat {seat} on the {street}"
        words = text.lower().split()
        if not words or words[0] != "discard":
            raise ScenarioError(f"{where} is not legal: each player now discards {op.count} card, e.g. "
                                f"'discard 7c' or 'discard #3' ({op.rule})")
        chosen = self._named_cards(seat, text.split()[1:], where)
        if len(chosen) != op.count:
            raise ScenarioError(f"{where} is not legal: discard exactly {op.count} card ({op.rule})")
        self.log.append(f"Seat {seat} ({player.name}) discards {op.count} card")
        self._front(Expected(
            "take_discard", op.rule,
            f"Each player still in discards {op.count} card face down to the dealer, in turn from "
            f"the left of the button ({op.rule})", seat=seat, street=street, detail={"cards": chosen}))

    def _named_cards(self, seat: int, tokens: list[str], where: str) -> list[Card]:
        cards = self.players[seat].cards
        chosen = []
        for token in tokens:
            if token.startswith("#"):
                if not token[1:].isdigit() or not 1 <= int(token[1:]) <= len(cards):
                    raise ScenarioError(f"{where} is not legal: {token} is not one of the player's "
                                        f"{len(cards)} cards (#1 to #{len(cards)})")
                card = cards[int(token[1:]) - 1]
            else:
                try:
                    card = parse_cards([token])[0]
                except CardError as exc:
                    raise ScenarioError(f"{where} is not legal: {exc}") from None
                if card not in cards:
                    raise ScenarioError(f"{where} is not legal: seat {seat} does not hold {card}")
            if card in chosen:
                raise ScenarioError(f"{where} is not legal: {card} is named twice")
            chosen.append(card)
        if not chosen:
            raise ScenarioError(f"{where} is not legal: name the cards, e.g. 'discard 7c' or 'discard #2'")
        return chosen

    def _next_decision(self, decision: Decision) -> str:
        if self._actions:
            text = str(self._actions.pop(0)).strip()
        elif self.decide is not None:
            text = self.decide(self, decision)
        else:
            verb = {"bet": "act", "draw": "draw", "discard": "discard"}[decision.kind]
            raise ScenarioError(f"the scenario's actions ran out: seat {decision.seat} is to {verb} on the "
                                f"{decision.street}")
        if not text:
            raise ScenarioError(f"an empty action for seat {decision.seat} on the {decision.street}")
        self.played_actions.append(text)
        return text

    # --- showdown -------------------------------------------------------------------
    def _values(self, seat: int, board_index: int = 0, low: bool = False) -> int:
        sd = self.game.showdown
        ranking = self.game.ranking_for(self.scenario.deck, low)
        return best_value(ranking, self.players[seat].cards, self.boards[board_index], sd.selection)

    def readings(self) -> dict[int, str]:
        """Each live player's hand in words, at a showdown (empty if none)."""
        live = self.live_seats()
        if len(live) < 2:
            return {}
        sd = self.game.showdown
        deck = self.scenario.deck
        out = {}
        for s in live:
            cards = self.players[s].cards
            high = best_hand(self.game.ranking_for(deck), cards, self.boards[0], sd.selection)
            if sd.split == "hi-lo":
                low = best_hand(sd.low, cards, self.boards[0], sd.selection)
                out[s] = f"high {high.describe()}; low " + (low.describe() if low else "none (no eight-or-better)")
            elif sd.split == "double-board":
                bottom = best_hand(self.game.ranking_for(deck), cards, self.boards[1], sd.selection)
                out[s] = f"top {high.describe()}; bottom {bottom.describe()}"
            else:
                out[s] = high.describe()
        return out

    def _describe(self, seat: int, board_index: int = 0, low: bool = False) -> str:
        sd = self.game.showdown
        ranking = self.game.ranking_for(self.scenario.deck, low)
        hv = best_hand(ranking, self.players[seat].cards, self.boards[board_index], sd.selection)
        return hv.describe() if hv else "no qualifying low"

    def _schedule_showdown(self) -> None:
        # 8.1.7: a hand not tabled is not read; it gives up its claim to the pot.
        given_up = [s for s in self.scenario.mucked if s in self.live_seats()]
        if len(self.live_seats()) > 1 and given_up:
            for seat in given_up[:len(self.live_seats()) - 1]:
                self.players[seat].folded = True
                self.log.append(f"Seat {seat} ({self.players[seat].name}) does not table the hand (8.1.7)")
        live = self.live_seats()
        folded = {s for s, p in self.players.items() if p.folded}
        contributions = {s: p.committed for s, p in self.players.items() if p.committed}
        dead = self._dead_antes(contributions)
        uncalled = return_uncalled(contributions, folded)
        pots = build_pots(uncalled.contributions, folded) if uncalled.contributions else []
        if dead:
            main = pots[0] if pots else Pot(0, tuple(sorted(live)), "main pot")
            pots[:1] = [Pot(main.amount + dead, main.eligible, main.name)]
        # What the dealer has built at the showdown, before any commission.
        self.showdown_pots = list(pots)
        self.uncalled_lines = list(uncalled.lines)
        parts = self._award_parts(pots, live)
        unraked: list[str] = []
        if self.commission is not None and self.commission.method != "fixed-person":
            rake = self._pot_rake(pots, parts, uncalled, dead, live)
            if rake.total:
                # The pots are awarded net of the commission (7.2.1, 7.2.3); a
                # pot the fixed fee emptied has nothing left to push.
                pots = [p for p in rake.pots if p.amount] or list(rake.pots[:1])
                parts = self._award_parts(pots, live)
                self._agenda.append(self._rake_step(rake))
            else:
                unraked = list(rake.lines)
                self.rake_lines.extend(unraked)
        self.awards = [part for part, _ in parts]
        if uncalled.returned and self.awards:
            self.awards[0].returned = dict(uncalled.returned)
            self.awards[0].explanation = uncalled.lines + self.awards[0].explanation
        if unraked and self.awards:
            self.awards[0].explanation = unraked + self.awards[0].explanation
        for part, why in parts:
            self._agenda.append(Expected("award", part.rule, f"{why}. {part.reason}",
                                         seats=tuple(sorted(part.winners))))
        if not self._agenda:
            self.finished = True

    def _award_parts(self, pots, live) -> list[tuple[AwardedPot, str]]:
        """One award step per pot (two for a pot divided high/low or top/bottom)."""
        parts: list[tuple[AwardedPot, str]] = []
        if len(live) == 1:
            rule = self.game.uncontested_rule
            why = f"Only one player remains, so that player wins the pot without a showdown ({rule})"
            for pot in pots:
                parts.append(self._award_part(pot, [live[0]], rule,
                                              f"Seat {live[0]} is the only player left in the {pot.name}", why))
        else:
            for pot in pots:
                parts.extend(self._award_showdown(pot, live))
        return parts

    def _pot_rake(self, pots, parts, uncalled, dead: int, live):
        """The commission on the pots as the hand awards them. This is
        engine.commission.commission_for_hand applied to the hand's own pots
        (which also hold dead antes): the uncalled wager is already out of
        them (7.5); no rake when the only wagers were blinds (7.6; an ante is
        a wager too) or when tied hands contested the pot alone (7.8)."""
        winner_sets = {part.winners for part, _ in parts}
        tied = next(iter(winner_sets)) if len(live) > 1 and len(winner_sets) == 1 else ()
        paid = {s: p.committed for s, p in self.players.items() if p.committed}
        blinds_only = (bool(self._posted_blinds) and not dead
                       and only_blinds(uncalled.contributions, self._posted_blinds))
        return take_commission(pots, self.commission, lowest_chip=self.house.lowest_chip,
                               blinds_only=blinds_only, tied_contest=tied_contest(paid, tied),
                               players=len(self.players), uncalled=sum(uncalled.returned.values()))

    def _rake_step(self, rake) -> Expected:
        c = self.commission
        rule = RAKE_RULES[c.method]
        if c.method == "percentage":
            what = f"{c.percent}% of each pot" + (f", no more than {c.cap} in all (7.7)" if c.cap is not None else "")
        else:
            what = f"the fee for a hand of {len(self.players)} players (7.2.3(b))"
        return Expected("take_rake", rule,
                        f"The betting is over: before any pot is awarded, take the commission, {what}, from "
                        f"the pot and any side pots to the drop slide ({rule})", detail={"rake": rake})

    def _take_rake(self, exp: Expected) -> str:
        c = self.commission
        if c.method == "fixed-person":
            fees, lines = person_fees(c, sorted(self.players))
            for seat, fee in fees.items():
                self.players[seat].stack -= fee
            self._fees = fees
            total = sum(fees.values())
        else:
            rake = exp.detail["rake"]
            total, lines = rake.total, list(rake.lines)
            self.pot -= total
        self.rake += total
        self.rake_lines.extend(lines)
        self.explanations.extend(lines)
        where = "" if c.method == "fixed-person" else f"; the pot is {self.pot}"
        return f"Commission of {total} taken{where}. " + " ".join(lines)

    def _dead_antes(self, contributions: dict) -> int:
        """Antes that differ by seat (a big-blind ante) are dead money: no part
        of a wager to be called or matched, all in the main pot (published
        tournament rules; house tournament_antes). Takes them out of
        `contributions` and returns their total."""
        if not any(self.scenario.seat_antes.values()):
            return 0
        dead = 0
        for seat in list(contributions):
            paid = min(self.ante_of(seat), self.scenario.seats[seat][1] - self._fees.get(seat, 0))
            contributions[seat] -= paid
            dead += paid
            if not contributions[seat]:
                del contributions[seat]
        return dead

    def _award_part(self, pot: Pot, winners, rule: str, reason: str,
                    why: str = "") -> tuple[AwardedPot, str]:
        """One award step: the chips of `pot` to `winners`, and why they win."""
        shares, lines = award(pot, winners, button=self.button, seat_count=self.scenario.table_seats,
                              lowest_chip=self.house.lowest_chip, odd_chip=self.house.odd_chip,
                              hands={s: self.players[s].cards for s in winners})
        label = pot.name
        explanation = [f"{label[0].upper()}{label[1:]} of {pot.amount}: {reason}."] + lines[len(winners) == 1:]
        part = AwardedPot(label, pot.amount, tuple(pot.eligible), tuple(sorted(winners)), shares,
                          explanation, "8.1.5" if len(winners) > 1 else rule, reason)
        return part, why

    def _best(self, seats, board_index: int = 0, low: bool = False) -> list[int]:
        values = {s: self._values(s, board_index, low) for s in seats}
        if low:
            values = {s: v for s, v in values.items() if v > 0}
        if not values:
            return []
        top = max(values.values())
        return [s for s, v in values.items() if v == top]

    def _award_showdown(self, pot: Pot, live) -> list[tuple[AwardedPot, str]]:
        sd = self.game.showdown
        eligible = [s for s in pot.eligible if s in live]
        if len(eligible) == 1:
            return [self._award_part(pot, eligible, sd.rule,
                                     f"Seat {eligible[0]} is the only player left in the {pot.name}",
                                     why=f"The best five-card hand wins ({sd.rule})")]
        first = self._best(eligible)
        if sd.split == "high":
            best = "lowest" if sd.ranking in LOW_RANKINGS else "best"
            return [self._award_part(pot, first, sd.rule, self._reason(first),
                                     why=f"The {best} five-card hand wins ({sd.rule})")]
        if sd.split == "hi-lo":
            second = self._best(eligible, low=True)
            names, rules = ("high", "low"), (f"{sd.rule}(i)", f"{sd.rule}(ii)")
            if not second:
                return [self._award_part(
                    pot, first, sd.no_low_rule, self._reason(first),
                    why=f"No hand qualifies for low: the best high hand wins the whole pot ({sd.no_low_rule})")]
        else:
            second = self._best(eligible, board_index=1)
            names, rules = ("Top", "Bottom"), (f"{sd.rule}(i)", f"{sd.rule}(ii)")
        if len(first) == 1 and first == second:
            both = f"{sd.rule}(iii)"
            return [self._award_part(pot, first, both,
                                     f"Seat {first[0]} wins both the {names[0]} and the {names[1]}: the whole "
                                     f"pot", why=f"One hand wins both halves and takes the whole pot ({both})")]
        unit = self.house.lowest_chip
        second_half = (pot.amount // (2 * unit)) * unit
        first_half = pot.amount - second_half
        if not second_half:
            return [self._award_part(pot, first, sd.odd_chip_rule,
                                     f"the {pot.amount} cannot be halved in chips in play, so it goes to the "
                                     f"{names[0]} hand: " + self._reason(first),
                                     why=f"The odd chip of a divided pot goes to the {names[0]} hand "
                                         f"({sd.odd_chip_rule})")]
        parts = []
        for half, winners, label, rule, board, low in (
                (first_half, first, names[0], rules[0], 0, False),
                (second_half, second, names[1], rules[1], 1 if sd.split == "double-board" else 0,
                 sd.split == "hi-lo")):
            sub = Pot(half, pot.eligible, f"{label} half of the {pot.name}")
            odd = (f"; the odd chip of the halving goes to the {names[0]} half ({sd.odd_chip_rule})"
                   if label == names[0] and first_half != second_half else "")
            parts.append(self._award_part(
                sub, winners, rule, self._reason(winners, board, low) + odd,
                why=f"The pot is halved: the {label} half goes to the best {label} hand ({rule})"))
        return parts

    def _reason(self, winners, board_index: int = 0, low: bool = False) -> str:
        words = self._describe(winners[0], board_index, low)
        return (f"Seat{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} "
                f"{'tie' if len(winners) > 1 else 'wins'} with {words}")

    # --- proposals ----------------------------------------------------------------
    def propose(self, step: Step) -> Verdict:
        """Check a dealer step; apply it only if it is the one due now."""
        exp = self.expected()
        if exp is None and not self.finished:
            return Verdict(False, f"The hand is paused before the {self.pause_before_betting} betting "
                                  "round.", "")
        if exp is None:
            return Verdict(False, "The hand is over: the pot has been awarded.", "")
        if step.kind not in STEP_LABELS:
            return Verdict(False, f"{step.kind!r} is not a dealer step.", "")
        if step.kind != exp.kind:
            return Verdict(False, f"Not now. {exp.why}.", exp.rule)
        if exp.kind in SEAT_STEPS and step.seat != exp.seat:
            if step.seat not in self.players:
                return Verdict(False, f"Seat {step.seat} is empty. {exp.why}.", exp.rule)
            return Verdict(False, f"Not seat {step.seat}. {exp.why}.", exp.rule)
        if exp.kind == "award" and tuple(sorted(step.seats)) != exp.seats:
            return Verdict(False, f"That is not who wins this pot. {exp.why}.", exp.rule)
        self._agenda.pop(0)
        message = self._apply(exp)
        self.step_count += 1
        self._advance()
        return Verdict(True, message, exp.rule)

    def _take(self) -> Card:
        if not self.deck.cards:
            raise ScenarioError("the deck ran out of cards: no rule provides another card here")
        card = self.deck.take()
        self.taken.append(card)
        return card

    def _apply(self, exp: Expected) -> str:
        kind = exp.kind
        if kind == "move_button":
            self.button = exp.seat
            self._schedule_forced_bets()
            return f"Button to seat {exp.seat}."
        if kind == "collect_antes":
            total = 0
            for p in self.players.values():
                chips = min(self.ante_of(p.seat), p.stack)
                p.stack -= chips
                p.committed += chips
                total += chips
            self.pot += total
            amounts = sorted({self.ante_of(s) for s in self.players} - {0})
            return f"Antes of {'/'.join(map(str, amounts))} collected: the pot is {self.pot}."
        if kind == "post_blind":
            player = self.players[exp.seat]
            amount = min(exp.detail["amount"], player.stack)
            player.stack -= amount
            player.in_front += amount
            player.committed += amount
            what = "an over-blind of" if exp.detail.get("over") else "posts"
            return f"Seat {exp.seat} {'places ' + what if exp.detail.get('over') else what} {amount}."
        if kind in ("pitch", "pitch_up"):
            card = self._take()
            player = self.players[exp.seat]
            player.cards.append(card)
            player.up.append(kind == "pitch_up")
            return f"{card} face up to seat {exp.seat}." if kind == "pitch_up" else f"Card to seat {exp.seat}."
        if kind == "deal_kitty":
            self.kitty.append(self._take())
            return "Card to the Kitty."
        if kind == "name_opener":
            return self._opener_message(exp.seat)
        if kind == "burn":
            self.burns.append(self._take())
            return "Burned."
        if kind == "deal_flop":
            board = exp.detail.get("board", 0)
            self.boards[board].extend(self._take() for _ in range(3))
            self.face_down.add(board)
            return "Bottom flop dealt face down." if board else "Flop dealt face down."
        if kind == "turn_flop":
            board = exp.detail.get("board", 0)
            self.face_down.discard(board)
            return f"{'Bottom flop' if board else 'Flop'}: {format_cards(self.boards[board][:3])}."
        if kind == "deal_board":
            card = self._take()
            self.boards[exp.detail.get("board", 0)].append(card)
            name = exp.detail.get("name") or f"{exp.street} card"
            label = exp.street if name == f"{exp.street} card" else name
            return f"{label[0].upper()}{label[1:]}: {card}."
        if kind == "deal_common":
            card = self._take()
            self.board.append(card)
            return f"Common card: {card}, used by every player."
        if kind == "take_discard":
            player = self.players[exp.seat]
            if exp.detail.get("exchange"):
                cards = list(player.cards)
                self.muck.extend((c, None, None) for c in cards)
                player.cards, player.up = [], []
                return f"Seat {exp.seat}'s hand into the muck."
            for card in exp.detail["cards"]:
                i = player.cards.index(card)
                del player.cards[i]
                del player.up[i]
                self.muck.append((card, exp.seat, exp.detail.get("draw")))
            n = len(exp.detail["cards"])
            return f"Seat {exp.seat}'s {n} discard{'s' if n > 1 else ''} into the muck."
        if kind == "replace":
            player = self.players[exp.seat]
            count = min(exp.detail["count"], len(self.deck))
            for _ in range(count):
                player.cards.append(self._take())
                player.up.append(False)
            return f"{count} card{'s' if count > 1 else ''} to seat {exp.seat}."
        if kind == "reshuffle":
            return self._reshuffle(exp)
        if kind == "give_kitty":
            player = self.players[exp.seat]
            player.cards, player.up = list(self.kitty), [False] * len(self.kitty)
            self.kitty = []
            return f"The Kitty to seat {exp.seat}."
        if kind == "muck_kitty":
            self.muck.extend((c, None, None) for c in self.kitty)
            self.kitty = []
            return "The Kitty is mucked."
        if kind == "take_rake":
            return self._take_rake(exp)
        if kind == "collect_bets":
            total = sum(p.in_front for p in self.players.values())
            for p in self.players.values():
                p.in_front = 0
            self.pot += total
            return f"{total} collected; the pot is {self.pot}."
        if kind == "award":
            part = self.awards[self._pots_awarded]
            self._pots_awarded += 1
            for seat, chips in part.returned.items():
                self.players[seat].stack += chips
            for seat, chips in part.shares.items():
                self.players[seat].stack += chips
                self.awarded[seat] = self.awarded.get(seat, 0) + chips
            self.pot -= part.amount + sum(part.returned.values())
            self.explanations.extend(part.explanation)
            if self._pots_awarded == len(self.awards):
                self.finished = True
            return " ".join(part.explanation)
        raise AssertionError(kind)

    def _opener_message(self, seat: int) -> str:
        shown = format_cards(self.players[seat].upcards[-4:])
        street = self._current_street()
        if street.betting.opener == "bring_in":
            return f"Seat {seat} ({shown}) brings in."
        best = self._card_opener(street.betting)
        if best != seat:
            return (f"Seat {best} shows the best hand but is all in; seat {seat} ({shown}) acts first.")
        return f"Seat {seat} ({shown}) opens."

    def _reshuffle(self, exp: Expected) -> str:
        """Shuffle the burns with the stub (stud) or the earlier discards (draw)."""
        self._reshuffles += 1
        rng = random.Random(f"{self.scenario.seed}:reshuffle:{self._reshuffles}")
        if exp.detail["what"] == "burns":
            cards = self.burns + self.deck.cards
            self.burns = []
            rng.shuffle(cards)
            self.deck = Deck(cards)
            return f"Burns shuffled with the stub: {len(cards)} cards."
        seat, draw = exp.detail["seat"], exp.detail["draw"]
        # The drawing player's discards from this draw stay out (8.4.4(b)); the
        # later players have not discarded yet. Folded hands, the Kitty and a
        # hand exchanged for it are earlier discards (8.5.4(b); 1.1 Muck).
        keep = [m for m in self.muck if m[1] == seat and m[2] == draw]
        cards = [m[0] for m in self.muck if not (m[1] == seat and m[2] == draw)]
        for p in self.players.values():
            if p.folded and p.cards:
                cards.extend(p.cards)
                p.cards, p.up = [], []
        self.muck = keep
        rng.shuffle(cards)
        deck = Deck(self.deck.cards + cards)
        if len(deck) > 1:
            deck.cut(rng.randint(1, len(deck) - 1))
        self.deck = deck
        return f"{len(cards)} earlier discards shuffled and cut."

    def autoplay(self, *, until_betting_on: str | None = None) -> "Hand":
        """Deal correctly to the end of the hand, or until the betting round
        of `until_betting_on` is about to open (for "who acts first"
        questions). A paused hand stays paused, so reading it (`view`) plays
        no decision of that round; set `pause_before_betting = None` to go on."""
        self.pause_before_betting = until_betting_on
        while (exp := self.expected()) is not None:
            verdict = self.propose(Step(exp.kind, exp.seat, exp.seats))
            assert verdict.ok, verdict.message
        return self

    def replay(self, steps) -> "Hand":
        """Apply accepted steps again (they are stored, the hand is not)."""
        for step in steps:
            verdict = self.propose(step)
            if not verdict.ok:
                raise ScenarioError(f"stored step {step} no longer fits this hand: {verdict.message}")
        return self

    # --- reading -----------------------------------------------------------------
    def step_kinds(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(seat tools, table actions) this hand can call for, in display order."""
        kinds = {"collect_bets", "award"}
        game = self.game
        if self.takes_rake():
            kinds.add("take_rake")
        if game.uses_button:
            kinds.add("move_button")
        if self.blind_amounts:
            kinds.add("post_blind")
        if self.ante or any(self.scenario.seat_antes.values()):
            kinds.add("collect_antes")
        if game.stub_short:
            kinds |= {"reshuffle", "deal_common"}
        for street in game.streets:
            for op in street.deal:
                if isinstance(op, DealHole):
                    kinds.add("pitch_up" if op.face_up else "pitch")
                    if op.kitty:
                        kinds |= {"deal_kitty", "take_discard", "give_kitty"}
                elif isinstance(op, Burn):
                    kinds.add("burn")
                elif isinstance(op, DealBoard):
                    kinds |= {"deal_flop", "turn_flop"} if op.flop else {"deal_board"}
                elif isinstance(op, Discard):
                    kinds.add("take_discard")
                elif isinstance(op, Draw):
                    kinds |= {"take_discard", "replace", "reshuffle"}
                elif isinstance(op, MuckKitty):
                    kinds.add("muck_kitty")
            if street.betting and street.betting.opener in ("bring_in", "best_showing"):
                kinds.add("name_opener")
        return (tuple(k for k in SEAT_TOOLS if k in kinds), tuple(k for k in TABLE_ACTIONS if k in kinds))

    @property
    def flop_face_down(self) -> bool:
        return 0 in self.face_down

    def view(self, reveal: bool = False) -> dict:
        """What a person at the table can see: face-down cards stay hidden
        unless `reveal` (the showdown), up-cards show, and the deck is only a count."""
        exp = self.expected()
        showdown = reveal or (exp is not None and exp.kind == "award"
                              and len(self.live_seats()) > 1) or self.finished
        seats = []
        for seat in range(1, self.scenario.table_seats + 1):
            p = self.players.get(seat)
            if p is None:
                seats.append({"seat": seat, "empty": True})
                continue
            show = showdown and not p.folded
            seats.append({
                "seat": seat, "empty": False, "name": p.name, "stack": p.stack,
                "in_front": p.in_front, "folded": p.folded, "all_in": p.all_in,
                "button": seat == self.button, "won": self.awarded.get(seat, 0),
                "cards": [str(c) if show or (up and not p.folded) else None for c, up in zip(p.cards, p.up)],
                "up": list(p.up),
            })
        boards = [[None if b in self.face_down and i < 3 else str(c) for i, c in enumerate(cards)]
                  for b, cards in enumerate(self.boards)]
        discards = any(isinstance(op, (Draw, Discard)) for st in self.game.streets for op in st.deal)
        return {
            "game": self.game.name, "title": self.game.title,
            "seats": seats, "button": self.button, "pot": self.pot,
            "commission": self.rake if self.takes_rake() else None,
            "board": boards[0], "boards": boards,
            "kitty": None if self.kitty is None else [None] * len(self.kitty),
            "muck": len(self.muck) if discards or self.kitty is not None else None,
            "burns": len(self.burns), "deck": len(self.deck), "log": list(self.log),
            "steps": self.step_count, "finished": self.finished,
            "explanations": list(self.explanations),
        }


def _worst_cards(cards, n: int, ranking: str) -> list[Card]:
    """The `n` cards a player drawing `n` throws away: high games keep pairs
    and high cards; lowball throws pairs and high cards first."""
    if n == 0:
        return []
    ace_low = ranking == "ace-to-five"

    def rank(c):
        return 1 if ace_low and c.rank == 14 else c.rank

    counts = {}
    for c in cards:
        counts[rank(c)] = counts.get(rank(c), 0) + 1
    if ranking in LOW_RANKINGS:
        order = sorted(cards, key=lambda c: (-counts[rank(c)], -rank(c)))
    else:
        order = sorted(cards, key=lambda c: (counts[rank(c)], rank(c)))
    return order[:n]


class RandomPlayer:
    """Seeded random player decisions for any game: `Hand(scenario, decide=RandomPlayer(seed))`.

    Bets fold, check, call, bet, raise and go all in with fixed odds; draws
    take 0-5 cards; discards and Kitty exchanges happen now and then. Every
    choice is legal, so a hand always plays to the end."""

    def __init__(self, seed=None, aggression: float = 0.25):
        self.rng = random.Random(seed)
        self.aggression = aggression

    def __call__(self, hand: Hand, decision: Decision) -> str:
        rng = self.rng
        if decision.kind == "draw":
            n = rng.choices(range(decision.count + 1), weights=(25, 30, 20, 15, 5, 5)[:decision.count + 1])[0]
            if n and rng.random() < 0.2:
                return "discard " + " ".join(f"#{i + 1}" for i in sorted(rng.sample(range(len(decision.cards)), n)))
            return f"draw {n}" if n else "stand pat"
        if decision.kind == "discard":
            cards = decision.cards
            if rng.random() < 0.5:
                return "discard " + " ".join(str(c) for c in rng.sample(list(cards), decision.count))
            return "discard " + " ".join(f"#{i + 1}" for i in rng.sample(range(len(cards)), decision.count))
        opts = decision.options
        if decision.forced:
            if opts.min_to is None:
                return "all-in"
            if rng.random() < 0.5:
                return "bring-in"
            return f"bet {self._amount(opts)}"
        if decision.kitty and rng.random() < 0.2:
            return "take kitty"
        acts = list(opts.actions)
        if decision.no_raise:
            acts = [a for a in acts if a not in ("bet", "raise")]
            if "all-in" in acts and opts.all_in_to > opts.call_to:
                acts.remove("all-in")
        weights = []
        for a in acts:
            if a == "fold":
                weights.append(3 if "call" in acts else 0.3)
            elif a in ("check", "call"):
                weights.append(10)
            elif a in ("bet", "raise"):
                weights.append(10 * self.aggression)
            else:
                weights.append(0.6)
        act = rng.choices(acts, weights=weights)[0]
        if act in ("bet", "raise"):
            return f"{act} {self._amount(opts)}"
        return act

    def _amount(self, opts: Options) -> int:
        low, high = opts.min_to, opts.max_to
        return low + int((high - low) * self.rng.random() ** 3)
