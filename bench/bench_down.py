"""A down's next hand: milliseconds to work it out (issue 32).

    .venv/bin/python bench/bench_down.py [--hands 30] [--seeds 10] [--strict]

For each game (and the H.O.R.S.E. rotation), `Down(spec).hand(n)` for
n = 1..--hands, seeds 1..--seeds, at twice the default rates of events and
irregularities; each call's CPU time (`time.process_time`) is one sample:
the table's events and plan, the hand auto-played by its random players,
any ruling, the amounts asked at the table (a first down of each row is
dealt untimed: the rankings' tables a game reads are built on their first
use, once per process). Prints the median, 95th percentile and slowest
milliseconds per hand. Target (issue 32): the next hand in under 50 ms. --strict exits
1 when a row's slowest hand misses it.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.down.down import Down  # noqa: E402
from engine.down.spec import DownSpec  # noqa: E402
from engine.games.registry import GAMES  # noqa: E402

TARGET_MS = 50.0


def per_hand(data: dict[str, Any], hands: int, seeds: int) -> list[float]:
    """CPU milliseconds of each next hand over the seeds."""
    samples = []
    for seed in range(1, seeds + 1):
        down = Down(DownSpec.from_dict({**data, "hands": hands, "seed": seed, "events": 0.3,
                                        "irregularities": 0.2}))
        for number in range(1, hands + 1):
            start = time.process_time()
            down.hand(number)
            samples.append((time.process_time() - start) * 1000)
    return sorted(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="hands per down (default 30)")
    parser.add_argument("--seeds", type=int, default=10, help="downs per row (default 10)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a row's slowest hand misses")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; CPU time of this process; "
          f"{args.seeds} downs of {args.hands} hands per row")
    print()
    print("| down | median ms/hand | p95 ms/hand | max ms/hand |")
    print("|---|---:|---:|---:|")
    rows: list[tuple[str, dict[str, Any]]] = [(g, {"game": g}) for g in GAMES if g != "casino-holdem"]
    rows.append(("H.O.R.S.E. rotation", {"rotation": "horse"}))
    missed = []
    for label, data in rows:
        per_hand(data, 5, 1)       # the game's first-use tables (its rankings) built before timing
        times = per_hand(data, args.hands, args.seeds)
        median = statistics.median(times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"| {label} | {median:.2f} | {p95:.2f} | {times[-1]:.2f} |")
        if times[-1] >= TARGET_MS:
            missed.append(label)
    print()
    print(f"target: the next hand in under {TARGET_MS:.0f} ms: "
          + ("met by every hand" if not missed else "missed by " + ", ".join(missed)))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
