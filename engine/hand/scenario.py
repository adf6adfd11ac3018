"""The scenario of a hand: what a lesson cell (or a PHH history) gives.

Seats and stacks, the button, blinds, antes, the betting structure, the
commission, the player decisions in acting order, the seed and any cards
stacked on top of the deck. `from_dict` reads a lesson cell's TOML table
with messages naming the key at fault; `SetUp` checks the scenario against
the game's declaration and the house's rules and works out what the hand
takes (blinds, ante, betting structure, commission) before a card is dealt.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, cast

from engine.betting.structures import KINDS as BETTING_KINDS
from engine.betting.structures import BettingStructure
from engine.cards.deck import DECK_LOWEST_RANK, Card, CardError, parse_cards
from engine.games.parts import Game
from engine.house import HouseRules, max_players_for
from engine.money.commission import Commission
from engine.procedure import Procedure
from engine.steps import ScenarioError

COMMISSION_KEYS = tuple(Commission.__dataclass_fields__)
# Commission methods a hand takes (section 7). A time charge (7.2.2) is paid by
# every seated player per hour, in advance, so no hand ever takes it.
POT_RAKE = ("percentage", "fixed-hand")        # from the pots: 7.2.1(a), 7.2.3(a)
RAKE_RULES = {"percentage": "7.2.1(a)", "fixed-hand": "7.2.3(a)", "fixed-person": "7.2.4(b)"}

# (betting, table minimum, first big-bet round, *limits) -> the structure: see SetUp._resolve_structure.
_STRUCTURES: dict[tuple[object, ...], BettingStructure] = {}


@dataclass(frozen=True)
class Posted:
    """One forced bet the table's plan sets before the deal (engine.table.plan.Post):
    a blind, a new player's or a penalty big blind, a missed blind made up.
    A dead post goes to the pot and counts toward no bet (8.2.3)."""
    seat: int
    what: str
    amount: int
    live: bool = True
    rule: str = "8.2.2"


@dataclass
class Scenario:
    """What a lesson cell gives the engine: everything needed to replay a hand."""
    game: str = "holdem"
    seats: dict[int, tuple[str, int]] = field(default_factory=dict)    # seat -> (name, stack)
    button_was: int = 1
    blinds: tuple[int, ...] | None = None        # None: (1, 2) in blind games
    actions: tuple[str, ...] = ()                # player decisions in acting order
    seed: int = 1
    stack: tuple[Card, ...] = ()                 # cards forced to the top of the deck
    deck: int | None = None                      # None: the game's first deck size (52; Manila 36)
    table_seats: int = 10
    house: str = "main"
    ante: int | None = None                      # None: 1 where the game requires one
    betting: str = "no-limit"                    # engine.betting.rulings KINDS
    limits: tuple[int, ...] = ()                 # amounts for `betting`, see README
    over_blind: bool = False                     # left of the last blind posts double
    bring_in: int | None = None                  # stud: a bring-in below the first bet (see _bring_in)
    seat_antes: dict[int, int] = field(default_factory=dict)  # seat -> ante where antes differ (house tournament_antes)
    mucked: tuple[int, ...] = ()                 # seats that do not table their hand at the showdown (8.1.7)
    # Section 7 for this hand: settings over the house's `commission` ({} = the
    # house's own); None takes commission only where the house's rake_in_hand says so.
    commission: dict[str, Any] | None = None
    # A hand across hands (engine.down): the button's seat when it is not the
    # next player after `button_was` (a dead button, 8.2.6), the forced bets as
    # the table's plan sets them (they replace the blinds left of the button,
    # 8.2.2-8.2.7), and players seated but not dealt in (waiting, 8.2.3-8.2.7).
    button: int | None = None
    posts: tuple[Posted, ...] = ()
    out: dict[int, tuple[str, int]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Scenario":
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
        ints: dict[str, int | None] = {}
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
        table_seats = ints["table_seats"] or 10
        if not 1 <= button_was <= table_seats:
            raise ScenarioError(f"button_was = {button_was} is not a seat at this table (seats 1 to {table_seats}): "
                                "it names the seat that had the button last hand")
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
        button = data.get("button")
        if button is not None and (not _whole(button) or not 1 <= button <= table_seats):
            raise ScenarioError(f"button = {button!r} is not a seat at this table (seats 1 to {table_seats})")
        out = _seat_table(data.get("out", {}), "out")
        both = sorted(set(out) & set(seats))
        if both:
            raise ScenarioError(f"seat {both[0]} is in both seats and out: a player not dealt in is listed "
                                "under out only")
        return cls(game=game, seats=seats, button_was=button_was, blinds=blinds, button=button,
                   posts=_posts(data.get("posts", []), seats), out=out,
                   actions=tuple(actions), seed=data.get("seed", 1), stack=stacked, deck=ints["deck"],
                   table_seats=cast(int, ints["table_seats"]), house=data.get("house", "main"), ante=ante,
                   betting=betting, limits=tuple(limits), over_blind=over_blind, bring_in=bring_in,
                   seat_antes={int(k): v for k, v in seat_antes.items()}, mucked=tuple(mucked),
                   commission=_commission_table(data.get("commission")))


def _seat_table(raw: object, key: str) -> dict[int, tuple[str, int]]:
    """`seats` or `out`: seat = ["Name", chips]."""
    if not isinstance(raw, dict):
        raise ScenarioError(f'{key} must be a table like {key} = {{ 1 = ["Ann", 200] }}')
    seats = {}
    for seat, value in raw.items():
        if not str(seat).isdigit():
            raise ScenarioError(f"{key}: seat {seat!r} is not a seat number")
        if (not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str)
                or not _whole(value[1]) or value[1] < 0):
            raise ScenarioError(f'{key}: seat {seat} must be ["Name", chips]')
        seats[int(seat)] = (value[0], value[1])
    return seats


POST_KEYS = ("seat", "what", "amount", "live", "rule")


def _posts(raw: object, seats: dict[int, tuple[str, int]]) -> tuple[Posted, ...]:
    """`posts`: the forced bets as the table plan sets them (engine.table.plan.Post)."""
    example = 'posts = [{ seat = 3, what = "small blind", amount = 1, live = true, rule = "8.2.2(a)" }]'
    if not isinstance(raw, list):
        raise ScenarioError(f"posts must be a list of tables, e.g. {example}")
    out = []
    for item in raw:
        if not isinstance(item, dict) or set(item) - set(POST_KEYS) or not {"seat", "amount"} <= set(item):
            raise ScenarioError(f"each post is a table of {', '.join(POST_KEYS)} (seat and amount needed), "
                                f"e.g. {example}")
        seat, amount = item["seat"], item["amount"]
        if not _whole(seat) or seat not in seats:
            raise ScenarioError(f"posts: seat {seat!r} is not a seat dealt in (listed under seats)")
        if not _whole(amount) or amount <= 0:
            raise ScenarioError(f"posts: seat {seat}'s amount must be chips above 0, not {amount!r}")
        live, what, rule = item.get("live", True), item.get("what", "blind"), item.get("rule", "8.2.2")
        if not isinstance(live, bool) or not isinstance(what, str) or not isinstance(rule, str):
            raise ScenarioError(f"posts: seat {seat}: live is true or false, what and rule are text")
        out.append(Posted(seat, what, amount, live, rule))
    return tuple(out)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _commission_table(value: object) -> dict[str, Any] | None:
    """A scenario's `commission` table: settings of engine.money.commission.Commission.
    The values are checked when the hand is built, against the house's setting."""
    if value is None:
        return None
    example = 'commission = { method = "percentage", percent = 5, cap = 3 }'
    if not isinstance(value, dict):
        raise ScenarioError(f"commission must be a table, e.g. {example} (7.2)")
    unknown = sorted(set(value) - set(COMMISSION_KEYS))
    if unknown:
        raise ScenarioError(f"commission: {unknown[0]!r} is not a commission setting; use "
                            f"{', '.join(COMMISSION_KEYS)} (engine/money/commission.py)")

    def frozen(v: object) -> object:
        return tuple(frozen(x) for x in v) if isinstance(v, list) else v
    return {k: frozen(v) for k, v in value.items()}


class SetUp:
    """What a hand takes before the deal, worked out from the scenario, the
    game's declaration and the house's rules, and the checks that refuse a
    scenario that cannot be dealt (Table 1, 8.2.2, 8.4.1(b)(i), 7.2)."""

    scenario: Scenario
    game: Game
    house: HouseRules
    blind_amounts: tuple[int, ...]
    ante: int
    structure: BettingStructure
    commission: Commission | None

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

    def _resolve_blinds(self) -> tuple[int, ...]:
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

    def _table_minimum(self) -> int:
        if self.blind_amounts:
            return self.blind_amounts[-1]
        return max(2 * self.ante, 2 * self.house.lowest_chip)

    def _resolve_structure(self) -> BettingStructure:
        """The table sign's structure (6.3), kept per set of figures: it is
        frozen, and every hand of a table asks for the same one."""
        kind, limits = self.scenario.betting, self.scenario.limits
        low = self._table_minimum()
        if type(kind) is not str or not all(type(x) is int for x in limits):   # the checks name them
            return self._build_structure(kind, limits, low)
        key = (kind, low, self.game.big_bet_from, *limits)
        kept = _STRUCTURES.get(key)
        if kept is None:
            kept = _STRUCTURES[key] = self._build_structure(kind, limits, low)
        return kept

    def _build_structure(self, kind: str, limits: tuple[int, ...], low: int) -> BettingStructure:
        want = 2 if kind in ("fixed", "spread") else 1
        if limits and len(limits) != want:
            example = {"fixed": "[2, 4] (small bet, big bet)", "spread": "[2, 10] (minimum, maximum)"}.get(
                kind, "[2] (the minimum bet)")
            raise ScenarioError(f"limits for {kind} betting must be {example}, not {list(limits)}")
        try:
            if kind == "fixed":
                small, big = limits or (low, 2 * low)
                fixed: BettingStructure = BettingStructure.fixed(small, big, big_bet_from=self.game.big_bet_from)
                return fixed
            if kind == "spread":
                least, most = limits or (low, 5 * low)
                spread: BettingStructure = BettingStructure.spread(least, most)
                return spread
            return BettingStructure(kind, min_bet=limits[0] if limits else low)
        except ValueError as exc:
            raise ScenarioError(f"limits: {exc}") from None

    def _check_scenario(self) -> None:
        sc, game = self.scenario, self.game
        if sc.deck not in game.max_players:
            raise ScenarioError(f"{game.title} is not dealt with a {sc.deck}-card deck; allowed: "
                                f"{', '.join(map(str, game.max_players))} ({game.max_players_rule})")
        limit = max_players_for(self.house, game, self.deck_size)
        if len(sc.seats) > limit:
            raise ScenarioError(f"{game.title} with {sc.deck} cards seats at most {limit} "
                                f"players, not {len(sc.seats)} ({game.max_players_rule} Table 1"
                                f"{', house ' + self.house.name if limit < game.max_players[sc.deck] else ''})")
        if len(sc.seats) < 2:
            raise ScenarioError(f"{len(sc.seats)} player is not a hand: at least two are needed (at least "
                                "three for the blinds to fall as 8.2.2 places them; two play heads-up "
                                "under the house rule heads_up)")
        if sc.posts and not self.blind_amounts:
            raise ScenarioError(f"posts are the blinds and other posts of a blind game; {game.title} "
                                f"takes {game.forced_bets()}")
        if sc.out and len(sc.seats) + len(sc.out) > limit:
            raise ScenarioError(f"{game.title} seats at most {limit} players, dealt in or not "
                                f"({game.max_players_rule} Table 1)")
        bad = [s for s in list(sc.seats) + list(sc.out) if not 1 <= s <= sc.table_seats]
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
        Procedure.check_stack(sc.stack, self.deck_size)

    def _over_blind_rule(self) -> str | None:
        mode = self.house.over_blind
        if self.game.blinds is None or mode == "never" or not self.blind_amounts:
            return None
        if self.game.blinds.over_blind:
            return self.game.blinds.over_blind
        return "8.2.4" if mode == "all_blind_games" else None

    def takes_rake(self) -> bool:
        """True where this hand has a commission step (the method takes one)."""
        c = self.commission
        return c is not None and (c.method in POT_RAKE or (c.method == "fixed-person" and c.person_fee > 0))

    def ante_of(self, seat: int) -> int:
        """What a seat antes: the table's ante, or its own (a big-blind ante)."""
        ante: int = self.scenario.seat_antes.get(seat, self.ante)
        return ante

    @property
    def deck_size(self) -> int:
        """The deck the hand is dealt with (the scenario's, or the game's first)."""
        assert self.scenario.deck is not None, "set by the hand before any set-up"
        return self.scenario.deck
