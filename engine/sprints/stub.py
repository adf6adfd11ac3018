"""Stub counts: the cards left in the stub after a deal with burns, folds
and draws. The cards each street takes are read off the game's declaration
(engine.games.registry: its DealHole, Burn, DealBoard and Draw operations, each citing
its rule), the same data the hand machine deals from."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.games.parts import Burn, DealBoard, DealHole, Draw, Game
from engine.games.registry import get_game
from engine.house import HouseRules, max_players_for
from engine.sprints.items import Drawn, Kind

GAMES = ("holdem", "omaha", "pineapple", "double-flop-holdem", "seven-card-stud", "five-card-stud",
         "razz", "draw-blind", "triple-draw-27")


@dataclass(frozen=True)
class StubSetup:
    game: str
    deck: int
    players: int
    streets: int                          # streets dealt (1 = the first deal only)
    folds: tuple[int, ...]                # players folding in each betting round before the last street dealt
    draws: tuple[tuple[int, ...], ...]    # cards each player still in draws, per draw dealt

    def count(self, game: Game) -> tuple[int, list[str]]:
        """Cards left and the working, street by street."""
        left = self.deck
        players = self.players
        lines = []
        draws = iter(self.draws)
        for index, street in enumerate(game.streets[:self.streets]):
            if index:
                players -= self.folds[index - 1]
            took = []
            for op in street.deal:
                if isinstance(op, Burn):
                    took.append(("a burn", 1, op.rule))
                elif isinstance(op, DealHole):
                    took.append((f"{op.count} to each of {players} players", op.count * players, op.rule))
                elif isinstance(op, DealBoard):
                    took.append((f"{op.count} to the board", op.count, op.rule))
                elif isinstance(op, Draw):
                    drawn = next(draws)
                    took.append((f"{' + '.join(map(str, drawn))} drawn", sum(drawn), op.rule))
            left -= sum(n for _, n, _ in took)
            if took:
                lines.append(f"{street.name.capitalize()}: " + ", ".join(f"{w} ({r})" for w, _, r in took) +
                             f" = {sum(n for _, n, _ in took)}; {left} left.")
        return left, lines


def draw_stub(rng: random.Random, house: HouseRules) -> StubSetup:
    while True:
        game = get_game(rng.choice(GAMES), house.rulebook)
        decks = [d for d in game.max_players if d == 52 or rng.random() < 0.3]
        deck = rng.choice(decks or [52])
        most = max_players_for(house, game, deck)
        players = rng.randint(min(3, most), most)
        streets = rng.randint(1, len(game.streets))
        if game.streets[streets - 1].betting is None:
            continue        # a street without betting (Pineapple's discard) is no place to stop
        folds: list[int] = []
        left = players
        for street in game.streets[:streets - 1]:
            n = rng.randint(0, max(0, min(2, left - 2))) if street.betting is not None else 0
            folds.append(n)
            left -= n
        setup = StubSetup(game.name, deck, players, streets, tuple(folds), ())
        draw_ops = sum(isinstance(op, Draw) for st in game.streets[:streets] for op in st.deal)
        if draw_ops:
            draws = []
            at = [k for k, st in enumerate(game.streets) if any(isinstance(op, Draw) for op in st.deal)]
            for i in range(draw_ops):
                still = players - sum(folds[:at[i]])
                draws.append(tuple(rng.randint(0, 3) for _ in range(still)))
            setup = StubSetup(game.name, deck, players, streets, tuple(folds), tuple(draws))
        left_over, _ = setup.count(game)
        if left_over >= 0 and _fits(setup, game):
            return setup


def _fits(setup: StubSetup, game: Game) -> bool:
    """The stub never ran short along the way (no stud exhaustion, no reshuffled draw)."""
    left, lines = setup.count(game)
    return left >= 0 and all(not line.split("; ")[-1].startswith("-") for line in lines)


def ask_stub(setup: StubSetup, house: HouseRules) -> Drawn:
    game = get_game(setup.game, house.rulebook)
    left, lines = setup.count(game)
    said = [f"{game.title}, {setup.deck}-card deck, {setup.players} players dealt in."]
    draws = iter(setup.draws)
    for index, street in enumerate(game.streets[:setup.streets]):
        if index and setup.folds[index - 1]:
            said.append(f"In the betting on {game.streets[index - 1].name}, {setup.folds[index - 1]} "
                        f"player{'s fold' if setup.folds[index - 1] > 1 else ' folds'}.")
        for op in street.deal:
            if isinstance(op, Draw):
                drawn = next(draws)
                said.append(f"The draw ({street.name}): the players still in take "
                            f"{', '.join(map(str, drawn))} cards.")
    said.append(f"{game.streets[setup.streets - 1].name.capitalize()} has just been dealt. "
                "How many cards are left in the stub?")
    rules = sorted({op.rule.split(",")[0] for st in game.streets[:setup.streets] for op in st.deal
                    if isinstance(op, (Burn, DealHole, DealBoard, Draw))})
    return Drawn("\n".join(said), str(left), ", ".join(rules[:3]) + ", 1.1 Burn card", " ".join(lines))


STUB_COUNT = Kind("stub-count", "Stub count", draw_stub, ask_stub)
