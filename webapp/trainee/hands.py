"""Replayed hands kept between requests, so a step replays nothing.

A table cell's procedure is not stored: it is rebuilt from the cell and the
trainee's accepted steps (cell_state). Rebuilding it on every click costs
more than checking the click, so each worker process keeps the hands it
replayed, keyed by the cell's engine object (a new one whenever the lesson
file changes) and the steps taken. A hand is *taken* out of the cache by
the request that uses it and *kept* again once that request has read it, so
no two requests ever touch the same hand; a cache miss replays from scratch,
exactly as before. Trainees dealing the same cell reach the same steps
(a class deals one lesson's hand at once), so a key holds several hands,
one per request that kept one there: each takes its own. It is only a
cache: any process may hold any hand, or none.
"""
from __future__ import annotations

import json
import threading
from collections import Counter, OrderedDict
from typing import Any, Iterable

from engine import Procedure, ScenarioError, Step

MAX_HANDS = 512     # a few hundred trainees at different points of a class's lessons
# A trainee's clicks may go to any worker process: one that kept the hand a
# few steps back deals those steps on it rather than replaying them all.
CATCH_UP = 6

_lock = threading.Lock()
_hands: OrderedDict[tuple[int, str], list[tuple[Any, Procedure]]] = OrderedDict()
_kept = 0           # hands in _hands, all keys together
# How look-ups went in this process: "hits" (the hand as it was left), "caught up"
# (kept a few steps back), "replayed" (from scratch). bench/load.py reads them.
counts: Counter[str] = Counter()


def _key(engine: Any, steps: Iterable[dict], pause: str | None = None) -> tuple[int, str]:
    key = json.dumps(list(steps), sort_keys=True)
    return id(engine), key if pause is None else f"{key} waits before {pause}"


def replay(engine: Any, steps: list[dict], pause: str | None = None) -> Procedure:
    """The cell's procedure with `steps` (cell_state's dicts) applied: a kept
    hand when there is one, else a fresh one replayed (under the house's
    earlier defaults if the steps were stored under them: Procedure.
    replay_stored). Raises ScenarioError when a stored step no longer fits
    (the lesson changed). `pause`: the betting round the hand waits before
    for a question asked there (engine.questions.checkpoints); a hand that waits is
    kept apart from one that went on, which has played that round."""
    for back in range(min(len(steps), CATCH_UP) + 1):
        done = len(steps) - back
        key = _key(engine, steps[:done], pause)
        with _lock:
            kept = _take(key)
            if kept is not None and kept[0] is engine:
                counts["hits" if back == 0 else "caught up"] += 1
        if kept is not None and kept[0] is engine:
            hand: Procedure = kept[1]
            try:
                hand.replay(Step.from_dict(s) for s in steps[done:])
            except ScenarioError:
                break      # steps stored under earlier rules: replayed afresh below
            return hand
    with _lock:
        counts["replayed"] += 1
    # A hand begun before a house default changed replays under the old one.
    fresh = engine.new_hand()
    if pause is not None:
        setattr(fresh, "pause_before_betting", pause)
    return fresh.replay_stored(Step.from_dict(s) for s in steps)


def _take(key: tuple[int, str]) -> tuple[Any, Procedure] | None:
    """One of the hands kept under `key` (the newest), out of the cache; under _lock."""
    global _kept
    bucket = _hands.get(key)
    if not bucket:
        return None
    kept = bucket.pop()
    if not bucket:
        del _hands[key]
    _kept -= 1
    return kept


def stats() -> str:
    """This process's look-ups, one line (a worker prints it on exit under bench/load.py)."""
    with _lock:
        return (f"kept hands: hits {counts['hits']} caught up {counts['caught up']} "
                f"replayed {counts['replayed']}")


def keep(engine: Any, steps: list[dict], hand: Procedure) -> None:
    """Hand `hand` (with exactly `steps` applied) back for the next request.
    The engine object is kept with it, so its id is never another cell's."""
    global _kept
    key = _key(engine, steps, getattr(hand, "pause_before_betting", None))
    with _lock:
        _hands.setdefault(key, []).append((engine, hand))
        _hands.move_to_end(key)
        _kept += 1
        while _kept > MAX_HANDS:             # the least recently kept key's oldest hand goes
            oldest, bucket = next(iter(_hands.items()))
            bucket.pop(0)
            if not bucket:
                del _hands[oldest]
            _kept -= 1


def clear() -> None:
    """Forget every kept hand (tests)."""
    global _kept
    with _lock:
        _hands.clear()
        _kept = 0
