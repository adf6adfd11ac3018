"""Sprint targets (issue 31): for each kind of sprint item, the seconds an
item and the accuracy a dealer should reach before dealing live. A house
setting (`HouseRules.sprint_targets`); it lives below engine.house, which
checks a profile file's table here, as engine.casino.paytable does for the pay
table. The rulebooks are silent: the defaults are standard dealer-school
practice (a few seconds an item, 90-95% right), for the house to change."""
from __future__ import annotations

from dataclasses import dataclass

# kind -> (seconds per item, accuracy percent). The kinds are engine.sprints.KINDS.
DEFAULT_TARGETS: dict[str, tuple[float, int]] = {
    "pot-limit-max": (8.0, 90),
    "call-amount": (4.0, 95),
    "side-pots": (20.0, 90),
    "rake": (8.0, 95),
    "odd-chip": (10.0, 90),
    "hi-lo-shares": (12.0, 90),
    "casino-payout": (8.0, 95),
    "stub-count": (10.0, 90),
    "hand-call": (3.0, 95),
    "change": (6.0, 95),
}


@dataclass(frozen=True)
class SprintTarget:
    seconds: float       # median seconds per item
    accuracy: int        # percent right


def check_targets(value: object, base: dict[str, tuple[float, int]] | None = None) -> dict[str, tuple[float, int]]:
    """A profile's targets over `base` (the defaults when None): each entry
    `kind = [seconds, accuracy]` or `kind = { seconds = 8, accuracy = 90 }`."""
    if not isinstance(value, dict):
        raise ValueError("sprint targets are a table of kind = [seconds, accuracy percent], "
                         "e.g. rake = [8, 95]")
    targets = dict(base or DEFAULT_TARGETS)
    for kind, entry in value.items():
        if kind not in DEFAULT_TARGETS:
            raise ValueError(f"{kind!r} is not a sprint kind; use one of {', '.join(DEFAULT_TARGETS)}")
        if isinstance(entry, dict):
            unknown = set(entry) - {"seconds", "accuracy"}
            if unknown:
                raise ValueError(f"{kind}: {', '.join(sorted(unknown))} is not seconds or accuracy")
            seconds, accuracy = entry.get("seconds", targets[kind][0]), entry.get("accuracy", targets[kind][1])
        elif isinstance(entry, (list, tuple)) and len(entry) == 2:
            seconds, accuracy = entry
        else:
            raise ValueError(f"{kind} = {entry!r}: give [seconds, accuracy percent], e.g. [8, 95]")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 600:
            raise ValueError(f"{kind}: seconds per item must be a number above 0 and at most 600, not {seconds!r}")
        if isinstance(accuracy, bool) or not isinstance(accuracy, int) or not 1 <= accuracy <= 100:
            raise ValueError(f"{kind}: accuracy must be a whole percent from 1 to 100, not {accuracy!r}")
        targets[kind] = (float(seconds), accuracy)
    return targets


def target_for(targets: dict[str, tuple[float, int]], kind: str) -> SprintTarget:
    if kind not in targets:
        raise ValueError(f"no sprint target for {kind!r}; kinds: {', '.join(targets)}")
    seconds, accuracy = targets[kind]
    return SprintTarget(seconds, accuracy)
