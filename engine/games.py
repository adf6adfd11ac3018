"""Games declared as data: each element cites the rule it comes from.

A game is a `Game`: the deck sizes it may use with the maximum players for
each (Table 1 of 4.1), its forced bets, its streets in order (what the dealer
burns and deals, who opens the betting) and its showdown. The hand machine
(engine/hand.py) reads a declaration and never names a game itself, so a new
game is new data here.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Blinds:
    """Blind bets posted left of the button in order (8.2.2)."""
    count: int = 2
    rule: str = "8.2.2"


@dataclass(frozen=True)
class DealHole:
    """Pitch `count` cards to every player, one at a time clockwise from the
    seat left of the button (8.1.4)."""
    count: int
    face_up: bool = False
    rule: str = "8.1.4"


@dataclass(frozen=True)
class Burn:
    rule: str


@dataclass(frozen=True)
class DealBoard:
    """Community cards. A flop is dealt face down one at a time, then turned
    face up and spread as a separate dealer step (8.17.4(a))."""
    count: int
    flop: bool = False
    rule: str = ""


@dataclass(frozen=True)
class Betting:
    """A betting round and who opens it."""
    opener: str  # "left_of_last_blind" | "left_of_button"
    rule: str


@dataclass(frozen=True)
class Street:
    name: str
    deal: tuple = ()
    betting: Betting | None = None


@dataclass(frozen=True)
class Showdown:
    ranking: str = "high"
    selection: str = "any_five"
    rule: str = ""


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    rule: str
    max_players: dict = field(default_factory=dict)  # deck size -> players (4.1)
    max_players_rule: str = "4.1"
    blinds: Blinds | None = None
    streets: tuple = ()
    showdown: Showdown = Showdown()
    notes: tuple = ()

    @property
    def deck_sizes(self) -> tuple[int, ...]:
        return tuple(self.max_players)


HOLDEM = Game(
    name="holdem",
    title="Hold'em",
    rule="8.17",
    # Table 1 of 4.1 as extracted lists "Eleven, Eleven, Six" for Hold'em; the
    # flattened columns are 52, 40, 36 (reconstruction, see README of rules).
    max_players={52: 11, 40: 11, 36: 6},
    blinds=Blinds(count=2, rule="8.17.1(b), 8.2.2"),
    streets=(
        Street("pre-flop",
               deal=(DealHole(2, rule="8.17.2(a), 8.1.4"),),
               betting=Betting("left_of_last_blind", "8.17.3(a)")),
        Street("flop",
               deal=(Burn("8.17.4(a)"), DealBoard(3, flop=True, rule="8.17.4(a)")),
               betting=Betting("left_of_button", "8.17.4(b)")),
        Street("turn",
               deal=(Burn("8.17.5(a)"), DealBoard(1, rule="8.17.5(a)")),
               betting=Betting("left_of_button", "8.17.5(b)")),
        Street("river",
               deal=(Burn("8.17.6(a)"), DealBoard(1, rule="8.17.6(a)")),
               betting=Betting("left_of_button", "8.17.6(b)")),
    ),
    showdown=Showdown("high", "any_five", "8.17.6(d)"),
)

GAMES: dict[str, Game] = {g.name: g for g in (HOLDEM,)}


def get_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
