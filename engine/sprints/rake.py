"""Rake items: every method of section 7 with its cap (7.1-7.4, 7.7), the
uncalled wager left out (7.5), blinds only (7.6) and tied hands alone (7.8).
Pot hands are the side-pot module's betting rounds; the rake is
engine.hand.rake.commission_for_hand, the fees engine.money.commission's own."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.hand.rake import commission_for_hand
from engine.house import HouseRules
from engine.money.commission import Commission, person_fees, time_charges
from engine.sprints.items import Drawn, Kind, chips, multiple, stakes
from engine.sprints.pots import AllInSetup, draw_roles

SITUATIONS = ("pot", "pot", "pot", "walk", "tie", "time", "person")


@dataclass(frozen=True)
class RakeSetup:
    commission: Commission
    situation: str                               # one of SITUATIONS
    hand: AllInSetup | None = None               # "pot", "walk"
    tie: tuple[tuple[int, int], ...] = ()        # "tie": (seat, chips in); the first two tie
    seated: int = 0                              # "time", "person": players seated / dealt in
    hours: int = 1


def _pot_commission(rng: random.Random, house: HouseRules, bb: int) -> Commission:
    if rng.random() < 0.25 and house.commission.method in ("percentage", "fixed-hand"):
        return house.commission
    if rng.random() < 0.7:
        cap = rng.choice((None, 5 * bb, 10 * bb, 15 * bb, 30 * bb))
        return Commission("percentage", percent=rng.choice((2, 3, 4, 5, 5, 10, "2.5")), cap=cap)
    fee = multiple(rng, bb, 3 * bb, house.lowest_chip)
    rows = ((2, fee), (rng.randint(4, 6), fee + multiple(rng, house.lowest_chip, bb, house.lowest_chip)))
    return Commission("fixed-hand", hand_fee=fee, hand_fee_by_players=rows if rng.random() < 0.6 else (),
                      cap=rng.choice((None, 4 * bb)))


def draw_rake(rng: random.Random, house: HouseRules) -> RakeSetup:
    situation = rng.choice(SITUATIONS)
    sb, bb = stakes(rng, house)
    unit = house.lowest_chip
    if situation == "time":
        return RakeSetup(Commission("time", hourly_fee=rng.choice((5, 6, 8, 10, 12, 15)) * max(unit, bb // 10), cap=None),
                         situation, seated=rng.randint(4, 10), hours=rng.choice((1, 1, 2)))
    if situation == "person":
        return RakeSetup(Commission("fixed-person", person_fee=multiple(rng, sb, bb, unit), cap=None),
                         situation, seated=rng.randint(2, 10))
    commission = _pot_commission(rng, house, bb)
    if situation == "tie":
        a, b, c = rng.sample(range(1, 10), 3)
        each = multiple(rng, 4 * bb, 80 * bb, sb)
        tie = ((a, each), (b, each)) + (((c, multiple(rng, bb, each, sb)),) if rng.random() < 0.4 else ())
        return RakeSetup(commission if commission.method == "percentage" else replace(
            commission, method="percentage", percent=5), situation, tie=tie)
    return RakeSetup(commission, situation, hand=draw_roles(rng, house, walk=situation == "walk"))


def ask_rake(setup: RakeSetup, house: HouseRules) -> Drawn:
    c = setup.commission
    sign = c.sign()
    if setup.situation in ("time", "person"):
        seats = list(range(1, setup.seated + 1))
        if setup.situation == "time":
            fees, lines = time_charges(c, seats, hours=setup.hours)
            ask = (f"{setup.seated} players are seated (one of them away from the table). How much does "
                   f"the dealer collect for {setup.hours} hour{'s' if setup.hours > 1 else ''}?")
            rule = "7.2.2"
        else:
            fees, lines = person_fees(c, seats)
            ask = f"{setup.seated} players are dealt in. How much does the dealer collect before the deal?"
            rule = "7.2.4"
        total = sum(fees.values())
        return Drawn(f"Table sign: {sign}.\n{ask}", str(total), rule, " ".join(lines))
    if setup.situation == "tie":
        put = dict(setup.tie)
        tied = [s for s, _ in setup.tie[:2]]
        others = [s for s, _ in setup.tie[2:]]
        rake, _ = commission_for_hand(put, others, c, tied_winners=tied, players=len(put),
                                      lowest_chip=house.lowest_chip)
        lines = [f"Table sign: {sign}."]
        lines += [f"Seat {s} put in {chips(a)}" + (", folded." if s in others else ".") for s, a in setup.tie]
        lines.append(f"Seats {tied[0]} and {tied[1]} show hands of equal value and split the pot. "
                     "How much commission does the dealer take?")
        rule = "7.8" if not others else "7.2.1, 7.8"
        return Drawn("\n".join(lines), str(rake.total), rule, " ".join(rake.lines))
    assert setup.hand is not None
    rnd, _ = setup.hand.play(house)
    put = rnd.contributions
    posted = setup.hand.posted
    rake, back = commission_for_hand(put, rnd.folded, c, blinds=posted, players=len(put),
                                     lowest_chip=house.lowest_chip)
    lines = [f"Table sign: {sign}.",
             f"Hold'em, blinds {chips(setup.hand.blinds[0])}/{chips(setup.hand.blinds[1])}, "
             f"{len(put)} players dealt in. Chips each player put in by the end of the betting:"]
    blind = {setup.hand.ring[0]: "small blind", setup.hand.ring[1]: "big blind"}
    for seat in setup.hand.ring:
        if put[seat]:
            state = "folded" if seat in rnd.folded else "all in" if rnd.stacks[seat] == 0 else "in"
            lines.append(f"Seat {seat}{' (' + blind[seat] + ')' if seat in blind else ''}: "
                         f"{chips(put[seat])}, {state}.")
    lines.append("How much commission does the dealer take from the pot(s)?")
    rules = {"percentage": "7.2.1", "fixed-hand": "7.2.3"}
    rule = rules.get(c.method, "7.4")
    if c.cap is not None and any("(7.7)" in line for line in rake.lines):
        rule += ", 7.7"
    if back:
        rule += ", 7.5"
    if any("(7.6)" in line for line in rake.lines):
        rule = "7.6" + (", 7.5" if back else "")
    return Drawn("\n".join(lines), str(rake.total), rule, " ".join(rake.lines))


RAKE = Kind("rake", "Rake", draw_rake, ask_rake)
