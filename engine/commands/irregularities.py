"""`python -m engine irregularities`: the dealing errors the engine rules on."""
from __future__ import annotations

import argparse
import sys

HELP = "list the irregularities the engine rules on, or rule on one given the facts"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = (
        "examples:\n"
        "  python -m engine irregularities\n"
        "  python -m engine irregularities --cases --family flop\n"
        "  python -m engine irregularities wrong-number-of-cards --fact substantial_action=yes "
        "--fact player_acted=no\n"
        "  python -m engine irregularities not-shuffled-or-cut --actions 'Ann: call, Bob: fold' --question")
    parser.add_argument("situation", nargs="?", help="a situation id to rule on")
    parser.add_argument("--fact", action="append", default=[], metavar="NAME=VALUE",
                        help="a fact the ruling depends on (yes/no or a number); repeat as needed")
    parser.add_argument("--actions", help="the actions so far, comma separated, e.g. 'Ann: call, Bob: fold' "
                                          "(decides substantial action, 1.1)")
    parser.add_argument("--house", default="main", help="house-rule profile or .toml file")
    parser.add_argument("--family", choices=("flop", "stud", "draw"),
                        help="only the situations for this kind of game")
    parser.add_argument("--cases", action="store_true",
                        help="with the list: every combination of facts and its ruling")
    parser.add_argument("--question", action="store_true",
                        help="show the ruling as a lesson question with its choices")


def _value(text: str) -> bool | int | str:
    low = text.strip().lower()
    if low in ("yes", "true", "y"):
        return True
    if low in ("no", "false", "n"):
        return False
    if low.isdigit():
        return int(low)
    return text


def run(args: argparse.Namespace) -> int:
    from engine.house import HouseFileError, get_house
    from engine.irregularities.vocabulary import IrregularityError
    from engine.irregularities.registry import fact_cases, get_situation, question, rule_on, situations

    try:
        house = get_house(args.house)
    except (KeyError, HouseFileError) as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    if not args.situation:
        for situation in situations(args.family):
            tag = "  [rulebook silent: published standard rules, house default]" if situation.house_default else ""
            print(f"{situation.id}: {situation.title} ({situation.rule}){tag}")
            names = ", ".join(f.name for f in situation.facts)
            print(f"    facts: {names or 'none'}")
            if args.cases:
                for case in fact_cases(situation):
                    ruling = rule_on(situation.id, house, **case)
                    shown = ", ".join(f"{k}={v}" for k, v in case.items()) or "always"
                    print(f"    {shown}: {'MISDEAL' if ruling.misdeal else 'no misdeal'} - {ruling.answer}")
        return 0
    facts: dict[str, object] = {}
    for item in args.fact:
        if "=" not in item:
            print(f"error: --fact {item!r}: write NAME=VALUE, e.g. substantial_action=yes", file=sys.stderr)
            return 2
        name, value = item.split("=", 1)
        facts[name.strip()] = _value(value)
    if args.actions is not None:
        facts["actions"] = [a.strip() for a in args.actions.split(",") if a.strip()]
    try:
        get_situation(args.situation)
        if args.question:
            q = question(args.situation, house, **facts)
            print(q.prompt)
            for key, text in q.choices:
                print(f"  {'*' if key == q.correct else ' '} {key}: {text}")
            ruling = q.ruling
        else:
            ruling = rule_on(args.situation, house, **facts)
    except IrregularityError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{'Misdeal' if ruling.misdeal else 'Not a misdeal'} ({ruling.rule})"
          + ("  [published standard rules; house default]" if ruling.house_default else ""))
    print(f"Answer: {ruling.answer}")
    print("The dealer:")
    for number, step in enumerate(ruling.remedy, 1):
        print(f"  {number}. {step}")
    print(f"Why: {ruling.explanation}")
    return 0
