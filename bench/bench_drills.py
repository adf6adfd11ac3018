"""Drill generation speed: how long `engine.drills.poker.generate` takes to deal a hand with a rare want.

    .venv/bin/python bench/bench_drills.py [--seeds 40] [--strict]

For each drill below, `generate(game, wants, seed)` runs once per seed
(seeds 1..--seeds) and the script prints the median, 95th percentile and
slowest time in milliseconds of CPU time (`time.process_time`, so other
jobs on a shared machine disturb it less), with the median number of
candidate hands tried. A drill that finds no hand within its tries is
counted and shown; its time still counts. Target (issue 15): a rare want
(a split pot with an odd chip; two side pots) in under 50 ms median.
--strict exits 1 when a target drill misses it.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.drills.poker import DrillError, generate  # noqa: E402

# (game, wants, counts toward the 50 ms target)
DRILLS = (
    ("holdem", ("split-pot", "odd-chip"), True),
    ("holdem", ("side-pots >= 2",), True),
    ("omaha-hi-lo", ("split-pot", "odd-chip"), False),
    ("seven-card-stud", ("side-pots >= 2",), False),
    ("draw-blind", ("deck-runs-out",), False),
)
TARGET_MS = 50.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="drills generated per row (default 40)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; CPU time of this process")
    print()
    print("| game | wants | median ms | p95 ms | max ms | tries (median) | not found |")
    print("|---|---|---:|---:|---:|---:|---:|")
    missed = []
    for game, wants, target in DRILLS:
        generate(game, wants, 10_000)            # tables built before timing
        times, tries, failed = [], [], 0
        for seed in range(1, args.seeds + 1):
            start = time.process_time()
            try:
                tries.append(generate(game, wants, seed).tries)
            except DrillError:
                failed += 1
            times.append((time.process_time() - start) * 1000)
        times.sort()
        median = statistics.median(times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"| {game} | {', '.join(wants)} | {median:.1f} | {p95:.1f} | {times[-1]:.1f} | "
              f"{statistics.median(tries) if tries else '-'} | {failed} |")
        if target and median >= TARGET_MS:
            missed.append(f"{game} {', '.join(wants)}: median {median:.1f} ms")
    print()
    print(f"Targets met (median under {TARGET_MS:.0f} ms)." if not missed else "Missed: " + "; ".join(missed))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
