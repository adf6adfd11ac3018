"""What a down is: the game or rotation, the house, the seats, stakes and
stacks, how long, the seed and the rates of table events, irregularities and
arithmetic. `DownSpec.from_dict` reads a ```down``` cell's TOML or the CLI's
arguments; every message names the key at fault (DownError)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.betting.structures import KINDS as BETTING_KINDS
from engine.games.parts import Game
from engine.games.registry import GAMES
from engine.house import HouseFileError, HouseRules, get_house, max_players_for


class DownError(ValueError):
    """A down that cannot be dealt as given; `key` names the key at fault."""

    def __init__(self, key: str, message: str):
        super().__init__(f"{key}: {message}")
        self.key = key


# Named rotations as card rooms spread them: H.O.R.S.E. is Hold'em, Omaha
# Hi-Lo, Razz, Seven Card Stud and Stud Hi-Lo, each for an orbit, all fixed limit.
ROTATIONS: dict[str, tuple[str, ...]] = {
    "horse": ("holdem", "omaha-hi-lo", "razz", "seven-card-stud", "seven-card-stud-hi-lo"),
    "ho": ("holdem", "omaha-hi-lo"),
    "hose": ("holdem", "omaha-hi-lo", "seven-card-stud", "seven-card-stud-hi-lo"),
}

STAKE_KEYS = ("blinds", "ante", "bring_in", "betting", "limits")
KEYS = ("game", "games", "rotation", "change_every", "house", "seats", "players", "stakes", "stack",
        "hands", "minutes", "seed", "events", "irregularities", "arithmetic", "amounts")


@dataclass(frozen=True)
class Stakes:
    """One game's forced bets and betting structure (6.3, 8.2.1), as a table cell takes them."""
    blinds: tuple[int, ...] = ()
    ante: int | None = None
    bring_in: int | None = None
    betting: str = "no-limit"
    limits: tuple[int, ...] = ()

    def cell(self) -> dict[str, Any]:
        """The keys a table cell (engine.hand.scenario.Scenario.from_dict) takes for them."""
        out: dict[str, Any] = {"betting": self.betting}
        if self.blinds:
            out["blinds"] = list(self.blinds)
        if self.ante is not None:
            out["ante"] = self.ante
        if self.bring_in is not None:
            out["bring_in"] = self.bring_in
        if self.limits:
            out["limits"] = list(self.limits)
        return out


def default_stakes(game: Game, mixed: bool) -> Stakes:
    """The stakes a game is spread at when the down gives none: 1/2 blinds
    no-limit (pot-limit for Omaha, fixed 2/4 for a mixed rotation as card rooms
    spread H.O.R.S.E.); stud fixed 2/4 with an ante of 1 and a bring-in of 1;
    draw with an ante of 1 (standard practice: the rulebooks set no stakes)."""
    limit = mixed or game.family == "stud"
    betting = "fixed" if limit else ("pot" if "omaha" in game.name else "no-limit")
    blinds: tuple[int, ...] = ()
    if game.blinds is not None:
        blinds = (1, 2) if game.blinds.count == 2 else tuple(2 ** i for i in range(game.blinds.count))
    first = next((st.betting for st in game.streets if st.betting), None)
    bring_in = 1 if first is not None and first.opener == "bring_in" else None
    ante = 1 if game.ante is not None and game.ante.required else None
    return Stakes(blinds, ante, bring_in, betting, (2, 4) if limit else ())


@dataclass(frozen=True)
class DownSpec:
    """A down: a run of hands at one table (issue 32). Read with `from_dict`."""
    games: tuple[str, ...] = ("holdem",)
    change_every: int | None = None       # hands per game in a rotation; None: an orbit
    house: str = "main"
    seats: int = 9
    players: int = 7
    stakes: dict[str, Stakes] = field(default_factory=dict)
    stack: int = 200
    hands: int | None = 30
    minutes: int | None = None
    seed: int = 7
    events: float = 0.15
    irregularities: float = 0.10
    arithmetic: float = 0.3
    amounts: tuple[str, ...] = ()          # arith's kinds asked at the table; () = all it offers
    source: str = ""

    @property
    def rotation(self) -> bool:
        return len(self.games) > 1

    def rules(self) -> HouseRules:
        return get_house(self.house)

    def stakes_for(self, game: str) -> Stakes:
        return self.stakes.get(game) or default_stakes(GAMES[game], self.rotation)

    def to_dict(self) -> dict[str, Any]:
        """The down as a cell's keys: `from_dict(spec.to_dict())` is the same down (for storing one)."""
        out: dict[str, Any] = {
            "games": list(self.games), "change_every": self.change_every or "orbit", "house": self.house,
            "seats": self.seats, "players": self.players, "stack": self.stack, "seed": self.seed,
            "events": self.events, "irregularities": self.irregularities, "arithmetic": self.arithmetic,
            "amounts": list(self.amounts),
            "stakes": {g: {k: list(v) if isinstance(v, tuple) else v for k, v in st.__dict__.items() if v is not None}
                       for g, st in self.stakes.items()},
        }
        out.update({"hands": self.hands} if self.hands is not None else {"minutes": self.minutes})
        return out

    def hand_limit(self, pace: int) -> int:
        """How many hands the down deals: `hands`, or `minutes` at the house's pace."""
        if self.hands is not None:
            return self.hands
        assert self.minutes is not None
        return max(1, round(self.minutes * pace / 60))

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "") -> "DownSpec":
        """Read a ```down``` cell (or the CLI's arguments); DownError names the key."""
        unknown = sorted(set(data) - set(KEYS) - {"id", "type", "title", "prompt"})
        if unknown:
            raise DownError(unknown[0], f"not a key of a down; a down takes {', '.join(KEYS)}")
        games = _games(data)
        house = data.get("house", "main")
        if not isinstance(house, str):
            raise DownError("house", f"a house-rule profile's name or .toml file, not {house!r}")
        try:
            rules = get_house(house)
        except (KeyError, HouseFileError) as exc:
            raise DownError("house", str(exc.args[0])) from None
        seats = _whole(data, "seats", 9, 2)
        most = min(max_players_for(rules, GAMES[g], next(iter(GAMES[g].max_players))) for g in games)
        players = _whole(data, "players", min(7, most, seats), 2)
        if players > seats:
            raise DownError("players", f"{players} players do not fit at {seats} seats")
        if players > most:
            raise DownError("players", f"at most {most} players for these games (4.1 Table 1)")
        change = data.get("change_every", "orbit")
        if change != "orbit" and (not _is_whole(change) or change < 1):
            raise DownError("change_every", f'"orbit" or a number of hands, not {change!r}')
        hands, minutes = data.get("hands"), data.get("minutes")
        if hands is not None and minutes is not None:
            raise DownError("minutes", "give hands or minutes, not both")
        if minutes is not None:
            minutes = _whole(data, "minutes", 30, 1)
            hands = None
        else:
            hands = _whole(data, "hands", 30, 1)
        stakes = _stakes(data.get("stakes", {}), games)
        for game in games:
            _try_stakes(game, house, stakes.get(game) or default_stakes(GAMES[game], len(games) > 1),
                        "stakes" + (f".{game}" if game in stakes else ""))
        return cls(games=games, change_every=None if change == "orbit" else int(change), house=house,
                   seats=seats, players=players, stakes=stakes,
                   stack=_whole(data, "stack", 200, 1), hands=hands, minutes=minutes,
                   seed=_whole(data, "seed", 7, 0), events=_rate(data, "events", rules.down_events),
                   irregularities=_rate(data, "irregularities", rules.down_irregularities),
                   arithmetic=_rate(data, "arithmetic", 0.3),
                   amounts=_amounts(data.get("amounts", [])), source=source)


def _try_stakes(game: str, house: str, stakes: Stakes, key: str) -> None:
    """The stakes as a hand takes them: a hand of two players is set up with
    them, so a table sign a hand refuses (6.3, 8.2.2, a bring-in over the
    first bet) is named here by its key, not met at some later hand."""
    from engine.hand.machine import Hand
    from engine.hand.scenario import Scenario
    from engine.steps import ScenarioError

    try:
        Hand(Scenario.from_dict({"game": game, "house": house, "seats": {"1": ["A", 100], "2": ["B", 100]},
                                 **stakes.cell()}))
    except ScenarioError as exc:
        raise DownError(key, str(exc)) from None


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(data: dict[str, Any], key: str, default: int, least: int) -> int:
    value = data.get(key, default)
    if not _is_whole(value) or value < least:
        raise DownError(key, f"a whole number of at least {least}, not {value!r}")
    return int(value)


def _rate(data: dict[str, Any], key: str, default: float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise DownError(key, f"a chance per hand from 0 to 1, not {value!r}")
    return float(value)


def _games(data: dict[str, Any]) -> tuple[str, ...]:
    given = [k for k in ("game", "games", "rotation") if k in data]
    if len(given) > 1:
        raise DownError(given[1], "give one of game, games or rotation")
    if "rotation" in data:
        name = data["rotation"]
        if name not in ROTATIONS:
            raise DownError("rotation", f"no rotation {name!r}; named rotations: {', '.join(ROTATIONS)}")
        return ROTATIONS[name]
    key = "games" if "games" in data else "game"
    raw = data.get(key, "holdem")
    names = [raw] if key == "game" else raw
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise DownError(key, 'a game\'s name, or games = ["holdem", "razz", ...]')
    for name in names:
        if name not in GAMES:
            raise DownError(key, f"no poker game {name!r} (python -m engine games)")
    return tuple(names)


def _stakes(raw: object, games: tuple[str, ...]) -> dict[str, Stakes]:
    """stakes = { holdem = { blinds = [1, 2], betting = "no-limit" }, razz = { ante = 1, ... } }, or
    the keys of one game directly when the down deals one game."""
    if not isinstance(raw, dict):
        raise DownError("stakes", "a table, e.g. stakes = { blinds = [1, 2], betting = \"no-limit\" }")
    if raw and set(raw) <= set(STAKE_KEYS):
        raw = {games[0]: raw} if len(games) == 1 else {g: raw for g in games}
    out: dict[str, Stakes] = {}
    for game, value in raw.items():
        where = f"stakes.{game}"
        if game not in games:
            raise DownError(where, f"{game!r} is not a game of this down ({', '.join(games)})")
        if not isinstance(value, dict) or set(value) - set(STAKE_KEYS):
            raise DownError(where, f"a table of {', '.join(STAKE_KEYS)}")
        base = default_stakes(GAMES[game], len(games) > 1)
        betting = value.get("betting", base.betting)
        if betting not in BETTING_KINDS:
            raise DownError(f"{where}.betting", f"one of {', '.join(BETTING_KINDS)}, not {betting!r} (6.3)")
        chips: dict[str, Any] = {}
        for key in ("blinds", "limits"):
            amounts = value.get(key, list(getattr(base, key)))
            if not isinstance(amounts, list) or not all(_is_whole(a) and a > 0 for a in amounts):
                raise DownError(f"{where}.{key}", f"chip amounts above 0, smallest first, not {amounts!r}")
            chips[key] = tuple(amounts)
        for key in ("ante", "bring_in"):
            amount = value.get(key, getattr(base, key))
            if amount is not None and (not _is_whole(amount) or amount < 0):
                raise DownError(f"{where}.{key}", f"a whole number of chips, not {amount!r}")
            chips[key] = amount
        out[game] = Stakes(chips["blinds"], chips["ante"], chips["bring_in"], betting, chips["limits"])
    return out


def _amounts(raw: object) -> tuple[str, ...]:
    """The amounts asked at the table (engine.questions.at_table); () asks every kind a poker hand gives."""
    from engine.questions.at_table import AMOUNT_KINDS

    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise DownError("amounts", 'a list of kinds asked at the table, e.g. amounts = ["rake", "side-pots"]')
    unknown = [a for a in raw if a not in POKER_AMOUNTS]
    if unknown:
        why = "a banked game's payout, not a poker hand's" if unknown[0] in AMOUNT_KINDS else "no such kind"
        raise DownError("amounts", f"{unknown[0]!r}: {why}; a down asks {', '.join(POKER_AMOUNTS)}")
    return tuple(raw)


# The amounts a poker hand gives (engine.questions.at_table.AMOUNT_KINDS but the Casino Hold'em payout).
POKER_AMOUNTS = ("pot-limit-max", "call-amount", "side-pots", "rake", "split")
