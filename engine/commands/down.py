"""`python -m engine down`: a down printed hand by hand from its seed (issue 32)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

HELP = "deal a down (hand after hand at one table) from its seed and print each hand"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--game", help="one game (default holdem; python -m engine games)")
    which.add_argument("--games", help="a rotation of games, comma-separated, e.g. holdem,razz")
    which.add_argument("--rotation", help="a named rotation: horse, hose, ho")
    parser.add_argument("--change-every", help="hands per game in a rotation, or 'orbit' (default)")
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--hands", type=int, help="hands to deal (default 30)")
    length.add_argument("--minutes", type=int, help="minutes to deal, at the house's pace (down_pace)")
    parser.add_argument("--seed", type=int, default=7, help="the down's seed (default 7)")
    parser.add_argument("--house", default="main",
                        help="house-rule profile: main, second, live-casino, standard, or a .toml file")
    parser.add_argument("--seats", type=int, help="table seats (default 9)")
    parser.add_argument("--players", type=int, help="players seated at the start (default 7)")
    parser.add_argument("--stack", type=int, help="starting stacks and buy-ins (default 200)")
    parser.add_argument("--events", type=float, help="chance per hand of a table event (house down_events)")
    parser.add_argument("--irregularities", type=float,
                        help="chance per hand of an irregularity to rule on (house down_irregularities)")
    parser.add_argument("--json", action="store_true", help='print {"hands": [...]} as JSON')


def spec_data(args: argparse.Namespace) -> dict[str, Any]:
    """The command line as a down cell's keys (engine.down.spec.DownSpec.from_dict)."""
    data: dict[str, Any] = {"seed": args.seed, "house": args.house}
    if args.games:
        data["games"] = [g.strip() for g in args.games.split(",") if g.strip()]
    elif args.rotation:
        data["rotation"] = args.rotation
    else:
        data["game"] = args.game or "holdem"
    if args.change_every:
        every = args.change_every
        data["change_every"] = int(every) if every.isdigit() else every
    for key in ("hands", "minutes", "seats", "players", "stack", "events", "irregularities"):
        value = getattr(args, key)
        if value is not None:
            data[key] = value
    return data


def describe(hand: Any) -> list[str]:
    """Lines an instructor reads for one hand: events, button, posts, who is dealt in, the pots."""
    names: dict[int, str] = hand.names
    head = f"Hand {hand.number} ({hand.game}): "
    head += ("no button" if hand.button is None
             else f"button seat {hand.button}" + (" - dead button" if hand.dead_button else ""))
    lines = [head]
    lines += [f"  before: {e.text} ({e.rule})" for e in hand.events]
    for post in hand.posts:
        lines.append(f"  {post.what}: seat {post.seat} ({post.name}) posts {post.amount}"
                     f"{'' if post.live else ' dead'} ({post.rule})")
    lines.append("  dealt in: " + ", ".join(f"{s} {names.get(s, '')}".strip() for s in hand.dealt_in))
    for seat, why in sorted(hand.waiting.items()):
        lines.append(f"  not dealt in: seat {seat} ({names.get(seat, '')}) - {why}")
    for prompt in hand.prompts:
        lines.append(f"  asked at {prompt['at']}: {prompt.get('prompt', prompt.get('ask'))}")
    for ruling in hand.rulings:
        lines.append(f"  ruling at {ruling['at']}: {ruling['situation']} {ruling['said']} ({ruling['rule']})")
    if hand.misdeal:
        lines.append("  misdeal: the hand is dealt again (9.1.1(a))")
    for pot in hand.pots:
        award = ", ".join(f"seat {s} {c}" for s, c in sorted(pot.shares.items()))
        lines.append(f"  {pot.name} {pot.amount}: {award}")
    if hand.rake:
        lines.append(f"  commission {hand.rake}")
    lines.append("  stacks: " + ", ".join(f"{s} {c}" for s, c in sorted(hand.stacks_after.items())))
    return lines


def run(args: argparse.Namespace) -> int:
    from engine.down.down import Down
    from engine.down.spec import DownError, DownSpec

    try:
        spec = DownSpec.from_dict(spec_data(args), source="command line")
    except DownError as exc:
        print(f"error: --{exc.key.split('.')[0].replace('_', '-')}: {exc}", file=sys.stderr)
        return 2
    down = Down(spec)
    hands = down.hands()
    if args.json:
        print(json.dumps({"hands": [h.to_dict() for h in hands]}))
        return 0
    games = ", ".join(spec.games)
    print(f"A down of {len(hands)} hands: {games}, house {spec.house}, {spec.seats} seats, "
          f"{spec.players} players with {spec.stack}, seed {spec.seed}; standard pace "
          f"{down.pace_standard(spec.games[0])} hands an hour (house down_pace)")
    for hand in hands:
        print("\n".join(describe(hand)))
        print()
    return 0
