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
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeAlias

from engine.cards import SUIT_RANK, Card, Deck
from engine.games import Game, get_game
from engine.house import HouseRules, get_house, max_players_for

# One table event: (verb, args...), as apply_event and the events file use it.
Event: TypeAlias = tuple[Any, ...]
# Table(players=...): names for seats 1, 2, ...; or seat -> name or (name, chips).
Players: TypeAlias = "list[str] | tuple[str, ...] | dict[int, str | tuple[str, int]] | None"

MARKERS = {
    "reserved": "Reserved Button (8.1.3(a))",
    "walking": "Player Walking Button (1.1)",
    "absent": "Absent Button (1.1)",
    "missed": "Missed Blind Button (1.1)",
    "dealt_out": "Dealt-out Button (1.1)",
}

BLIND_NAMES = {1: ("blind",), 2: ("small blind", "big blind"),
               3: ("small blind", "middle blind", "big blind")}


def blind_names(count: int) -> tuple[str, ...]:
    if count in BLIND_NAMES:
        return BLIND_NAMES[count]
    return tuple(f"blind {i + 1}" for i in range(count - 1)) + ("big blind",)


class TableError(ValueError):
    """An event or set-up the table cannot take; the message says why and cites the rule."""


@dataclass
class Player:
    name: str
    seat: int
    stack: int
    away: bool = False              # away from the table (Player Walking / Absent Button)
    # Why the player may not simply be dealt in yet: "new" (8.2.7),
    # "new_button" (8.2.7(a), kept out at the button: waits for the blind), "moved"
    # (8.2.5, too far clockwise), "moved_unpaid" (8.2.5, barred only from the
    # button), "missed" (8.2.3, owes blinds). "" = none.
    entry: str = ""
    post: bool = False              # chose to post to be dealt in at once
    missed: set[int] = field(default_factory=set)    # indices of blinds missed (0 = first)
    paid_round: bool = True         # has posted a big blind since sitting down (8.2.5)
    hands_dealt: int = 0


@dataclass(frozen=True)
class Post:
    seat: int
    name: str
    what: str          # "small blind", "big blind", "over-blind", "penalty big blind", ...
    amount: int
    live: bool         # counts toward the player's bet (dead chips do not)
    rule: str


@dataclass
class HandPlan:
    """Everything the dealer sets up before the first card of one hand."""
    number: int
    button: int | None
    dead_button: bool
    posts: list[Post] = field(default_factory=list)      # Post, in posting order
    dealt_in: list[int] = field(default_factory=list)        # seats, in dealing order (8.1.4)
    first_to_act: int | None = None
    waiting: dict[int, str] = field(default_factory=dict)         # seat -> why not dealt in
    markers: dict[int, tuple[str, ...]] = field(default_factory=dict)         # seat -> marker keys
    heads_up: bool = False
    names: dict[int, str] = field(default_factory=dict)           # seat -> player name
    notes: list[str] = field(default_factory=list)
    played: bool = True                                  # False: too few players for a hand

    def post_for(self, seat: int) -> list[Post]:
        return [p for p in self.posts if p.seat == seat]

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "-"
        name = self.names.get(seat)
        return f"seat {seat} ({name})" if name else f"seat {seat} (empty)"

    def describe(self) -> list[str]:
        """Lines an instructor reads: button, posts, deal, waiting, markers, notes."""
        if not self.played:
            return [f"Hand {self.number}: no hand", *[f"  - {n}" for n in self.notes]]
        head = f"Hand {self.number}:"
        if self.button is not None:
            head += f" button {self.who(self.button)}"
            if self.dead_button:
                head += " - dead button"
        else:
            head += " no button (cards dealt from the dealer's left)"
        if self.heads_up:
            head += " - heads-up"
        lines = [head]
        for post in self.posts:
            kind = "" if post.live else " dead"
            lines.append(f"  {post.what}: {self.who(post.seat)} posts {post.amount}{kind} ({post.rule})")
        lines.append("  dealt in (deal order): " + ", ".join(
            f"{s} {self.names.get(s, '')}".strip() for s in self.dealt_in))
        if self.first_to_act is not None:
            lines.append(f"  first to act: {self.who(self.first_to_act)}")
        for seat, why in sorted(self.waiting.items()):
            lines.append(f"  not dealt in: {self.who(seat)} - {why}")
        for seat, keys in sorted(self.markers.items()):
            lines.append(f"  marker: seat {seat} - " + ", ".join(MARKERS[k] for k in keys))
        lines.extend(f"  - {n}" for n in self.notes)
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number, "played": self.played, "button": self.button,
            "dead_button": self.dead_button, "heads_up": self.heads_up,
            "posts": [p.__dict__ for p in self.posts], "dealt_in": list(self.dealt_in),
            "first_to_act": self.first_to_act,
            "waiting": {str(k): v for k, v in self.waiting.items()},
            "markers": {str(k): list(v) for k, v in self.markers.items()},
            "names": {str(k): v for k, v in self.names.items()}, "notes": list(self.notes),
        }


@dataclass(frozen=True)
class ButtonDraw:
    """The cards dealt face up to place the first button (live-casino method)."""
    cards: tuple[tuple[int, Card], ...]        # (seat, Card) in dealing order from the dealer's left
    winner: int

    def describe(self) -> str:
        shown = ", ".join(f"seat {s} {c}" for s, c in self.cards)
        return f"Button draw: {shown}; highest card {dict(self.cards)[self.winner]} at seat {self.winner}"


def draw_order(names: list[str], seed: int | None = None) -> list[tuple[str, Card]]:
    """Seating by draw (8.1.1(a)): one card face up each, highest card first.

    Highest card chooses first, ties in rank broken by suit (3.2.4); the
    rulebook says only that a draw decides, so this order is the published
    standard one.
    """
    if len(set(names)) != len(names) or len(names) < 2:
        raise TableError("a draw for a seat needs two or more different players (8.1.1(a))")
    deck = Deck.shuffled(seed)
    dealt = [(name, deck.take()) for name in names]
    return sorted(dealt, key=lambda nc: (nc[1].rank, SUIT_RANK[nc[1].suit]), reverse=True)


class Table:
    """One game's table, hand after hand.

    `players` maps seat -> name or (name, stack), or is a list of names for
    seats 1, 2, 3... `blinds` are the posted amounts, smallest first; their
    number is the count on the table sign (8.2.1), by default the game's.
    """

    def __init__(self, game: str | Game = "holdem", players: Players = None, *, seats: int | None = None,
                 blinds: tuple[int, ...] | None = None, ante: int = 0, house: str | HouseRules | None = None,
                 deck: int = 52, button: int | None = None, seed: int | None = None,
                 stack: int = 200) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.house = get_house(house)
        self.deck = deck
        self.max_players = max_players_for(self.house, self.game, deck)
        self.seats = seats if seats is not None else self.max_players
        if not isinstance(self.seats, int) or self.seats < 2:
            raise TableError(f"a table needs at least 2 seats, not {seats!r} (2.1)")
        self.has_blinds = self.game.blinds is not None
        # The game's declaration says whether a Dealer Button is used (engine/games.py).
        self.uses_button = self.game.uses_button
        count = self.game.blinds.count if self.game.blinds is not None else 0
        if blinds is None:
            blinds = (1, 2) if count == 2 else tuple(2 ** i for i in range(count))
        blinds = tuple(blinds)
        if self.has_blinds and not blinds:
            raise TableError(f"{self.game.title} is a blind game: give at least one blind (8.2.1)")
        if not self.has_blinds and blinds:
            raise TableError(f"{self.game.title} has no blinds ({self.game.rule}); use antes")
        if any(not isinstance(b, int) or isinstance(b, bool) or b <= 0 for b in blinds):
            raise TableError(f"blind amounts must be whole numbers of chips above 0, not {list(blinds)}")
        if list(blinds) != sorted(blinds):
            raise TableError(f"blinds are posted smallest first, the last at least the table minimum "
                             f"(8.2.2, 6.4): {list(blinds)} is not in order")
        self.blinds = blinds
        if not isinstance(ante, int) or ante < 0:
            raise TableError(f"the ante must be a whole number of chips, not {ante!r}")
        self.ante = ante
        self.seed = seed
        self.default_stack = stack
        self.players: dict[int, Player] = {}
        self.reserved: set[int] = set()
        self.over_blind_requests: list[str] = []
        self.pending_notes: list[str] = []
        self.hand_number = 0                  # hands asked for, dealt or not
        self.hands_played = 0
        self.button: int | None = None
        self.blind_seats: list[int] = []      # blind positions of the last hand, first blind first
        self.button_draw: ButtonDraw | None = None
        self.history: list[HandPlan] = []
        if players:
            items: Iterable[tuple[int, str | tuple[str, int]]] = (
                enumerate(players, 1) if isinstance(players, (list, tuple)) else sorted(players.items()))
            for seat, who in items:
                name, chips = (who, stack) if isinstance(who, str) else who
                self.arrive(name, seat, chips)
        self._first_button: int | None = None
        if button is not None:
            self.set_first_button(button)

    def set_first_button(self, seat: int) -> None:
        """Place the first button by hand instead of by the house method."""
        self._check_seat(seat)
        if seat not in self.players:
            raise TableError(f"the first button must be in front of a player; seat {seat} is empty")
        if self.hands_played:
            raise TableError("the first button is placed before the first hand only")
        self._first_button = seat

    # --- looking at the table ------------------------------------------------
    def by_name(self, name: str) -> Player:
        for player in self.players.values():
            if player.name.lower() == str(name).lower():
                return player
        known = ", ".join(p.name for p in self.players.values()) or "nobody"
        raise TableError(f"no player {name!r} at the table (seated: {known})")

    def clockwise(self, after: int, include: bool = False) -> list[int]:
        """Every seat number clockwise starting after `after` (or at it)."""
        start = after if include else after % self.seats + 1
        return [(start - 1 + i) % self.seats + 1 for i in range(self.seats)]

    def _between(self, a: int, b: int) -> list[int]:
        """Seats strictly between a and b going clockwise."""
        out: list[int] = []
        for seat in self.clockwise(a):
            if seat == b:
                return out
            out.append(seat)
        return out

    def _present(self) -> list[int]:
        return sorted(s for s, p in self.players.items() if not p.away)

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= self.seats:
            raise TableError(f"seat {seat!r} is not at this {self.seats}-seat table (seats 1-{self.seats})")

    # --- events between hands ------------------------------------------------
    def arrive(self, name: str, seat: int, stack: int | None = None, post: bool = False,
               transfer: bool = False) -> str:
        """A player sits down. In a game under way a new player is subject to
        8.2.7 (never dealt in at the button seat without posting), unless he
        comes from a game that has closed or is moved by a Poker Supervisor
        (`transfer`, the exception 8.2.7 makes)."""
        self._check_seat(seat)
        name = str(name).strip()
        if not name:
            raise TableError("a player needs a name")
        if any(p.name.lower() == name.lower() for p in self.players.values()):
            raise TableError(f"{name} is already seated at seat {self.by_name(name).seat}")
        if len(self.players) >= self.max_players:
            lowered = self.max_players < self.game.max_players[self.deck]
            raise TableError(f"{self.game.title} with a {self.deck}-card deck seats at most "
                             f"{self.max_players} players (4.1 Table 1"
                             + (f", lowered by house {self.house.name!r})" if lowered else ")"))
        if seat in self.players:
            raise TableError(f"seat {seat} is taken by {self.players[seat].name}")
        chips = self.default_stack if stack is None else stack
        if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
            raise TableError(f"{name} must bring chips to the table (6.2), not {chips!r}")
        started = self.hands_played > 0
        player = Player(name, seat, chips,
                        entry="new" if started and self.has_blinds and not transfer else "",
                        post=post, paid_round=not started or transfer)
        self.players[seat] = player
        self.reserved.discard(seat)
        if started and transfer:
            self.pending_notes.append(f"{name} sits at seat {seat}, moved from a closed game or by a "
                                      f"Poker Supervisor: dealt in at once, even on the button (8.2.7)")
        elif started:
            note = f"{name} sits at seat {seat} as a new player"
            if self.has_blinds:
                note += (", posting a big blind to be dealt in at once" if post
                         else "; the new-player rule decides when the first hand comes (8.2.7)")
            self.pending_notes.append(note)
        return name

    def leave(self, name: str) -> int:
        """A player leaves for good: a reserved button goes on the seat (8.1.3(a))."""
        player = self.by_name(name)
        del self.players[player.seat]
        self.reserved.add(player.seat)
        self.pending_notes.append(
            f"{player.name} leaves seat {player.seat}: reserved button on the seat (8.1.3(a)); "
            f"players at the table may move to it before a waiting player (8.1.1(b))")
        return player.seat

    def step_away(self, name: str) -> None:
        """The player walks away; blinds that pass meanwhile are missed (1.1)."""
        player = self.by_name(name)
        if player.away:
            raise TableError(f"{player.name} is already away from the table")
        player.away = True
        self.pending_notes.append(f"{player.name} steps away from seat {player.seat}: "
                                  f"player walking button (1.1)")

    def come_back(self, name: str, post: bool | None = None) -> None:
        """The player returns. Missed blinds must be corrected before he is
        dealt cards (8.2.3): post them or wait for the big blind (house rule)."""
        player = self.by_name(name)
        if not player.away:
            raise TableError(f"{player.name} is not away from the table")
        allowed = self.house.missed_blinds == "post_or_wait"
        if player.missed and self.has_blinds and post and not allowed:
            raise TableError(f"house {self.house.name}: missed blinds are not posted back; "
                             f"{player.name} waits for the big blind (missed_blinds = 'wait')")
        player.away = False
        if player.missed and self.has_blinds:
            player.post = allowed if post is None else bool(post)
            if player.entry in ("", "missed"):
                player.entry = "missed"
            self.pending_notes.append(
                f"{player.name} returns to seat {player.seat} owing "
                f"{self._owed_words(player)}: not dealt in until that is corrected (8.2.3); "
                + ("will post it" if player.post else "waits for the big blind"))
        else:
            self.pending_notes.append(f"{player.name} returns to seat {player.seat}")

    def move(self, name: str, seat: int, post: bool = False) -> None:
        """A seat change (8.2.5): more than the house's live seats clockwise
        (two in the rulebook) waits for the blinds or posts a penalty big blind.

        "Clockwise" is read in the direction the blinds travel: the count is
        how many more live players the big blind must pass before it reaches
        the player's new seat than his old one. Without a blind crossing the
        move this is the number of live seats passed clockwise; a move to the
        right, towards the blinds, costs nothing (reconstruction of 8.2.5). A
        move from the big blind's seat is the number of live seats passed
        clockwise (8.2.5 read literally).
        """
        player = self.by_name(name)
        self._check_seat(seat)
        if seat in self.players:
            raise TableError(f"seat {seat} is taken by {self.players[seat].name}; "
                             f"players may move only into empty seats (8.2.5)")
        old = player.seat
        later = 0
        if self.blind_seats:
            last_big = self.blind_seats[-1]

            def queue(target: int) -> int:
                return sum(1 for s in self._between(last_big, target)
                           if s != old and s in self.players and not self.players[s].away)
            # A move from the seat that has just posted the big blind is counted
            # from there in live seats clockwise, as 8.2.5 reads; counting it as
            # a whole round of the blinds behind would make every such move free.
            later = queue(seat) - (0 if old == last_big else queue(old))
        del self.players[old]
        player.seat = seat
        self.players[seat] = player
        self.reserved.discard(seat)
        self.reserved.add(old)
        limit = self.house.seat_change_live_seats
        note = f"{player.name} moves from seat {old} to seat {seat}"
        if not self.has_blinds or not self.hands_played:
            pass
        elif later > limit and player.entry in ("", "moved_unpaid"):
            player.entry, player.post = "moved", post
            note += (f", {later} live seats further from the blinds: more than {limit}, so "
                     + ("a penalty big blind to play at once (8.2.5)" if post
                        else "waits until the blinds are due (8.2.5)"))
        elif player.entry == "" and not player.paid_round:
            player.entry, player.post = "moved_unpaid", post
            note += ": has not yet paid blinds for a round, so may not take a hand on the button (8.2.5)"
        else:
            note += f" ({max(later, 0)} live seat(s) further from the blinds; free, 8.2.5)"
        self.pending_notes.append(note)

    def request_over_blind(self, name: str) -> None:
        """The player wants to place the voluntary over-blind next hand (8.4.1(b)(i))."""
        self.over_blind_requests.append(self.by_name(name).name)

    def seat_by_draw(self, names: list[str], seat: int, seed: int | None = None,
                     stacks: dict[str, int] | None = None) -> list[tuple[str, Card]]:
        """Two or more want the same seat: a draw decides (8.1.1(a)); the winner sits."""
        self._check_seat(seat)
        order = draw_order(list(names), seed)
        winner = order[0][0]
        self.arrive(winner, seat, (stacks or {}).get(winner))
        shown = ", ".join(f"{n} {c}" for n, c in order)
        self.pending_notes.append(f"draw for seat {seat}: {shown}; {winner} takes it (8.1.1(a))")
        return order

    # --- the first button ------------------------------------------------------
    def _place_first_button(self, present: list[int]) -> tuple[int, list[str]]:
        if self._first_button is not None:
            if self._first_button not in present:
                raise TableError(f"the first button's seat {self._first_button} has no player present")
            return self._first_button, [f"first button placed at seat {self._first_button} as given"]
        if self.house.first_button == "high_card":
            deck = Deck.shuffled(self.seed, self.deck)
            cards = tuple((seat, deck.take()) for seat in present)
            winner = max(cards, key=lambda sc: (sc[1].rank, SUIT_RANK[sc[1].suit]))[0]
            self.button_draw = ButtonDraw(cards, winner)
            return winner, [self.button_draw.describe() + " takes the first button "
                            f"(house {self.house.name}: first_button = 'high_card'; ties by suit, 3.2.4)"]
        seat = max(present)
        return seat, [f"first button to the player on the dealer's immediate right, seat {seat} "
                      f"(1.1 Dealer Button, 11.1(b))"]

    # --- the next hand -------------------------------------------------------------
    def next_hand(self) -> HandPlan:
        """Place the button and blinds for the next hand and say who is dealt in."""
        present = self._present()
        notes, self.pending_notes = self.pending_notes, []
        self.hand_number += 1
        number = self.hand_number
        names = {s: p.name for s, p in self.players.items()}
        if len(present) < 2:
            notes.append(f"only {len(present)} player(s) at the table: no hand is dealt until a "
                         f"second player is present")
            plan = HandPlan(number, self.button, False, names=names, notes=notes, played=False)
            plan.markers = self._markers(set())
            self.history.append(plan)
            return plan
        if not self.has_blinds:
            plan = self._no_blind_hand(number, present, notes)
        else:
            plan = self._button_hand(number, present, notes)
        plan.names = names
        if plan.played:
            self.hands_played += 1
        for seat in plan.dealt_in:
            self.players[seat].hands_dealt += 1
        self.history.append(plan)
        return plan

    def _no_blind_hand(self, number: int, present: list[int], notes: list[str]) -> HandPlan:
        """Games without blinds: everyone present plays and posts the ante.
        Stud is dealt from the dealer's left (12.1(c), 13.1(c)); a game with a
        button but no blinds (Draw with an ante, 8.6.1) moves it one player
        clockwise each hand (1.1 Button) and deals from its left (8.1.4)."""
        button = None
        if self.uses_button:
            if self.button is None:
                button, first_notes = self._place_first_button(present)
                notes.extend(first_notes)
            else:
                button = next(s for s in self.clockwise(self.button) if s in present)
            self.button = button
        plan = HandPlan(number, button, False, notes=notes)
        plan.dealt_in = ([s for s in self.clockwise(button) if s in present] if button is not None
                         else list(present))
        for seat in plan.dealt_in:
            self.players[seat].entry = ""
            if self.ante:
                plan.posts.append(Post(seat, self.players[seat].name, "ante", self.ante, False,
                                       "1.1 Ante wager"))
        plan.markers = self._markers(set(present))
        return plan

    def _button_hand(self, number: int, present: list[int], notes: list[str]) -> HandPlan:
        house, k = self.house, len(self.blinds)
        names = blind_names(k)
        heads_up = len(present) == 2
        if self.button is None:
            button, first_notes = self._place_first_button(present)
            notes.extend(first_notes)
            order = [s for s in self.clockwise(button) if s in present]
            if heads_up:
                other = order[0]
                blind_seats = ([button, other] if house.heads_up == "button_small_blind" else [other, button])
                blind_seats = blind_seats[-k:] if k <= 2 else blind_seats
            else:
                blind_seats = order[:k]
        elif house.button_movement == "moving" and not heads_up:
            button, blind_seats = self._moving_positions(present, notes)
        else:
            button, blind_seats = self._dead_positions(present, heads_up, notes)
        if heads_up:
            notes.append("two players: " + (
                "the button posts the small blind and acts first before the flop "
                "(published standard rules; house heads_up = 'button_small_blind')"
                if house.heads_up == "button_small_blind" else
                "blinds left of the button as 8.2.2 reads (house heads_up = 'as_8_2_2')"))
        plan = HandPlan(number, button, False, heads_up=heads_up, notes=notes)
        dealt: set[int] = set()
        posts: list[Post] = []
        big_seat = blind_seats[-1]
        first_index = k - len(blind_seats)     # fewer positions than blinds only heads-up

        # Blinds in their positions (8.2.2).
        short = False       # a smaller blind missing: the big blind is posted under 8.2.6
        for i, seat in enumerate(blind_seats):
            index = first_index + i
            what = names[index]
            player = self.players.get(seat)
            if player is None:
                if index < k - 1:
                    short = True
                    notes.append(f"seat {seat} is empty: no {what} this hand; the game goes on "
                                 f"without it (8.2.6)")
                continue
            if player.away:
                self._miss(player, [index], notes, what)
                continue
            if player.entry not in ("", "moved_unpaid") and index < k - 1 and not heads_up:
                plan.waiting[seat] = self._barred_reason(player, what)
                notes.append(f"no {what} this hand: {player.name} in that seat is not dealt in yet")
                continue
            self._clear_entry(player, big=index == k - 1)
            if index < k - 1:
                player.entry, player.post = "", False
            rule = ("heads-up: published standard rules" if heads_up and house.heads_up == "button_small_blind"
                    else "8.2.2(a)" if index == 0 else "8.2.6" if short and index == k - 1 else "8.2.2(b)")
            posts.append(Post(seat, player.name, what, self.blinds[index], True, rule))
            dealt.add(seat)

        # Everyone else present, clockwise from the left of the button (8.1.4).
        # Seats from the button up to the big blind are where no one may come
        # in without paying (8.2.7 names the button; published standard rules
        # extend it to every seat before the big blind).
        zone = {button, *self._between(button, big_seat)}
        deal_order = [s for s in self.clockwise(button) if s in present]
        for seat in deal_order:
            if seat in dealt or seat in blind_seats:
                continue
            player = self.players[seat]
            outcome = self._entry_post(player, seat, button, zone, plan) if player.entry else True
            if outcome is True:
                dealt.add(seat)
            elif outcome:
                posts.extend(outcome)
                dealt.add(seat)

        plan.dealt_in = [s for s in deal_order if s in dealt]
        if len(plan.dealt_in) < 2:
            notes.append("fewer than two players can be dealt in: no hand")
            plan.played, plan.dealt_in, plan.posts = False, [], []
            plan.markers = self._markers(set())
            return plan
        plan.dead_button = button not in dealt
        if plan.dead_button:
            why = ("an empty seat" if button not in self.players
                   else f"{self.players[button].name}, who is not dealt in")
            notes.append(f"dead button at seat {button}, in front of {why} (1.1 Dead button, 8.2.6)")

        # Voluntary over-blinds left of the last blind (8.4.1(b)(i), 8.2.4).
        over = self._over_blinds(plan, posts, big_seat, dealt)
        posts.extend(over)
        last_blind = over[-1].seat if over else big_seat
        plan.posts = posts
        plan.first_to_act = next((s for s in self.clockwise(last_blind) if s in dealt), None)
        self.button, self.blind_seats = button, list(blind_seats)
        for seat in present:
            if seat not in dealt and seat not in plan.waiting:
                plan.waiting[seat] = "dealt out"
        plan.markers = self._markers(dealt)
        return plan

    def _miss(self, player: Player, indices: Iterable[int], notes: list[str], what: str) -> None:
        """An away player misses a blind (1.1 Missed Blind Button); a player who
        never played yet owes nothing."""
        if player.entry in ("new", "new_button"):
            return
        player.missed.update(indices)
        notes.append(f"{player.name} is away and misses the {what}: missed blind button "
                     f"(1.1, 8.1.3)")

    def _dead_positions(self, present: list[int], heads_up: bool, notes: list[str]) -> tuple[int, list[int]]:
        """Dead button (8.2.6): the big blind moves to the next player present;
        the other blinds and the button take last hand's blind seats, empty or not."""
        k = len(self.blinds)
        prev_big = self.blind_seats[-1]
        big = next(s for s in self.clockwise(prev_big) if s in present)
        for seat in self._between(prev_big, big):
            player = self.players.get(seat)
            if player is not None and player.away:
                # Missing the big blind misses the round's blinds: all are owed
                # (published standard rules; big blind live, the rest dead).
                self._miss(player, range(k), notes, "big blind")
        if heads_up:
            other = next(s for s in present if s != big)
            if self.house.heads_up == "button_small_blind":
                blinds = [other, big] if k >= 2 else [big]
                return other, blinds
            return big, ([other, big] if k >= 2 else [big])
        blinds = self.blind_seats[1:] + [big]
        blinds = blinds[-k:]
        while len(blinds) < k:       # last hand had fewer blinds (heads-up with k > 2)
            blinds.insert(0, next(s for s in reversed(self.clockwise(blinds[0])) if s not in blinds))
        button = self.blind_seats[0] if len(self.blind_seats) == k else self.button
        assert button is not None, "a dead button follows a hand already dealt"
        if button in blinds:
            # Coming out of heads-up: the old small blind sat on the button.
            # The button goes to the seat just right of the first blind.
            button = next(s for s in reversed(self.clockwise(blinds[0])) if s not in blinds)
            notes.append(f"from heads-up back to a full table: the button goes to seat {button}, "
                         f"right of the first blind, so no one posts the big blind twice running "
                         f"(published standard rules)")
        return button, blinds

    def _moving_positions(self, present: list[int], notes: list[str]) -> tuple[int, list[int]]:
        """Moving button (published standard alternative): the button goes to the
        next player dealt in and the blinds follow it; no blind falls on an empty seat."""
        k = len(self.blinds)
        assert self.button is not None, "the button moves from the last hand's seat"
        active = [s for s in present if not self.players[s].entry]
        button = next((s for s in self.clockwise(self.button) if s in active),
                      next(s for s in self.clockwise(self.button) if s in present))
        blinds: list[int] = []
        cursor = button
        for index in range(k):
            pool = present if index == k - 1 else active
            seat = next((s for s in self.clockwise(cursor) if s in pool and s not in blinds
                         and s != button), None)
            if seat is None:
                break
            for between in self._between(cursor, seat):
                player = self.players.get(between)
                if player is not None and player.away:
                    owed = range(k) if index == k - 1 else [index]
                    self._miss(player, owed, notes, blind_names(k)[index])
            blinds.append(seat)
            cursor = seat
        notes.append(f"moving button: the button moves to the next player, seat {button} "
                     f"(house button_movement = 'moving')")
        return button, blinds

    def _barred_reason(self, player: Player, position: str) -> str:
        where = position if position.startswith("between") else f"in the {position} seat"
        if player.entry in ("new", "new_button"):
            return (f"new player {where}: may not come in until the button has passed "
                    f"(published standard rules, with 8.2.7)")
        if player.entry == "missed":
            return (f"owes {self._owed_words(player)}; may not make it up {where}, so waits "
                    f"until the button has passed (8.2.3; published standard rules)")
        return f"changed seats {where}: waits until the blinds are due (8.2.5)"

    def _clear_entry(self, player: Player, big: bool) -> None:
        if big:
            player.missed.clear()
            player.entry, player.post, player.paid_round = "", False, True

    def _entry_post(self, player: Player, seat: int, button: int, zone: set[int],
                    plan: HandPlan) -> bool | list[Post] | None:
        """What a player with an entry condition does this hand: True (dealt in
        free), a list of Posts (dealt in after posting), or None (waits)."""
        big = self.blinds[-1]
        entry, at_button = player.entry, seat == button
        if entry == "new_button" or (entry == "new" and at_button):
            # 8.2.7: once kept out at the button seat, he waits until the
            # blind is due (a) unless he posts the big blind (b).
            if player.post:
                self._clear_entry(player, big=True)
                return [Post(seat, player.name, "new player's big blind", big, True, "8.2.7(b)")]
            player.entry = "new_button"
            plan.waiting[seat] = ("new player seated at the button position: waits until the blind "
                                  "is due (8.2.7(a)) or posts the big blind (8.2.7(b))")
            return None
        if entry == "new":
            if seat in zone:
                plan.waiting[seat] = self._barred_reason(player, "between the button and the big blind")
                return None
            if self.house.new_player == "8.2.7":
                if player.post:
                    plan.notes.append(f"{player.name} need not post: 8.2.7 keeps a new player out "
                                      f"only at the button seat, and seat {seat} is not the button")
                player.entry, player.post = "", False
                return True
            if player.post:
                self._clear_entry(player, big=True)
                return [Post(seat, player.name, "new player's big blind", big, True,
                             "house new_player = 'post_or_wait' (published standard rules)")]
            plan.waiting[seat] = ("new player: waits for the big blind or posts one "
                                  "(house new_player = 'post_or_wait', published standard rules)")
            return None
        if entry in ("moved", "moved_unpaid"):
            if entry == "moved_unpaid" and not at_button:
                player.entry, player.post = "", False
                return True
            if player.post:
                self._clear_entry(player, big=True)
                return [Post(seat, player.name, "penalty big blind", big, True, "8.2.5")]
            plan.waiting[seat] = ("changed seats more than "
                                  f"{self.house.seat_change_live_seats} live seats clockwise: waits "
                                  "until the blinds are due or posts a penalty big blind (8.2.5)"
                                  if entry == "moved" else
                                  "moved to the button seat before paying blinds for a round: waits "
                                  "or posts a penalty big blind (8.2.5)")
            return None
        if entry == "missed":
            if seat in zone:
                plan.waiting[seat] = self._barred_reason(
                    player, "button" if at_button else "between the button and the big blind")
                return None
            if player.post and self.house.missed_blinds == "post_or_wait":
                k = len(self.blinds)
                posts = []
                for index in sorted(player.missed, reverse=True):
                    live = index == k - 1
                    posts.append(Post(seat, player.name, f"missed {blind_names(k)[index]}",
                                      self.blinds[index], live,
                                      "8.2.3, published standard rules"))
                self._clear_entry(player, big=True)
                return posts
            plan.waiting[seat] = (f"owes {self._owed_words(player)}: not dealt in until corrected "
                                  f"(8.2.3); waits for the big blind")
            return None
        return True

    def _over_blinds(self, plan: HandPlan, posts: list[Post], last_blind: int, dealt: set[int]) -> list[Post]:
        requests, self.over_blind_requests = self.over_blind_requests, []
        if not requests:
            return []
        # The game's own section provides the over-blind where its declaration
        # names the rule (Draw 8.4.1(b)(i), Lowball and Triple Draw 8.7/8.8.1(b)(i),
        # Draw of the second rulebook 11.1(c)(iv)).
        rule = self.game.blinds.over_blind if self.game.blinds is not None else None
        mode = self.house.over_blind
        allowed = mode == "all_blind_games" or (mode == "game" and rule is not None)
        if not allowed:
            plan.notes.append(f"over-blind asked for by {', '.join(requests)} but not permitted in "
                              f"{self.game.title} (house over_blind = {mode!r}; the game's own section "
                              f"provides it in Draw, Triple Draw and Lowball with blinds: "
                              f"8.4.1(b)(i), 8.7.1(b)(i), 8.8.1(b)(i), 11.1(c)(iv))")
            return []
        rule = rule or "8.2.4"
        out: list[Post] = []
        amount = self.blinds[-1]
        seat: int | None = last_blind
        while len(out) < self.house.over_blinds_max and seat is not None:
            seat = next((s for s in self.clockwise(seat) if s in dealt), None)
            player = self.players.get(seat) if seat is not None else None
            if (seat is None or player is None or player.name not in requests
                    or any(p.seat == seat for p in posts)):
                break
            amount *= 2
            out.append(Post(seat, player.name, "over-blind", amount, True,
                            rule if not out else "8.2.4"))
            requests.remove(player.name)
        for name in requests:
            plan.notes.append(f"{name} asked to over-blind but is not on the immediate left of the "
                              f"last blind this hand, so cannot (8.4.1(b)(i))")
        return out

    def _owed_words(self, player: Player) -> str:
        k = len(self.blinds)
        return " and ".join(f"the {blind_names(k)[i]}" for i in sorted(player.missed, reverse=True))

    def _markers(self, dealt: set[int]) -> dict[int, tuple[str, ...]]:
        markers: dict[int, tuple[str, ...]] = {}
        for seat in sorted(self.reserved):
            if seat not in self.players:
                markers[seat] = ("reserved",)
        for seat, player in sorted(self.players.items()):
            keys = []
            if player.away:
                keys.append("absent" if player.missed else "walking")
            else:
                if player.missed:
                    keys.append("missed")
                if seat not in dealt:
                    keys.append("dealt_out")
            if keys:
                markers[seat] = tuple(keys)
        return markers


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
