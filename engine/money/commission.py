"""Commission, the rake (section 7).

The method and figures are a house setting (`HouseRules.commission`):
- "percentage": 2-10% of what was wagered, taken from the main pot and then
  each side pot, until the cap is reached (7.2.1, 7.7);
- "fixed-hand": a fee per hand, by the number of players in it, taken from
  the pots (7.2.3);
- "time": an hourly fee from every seated player, paid in advance (7.2.2);
- "fixed-person": a fee from every player before the hand begins (7.2.4);
- "none": nil commission (7.4).
Chips are ints; a percentage is worked out exactly and rounded down to the
step (the lowest chip in play unless the house sets one), because a dealer
can only take whole chips (the rulebook is silent on rounding).

This module does not import engine.house or engine.money.pots (house imports it);
a pot is anything with `amount`, `eligible` and `name`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Iterable, Mapping, Protocol, TypeVar

if TYPE_CHECKING:
    from dataclasses import Field


class PotLike(Protocol):
    """A pot as the rake reads it, e.g. engine.money.pots.Pot: a dataclass with these fields."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def amount(self) -> int: ...
    @property
    def eligible(self) -> tuple[int, ...]: ...
    @property
    def name(self) -> str: ...


P_co = TypeVar("P_co", bound=PotLike, covariant=True)

METHODS = ("percentage", "time", "fixed-hand", "fixed-person", "none")
FROM_POT = ("percentage", "fixed-hand")


def _int(value: object, what: str, *, allow_none: bool = False) -> None:
    if allow_none and value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number of chips (0 or more), not {value!r}")


@dataclass(frozen=True)
class Commission:
    """What the table sign says about the rake (7.1)."""

    method: str = "percentage"
    # 7.2.1: 2% to 10%. An int, or a string such as "2.5" for a fraction.
    percent: int | str = 5
    # 7.1, 7.7: the most rake per hand (the "cap"); None for no cap.
    cap: int | None = 30
    # 7.2.2(b): the hourly fee per player.
    hourly_fee: int = 0
    # 7.2.3(b): fee per hand; `hand_fee_by_players` overrides it by the
    # number of players in the hand: ((2, 1), (5, 2)) = 1 for 2-4, 2 for 5+.
    hand_fee: int = 0
    hand_fee_by_players: tuple[tuple[int, int], ...] = ()
    # 7.2.4(a): fee per person per hand.
    person_fee: int = 0
    # Rake is taken in multiples of this; None means the lowest chip in play.
    step: int | None = None

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"no commission method {self.method!r}: use one of {', '.join(METHODS)} (7.2)")
        rate = self.rate
        if self.method == "percentage" and not Fraction(2) <= rate <= Fraction(10):
            raise ValueError(f"a percentage commission must be 2% to 10%, not {self.percent}% (7.2.1)")
        _int(self.cap, "the cap", allow_none=True)
        _int(self.hourly_fee, "the hourly fee")
        _int(self.hand_fee, "the fee per hand")
        _int(self.person_fee, "the fee per person per hand")
        _int(self.step, "the rake step", allow_none=True)
        if self.step == 0:
            raise ValueError("the rake step must be at least 1 chip")
        for row in self.hand_fee_by_players:
            if len(row) != 2:
                raise ValueError(f"each hand_fee_by_players row is (minimum players, fee), not {row!r}")
            _int(row[0], "the number of players in a fee row")
            _int(row[1], "the fee in a fee row")

    @property
    def rate(self) -> Fraction:
        """The percentage as an exact fraction (5 -> 5, "2.5" -> 5/2)."""
        try:
            if isinstance(self.percent, bool) or isinstance(self.percent, float):
                raise ValueError
            return Fraction(str(self.percent))
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"the percentage must be a whole number or a decimal string such as "
                             f"'2.5', not {self.percent!r} (7.2.1)") from None

    def fee_for_hand(self, players: int) -> int:
        """7.2.3(b): the fixed fee for a hand with this many players."""
        fee = self.hand_fee
        for minimum, row_fee in sorted(self.hand_fee_by_players):
            if players >= minimum:
                fee = row_fee
        return fee

    def sign(self) -> str:
        """The table sign's wording (7.1, 6.3)."""
        cap = f", cap {self.cap}" if self.cap is not None else ", no cap"
        if self.method == "percentage":
            return f"Rake: {self.percent}% of each pot{cap} (7.2.1)"
        if self.method == "fixed-hand":
            rows = ", ".join(f"{fee} with {n}+ players" for n, fee in sorted(self.hand_fee_by_players))
            return f"Rake: {self.hand_fee} per hand{' (' + rows + ')' if rows else ''}{cap} (7.2.3)"
        if self.method == "time":
            return f"Time charge: {self.hourly_fee} per player per hour, paid in advance (7.2.2)"
        if self.method == "fixed-person":
            return f"Commission: {self.person_fee} per person per hand, paid before the deal (7.2.4)"
        return "No commission is collected (7.4)"


@dataclass(frozen=True)
class Rake(Generic[P_co]):
    """The commission on one hand's pots."""

    taken: tuple[int, ...]     # chips taken from each pot, in the pots' order
    pots: tuple[P_co, ...]     # the pots after the commission
    lines: tuple[str, ...]     # why, citing 7.x

    @property
    def total(self) -> int:
        return sum(self.taken)


def _floor(amount: int, step: int) -> int:
    return (amount // step) * step


def take_commission(pots: Iterable[P_co], commission: Commission, *, lowest_chip: int = 1,
                    blinds_only: bool = False, tied_contest: bool = False,
                    players: int | None = None, uncalled: int = 0) -> Rake[P_co]:
    """The rake from each pot (main pot first, then the side pots).

    pots must already exclude uncalled wagers (7.5; see engine.hand.rake.commission_for_hand,
    which returns them first). blinds_only: the only wagers were blinds
    (7.6, see `only_blinds`). tied_contest: tied hands contested the pot alone
    (7.8, see `tied_contest`). players: players dealt into the hand, for a
    fixed fee per hand (7.2.3(b)). uncalled: chips already returned, named in
    the explanation only.
    """
    pots = tuple(pots)
    _int(lowest_chip, "the lowest chip")
    step = commission.step or lowest_chip or 1
    none = (0,) * len(pots)
    lines: list[str] = []
    method = commission.method
    if uncalled:
        # 7.5 speaks of a percentage; under any method the uncalled part is
        # handed back because it is not a called wager (1.1 Pot).
        lines.append(f"The uncalled {uncalled} went back to the bettor and is not part of the pot "
                     + ("for the rake (7.5)." if method == "percentage" else "(1.1 Pot)."))
    if method == "none":
        return Rake(none, pots, tuple(lines + ["No commission is collected in this game (7.4)."]))
    if method == "time":
        return Rake(none, pots, tuple(lines + [
            "This game has a time charge: each seated player pays the hourly fee in advance, "
            "nothing is taken from the pot (7.2.2)."]))
    if method == "fixed-person":
        return Rake(none, pots, tuple(lines + [
            "The commission is a fee per person per hand, collected from each player before the "
            "deal; nothing is taken from the pot (7.2.4(b))."]))
    if blinds_only:
        return Rake(none, pots, tuple(lines + [
            "The only wagers were blind bets, so no commission is collected (7.6)."]))
    if method == "percentage" and tied_contest:
        return Rake(none, pots, tuple(lines + [
            "Tied hands contested the pot alone for the whole hand, so no percentage commission "
            "is deducted (7.8)."]))
    remaining = commission.cap
    taken: list[int] = []
    if method == "percentage":
        rate = commission.rate
        for pot in pots:
            exact = Fraction(pot.amount) * rate / 100
            rake = in_chips = _floor(int(exact), step)
            note = ""
            if remaining is not None and rake > remaining:
                rake, note = remaining, f", cut to {remaining} by the cap of {commission.cap} (7.7)"
            if remaining is not None:
                remaining -= rake
            taken.append(rake)
            lines.append(f"{pot.name.capitalize()} {pot.amount}: {commission.percent}% is {_show(exact)}, "
                         f"taken as {in_chips} in chips of {step}{note} (7.2.1).")
    else:  # fixed-hand
        if players is None:
            raise ValueError("a fixed commission per hand needs the number of players in the hand (7.2.3(b))")
        fee = commission.fee_for_hand(players)
        if remaining is not None and fee > remaining:
            lines.append(f"The fee of {fee} is cut to the cap of {remaining} (7.7).")
            fee = remaining
        lines.append(f"The fixed commission for a hand of {players} players is {fee} (7.2.3(b)).")
        for pot in pots:
            rake = min(fee, pot.amount)
            fee -= rake
            taken.append(rake)
            if rake:
                lines.append(f"{rake} is taken from the {pot.name} of {pot.amount} (7.2.3(a)).")
        if fee:
            lines.append(f"The pots hold too little for the full fee: {fee} is not collected.")
    if commission.cap is not None and remaining == 0 and method == "percentage":
        lines.append(f"The cap of {commission.cap} is reached: no more commission is collected (7.7).")
    after = tuple(replace(p, amount=p.amount - t) for p, t in zip(pots, taken))
    return Rake(tuple(taken), after, tuple(lines))


def _show(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(value.numerator, value.denominator)
    return f"{whole} and {rest}/{value.denominator}"


def only_blinds(contributions: Mapping[int, int], blinds: Mapping[int, int]) -> bool:
    """7.6: every chip wagered (after uncalled chips went back) was a blind bet."""
    return all(amount <= blinds.get(seat, 0) for seat, amount in contributions.items())


def tied_contest(contributions: Mapping[int, int], tied_winners: Iterable[int]) -> bool:
    """7.8: two or more tied hands, and nobody else put a chip in the pot."""
    winners = set(tied_winners)
    payers = {seat for seat, amount in contributions.items() if amount > 0}
    return len(winners) >= 2 and payers <= winners


def time_charges(commission: Commission, seats: Iterable[int], *,
                 hours: int = 1) -> tuple[dict[int, int], list[str]]:
    """7.2.2: the hourly fee from every seated player, active or not, in advance."""
    if commission.method != "time":
        raise ValueError(f"this game's commission is {commission.method!r}, not a time charge (7.2.2)")
    _int(hours, "the number of hours")
    seats = list(seats)
    fee = commission.hourly_fee * hours
    charges = {s: fee for s in seats}
    lines = [f"Each of the {len(seats)} seated players, including inactive ones, pays {fee} for "
             f"{hours} hour{'s' if hours != 1 else ''} in advance (7.2.2(a), (b)).",
             "The dealer places the charges on the drop slide; a Poker Supervisor verifies them "
             "before they are dropped (7.2.2(d), (e))."]
    return charges, lines


def person_fees(commission: Commission, seats: Iterable[int]) -> tuple[dict[int, int], list[str]]:
    """7.2.4: the fee per person per hand, collected before the hand begins."""
    if commission.method != "fixed-person":
        raise ValueError(f"this game's commission is {commission.method!r}, not a fee per person "
                         "per hand (7.2.4)")
    seats = list(seats)
    fees = {s: commission.person_fee for s in seats}
    lines = [f"Before the deal the dealer collects {commission.person_fee} from each of the "
             f"{len(seats)} players (7.2.4(b)) and drops it at once (7.2.4(c))."]
    return fees, lines
