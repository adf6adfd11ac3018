"""Betting items: the pot-limit maximum when a player says "pot" (6.6) and the
amount a player must add to call (1.1 Call, 8.1.2(a), 6.15), with bets and
calls already in. The round is played through engine.betting.rulings.BettingRound,
so the answer is the engine's own option for the player to act."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.betting.rulings import BettingRound
from engine.betting.structures import BettingStructure
from engine.house import HouseRules
from engine.sprints.items import Drawn, Kind, chips, multiple, stakes

STREETS = ("before the flop", "on the flop", "on the turn", "on the river")


@dataclass(frozen=True)
class BettingSetup:
    """A Hold'em betting round up to the player asked about."""
    structure: BettingStructure
    blinds: tuple[int, int]
    order: tuple[int, ...]               # acting order this round
    stacks: tuple[tuple[int, int], ...]  # (seat, chips behind at the start of the round)
    posted: tuple[tuple[int, int], ...]  # blinds in front (first round only)
    pot: int                             # from earlier rounds
    street: int                          # 0 before the flop
    preflop: int                         # later streets: what every player put in before the flop
    actions: tuple[tuple[str, int | None], ...]
    actors: tuple[int, ...]              # who took each action

    def play(self, house: HouseRules) -> BettingRound:
        rnd = BettingRound(self.structure, self.order, dict(self.stacks), posted=dict(self.posted),
                           pot=self.pot, round_index=self.street, house=house)
        for kind, amount in self.actions:
            outcome = rnd.act(kind, amount)
            assert outcome.ok, outcome.message
        return rnd


def _structure(kind: str, bb: int) -> BettingStructure:
    if kind == "fixed":
        return BettingStructure.fixed(bb, 2 * bb)
    return BettingStructure(kind, min_bet=bb)


def _random_action(rng: random.Random, rnd: BettingRound, step: int, raises: int) -> tuple[str, int | None]:
    options = rnd.options()
    assert options is not None
    roll = rng.random()
    wager = "raise" if "raise" in options.actions else "bet" if "bet" in options.actions else None
    if wager and options.min_to is not None and options.max_to is not None and raises < 2 and roll < 0.4:
        return wager, multiple(rng, options.min_to, options.max_to, step)
    if options.to_call and roll < 0.6:
        return "fold", None
    return ("call" if options.to_call else "check"), None


def draw_round(rng: random.Random, house: HouseRules, kinds: tuple[str, ...],
               short: float = 0.0) -> BettingSetup:
    """Players, stacks and one to four actions, all legal under the engine;
    `short` is the chance that the player asked about has a short stack."""
    while True:
        sb, bb = stakes(rng, house)
        kind = rng.choice(kinds)
        players = rng.randint(3, 7)
        seats = sorted(rng.sample(range(1, 10), players))
        street = rng.choice((0, 0, 1, 2, 3))
        start = rng.randrange(players)
        ring = seats[start:] + seats[:start]          # small blind first
        order = ring[2:] + ring[:2] if street == 0 else ring
        stacks = {s: multiple(rng, 40 * bb, 300 * bb, bb) for s in seats}
        structure = _structure(kind, bb)
        preflop = 0 if street == 0 else _everyone_calls(rng, structure, house, ring, stacks, (sb, bb))
        posted = {ring[0]: sb, ring[1]: bb} if street == 0 else {}
        for s, amount in posted.items():
            stacks[s] -= amount
        for s in stacks:
            stacks[s] -= preflop
        pot = preflop * players
        rnd = BettingRound(structure, order, stacks, posted=posted, pot=pot, round_index=street, house=house)
        actions: list[tuple[str, int | None]] = []
        actors: list[int] = []
        raises = 0
        for _ in range(rng.randint(1, 4)):
            if rnd.turn is None:
                break
            actors.append(rnd.turn)
            action = _random_action(rng, rnd, sb, raises)
            raises += action[0] in ("bet", "raise")
            assert rnd.act(*action).ok
            actions.append(action)
        if rnd.turn is None or len(rnd.live) < 2 or rnd.level == 0 and street == 0:
            continue
        asked = rnd.turn
        owe = rnd.level - rnd.in_front[asked]
        if rng.random() < short and asked not in actors and owe >= 2 * sb:
            # A short stack for a player yet to act: less than the call, so the call is all-in.
            stacks[asked] = multiple(rng, sb, owe - sb, sb)
        return BettingSetup(structure, (sb, bb), tuple(order), tuple(sorted(stacks.items())),
                            tuple(sorted(posted.items())), pot, street, preflop, tuple(actions), tuple(actors))


def _everyone_calls(rng: random.Random, structure: BettingStructure, house: HouseRules, ring: list[int],
                    stacks: dict[int, int], blinds: tuple[int, int]) -> int:
    """Before the flop of a later-street item: the first player raises (or
    limps) and every player calls, in an engine betting round; the level they
    all put in. The later streets before the one asked about are checked."""
    sb, bb = blinds
    posted = {ring[0]: sb, ring[1]: bb}
    rnd = BettingRound(structure, ring[2:] + ring[:2], {s: stacks[s] - posted.get(s, 0) for s in ring},
                       posted=posted, house=house)
    raise_to = rng.choice((bb, bb, 2 * bb, 3 * bb))
    options = rnd.options()
    assert options is not None
    if raise_to > bb and options.min_to is not None and options.max_to is not None \
            and options.min_to <= raise_to <= options.max_to:
        rnd.act("raise", raise_to)
    while rnd.turn is not None:
        rnd.act("call" if rnd.to_call(rnd.turn) else "check")
    return rnd.level


def describe(setup: BettingSetup) -> list[str]:
    """The table as the dealer sees it, up to the player asked about."""
    sb, bb = setup.blinds
    s = setup.structure
    sign = (f"{chips(s.small_bet)}/{chips(s.big_bet)} fixed limit" if s.kind == "fixed" else
            f"{s.kind.replace('-', ' ')} limit" if s.kind in ("pot", "half-pot") else "no limit")
    lines = [f"Hold'em, {sign}, blinds {chips(sb)}/{chips(bb)}, {STREETS[setup.street]}."]
    if setup.posted:
        lines.append(" ".join(f"Seat {seat} posts {chips(a)}." for seat, a in setup.posted))
    else:
        lines.append(f"All {len(setup.order)} players put in {chips(setup.preflop)} before the flop"
                     f"{' and checked since' if setup.street > 1 else ''}: the pot is {chips(setup.pot)}.")
    said = []
    for seat, (kind, amount) in zip(setup.actors, setup.actions):
        if kind in ("bet", "raise") and amount is not None:
            said.append(f"Seat {seat} {kind}s {'to ' if kind == 'raise' else ''}{chips(amount)}.")
        else:
            said.append(f"Seat {seat} {kind}s.")
    lines.append(" ".join(said))
    return lines


def draw_pot_limit(rng: random.Random, house: HouseRules) -> BettingSetup:
    while True:
        setup = draw_round(rng, house, ("pot", "pot", "pot", "half-pot"))
        options = setup.play(house).options()
        if options is not None and options.max_to is not None and options.max_to < options.all_in_to:
            return setup


def ask_pot_limit(setup: BettingSetup, house: HouseRules) -> Drawn:
    rnd = setup.play(house)
    seat = rnd.turn
    assert seat is not None
    verb = "raise" if rnd.level else "bet"
    half = setup.structure.kind == "half-pot"
    lines = describe(setup)
    lines.append(f"Seat {seat} ({chips(rnd.stacks[seat])} behind, {chips(rnd.in_front[seat])} in front) "
                 f"says \"{'half the pot' if half else 'pot'}\": {verb} to how much in all?")
    answer, explanation = pot_limit_working(rnd, house)
    return Drawn("\n".join(lines), str(answer), "6.6", explanation)


def pot_limit_working(rnd: BettingRound, house: HouseRules) -> tuple[int, str]:
    """The most the player to act may bet or raise to under pot limit (the
    engine's own option), with the working (6.6): the sprint's item and the
    table's "pot?" (engine.questions.at_table) both say it this way."""
    options = rnd.options()
    assert options is not None and options.max_to is not None
    seat, answer = options.seat, options.max_to
    verb = "raise" if rnd.level else "bet"
    call = rnd.level - rnd.in_front[seat]
    counted = rnd.total + call
    explanation = f"Every chip in the pot and in front counts: {chips(rnd.total)}"
    explanation += (f"; the call of {chips(call)} is added before the limit is worked out (6.6): {chips(counted)}. "
                    if call else " (6.6). ")
    if rnd.structure.kind == "half-pot":
        explanation += (f"Half of that ({house.half_pot_rounding} to the lowest chip in play) goes on top of "
                        f"the call: {verb} to {chips(answer)} (6.6).")
    else:
        explanation += f"That much goes on top of the call: {verb} to {chips(answer)} (6.6)."
    return answer, explanation


def draw_call(rng: random.Random, house: HouseRules) -> BettingSetup:
    while True:
        setup = draw_round(rng, house, ("no-limit", "pot", "fixed"), short=0.25)
        options = setup.play(house).options()
        if options is not None and options.to_call > 0:
            return setup


def ask_call(setup: BettingSetup, house: HouseRules) -> Drawn:
    rnd = setup.play(house)
    seat = rnd.turn
    assert seat is not None
    lines = describe(setup)
    lines.append(f"Seat {seat} has {chips(rnd.stacks[seat])} behind and {chips(rnd.in_front[seat])} in front, "
                 "and calls: how many more chips go in?")
    answer, rule, explanation = call_working(rnd)
    return Drawn("\n".join(lines), str(answer), rule, explanation)


def call_working(rnd: BettingRound) -> tuple[int, str, str]:
    """The chips the player to act adds to call (the engine's own option: all
    they have when that is less), the rule and the working (1.1 Call, 8.1.2(a))."""
    options = rnd.options()
    assert options is not None
    seat, answer = options.seat, options.to_call
    owe = rnd.level - rnd.in_front[seat]
    have = f"; {chips(rnd.in_front[seat])} already in front counts toward it" if rnd.in_front[seat] else ""
    if answer < owe:
        return answer, "1.1 Call, 1.1 All-in", (
            f"The bet to call is {chips(rnd.level)}{have}, leaving {chips(owe)}; seat {seat} has only "
            f"{chips(answer)} behind, so the call is all-in for {chips(answer)} (1.1 All-in).")
    return answer, "1.1 Call, 8.1.2(a)", (f"A call matches the highest bet this round, {chips(rnd.level)}{have}: "
                                          f"{chips(answer)} more goes in (1.1 Call, 8.1.2(a)).")


POT_LIMIT_MAX = Kind("pot-limit-max", "Pot-limit maximum", draw_pot_limit, ask_pot_limit)
CALL_AMOUNT = Kind("call-amount", "Amount to call", draw_call, ask_call)
