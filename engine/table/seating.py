"""The seats of a table and who sits where (8.1, 8.2.3-8.2.7): the table set up,
players arriving, leaving, stepping away, coming back and changing seats;
each event records what it means for the blinds. `Table` (engine/table/button.py)
adds the button and the blinds hand after hand."""
from __future__ import annotations

from collections.abc import Iterable

from engine.cards.deck import Card
from engine.games.parts import Game
from engine.games.registry import get_game
from engine.house import HouseRules, get_house, max_players_for
from engine.table.plan import ButtonDraw, HandPlan, Player, Players, TableError, blind_names, draw_order


class Seating:
    """One game's table and its seats; `Table` (engine/table/button.py) adds the button and blinds.
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
        # The game's declaration says whether a Dealer Button is used (engine/games/registry.py).
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


    def _owed_words(self, player: Player) -> str:
        k = len(self.blinds)
        return " and ".join(f"the {blind_names(k)[i]}" for i in sorted(player.missed, reverse=True))

