"""Hand-ranking speed: our evaluator against treys and pokerkit on the same hands.

    .venv/bin/python bench/bench_rankings.py [--hands 20000] [--seed 1] [--strict]

Every evaluator reads the same random hands, each given in its own card
type (converted before timing). Fast evaluators are timed best of
--repeat passes, pokerkit once. Before a row is timed, the evaluators'
orderings are checked against each other on consecutive pairs of hands, so
the figures compare evaluators that agree. treys and pokerkit come from the
`bench` extra in pyproject.toml.

Targets (issue 3): 7-card high at least 4x treys and 100x pokerkit; every
low and short-deck ranking at least as fast as pokerkit's equivalent.
--strict exits 1 when a target is missed (the default always exits 0).
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.cards.deck import full_deck  # noqa: E402
from engine.cards.rankings import get_ranking  # noqa: E402
from engine.cards.showdown import best_value  # noqa: E402

try:
    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator
except ImportError:  # pragma: no cover - reported in the table
    TreysEvaluator = None
try:
    from pokerkit import Card as PkCard
    from pokerkit import (EightOrBetterLowHand, OmahaEightOrBetterLowHand, OmahaHoldemHand,
                          RegularLowHand, ShortDeckHoldemHand, StandardHighHand, StandardLowHand)
except ImportError:  # pragma: no cover - reported in the table
    PkCard = None


def timed(fn, items, repeat: int) -> float:
    """Hands per second: best of `repeat` passes over `items`."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def timed_once(fn, items) -> tuple[float, list]:
    """Hands per second over one pass, keeping the answers (for slow evaluators)."""
    out = []
    keep = out.append
    start = time.perf_counter()
    for item in items:
        keep(fn(item))
    return len(items) / (time.perf_counter() - start), out


def sign(x) -> int:
    return (x > 0) - (x < 0)


def agree(ours: list[int], theirs: list, lower_is_better: bool = False) -> bool:
    """Do two evaluators order every consecutive pair of hands the same way?"""
    for i in range(len(ours) - 1):
        a = sign(ours[i + 1] - ours[i])
        t, u = theirs[i], theirs[i + 1]
        if t is None or u is None:  # pokerkit: no qualifying low
            b = sign((u is not None) - (t is not None))
        else:
            b = (u > t) - (u < t)
            if lower_is_better:
                b = -b
        if a != b:
            return False
    return True


def pk_cards(hand) -> tuple:
    return tuple(PkCard.parse("".join(map(str, hand))))


def pk_reader(cls, split: int):
    """pokerkit's showdown call for `cls`, hole cards first `split` cards."""
    def read(cards):
        return cls.from_game_or_none(cards[:split], cards[split:])
    return read


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=20000, help="hands per row (default 20000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="passes for the fast evaluators")
    p.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(argv)

    rng = random.Random(args.seed)
    decks = {size: full_deck(size) for size in (52, 40, 36, 32, 20)}
    seven = {size: [tuple(rng.sample(deck, 7)) for _ in range(args.hands)] for size, deck in decks.items()}
    omaha = [tuple(rng.sample(decks[52], 9)) for _ in range(args.hands)]  # 4 hole + 5 board

    # (row label, ranking, deck, cards per hand, pokerkit class or None, uses treys)
    rows = [
        ("high", "high", 52, 5, StandardHighHand if PkCard else None, True),
        ("high", "high", 52, 7, StandardHighHand if PkCard else None, True),
        ("short36", "short36", 36, 5, ShortDeckHoldemHand if PkCard else None, False),
        ("short36", "short36", 36, 7, ShortDeckHoldemHand if PkCard else None, False),
        ("short40", "short40", 40, 7, None, False),
        ("short32", "short32", 32, 7, None, False),
        ("short20", "short20", 20, 7, None, False),
        ("ace-to-five", "ace-to-five", 52, 5, RegularLowHand if PkCard else None, False),
        ("ace-to-five", "ace-to-five", 52, 7, RegularLowHand if PkCard else None, False),
        ("deuce-to-seven", "deuce-to-seven", 52, 5, StandardLowHand if PkCard else None, False),
        ("deuce-to-seven", "deuce-to-seven", 52, 7, StandardLowHand if PkCard else None, False),
        ("eight-or-better", "eight-or-better", 52, 5, EightOrBetterLowHand if PkCard else None, False),
        ("eight-or-better", "eight-or-better", 52, 7, EightOrBetterLowHand if PkCard else None, False),
    ]
    treys = TreysEvaluator() if TreysEvaluator else None
    results = []  # (label, cards, ours, treys, pokerkit, agreed)
    for label, name, size, n, pk_cls, with_treys in rows:
        ranking = get_ranking(name).prepare()
        hands = [h[:n] for h in seven[size]]
        ours_v = list(map(ranking.value, hands))
        ours = timed(ranking.value, hands, args.repeat)
        agreed, t_rate, pk_rate = True, None, None
        if with_treys and treys is not None:
            t_hands = [([TreysCard.new(str(c)) for c in h[:2]], [TreysCard.new(str(c)) for c in h[2:]])
                       for h in hands]
            ev = treys.evaluate
            agreed &= agree(ours_v, [ev(*h) for h in t_hands], lower_is_better=True)
            t_rate = timed(lambda h: ev(h[0], h[1]), t_hands, args.repeat)
        if pk_cls is not None:
            p_hands = [pk_cards(h) for h in hands]
            read = pk_reader(pk_cls, 2)
            pk_rate, pk_v = timed_once(read, p_hands)
            agreed &= agree(ours_v, pk_v)
        results.append((label, f"{n} cards", ours, t_rate, pk_rate, agreed))

    for name, pk_cls in (("high", OmahaHoldemHand if PkCard else None),
                         ("eight-or-better", OmahaEightOrBetterLowHand if PkCard else None)):
        ranking = get_ranking(name).prepare()

        def ours_omaha(h, ranking=ranking):
            return best_value(ranking, h[:4], h[4:], "two_hole_three_board")
        ours_v = list(map(ours_omaha, omaha))
        ours = timed(ours_omaha, omaha, args.repeat)
        pk_rate, agreed = None, True
        if pk_cls is not None:
            p_hands = [pk_cards(h) for h in omaha]
            read = pk_reader(pk_cls, 4)
            pk_rate, pk_v = timed_once(read, p_hands)
            agreed = agree(ours_v, pk_v)
        results.append((f"omaha {name}", "4+5 cards", ours, None, pk_rate, agreed))

    def fmt(x):
        return f"{x:>11,.0f}" if x else f"{'n/a':>11}"

    def ratio(a, b):
        return f"{a / b:>8.1f}x" if b else f"{'':>9}"

    print(f"Hand-ranking speed, hands per second ({args.hands:,} random hands per row, "
          f"Python {platform.python_version()}, {os.cpu_count()} CPUs)")
    print(f"{'ranking':<22}{'hand':<10}{'ours':>11}{'treys':>11}{'pokerkit':>11}"
          f"{'vs treys':>9}{'vs pk':>9}  agree")
    for label, cards, ours, t_rate, pk_rate, agreed in results:
        print(f"{label:<22}{cards:<10}{fmt(ours)}{fmt(t_rate)}{fmt(pk_rate)}"
              f"{ratio(ours, t_rate)}{ratio(ours, pk_rate)}  {'yes' if agreed else 'NO'}")

    missed = []
    for label, cards, ours, t_rate, pk_rate, agreed in results:
        if not agreed:
            missed.append(f"{label} {cards}: evaluators disagree")
        if label == "high" and cards == "7 cards":
            if t_rate and ours < 4 * t_rate:
                missed.append(f"7-card high is {ours / t_rate:.1f}x treys (target 4x)")
            if pk_rate and ours < 100 * pk_rate:
                missed.append(f"7-card high is {ours / pk_rate:.1f}x pokerkit (target 100x)")
        elif label != "high" and pk_rate and ours < pk_rate:
            missed.append(f"{label} {cards} is slower than pokerkit")
    if TreysEvaluator is None or PkCard is None:
        print("treys or pokerkit is not installed: pip install -e '.[bench]' to compare")
    print("targets: " + ("all met" if not missed else "MISSED: " + "; ".join(missed)))
    return 1 if (missed and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
