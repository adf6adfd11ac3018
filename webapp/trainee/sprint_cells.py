"""Sprint cells: a lesson's ```sprint cell, a timed set the trainee runs (issue 31).

The cell names what the set drills (`kind`, or `kinds`, or "mix"), how many
items (`n`), the seconds for the set and when a wrong answer is said
(`feedback`: "now" or at the "end"). At load the set is drawn once from
LOAD_SEED, so a setting the engine refuses (too many items to draw
different ones, an unknown kind or house) is the lesson's `file:line`.
Each run draws its own seed (webapp/sprint_store.py).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import zip_longest
from math import ceil
from typing import Any

from engine import HouseFileError, SPRINT_KINDS as KINDS, SprintItem, generate_sprint as generate, get_house

MIX = "mix"
FEEDBACK = ("now", "end")
MIN_SECONDS, MAX_SECONDS = 10, 30 * 60
MAX_N = 200


def kinds_of(kind: str) -> tuple[str, ...]:
    """A run's kind as the kinds it draws from: one kind, "mix", or several joined by commas."""
    return tuple(kind.split(","))


def kind_title(kind: str) -> str:
    if kind == MIX:
        return "Mix of every kind"
    return " + ".join(k.replace("-", " ").capitalize() for k in kinds_of(kind))


def valid_kind(kind: str) -> bool:
    parts = kinds_of(kind)
    return kind == MIX or (len(set(parts)) == len(parts) and all(k in KINDS for k in parts))


@lru_cache(maxsize=512)
def items(kind: str, seed: int, n: int, house: str) -> tuple[SprintItem, ...]:
    """The set drawn from `seed`, as engine.sprints.generate gives it. Several
    kinds: each kind's share drawn from the same seed, taken in turn."""
    rules = get_house(house)
    parts = kinds_of(kind)
    if len(parts) == 1:
        return tuple(generate(kind, seed, n, rules))
    groups = [generate(k, seed, ceil(n / len(parts)), rules) for k in parts]
    taken = [item for row in zip_longest(*groups) for item in row if item is not None][:n]
    return tuple(replace(item, number=i) for i, item in enumerate(taken, start=1))


def item_of(kind: str, seed: int, n: int, house: str, number: int) -> SprintItem:
    return items(kind, seed, n, house)[number - 1]


SPRINT_KEYS = ("id", "title", "prompt", "kind", "kinds", "n", "seconds", "feedback", "house")
LOAD_SEED = 1
DEFAULT_N, DEFAULT_SECONDS = 10, 120


class SprintCellError(ValueError):
    """A sprint cell the lesson cannot hold: `key` names the line at fault."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class SprintPlan:
    kind: str              # a kind, "mix", or several kinds joined by commas (sprint_store.kinds_of)
    n: int
    seconds: int
    feedback: str
    house: str = "main"
    title: str = ""
    prompt: str = ""


def _whole(data: dict[str, Any], key: str, default: int, low: int, high: int, what: str) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SprintCellError(key, f"{key} must be a whole number from {low} to {high} ({what}), not {value!r}")
    return value


def build(data: dict[str, Any]) -> SprintPlan:
    """The plan of a lesson's sprint cell; SprintCellError names the key at fault."""
    extra = sorted(set(data) - set(SPRINT_KEYS))
    if extra:
        raise SprintCellError(extra[0], f"a sprint cell takes only {', '.join(SPRINT_KEYS)}, not {', '.join(extra)}")
    if ("kind" in data) == ("kinds" in data):
        raise SprintCellError("kinds" if "kinds" in data else "id",
                              f'a sprint cell needs kind = "..." or kinds = [...] (not both): one of '
                              f'{", ".join(KINDS)}, or "{MIX}"')
    key = "kind" if "kind" in data else "kinds"
    chosen = data[key]
    wanted = [chosen] if isinstance(chosen, str) else chosen
    if not isinstance(wanted, list) or not wanted or not all(isinstance(k, str) for k in wanted):
        raise SprintCellError(key, f'{key} must be a kind\'s name or a list of them, e.g. kinds = ["rake", "change"]')
    unknown = [k for k in wanted if k not in KINDS and k != MIX]
    if unknown:
        raise SprintCellError(key, f"no sprint kind {unknown[0]!r}: use {', '.join(KINDS)}, or \"{MIX}\"")
    if len(set(wanted)) != len(wanted) or (MIX in wanted and len(wanted) > 1):
        raise SprintCellError(key, f'{key} names a kind twice, or "{MIX}" with others ("{MIX}" is every kind)')
    n = _whole(data, "n", DEFAULT_N, 1, MAX_N, "items in the set")
    seconds = _whole(data, "seconds", DEFAULT_SECONDS, MIN_SECONDS, MAX_SECONDS, "the clock for the set")
    feedback = data.get("feedback", "now")
    if feedback not in FEEDBACK:
        raise SprintCellError("feedback", f'feedback must be "now" (right or wrong after each item) or "end" '
                                          f"(only on the result), not {feedback!r}")
    house = data.get("house", "main")
    if not isinstance(house, str) or not house.strip():
        raise SprintCellError("house", f'house must be a house profile\'s name, e.g. house = "main", not {house!r}')
    try:
        get_house(house)
    except (KeyError, HouseFileError) as exc:
        raise SprintCellError("house", str(exc.args[0] if exc.args else exc)) from None
    plan = SprintPlan(",".join(wanted), n, seconds, feedback, house, str(data.get("title", "")),
                      str(data.get("prompt", "")))
    try:
        items(plan.kind, LOAD_SEED, plan.n, plan.house)
    except ValueError as exc:
        raise SprintCellError("n", str(exc)) from None
    return plan
