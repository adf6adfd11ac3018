"""Speed work's safety net: a digest of everything the engine says over many hands.

    .venv/bin/python bench/same_hands.py --save /tmp/before.json     # on the code before a change
    .venv/bin/python bench/same_hands.py --compare /tmp/before.json  # after it: exit 1 on any difference

For every game of section 8 (every deck it is played with) and Casino
Hold'em, --seeds hands with random play (and Hold'em check-down hands, the
bench's side-by-side hand), each dealt the way a trainee deals: before every
right step a wrong one is proposed (another kind of step, then the right kind
on the wrong seat) and its whole verdict recorded (message, rule, the three
hints); then the right step's verdict, the table as a player sees it and as
it is revealed, and at the end the log, the explanations, the stacks, the
awards and the decisions played. One SHA-256 per game is saved or compared,
so a speed-up that changes a single word, card or chip shows up, with the
game and the first hand that differs (--show prints it). --clicks proposes
each right step as a new Step, the checked path a trainee's click takes,
instead of the due step's own; save and compare with the same flag.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
from typing import Callable, Iterator

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.casino.game import CASINO_HOLDEM
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario  # noqa: E402
from engine.games.parts import Game  # noqa: E402
from engine.games.registry import GAMES
from engine.hand.machine import Hand
from engine.hand.players import RandomPlayer
from engine.hand.scenario import Scenario  # noqa: E402
from engine.house import get_house, max_players_for# noqa: E402
from engine.procedure import Procedure# noqa: E402
from engine.steps import Step, Verdict# noqa: E402

NAMES = ("Ann", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim")


def verdict_text(v: Verdict) -> list[object]:
    return [v.ok, v.message, v.rule, list(v.hints), repr(v.dealt)]


def trail(proc: Procedure, clicks: bool = False) -> Iterator[object]:
    """Everything the procedure says while it is dealt, wrong steps included.
    `clicks`: the right step proposed as a new Step, as a trainee's click
    makes it (checked), not the due step's own (taken as right)."""
    kinds = sorted(proc.labels)
    rng = random.Random(proc.step_count)
    while (exp := proc.expected()) is not None:
        other = rng.choice([k for k in kinds if k != exp.kind])
        yield verdict_text(proc.propose(Step(other, exp.seat or 1, exp.seats or (1,))))
        if exp.seat is not None:
            yield verdict_text(proc.propose(Step(exp.kind, exp.seat % 10 + 1, exp.seats)))
        yield [exp.kind, exp.rule, exp.why, exp.seat, list(exp.seats), exp.street, repr(exp.detail)]
        due = exp.step()
        yield verdict_text(proc.propose(Step(due.kind, due.seat, due.seats, due.choice) if clicks else due))
        yield proc.view()
        yield proc.view(reveal=True)
    yield proc.view(reveal=True)
    for name in ("log", "explanations", "played_actions", "awards", "rake_lines", "uncalled_lines"):
        yield repr(getattr(proc, name, None))
    if isinstance(proc, Hand):
        yield {s: (p.stack, p.committed, [str(c) for c in p.cards]) for s, p in proc.players.items()}
        yield proc.readings()


def hands() -> Iterator[tuple[str, Callable[[int], Procedure]]]:
    house = get_house("main")
    for game in GAMES.values():
        if not isinstance(game, Game):
            continue
        for deck in game.max_players:
            players = min(6, max_players_for(house, game, deck))

            def build(seed: int, game: Game = game, deck: int = deck, players: int = players) -> Procedure:
                seats = sorted(random.Random(seed).sample(range(1, 11), players))
                return Hand(Scenario(game=game.name, seats={s: (NAMES[i], 200) for i, s in enumerate(seats)},
                                     button_was=seats[0], seed=seed, deck=deck, table_seats=10),
                            decide=RandomPlayer(seed))
            yield f"{game.name} ({deck} cards)", build

    def check_down(seed: int) -> Procedure:
        return Hand(Scenario(game="holdem", seats={s: (NAMES[s - 1], 200) for s in range(1, 7)}, button_was=5,
                             seed=seed, table_seats=6, blinds=(1, 2)),
                    decide=lambda hand, d: "check" if "check" in d.options.actions else "call")
    yield "holdem check-down", check_down

    def casino(seed: int) -> Procedure:
        rng = random.Random(seed)
        boxes = {b: (NAMES[b - 1], 10, rng.choice((0, 5))) for b in range(1, 4)}
        return CasinoRound(CasinoScenario(boxes=boxes, decisions={b: rng.choice(("call", "call", "fold"))
                                                                  for b in boxes}, seed=seed))
    yield CASINO_HOLDEM.name, casino


def digest(build: Callable[[int], Procedure], seeds: int, clicks: bool = False) -> tuple[str, list[str]]:
    whole = hashlib.sha256()
    per_hand = []
    for seed in range(seeds):
        h = hashlib.sha256()
        for item in trail(build(seed), clicks):
            h.update(json.dumps(item, sort_keys=True, default=repr).encode())
        per_hand.append(h.hexdigest()[:16])
        whole.update(h.digest())
    return whole.hexdigest(), per_hand


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", metavar="FILE")
    group.add_argument("--compare", metavar="FILE")
    parser.add_argument("--seeds", type=int, default=60, help="hands per game (default 60)")
    parser.add_argument("--only", help="games whose name contains this")
    parser.add_argument("--clicks", action="store_true",
                        help="propose each right step as a new Step, as a click does (save and compare with it)")
    parser.add_argument("--show", type=int, metavar="SEED", help="print that hand's trail, one item a line")
    args = parser.parse_args()
    if args.show is not None:
        for name, build in hands():
            if args.only and args.only not in name:
                continue
            print(f"## {name}, seed {args.show}")
            for item in trail(build(args.show), args.clicks):
                print(json.dumps(item, sort_keys=True, default=repr))
        return 0
    found = {name: digest(build, args.seeds, args.clicks) for name, build in hands()
             if not args.only or args.only in name}
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"seeds": args.seeds, "clicks": args.clicks, "games": found}, f, indent=1)
        print(f"{len(found)} games x {args.seeds} hands saved to {args.save}")
        return 0
    with open(args.compare) as f:
        saved = json.load(f)
    if saved["seeds"] != args.seeds or saved.get("clicks", False) != args.clicks:
        print(f"saved with --seeds {saved['seeds']}{' --clicks' if saved.get('clicks') else ''}; "
              "compare with the same")
        return 2
    differ = 0
    for name, (whole, per_hand) in found.items():
        if name not in saved["games"]:
            print(f"{name}: not in {args.compare}")
            differ += 1
            continue
        old_whole, old_hands = saved["games"][name]
        if whole != old_whole:
            first = next(i for i, (a, b) in enumerate(zip(per_hand, old_hands)) if a != b)
            print(f"{name}: DIFFERS, first at seed {first} (--only '{name}' --show {first})")
            differ += 1
    print(f"{len(found) - differ} of {len(found)} games the same over {args.seeds} hands each")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
