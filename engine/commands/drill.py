"""`python -m engine drill GAME --want W ... --seed S`: a drill's hand as a table cell.

For instructors writing drills and for checking one: the same generator a
drill cell uses (engine.drills.poker) deals a hand of GAME with every want, from
the seed, and prints it as a lesson table cell that deals it again. The same
seed prints the same hand. A want the game or house can never give is
refused with exit status 2 and the reason, as a lesson reports it at the
drill cell's file:line.
"""
from __future__ import annotations

import argparse
import sys

from engine.drills.poker import BANKED_WANTS, WANTS, DrillError, cell_toml, generate

HELP = "print a generated hand with the wanted features (split pot, side pots, ...) as a lesson table cell"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help="a game's name (python -m engine games lists them)")
    parser.add_argument("--want", "-w", action="append", default=[], metavar="W", required=True,
                        help="what the hand must contain, repeatable: " + "; ".join(WANTS)
                        + "; casino-holdem: " + "; ".join(BANKED_WANTS))
    parser.add_argument("--seed", type=int, default=1, help="the drill's seed: the same seed, the same hand")
    parser.add_argument("--house", default="main", help="house-rule profile or .toml file (default main)")


def run(args: argparse.Namespace) -> int:
    try:
        drill = generate(args.game, args.want, args.seed, args.house)
    except DrillError as exc:
        print(f"python -m engine drill: error: {exc}", file=sys.stderr)
        return 2
    print(f"# drill: {drill.game}, house {drill.house}, want {', '.join(drill.wants)}, seed {drill.seed} "
          f"(found on try {drill.tries})")
    print(cell_toml(drill.cell))
    return 0
