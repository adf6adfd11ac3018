"""One hand of a game, as the ordered dealer steps a trainee must perform.

The machine reads a game declaration (engine/games.py) and keeps an agenda
of what the dealer does next: move the button, collect blinds, pitch cards,
burn, deal community cards, collect bets, award the pot. Player decisions
(calls, raises, folds) come from the scenario and are applied between dealer
steps. `propose(step)` checks a dealer step: a right one is applied, a wrong
one is explained with the rule it breaks and changes nothing.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from engine.cards import Card, Deck, format_cards, full_deck, parse_cards
from engine.games import Burn, DealBoard, DealHole, Game, get_game
from engine.house import HouseRules, get_house

STEP_LABELS = {
    "move_button": "Move the button",
    "post_blind": "Collect a blind",
    "pitch": "Pitch a card",
    "burn": "Burn a card",
    "deal_flop": "Deal the flop",
    "turn_flop": "Turn the flop",
    "deal_board": "Deal a community card",
    "collect_bets": "Collect the bets",
    "award": "Award the pot",
}
SEAT_STEPS = {"move_button", "post_blind", "pitch"}


class ScenarioError(ValueError):
    """A hand scenario that cannot be dealt (bad seats, cards, actions)."""


@dataclass(frozen=True)
class Step:
    """A dealer step: what the trainee did, e.g. Step("pitch", seat=4)."""
    kind: str
    seat: int | None = None
    seats: tuple[int, ...] = ()

    def __str__(self) -> str:
        label = STEP_LABELS.get(self.kind, self.kind)
        if self.seat is not None:
            return f"{label} (seat {self.seat})"
        if self.seats:
            return f"{label} (seat{'s' if len(self.seats) > 1 else ''} {', '.join(map(str, self.seats))})"
        return label

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "seats": list(self.seats)}

    @classmethod
    def from_dict(cls, data: dict) -> "Step":
        return cls(data["kind"], data.get("seat"), tuple(data.get("seats") or ()))


@dataclass
class Expected:
    """The dealer step due now, with the rule that requires it."""
    kind: str
    rule: str
    why: str
    seat: int | None = None
    seats: tuple[int, ...] = ()
    street: str = ""


@dataclass
class Verdict:
    ok: bool
    message: str
    rule: str


@dataclass
class Player:
    seat: int
    name: str
    stack: int
    cards: list = field(default_factory=list)
    in_front: int = 0          # chips bet this round, not yet collected
    committed: int = 0         # chips put in the pot this hand, all rounds
    folded: bool = False

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded


@dataclass
class Scenario:
    """What a lesson cell gives the engine: everything needed to replay a hand."""
    game: str = "holdem"
    seats: dict = field(default_factory=dict)    # seat -> (name, stack)
    button_was: int = 1
    blinds: tuple = (1, 2)
    actions: tuple = ()                          # player decisions in acting order
    seed: int = 1
    stack: tuple = ()                            # cards forced to the top of the deck
    deck: int = 52
    table_seats: int = 10
    house: str = "main"

    @classmethod
    def from_dict(cls, data: dict) -> "Scenario":
        """Build from a lesson cell's TOML table, with messages naming the key."""
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known - {"id", "type", "title", "prompt", "ask", "choices", "about"}
        if unknown:
            raise ScenarioError(f"unknown key(s) {', '.join(sorted(unknown))}; a hand takes "
                                f"{', '.join(sorted(known))}")
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, dict) or not raw_seats:
            raise ScenarioError('seats must be a table like seats = { 1 = ["Ann", 200], 4 = ["Bob", 150] }')
        seats = {}
        for key, value in raw_seats.items():
            if not str(key).isdigit():
                raise ScenarioError(f"seat {key!r} is not a seat number")
            if (not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str)
                    or not isinstance(value[1], int) or value[1] <= 0):
                raise ScenarioError(f'seat {key} must be ["Name", chips] with chips above 0')
            seats[int(key)] = (value[0], value[1])
        try:
            stacked = tuple(parse_cards(data.get("stack", "")))
        except ValueError as exc:
            raise ScenarioError(f"stack: {exc}") from None
        actions = data.get("actions", [])
        if isinstance(actions, str):
            actions = [a.strip() for a in actions.split(",") if a.strip()]
        return cls(game=data.get("game", "holdem"), seats=seats,
                   button_was=int(data.get("button_was", min(seats))),
                   blinds=tuple(data.get("blinds", (1, 2))), actions=tuple(actions),
                   seed=data.get("seed", 1), stack=stacked, deck=int(data.get("deck", 52)),
                   table_seats=int(data.get("table_seats", 10)),
                   house=data.get("house", "main"))


class Hand:
    """A hand in progress. Build with `Hand(scenario)`; drive with `propose`."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        try:
            self.game: Game = get_game(scenario.game)
            self.house: HouseRules = get_house(scenario.house)
        except KeyError as exc:
            raise ScenarioError(exc.args[0]) from None
        self._check_scenario()
        self.players = {s: Player(s, n, c) for s, (n, c) in sorted(scenario.seats.items())}
        self.deck = self._build_deck()
        self.button: int | None = None
        self.burns: list[Card] = []
        self.board: list[Card] = []
        self.flop_face_down = False
        self.pot = 0
        self.awarded: dict[int, int] = {}
        self.explanations: list[str] = []
        self.log: list[str] = []
        self.step_count = 0
        self.finished = False
        self._actions = list(scenario.actions)
        self._agenda: list[Expected] = []
        self._street_index = -1
        self._round: ScriptedRound | None = None
        self._pots_awarded = 0
        self.pause_before_betting: str | None = None
        self.awards: list = []
        self._agenda.append(Expected(
            "move_button", "8.17.1(a)",
            "The button moves one seat clockwise to the next player before the deal "
            "(8.17.1(a); 1.1 Button)", seat=self._next_seat(scenario.button_was)))

    # --- set-up -----------------------------------------------------------
    def _check_scenario(self) -> None:
        sc = self.scenario
        if sc.deck not in self.game.max_players:
            raise ScenarioError(f"{self.game.title} is not dealt with a {sc.deck}-card deck; allowed: "
                                f"{', '.join(map(str, self.game.max_players))} ({self.game.max_players_rule})")
        limit = self.game.max_players[sc.deck]
        if len(sc.seats) > limit:
            raise ScenarioError(f"{self.game.title} with {sc.deck} cards seats at most {limit} "
                                f"players, not {len(sc.seats)} ({self.game.max_players_rule})")
        if len(sc.seats) < 3:
            raise ScenarioError("a hand needs at least three players; heads-up play is not "
                                "modelled by this scenario type")
        bad = [s for s in sc.seats if not 1 <= s <= sc.table_seats]
        if bad:
            raise ScenarioError(f"seat {bad[0]} is not at a {sc.table_seats}-seat table")
        if self.game.blinds and len(sc.blinds) != self.game.blinds.count:
            raise ScenarioError(f"{self.game.title} takes {self.game.blinds.count} blinds, "
                                f"got {len(sc.blinds)} ({self.game.blinds.rule})")
        if len(set(sc.stack)) != len(sc.stack):
            raise ScenarioError("stack names a card twice")
        in_deck = set(full_deck(sc.deck))
        missing = [c for c in sc.stack if c not in in_deck]
        if missing:
            raise ScenarioError(f"{missing[0]} is not in a {sc.deck}-card deck (3.2)")

    def _build_deck(self) -> Deck:
        """Shuffle and cut (5.1, 5.2); a scenario may fix the top cards."""
        deck = Deck.shuffled(self.scenario.seed, self.scenario.deck)
        if self.scenario.stack:
            rest = [c for c in deck.cards if c not in self.scenario.stack]
            deck = Deck(list(self.scenario.stack) + rest)
        return deck

    # --- seats --------------------------------------------------------------
    def _clockwise_from(self, seat: int) -> list[int]:
        """Occupied seats in clockwise order starting after `seat`."""
        n = self.scenario.table_seats
        order = [((seat - 1 + i) % n) + 1 for i in range(1, n + 1)]
        return [s for s in order if s in self.scenario.seats]

    def _next_seat(self, seat: int) -> int:
        return self._clockwise_from(seat)[0]

    def live_seats(self) -> list[int]:
        """Players still in the hand, clockwise from the left of the button."""
        return [s for s in self._clockwise_from(self.button or self.scenario.button_was)
                if not self.players[s].folded]

    # --- the agenda -------------------------------------------------------------
    def expected(self) -> Expected | None:
        self._advance()
        return self._agenda[0] if self._agenda else None

    def _advance(self) -> None:
        """Fill the agenda: play scripted player decisions, expand streets."""
        while (not self._agenda or self._agenda[0].kind == "_betting") and not self.finished:
            if self._agenda and self._agenda[0].street == self.pause_before_betting:
                return
            if self._agenda:
                self._agenda.pop(0)
                self._open_round(self._current_street())
            if self._round is not None:
                self._play_betting()
                continue
            if self._agenda:
                continue
            if len(self.live_seats()) == 1 or self._street_index + 1 >= len(self.game.streets):
                self._schedule_showdown()
                continue
            self._street_index += 1
            self._schedule_street(self.game.streets[self._street_index])

    def _schedule_street(self, street) -> None:
        order = self.live_seats()
        for op in street.deal:
            if isinstance(op, DealHole):
                for _ in range(op.count):
                    for seat in order:
                        self._agenda.append(Expected(
                            "pitch", op.rule,
                            "Cards go one at a time, clockwise, starting with the player on the "
                            f"immediate left of the button ({op.rule})", seat=seat, street=street.name))
            elif isinstance(op, Burn):
                self._agenda.append(Expected(
                    "burn", op.rule, f"Burn a card before the {street.name} ({op.rule})", street=street.name))
            elif isinstance(op, DealBoard) and op.flop:
                self._agenda.append(Expected(
                    "deal_flop", op.rule,
                    f"Deal the three flop cards face down, one at a time ({op.rule})", street=street.name))
                self._agenda.append(Expected(
                    "turn_flop", op.rule,
                    f"Turn the flop face up and spread it ({op.rule}; 1.1 Flop)", street=street.name))
            elif isinstance(op, DealBoard):
                self._agenda.append(Expected(
                    "deal_board", op.rule,
                    f"Deal the {street.name} card face up to the board ({op.rule})", street=street.name))
        if street.betting is not None:
            self._agenda.append(Expected("_betting", street.betting.rule, "", street=street.name))

    def _open_round(self, street) -> None:
        opener_rule = street.betting
        able = [s for s in self.live_seats() if not self.players[s].all_in]
        if len(able) < 2 and not any(self.players[s].in_front for s in self.players):
            return  # everyone but one is all in: cards are dealt out without betting
        order = self.acting_order(street.name)
        self._round = ScriptedRound(
            order=[s for s in order if not self.players[s].all_in],
            stacks={s: self.players[s].stack for s in order},
            in_front={s: self.players[s].in_front for s in order},
            big_blind=self.scenario.blinds[-1] if self.scenario.blinds else 0,
            opener_rule=opener_rule.rule)

    def acting_order(self, street_name: str) -> list[int]:
        """Live seats in the order they act on `street_name` (8.17.3(a), 8.17.4(b))."""
        street = next(s for s in self.game.streets if s.name == street_name)
        live = self.live_seats()
        if street.betting.opener == "left_of_last_blind":
            blind_seats = self.blind_seats()
            start = blind_seats[-1] if blind_seats else self.button
            seq = self._clockwise_from(start)
            return [s for s in seq if s in live]
        return live

    def first_to_act(self, street_name: str) -> int:
        """Who acts first on a street, among players who can still act."""
        order = [s for s in self.acting_order(street_name) if not self.players[s].all_in]
        return order[0]

    def blind_seats(self) -> list[int]:
        n = self.game.blinds.count if self.game.blinds else 0
        button = self.button if self.button is not None else self._next_seat(self.scenario.button_was)
        return self._clockwise_from(button)[:n]

    def _schedule_blinds(self) -> None:
        blinds = self.game.blinds
        if not blinds:
            return
        for i, seat in enumerate(self.blind_seats()):
            rule = "8.2.2(a)" if i == 0 else "8.2.2(b)"
            which = "first (small)" if i == 0 else ("second (big)" if i == 1 else f"blind {i + 1}")
            self._agenda.append(Expected(
                "post_blind", rule,
                f"The {which} blind is posted by the player on the immediate left of the "
                f"{'button' if i == 0 else 'previous blind'}, before any card is dealt "
                f"({rule}; {blinds.rule})", seat=seat))

    def _blind_amount(self, seat: int) -> int:
        return self.scenario.blinds[self.blind_seats().index(seat)]

    def _play_betting(self) -> None:
        """Apply the scenario's player decisions until the round is complete."""
        rnd = self._round
        while not rnd.complete:
            seat = rnd.to_act
            if not self._actions:
                raise ScenarioError(f"the scenario's actions ran out: seat {seat} is to act on the "
                                    f"{self._current_street().name}")
            text = self._actions.pop(0)
            result = rnd.apply(seat, text)
            if not result.ok:
                raise ScenarioError(f"action {text!r} for seat {seat} on the "
                                    f"{self._current_street().name} is not legal: {result.message}")
            player = self.players[seat]
            player.stack -= result.chips
            player.in_front += result.chips
            player.committed += result.chips
            if result.folded:
                player.folded = True
            self.log.append(f"Seat {seat} ({player.name}) {result.description}")
            if len(self.live_seats()) == 1:
                break
        self._round = None
        if any(p.in_front for p in self.players.values()):
            self._agenda.append(Expected(
                "collect_bets", "1.1 (Pot)",
                "Collect the bets into the pot when the betting round ends, before any more "
                "cards are dealt (1.1 Pot, Dealer)", street=self._current_street().name))

    def _current_street(self):
        return self.game.streets[max(self._street_index, 0)]

    def _schedule_showdown(self) -> None:
        from engine.award import award_pots
        live = self.live_seats()
        rule = self.game.showdown.rule
        if len(live) == 1:
            self.awards = award_pots(self, winners_by_pot=None)
            why = (f"Only one player remains, so that player wins the pot without a showdown "
                   f"(8.17.3(c)(i))")
            rule = "8.17.3(c)(i)"
        else:
            self.awards = award_pots(self, winners_by_pot="showdown")
            why = f"The best five-card hand wins ({rule})"
        for pot in self.awards:
            self._agenda.append(Expected("award", pot.rule or rule, f"{why}. {pot.reason}",
                                         seats=tuple(sorted(pot.winners))))
        if not self._agenda:
            self.finished = True

    # --- proposals ----------------------------------------------------------------
    def propose(self, step: Step) -> Verdict:
        """Check a dealer step; apply it only if it is the one due now."""
        exp = self.expected()
        if exp is None:
            return Verdict(False, "The hand is over: the pot has been awarded.", "")
        if step.kind not in STEP_LABELS:
            return Verdict(False, f"{step.kind!r} is not a dealer step.", "")
        if step.kind != exp.kind:
            return Verdict(False, f"Not now. {exp.why}.", exp.rule)
        if exp.kind in SEAT_STEPS and step.seat != exp.seat:
            if step.seat not in self.players:
                return Verdict(False, f"Seat {step.seat} is empty. {exp.why}.", exp.rule)
            return Verdict(False, f"Not seat {step.seat}. {exp.why}.", exp.rule)
        if exp.kind == "award" and tuple(sorted(step.seats)) != exp.seats:
            return Verdict(False, f"That is not who wins this pot. {exp.why}.", exp.rule)
        self._agenda.pop(0)
        message = self._apply(exp)
        self.step_count += 1
        self._advance()
        return Verdict(True, message, exp.rule)

    def _apply(self, exp: Expected) -> str:
        kind = exp.kind
        if kind == "move_button":
            self.button = exp.seat
            self._schedule_blinds()
            return f"Button to seat {exp.seat}."
        if kind == "post_blind":
            player = self.players[exp.seat]
            amount = min(self._blind_amount(exp.seat), player.stack)
            player.stack -= amount
            player.in_front += amount
            player.committed += amount
            return f"Seat {exp.seat} posts {amount}."
        if kind == "pitch":
            card = self.deck.take()
            self.players[exp.seat].cards.append(card)
            return f"Card to seat {exp.seat}."
        if kind == "burn":
            self.burns.append(self.deck.take())
            return "Burned."
        if kind == "deal_flop":
            self.board.extend(self.deck.take() for _ in range(3))
            self.flop_face_down = True
            return "Flop dealt face down."
        if kind == "turn_flop":
            self.flop_face_down = False
            return f"Flop: {format_cards(self.board)}."
        if kind == "deal_board":
            card = self.deck.take()
            self.board.append(card)
            return f"{exp.street.capitalize()}: {card}."
        if kind == "collect_bets":
            total = sum(p.in_front for p in self.players.values())
            for p in self.players.values():
                p.in_front = 0
            self.pot += total
            return f"{total} collected; the pot is {self.pot}."
        if kind == "award":
            pot = self.awards[self._pots_awarded]
            self._pots_awarded += 1
            for seat, chips in pot.returned.items():
                self.players[seat].stack += chips
            for seat, chips in pot.shares.items():
                self.players[seat].stack += chips
                self.awarded[seat] = self.awarded.get(seat, 0) + chips
            self.pot -= pot.amount + sum(pot.returned.values())
            self.explanations.extend(pot.explanation)
            if self._pots_awarded == len(self.awards):
                self.finished = True
            return " ".join(pot.explanation)
        raise AssertionError(kind)

    def autoplay(self, *, until_betting_on: str | None = None) -> "Hand":
        """Deal correctly to the end of the hand, or until the betting round
        of `until_betting_on` is about to open (for "who acts first" questions)."""
        self.pause_before_betting = until_betting_on
        while True:
            exp = self.expected()
            if exp is None or exp.kind == "_betting":
                break
            verdict = self.propose(Step(exp.kind, exp.seat, exp.seats))
            assert verdict.ok, verdict.message
        self.pause_before_betting = None
        return self

    def replay(self, steps) -> "Hand":
        """Apply accepted steps again (they are stored, the hand is not)."""
        for step in steps:
            verdict = self.propose(step)
            if not verdict.ok:
                raise ScenarioError(f"stored step {step} no longer fits this hand: {verdict.message}")
        return self

    # --- reading -----------------------------------------------------------------
    def view(self, reveal: bool = False) -> dict:
        """What a person at the table can see: face-down cards stay hidden
        unless `reveal` (the showdown), and the deck is only a count."""
        showdown = reveal or (self.expected() is not None and self.expected().kind == "award"
                              and len(self.live_seats()) > 1) or self.finished
        seats = []
        for seat in range(1, self.scenario.table_seats + 1):
            p = self.players.get(seat)
            if p is None:
                seats.append({"seat": seat, "empty": True})
                continue
            show = showdown and not p.folded
            seats.append({
                "seat": seat, "empty": False, "name": p.name, "stack": p.stack,
                "in_front": p.in_front, "folded": p.folded, "all_in": p.all_in,
                "button": seat == self.button, "won": self.awarded.get(seat, 0),
                "cards": [str(c) if show else None for c in p.cards],
            })
        return {
            "seats": seats, "button": self.button, "pot": self.pot,
            "board": [None if self.flop_face_down and i < 3 else str(c) for i, c in enumerate(self.board)],
            "burns": len(self.burns), "deck": len(self.deck), "log": list(self.log),
            "steps": self.step_count, "finished": self.finished,
            "explanations": list(self.explanations),
        }


@dataclass
class ActionResult:
    ok: bool
    message: str = ""
    chips: int = 0
    folded: bool = False
    description: str = ""


class ScriptedRound:
    """A betting round driven by the scenario's player decisions.

    Amounts are "to": `raise 8` makes the player's total bet this round 8.
    A bet or raise must be at least the previous bet or raise (6.5); a player
    may always go all in for less (6.15); table stakes (6.10) cap every bet
    at the chips in front of the player.
    """

    def __init__(self, order, stacks, in_front, big_blind, opener_rule):
        self.order = list(order)
        self.stacks = dict(stacks)
        self.in_front = {s: in_front.get(s, 0) for s in stacks}
        self.current = max(self.in_front.values(), default=0)
        self.min_raise = big_blind or 1
        self.pending = list(self.order)
        self.live = set(self.order)
        self.opener_rule = opener_rule

    @property
    def complete(self) -> bool:
        return not self.pending or len(self.live) < 2 and not self._owes_call()

    def _owes_call(self) -> bool:
        return any(self.in_front[s] < self.current for s in self.live)

    @property
    def to_act(self) -> int:
        return self.pending[0]

    def apply(self, seat: int, text: str) -> ActionResult:
        words = text.lower().split()
        if not words:
            return ActionResult(False, "an empty action")
        verb, amount = words[0], None
        if len(words) > 1:
            if not words[1].isdigit():
                return ActionResult(False, f"{words[1]!r} is not an amount of chips")
            amount = int(words[1])
        owed = self.current - self.in_front[seat]
        stack = self.stacks[seat]
        if verb == "fold":
            self._done(seat, raised=False)
            self.live.discard(seat)
            return ActionResult(True, folded=True, description="folds")
        if verb == "check":
            if owed:
                return ActionResult(False, f"cannot check facing a bet of {self.current} (8.1.2(d))")
            self._done(seat, raised=False)
            return ActionResult(True, description="checks")
        if verb == "call":
            chips = min(owed, stack)
            if not chips:
                return ActionResult(False, "nothing to call: check or bet")
            return self._put(seat, chips, raised=False,
                             description=f"calls {chips}" + (" and is all in" if chips == stack else ""))
        if verb == "all-in":
            amount = self.in_front[seat] + stack
            verb = "raise" if amount > self.current else "call"
            if verb == "call":
                return self._put(seat, stack, raised=False, description=f"calls {stack} and is all in")
        if verb in ("bet", "raise"):
            if amount is None:
                return ActionResult(False, f"{verb} needs an amount, e.g. '{verb} 10'")
            if verb == "bet" and self.current:
                return ActionResult(False, f"there is already a bet of {self.current}: call or raise (8.1.2)")
            if verb == "raise" and not self.current:
                return ActionResult(False, "there is no bet to raise: bet instead")
            chips = amount - self.in_front[seat]
            if chips > stack:
                return ActionResult(False, f"only {stack} chips are in play for this seat (6.10)")
            if amount - self.current < self.min_raise and chips < stack:
                return ActionResult(False, f"a {verb} must be at least the previous bet or raise of "
                                           f"{self.min_raise} (6.5)")
            if amount - self.current >= self.min_raise:
                self.min_raise = amount - self.current
            self.current = max(self.current, amount)
            word = "bets" if verb == "bet" else "raises to"
            return self._put(seat, chips, raised=True,
                             description=f"{word} {amount}" + (" and is all in" if chips == stack else ""))
        return ActionResult(False, f"{text!r} is not fold, check, call, bet N, raise N or all-in")

    def _put(self, seat, chips, raised, description) -> ActionResult:
        self.stacks[seat] -= chips
        self.in_front[seat] += chips
        self._done(seat, raised)
        return ActionResult(True, chips=chips, description=description)

    def _done(self, seat: int, raised: bool) -> None:
        if raised:
            i = self.order.index(seat)
            after = self.order[i + 1:] + self.order[:i]
            self.pending = [s for s in after if s in self.live and self.stacks[s] > 0]
        else:
            self.pending = [s for s in self.pending if s != seat]
        self.pending = [s for s in self.pending if self.stacks[s] > 0 and s in self.live]
