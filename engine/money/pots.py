"""Pots: main and side pots, uncalled bets, and dividing a pot between winners.

Everything works on what each seat put into the hand ({seat: chips}); ints
only. Every split comes with explanation lines citing the rule, so a lesson
can show a trainee why each chip went where.

Seat numbers run clockwise round the table (seat 1 on the dealer's left),
so "closest clockwise to the button" is the next seat number after it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping, NamedTuple, Sequence, TypedDict, TypeVar, Unpack

from engine.cards.deck import Card, parse_cards
from engine.house import MAIN

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

# A hand value as the caller compares them (an int, a HandValue, ...): greater is better.
V = TypeVar("V", bound="SupportsRichComparison")
T = TypeVar("T")
# A player's cards for the odd chip by suit: card text, or Cards (or card texts) one by one.
HeldCards = str | Sequence[Card | str]

ODD_CHIP_RULES = ("button", "suit", "left_of_button")
# Which card decides the odd chip by suit (8.1.5(b)): "highest_ace_high" (the ace
# high, 3.2.1), "highest_ace_low" (the ace counts low, as Razz ranks its cards,
# 8.13.3(a)), "lowest" with the ace low (published standard for low stud games).
# Razz uses the house's `razz_odd_chip`; every other game "highest_ace_high".
ODD_CARDS = ("highest_ace_high", "highest_ace_low", "lowest")
_ODD_CARD_WORDS = {"highest_ace_high": "highest card by suit", "highest_ace_low": "highest card by suit, aces low",
                   "lowest": "lowest card by suit, aces low"}
_INT = {int}


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # seats that may win it, ascending
    name: str = "main pot"   # "main pot", "side pot 1", ...


class Uncalled(NamedTuple):
    contributions: dict[int, int]  # what each seat has in the pot after the return
    returned: dict[int, int]       # {seat: chips handed back}
    lines: list[str]


class Split(NamedTuple):
    """How chips were shared out: {seat: chips} and the reasons in words."""

    shares: dict[int, int]
    lines: list[str]


class AwardOptions(TypedDict, total=False):
    """The keyword arguments `award` passes on to `split_pot`."""

    button: int | None
    seat_count: int | None
    lowest_chip: int | None
    odd_chip: str | None
    hands: Mapping[int, HeldCards] | None


def _check_contributions(contributions: Mapping[int, int], folded: Iterable[int]) -> set[int]:
    folded = set(folded)
    amounts = contributions.values()
    # Plain ints, none negative (what the engine hands in), pass at once;
    # anything else is looked at seat by seat for the message.
    if not set(map(type, amounts)) <= _INT or (amounts and min(amounts) < 0):
        for seat, amount in contributions.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise ValueError(f"seat {seat} put in {amount!r}: contributions are whole numbers of chips, "
                                 "0 or more")
    # A folded seat with no contribution listed put nothing in; it changes nothing.
    return folded & set(contributions)


def return_uncalled(contributions: Mapping[int, int], folded: Iterable[int] = ()) -> Uncalled:
    """The part of the largest wager nobody matched goes back to its owner (7.5).

    Folded players' chips count as matched: they stay in the pot.
    """
    _check_contributions(contributions, folded)
    after = dict(contributions)
    if len(after) < 2:
        return Uncalled(after, {}, [])
    top_seat = max(after, key=after.__getitem__)
    others = max([v for s, v in after.items() if s != top_seat])
    excess = after[top_seat] - others
    if excess <= 0:
        return Uncalled(after, {}, [])
    after[top_seat] = others
    return Uncalled(after, {top_seat: excess}, [
        f"Seat {top_seat}'s last {excess} was not called: it goes back to seat {top_seat} and is no "
        "part of the pot (7.5)."])


def build_pots(contributions: Mapping[int, int], folded: Iterable[int] = ()) -> list[Pot]:
    """Main pot and side pots (1.1 Main pot, Side pot(s); 1.1 All-in).

    A pot is formed at each level where a live player is all-in: each player
    can win only what they put in plus as much from each other player.
    Folded players' chips stay in the pots they reached but they are
    eligible for none. Return uncalled chips first (`return_uncalled`).
    """
    return build_dealt_pots(contributions, _check_contributions(contributions, folded))


def build_dealt_pots(contributions: Mapping[int, int], folded: set[int]) -> list[Pot]:
    """`build_pots` for contributions already checked, as `return_uncalled`
    returns them at the showdown: they are not checked a second time."""
    live = sorted([s for s in contributions if s not in folded])
    if not live:
        raise ValueError("every player has folded: someone must be left to win the pot")
    levels = sorted({contributions[s] for s in live} - {0})
    amounts = list(contributions.values())
    pots: list[Pot] = []
    taken = 0   # the chips in the pots so far: every contribution up to the last level
    for level in levels:
        upto = sum([v if v < level else level for v in amounts])
        eligible = tuple([s for s in live if contributions[s] >= level])
        pots.append(Pot(upto - taken, eligible, "main pot" if not pots else f"side pot {len(pots)}"))
        taken = upto
    # Dead chips above every live player's level (a folded player's wager
    # that nobody live matched) can only join the last pot.
    extra = sum(amounts) - taken
    if extra:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + extra, last.eligible, last.name)
        else:
            pots.append(Pot(extra, tuple(live), "main pot"))
    return pots


def _clockwise_from(button: int, seats: Iterable[int], seat_count: int | None) -> list[int]:
    if seat_count:
        return sorted(seats, key=lambda s: (s - button - 1) % seat_count)
    return sorted(seats, key=lambda s: (s <= button, s))


def _card_key(card: Card, ace_low: bool) -> tuple[int, int]:
    return (1 if ace_low and card.rank == 14 else card.rank, card.suit_rank)


def _odd_card(cards: HeldCards, odd_card: str) -> Card:
    """The card of a hand that competes for the odd chip by suit (8.1.5(b))."""
    cards = parse_cards(cards) if isinstance(cards, str) else [
        c if isinstance(c, Card) else parse_cards([c])[0] for c in cards]
    if not cards:
        raise ValueError("a hand with no cards has no highest card")
    ace_low = odd_card != "highest_ace_high"
    pick = min if odd_card == "lowest" else max
    return pick(cards, key=lambda c: _card_key(c, ace_low))


def split_pot(amount: int, winners: Iterable[int], *, button: int | None = None,
              seat_count: int | None = None, lowest_chip: int | None = None, odd_chip: str | None = None,
              hands: Mapping[int, HeldCards] | None = None, name: str = "pot",
              odd_card: str = "highest_ace_high") -> Split:
    """Divide `amount` equally between tied winners to the lowest chip in play (8.1.5).

    What cannot be divided goes, one lowest chip at a time, to the hands
    closest clockwise to the button (8.1.5(a), odd_chip="button"), or with no
    button to the hands holding the highest card by suit (8.1.5(b),
    odd_chip="suit"; hands = {seat: that player's cards}, compared by rank
    then suit, spades highest: 3.2.4). "left_of_button" (the live-casino
    house rules) gives the whole remainder to the first winner to the left of
    the button. A remainder smaller than the lowest chip goes with the first
    odd chip. `odd_card` (ODD_CARDS) says which card of each hand competes by
    suit: Razz passes the house's `razz_odd_chip`, since 8.1.5(b) is silent on
    the ace in a game that counts aces low.
    """
    winners = list(dict.fromkeys(winners))
    if not winners:
        raise ValueError(f"the {name} needs at least one winner")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"the {name} must be a whole number of chips, not {amount!r}")
    unit = lowest_chip if lowest_chip is not None else MAIN.lowest_chip
    if isinstance(unit, bool) or not isinstance(unit, int) or unit <= 0:
        raise ValueError(f"the lowest chip must be a positive whole number, not {unit!r}")
    rule = odd_chip or MAIN.odd_chip
    if rule not in ODD_CHIP_RULES:
        raise ValueError(f"no odd-chip rule {rule!r}: use one of {', '.join(ODD_CHIP_RULES)}")
    if len(winners) == 1:
        return Split({winners[0]: amount}, [f"Seat {winners[0]} wins the {name} of {amount}."])
    n = len(winners)
    each = (amount // (n * unit)) * unit
    shares = {s: each for s in winners}
    rest = amount - each * n
    seats = ", ".join(map(str, sorted(winners)))
    lines = [f"Seats {seats} tie and divide the {name} of {amount} to the lowest chip in play, {unit}: "
             f"each gets {each} (8.1.5)."]
    if not rest:
        return Split(shares, lines)
    if rule in ("button", "left_of_button") and button is None:
        rule = "suit"
        lines.append("No dealer button is in use, so the odd chip goes by the highest card by suit "
                     "(8.1.5(b)).")
    if odd_card not in ODD_CARDS:
        raise ValueError(f"no odd-card rule {odd_card!r}: use one of {', '.join(ODD_CARDS)}")
    if rule == "suit":
        hands = hands or {}
        missing = [s for s in winners if not hands.get(s)]
        if missing:
            raise ValueError(f"the odd chip goes to the highest card by suit (8.1.5(b)): give the cards "
                             f"of seat(s) {', '.join(map(str, missing))}")
        high = {s: _odd_card(hands[s], odd_card) for s in winners}
        ace_low = odd_card != "highest_ace_high"
        order = sorted(winners, key=lambda s: _card_key(high[s], ace_low), reverse=odd_card != "lowest")
        why = (f"the hand(s) with the {_ODD_CARD_WORDS[odd_card]}: " +
               ", ".join(f"seat {s} {high[s]}" for s in order) + " (8.1.5(b), 3.2.4" +
               (", house razz_odd_chip" if odd_card != "highest_ace_high" else "") + ")")
    else:
        assert button is not None  # no button fell back to "suit" above
        order = _clockwise_from(button, winners, seat_count)
        why = (f"the hand(s) closest clockwise to the button at seat {button} (8.1.5(a))"
               if rule == "button" else
               f"the player to the left of the button at seat {button} (live-casino house rules)")
    if rule == "left_of_button":
        gifts = {order[0]: rest}
    else:
        gifts = {}
        odd_chips, scraps = divmod(rest, unit)
        for s in order[:odd_chips]:
            gifts[s] = unit
        if scraps:
            gifts[order[0]] = gifts.get(order[0], 0) + scraps
    for s, chips in gifts.items():
        shares[s] += chips
    lines.append(f"{rest} remains: " + ", ".join(f"{c} to seat {s}" for s, c in gifts.items()) +
                 f", {why}.")
    return Split(shares, lines)


def award(pot: Pot, winners: Iterable[int], *, button: int | None = None, seat_count: int | None = None,
          lowest_chip: int | None = None, odd_chip: str | None = None,
          hands: Mapping[int, HeldCards] | None = None, odd_card: str = "highest_ace_high") -> Split:
    """Award one pot to its winners; only seats eligible for it may win it."""
    winners = list(dict.fromkeys(winners))
    outsiders = [s for s in winners if s not in pot.eligible]
    if outsiders:
        raise ValueError(f"seat(s) {', '.join(map(str, outsiders))} cannot win the {pot.name}: only seats "
                         f"{', '.join(map(str, pot.eligible))} put chips in it and did not fold")
    return split_pot(pot.amount, winners, button=button, seat_count=seat_count, lowest_chip=lowest_chip,
                     odd_chip=odd_chip, hands=hands, name=pot.name, odd_card=odd_card)


def _two_way(pot: Pot, first: Iterable[int], second: Iterable[int], *, names: tuple[str, str], rule_odd: str,
             rule_first_only: str, scoop_rule: str, **kw: Unpack[AwardOptions]) -> Split:
    first, second = list(dict.fromkeys(first)), list(dict.fromkeys(second))
    unit = kw.get("lowest_chip") or MAIN.lowest_chip
    if not first:
        raise ValueError(f"the {pot.name} needs a {names[0]} winner")
    if not second:
        result = award(pot, first, **kw)
        return Split(result.shares, [f"There is no {names[1]} hand, so the {names[0]} hand wins the whole "
                                     f"{pot.name} ({rule_first_only})."] + result.lines)
    if len(first) == 1 and first == second:
        result = award(pot, first, **kw)
        return Split(result.shares, [f"Seat {first[0]} wins both the {names[0]} and the {names[1]}: the "
                                     f"whole {pot.name} of {pot.amount} ({scoop_rule})."])
    second_half = (pot.amount // (2 * unit)) * unit
    first_half = pot.amount - second_half
    lines = [f"The {pot.name} of {pot.amount} is divided between {names[0]} and {names[1]}: "
             f"{first_half} {names[0]}, {second_half} {names[1]}" +
             (f"; the {first_half - second_half} that cannot be divided equally goes to the "
              f"{names[0]} half ({rule_odd})." if first_half != second_half else ".")]
    shares: dict[int, int] = {}
    for half, winners, label in ((first_half, first, names[0]), (second_half, second, names[1])):
        part = award(Pot(half, pot.eligible, f"{label} half of the {pot.name}"), winners, **kw)
        for s, c in part.shares.items():
            shares[s] = shares.get(s, 0) + c
        lines += part.lines
    return Split(shares, lines)


def split_hi_lo(pot: Pot, high_winners: Iterable[int], low_winners: Iterable[int],
                **kw: Unpack[AwardOptions]) -> Split:
    """High-low: half to the best high, half to the best qualifying low.

    Odd chip of the halving to the high hand (8.12.5(f)); no low, the high
    takes all (8.12.5(e)); one player may win both halves (8.12.5(d)(iii)).
    Each half is then divided by 8.1.5 (keyword arguments as `award`).
    """
    return _two_way(pot, high_winners, low_winners, names=("high", "low"), rule_odd="8.12.5(f)",
                    rule_first_only="8.12.5(e)", scoop_rule="8.12.5(d)(iii)", **kw)


def split_double_board(pot: Pot, top_winners: Iterable[int], bottom_winners: Iterable[int],
                       **kw: Unpack[AwardOptions]) -> Split:
    """Double flop: half to the best Top hand, half to the best Bottom hand;
    the odd chip of the halving goes to the Top (8.18.6(e), (d)(iii))."""
    if not bottom_winners:
        raise ValueError(f"the {pot.name} needs a Bottom winner: every hand plays both boards (8.18.6(d))")
    return _two_way(pot, top_winners, bottom_winners, names=("Top", "Bottom"), rule_odd="8.18.6(e)",
                    rule_first_only="8.18.6(d)", scoop_rule="8.18.6(d)(iii)", **kw)


def _best(values: Mapping[int, V], seats: Iterable[int]) -> list[int]:
    contenders = [s for s in seats if values.get(s) is not None]
    if not contenders:
        return []
    top = max(values[s] for s in contenders)
    return [s for s in contenders if values[s] == top]


def settle(pots: Iterable[Pot], values: Mapping[int, V], *, second: Mapping[int, V] | None = None,
           mode: str = "high", **kw: Unpack[AwardOptions]) -> Split:
    """Award every pot on its own to the best eligible hand(s).

    values: {seat: comparable hand value, higher is better} for hands read at
    the showdown. mode "hi-lo": `second` holds qualifying low values (higher
    is better, absent = no qualifying low); "double-board": `second` holds
    Bottom values and `values` Top values. Keyword arguments as `award`.
    """
    if mode not in ("high", "hi-lo", "double-board"):
        raise ValueError(f"no settle mode {mode!r}: use high, hi-lo or double-board")
    totals: dict[int, int] = {}
    lines: list[str] = []
    for pot in pots:
        first = _best(values, pot.eligible)
        if not first:
            raise ValueError(f"no hand eligible for the {pot.name} was read: seats {pot.eligible}")
        if mode == "high":
            part = award(pot, first, **kw)
        elif mode == "hi-lo":
            part = split_hi_lo(pot, first, _best(second or {}, pot.eligible), **kw)
        else:
            part = split_double_board(pot, first, _best(second or {}, pot.eligible), **kw)
        lines.append(f"The {pot.name} ({pot.amount}, seats {', '.join(map(str, pot.eligible))}) is "
                     "settled on its own (1.1 Side pot(s)).")
        lines += part.lines
        for s, c in part.shares.items():
            totals[s] = totals.get(s, 0) + c
    return Split(totals, lines)


def read_tabled_hands(values: Mapping[int, T], tabled: Iterable[int],
                      declared: Mapping[int, str] | None = None) -> tuple[dict[int, T], list[str]]:
    """Cards speak (8.1.7, 1.1): the dealer reads every hand tabled open and
    flat, whatever its owner called it; a hand not tabled is not read."""
    tabled = set(tabled)
    read = {s: v for s, v in values.items() if s in tabled}
    lines = [f"Seat {s}'s cards are not open and flat on the table, so the hand is not read (8.1.7)."
             for s in values if s not in tabled]
    for s, words in (declared or {}).items():
        if s in read:
            hand: object = read[s]
            actual = hand.describe() if hasattr(hand, "describe") else str(hand)
            if words.strip().lower() != actual.strip().lower():
                lines.append(f"Seat {s} called the hand '{words}' but the cards read '{actual}': cards "
                             "speak, the hand is what the cards show (8.1.7, 1.1 Cards speak).")
    return read, lines


def refuse_split_by_agreement(seats: Iterable[int]) -> str:
    """8.1.6: players may not agree to divide the pot."""
    names = ", ".join(map(str, seats))
    return (f"Seats {names} may not divide the pot by agreement: the hand is played to a conclusion "
            "(8.1.6).")
