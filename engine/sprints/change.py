"""Making change: a buy-in converted to chips (6.2) or a large chip broken
for a wager (6.1), in the fewest chips of the house's denominations
(house chip_denominations; engine.money.chips.fewest_chips)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.house import HouseRules
from engine.money.chips import fewest_chips
from engine.sprints.items import Drawn, Kind, chips, multiple


@dataclass(frozen=True)
class ChangeSetup:
    amount: int                  # what is to be given in chips
    denominations: tuple[int, ...]   # the chips to give it in, largest first
    paid: int = 0                # a chip handed in (0: a buy-in in cash)
    owed: int = 0                # what the player owes from it


def draw_change(rng: random.Random, house: HouseRules) -> ChangeSetup:
    values = sorted(house.chip_denominations)
    if len(values) < 2:
        raise ValueError(f"the {house.name} house has only one chip denomination: no change to make")
    while True:
        top = rng.randint(min(2, len(values) - 1), len(values) - 1)
        used = tuple(sorted(values[:top + 1], reverse=True))
        if rng.random() < 0.6:
            amount = multiple(rng, used[0], used[0] * rng.randint(2, 9) + used[1] * rng.randint(0, 7),
                              used[-1])
            if amount:
                return ChangeSetup(amount, used)
        else:
            big = used[0]
            owed = multiple(rng, used[-1], big - used[-1], used[-1]) if big > used[-1] else 0
            if 0 < owed < big:
                return ChangeSetup(big - owed, used[1:], paid=big, owed=owed)


def ask_change(setup: ChangeSetup, house: HouseRules) -> Drawn:
    counts = fewest_chips(setup.amount, setup.denominations)
    kinds = ", ".join(chips(d) for d in setup.denominations)
    if setup.paid:
        ask = (f"A player owes {chips(setup.owed)} and hands in a {chips(setup.paid)} chip. Give the change "
               f"of {chips(setup.amount)}")
        rule = "6.1, standard: fewest chips"
    else:
        ask = f"A player buys in for {chips(setup.amount)} in cash (6.2). Give it"
        rule = "6.2, standard: fewest chips"
    situation = (f"Chips: {kinds} (house rules: {house.name}).\n{ask} in the fewest chips: how many of each, "
                 f"{kinds} in that order?")
    answer = " / ".join(str(counts[d]) for d in setup.denominations)
    working = ", ".join(f"{counts[d]} x {chips(d)}" for d in setup.denominations if counts[d])
    explanation = (f"{working} = {chips(setup.amount)} in {sum(counts.values())} chips, the fewest that make it "
                   "(6.2 converts the buy-in to chips at once; the rules do not say which chips: standard "
                   "practice gives the fewest).")
    return Drawn(situation, answer, rule, explanation, answer_form="chips-list")


CHANGE = Kind("change", "Making change", draw_change, ask_change)
