"""Side-pot items: two to four players all in for different amounts, a caller
who covers them (or not, so the largest wager is partly uncalled), and money
from players who folded. The wagers are made in an engine betting round, and
the pots are the engine's own (engine.money.pots.return_uncalled, build_pots)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Mapping

from engine.betting.rulings import BettingRound
from engine.betting.structures import BettingStructure
from engine.house import HouseRules
from engine.money.pots import Pot, build_pots, return_uncalled
from engine.sprints.items import Drawn, Kind, chips, multiple, stakes

# What each player does when it is their turn (see `_decide`).
ROLES = ("limp-fold", "shove", "cover", "fold")


@dataclass(frozen=True)
class AllInSetup:
    """A no-limit Hold'em hand before the flop: blinds, then every player's plan."""
    blinds: tuple[int, int]
    ring: tuple[int, ...]                # seats from the small blind clockwise
    stacks: tuple[tuple[int, int], ...]  # (seat, chips at the start of the hand)
    roles: tuple[tuple[int, str], ...]   # (seat, role)

    @property
    def posted(self) -> dict[int, int]:
        """The blinds as posted (a short stack posts what it has)."""
        stacks = dict(self.stacks)
        sb, bb = self.blinds
        return {self.ring[0]: min(sb, stacks[self.ring[0]]), self.ring[1]: min(bb, stacks[self.ring[1]])}

    @property
    def order(self) -> list[int]:
        return list(self.ring[2:] + self.ring[:2])

    def play(self, house: HouseRules) -> tuple[BettingRound, list[tuple[int, str]]]:
        """The round played out by the roles; returns it and (seat, action) in order."""
        bb = self.blinds[1]
        stacks = dict(self.stacks)
        posted = self.posted
        behind = {s: stacks[s] - posted.get(s, 0) for s in stacks}
        rnd = BettingRound(BettingStructure.no_limit(bb), self.order, behind, posted=posted, house=house)
        roles = dict(self.roles)
        said: list[tuple[int, str]] = []
        while rnd.turn is not None:
            seat = rnd.turn
            action = _decide(roles[seat], rnd, seat, bb)
            outcome = rnd.act(action)
            assert outcome.ok, outcome.message
            said.append((seat, action))
        return rnd, said


def _decide(role: str, rnd: BettingRound, seat: int, bb: int) -> str:
    owe = rnd.level - rnd.in_front[seat]
    options = rnd.options()
    if role == "shove" and options is not None and "all-in" in options.actions:
        return "all-in"
    if role == "shove" and owe:
        return "call"     # nobody left who could call a raise: the player may only call
    if role == "cover":
        return "call" if owe else "check"
    if role == "limp-fold" and rnd.level <= bb and owe:
        return "call"
    return "fold" if owe else "check"


def draw_roles(rng: random.Random, house: HouseRules, *, shoves: tuple[int, int] = (0, 3),
               folders: tuple[int, int] = (0, 3), cover: float = 0.75, walk: bool = False) -> AllInSetup:
    """Blinds, seats, stacks and a role for every player. `walk`: everybody
    folds to the big blind (7.6)."""
    sb, bb = stakes(rng, house)
    while True:
        all_ins = 0 if walk else rng.randint(*shoves)
        limpers = rng.randint(*folders)
        covered = 0 if walk else int(rng.random() < cover or all_ins == 0)
        players = max(all_ins + limpers + covered, 2)
        if players > 9:
            continue
        seats = sorted(rng.sample(range(1, 10), players))
        start = rng.randrange(players)
        ring = tuple(seats[start:] + seats[:start])
        shove_stacks = [multiple(rng, 8 * bb, 150 * bb, sb) for _ in range(all_ins)]
        if len(set(shove_stacks)) < all_ins:
            continue
        roles = ["shove"] * all_ins + ["fold" if walk else "limp-fold"] * limpers + ["cover"] * covered
        roles += ["fold"] * (players - len(roles))
        rng.shuffle(roles)
        by_seat = dict(zip(ring, roles))
        if walk:
            by_seat[ring[1]] = "cover"       # nobody bets: the big blind takes the blinds back
        stacks: dict[int, int] = {}
        shoved = iter(shove_stacks)
        for seat in ring:
            if by_seat[seat] == "shove":
                stacks[seat] = next(shoved)
            elif by_seat[seat] == "cover":
                stacks[seat] = max(shove_stacks, default=0) + multiple(rng, 20 * bb, 100 * bb, bb)
            else:
                stacks[seat] = multiple(rng, 20 * bb, 200 * bb, bb)
        return AllInSetup((sb, bb), ring, tuple(sorted(stacks.items())), tuple(sorted(by_seat.items())))


def draw_all_ins(rng: random.Random, house: HouseRules) -> AllInSetup:
    while True:
        setup = draw_roles(rng, house, shoves=(2, 4), folders=(1, 3))
        rnd, _ = setup.play(house)
        if rnd.folded and len(rnd.live) >= 2 and len(build_pots(return_uncalled(
                rnd.contributions, rnd.folded).contributions, rnd.folded)) >= 2:
            return setup


def ask_side_pots(setup: AllInSetup, house: HouseRules) -> Drawn:
    rnd, said = setup.play(house)
    put = rnd.contributions
    sb, bb = setup.blinds
    blind = {setup.ring[0]: "small blind", setup.ring[1]: "big blind"}
    lines = [f"No-limit Hold'em, blinds {chips(sb)}/{chips(bb)}. Every player's chips in the pot at the "
             "end of the betting (the dealer has pulled nothing back):"]
    for seat in setup.ring:
        if not put[seat]:
            continue    # folded without a chip in: nothing to count
        state = ("folded" if seat in rnd.folded else "all in" if rnd.stacks[seat] == 0 else "called")
        who = f" ({blind[seat]})" if seat in blind else ""
        lines.append(f"Seat {seat}{who}: {chips(put[seat])}, {state}.")
    lines.append("Give the main pot, then each side pot in order.")
    answer, rule, explanation = side_pots_working(put, rnd.folded)
    return Drawn("\n".join(lines), answer, rule, explanation, answer_form="chips-list")


def side_pots_working(put: Mapping[int, int], folded: Iterable[int]) -> tuple[str, str, str]:
    """The main pot and each side pot ("main / side 1 / ...") from what every
    player put in, the engine's own pots (engine.money.pots), with the rule
    and the working: the sprint's item and the table's question say it so."""
    back = return_uncalled(dict(put), set(folded))
    pots: list[Pot] = build_pots(back.contributions, set(folded))
    answer = " / ".join(str(p.amount) for p in pots)
    explanation = list(back.lines)
    for p in pots:
        explanation.append(f"The {p.name} is {chips(p.amount)}, contested by seats "
                           f"{', '.join(map(str, p.eligible))}.")
    explanation.append("Each all-in player can win only what they put in and as much from every other "
                       "player; folded chips stay in the pots they reached (1.1 Main pot, Side pot(s), All-in).")
    rule = "1.1 Main pot, Side pot(s)" + (", 7.5" if back.returned else "")
    return answer, rule, " ".join(explanation)


SIDE_POTS = Kind("side-pots", "Side pots", draw_all_ins, ask_side_pots)
