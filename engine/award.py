"""Showdown and pot award for a hand: who wins each pot, and who gets which chips.

Pots are built from what each player put in (main pot, then side pots);
each is awarded on its own to the best eligible hand, ties divided to the
lowest chip in play with the odd chips placed by the house's odd-chip rule
(8.1.5).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.pots import award, build_pots, return_uncalled, split_pot
from engine.showdown import best_hand


@dataclass
class AwardedPot:
    name: str
    amount: int
    eligible: tuple
    winners: tuple
    shares: dict = field(default_factory=dict)
    explanation: list = field(default_factory=list)
    rule: str = ""
    reason: str = ""
    returned: dict = field(default_factory=dict)   # uncalled chips handed back (7.5)


def hand_readings(hand) -> dict[int, str]:
    """Each live player's best hand in words, at a showdown (empty if none)."""
    if hasattr(hand, "readings"):
        return hand.readings()   # the game's own ranking, deck and split (engine.hand)
    live = hand.live_seats()
    if len(live) < 2:
        return {}
    return {s: _best(hand, s).describe() for s in live}


def _best(hand, seat):
    sd = hand.game.showdown
    return best_hand(sd.ranking, hand.players[seat].cards, hand.board, sd.selection)


def award_pots(hand, winners_by_pot) -> list[AwardedPot]:
    live = hand.live_seats()
    folded = {s for s, p in hand.players.items() if p.folded}
    uncalled = return_uncalled({s: p.committed for s, p in hand.players.items() if p.committed}, folded)
    pots = build_pots(uncalled.contributions, folded)
    values = {s: _best(hand, s) for s in live} if len(live) > 1 else {}
    result = []
    for pot in pots:
        eligible = [s for s in pot.eligible if s in live]
        if len(eligible) == 1:
            winners = eligible
            reason = f"Seat {winners[0]} is the only player left in the {pot.name}"
        else:
            top = max(values[s] for s in eligible)
            winners = [s for s in eligible if values[s] == top]
            reason = (f"Seat{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} "
                      f"{'tie' if len(winners) > 1 else 'wins'} with {top.describe()}")
        shares, lines = award(pot, winners, button=hand.button, seat_count=hand.scenario.table_seats,
                              lowest_chip=hand.house.lowest_chip, odd_chip=hand.house.odd_chip,
                              hands={s: hand.players[s].cards for s in winners})
        explanation = [f"{pot.name.capitalize()} of {pot.amount}: {reason}."] + lines[len(winners) == 1:]
        result.append(AwardedPot(pot.name, pot.amount, tuple(pot.eligible), tuple(sorted(winners)), shares,
                                 explanation, "8.1.5" if len(winners) > 1 else hand.game.showdown.rule, reason))
    if uncalled.returned and result:
        result[0].returned = dict(uncalled.returned)
        result[0].explanation = uncalled.lines + result[0].explanation
    return result


def split_explained(pot: int, winners, *, button, lowest_chip: int, table_seats: int, hands=None):
    """A tied pot divided as 8.1.5 says; returns (shares, explanation, rule).

    With no button the odd chip follows the highest card by suit, so the
    winners' cards (`hands`) are needed (8.1.5(b))."""
    shares, lines = split_pot(pot, list(winners), button=button, seat_count=table_seats,
                              lowest_chip=lowest_chip, odd_chip="button" if button else "suit",
                              hands=hands or {})
    return shares, lines, "8.1.5(a)" if button else "8.1.5(b)"
