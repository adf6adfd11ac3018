"""`python -m engine rank CARD...`: read a hand the way the dealer must (3.2).

For instructors preparing examples: prints the best hand, its category and
the five cards used, under any ranking the rules name.
"""
from __future__ import annotations

import argparse
import sys

from engine.cards.deck import CardError, format_cards, parse_cards
from engine.cards.evaluator import HandError
from engine.cards.rankings import RANKINGS, get_ranking
from engine.cards.showdown import Selection, best_hand

HELP = "read a hand: best five cards and category under a named ranking (3.2)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="*", metavar="CARD",
                        help="the player's cards, e.g. As Kd 10h 7c 2s (ranks 2-9, T or 10, J, Q, K, A;"
                             " suits s h d c)")
    parser.add_argument("--ranking", "-r", default="high",
                        help="ranking name (default: high); --list shows them all")
    parser.add_argument("--board", "-b", default="",
                        help="community cards, e.g. \"Ah 7d 2c 9s Kd\"")
    parser.add_argument("--selection", "-s", default=Selection.ANY_FIVE.value,
                        choices=[s.value for s in Selection],
                        help="any_five (default) or two_hole_three_board (Omaha 8.23.6(d), "
                             "Manila 8.14.5(d))")
    parser.add_argument("--list", action="store_true", help="list the rankings with their rules")


def _list() -> int:
    for r in RANKINGS.values():
        print(f"{r.name:16} {r.rule}")
        print(f"{'':16} {r.title}")
        if r.notes:
            print(f"{'':16} Note: {r.notes}")
    return 0


def _error(message: str) -> int:
    print(f"python -m engine rank: error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    if args.list:
        return _list()
    try:
        ranking = get_ranking(args.ranking)
    except KeyError as e:
        return _error(e.args[0])
    try:
        hole = parse_cards(args.cards)
        board = parse_cards(args.board)
    except CardError as e:
        return _error(str(e))
    if not hole and not board:
        return _error("no cards given: e.g. python -m engine rank As Ks Qs Js Ts 2c 3d")
    try:
        hand = best_hand(ranking, hole, board, args.selection)
    except HandError as e:
        return _error(str(e))
    print(f"Ranking:    {ranking.name} ({ranking.rule}): {ranking.title}")
    print(f"Cards:      {format_cards(hole)}" + (f" | board {format_cards(board)}" if board else ""))
    if hand is None:
        print("Best hand:  no qualifying low (eight or better: five different ranks 8 or lower, "
              "3.2.1(b)(xi))")
        return 0
    print(f"Best hand:  {hand.label}")
    print(f"Category:   {hand.category}")
    print(f"Cards used: {format_cards(hand.cards)}")
    return 0
