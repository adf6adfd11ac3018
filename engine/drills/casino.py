"""Drills for the banked Casino Hold'em: a fresh round for every attempt.

The poker drills (engine/drills/poker.py) deal hands with side pots and ties; a
banked round has none, so its wants are the moments of its settlement (the
paragraphs of casino-holdem-banked-game.txt, cited "CH ¶n" as in
engine/casino/game.py): the dealer who does not qualify, a box that beats a
qualifying dealer, a bonus that wins, a box that folds. Everything comes
from one seed: how many boxes and which, each box's ante and bonus, the
call-or-fold decisions and the shuffle. Each candidate round is dealt to the
end through `CasinoRound` from its cell alone and checked want by want; a
miss is thrown away and the next candidate is dealt from a seed derived
from the first, as engine/drills/poker.py does.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from engine.casino.game import CASINO_HOLDEM, BankedGame
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
from engine.house import HouseFileError, HouseRules, get_house
from engine.steps import ScenarioError

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
ANTES = (5, 10, 20, 25)
FOLD_CHANCE = 0.25

CASINO_WANTS: dict[str, str] = {
    "dealer-does-not-qualify": "the dealer's best five of seven is below a pair of fours: no call is paid and "
                               "every ante still in is paid by the pay table (CH ¶9, ¶12, ¶14)",
    "dealer-qualifies": "the dealer qualifies with a pair of fours or better and every box still in is "
                        "compared with the dealer's hand (CH ¶9, ¶10)",
    "box-beats-dealer": "a box beats a qualifying dealer: its ante is paid by the pay table and its call "
                        "1 to 1 (CH ¶10, ¶14)",
    "bonus-wins": "a box's bonus wins: a pair of aces or better from its two cards and the flop, paid 7 "
                  "to 1 (CH ¶4)",
    "fold": "a box folds after the flop and forfeits its ante (CH ¶6), while another box calls (CH ¶7)",
}
# Wants that cannot be dealt in one round together, and why.
CLASHES = {frozenset({"dealer-does-not-qualify", "dealer-qualifies"}):
           "the dealer either qualifies or does not (CH ¶9)",
           frozenset({"dealer-does-not-qualify", "box-beats-dealer"}):
           "a box is compared with the dealer only when the dealer qualifies (CH ¶10, ¶12)"}


class CasinoDrillError(ScenarioError):
    """A Casino Hold'em drill that cannot be dealt (engine.drills.poker.DrillError wraps it)."""


@dataclass(frozen=True)
class CasinoPlan:
    """What every candidate round must have, checked before any deal."""
    game: BankedGame
    house: HouseRules
    wants: tuple[str, ...]

    def wanted(self, name: str) -> bool:
        return name in self.wants


def casino_plan(wants: Sequence[str], house_name: str = "main") -> CasinoPlan:
    """Refuse an unknown want or two that clash, naming the rule."""
    try:
        house = get_house(house_name)
    except (KeyError, HouseFileError) as exc:
        raise CasinoDrillError(str(exc.args[0] if exc.args else exc)) from None
    parsed = tuple(dict.fromkeys(" ".join(str(w).split()).lower() for w in wants))
    if not parsed:
        raise CasinoDrillError(f"a drill needs at least one want: {', '.join(CASINO_WANTS)}")
    for want in parsed:
        if want not in CASINO_WANTS:
            raise CasinoDrillError(f"want {want!r} is not a drill want of the banked game "
                                   f"{CASINO_HOLDEM.title}; use one of {', '.join(CASINO_WANTS)}")
    for pair, why in CLASHES.items():
        if pair <= set(parsed):
            raise CasinoDrillError(f"wants {' and '.join(sorted(pair))} cannot be dealt together in "
                                   f"{CASINO_HOLDEM.title}: {why}")
    return CasinoPlan(CASINO_HOLDEM, house, parsed)


def candidate(plan: CasinoPlan, seed: int) -> dict[str, Any]:
    """One round's lesson cell (lessons/README.md, Casino Hold'em) from its seed."""
    rng = random.Random(f"casino-drill:{seed}")
    count = rng.randint(2 if plan.wanted("fold") else 1, CASINO_HOLDEM.max_boxes)
    boxes = sorted(rng.sample(range(1, CASINO_HOLDEM.max_boxes + 1), count))
    bonus_all = plan.wanted("bonus-wins")
    cell_boxes: dict[str, list[Any]] = {}
    decisions: dict[str, str] = {}
    for i, box in enumerate(boxes):
        ante = rng.choice(ANTES)
        bonus = ante if bonus_all or rng.random() < 0.4 else 0
        cell_boxes[str(box)] = [NAMES[i], ante, bonus]
        decisions[str(box)] = "fold" if rng.random() < FOLD_CHANCE else "call"
    folder = rng.choice(sorted(decisions)) if plan.wanted("fold") else None
    if folder is not None:
        decisions[folder] = "fold"
    if "call" not in decisions.values():   # the dealer's hand is shown only if a box calls (CH ¶9)
        decisions[rng.choice([b for b in sorted(decisions) if b != folder])] = "call"
    cell: dict[str, Any] = {"id": f"drill-{CASINO_HOLDEM.name}-{seed}", "game": CASINO_HOLDEM.name,
                            "seed": seed, "boxes": cell_boxes, "decisions": decisions}
    if plan.house.name != "main":
        cell["house"] = plan.house.name
    return cell


def dealt(cell: dict[str, Any]) -> CasinoRound:
    """The round of `cell` dealt to the end, every dealer step the one due."""
    scenario = CasinoScenario.from_dict({k: v for k, v in cell.items() if k != "id"})
    round_ = CasinoRound(scenario)
    round_.autoplay()
    return round_


def settlements(round_: CasinoRound) -> list[dict[str, Any]]:
    view = round_.view()
    boxes: list[dict[str, Any]] = view["boxes"]  # type: ignore[assignment]
    return [b["settlement"] for b in boxes if not b.get("empty") and b.get("settlement")]


def meets(round_: CasinoRound, want: str) -> bool:
    """Whether a round dealt to the end has `want` (CASINO_WANTS)."""
    settled = settlements(round_)
    if want == "dealer-does-not-qualify":
        return round_.qualifies is False
    if want == "dealer-qualifies":
        return round_.qualifies is True
    if want == "box-beats-dealer":
        return round_.qualifies is True and any(s["outcome"] == "win" for s in settled)
    if want == "bonus-wins":
        return any(s["bonus_result"] == "win" for s in settled)
    if want == "fold":
        return any(s["outcome"] == "fold" for s in settled) and any(s["outcome"] != "fold" for s in settled)
    return False


def casino_cell(plan: CasinoPlan, seed: int, tries: int, try_seed: Any) -> tuple[dict[str, Any], int]:
    """The first candidate round from `seed` with every want, and its try
    number; CasinoDrillError if none within `tries`."""
    for attempt in range(tries):
        cell = candidate(plan, try_seed(seed, attempt))
        if all(meets(dealt(cell), w) for w in plan.wants):
            cell["id"] = f"drill-{CASINO_HOLDEM.name}-{seed}"
            return cell, attempt + 1
    raise CasinoDrillError(f"no {CASINO_HOLDEM.title} round with {', '.join(plan.wants)} was found in "
                           f"{tries} tries from seed {seed}: these wants may not go together")
