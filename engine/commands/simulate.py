"""`python -m engine simulate GAME`: one random hand's whole dealer procedure.

For instructors: every dealer step in order with the rule that requires it,
the players' decisions between them (random but legal, from the seed), and
the award. The same seed prints the same hand; `--scenario` prints a lesson
table cell that deals it again.
"""
from __future__ import annotations

import argparse
import random
import sys

from engine.betting.structures import KINDS
from engine.games.parts import Game
from engine.games.registry import get_game
from engine.hand.machine import Hand
from engine.hand.players import RandomPlayer
from engine.hand.scenario import Scenario
from engine.house import get_house, max_players_for
from engine.steps import STEP_LABELS, ScenarioError

HELP = "print a random hand's dealer procedure step by step, with rule citations"
NAMES = ["Ann", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help="a game's name (python -m engine games lists them)")
    parser.add_argument("--players", "-n", type=int, default=None,
                        help="players dealt in (default: six, or the most the game and deck allow)")
    parser.add_argument("--deck", type=int, default=None, choices=(52, 40, 36, 32, 20),
                        help="deck size (default: the game's first, normally 52)")
    parser.add_argument("--seed", type=int, default=1, help="shuffle and decisions (default 1)")
    parser.add_argument("--house", default="main", help="house-rule profile or .toml file (default main)")
    parser.add_argument("--betting", default="no-limit", choices=KINDS, help="betting structure (6.3)")
    parser.add_argument("--stack", type=int, default=200, help="chips each player starts with (default 200)")
    parser.add_argument("--scenario", action="store_true",
                        help="also print a lesson table cell (TOML) that deals this hand again")


def _error(message: str) -> int:
    print(f"python -m engine simulate: error: {message}", file=sys.stderr)
    return 2


def build(args: argparse.Namespace) -> Scenario:
    house = get_house(args.house)
    game = get_game(args.game, getattr(house, "rulebook", "main"))
    if not isinstance(game, Game):
        raise ScenarioError(f"{getattr(game, 'title', args.game)} has its own command, not simulate")
    deck = args.deck or next(iter(game.max_players))
    if deck not in game.max_players:
        raise ScenarioError(f"{game.title} is not dealt with a {deck}-card deck; allowed: "
                            f"{', '.join(map(str, game.max_players))} (4.1 Table 1)")
    most = max_players_for(house, game, deck)
    players = args.players if args.players is not None else min(6, most)
    table_seats = max(10, players)
    rng = random.Random(args.seed)
    seats = sorted(rng.sample(range(1, table_seats + 1), players)) if players <= table_seats else []
    return Scenario(game=game.name, seats={s: (NAMES[i % len(NAMES)], args.stack) for i, s in enumerate(seats)},
                    button_was=seats[0] if seats else 1, seed=args.seed, deck=deck, table_seats=table_seats,
                    house=args.house, betting=args.betting)


def run(args: argparse.Namespace) -> int:
    try:
        scenario = build(args)
        hand = Hand(scenario, decide=RandomPlayer(args.seed))
    except (KeyError, ValueError) as exc:
        return _error(exc.args[0] if exc.args else str(exc))
    game = hand.game
    names = ", ".join(f"{s} {n} ({c})" for s, (n, c) in sorted(scenario.seats.items()))
    print(f"{game.title} ({game.rule}), {scenario.deck}-card deck, {hand.structure.describe()}, "
          f"house {hand.house.name}, seed {args.seed}")
    print(f"Seats: {names}")
    print(f"Forced bets: {game.forced_bets()}"
          + (f"; blinds {list(hand.blind_amounts)}" if hand.blind_amounts else "")
          + (f"; ante {hand.ante}" if hand.ante else ""))
    print()
    said = 0
    number = 0
    street = None
    last_why = ""
    while True:
        exp = hand.expected()
        # The players' decisions since the last dealer step belong to the
        # street that step was on: print them before the next street's header
        # (when everyone checks no "collect the bets" step comes between).
        for line in hand.log[said:]:
            print(f"       player: {line}")
        said = len(hand.log)
        if exp is not None and exp.street and exp.street != street:
            street = exp.street
            print(f"-- {street} --")
        if exp is None:
            break
        number += 1
        target = f" seat {exp.seat}" if exp.seat is not None else (
            f" seat{'s' if len(exp.seats) > 1 else ''} {', '.join(map(str, exp.seats))}" if exp.seats else "")
        verdict = hand.propose(exp.step())
        print(f"{number:4}. {STEP_LABELS[exp.kind]}{target} [{exp.rule}]: {verdict.message}")
        if exp.why != last_why:
            print(f"       why: {exp.why}")
        last_why = exp.why
    print()
    print("Result: " + ", ".join(f"seat {s} {p.stack}" for s, p in sorted(hand.players.items()))
          + (f"; commission {hand.rake} (section 7)" if hand.takes_rake() else ""))
    if args.scenario:
        print()
        print(scenario_toml(hand))
    return 0


def scenario_toml(hand: Hand) -> str:
    """A lesson table cell that deals this hand again (lessons/README.md)."""
    sc = hand.scenario
    seats = ", ".join(f'{s} = ["{n}", {c}]' for s, (n, c) in sorted(sc.seats.items()))
    actions = ",\n           ".join(", ".join(f'"{a}"' for a in hand.played_actions[i:i + 8])
                                    for i in range(0, len(hand.played_actions), 8))
    lines = ["```table", f'id = "{sc.game}-{sc.seed}"', f'game = "{sc.game}"', f"seed = {sc.seed}",
             f"deck = {sc.deck}", f"table_seats = {sc.table_seats}"]
    if hand.game.uses_button:
        lines.append(f"button_was = {sc.button_was}")
    if hand.blind_amounts:
        lines.append(f"blinds = {list(hand.blind_amounts)}")
    if hand.ante:
        lines.append(f"ante = {hand.ante}")
    if sc.house != "main":
        lines.append(f'house = "{sc.house}"')
    if sc.betting != "no-limit":
        lines.append(f'betting = "{sc.betting}"')
    lines += [f"seats = {{ {seats} }}", f"actions = [{actions}]", "```"]
    return "\n".join(lines)
