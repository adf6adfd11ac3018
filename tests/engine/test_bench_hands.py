"""bench/bench_hands.py deals what it says it times (its figures are in bench/README)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_hands.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_hands", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_hands"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("kind", ["check-down", "random play"])
def test_side_by_side_times_the_same_hands_both_ways(bench, kind):
    out = bench.side_by_side(kind, 4, 1, 1)
    assert out["ours"] > 0 and out["given"] > 0
    assert out["steps"] >= 20 and out["decisions"] >= 6
    if "pokerkit" in out:
        assert out["agree"] >= 3


def test_every_game_is_timed(bench):
    rows = bench.per_game(0.02, 1, 1)
    names = [name for name, _, _ in rows]
    assert "holdem" in names and "seven-card-stud" in names and names[-1] == "casino-holdem"
    assert all(rate > 0 for _, _, rate in rows)
