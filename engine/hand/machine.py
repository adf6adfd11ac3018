"""One hand of any game, as the ordered dealer steps a trainee must perform.

The machine reads a game declaration (engine/games/registry.py) and keeps an agenda
of what the dealer does next: move the button, collect antes and blinds,
pitch cards down or up, deal the Kitty, burn, deal and turn flops, deal
community and common cards, take discards, replace them from the stub,
reshuffle, name the stud opener, collect bets, take the commission where
the hand takes one (section 7) and award each pot. Player
decisions (bets, draws, discards, taking the Kitty) come from the scenario,
or from a `decide` callable, and are applied between dealer steps.
`propose(step)` checks a dealer step: a right one is applied, a wrong one is
explained with the rule it breaks and changes nothing.

`Hand` is the agenda and two tables: `STEPS` (each dealer step -> its handler)
and `MARKERS` (each decision point -> what it plays). The handlers are the
functions of the parts' modules (forced_bets, dealing, betting_rounds,
calling, draws, kitty, awarding, rake), each given the hand's state
(engine.hand.state.HandState) as its first argument.

Player decisions in a scenario, in the order the players make them:
betting `fold`, `check`, `call`, `bet N`, `raise N` (to N), `all-in`,
`bring-in` (the stud opener's forced bet of the table minimum), `take kitty`;
draws `draw N`, `stand pat`, `discard Ah 7c` (those cards) or `discard #1 #4`
(by position, first card dealt = #1); Pineapple `discard Xx` or `discard #N`.
"""
from __future__ import annotations

from typing import Callable

from engine.games.parts import Discard, Draw, Game
from engine.games.registry import get_game, with_post_draw_opener
from engine.hand import awarding, betting_rounds, calling
from engine.hand.awarding import award_refusal, schedule_showdown, step_award
from engine.hand.betting_rounds import (end_round, name_opener, open_round, play_betting, step_collect_bets,
                                        step_name_opener, step_return_uncalled)
from engine.hand.calling import ruling_refusal, step_rule_on_action
from engine.hand.dealing import (STEP_KINDS, schedule_street, step_burn, step_deal_board, step_deal_common,
                                 step_deal_flop, step_pitch, step_replace, step_reshuffle, step_take_discard,
                                 step_turn_flop)
from engine.hand.draws import discard_decision, draw_decision
from engine.hand.forced_bets import schedule_forced_bets, step_collect_antes, step_move_button, step_post_blind
from engine.hand.kitty import step_deal_kitty, step_give_kitty, step_muck_kitty
from engine.hand.players import Decide, ScriptedPlayers
from engine.hand.rake import step_take_rake
from engine.hand.scenario import Scenario
from engine.hand.state import HandState, Marker, Player, seat_orders
from engine.house import HouseFileError, earlier_house, get_house
from engine.procedure import Procedure
from engine.steps import HINTS, STEP_LABELS, Done, Expected, ScenarioError, Step, Verdict

__all__ = ["Hand", "SEAT_STEPS", "SEAT_TOOLS", "TABLE_ACTIONS"]

SEAT_STEPS = {"move_button", "post_blind", "pitch", "pitch_up", "name_opener", "take_discard",
              "replace", "give_kitty", "return_uncalled"}
# Display order for the table cell: tools applied to a seat, then table actions.
SEAT_TOOLS = ("move_button", "post_blind", "pitch", "pitch_up", "name_opener", "take_discard",
              "replace", "give_kitty", "return_uncalled")
TABLE_ACTIONS = ("collect_antes", "burn", "deal_flop", "turn_flop", "deal_board", "deal_kitty",
                 "muck_kitty", "reshuffle", "deal_common", "collect_bets", "take_rake")


class Hand(HandState, Procedure):
    """A hand in progress. Build with `Hand(scenario)`; drive with `propose`.

    `decide(hand, decision) -> str` supplies player decisions once the
    scenario's `actions` run out (random play, engine.hand.players.RandomPlayer)."""

    kind = "poker"
    noun = "hand"
    cell_template = "trainee/lessons/_table_cell.html"
    layout = "seats"
    place, places = "seat", "seats"
    labels = STEP_LABELS
    hint_texts = HINTS
    seat_steps = frozenset(SEAT_STEPS)
    seats_steps = frozenset({"award"})
    choice_steps = frozenset({"rule_on_action"})

    def __init__(self, scenario: Scenario, decide: Decide | None = None):
        self.scenario = scenario
        try:
            self.house = get_house(scenario.house)
            self.game = get_game(scenario.game, getattr(self.house, "rulebook", "main"))
        except (KeyError, HouseFileError) as exc:
            raise ScenarioError(exc.args[0]) from None
        if not isinstance(self.game, Game):
            raise ScenarioError(f"{getattr(self.game, 'title', scenario.game)} is not dealt as a poker "
                                "hand here: it has its own dealer procedure")
        self.game = with_post_draw_opener(self.game, self.house.post_draw_opener)
        if scenario.deck is None:
            # A copy with the deck filled in (what copy.copy does, without its protocol).
            filled = object.__new__(type(scenario))
            filled.__dict__.update(scenario.__dict__)
            filled.deck = next(iter(self.game.max_players))
            self.scenario = scenario = filled
        self.decide = decide
        self.blind_amounts = self._resolve_blinds()
        self.ante = self._resolve_ante()
        self.structure = self._resolve_structure()
        self.commission = self._resolve_commission()
        self._check_scenario()
        self.players = {s: Player(s, n, c) for s, (n, c) in sorted(scenario.seats.items())}
        self._clockwise = seat_orders(scenario.table_seats, scenario.seats)
        self._uses_button = self.game.uses_button
        self.deck = self.build_deck(scenario.seed, self.deck_size, scenario.stack)
        self.button = None
        self.burns = []
        self.taken = []
        self.boards = [[] for _ in range(self.game.board_count)]
        self.board = self.boards[0]
        self.face_down = set()
        self.kitty = [] if self.game.has_kitty else None
        self.kitty_taken_by = None
        self.muck = []
        self.pot = 0
        self.awarded = {}
        self.explanations = []
        self.log = []
        self.step_count = 0
        self.finished = False
        self.awards = []
        self.showdown_pots = []
        self.uncalled_lines = []
        self.returned = {}
        self.rake = 0
        self.rake_lines = []
        self._fees = {}
        self.pause_before_betting = None
        self._script = ScriptedPlayers(scenario.actions, decide)
        self._actions = self._script.actions         # the scenario's decisions not yet played
        self.played_actions = self._script.played
        self._agenda = []
        self._street_index = -1
        self._round = None
        self._round_street = None
        self._opened = False
        self._kitty_pending = None
        self._draw_number = 0
        self._reshuffles = 0
        self._pots_awarded = 0
        self._last_blind_seat = None
        self._posted_blinds = {}
        self._dead_posts = {}
        self._ruling_effect = None
        self._binding = {}
        self._short_bets = {}
        self._opener_memo = None
        self.last_wager = None
        if self.game.uses_button:
            after = self._next_seat(scenario.button_was)
            if scenario.button is None or scenario.button == after:
                self._agenda.append(_move_button(self.game, after))
            else:
                self._agenda.append(Expected(
                    "move_button", "8.2.6", f"The button goes to seat {scenario.button}, where the blinds "
                    "put it this hand: the big blind moves to the next player due, and the button and "
                    "small blind may fall in front of an empty seat or a player not dealt in (8.2.6, "
                    "1.1 Dead button)", seat=scenario.button))
        else:
            schedule_forced_bets(self)

    # --- the agenda -------------------------------------------------------------
    def expected(self) -> Expected | None:
        """The dealer step due now; None when the hand is over, or paused
        before a betting round (`autoplay(until_betting_on=...)`)."""
        agenda = self._agenda
        if agenda and isinstance(agenda[0], Expected):
            return agenda[0]         # a dealer step is due: nothing to play first
        self._advance()
        head = agenda[0] if agenda else None
        return head if isinstance(head, Expected) else None

    def _advance(self) -> None:
        """Fill the agenda: play player decisions, expand streets."""
        agenda = self._agenda
        streets = self.game.streets
        while not self.finished:
            if agenda:
                head = agenda[0]
                if isinstance(head, Expected):
                    return
                if head.kind == "_betting" and head.street == self.pause_before_betting:
                    return
                del agenda[0]
                MARKERS[head.kind](self, head)
                continue
            if self._street_index + 1 >= len(streets):
                schedule_showdown(self)
                continue
            live = self.live_seats()
            if len(live) == 1:
                schedule_showdown(self)
                continue
            self._street_index += 1
            schedule_street(self, streets[self._street_index], live)

    # --- what each agenda marker plays (MARKERS) ---------------------------------
    def _run_betting(self, marker: Marker) -> None:
        if open_round(self, self._current_street()):
            play_betting(self)
        elif any(p.in_front for p in self.players.values()):
            end_round(self, self._current_street())

    def _run_resume(self, marker: Marker) -> None:
        play_betting(self)

    def _run_opener(self, marker: Marker) -> None:
        name_opener(self, self._current_street())

    def _run_draw(self, marker: Marker) -> None:
        assert marker.seat is not None and isinstance(marker.op, Draw)
        if not self.players[marker.seat].folded:
            draw_decision(self, marker.seat, marker.op)

    def _run_discard(self, marker: Marker) -> None:
        assert marker.seat is not None and isinstance(marker.op, Discard)
        if not self.players[marker.seat].folded:
            discard_decision(self, marker.seat, marker.op)


    # --- proposals ----------------------------------------------------------------
    def _refusal(self, step: Step, exp: Expected | None) -> Verdict | None:
        if exp is None and not self.finished:
            return Verdict(False, f"The hand is paused before the {self.pause_before_betting} betting "
                                  "round.", "")
        if exp is None:
            return Verdict(False, "The hand is over: the pot has been awarded.", "")
        kind = step.kind
        if kind != exp.kind:        # (the step due is always a dealer step)
            if kind not in STEP_LABELS:
                return Verdict(False, f"{kind!r} is not a dealer step.", "")
            return Verdict(False, f"Not now. {exp.why}.", exp.rule)
        if kind == "rule_on_action":
            return ruling_refusal(self, step, exp)
        if kind in SEAT_STEPS and step.seat != exp.seat:
            if step.seat not in self.players:
                return Verdict(False, f"Seat {step.seat} is empty. {exp.why}.", exp.rule)
            return Verdict(False, f"Not seat {step.seat}. {exp.why}.", exp.rule)
        if kind == "award" and tuple(sorted(step.seats)) != exp.seats:
            return award_refusal(self, tuple(sorted(step.seats)), exp)
        return None

    def propose(self, step: Step) -> Verdict:
        """`Procedure.propose` in one call, as a trainee's click makes it: the
        step due read off the agenda, a step of its kind and seat taken as
        right without `_refusal` (which accepts it: rulings and awards are
        always checked there), applied by its handler, and the players'
        decisions played only when the next entry is not a dealer step."""
        agenda = self._agenda
        exp = agenda[0] if agenda else None
        if not isinstance(exp, Expected):
            exp = self.expected()
        if exp is None or (step is not exp._step and (
                step.kind != exp.kind or step.seat != exp.seat or exp.kind in _ALWAYS_CHECKED)):
            refusal = self._refusal(step, exp)
            if refusal is not None:
                return self._refused(refusal, exp, step)
            assert exp is not None
        del agenda[0]
        done = STEPS[exp.kind](self, exp)
        self.step_count += 1
        if not agenda or not isinstance(agenda[0], Expected):
            self._advance()
        return Verdict(True, done.message, exp.rule, done.dealt)

    def _perform(self) -> Done:
        exp = self._agenda.pop(0)
        assert isinstance(exp, Expected)
        return STEPS[exp.kind](self, exp)

    def earlier_rules(self) -> Hand | None:
        """This hand dealt afresh as the engine dealt it before a change, for
        steps stored before it: first with the uncalled bet brought in with
        the bets and handed back at the award (before it became its own
        step), then that under the house's earlier defaults too (the main
        pot awarded first). Procedure.replay_stored tries each in turn."""
        if self.returns_uncalled:
            hand = Hand(self.scenario, self.decide)
            hand.house = self.house
            hand.returns_uncalled = False
            return hand
        earlier = earlier_house(self.house)
        if earlier is None:
            return None
        hand = Hand(self.scenario, self.decide)
        hand.house = earlier
        hand.returns_uncalled = False
        return hand

    def autoplay(self, *, until_betting_on: str | None = None) -> Hand:
        """Deal correctly to the end of the hand, or until the betting round
        of `until_betting_on` is about to open (for "who acts first"
        questions). A paused hand stays paused, so reading it (`view`) plays
        no decision of that round; set `pause_before_betting = None` to go on."""
        self.pause_before_betting = until_betting_on
        return super().autoplay()

    def step_kinds(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(seat tools, table actions) this hand can call for, in display order."""
        kinds = {"collect_bets", "award"}
        if self.returns_uncalled:
            kinds.add("return_uncalled")
        game = self.game
        if self.takes_rake():
            kinds.add("take_rake")
        if game.uses_button:
            kinds.add("move_button")
        if self.blind_amounts:
            kinds.add("post_blind")
        if self.ante or any(self.scenario.seat_antes.values()):
            kinds.add("collect_antes")
        if game.stub_short:
            kinds |= {"reshuffle", "deal_common"}
        for street in game.streets:
            for op in street.deal:
                kinds |= STEP_KINDS[type(op)](op)
            if street.betting and street.betting.opener in ("bring_in", "best_showing"):
                kinds.add("name_opener")
        return (tuple(k for k in SEAT_TOOLS if k in kinds), tuple(k for k in TABLE_ACTIONS if k in kinds))

    # --- what the webapp, questions and tests read, and the parts' calls back -----------
    def acting_order(self, street_name: str) -> list[int]:
        """Live seats in the order they act on `street_name` (engine.hand.betting_rounds)."""
        return betting_rounds.acting_order(self, street_name)

    def first_to_act(self, street_name: str) -> int:
        return betting_rounds.first_to_act(self, street_name)

    def ruling_prompt(self) -> dict[str, object] | None:
        """The ruling due now, its choices but never which is right (engine.hand.calling)."""
        return calling.ruling_prompt(self)

    def _sync(self, seat: int) -> None:
        betting_rounds.sync(self, seat)

    def _apply_bet(self, seat: int, text: str) -> bool:
        return betting_rounds.apply_bet(self, seat, text)

    def readings(self) -> dict[int, str]:
        """Each live player's hand in words, at a showdown (empty if none)."""
        return awarding.readings(self)

    def pots_on_table(self) -> list[dict[str, object]]:
        """The pots built, once the awards begin and only when there are several (engine.hand.awarding)."""
        return awarding.pots_on_table(self)

    @property
    def flop_face_down(self) -> bool:
        return 0 in self.face_down

    def view(self, reveal: bool = False) -> dict[str, object]:
        """What a person at the table can see: face-down cards stay hidden
        unless `reveal` (the showdown), up-cards show, and the deck is only a count."""
        exp = self.expected()
        showdown = reveal or (exp is not None and exp.kind == "award"
                              and len(self.live_seats()) > 1) or self.finished
        seats: list[dict[str, object]] = []
        # Where the button was last hand, marked until it is moved: the first
        # step (placing the button for this hand) is read from the table, never guessed (issue 29).
        was = self.scenario.button_was if self._uses_button else None
        marked = was if self.button is None else None
        for seat in range(1, self.scenario.table_seats + 1):
            p = self.players.get(seat)
            if p is None and seat in self.scenario.out:
                # Seated but not dealt in this hand (engine.down: waiting, 8.2.3-8.2.7).
                name, chips = self.scenario.out[seat]
                seats.append({"seat": seat, "empty": False, "out": True, "name": name, "stack": chips,
                              "in_front": 0, "folded": True, "all_in": False, "button": seat == self.button,
                              "button_was": seat == marked, "won": 0, "cards": [], "up": []})
                continue
            if p is None:
                seats.append({"seat": seat, "empty": True, **({"button_was": True} if seat == marked else {})})
                continue
            show = showdown and not p.folded
            seats.append({
                "seat": seat, "empty": False, "name": p.name, "stack": p.stack,
                "in_front": p.in_front, "folded": p.folded, "all_in": p.all_in,
                "button": seat == self.button, "button_was": seat == marked, "won": self.awarded.get(seat, 0),
                "cards": [str(c) if show or (up and not p.folded) else None for c, up in zip(p.cards, p.up)],
                "up": list(p.up),
            })
        boards = [[None if b in self.face_down and i < 3 else str(c) for i, c in enumerate(cards)]
                  for b, cards in enumerate(self.boards)]
        discards = self.game.has_discards
        pots = self.pots_on_table()      # only with several pots: a one-pot hand views as before
        return {
            "game": self.game.name, "title": self.game.title,
            "seats": seats, "button": self.button, "button_was": was, "pot": self.pot, **({"pots": pots} if pots else {}),
            "commission": self.rake if self.takes_rake() else None,
            "board": boards[0], "boards": boards,
            "kitty": None if self.kitty is None else [None] * len(self.kitty),
            "muck": len(self.muck) if discards or self.kitty is not None else None,
            "burns": len(self.burns), "deck": len(self.deck), "log": list(self.log),
            "steps": self.step_count, "finished": self.finished,
            "explanations": list(self.explanations),
        }


def _move_button(game: Game, seat: int) -> Expected:
    """The first step of a hand with a button, made once per game and seat
    (an Expected never changes, see engine.steps)."""
    kept = _MOVES.get((id(game), seat))
    if kept is None or kept[0] is not game:
        kept = _MOVES[(id(game), seat)] = (game, Expected(
            "move_button", game.button_rule,
            f"The button moves one seat clockwise to the next player before the deal "
            f"({game.button_rule}; 1.1 Button)", seat=seat))
    return kept[1]


# (id(game), seat) -> (game, its move_button step)
_MOVES: dict[tuple[int, int], tuple[Game, Expected]] = {}


# Steps `_refusal` checks beyond their kind and seat: the ruling chosen, the seats awarded.
_ALWAYS_CHECKED = frozenset({"rule_on_action", "award"})

# Each agenda marker -> the players' decisions it plays.
MARKERS: dict[str, Callable[[Hand, Marker], None]] = {
    "_betting": Hand._run_betting,
    "_resume": Hand._run_resume,
    "_opener": Hand._run_opener,
    "_draw": Hand._run_draw,
    "_discard": Hand._run_discard,
}

# Each dealer step -> what doing it changes at the table.
STEPS: dict[str, Callable[[Hand, Expected], Done]] = {
    "move_button": step_move_button,
    "collect_antes": step_collect_antes,
    "post_blind": step_post_blind,
    "pitch": step_pitch,
    "pitch_up": step_pitch,
    "burn": step_burn,
    "deal_flop": step_deal_flop,
    "turn_flop": step_turn_flop,
    "deal_board": step_deal_board,
    "deal_common": step_deal_common,
    "take_discard": step_take_discard,
    "replace": step_replace,
    "reshuffle": step_reshuffle,
    "deal_kitty": step_deal_kitty,
    "give_kitty": step_give_kitty,
    "muck_kitty": step_muck_kitty,
    "name_opener": step_name_opener,
    "return_uncalled": step_return_uncalled,
    "collect_bets": step_collect_bets,
    "take_rake": step_take_rake,
    "award": step_award,
    "rule_on_action": step_rule_on_action,
}
