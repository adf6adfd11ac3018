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
