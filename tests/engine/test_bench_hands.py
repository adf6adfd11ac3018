"""bench/bench_hands.py deals what it says it times (its figures are in bench/README).

Run in a child process: the bench deals thousands of hands, and a test
worker that goes on to drive a browser should not carry what it leaves."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
sys.path.insert(0, "bench")
import bench_hands as b
out = {kind: b.side_by_side(kind, 4, 1, 1) for kind in ("check-down", "random play")}
out["games"] = [[name, rate] for name, _, rate in b.per_game(0.02, 1, 1)]
print(json.dumps(out))
"""


def test_bench_hands_times_the_same_hands_both_ways_and_every_game():
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.strip().splitlines()[-1])
    for kind in ("check-down", "random play"):
        r = out[kind]
        assert r["ours"] > 0 and r["given"] > 0        # the given hands came out identical (bench checks)
        assert r["steps"] >= 20 and r["decisions"] >= 6
        if "pokerkit" in r:
            assert r["agree"] >= 3
    names = [name for name, _ in out["games"]]
    assert "holdem" in names and "seven-card-stud" in names and names[-1] == "casino-holdem"
    assert all(rate > 0 for _, rate in out["games"])
