"""`python -m engine games [GAME]`: the games the house spreads, as declared.

Without a name: one line per game with its rule section, deck sizes and
player limits (4.1 Table 1) and forced bets. With a name: the whole
declaration street by street, each element with its rule, and the notes on
garbled text and reconstructions. Games other modules register (the banked
Casino Hold'em) are listed too.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from typing import Any

from engine.games.parts import Game
from engine.games.registry import GAMES, get_game
from engine.house import HouseRules, get_house, max_players_for

HELP = "list the games with their rule sections, deck sizes and player limits (4.1 Table 1)"
# Modules that declare games of their own (a banked game is not a `Game`:
# the hand machine does not deal it), each exposing GAME_INFO.
OPTIONAL_MODULES = ("engine.casino.game",)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", metavar="GAME", help="show one game's whole declaration")
    parser.add_argument("--house", default="main",
                        help="house-rule profile or .toml file: its player limits and rulebook edition")


def banked_games() -> list[dict[str, Any]]:
    return [importlib.import_module(name).GAME_INFO for name in OPTIONAL_MODULES
            if importlib.util.find_spec(name) is not None]


def _error(message: str) -> int:
    print(f"python -m engine games: error: {message}", file=sys.stderr)
    return 2


def _limits(game: object, house: HouseRules) -> str:
    decks = getattr(game, "max_players", None) or {}
    if isinstance(game, Game):
        return ", ".join(f"{d}:{max_players_for(house, game, d)}" for d in decks)
    return ", ".join(f"{d}:{n}" for d, n in decks.items()) or "-"


def run(args: argparse.Namespace) -> int:
    banked = {info["name"]: info for info in banked_games()}
    try:
        house = get_house(args.house)
    except (KeyError, ValueError) as exc:
        return _error(exc.args[0])
    rulebook = getattr(house, "rulebook", "main")
    if args.game in banked:
        info = banked[args.game]
        print(f"{info['title']} ({info['rule']}): a banked game, the dealer against up to "
              f"{info['max_boxes']} boxes; `python -m engine casino --help` prints a round's dealer procedure")
        return 0
    if args.game:
        try:
            game = get_game(args.game, rulebook)
        except KeyError as exc:
            return _error(exc.args[0])
        if isinstance(game, Game):
            print("\n".join(game.describe()))
        else:
            print(f"{getattr(game, 'title', game.name)} ({getattr(game, 'rule', '')}): a banked game; "
                  f"see its own command for the dealer procedure")
        return 0
    rows = []
    for name in GAMES:
        game = get_game(name, rulebook) if isinstance(GAMES[name], Game) else GAMES[name]
        forced = game.forced_bets() if isinstance(game, Game) else "banked game"
        rows.append((name, getattr(game, "title", name), str(getattr(game, "rule", "")),
                     _limits(game, house), forced))
    for info in banked.values():
        decks = ", ".join(f"{d}:{info['max_boxes']} boxes" for d in info["deck_sizes"])
        rows.append((info["name"], info["title"], str(info["rule"]), decks, "ante, optional bonus (banked)"))
    widths = [max(len(r[i]) for r in rows + [("game", "title", "rule", "deck:players", "")]) for i in range(4)]
    print(f"Games dealt under house profile {house.name!r} (deck size:maximum players, 4.1 Table 1)")
    print(f"{'game':{widths[0]}}  {'title':{widths[1]}}  {'rule':{widths[2]}}  {'deck:players':{widths[3]}}  forced bets")
    for name, title, rule, limits, forced in rows:
        print(f"{name:{widths[0]}}  {title:{widths[1]}}  {rule:{widths[2]}}  {limits:{widths[3]}}  {forced}")
    print("\npython -m engine games GAME shows one game's streets, rules and reconstructions.")
    return 0
