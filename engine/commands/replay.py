"""`python -m engine replay FILE`: replay PHH hand histories through the engine.

Each hand of the file (a `.phh` hand, or a `.phhs` file of tables [1],
[2], ...) is dealt by the engine with the history's cards and actions; the
engine works out every pot, split and odd chip under the house rules chosen
with `--house`, and the finishing stacks are printed, p1 first. A hand that
breaks the rules is reported with the action's number and the rule, and
nothing is printed on standard output (exit code 1).
"""
from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal

from engine.house import HouseFileError, get_house
from engine.phh.read import PhhError, load
from engine.phh.replay import replay

HELP = "replay PHH hand histories and print each player's finishing stack"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .phh hand history, or a .phhs file of several hands")
    parser.add_argument("--json", action="store_true",
                        help='print {"finishing_stacks": [...]}, a list of them for a multi-hand file')
    parser.add_argument("--house", default="main",
                        help="house-rule profile to replay under, or a .toml profile file (default main)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the file's own finishing_stacks; exit 1 where they differ")


def _error(message: str) -> int:
    print(f"python -m engine replay: error: {message}", file=sys.stderr)
    return 2


def _number(value: int | Decimal) -> int | float:
    return value if isinstance(value, int) else float(value)


def run(args: argparse.Namespace) -> int:
    try:
        get_house(args.house)
    except (KeyError, HouseFileError) as exc:
        return _error(exc.args[0])
    try:
        hands = load(args.file)
    except PhhError as exc:
        return _error(str(exc))
    results, failures = [], []
    for hand in hands:
        try:
            results.append(replay(hand, args.house))
        except PhhError as exc:
            failures.append(str(exc))
    if failures:
        for line in failures:
            print(line, file=sys.stderr)
        return 1
    several = len(hands) > 1 or hands[0].source.endswith("]")
    if args.json:
        data = [{"finishing_stacks": [_number(v) for v in r.finishing_stacks]} for r in results]
        print(json.dumps(data if several else data[0]))
    else:
        for r in results:
            stacks = " ".join(str(v) for v in r.finishing_stacks)
            print(f"{r.phh.source.rsplit(' ', 1)[-1]} {stacks}" if several else stacks)
    if args.check:
        differences = [(r, r.differences()) for r in results]
        for r, lines in differences:
            if lines:
                print(f"{r.phh.source}: differs from the history's finishing_stacks: {'; '.join(lines)}",
                      file=sys.stderr)
            elif "finishing_stacks" not in r.phh.fields:
                print(f"{r.phh.source}: no finishing_stacks to compare", file=sys.stderr)
        if any(lines for _, lines in differences):
            return 1
    return 0
