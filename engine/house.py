"""House-rule profiles: every choice the rulebooks leave to the house.

Each engine answer reads a profile, so an instructor can change a default
without touching code. `MAIN` follows casino-poker-rules.txt; where that
rulebook is silent the default follows widely published standard rules and
the field's comment says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class HouseRules:
    name: str = "main"
    title: str = "Main rulebook (casino-poker-rules.txt)"
    # 8.1.5(a): odd chip to the hand closest clockwise to the button;
    # "suit" is 8.1.5(b) (highest card by suit); "left_of_button" is the
    # live-casino file's wording.
    odd_chip: str = "button"
    # 8.1.5: ties are divided to the lowest chip denomination in play.
    lowest_chip: int = 1
    chip_denominations: tuple[int, ...] = (1, 5, 25, 100, 500, 1000)
    extra: dict = field(default_factory=dict)

    def with_(self, **changes) -> "HouseRules":
        return replace(self, **changes)


MAIN = HouseRules()

PROFILES: dict[str, HouseRules] = {MAIN.name: MAIN}


def get_house(name: str | None = None) -> HouseRules:
    if name is None:
        return MAIN
    try:
        return PROFILES[name]
    except KeyError:
        raise KeyError(f"no house-rule profile {name!r}; known: {', '.join(sorted(PROFILES))}") from None
