"""Betting (section 6): structures, one betting round, and the dealer's rulings.

Amounts are always "to": `raise 60` means that after the raise the player has
60 in front of them for this betting round (blinds and bring-ins included).
Calls and checks need no amount; `all-in` puts in every chip the player has.
Chips are ints; nothing here uses floats.

A `BettingRound` knows whose turn it is, what that player may do and between
which amounts, and applies an action or refuses it with a message citing the
rule, leaving itself unchanged. The irregular cases the rulebook settles
(6.10, 6.11-6.13, 6.14, 6.16, 6.17) are methods or functions that return a
`Ruling`: what the dealer says and the action it amounts to.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from engine.house import MAIN, HouseRules

KINDS = ("fixed", "spread", "pot", "half-pot", "no-limit")
LIMIT_KINDS = ("fixed", "spread")          # 6.12, 6.15.2: "limit games"
ACTIONS = ("fold", "check", "call", "bet", "raise", "all-in")

KIND_NAMES = {"fixed": "fixed (structured) limit", "spread": "spread limit",
              "pot": "pot limit", "half-pot": "half-pot limit", "no-limit": "no limit"}


def _chips(value: object, what: str, *, positive: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number of chips, not {value!r}")
    if value < 0 or (positive and value == 0):
        raise ValueError(f"{what} must be {'more than' if positive else 'at least'} 0, not {value}")
    return value


@dataclass(frozen=True)
class BettingStructure:
    """The betting limits on the table sign (6.3).

    fixed: every bet and raise is `small_bet` (rounds before `big_bet_from`)
    or `big_bet`. spread: a bet is `min_bet`..`max_bet` and a raise at least
    the last bet or raise (6.7). pot / half-pot: at most the pot (or half of
    it) after the call is counted in (6.6). no-limit: at most the stack.
    `raise_cap` is the three-raise limit of 6.8; it never applies to pot or
    no-limit games, nor head to head.
    """

    kind: str
    small_bet: int = 0
    big_bet: int = 0
    big_bet_from: int = 2
    min_bet: int = 0
    max_bet: int = 0
    raise_cap: int | None = 3

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"no betting structure {self.kind!r}: use one of {', '.join(KINDS)}")
        if self.kind == "fixed":
            _chips(self.small_bet, "the small bet of a fixed-limit game", positive=True)
            _chips(self.big_bet, "the big bet of a fixed-limit game", positive=True)
            if self.big_bet < self.small_bet:
                raise ValueError(f"the big bet ({self.big_bet}) is smaller than the small bet ({self.small_bet})")
            _chips(self.big_bet_from, "the first round of the big bet")
        else:
            _chips(self.min_bet, f"the minimum bet of a {KIND_NAMES[self.kind]} game", positive=True)
        if self.kind == "spread":
            _chips(self.max_bet, "the betting maximum of a spread-limit game", positive=True)
            if self.max_bet < self.min_bet:
                raise ValueError(f"the betting maximum ({self.max_bet}) is below the minimum ({self.min_bet}) (6.7)")
        if self.raise_cap is not None:
            _chips(self.raise_cap, "the raise cap", positive=True)

    @classmethod
    def fixed(cls, small_bet: int, big_bet: int, big_bet_from: int = 2,
              raise_cap: int | None = 3) -> BettingStructure:
        return cls("fixed", small_bet=small_bet, big_bet=big_bet, big_bet_from=big_bet_from,
                   raise_cap=raise_cap)

    @classmethod
    def spread(cls, min_bet: int, max_bet: int, raise_cap: int | None = 3) -> BettingStructure:
        return cls("spread", min_bet=min_bet, max_bet=max_bet, raise_cap=raise_cap)

    @classmethod
    def pot_limit(cls, min_bet: int) -> BettingStructure:
        return cls("pot", min_bet=min_bet)

    @classmethod
    def half_pot(cls, min_bet: int) -> BettingStructure:
        return cls("half-pot", min_bet=min_bet)

    @classmethod
    def no_limit(cls, min_bet: int) -> BettingStructure:
        return cls("no-limit", min_bet=min_bet)

    def unit(self, round_index: int = 0) -> int:
        """The structured bet (fixed) or table minimum (others) for a round."""
        if self.kind == "fixed":
            return self.big_bet if round_index >= self.big_bet_from else self.small_bet
        return self.min_bet

    @property
    def capped(self) -> bool:
        """6.8: only fixed and spread games limit the number of raises."""
        return self.kind in LIMIT_KINDS and self.raise_cap is not None

    def describe(self) -> str:
        if self.kind == "fixed":
            return f"{self.small_bet}/{self.big_bet} fixed limit"
        if self.kind == "spread":
            return f"{self.min_bet}-{self.max_bet} spread limit"
        return f"{KIND_NAMES[self.kind]}, minimum bet {self.min_bet}"


@dataclass(frozen=True)
class Action:
    kind: str
    amount: int | None = None   # the "to" total for bet / raise

    def __str__(self) -> str:
        return self.kind if self.amount is None else f"{self.kind} {self.amount}"


@dataclass(frozen=True)
class Outcome:
    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class Options:
    """What the player to act may do (amounts are "to" totals)."""

    seat: int
    actions: tuple[str, ...]
    to_call: int            # chips a call costs (less when it puts the player all-in)
    call_to: int
    min_to: int | None      # smallest full bet/raise, None when not possible
    max_to: int | None      # largest bet/raise within the limit and the stack
    all_in_to: int
    note: str = ""          # why a raise is not possible, with the rule


@dataclass(frozen=True)
class Ruling:
    """What the dealer says and does in a situation the rulebook settles."""

    rule: str
    text: str
    action: Action | None = None
    returned: int = 0           # chips handed back to the player
    options: tuple[str, ...] = ()


class BettingRound:
    """One betting round (the "Betting round" of 1.1).

    seats: the players still in the hand, in acting order (first to act
    first). stacks: chips behind each player, after anything posted.
    posted: chips already in front this round (blinds, over-blind,
    bring-in). pot: chips already in the middle (antes, earlier rounds),
    needed for pot limits (6.6). call_level: what a call costs when a
    blind was posted short all-in (standard practice: the others still call
    the full blind); defaults to the largest amount posted.
    """

    def __init__(self, structure: BettingStructure, seats: Iterable[int], stacks: Mapping[int, int], *,
                 posted: Mapping[int, int] | None = None, pot: int = 0, round_index: int = 0,
                 bet_unit: int | None = None, call_level: int | None = None,
                 house: HouseRules | None = None, lowest_chip: int | None = None) -> None:
        self.structure = structure
        self.house = house or MAIN
        self.order = list(seats)
        if len(set(self.order)) != len(self.order):
            raise ValueError(f"a seat is listed twice in the acting order {self.order}")
        if not self.order:
            raise ValueError("a betting round needs at least one player")
        posted = dict(posted or {})
        for seat in self.order:
            if seat not in stacks:
                raise ValueError(f"seat {seat} has no stack")
            _chips(stacks[seat], f"the stack of seat {seat}")
        for seat, amount in posted.items():
            if seat not in self.order:
                raise ValueError(f"seat {seat} posted {amount} but is not in the hand")
            _chips(amount, f"the amount posted by seat {seat}")
        self.pot = _chips(pot, "the pot")
        self.round_index = _chips(round_index, "the round index")
        self.unit = _chips(bet_unit if bet_unit is not None else structure.unit(round_index),
                           "the bet unit", positive=True)
        self.lowest_chip = _chips(lowest_chip if lowest_chip is not None else self.house.lowest_chip,
                                  "the lowest chip", positive=True)
        self.stacks = {s: stacks[s] for s in self.order}
        self.in_front = {s: posted.get(s, 0) for s in self.order}
        top = max(self.in_front.values())
        self.level = _chips(call_level if call_level is not None else top, "the call level")
        if self.level < top:
            raise ValueError(f"the call level {self.level} is below the {top} already posted")
        # A full bet is "open" once the wager to call reaches the structured bet / minimum.
        self.opened = self.level >= self.unit
        self.full_level = self.level if self.opened else 0
        self.last_inc = max(self.unit, self.level) if self.opened and structure.kind != "fixed" else self.unit
        self.raises = 0
        self.folded: set[int] = set()
        self.all_in = {s for s in self.order if self.stacks[s] == 0}
        # Players all-in before this round take no part in it (6.15.1).
        self.starters = [s for s in self.order if s not in self.all_in]
        self.may_raise = {s: True for s in self.order}
        self.faced: dict[int, int] = {}
        self.forfeited: set[int] = set()
        self.history: list[tuple[int, Action]] = []
        self.log: list[str] = []
        self.pending = set(self.starters)
        self._settle_pending()
        self.turn = self._next_from(None)

    # ----- reading the state -------------------------------------------------------

    @property
    def complete(self) -> bool:
        return not self.pending

    @property
    def contributions(self) -> dict[int, int]:
        """Chips each seat has put in this round (blinds included)."""
        return dict(self.in_front)

    @property
    def live(self) -> list[int]:
        return [s for s in self.order if s not in self.folded]

    @property
    def total(self) -> int:
        """The pot including every chip in front of the players."""
        return self.pot + sum(self.in_front.values())

    @property
    def head_to_head(self) -> bool:
        """1.1 "Head to Head": only two active players remain in the betting round.

        Players who were all-in before the round take no part in it (6.15.1)
        and are not counted; a player going all-in during it still is.
        """
        return len([s for s in self.starters if s not in self.folded]) <= 2

    def to_call(self, seat: int) -> int:
        return min(self.level - self.in_front[seat], self.stacks[seat])

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and seat not in self.all_in

    def _next_from(self, seat: int | None) -> int | None:
        if not self.pending:
            return None
        n = len(self.order)
        start = 0 if seat is None else self.order.index(seat) + 1
        for i in range(n):
            s = self.order[(start + i) % n]
            if s in self.pending:
                return s
        return None

    def _settle_pending(self) -> None:
        live = self.live
        if len(live) <= 1:
            self.pending.clear()
            return
        able = [s for s in live if s not in self.all_in]
        if len(able) <= 1:
            # Nobody is left to bet against: only a call of what is owed remains.
            for s in able:
                if self.in_front[s] >= self.level:
                    self.pending.discard(s)

    def _raise_refusal(self, seat: int) -> tuple[str, str]:
        """(why, rule) when `seat` may not bet or raise now; ("", "") when it may."""
        if not any(self._can_act(o) for o in self.order if o != seat):
            return ("every other player is all-in or has folded, so nobody could call it; "
                    "the player may only call", "standard practice")
        if self.stacks[seat] <= self.level - self.in_front[seat]:
            return "the player has no chips beyond a call", "6.15.1"
        if seat in self.forfeited:
            return "a player who checked out of turn forfeits the right to bet or raise", "6.17.3"
        if not self.may_raise[seat]:
            if self.structure.kind in LIMIT_KINDS:
                rule = ("6.15.2(a)" if self.house.half_bet_allin_reopens else
                        "10.2 of the second rulebook, house rule")
                return ("the betting was not reopened: the all-in since this player acted was not "
                        "a full raise, so the player may only call it", rule)
            return ("the betting was not reopened: an all-in for less than a full raise is not "
                    "a raise", "6.15.3")
        if (self.opened and self.structure.capped and self.structure.raise_cap is not None
                and self.raises >= self.structure.raise_cap
                and not self.head_to_head):
            return (f"{self.raises} raises have been made in this betting round and the limit is "
                    f"{self.structure.raise_cap} unless head to head", "6.8")
        return "", ""

    def _bounds(self, seat: int) -> tuple[int, int | None]:
        """Smallest full bet/raise "to" and the largest the limits allow (None: no limit)."""
        kind = self.structure.kind
        if not self.opened:
            low = self.unit
        elif kind == "fixed":
            low = self.full_level + self.unit
        elif kind == "spread":
            low = self.full_level + self.last_inc
        else:
            low = self.level + self.last_inc
        if kind == "fixed":
            return low, low
        if kind == "spread":
            base = self.full_level if self.opened else 0
            return low, max(low, base + self.structure.max_bet)
        if kind == "no-limit":
            return low, None
        # 6.6: the call is put into the pot before the pot limit is worked out.
        call = self.level - self.in_front[seat]
        room = self.total + call
        if kind == "half-pot":
            step = self.lowest_chip
            half = room // 2
            room = (half // step) * step if self.house.half_pot_rounding == "down" else -(-half // step) * step
        return low, max(low, self.level + room)

    def options(self) -> Options | None:
        """The legal actions of the player to act, or None when the round is complete."""
        seat = self.turn
        if seat is None:
            return None
        owe = self.level - self.in_front[seat]
        all_in_to = self.in_front[seat] + self.stacks[seat]
        actions = ["fold"]
        actions.append("call" if owe > 0 else "check")
        reason, rule = self._raise_refusal(seat)
        min_to = max_to = None
        all_in_ok = all_in_to <= self.level
        if not reason:
            low, high = self._bounds(seat)
            if all_in_to >= low:
                min_to, max_to = low, all_in_to if high is None else min(high, all_in_to)
                actions.append("bet" if self.level == 0 else "raise")
            all_in_ok = all_in_ok or high is None or all_in_to <= high
        if all_in_ok and self.stacks[seat] > 0:
            actions.append("all-in")
        return Options(seat, tuple(actions), min(max(owe, 0), self.stacks[seat]),
                       min(self.level, all_in_to), min_to, max_to, all_in_to,
                       f"{reason} ({rule})" if reason else "")

    # ----- acting ------------------------------------------------------------------------

    def _plan(self, kind: str, amount: int | None,
              seat: int | None) -> tuple[str, tuple[str, int, bool] | None]:
        """(error, None) or ("", (kind, to, all_in)) for the player to act."""
        if self.complete:
            return "the betting round is complete: no one is left to act", None
        s = self.turn
        assert s is not None  # a seat is pending, so one is to act
        if seat is not None and seat != s:
            return (f"it is seat {s}'s turn, not seat {seat}'s: action out of turn is ruled "
                    "by 6.17"), None
        if kind not in ACTIONS:
            return f"{kind!r} is not an action: use one of {', '.join(ACTIONS)}", None
        owe = self.level - self.in_front[s]
        all_in_to = self.in_front[s] + self.stacks[s]
        if kind in ("fold", "check", "call") and amount is not None:
            return f"{kind} takes no amount", None
        if kind == "fold":
            return "", ("fold", self.in_front[s], False)
        if kind == "check":
            if owe > 0:
                return (f"seat {s} cannot check facing a wager of {self.level}: call {owe}, raise or "
                        "fold (a check is only an option when no bet is to be met: 1.1 Check)"), None
            return "", ("check", self.in_front[s], False)
        if kind == "call":
            if owe <= 0:
                return "there is nothing to call: check, bet or fold (1.1 Call, Check)", None
            to = min(self.level, all_in_to)
            return "", ("call", to, to == all_in_to)
        if kind == "all-in":
            if amount is not None and amount != all_in_to:
                return (f"all-in for seat {s} is {all_in_to} in front ({self.stacks[s]} more), "
                        f"not {amount} (6.15.1)"), None
            if self.stacks[s] == 0:
                return f"seat {s} has no chips left to put in", None
            to = all_in_to
            if to <= self.level:
                return "", ("call", to, True)
        else:   # bet / raise
            if amount is None:
                return f"say how much: {kind} to what total?", None
            try:
                to = _chips(amount, f"the {kind}")
            except ValueError as e:
                return str(e), None
            if kind == "bet" and self.level > 0:
                return (f"there is already a wager of {self.level} to meet: call, raise or fold "
                        "(8.1.2)"), None
            if kind == "raise" and self.level == 0:
                return "nobody has bet in this round yet: bet, check or fold (8.1.2)", None
            if to > all_in_to:
                return (f"seat {s} has only {all_in_to} to play this round ({self.stacks[s]} behind): "
                        "only the chips on the table when the hand began play (6.10, 1.1 Table "
                        "stakes)"), None
            if to <= self.level:
                return (f"a {kind} must put in more than the {self.level} to call; "
                        f"a raise must be at least the previous bet or raise (6.5)"), None
        is_all_in = to == all_in_to
        reason, rule = self._raise_refusal(s)
        if reason:
            return f"seat {s} may not bet or raise: {reason} ({rule})", None
        low, high = self._bounds(s)
        verb = "bet" if self.level == 0 else "raise"
        if high is not None and to > high:
            return self._too_big(verb, to, low, high), None
        if to < low and not is_all_in and not self._covers_last_all_in(s, to):
            return self._too_small(verb, to, low), None
        return "", (verb, to, is_all_in)

    def _covers_last_all_in(self, seat: int, to: int) -> bool:
        """Fixed limit under house fixed_raise_to_all_in (published standard
        recording): a bet or raise to less than the full unit that is exactly
        what puts the last opponent able to call all-in. Nobody could call
        more, so it stands for the full bet or raise."""
        if not self.house.fixed_raise_to_all_in or self.structure.kind != "fixed":
            return False
        reach = [self.in_front[o] + self.stacks[o] for o in self.order
                 if o != seat and o not in self.folded]
        return bool(reach) and self.level < to == max(reach)

    def _too_big(self, verb: str, to: int, low: int, high: int) -> str:
        kind = self.structure.kind
        if kind == "fixed":
            return (f"in {self.structure.describe()} a {verb} is exactly {self.unit}: "
                    f"{verb} to {low}, not {to} (6.5, 1.1 Structured limit)")
        if kind == "spread":
            return (f"a {verb} may be at most the betting maximum of {self.structure.max_bet}: "
                    f"to {high} at most, not {to} (6.7)")
        return (f"the {KIND_NAMES[kind]} allows a {verb} to {high} at most, counting the call into "
                f"the pot first (6.6), not {to}")

    def _too_small(self, verb: str, to: int, low: int) -> str:
        kind = self.structure.kind
        if kind == "fixed":
            return (f"in {self.structure.describe()} a {verb} is exactly {self.unit}: "
                    f"{verb} to {low}, not {to} (6.5, 1.1 Structured limit)")
        if verb == "bet" or not self.opened:
            rule = "6.7" if kind == "spread" else "6.4, 6.5"
            return f"a {verb} must be at least the table minimum of {self.unit}: to {low} at least, not {to} ({rule})"
        rule = "6.7" if kind == "spread" else "6.5"
        return (f"a raise must be at least the previous bet or raise ({self.last_inc}): raise to "
                f"{low} at least, not {to} ({rule})")

    def check(self, kind: str, amount: int | None = None, *, seat: int | None = None) -> str:
        """The reason the action is illegal, or "" if it is legal."""
        return self._plan(kind, amount, seat)[0]

    def act(self, kind: str, amount: int | None = None, *, seat: int | None = None) -> Outcome:
        """Apply an action by the player to act; an illegal one changes nothing."""
        error, plan = self._plan(kind, amount, seat)
        if error:
            return Outcome(False, error)
        s = self.turn
        assert s is not None and plan is not None  # _plan found the player to act
        verb, to, is_all_in = plan
        low, high = self._bounds(s) if verb in ("bet", "raise") else (0, None)
        before = self.level
        pay = to - self.in_front[s]
        self.stacks[s] -= pay
        self.in_front[s] = to
        if verb == "fold":
            self.folded.add(s)
            self.pending.discard(s)
            message = f"seat {s} folds"
        elif verb in ("check", "call"):
            self.may_raise[s] = False
            self.faced[s] = self.level
            self.pending.discard(s)
            if verb == "check":
                message = f"seat {s} checks"
            elif to < self.level:
                message = f"seat {s} calls {pay} all-in, {self.level - to} short of the {self.level} (6.15.1)"
            else:
                message = f"seat {s} calls {pay}" + (" and is all-in" if is_all_in else "")
        else:
            message = self._apply_raise(s, verb, to, low, before, is_all_in)
        if self.stacks[s] == 0 and s not in self.folded:
            self.all_in.add(s)
            self.pending.discard(s)
        self.history.append((s, Action(verb, to if verb in ("bet", "raise") else None)))
        self._settle_pending()
        self.turn = self._next_from(s)
        self.log.append(message)
        return Outcome(True, message)

    def _reopen(self, raiser: int) -> None:
        for o in self.order:
            if o != raiser and self._can_act(o):
                self.may_raise[o] = True
                self.pending.add(o)

    def _apply_raise(self, s: int, verb: str, to: int, low: int, before: int, is_all_in: bool) -> str:
        kind = self.structure.kind
        tail = " all-in" if is_all_in else ""
        self.faced[s] = to
        self.may_raise[s] = False
        self.pending.discard(s)
        if to >= low or self._covers_last_all_in(s, to):
            if self.opened:
                self.raises += 1
                if kind == "spread":
                    self.last_inc = to - self.full_level
                elif kind != "fixed":
                    self.last_inc = to - before
                counted = f" (raise {self.raises} of the round)" if self.structure.capped else ""
            else:
                if kind != "fixed":
                    self.last_inc = to
                counted = " (completing to a full bet; not a raise)" if before else ""
            self.level = self.full_level = to
            self.opened = True
            self._reopen(s)
            amount = f"{to}" if verb == "bet" else f"to {to}"
            return f"seat {s} {verb}s {amount}{tail}{counted}"
        # An all-in for less than a full bet or raise.
        self.level = to
        for o in self.order:
            if o != s and self._can_act(o) and self.in_front[o] < self.level:
                self.pending.add(o)
        if kind in LIMIT_KINDS:
            base = self.full_level if self.opened else 0
            portion, required = to - base, low - base
            if 2 * portion >= required:
                was_opened = self.opened
                self.full_level = to
                self.opened = True
                if self.house.half_bet_allin_reopens:
                    if was_opened:
                        self.raises += 1
                    self._reopen(s)
                    return (f"seat {s} goes all-in to {to}: {portion} is at least half of the "
                            f"{required} needed, so it counts as a full {verb}; the next player may call "
                            f"{to} or raise to {to + self._next_increment()}, and players who acted "
                            "before may raise too (6.15.2(b))")
                self._cumulate()
                return (f"seat {s} goes all-in to {to}: at least half of a {verb}, so later players "
                        f"may call {to} or raise to {to + self._next_increment()}; players who already "
                        "acted may only call (10.2 of the second rulebook, house rule)")
            self._cumulate()
            return (f"seat {s} goes all-in to {to}: {portion} is less than half of the {required} "
                    f"needed, so it is not a {verb}; later players may call {to} or "
                    f"{'complete the bet' if not self.opened else 'raise'} to {low}, and players who "
                    "already acted may only call (6.15.2(a))")
        self._cumulate()
        return (f"seat {s} goes all-in to {to}, less than a full {verb} to {low}: the excess is not "
                "a raise and does not reopen the betting (6.15.3)")

    def _next_increment(self) -> int:
        return self.unit if self.structure.kind == "fixed" else self.last_inc

    def _cumulate(self) -> None:
        """Several short all-ins that together make a full raise reopen the betting
        for a player facing them (standard rule; house field short_allins_add_up)."""
        if not self.house.short_allins_add_up or not self.opened:
            return
        for o in self.order:
            if (self._can_act(o) and not self.may_raise[o] and o not in self.forfeited
                    and o in self.faced and self.level - self.faced[o] >= self.last_inc):
                self.may_raise[o] = True

    # ----- rulings -------------------------------------------------------------------------

    def forfeit_raise(self, seat: int) -> None:
        """Record 6.17.3: the player checked out of turn and may now only check, call or fold."""
        if seat not in self.order:
            raise ValueError(f"seat {seat} is not in this betting round")
        self.forfeited.add(seat)

    def surrender_short_bet(self, chips: int) -> Outcome:
        """6.16: the player to act put in less than a call and chooses to fold;
        the chips put in stay in the pot."""
        seat = self.turn
        if seat is None:
            return Outcome(False, "the betting round is complete: no one is to act")
        try:
            _chips(chips, "the chips put in", positive=True)
        except ValueError as e:
            return Outcome(False, str(e))
        owe = self.level - self.in_front[seat]
        if chips >= owe or chips > self.stacks[seat]:
            return Outcome(False, f"{chips} is not a short bet: seat {seat} owes {owe} and has "
                           f"{self.stacks[seat]} (6.16)")
        self.stacks[seat] -= chips
        self.in_front[seat] += chips
        self.folded.add(seat)
        self.pending.discard(seat)
        self.history.append((seat, Action("fold")))
        self._settle_pending()
        self.turn = self._next_from(seat)
        message = f"seat {seat} folds and surrenders the {chips} put in to the pot (6.16)"
        self.log.append(message)
        return Outcome(True, message)

    def out_of_turn(self, seat: int, kind: str, amount: int | None = None, *,
                    action_changed: bool = False) -> Ruling:
        """6.17: what happens to an action made out of turn.

        action_changed: a player who should have acted first has since bet
        more than the out-of-turn action (6.17.2).
        """
        if seat not in self.order:
            raise ValueError(f"seat {seat} is not in this betting round")
        if seat == self.turn:
            raise ValueError(f"seat {seat} is the player to act: the action is in turn")
        if kind not in ACTIONS:
            raise ValueError(f"{kind!r} is not an action: use one of {', '.join(ACTIONS)}")
        if kind == "check":
            return Ruling("6.17.3", f"seat {seat} checked out of turn and forfeits the right to bet "
                          "or raise in this round; when the turn comes, check, call or fold",
                          Action("check"), options=("check", "call", "fold"))
        if kind == "fold":
            if self.house.fold_out_of_turn_binding:
                return Ruling("6.17 (standard practice)", f"seat {seat}'s fold out of turn is binding: "
                              "the hand is dead (the rulebook is silent on folds; house rule)",
                              Action("fold"))
            return Ruling("6.17 (house rule)", f"seat {seat}'s fold out of turn is not binding: the "
                          "player acts again in turn", None)
        binding = Action(kind, amount)
        if not action_changed:
            return Ruling("6.17.1", f"the {binding} out of turn by seat {seat} stands: the chips stay "
                          "and the action is made when the turn reaches the player", binding)
        return Ruling("6.17.2", f"a player before seat {seat} bet more than seat {seat}'s {binding} out "
                      "of turn: seat {seat} may make up the difference to call, take the chips back "
                      "and fold, or re-raise".replace("{seat}", str(seat)), None,
                      options=("call the difference", "take back and fold", "re-raise"))

    def time_expired(self) -> Ruling:
        """6.14: the player to act ran out of time."""
        seat = self.turn
        if seat is None:
            raise ValueError("the betting round is complete: no one is on the clock")
        if self.level > self.in_front[seat]:
            return Ruling("6.14", f"time: seat {seat} did not act facing a bet, so the hand is dead",
                          Action("fold"))
        return Ruling("6.14", f"time: seat {seat} did not act and there is no bet to meet, so it is "
                      "a check", Action("check"))

    def interpret_chips(self, chips: int, *, single_chip: bool = False,
                        announced: str | None = None) -> Ruling:
        """What chips pushed forward by the player to act amount to.

        chips: the chips put forward now (not a total). single_chip: they are
        one chip. announced: "call", "raise" or None (no announcement or
        indication of intent). Covers 6.11, 6.12, 6.13, 6.16 and 6.15.1.
        """
        seat = self.turn
        if seat is None:
            raise ValueError("the betting round is complete: no one is to act")
        _chips(chips, "the chips put forward", positive=True)
        if announced not in (None, "call", "raise"):
            raise ValueError(f"announced must be 'call', 'raise' or None, not {announced!r}")
        owe = self.level - self.in_front[seat]
        stack = self.stacks[seat]
        if chips > stack:
            raise ValueError(f"seat {seat} has only {stack} chips behind, not {chips} (6.10)")
        to = self.in_front[seat] + chips
        all_in_to = self.in_front[seat] + stack
        limit_game = self.structure.kind in LIMIT_KINDS

        def call(rule: str, why: str) -> Ruling:
            if owe == 0:
                return Ruling(rule, f"{why}: with nothing to call it is a check; the {chips} go back",
                              Action("check"), returned=chips)
            return Ruling(rule, f"{why}: seat {seat} calls {owe}" +
                          (f" and {chips - owe} go back" if chips > owe else ""),
                          Action("call"), returned=chips - owe)

        if chips == stack and not single_chip and not self.check("all-in"):
            if to <= self.level:
                return Ruling("6.15.1", f"seat {seat} puts in every chip: an all-in call", Action("call"))
            return Ruling("6.15.1", f"seat {seat} puts in every chip: all-in to {to}", Action("all-in"))
        if to < self.level:
            return Ruling("6.16", f"seat {seat} put in {chips}, less than the {owe} to call: make up "
                          f"the difference of {owe - chips} or fold and leave the {chips} in the pot",
                          None, options=("make up the difference", "fold and surrender the chips"))
        if announced == "call":
            return call("6.17", "a verbal call in turn is binding")
        if to == self.level:
            return Ruling("1.1 Call", f"seat {seat} calls {owe}", Action("call"))
        reason, rule = self._raise_refusal(seat)
        if reason:
            return call(rule, f"no raise is possible ({reason})")
        low, high = self._bounds(seat)
        verb = "bet" if self.level == 0 else "raise"

        def clamp(target: int) -> int:
            return target if high is None else min(target, high)

        def raise_to(target: int, rule: str, why: str) -> Ruling:
            target = min(target, all_in_to)
            act = Action("all-in") if target == all_in_to else Action(verb, target)
            returned, more = max(0, to - target), max(0, target - to)
            extra = (f"; {returned} go back" if returned else "") + (
                f"; {more} more must go in" if more else "")
            return Ruling(rule, f"{why}: seat {seat} {verb}s to {target}{extra}", act, returned=returned)

        oversize = single_chip and chips > owe
        if oversize and announced != "raise":
            if limit_game:
                if owe == 0:
                    return raise_to(max(low, clamp(to)), "6.12 (standard practice)",
                                    "a single oversize chip with no bet to meet is a bet (the rulebook "
                                    "covers only the call)")
                return call("6.12", "a single oversize chip without announcing a raise is a call")
            if self.round_index == 0:
                return call("6.13.1(a)", "in the first betting round a single oversize chip without "
                            "announcing a raise is a call")
            if self.level == 0:
                return raise_to(max(low, clamp(to)), "6.13.1(b)", "the first wager of a later round "
                                "made with a single oversize chip is a bet of the chip's value, or the "
                                "most the limit allows")
            return call("6.13.1(b)", "a single oversize chip that is not the first wager of the round "
                        "is a call")
        if oversize and not limit_game:   # announced raise
            if clamp(to) < low:
                return raise_to(low, "6.13.2, 6.5", "a raise was announced but the chip does not cover "
                                "a full raise, which must be at least the previous bet or raise")
            return raise_to(clamp(to), "6.13.2", "a raise announced with an oversize chip is the most "
                            "allowed up to the chip's value")
        if self.level == 0:
            if clamp(to) < low:
                return raise_to(low, "6.5", f"a bet must be at least the table minimum of {low}")
            if clamp(to) < to:
                return raise_to(clamp(to), "6.5", "a bet above the table limit is reduced to the limit")
            return raise_to(to, "1.1 Bet", "a bet within the table limits")
        if announced == "raise":
            if to < low:
                return raise_to(low, "6.17, 6.5", "a verbal raise in turn is binding and a raise must "
                                "be at least the previous bet or raise")
            return raise_to(clamp(to), "6.17" if clamp(to) == to else "6.17, 6.5",
                            "a verbal raise in turn is binding" +
                            ("" if clamp(to) == to else ", up to the table limit"))
        if to >= low:
            return raise_to(clamp(to), "8.1.2(b)" if clamp(to) == to else "6.5",
                            "chips to call plus a full raise" +
                            ("" if clamp(to) == to else ", reduced to the table limit"))
        excess = to - self.level
        reference = self._next_increment() if self.opened else self.unit
        if 2 * excess >= reference:
            return raise_to(low, "6.11", f"{excess} over the call is at least half of the "
                            f"{reference} previous bet or raise, so the raise is made up to the minimum")
        return call("6.11", f"{excess} over the call is less than half of the {reference} previous "
                    "bet or raise, so it is a call")


def time_to_act_notice(seconds: int | None) -> str:
    """6.14: what the dealer announces when a time to act is scheduled."""
    if seconds is None:
        return "No time to act is scheduled for this game (6.14)."
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 5 <= seconds <= 60:
        raise ValueError(f"a time to act must be 5 to 60 seconds, not {seconds!r} (6.14)")
    return (f"Players have {seconds} seconds to act (6.14). When time runs out, a player facing a "
            "bet has a dead hand; with no bet in the round it counts as a check.")


def table_stakes(change: int, *, in_hand: bool) -> Ruling:
    """6.10: a player changing the chips on the table (change > 0 adds, < 0 removes)."""
    if isinstance(change, bool) or not isinstance(change, int) or change == 0:
        raise ValueError(f"change must be a non-zero whole number of chips, not {change!r}")
    if change < 0:
        return Ruling("6.10", f"a player may not take {-change} chips off the table while playing; "
                      "chips leave only when the player leaves the game")
    if in_hand:
        return Ruling("6.10", f"a player in a hand may not add {change} chips during the round of "
                      "play; wait until the hand is over")
    return Ruling("6.10", f"a player not in a hand may add {change} chips to the stake",
                  options=("add chips",))
