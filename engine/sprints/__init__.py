"""Sprints (issue 31): timed sets of small dealer sums and calls.

`generate(kind, seed, n, house)` draws `n` items of one kind (or "mix") from
a seed; each item's answer is worked out by the engine's own rules (pots,
rake, betting, rankings, the banked game's pay table), never typed in.
`check(item, given)` marks a trainee's answer. The kinds live one module per
family; `KIND_TABLE` maps each name to its `Kind`.
"""
from __future__ import annotations

import random
import re

from engine.house import MAIN, HouseRules
from engine.sprint_targets import DEFAULT_TARGETS
from engine.sprints.items import AnyKind, SprintItem, SprintVerdict
from engine.sprints import betting, casino, change, pots, rake, reading, shares, stub

KIND_TABLE: dict[str, AnyKind] = {k.name: k for k in (
    betting.POT_LIMIT_MAX, betting.CALL_AMOUNT, pots.SIDE_POTS, rake.RAKE, shares.ODD_CHIP,
    shares.HI_LO_SHARES, casino.CASINO_PAYOUT, stub.STUB_COUNT, reading.HAND_CALL, change.CHANGE,
)}
KINDS: tuple[str, ...] = tuple(KIND_TABLE)
# Every kind has a house target (engine/sprint_targets.py), and no target names a kind not drawn here.
assert KINDS == tuple(DEFAULT_TARGETS), "engine.sprint_targets.DEFAULT_TARGETS must list KINDS in order"
MIX = "mix"
MAX_ITEMS = 200
# Draws of one item that may repeat an earlier situation before the set is refused.
MAX_REDRAWS = 60

__all__ = ["KINDS", "KIND_TABLE", "MIX", "generate", "check", "read_given"]


def _validate(kind: str, seed: int, n: int) -> None:
    if kind != MIX and kind not in KIND_TABLE:
        raise ValueError(f"no sprint kind {kind!r}; use one of {', '.join(KINDS)} or {MIX}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ITEMS:
        raise ValueError(f"a sprint has 1 to {MAX_ITEMS} items, not {n!r}")


def _possible(kind: str, house: HouseRules) -> bool:
    """Whether the house can give `kind` at all (a house with one chip
    denomination has no change to make): a mix leaves out what it cannot."""
    try:
        KIND_TABLE[kind].make(random.Random(0), house)
    except ValueError:
        return False
    return True


def generate(kind: str, seed: int, n: int, house: HouseRules | None = None) -> list[SprintItem]:
    """`n` items of `kind` ("mix": every kind in turn, in a drawn order), the
    same for the same (kind, seed, n, house); no two situations alike. The
    first items of a longer set are the shorter set."""
    _validate(kind, seed, n)
    house = house or MAIN
    rng = random.Random(f"sprint:{kind}:{seed}:{house.name}")
    if kind == MIX:
        order = [k for k in KINDS if _possible(k, house)]
        rng.shuffle(order)
    else:
        order = [kind]
    items: list[SprintItem] = []
    seen: set[str] = set()
    for number in range(1, n + 1):
        name = order[(number - 1) % len(order)]
        for _ in range(MAX_REDRAWS):
            drawn = KIND_TABLE[name].make(rng, house)
            if drawn.situation not in seen:
                break
        else:
            raise ValueError(f"cannot draw {n} different {name} items under the {house.name} house rules: "
                             f"only {number - 1} came out different; ask for fewer")
        seen.add(drawn.situation)
        items.append(drawn.numbered(name, number))
    return items


_WHOLE = re.compile(r"\d+|\d{1,3}(?:,\d{3})+")
_SEPARATORS = re.compile(r"[\s,/;]+")


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("\u2013", "-").split())


def _chips(given: str) -> int | None:
    text = given.strip().replace(" ", "")
    return int(text.replace(",", "")) if _WHOLE.fullmatch(text) else None


def _chip_list(given: str) -> list[int] | None:
    parts = [p for p in _SEPARATORS.split(given.strip()) if p]
    if not parts or not all(p.isdigit() for p in parts):
        return None
    return [int(p) for p in parts]


def read_given(answer_form: str, given: str) -> str | None:
    """A typed chips or chips-list answer written as an item's answer is
    ("1,250" -> "1250", "200/210" -> "200 / 210"), or None if it is not one."""
    text = str(given).strip()
    if answer_form == "chips":
        value = _chips(text)
        return None if value is None else str(value)
    values = _chip_list(text) if answer_form == "chips-list" else None
    return None if values is None else " / ".join(map(str, values))


FORM_HELP = {
    "chips": "one whole number of chips, e.g. 135",
    "chips-list": "the amounts in order, separated by spaces, commas or slashes, e.g. 200 / 210",
    "choice": "one of the choices offered",
}


def check(item: SprintItem, given: str) -> SprintVerdict:
    """Right, wrong (with the working and the rule) or malformed (with the
    form the answer takes: a web page may choose not to count it)."""
    text = str(given).strip()
    if item.answer_form == "chips":
        value = _chips(text)
        right = value == int(item.answer) if value is not None else None
    elif item.answer_form == "chips-list":
        values = _chip_list(text)
        right = values == [int(a) for a in item.answer.split(" / ")] if values is not None else None
    else:
        choices = {_norm(c) for c in item.choices}
        right = _norm(text) == _norm(item.answer) if _norm(text) in choices else None
    if right is None:
        shown = text or "nothing"
        return SprintVerdict(False, f"{shown!r} is not an answer here: give {FORM_HELP[item.answer_form]}.", True)
    if right:
        return SprintVerdict(True, f"Right: {item.answer} ({item.rule})", False)
    return SprintVerdict(False, f"Not {text}: the answer is {item.answer}. {item.explanation}", False)
