"""`python -m engine ...` as a shell runs it: piped into a reader that stops early."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PHH = pathlib.Path(__file__).resolve().parent / "phh"

COMMANDS = [
    ["table", "--hands", "50"],
    ["games"],
    ["simulate", "holdem"],
    ["rank", "--list"],
    ["irregularities"],
    ["replay", str(PHH / "nt_uncalled.phhs")],
    ["casino"],
    ["sprint", "mix", "--n", "200"],
    ["down", "--hands", "200"],
]


def _spawn(argv: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "engine", *argv], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: a[0])
def test_a_reader_that_closes_at_once_ends_the_command_quietly(argv):
    # The reader goes away before the command has written anything, so every
    # write meets a broken pipe (as `python -m engine ... | head -0` would).
    proc = _spawn(argv)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code == 141


def test_a_reader_that_stops_after_one_line_ends_the_command_quietly():
    # `python -m engine table --hands 2000 | head -1`: far more output than a pipe holds.
    proc = _spawn(["table", "--hands", "2000"])
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline().decode()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=60)
    assert first.startswith("Hold'em (8.17)")
    assert err == "" and code == 141


def test_sprint_prints_the_same_set_from_its_seed_and_refuses_impossible_settings():
    import json

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "engine", "sprint", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)

    text = run("side-pots", "--seed", "5", "--n", "3")
    assert text.returncode == 0 and text.stdout == run("side-pots", "--seed", "5", "--n", "3").stdout
    assert text.stdout.count("[side-pots, 1.1 Main pot, Side pot(s)") == 3 and "Answers" in text.stdout
    items = json.loads(run("mix", "--seed", "2", "--n", "10", "--house", "second", "--json").stdout)
    assert len(items) == 10 and len({i["kind"] for i in items}) == 10
    assert all({"kind", "situation", "answer", "rule", "explanation", "answer_form"} <= set(i) for i in items)
    for argv, words in ((("rake", "--n", "0"), "1 to 200 items"), (("poker",), "invalid choice"),
                        (("rake", "--house", "nowhere"), "no house-rule profile")):
        bad = run(*argv)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr
    helped = run("--help").stdout
    assert all(kind in helped for kind in ("pot-limit-max", "hand-call", "change", "mix", "--json"))
