"""`python -m engine sprint KIND --seed S --n N [--house H] [--json]`: a sprint's items.

For instructors choosing a set and for checking one: the items a sprint of
KIND (or `mix`) deals from the seed, numbered, each with the rule it drills;
then the answers with their working. The same kind, seed, number and house
print the same set. `--json` prints a list of items with every field (kind,
number, situation, answer, answer_form, choices, rule, explanation).
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from engine.house import HouseFileError, get_house
from engine.sprints import KIND_TABLE, KINDS, MAX_ITEMS, MIX, generate

HELP = "print a timed sprint's items (pot-limit maximum, side pots, rake, ...) from a seed, with answers"

DESCRIPTION = (HELP + ". Kinds: " + "; ".join(f"{k} ({KIND_TABLE[k].title.lower()})" for k in KINDS)
               + f"; {MIX} (every kind in turn). Each answer is worked out by the engine's own rules "
               "and cites the rule it drills. The same kind, seed, --n and house give the same set.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.add_argument("kind", metavar="KIND", choices=KINDS + (MIX,),
                        help=f"one of {', '.join(KINDS)}, or {MIX}")
    parser.add_argument("--seed", type=int, default=1, help="the set's seed: the same seed, the same items")
    parser.add_argument("--n", type=int, default=10, help=f"how many items, 1 to {MAX_ITEMS} (default 10)")
    parser.add_argument("--house", default="main", help="house-rule profile or .toml file (default main)")
    parser.add_argument("--json", action="store_true", help="print the items as a JSON list")


def run(args: argparse.Namespace) -> int:
    try:
        house = get_house(args.house)
        items = generate(args.kind, args.seed, args.n, house)
    except (KeyError, HouseFileError, ValueError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) else str(exc)
        print(f"python -m engine sprint: error: {message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([asdict(item) for item in items], indent=1, ensure_ascii=False))
        return 0
    print(f"# sprint: {args.kind}, seed {args.seed}, {len(items)} items, house {house.name}")
    for item in items:
        print(f"\n{item.number}. [{item.kind}, {item.rule}]")
        print(item.situation)
        for letter, choice in zip("abcdefgh", item.choices):
            print(f"   ({letter}) {choice}")
    print("\nAnswers")
    for item in items:
        print(f"{item.number}. {item.answer}  ({item.rule}) {item.explanation}")
    return 0
