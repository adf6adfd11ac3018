"""Acting in one betting round (section 6): whose turn it is, what that player
may do and between which amounts, bets and raises applied or refused with the
rule, and when a round is reopened (6.7-6.9, 6.15). `BettingRound`
(engine/betting/rulings.py) adds the dealer's rulings."""
from __future__ import annotations

from typing import Iterable, Mapping, TypeVar

from engine.betting.structures import (ACTIONS, KIND_NAMES, LIMIT_KINDS, Action, BettingStructure, Options,
                                       Outcome, _chips)
from engine.house import MAIN, HouseRules

# An Action is frozen, so one made once per kind serves every fold, check and call.
_PLAIN = {kind: Action(kind) for kind in ACTIONS}

# The actions offered, by [a call owed][no wager, a bet, a raise][all-in allowed].
_OFFERED = tuple(tuple(tuple(("fold", "call" if owe else "check") + wager + all_in for all_in in ((), ("all-in",)))
                       for wager in ((), ("bet",), ("raise",)))
                 for owe in (False, True))
_new_options = tuple.__new__

_Round = TypeVar("_Round", bound="BettingActions")


class BettingActions:
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
        house = house or MAIN
        order = list(seats)
        if len(set(order)) != len(order):
            raise ValueError(f"a seat is listed twice in the acting order {order}")
        if not order:
            raise ValueError("a betting round needs at least one player")
        posted = dict(posted or {})
        # The messages name the seat, so they are written only for a bad amount.
        for seat in order:
            if seat not in stacks:
                raise ValueError(f"seat {seat} has no stack")
            if type(stacks[seat]) is not int or stacks[seat] < 0:
                _chips(stacks[seat], f"the stack of seat {seat}")
        for seat, amount in posted.items():
            if seat not in order:
                raise ValueError(f"seat {seat} posted {amount} but is not in the hand")
            if type(amount) is not int or amount < 0:
                _chips(amount, f"the amount posted by seat {seat}")
        _chips(pot, "the pot")
        _chips(round_index, "the round index")
        unit = _chips(bet_unit if bet_unit is not None else structure.unit(round_index),
                      "the bet unit", positive=True)
        lowest = _chips(lowest_chip if lowest_chip is not None else house.lowest_chip,
                        "the lowest chip", positive=True)
        in_front = {s: posted.get(s, 0) for s in order}
        top = max(in_front.values())
        level = _chips(call_level if call_level is not None else top, "the call level")
        if level < top:
            raise ValueError(f"the call level {level} is below the {top} already posted")
        self._begin(structure, house, order, {s: stacks[s] for s in order}, in_front, pot, round_index,
                    unit, lowest, level)

    @classmethod
    def trusted(cls: type[_Round], structure: BettingStructure, house: HouseRules, order: list[int],
                stacks: dict[int, int], in_front: dict[int, int], *, pot: int, round_index: int,
                call_level: int | None = None) -> _Round:
        """A round opened by the hand engine from its own table: seats, stacks
        and posted chips it keeps itself, so nothing is checked again (an outside
        caller uses the constructor, which checks every argument). `stacks` and
        `in_front` give every seat of `order` and become the round's own."""
        rnd = cls.__new__(cls)
        top = max(in_front.values())
        rnd._begin(structure, house, order, stacks, in_front, pot, round_index, structure.unit(round_index),
                   house.lowest_chip, call_level if call_level is not None else top)
        return rnd

    def _begin(self, structure: BettingStructure, house: HouseRules, order: list[int], stacks: dict[int, int],
               in_front: dict[int, int], pot: int, round_index: int, unit: int, lowest_chip: int,
               level: int) -> None:
        self.structure = structure
        self.structure_kind = structure.kind      # read on every decision (_bounds)
        self.house = house
        self.order = order
        self.pot = pot
        self.round_index = round_index
        self.unit = unit
        self.lowest_chip = lowest_chip
        self.stacks = stacks
        self.in_front = in_front
        self.level = level
        # A full bet is "open" once the wager to call reaches the structured bet / minimum.
        self.opened = level >= unit
        self.full_level = level if self.opened else 0
        self.last_inc = max(unit, level) if self.opened and structure.kind != "fixed" else unit
        self.raises = 0
        # 6.8's cap where it applies (fixed and spread games), else None; read per decision.
        self.raise_cap = structure.raise_cap if structure.capped else None
        self.folded: set[int] = set()
        # Players all-in before this round take no part in it (6.15.1); usually nobody is.
        all_in = self.all_in = {s for s in order if stacks[s] == 0} if 0 in stacks.values() else set()
        self.starters = [s for s in order if s not in all_in] if all_in else list(order)
        # How many can still bet (neither folded nor all in), kept as the player to act (pending,
        # so neither yet) folds or goes all in: read on every decision.
        self.able = len(order) - len(all_in)
        self.may_raise = dict.fromkeys(order, True)
        self.faced: dict[int, int] = {}
        self.forfeited: set[int] = set()
        self.history: list[tuple[int, Action]] = []
        self.log: list[str] = []
        self.pending = set(self.starters)
        self._after = _seats_after(order)
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
        """The first pending seat after `seat` in acting order (from the first
        seat when None), wrapping round; None when nobody is pending."""
        pending = self.pending
        if not pending:
            return None
        for s in self.order if seat is None else self._after[seat]:
            if s in pending:
                return s
        return None

    def _settle_pending(self) -> None:
        if self.able >= 2:
            return      # at least two players can still bet: nothing to settle (the usual case)
        folded, all_in = self.folded, self.all_in
        live = [s for s in self.order if s not in folded]
        if len(live) <= 1:
            self.pending.clear()
            return
        able = [s for s in live if s not in all_in]
        if len(able) <= 1:
            # Nobody is left to bet against: only a call of what is owed remains.
            for s in able:
                if self.in_front[s] >= self.level:
                    self.pending.discard(s)

    def _raise_refusal(self, seat: int) -> tuple[str, str]:
        """(why, rule) when `seat` may not bet or raise now; ("", "") when it may."""
        folded, all_in = self.folded, self.all_in
        for o in self.order:
            if o != seat and o not in folded and o not in all_in:   # _can_act(o)
                break
        else:
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
        kind = self.structure_kind
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
        if kind == "no-limit":
            return low, None
        if kind == "spread":
            base = self.full_level if self.opened else 0
            return low, max(low, base + self.structure.max_bet)
        # 6.6: the call is put into the pot before the pot limit is worked out.
        call = self.level - self.in_front[seat]
        room = self.total + call
        if kind == "half-pot":
            step = self.lowest_chip
            half = room // 2
            room = (half // step) * step if self.house.half_pot_rounding == "down" else -(-half // step) * step
        return low, max(low, self.level + room)

    def options(self) -> Options | None:
        """The legal actions of the player to act, or None when the round is complete.
        Asked once per decision: when nothing stops a raise (the usual case:
        another player can act, chips beyond a call, no forfeit, reopened, under
        the cap) the refusal is not looked for (`_raise_refusal`)."""
        seat = self.turn
        if seat is None:
            return None
        level, stack, front = self.level, self.stacks[seat], self.in_front[seat]
        owe = level - front
        all_in_to = front + stack
        cap = self.raise_cap
        if (stack > owe and self.able >= 2
                and self.may_raise[seat] and seat not in self.forfeited
                and (cap is None or not self.opened or self.raises < cap)):
            reason = rule = ""
        else:
            reason, rule = self._raise_refusal(seat)
        min_to = max_to = None
        all_in_ok = all_in_to <= level
        wager = 0                   # the bet or raise offered: none, "bet", "raise" (_OFFERED)
        if not reason:
            low, high = self._bounds(seat)
            if all_in_to >= low:
                min_to, max_to = low, all_in_to if high is None or high > all_in_to else high
                wager = 1 if level == 0 else 2
            all_in_ok = all_in_ok or high is None or all_in_to <= high
        actions = _OFFERED[owe > 0][wager][all_in_ok and stack > 0]
        to_call = 0 if owe <= 0 else owe if owe < stack else stack           # min(max(owe, 0), stack)
        call_to = level if level < all_in_to else all_in_to                  # min(level, all_in_to)
        # tuple.__new__ makes the very Options its constructor makes, a call fewer.
        return _new_options(Options, (seat, actions, to_call, call_to, min_to, max_to, all_in_to,
                                      f"{reason} ({rule})" if reason else ""))

    # ----- acting ------------------------------------------------------------------------

    def _plan(self, kind: str, amount: int | None, seat: int | None,
              offered: Options | None = None) -> tuple[str, tuple[str, int, bool] | None]:
        """(error, None) or ("", (kind, to, all_in)) for the player to act.
        `offered`: this turn's options, which already hold the bounds of a bet
        or raise, so one within them (or an all-in they allow) is not worked
        out again."""
        if not self.pending:                # self.complete
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
            if type(amount) is int and amount >= 0:
                to = amount                 # chips: no call to _chips on every bet
            else:
                try:
                    to = _chips(amount, f"the {kind}")     # says why it is not chips
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
        if offered is not None and offered.seat == s and (
                "all-in" in offered.actions if kind == "all-in" else
                offered.min_to is not None and offered.max_to is not None and offered.min_to <= to <= offered.max_to):
            return "", ("bet" if self.level == 0 else "raise", to, is_all_in)
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
        if plan is None:
            return Outcome(False, error)
        return Outcome(True, self._apply(*plan))

    def play(self, kind: str, amount: int | None, seat: int, offered: Options | None) -> str:
        """`act` for the hand engine, which reads only a refusal: the reason,
        or "" once the action is applied. `offered`: the options this turn's
        decision was made from (None when not worked out)."""
        if amount is None and seat == self.turn and self._play_plain(kind, seat):
            return ""
        error, plan = self._plan(kind, amount, seat, offered)
        if plan is None:
            return error
        self._apply(*plan)
        return ""

    def _apply(self, verb: str, to: int, is_all_in: bool) -> str:
        """Make a planned action of the player to act; the round's log line."""
        s = self.turn
        assert s is not None  # _plan found the player to act
        if verb != "bet" and verb != "raise":
            self._play_plain(verb, s)       # the fold, check or call planned
            return self.log[-1]
        low = self._bounds(s)[0]      # before any chip moves
        before = self.level
        pay = to - self.in_front[s]
        self.stacks[s] -= pay
        self.in_front[s] = to
        message = self._apply_raise(s, verb, to, low, before, is_all_in)
        if self.stacks[s] == 0 and s not in self.folded:
            self.all_in.add(s)
            self.able -= 1
            self.pending.discard(s)
        self.history.append((s, _wager(verb, to)))
        self._settle_pending()
        self.turn = self._next_from(s)
        self.log.append(message)
        return message

    def _play_plain(self, kind: str, s: int) -> bool:
        """A fold, a check with nothing to call or a call of a wager by `s`,
        the player to act, applied as `_plan` and `_apply` apply it; False,
        nothing changed, for any other action (`_plan` rules on it). Most
        decisions are one of these, so this is their whole path."""
        if not self.pending:
            return False
        stacks, in_front, level = self.stacks, self.in_front, self.level
        front = in_front[s]
        if kind == "check":
            if level > front:
                return False
            message = f"seat {s} checks"
        elif kind == "call":
            if level <= front:
                return False
            all_in_to = front + stacks[s]
            to = level if level < all_in_to else all_in_to
            pay = to - front
            stacks[s] -= pay
            in_front[s] = to
            if to < level:
                message = f"seat {s} calls {pay} all-in, {level - to} short of the {level} (6.15.1)"
            else:
                message = f"seat {s} calls {pay}" + (" and is all-in" if to == all_in_to else "")
        elif kind == "fold":
            self.folded.add(s)
            self.able -= 1
            message = f"seat {s} folds"
        else:
            return False
        pending = self.pending
        pending.discard(s)
        if kind != "fold":
            self.may_raise[s] = False
            self.faced[s] = level
            if stacks[s] == 0:
                self.all_in.add(s)
                self.able -= 1
        self.history.append((s, _PLAIN[kind]))
        if self.able < 2:
            self._settle_pending()      # (at least two players can still bet: nothing to settle)
        # _next_from(s): the first pending seat after s, wrapping round.
        turn = None
        if pending:
            for o in self._after[s]:
                if o in pending:
                    turn = o
                    break
        self.turn = turn
        self.log.append(message)
        return True

    def _reopen(self, raiser: int) -> None:
        folded, all_in, may_raise, pending = self.folded, self.all_in, self.may_raise, self.pending
        for o in self.order:
            if o != raiser and o not in folded and o not in all_in:     # _can_act(o)
                may_raise[o] = True
                pending.add(o)

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


def _wager(verb: str, to: int) -> Action:
    """The Action of a bet or raise to `to`: an Action is frozen, and the same
    few amounts come up hand after hand, so each is made once."""
    key = (verb, to)
    action = _WAGERS.get(key)
    if action is None:
        if len(_WAGERS) >= 4096:        # amounts are many in a no-limit game: keep the memo small
            _WAGERS.clear()
        action = _WAGERS[key] = Action(verb, to)
    return action


# (bet or raise, to) -> its Action, shared by every round (see _wager)
_WAGERS: dict[tuple[str, int], Action] = {}


def _seats_after(order: list[int]) -> dict[int, tuple[int, ...]]:
    """Each seat of `order` -> the seats after it in acting order, wrapping
    round to itself last: who acts next is read from it on every action, and
    the same few acting orders come up hand after hand, so each is worked out once."""
    key = tuple(order)
    after = _AFTER.get(key)
    if after is None:
        if len(_AFTER) >= 4096:         # seatings are many on a long run: keep the memo small
            _AFTER.clear()
        ring, n = key + key, len(key)       # each seat's seats after it: n in a row of the ring
        after = _AFTER[key] = {s: ring[i + 1:i + 1 + n] for i, s in enumerate(key)}
    return after


# acting order -> each seat's seats after it (see _seats_after); a dict read, never changed
_AFTER: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}
