"""Hand-engine speed: whole hands with every dealer step checked, against PokerKit.

    .venv/bin/python bench/bench_hands.py [--hands 300] [--seconds 1.0] [--seed 1] [--strict]

1. Side by side: the same 6-player no-limit Hold'em hands (blinds 1/2, 200
   chips each) dealt by our engine and by PokerKit. Ours is built from its
   scenario and dealt by proposing every dealer step (`expected()` then
   `propose(step)`, the path a trainee's click takes), the players' decisions
   coming from a `decide` callable. PokerKit gets the very same cards (in the
   order our deck gave them) and the very same decisions; its dealer
   operations (hole cards, burns, board) are called one by one, the chip
   moves are its automations. Two kinds of hands: check-down (everyone
   checks or calls to the river) and random play (engine.hand.players.RandomPlayer,
   except that nobody folds when a check is free, which PokerKit refuses).
   A hand counts as agreeing when both leave every player with the same chips.
   A last column deals the same hands with the decisions given to ours as
   the scenario's actions, as PokerKit is given them (each still read and
   ruled, no options worked out); the target is judged on the first ratio.
2. Every game of section 8 and Casino Hold'em: hands per second with random
   play, six players (or the most the game seats), from scenarios built
   before the clock starts (as in part 1).

Times are CPU time of this process (`time.process_time`), best of --repeat
passes, so other jobs on a shared machine disturb them less than wall time;
the ratio between two libraries is measured in the same run. Targets (issue
15): 40x PokerKit on the 6-player hand, every game 2,000 hands/s. --strict
exits 1 when one is missed; the default always exits 0.
"""
from __future__ import annotations

import argparse
from dataclasses import replace
import os
import platform
import random
import sys
import time
from typing import Callable

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
from engine.steps import Step# noqa: E402

try:
    from pokerkit import Automation, NoLimitTexasHoldem
    from pokerkit import Card as PkCard
except ImportError:  # pragma: no cover - reported
    NoLimitTexasHoldem = None

NAMES = ("Ann", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim")
SEATS = 6
STACK = 200


def check_down(hand: object, decision) -> str:
    """Everyone checks or calls to the river."""
    return "check" if "check" in decision.options.actions else "call"


class NoFreeFold(RandomPlayer):
    """RandomPlayer, except that nobody folds when a check is free: PokerKit
    refuses such a fold ("no reason for this player to fold")."""

    def __call__(self, hand: object, decision) -> str:
        text = super().__call__(hand, decision)
        return "check" if text == "fold" and "check" in decision.options.actions else text


def holdem_scenario(seed: int) -> Scenario:
    # The button moves from seat 5 to seat 6, so seat 1 is the small blind:
    # PokerKit's player 0 (it counts from the small blind, the button last).
    return Scenario(game="holdem", seats={s: (NAMES[s - 1], STACK) for s in range(1, SEATS + 1)},
                    button_was=SEATS - 1, seed=seed, table_seats=SEATS, blinds=(1, 2))


def deal(hand) -> object:
    """Every dealer step proposed and checked, as a trainee's clicks are: each
    a new Step read from the click, not the due step's own (`exp.step()`, which
    `propose` takes as right without checking it)."""
    while (exp := hand.expected()) is not None:
        due = exp.step()
        verdict = hand.propose(Step(due.kind, due.seat, due.seats, due.choice))
        if not verdict.ok:
            raise AssertionError(verdict.message)
    return hand


# --- PokerKit, fed our cards and our decisions -----------------------------------

PK_AUTOMATIONS = () if NoLimitTexasHoldem is None else (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING)


def pk_script(hand: Hand) -> tuple[list, list[tuple[str, int | None]]]:
    """Our dealt cards as PokerKit cards, and our decisions as PokerKit calls."""
    cards = [next(iter(PkCard.parse(str(c)))) for c in hand.taken]
    moves: list[tuple[str, int | None]] = []
    for text in hand.played_actions:
        words = text.split()
        if words[0] in ("bet", "raise"):
            moves.append(("to", int(words[1])))
        elif words[0] == "all-in":
            moves.append(("all-in", None))
        elif words[0] == "fold":
            moves.append(("fold", None))
        else:
            moves.append(("call", None))
    return cards, moves


def pk_hand(cards: list, moves: list[tuple[str, int | None]]):
    """One PokerKit hand: each dealer operation called in turn, our decisions
    played by whoever is to act."""
    state = NoLimitTexasHoldem.create_state(PK_AUTOMATIONS, True, 0, (1, 2), 2, (STACK,) * SEATS, SEATS)
    deck = iter(cards)
    script = iter(moves)
    while state.status:
        if state.can_deal_hole():
            state.deal_hole((next(deck),))
        elif state.can_burn_card():
            state.burn_card((next(deck),))
        elif state.can_deal_board():
            state.deal_board(tuple(next(deck) for _ in range(state.board_dealing_count)))
        elif state.actor_index is not None:
            verb, amount = next(script)
            if verb == "fold":
                state.fold()
            elif verb == "call":
                state.check_or_call()
            elif verb == "to":
                state.complete_bet_or_raise_to(amount)
            elif state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
        else:
            raise AssertionError("PokerKit waits for an operation this script does not make")
    return state


# --- timing --------------------------------------------------------------------------

def best_rate(run: Callable[[], object], count: int, repeat: int) -> float:
    """Items per CPU second: best of `repeat` passes of `run` over `count` items."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return count / best if best > 0 else float("inf")


def side_by_side(kind: str, hands: int, seed: int, repeat: int) -> dict[str, float | int]:
    """Our engine and PokerKit on the same `hands` Hold'em hands."""
    seeds = [seed * 100_000 + i for i in range(hands)]
    decide: Callable[[int], object] = (lambda s: check_down) if kind == "check-down" else NoFreeFold
    played = [deal(Hand(holdem_scenario(s), decide=decide(s))) for s in seeds]
    scenarios = [holdem_scenario(s) for s in seeds]

    def ours() -> None:
        for s, sc in zip(seeds, scenarios):
            deal(Hand(sc, decide=decide(s)))

    # The same hands with the decisions given as the scenario's actions, as
    # PokerKit is given them: every decision still read and ruled, no options
    # worked out for a callable.
    given = [replace(sc, actions=tuple(h.played_actions)) for sc, h in zip(scenarios, played)]
    for sc, h in zip(given, played):
        again = deal(Hand(sc))
        if again.log != h.log:
            raise AssertionError(f"seed {sc.seed}: the hand dealt from its given decisions differs")

    def ours_given() -> None:
        for sc in given:
            deal(Hand(sc))

    out: dict[str, float | int] = {"ours": best_rate(ours, hands, repeat), "given": best_rate(ours_given, hands, repeat),
                                   "steps": sum(h.step_count for h in played) / hands,
                                   "decisions": sum(len(h.played_actions) for h in played) / hands}
    if NoLimitTexasHoldem is None:
        return out
    scripts = [pk_script(h) for h in played]
    agree = 0
    for h, (cards, moves) in zip(played, scripts):
        state = pk_hand(cards, moves)
        agree += list(state.stacks) == [h.players[s].stack for s in range(1, SEATS + 1)]

    def theirs() -> None:
        for cards, moves in scripts:
            pk_hand(cards, moves)

    out["pokerkit"] = best_rate(theirs, hands, 1)
    out["agree"] = agree
    return out


def game_scenario(game: Game, seed: int) -> Scenario:
    house = get_house("main")
    deck = next(iter(game.max_players))
    players = min(6, max_players_for(house, game, deck))
    rng = random.Random(seed)
    seats = sorted(rng.sample(range(1, 11), players))
    return Scenario(game=game.name, seats={s: (NAMES[i], STACK) for i, s in enumerate(seats)},
                    button_was=seats[0], seed=seed, deck=deck, table_seats=10)


def casino_scenario(seed: int) -> CasinoScenario:
    rng = random.Random(seed)
    boxes = {b: (NAMES[b - 1], 10, rng.choice((0, 5))) for b in range(1, 4)}
    return CasinoScenario(boxes=boxes, decisions={b: rng.choice(("call", "call", "fold")) for b in boxes},
                          seed=seed)


def per_game(seconds: float, seed: int, repeat: int) -> list[tuple[str, str, float]]:
    """(game, title, hands per CPU second) for every poker game and Casino Hold'em.
    The scenarios are built before the clock starts, as in `side_by_side`: a
    lesson's scenario is read once, and choosing random seats is the bench's
    work, not the engine's. Building the hand from it, the players' decisions
    and every dealer step are timed."""
    rows = []
    builders: list[tuple[str, str, Callable[[int], object], Callable[[int, object], object]]] = []
    for game in GAMES.values():
        if isinstance(game, Game):
            builders.append((game.name, game.title, lambda s, g=game: game_scenario(g, s),
                             lambda s, sc: Hand(sc, decide=RandomPlayer(s))))
    builders.append((CASINO_HOLDEM.name, CASINO_HOLDEM.title, casino_scenario, lambda s, sc: CasinoRound(sc)))
    for name, title, scenario, build in builders:
        for s in range(20):                      # tables built, caches warm
            deal(build(s, scenario(seed * 7919 + s)))
        count, start = 0, time.process_time()
        while time.process_time() - start < seconds / 4:
            deal(build(count, scenario(seed * 100_000 + count)))
            count += 1
        hands = max(count * 2, 50)
        seeds = [seed * 1_000_000 + i for i in range(hands)]
        scenarios = [scenario(s) for s in seeds]     # any scenario error shows before timing

        def run() -> None:
            for s, sc in zip(seeds, scenarios):
                deal(build(s, sc))
        rows.append((name, title, best_rate(run, hands, repeat)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="Hold'em hands side by side (default 300)")
    parser.add_argument("--seconds", type=float, default=1.0, help="about how long each game runs (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="passes for our engine, best kept (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; CPU time of this process")
    missed = []
    print()
    print("| 6-player Hold'em | steps | decisions | ours (hands/s) | PokerKit (hands/s) | ratio | agree "
          "| ours, decisions given | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind in ("check-down", "random play"):
        r = side_by_side(kind, args.hands, args.seed, args.repeat)
        if "pokerkit" in r:
            ratio = r["ours"] / r["pokerkit"]
            print(f"| {kind} | {r['steps']:.1f} | {r['decisions']:.1f} | {r['ours']:,.0f} | "
                  f"{r['pokerkit']:,.1f} | **{ratio:.1f}x** | {r['agree']}/{args.hands} | {r['given']:,.0f} | "
                  f"{r['given'] / r['pokerkit']:.1f}x |")
            if ratio < 40:
                missed.append(f"{kind}: {ratio:.1f}x PokerKit (target 40x)")
        else:
            print(f"| {kind} | {r['steps']:.1f} | {r['decisions']:.1f} | {r['ours']:,.0f} | not installed | | "
                  f"| {r['given']:,.0f} | |")
    print()
    print("| game | hands/s |")
    print("|---|---:|")
    for name, title, rate in per_game(args.seconds, args.seed, args.repeat):
        print(f"| {title} (`{name}`) | {rate:,.0f} |")
        if rate < 2000:
            missed.append(f"{name}: {rate:,.0f} hands/s (target 2,000)")
    print()
    print("Targets met." if not missed else "Missed: " + "; ".join(missed))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
