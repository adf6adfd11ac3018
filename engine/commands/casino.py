"""`python -m engine casino`: one round of banked Casino Hold'em, step by step.

For instructors preparing lessons: prints every dealer step with the rule
that requires it, the players' decisions between them, and the settlement
of each box with its explanation (casino-holdem-banked-game.txt, "CH ¶n").
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

HELP = "deal one round of banked Casino Hold'em: every dealer step, decision and payout (CH ¶1-¶14)"

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", default="1", help="deck seed (default 1)")
    parser.add_argument("--boxes", type=int, default=3,
                        help="boxes in play, numbered from box 1, one player each (default 3)")
    parser.add_argument("--ante", type=int, default=10, help="ante on every box (default 10)")
    parser.add_argument("--bonus", type=int, default=0, help="bonus on every box (default 0)")
    parser.add_argument("--fold", default="", metavar="BOXES",
                        help="boxes that fold, e.g. 2,3 (the others call)")
    parser.add_argument("--scenario", metavar="FILE",
                        help="a TOML file with a round (boxes, decisions, seed, stack, house, chips, "
                             "bank); replaces --boxes, --ante, --bonus and --fold")
    parser.add_argument("--house", default=None,
                        help="house-rule profile: main, second, live-casino, or a .toml file")
    parser.add_argument("--json", action="store_true", help="print the final table view as JSON")


def _error(message: str) -> int:
    print(f"python -m engine casino: error: {message}", file=sys.stderr)
    return 2


def _scenario_data(args: argparse.Namespace) -> dict[str, Any]:
    data: dict[str, Any]
    if args.scenario:
        import tomllib
        try:
            with open(args.scenario, "rb") as handle:
                data = tomllib.load(handle)
        except OSError as exc:
            raise ValueError(f"cannot read {args.scenario}: {exc.strerror}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"{args.scenario}: not valid TOML: {exc}") from None
    else:
        from engine.casino.game import CASINO_HOLDEM
        if not 1 <= args.boxes <= CASINO_HOLDEM.max_boxes:
            raise ValueError(f"--boxes must be 1 to {CASINO_HOLDEM.max_boxes} (CH ¶1)")
        folds = {int(b) for b in args.fold.replace(" ", "").split(",") if b}
        data = {"boxes": {b: [NAMES[b - 1], args.ante, args.bonus] for b in range(1, args.boxes + 1)},
                "decisions": {b: "fold" if b in folds else "call" for b in range(1, args.boxes + 1)},
                "seed": args.seed}
    if args.house:
        data["house"] = args.house
    return data


def run(args: argparse.Namespace) -> int:
    from engine.casino.round import CasinoRound
    from engine.casino.scenario import CasinoScenario
    from engine.casino.game import describe_step
    from engine.steps import ScenarioError
    from engine.house import HouseFileError

    try:
        data = _scenario_data(args)
        round_ = CasinoRound(CasinoScenario.from_dict(data))
    except (ValueError, HouseFileError) as exc:
        return _error(str(exc))
    start = round_.chips_total()
    shown = 0
    number = 0
    while True:
        try:
            exp = round_.expected()
        except ScenarioError as exc:
            return _error(str(exc))
        for line in round_.log[shown:]:
            print(f"      player: {line}")
        shown = len(round_.log)
        if exp is None:
            break
        number += 1
        step = exp.step()
        verdict = round_.propose(step)
        print(f"{number:4}. {describe_step(step)}  [{exp.rule}]")
        print(f"      {verdict.message}")
    print("Settlement (from the last box, CH ¶9):")
    for line in round_.explanations:
        print(f"  - {line}")
    players = ", ".join(f"{name} {chips}" for name, chips in round_.players.items())
    print(f"Players: {players}. Bank: {round_.bank} ({round_.bank - round_.scenario.bank:+d}).")
    if round_.chips_total() != start:
        return _error(f"chips not conserved: {start} before, {round_.chips_total()} after")
    if args.json:
        print(json.dumps(round_.view(), indent=2))
    return 0
