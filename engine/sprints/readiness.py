"""Readiness (issue 31): one figure per trainee and kind that weighs recent
accuracy and speed against the house's target (HouseRules.sprint_targets).

Over the most recent `WINDOW` results:
    readiness = 100 * min(1, accuracy / target accuracy) * min(1, target seconds / median seconds)
so a trainee at or above both targets is 100, and falling short on either
scales it down in proportion. A kind missed `LEECH_MISSES` or more times in
the last `LEECH_WINDOW` is a leech: flagged for the instructor."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from statistics import median
from typing import Sequence

from engine.sprint_targets import SprintTarget

WINDOW = 30
LEECH_WINDOW = 8
LEECH_MISSES = 4


@dataclass(frozen=True)
class SprintResult:
    correct: bool
    seconds: float
    at: datetime
    extra_time_pct: int = 0         # the extra time its run's clock was given (an accommodation); not weighed


@dataclass(frozen=True)
class Readiness:
    results: int                    # how many results were weighed (at most WINDOW)
    accuracy: float                 # percent right, 0-100
    median_seconds: float | None    # None with no results
    readiness: int                  # 0-100
    leech: bool                     # missed >= LEECH_MISSES of the last LEECH_WINDOW


def readiness(results: Sequence[SprintResult], target: SprintTarget) -> Readiness:
    """The readiness of one trainee in one kind; `results` in any order (the
    most recent are taken by `at`)."""
    recent = sorted(results, key=lambda r: r.at)[-WINDOW:]
    if not recent:
        return Readiness(0, 0.0, None, 0, False)
    if any(r.seconds < 0 for r in recent):
        raise ValueError("a result's time cannot be negative")
    right = sum(r.correct for r in recent)
    accuracy = 100.0 * right / len(recent)
    seconds = float(median(r.seconds for r in recent))
    speed = 1.0 if seconds <= target.seconds else target.seconds / seconds
    score = 100.0 * min(1.0, accuracy / target.accuracy) * speed
    last = recent[-LEECH_WINDOW:]
    leech = sum(not r.correct for r in last) >= LEECH_MISSES
    return Readiness(len(recent), round(accuracy, 1), round(seconds, 2), int(round(score)), leech)
