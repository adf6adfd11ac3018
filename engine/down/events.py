"""The players' events between hands of a down, drawn from the seed at the
down's rate: a bust player rebuys or leaves, players arrive (posting or
waiting, 8.2.7), leave (8.1.3(a)), step away and miss blinds (1.1, 8.2.3),
come back, and change seats (8.2.5). Each is applied to the table
(engine.table) and told as a `DownEvent` citing its rule."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.table.button import Table
from engine.table.plan import Player

# Names for players who sit down; a name already used at this down gets a number.
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max",
         "Ned", "Oli", "Pat", "Quin", "Ray", "Sue", "Tom")

# A bust player rebuys this often, otherwise leaves (standard: no rule sets it).
REBUY_CHANCE = 0.6
# An away player comes back before a hand this often (standard: a short break).
BACK_CHANCE = 0.4
# What a player buys in for, as a share of the down's stack: most the full
# stack, some less (a short stack makes the short all-in of 6.15 possible).
BUY_IN_SHARES = (1.0, 1.0, 1.0, 0.5, 0.25, 0.1)


def buy_in(rng: random.Random, stack: int) -> int:
    return max(1, int(stack * rng.choice(BUY_IN_SHARES)))


# The fewest players the events leave at the table: a player leaves or steps
# away only above it, and a player arrives when the table falls below it.
FEWEST = 3


@dataclass(frozen=True)
class DownEvent:
    """Something that happened at the table before a hand, for people to read."""
    kind: str          # "rebuy", "leave", "arrive", "away", "back", "move", "game", "misdeal"
    text: str
    rule: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.text, "rule": self.rule}


@dataclass
class Ledger:
    """Chips that come to the table and leave it before a hand: bought by
    seat (rebuys and new players), taken away by name (players leaving)."""
    bought: dict[int, int]
    left: dict[str, int]

    def buy(self, seat: int, chips: int) -> None:
        self.bought[seat] = self.bought.get(seat, 0) + chips

    def leave(self, table: Table, player: Player) -> int:
        self.left[player.name] = self.left.get(player.name, 0) + player.stack
        return table.leave(player.name)


class Names:
    """New players' names, unique over the whole down."""

    def __init__(self, used: list[str]) -> None:
        self.used = {n.lower() for n in used}
        self.count = 0

    def next(self) -> str:
        while True:
            base = NAMES[self.count % len(NAMES)]
            name = base if self.count < len(NAMES) else f"{base}{self.count // len(NAMES) + 1}"
            self.count += 1
            if name.lower() not in self.used:
                self.used.add(name.lower())
                return name


def busts(table: Table, rng: random.Random, stack: int, ledger: Ledger) -> list[DownEvent]:
    """Players left with no chips rebuy (1.1 Buy-in: chips bought before a hand) or leave."""
    events: list[DownEvent] = []
    for seat, player in sorted(table.players.items()):
        if player.stack > 0:
            continue
        if rng.random() < REBUY_CHANCE:
            player.stack = chips = buy_in(rng, stack)
            ledger.buy(seat, chips)
            events.append(DownEvent("rebuy", f"{player.name} (seat {seat}) is out of chips and buys in "
                                             f"again for {chips}", "1.1 Buy-in, 6.2"))
        else:
            ledger.leave(table, player)
            events.append(DownEvent("leave", f"{player.name} is out of chips and leaves seat {seat}: "
                                             "reserved button on the seat", "8.1.3(a)"))
    return events


def returns(table: Table, rng: random.Random) -> list[DownEvent]:
    """Players away come back now and then: owed blinds are posted or waited for (8.2.3)."""
    events = []
    for player in sorted(table.players.values(), key=lambda p: p.seat):
        if player.away and rng.random() < BACK_CHANCE:
            post = rng.random() < 0.5 if table.house.missed_blinds == "post_or_wait" else False
            owed = bool(player.missed) and table.has_blinds
            table.come_back(player.name, post)
            text = f"{player.name} comes back to seat {player.seat}"
            if owed:
                text += " owing blinds and " + ("posts them" if post else "waits for the big blind")
            events.append(DownEvent("back", text, "8.2.3" if owed else "1.1 Player walking"))
    return events


def draw_event(table: Table, rng: random.Random, names: Names, stack: int, ledger: Ledger,
               fewest: int = FEWEST) -> list[DownEvent]:
    """One table event before a hand (the down's `events` rate decides whether);
    a player leaves or steps away only while more than `fewest` are present."""
    present = [p for p in table.players.values() if not p.away]
    empty = [s for s in range(1, table.seats + 1) if s not in table.players]
    room = len(table.players) < table.max_players and bool(empty)
    choices: list[str] = []
    if room:
        choices += ["arrive", "move"]
    if len(present) > fewest:
        choices += ["leave", "away", "away"]
    if not choices:
        return []
    kind = rng.choice(choices)
    if kind == "arrive":
        return [arrive(table, rng, names, stack, empty, ledger)]
    if kind == "move":
        if not present:
            return []
        player = rng.choice(sorted(present, key=lambda p: p.seat))
        return [_move(table, rng, player, empty)]
    player = rng.choice(sorted(present, key=lambda p: p.seat))
    if kind == "leave":
        seat = ledger.leave(table, player)
        return [DownEvent("leave", f"{player.name} leaves seat {seat}: reserved button on the seat",
                          "8.1.3(a)")]
    table.step_away(player.name)
    return [DownEvent("away", f"{player.name} steps away from seat {player.seat}: player walking "
                              "button; blinds that pass are missed", "1.1 Missed Blind Button, 8.2.3")]


def arrive(table: Table, rng: random.Random, names: Names, stack: int, empty: list[int], ledger: Ledger,
           transfer: bool = False) -> DownEvent:
    """A new player sits down: dealt in at once, or at the button seat posting or
    waiting for the blind (8.2.7); `transfer`: moved from a closed game (8.2.7)."""
    seat = rng.choice(empty)
    post = rng.random() < 0.5
    name = names.next()
    stack = buy_in(rng, stack)
    table.arrive(name, seat, stack, post=post, transfer=transfer)
    ledger.buy(seat, stack)
    if transfer:
        text = f"{name} sits at seat {seat} with {stack}, moved from a closed game: dealt in at once"
    elif table.has_blinds and table.hands_played:
        text = (f"{name} sits at seat {seat} with {stack} and " +
                ("will post a big blind to play at once" if post else "waits for the big blind if need be"))
    else:
        text = f"{name} sits at seat {seat} with {stack}"
    return DownEvent("arrive", text, "8.2.7")


def _move(table: Table, rng: random.Random, player: Player, empty: list[int]) -> DownEvent:
    old, seat = player.seat, rng.choice(empty)
    post = rng.random() < 0.5
    table.move(player.name, seat, post)
    note = table.pending_notes[-1] if table.pending_notes else ""
    text = f"{player.name} changes from seat {old} to seat {seat}"
    if "penalty" in note:
        text += ", posting a penalty big blind to play at once"
    elif "waits" in note:
        text += ": waits until the blinds are due"
    return DownEvent("move", text, "8.2.5")
