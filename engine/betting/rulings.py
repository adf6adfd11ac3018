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

from engine.betting.actions import BettingActions
from engine.betting.structures import ACTIONS, LIMIT_KINDS, Action, Outcome, Ruling, _chips

__all__ = ["BettingRound", "table_stakes", "time_to_act_notice"]


class BettingRound(BettingActions):
    """One betting round (the "Betting round" of 1.1) with the dealer's rulings
    (6.10-6.17): out of turn, time to act, ambiguous chips, short bets.
    The round itself, its arguments and its actions: engine/betting/actions.py."""

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
        self.able -= 1
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
