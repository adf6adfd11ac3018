"""`python -m engine table`: button, blinds and who is dealt in, hand by hand."""
from __future__ import annotations

import argparse
import json
import random
import sys

HELP = "show the button, blinds and who is dealt in for each hand as players come and go"

DEMO_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim",
              "Lou", "Max", "Ned", "Oli", "Pat", "Quin", "Ray", "Sue", "Tom"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from engine.table.events import EVENTS_HELP

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "Events file:\n" + EVENTS_HELP + (
        "\nWithout --events, the seed makes up players leaving, arriving, changing seats,\n"
        "stepping away and coming back.")
    parser.add_argument("--game", default="holdem", help="game name (default holdem)")
    parser.add_argument("--hands", type=int, default=10, help="number of hands (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed for draws and made-up events")
    parser.add_argument("--events", metavar="FILE", help="events file (see below)")
    parser.add_argument("--house", default="main",
                        help="house-rule profile: main, second, live-casino, or a .toml file")
    parser.add_argument("--players", type=int, default=6,
                        help="players seated at the start when the events file seats none (default 6)")
    parser.add_argument("--deck", type=int, default=52, help="deck size (default 52)")
    parser.add_argument("--json", action="store_true", help="print each hand as JSON")


def run(args: argparse.Namespace) -> int:
    from engine.games.registry import get_game
    from engine.house import HouseFileError, get_house
    from engine.table.events import (EventScript, apply_event, describe_event, parse_events, random_events,
                                     table_from_script)
    from engine.table.plan import TableError

    try:
        game = get_game(args.game)
        house = get_house(args.house)
    except (KeyError, HouseFileError) as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.hands < 1:
        print("error: --hands must be at least 1", file=sys.stderr)
        return 2
    script = None
    if args.events:
        try:
            with open(args.events, encoding="utf-8") as handle:
                script = parse_events(handle.read(), args.events)
        except OSError as exc:
            print(f"error: cannot read {args.events}: {exc.strerror}", file=sys.stderr)
            return 2
        except TableError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    try:
        table = table_from_script(script or EventScript(setup={"players": {}}), game, house=house,
                                  deck=args.deck, seed=args.seed)
        if not (script and script.setup["players"]):
            count = min(args.players, table.max_players, table.seats)
            for seat in range(1, count + 1):
                table.arrive(DEMO_NAMES[seat - 1], seat)
    except (TableError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    rng = random.Random(args.seed)
    if not args.json:
        print(f"{game.title} ({game.rule}), house {house.name}: {table.seats} seats, "
              f"at most {table.max_players} players (4.1)"
              + (f", blinds {'/'.join(map(str, table.blinds))}" if table.blinds else ""))
    for hand in range(1, args.hands + 1):
        if script is not None:
            events = script.events.get(hand, [])
        else:
            events = random_events(table, rng, DEMO_NAMES) if hand > 1 else []
        for index, event in enumerate(events):
            try:
                apply_event(table, event)
            except TableError as exc:
                where = script.lines.get((hand, index), "") if script else ""
                print(f"error: {where + ': ' if where else ''}before hand {hand}: {exc}", file=sys.stderr)
                return 2
            if not args.json:
                print(f"before hand {hand}: {describe_event(event)}")
        plan = table.next_hand()
        if args.json:
            print(json.dumps(plan.to_dict()))
        else:
            print("\n".join(plan.describe()))
            print()
    if script is not None:
        late = sorted(h for h in script.events if h > args.hands)
        if late:
            print(f"note: events for hand(s) {', '.join(map(str, late))} were not reached "
                  f"(--hands {args.hands})", file=sys.stderr)
    return 0

