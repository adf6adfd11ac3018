"""The table across hands: seats, the button, the blinds and who is dealt in.

Seats are numbered clockwise from the dealer's left (seat 1), so "the player
on the dealer's immediate right" is the highest occupied seat and
"clockwise" is increasing seat number, wrapping round.

`Table.next_hand()` works out, before a deal, where the button goes, who
posts which blind, who is dealt in and in what order (8.1.4), who waits and
why, and which marker buttons lie on the table (1.1, 8.1.3). Between hands
players leave, arrive, change seats, step away and come back; each event
records what it means for the blinds, citing 8.2.3-8.2.7. Where the
rulebook is silent the house profile decides (engine/house.py) and the
note says it is a published standard rule.

Here: the events between hands and the instructors' events file. The rest,
re-exported: `Table` and the button and blinds (engine/table/button.py), the seats
and their events (engine/table/seating.py), a hand's plan (engine/table/plan.py).
"""
from __future__ import annotations
import random
from dataclasses import dataclass, field
from typing import Any, NoReturn

from engine.games.parts import Game
from engine.house import HouseRules
from engine.table.button import Table
from engine.table.plan import Event, HandPlan, TableError

__all__ = ["EVENTS_HELP", "EventScript", "apply_event", "describe_event", "parse_events", "play_script",
           "random_events", "table_from_script"]


def random_events(table: Table, rng: random.Random, names: list[str]) -> list[Event]:
    """A few plausible events before a hand, for the instructors' demo CLI:
    (verb, args) tuples that `apply_event` understands."""
    events: list[Event] = []
    seated = sorted(table.players.values(), key=lambda p: p.seat)
    empty = [s for s in range(1, table.seats + 1) if s not in table.players]
    roll = rng.random()
    if roll < 0.15 and len(seated) > 3:
        events.append(("leave", rng.choice(seated).name))
    elif roll < 0.30 and empty and len(seated) < table.max_players:
        free = [n for n in names if all(p.name != n for p in table.players.values())]
        if free:
            events.append(("arrive", free[0], rng.choice(empty), rng.random() < 0.5))
    elif roll < 0.40 and empty and seated:
        events.append(("move", rng.choice(seated).name, rng.choice(empty), rng.random() < 0.3))
    elif roll < 0.52:
        here = [p for p in seated if not p.away]
        if len(here) > 3:
            events.append(("away", rng.choice(here).name))
    elif roll < 0.70:
        gone = [p for p in seated if p.away]
        if gone:
            events.append(("back", rng.choice(gone).name, rng.random() < 0.6))
    return events


def apply_event(table: Table, event: Event) -> None:
    """Apply one (verb, args...) event; see engine/commands/table.py for the file format."""
    verb, *args = event
    if verb == "leave":
        table.leave(args[0])
    elif verb == "arrive":
        name, seat, post = args[0], args[1], bool(args[2]) if len(args) > 2 else False
        stack = args[3] if len(args) > 3 else None
        table.arrive(name, seat, stack, post, transfer=bool(args[4]) if len(args) > 4 else False)
    elif verb == "move":
        table.move(args[0], args[1], bool(args[2]) if len(args) > 2 else False)
    elif verb == "away":
        table.step_away(args[0])
    elif verb == "back":
        table.come_back(args[0], args[1] if len(args) > 1 else None)
    elif verb == "overblind":
        table.request_over_blind(args[0])
    elif verb == "draw":
        table.seat_by_draw(list(args[1]), args[0], table.seed)
    else:
        raise TableError(f"unknown event {verb!r}")


# --- the instructors' events file -------------------------------------------------

EVENTS_HELP = """\
One instruction per line; '#' starts a comment.
Set-up, before the first hand:
  seats 9                 table seats (default: the game's maximum, 4.1)
  blinds 1 2              blind amounts, smallest first (their number is the sign's count, 8.2.1)
  ante 1                  ante for games without blinds
  seat 1 Ann [200]        a player in a seat, with chips
  button 6                the first button's seat (default: the house's first-button method)
Events, each before hand N is dealt:
  N leave NAME            leaves for good (8.1.3(a))
  N arrive NAME SEAT [CHIPS] [post] [transfer]
                          a new player (8.2.7); 'post' posts a big blind to play at once;
                          'transfer' = from a closed game or moved by a supervisor (8.2.7)
  N move NAME SEAT [post] changes seat (8.2.5), also 'change'; 'post' posts the penalty big blind
  N away NAME             steps away / sits out (player walking button); also 'sitout'
  N back NAME [post|wait] returns, also 'return'; owed blinds are posted or waited for (8.2.3)
  N overblind NAME        places the voluntary over-blind if in position (8.4.1(b)(i))
  N draw SEAT NAME NAME.. two or more want SEAT: a draw of cards decides (8.1.1(a))
"""


@dataclass
class EventScript:
    setup: dict[str, Any] = field(default_factory=dict)      # seats, blinds, ante, button, players {seat: (name, chips)}
    events: dict[int, list[Event]] = field(default_factory=dict)     # hand number -> [(verb, args...)]
    lines: dict[tuple[int, int], str] = field(default_factory=dict)      # id(event) -> "file:line"


def parse_events(text: str, source: str = "<events>") -> EventScript:
    """Read an events file (EVENTS_HELP); errors name the file and line."""
    script = EventScript(setup={"players": {}})

    def fail(number: int, message: str) -> NoReturn:
        raise TableError(f"{source}:{number}: {message}")

    def whole(number: int, word: str, what: str) -> int:
        if not word.isdigit():
            fail(number, f"{what} must be a whole number, not {word!r}")
        return int(word)

    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        head = words[0].lower()
        if head in ("seats", "ante", "button"):
            if len(words) != 2:
                fail(number, f"write '{head} NUMBER'")
            script.setup[head] = whole(number, words[1], head)
            continue
        if head == "blinds":
            if len(words) < 2:
                fail(number, "write 'blinds 1 2' (the amounts, smallest first)")
            script.setup["blinds"] = tuple(whole(number, w, "a blind") for w in words[1:])
            continue
        if head == "seat":
            if len(words) not in (3, 4):
                fail(number, "write 'seat SEAT NAME [CHIPS]'")
            seat = whole(number, words[1], "the seat")
            if seat in script.setup["players"]:
                fail(number, f"seat {seat} is given twice")
            chips = whole(number, words[3], "the chips") if len(words) == 4 else None
            script.setup["players"][seat] = (words[2], chips)
            continue
        if not head.isdigit():
            fail(number, f"{words[0]!r} is neither a set-up word (seats, blinds, ante, seat, button) "
                         f"nor a hand number")
        hand = int(head)
        if hand < 1:
            fail(number, "hands are numbered from 1")
        if len(words) < 3:
            fail(number, "write 'HAND VERB NAME ...', e.g. '3 leave Bob'")
        verb, args = words[1].lower(), words[2:]
        verb = {"sitout": "away", "return": "back", "change": "move"}.get(verb, verb)
        flags = {a.lower() for a in args if a.lower() in ("post", "wait", "transfer")}
        plain = [a for a in args if a.lower() not in ("post", "wait", "transfer")]
        event: Event
        if verb in ("leave", "away", "overblind") and len(plain) == 1 and not flags:
            event = (verb, plain[0])
        elif verb == "back" and len(plain) == 1 and len(flags) <= 1:
            event = ("back", plain[0], None if not flags else "post" in flags)
        elif verb == "arrive" and len(plain) in (2, 3) and flags <= {"post", "transfer"}:
            chips = whole(number, plain[2], "the chips") if len(plain) == 3 else None
            event = ("arrive", plain[0], whole(number, plain[1], "the seat"), "post" in flags, chips,
                     "transfer" in flags)
        elif verb == "move" and len(plain) == 2 and flags <= {"post"}:
            event = ("move", plain[0], whole(number, plain[1], "the seat"), "post" in flags)
        elif verb == "draw" and len(plain) >= 3 and not flags:
            event = ("draw", whole(number, plain[0], "the seat"), tuple(plain[1:]))
        else:
            fail(number, f"cannot read {' '.join(words[1:])!r}: see the forms below\n{EVENTS_HELP}")
        script.events.setdefault(hand, []).append(event)
        script.lines[(hand, len(script.events[hand]) - 1)] = f"{source}:{number}"
    return script


def describe_event(event: Event) -> str:
    verb, *args = event
    if verb == "arrive":
        return (f"{args[0]} arrives at seat {args[1]}" + (" and posts" if args[2] else "")
                + (" (transfer)" if len(args) > 4 and args[4] else ""))
    if verb == "move":
        return f"{args[0]} moves to seat {args[1]}" + (" and posts" if args[2] else "")
    if verb == "back":
        return f"{args[0]} comes back" + ("" if args[1] is None else " (posts any missed blinds)"
                                          if args[1] else " (waits for the big blind if owing blinds)")
    if verb == "draw":
        return f"draw for seat {args[0]} between {', '.join(args[1])}"
    return {"leave": "{} leaves", "away": "{} steps away", "overblind": "{} wants to over-blind"}[verb].format(args[0])


def table_from_script(script: EventScript, game: str | Game = "holdem", *,
                      house: str | HouseRules | None = None, deck: int = 52,
                      seed: int | None = None) -> Table:
    """A table set up as an events script's set-up lines describe (EVENTS_HELP)."""
    setup = script.setup
    table = Table(game, None, seats=setup.get("seats"), blinds=setup.get("blinds"),
                  ante=setup.get("ante", 0), house=house, deck=deck, seed=seed)
    for seat, (name, chips) in sorted(setup["players"].items()):
        table.arrive(name, seat, chips)
    if "button" in setup:
        table.set_first_button(setup["button"])
    return table


def play_script(script: EventScript, hands: int, game: str | Game = "holdem", *,
                house: str | HouseRules | None = None, deck: int = 52,
                seed: int | None = None) -> list[HandPlan]:
    """The plan of each of the first `hands` hands, events applied before each;
    an event that breaks a rule raises TableError naming its line."""
    table = table_from_script(script, game, house=house, deck=deck, seed=seed)
    plans = []
    for hand in range(1, hands + 1):
        for index, event in enumerate(script.events.get(hand, [])):
            try:
                apply_event(table, event)
            except TableError as exc:
                where = script.lines.get((hand, index), "")
                raise TableError(f"{where + ': ' if where else ''}before hand {hand}: {exc}") from None
        plans.append(table.next_hand())
    return plans
