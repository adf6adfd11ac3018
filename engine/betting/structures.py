"""The betting structures of section 6 (the table sign 6.3: fixed, spread, pot,
half-pot and no limit) and the words of a betting round: an `Action`, its
`Outcome`, the `Options` of the player to act and a dealer's `Ruling`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

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


class Options(NamedTuple):
    """What the player to act may do (amounts are "to" totals). A named tuple,
    as immutable as a frozen dataclass: one is made for every decision offered
    to a player, at a third of the cost."""

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

