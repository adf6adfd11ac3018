"""The button and the blinds, hand after hand (8.2): the first button, the
next hand's plan, the dead button, missed blinds, a new or moved player's
entry posts, the over-blind (8.4.1(b)) and the marker buttons (1.1).

`Table.next_hand()` works out, before a deal, where the button goes, who
posts which blind, who is dealt in and in what order (8.1.4), who waits and
why, and which marker buttons lie on the table (1.1, 8.1.3)."""
from __future__ import annotations

from collections.abc import Iterable

from engine.cards.deck import SUIT_RANK, Deck
from engine.table.plan import ButtonDraw, HandPlan, Player, Post, TableError, blind_names
from engine.table.seating import Seating


class Table(Seating):
    """One game's table, hand after hand.

    `players` maps seat -> name or (name, stack), or is a list of names for
    seats 1, 2, 3... `blinds` are the posted amounts, smallest first; their
    number is the count on the table sign (8.2.1), by default the game's.
    """

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
                    plan.notes.append(f"{player.name} need not post: 8.2.7 keeps a new player out at "
                                      f"the button seat, and published standard rules between the button "
                                      f"and the big blind; seat {seat} is neither")
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

