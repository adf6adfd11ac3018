"""Sprint item generation speed: milliseconds per item, per kind (issue 31).

    .venv/bin/python bench/bench_sprints.py [--sets 20] [--n 20] [--strict]

For each kind, `engine.sprints.generate(kind, seed, n)` runs for seeds
1..--sets under every built-in house profile; each set's CPU time
(`time.process_time`, so other jobs on a shared machine disturb it less)
divided by its items is one sample. Prints the median, 95th percentile and
slowest milliseconds per item. Target (issue 31): under 5 ms median per
item for every kind. --strict exits 1 when a kind misses it.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.house import PROFILES# noqa: E402
from engine.sprints import KINDS, MIX, generate# noqa: E402

TARGET_MS = 5.0


def per_item(kind: str, sets: int, n: int) -> list[float]:
    """Milliseconds per item of each set drawn (every profile, seeds 1..sets)."""
    for house in PROFILES.values():
        generate(kind, 10_000, n, house)          # rankings' tables and caches built before timing
    samples = []
    for house in PROFILES.values():
        for seed in range(1, sets + 1):
            start = time.process_time()
            items = generate(kind, seed, n, house)
            samples.append((time.process_time() - start) * 1000 / len(items))
    return sorted(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", type=int, default=20, help="sets per kind and house (default 20)")
    parser.add_argument("--n", type=int, default=20, help="items per set (default 20)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a kind misses the target")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; CPU time of this process; "
          f"{args.sets} sets of {args.n} items per kind and house ({len(PROFILES)} houses)")
    print()
    print("| kind | median ms/item | p95 ms/item | max ms/item |")
    print("|---|---:|---:|---:|")
    missed = []
    for kind in KINDS + (MIX,):
        times = per_item(kind, args.sets, args.n)
        median = statistics.median(times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"| {kind} | {median:.2f} | {p95:.2f} | {times[-1]:.2f} |")
        if median >= TARGET_MS:
            missed.append(kind)
    print()
    print(f"Target: under {TARGET_MS:g} ms median per item: " +
          ("met by every kind." if not missed else "MISSED by " + ", ".join(missed)))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
