"""Casino Hold'em's round: `CasinoRound` turns the game's declaration
(engine/casino/game.py, where its rules and the trainer's paragraph numbers
"CH ¶n" are described) into the dealer steps a trainee performs, with the
players' decisions (wagers placed, call or fold) from the scenario
(engine/casino/scenario.py) applied between them, as engine/hand/machine.py does for
the poker games; then it settles every box from the last one by the house's
pay table (engine/casino/paytable.py) and table maximum.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.cards.deck import Card, format_cards
from engine.cards.rankings import HandValue
from engine.casino.boxes import Box, BoxSettlement, _best_high, _Item
from engine.casino.game import (CASINO_HOLDEM, DEFAULT_CHIPS, HINTS, WRONG_BOX, SEAT_STEPS, SEATS_STEPS,
                                STEP_LABELS, Announce, DealBoard, DealFlop, DealHands, Decisions, PassCards,
                                Phase, Qualify, RevealDealer, Settle, Wagers)
from engine.casino.paytable import check_paytable
from engine.casino.scenario import CasinoScenario
from engine.house import HouseRules, get_house
from engine.procedure import Procedure
from engine.steps import Dealt, Done, Expected, ScenarioError, Step, Verdict

__all__ = ["CasinoRound"]

_CHOICES = ({"pay_box", "take_box", "push_box"}, {"pay_bonus", "take_bonus"},
            {"dealer_qualifies", "dealer_does_not_qualify"})
_SETTLING = _CHOICES[0] | _CHOICES[1]
# Agenda entries that are the players' decisions, not dealer steps ("_" kinds).
_DECISIONS = frozenset({"_wagers", "_decide"})

# Phases whose agenda entries depend only on the phase, and those that depend
# on the boxes in play too (and the house's way of dealing): both are worked
# out once and their entries shared by every round (nothing changes an entry).
# The dealer's qualifying and the settlement read the cards: made afresh.
_SAME_EVERY_ROUND = frozenset({Wagers, Announce, DealFlop, DealBoard, RevealDealer})
_SAME_FOR_THE_BOXES = frozenset({DealHands, PassCards, Decisions})
_PHASE_PLANS: dict[tuple[object, ...], tuple[Phase, tuple[_Item, ...]]] = {}


# A house's pay table as given (its entries in order) -> the checked table:
# every round reads it, and the check builds the whole table afresh.
_PAYTABLES: dict[tuple[tuple[object, object], ...], dict[str, int]] = {}


def _paytable(value: object) -> dict[str, int]:
    """`check_paytable(value)`, kept per table (a copy each time: the round owns it)."""
    if not isinstance(value, dict):
        return check_paytable(value)
    try:
        key = tuple(value.items())
        kept = _PAYTABLES.get(key)
    except TypeError:            # an unhashable entry: check_paytable names it
        return check_paytable(value)
    if kept is None:
        kept = _PAYTABLES[key] = check_paytable(value)
    return dict(kept)


class CasinoRound(Procedure):
    """A round in progress. Build with `CasinoRound(scenario)`; drive with `propose`."""

    kind = "casino"
    noun = "round"
    cell_template = "trainee/lessons/_casino_cell.html"
    layout = "boxes"
    place, places = "box", "boxes"
    labels = STEP_LABELS
    hint_texts = HINTS
    wrong_place_texts = WRONG_BOX
    seat_steps = frozenset(SEAT_STEPS)
    seats_steps = frozenset(SEATS_STEPS)

    def __init__(self, scenario: CasinoScenario):
        self.scenario = scenario
        self.game = CASINO_HOLDEM
        try:
            self.house: HouseRules = (scenario.house if isinstance(scenario.house, HouseRules)
                                      else get_house(scenario.house))
        except KeyError as exc:
            raise ScenarioError(exc.args[0]) from None
        try:
            self.paytable = _paytable(self.house.casino_holdem_paytable)
        except ValueError as exc:
            raise ScenarioError(f"house {self.house.name!r}: casino_holdem_paytable: {exc}") from None
        self.boxes: dict[int, Box] = {}
        self.players: dict[str, int] = {}
        self._times = self._read_call_times()    # the call, in antes (CH ¶7): read once per round
        self._check_scenario()
        self.bank = scenario.bank
        self.deck = self.build_deck(scenario.seed, self.game.deck, scenario.stack)
        self.dealer: list[Card] = []
        self.dealer_revealed = False
        self.dealer_hand: HandValue | None = None
        self.qualifies: bool | None = None
        self.board: list[Card] = []
        self.muck: list[Card] = []
        self.log: list[str] = []
        self.explanations: list[str] = []
        self.settlement: list[BoxSettlement] = []
        self.step_count = 0
        self.finished = False
        self.no_more_bets = False
        self._agenda: list[_Item] = []
        self._phase = -1
        self._paid: dict[int | str, int] = {}
        self._hands: dict[tuple[Card | None, ...], HandValue] = {}
        self._advance()     # the players' wagers are on the layout before the first step

    # --- set-up -----------------------------------------------------------
    def _check_scenario(self) -> None:
        sc = self.scenario
        open_box: dict[str, int] = {}
        for box, (name, ante, bonus) in sorted(sc.boxes.items()):
            if not 1 <= box <= self.game.max_boxes:
                raise ScenarioError(f"box {box} is not at the table: boxes 1 to "
                                    f"{self.game.max_boxes} (CH ¶1)")
            blind = name in open_box
            if blind and ante != sc.boxes[open_box[name]][1]:
                raise ScenarioError(f"box {box} is {name}'s blind box: its ante must equal the open "
                                    f"box {open_box[name]}'s ante of {sc.boxes[open_box[name]][1]}, "
                                    f"not {ante} (CH ¶2)")
            open_box.setdefault(name, box)
            lowest = self.house.lowest_chip
            if ante % lowest or bonus % lowest:
                raise ScenarioError(f"box {box}: wagers must be whole chips of {lowest} (8.1.5)")
            self.boxes[box] = Box(box, name, ante, bonus, blind)
        for box, word in sc.decisions.items():
            if box not in self.boxes:
                raise ScenarioError(f"decisions: box {box} has no wager, so no decision (CH ¶1)")
            if self.boxes[box].blind and word != "call":
                raise ScenarioError(f"decisions: box {box} is {self.boxes[box].name}'s blind box; its "
                                    f"call is placed before the deal and it cannot fold (CH ¶2)")
        for b in self.boxes.values():
            if not b.blind and b.box not in sc.decisions:
                raise ScenarioError(f"decisions: box {b.box} ({b.name}) needs \"call\" or \"fold\" "
                                    "(CH ¶3)")
        for name in sc.chips:
            if name not in open_box:
                raise ScenarioError(f"chips: {name} plays no box")
        times = self._call_times()
        for name in open_box:
            chips = sc.chips.get(name, DEFAULT_CHIPS)
            need = sum(b.ante + b.bonus + (times * b.ante if b.blind or sc.decisions.get(b.box) == "call"
                                            else 0)
                       for b in self.boxes.values() if b.name == name)
            if chips < need:
                raise ScenarioError(f"{name} has {chips} chips but the boxes, bonuses and calls "
                                    f"need {need} (CH ¶1, ¶2, ¶7)")
            self.players[name] = chips
        self.check_stack(sc.stack, self.game.deck)

    def _call_times(self) -> int:
        return self._times

    def _read_call_times(self) -> int:
        return next(p.call_times_ante for p in self.game.procedure if isinstance(p, Decisions))

    def _high(self, cards: list[Card], board: list[Card]) -> HandValue:
        """The best high hand of these cards and board, kept for the round: the
        settlement reads each box once, and its view again on every request."""
        key = (*cards, None, *board)
        hand = self._hands.get(key)
        if hand is None:
            hand = self._hands[key] = _best_high(cards, board)
        return hand

    def boxes_in_play(self) -> list[int]:
        return [b for b in sorted(self.boxes) if self.boxes[b].in_play]

    def chips_total(self) -> int:
        """Bank, players and the layout together: the same from start to end."""
        return self.bank + sum(self.players.values()) + sum(b.on_layout for b in self.boxes.values())

    # --- the agenda ---------------------------------------------------------------
    def expected(self) -> Expected | None:
        agenda = self._agenda
        if agenda and agenda[0].exp.kind not in _DECISIONS:
            return agenda[0].exp     # a dealer step is due: nothing to apply first
        self._advance()
        return agenda[0].exp if agenda else None

    def _advance(self) -> None:
        """Apply the scenario's player decisions and expand the next phase."""
        agenda = self._agenda
        while not self.finished:
            if agenda:
                exp = agenda[0].exp
                if exp.kind not in _DECISIONS:      # a dealer step is due
                    return
                del agenda[0]
                self._player_decision(exp)
                continue
            self._phase += 1
            if self._phase >= len(self.game.procedure):
                self.finished = True
                return
            self._schedule(self.game.procedure[self._phase])

    def _add(self, kind: str, rule: str, why: str, *, seat: int | None = None,
             seats: tuple[int, ...] = (), street: str = "", detail: str = "") -> None:
        self._agenda.append(_Item(Expected(kind, rule, why, seat=seat, seats=tuple(seats),
                                           street=street), detail=detail))

    def _schedule(self, phase: Phase) -> None:
        try:
            handler = PHASES[type(phase)]
        except KeyError:
            raise AssertionError(f"no schedule for {phase!r}") from None
        key = self._plan_key(phase)
        kept = _PHASE_PLANS.get(key) if key is not None else None
        if kept is not None and kept[0] is phase:
            self._agenda.extend(kept[1])
            return
        start = len(self._agenda)
        handler(self, phase)
        if key is not None:
            _PHASE_PLANS[key] = (phase, tuple(self._agenda[start:]))

    def _plan_key(self, phase: Phase) -> tuple[object, ...] | None:
        """What a phase's entries depend on (see _PHASE_PLANS); None: made afresh."""
        if type(phase) in _SAME_EVERY_ROUND:
            return (id(phase),)
        if type(phase) in _SAME_FOR_THE_BOXES:
            return (id(phase), self.house.casino_holdem_deal,
                    *[(n, b.blind) for n, b in sorted(self.boxes.items()) if b.in_play])
        return None

    # --- what each phase of the declaration puts on the agenda (PHASES) ------------
    def _schedule_wagers(self, phase: Wagers) -> None:
        self._add("_wagers", phase.rule, "", street="bets")

    def _schedule_announce(self, phase: Announce) -> None:
        self._add(phase.kind, phase.rule, phase.why, street="bets")

    def _schedule_flop(self, phase: DealFlop) -> None:
        self._add("deal_flop", phase.rule,
                  f"Deal {phase.count} cards face up from the top of the deck to the centre of "
                  f"the layout: the flop ({phase.rule})", street="flop")

    def _schedule_pass(self, phase: PassCards) -> None:
        open_boxes = tuple(b for b in self.boxes_in_play() if not self.boxes[b].blind)
        blind = [b for b in self.boxes_in_play() if self.boxes[b].blind]
        self._add("pass_cards", phase.rule,
                  "Pass each open box's cards to its player, who may now look and decide "
                  f"({phase.rule})" + (f"; blind box{'es' if len(blind) > 1 else ''} "
                                       f"{', '.join(map(str, blind))} stay face down until the "
                                       "settlement (CH ¶2)" if blind else ""),
                  seats=open_boxes, street="flop")

    def _schedule_decisions(self, phase: Decisions) -> None:
        for b in self.boxes_in_play():
            if not self.boxes[b].blind:
                self._add("_decide", phase.rule, "", seat=b, street="decisions")

    def _schedule_board(self, phase: DealBoard) -> None:
        for street in phase.streets:
            self._add("deal_board", phase.rule,
                      f"All decisions are made: deal the {street} face up from the top of the "
                      f"deck ({phase.rule}; the two cards after the flop)", street=street)

    def _schedule_reveal(self, phase: RevealDealer) -> None:
        self._add("reveal_dealer", phase.rule,
                  f"The board is complete: turn the dealer's two cards face up ({phase.rule})",
                  street="showdown")

    def _schedule_deal(self, phase: DealHands) -> None:
        boxes = self.boxes_in_play()
        if self.house.casino_holdem_deal == "two_at_once":
            order = [b for b in boxes for _ in range(phase.cards)] + [None] * phase.cards
            how = (f"{phase.cards} cards face down to each box in turn from box 1, then "
                   f"{phase.cards} to the dealer ({phase.rule}; house: two at once)")
        else:
            order = (boxes + [None]) * phase.cards
            how = (f"cards go face down one at a time to each box in turn from box 1, then to the "
                   f"dealer, {phase.cards} times round ({phase.rule}; one at a time as 8.1.4)")
        for box in order:
            if box is None:
                self._add("pitch_dealer", phase.rule, f"The dealer's card is next: {how}",
                          street="deal")
            else:
                self._add("pitch", phase.rule, f"Box {box} is next: {how}", seat=box, street="deal")

    def _schedule_qualify(self, phase: Qualify) -> None:
        q = self.game.dealer_qualifier
        hand = self.dealer_hand
        assert hand is not None
        self.qualifies = q.met(hand)
        kind = "dealer_qualifies" if self.qualifies else "dealer_does_not_qualify"
        verdict = ("so the dealer qualifies" if self.qualifies
                   else "so the dealer does not qualify: no call is paid and every ante is paid "
                        "by the pay table (CH ¶12)")
        detail = (f"The dealer's best five of seven is {hand.describe()}; {q.words} qualifies "
                  f"({q.rule}), {verdict}")
        self._add(kind, phase.rule, detail, street="showdown", detail=detail)

    # --- player decisions (from the scenario) ---------------------------------------
    def _player_decision(self, exp: Expected) -> None:
        if exp.kind == "_wagers":
            times = self._call_times()
            for b in sorted(self.boxes.values(), key=lambda b: b.box):
                stake = b.ante + b.bonus
                words = f"places ante {b.ante}" + (f" and bonus {b.bonus}" if b.bonus else "")
                if b.blind:
                    b.call = times * b.ante
                    stake += b.call
                    words += f", and the call {b.call} before the deal: a blind box (CH ¶2)"
                else:
                    words += " (CH ¶1)"
                b.layout.update(ante=b.ante, bonus=b.bonus, call=b.call)
                self.players[b.name] -= stake
                self.log.append(f"Box {b.box} ({b.name}) {words}")
            return
        if exp.kind == "_decide":
            assert exp.seat is not None
            b = self.boxes[exp.seat]
            b.decision = self.scenario.decisions[b.box]
            if b.decision == "call":
                b.call = b.layout["call"] = self._call_times() * b.ante
                self.players[b.name] -= b.call
                self.log.append(f"Box {b.box} ({b.name}) calls: {b.call} in the Call box, twice the "
                                "ante (CH ¶7)")
            else:
                b.folded = True
                self.log.append(f"Box {b.box} ({b.name}) folds and passes the cards (CH ¶6)")
                self._schedule_fold(b)
            return
        raise AssertionError(exp.kind)

    def _schedule_fold(self, b: Box) -> None:
        plan = BoxSettlement(b.box, b.name, b.blind, "fold", None, b.ante, 0, b.bonus)
        items = []
        bonus_words = ""
        if b.bonus and self.house.casino_holdem_bonus_on_fold == "settled":
            b.opened = True
            items.append(self._bonus_item(b, plan, last=False, street="decisions",
                                          first=f"Box {b.box} ({b.name}) folded, but the house "
                                                "settles its bonus first (house rule; CH ¶4)"))
        elif b.bonus:
            plan.bonus_result = "lose"
            bonus_words = (f" and its bonus {b.bonus}, lost with the fold (published standard; CH ¶6 "
                           "names only the ante)")
        why = (f"Box {b.box} ({b.name}) folded: collect the cards and the ante {b.ante}, which is "
               f"forfeited (CH ¶6){bonus_words}")
        plan.lost += b.ante + (b.bonus if bonus_words else 0)
        plan.lines.insert(0, f"Box {b.box} ({b.name}) folded: ante {b.ante} forfeited (CH ¶6)"
                             + (f"; bonus {b.bonus} lost with it (published standard)"
                                if bonus_words else ""))
        items.append(_Item(Expected("collect_fold", "CH ¶6", why, seat=b.box, street="decisions"),
                           plan=plan, last=True))
        self._agenda[0:0] = items

    # --- settlement -------------------------------------------------------------------
    def _pay(self, b: Box, due: int, plan: BoxSettlement) -> int:
        """Winnings after the table maximum (CH ¶13), counted per box or per player."""
        key = b.box if self.house.casino_holdem_max_payout_per == "box" else b.name
        room = max(self.house.casino_holdem_max_payout - self._paid.get(key, 0), 0)
        paid = min(due, room)
        self._paid[key] = self._paid.get(key, 0) + paid
        plan.withheld += due - paid
        return paid

    def _cap_words(self, b: Box) -> str:
        scope = ("for one box" if self.house.casino_holdem_max_payout_per == "box"
                 else f"for all of {b.name}'s boxes together")
        return f"the table maximum payout of {self.house.casino_holdem_max_payout} {scope} (CH ¶13)"

    def _bonus_item(self, b: Box, plan: BoxSettlement, last: bool, street: str, first: str) -> _Item:
        q = self.game.bonus_hand
        five = self._high(b.cards, self.board[:3])
        plan.bonus_result = "win" if q.met(five) else "lose"
        if plan.bonus_result == "win":
            due = b.bonus * self.game.bonus_odds
            plan.bonus_won = self._pay(b, due, plan)
            plan.returned += b.bonus
            line = (f"Box {b.box} bonus: the two cards and the flop make {five.describe()}, "
                    f"{q.words}: bonus {b.bonus} paid {self.game.bonus_odds} to 1 = {due} "
                    f"({self.game.bonus_rule})")
            if plan.bonus_won < due:
                line += f"; only {plan.bonus_won} paid under {self._cap_words(b)}"
            kind = "pay_bonus"
        else:
            plan.lost += b.bonus
            line = (f"Box {b.box} bonus: the two cards and the flop make only {five.describe()}, "
                    f"below {q.words}: bonus {b.bonus} lost ({self.game.bonus_rule})")
            kind = "take_bonus"
        plan.lines.append(line)
        detail = f"{first}. {line}"
        return _Item(Expected(kind, self.game.bonus_rule, detail, seat=b.box, street=street),
                     detail=detail, plan=plan, last=last)

    def _schedule_settlement(self, phase: Settle) -> None:
        dealer = self.dealer_hand
        assert dealer is not None
        for box in reversed(self.boxes_in_play()):
            b = self.boxes[box]
            hand = self._high(b.cards, self.board)
            words = hand.describe()      # said in the plan and in the line: worked out once
            plan = BoxSettlement(box, b.name, b.blind, "", words, b.ante, b.call, b.bonus)
            odds = self.paytable[hand.category]
            who = f"Box {box} ({b.name}{', blind box' if b.blind else ''})"
            if not self.qualifies:
                plan.outcome = "win"
                due = b.ante * odds
                plan.ante_won = self._pay(b, due, plan)
                plan.returned += b.ante + b.call
                line = (f"{who} holds {words}; the dealer does not qualify: ante {b.ante} "
                        f"paid {odds} to 1 = {due} by the pay table (CH ¶12, ¶14), call {b.call} "
                        "returned, not paid (CH ¶12)")
                kind, rule = "pay_box", "CH ¶12, ¶14"
            elif hand > dealer:
                plan.outcome = "win"
                due_ante, due_call = b.ante * odds, b.call * self.game.call_odds
                plan.ante_won = self._pay(b, due_ante, plan)
                plan.call_won = self._pay(b, due_call, plan)
                plan.returned += b.ante + b.call
                line = (f"{who} holds {words}, better than the dealer's "
                        f"{dealer.label}{self._kicker_words(hand, dealer)}: ante {b.ante} paid {odds} "
                        f"to 1 = {due_ante} by the pay table (CH ¶10, ¶14), call {b.call} paid "
                        f"{self.game.call_odds} to 1 = {due_call} ({self.game.call_rule})")
                due = due_ante + due_call
                kind, rule = "pay_box", "CH ¶10, ¶14"
            elif hand < dealer:
                plan.outcome = "lose"
                plan.lost += b.ante + b.call
                line = (f"{who} holds {words}, lower than the dealer's "
                        f"{dealer.label}{self._kicker_words(hand, dealer)}: ante {b.ante} and call "
                        f"{b.call} lost (CH ¶10)")
                due, kind, rule = 0, "take_box", "CH ¶10"
            else:
                plan.outcome = "push"
                plan.returned += b.ante + b.call
                line = (f"{who} holds {words}, the same five-card hand as the dealer: a "
                        f"push, ante {b.ante} and call {b.call} returned (CH ¶10; identical hands "
                        "push, the published standard)")
                due, kind, rule = 0, "push_box", "CH ¶10"
            if plan.ante_won + plan.call_won < due:
                line += (f"; only {plan.ante_won + plan.call_won} paid under "
                         f"{self._cap_words(b)}")
            plan.lines.append(line)
            order = (f"Settle from the last box: box {box} ({b.name}) is next "
                     f"({phase.rule})")
            self._agenda.append(_Item(Expected(kind, rule, f"{order}. {line}", seat=box,
                                               street="settlement"),
                                      detail=line, plan=plan, last=not b.bonus))
            if b.bonus:
                self._agenda.append(self._bonus_item(
                    b, plan, last=True, street="settlement",
                    first=f"Box {box}'s ante and call are settled; now its bonus"))

    @staticmethod
    def _kicker_words(hand: HandValue, dealer: HandValue) -> str:
        """Say so when a single remaining card, not the combination, decides (CH ¶10)."""
        if hand.category != dealer.category or hand == dealer or "Straight" in hand.category:
            return ""
        ranks = [c.rank for c in hand.cards]
        i = next(i for i, (a, b) in enumerate(zip(hand.cards, dealer.cards)) if a.rank != b.rank)
        if ranks.count(ranks[i]) == 1:
            return " (the same combination: the highest remaining card decides, CH ¶10)"
        return ""

    # --- proposals ----------------------------------------------------------------
    def _refusal(self, step: Step, exp: Expected | None) -> Verdict | None:
        if exp is None:
            return Verdict(False, "The round is over: every box has been settled.", "")
        item = self._agenda[0]
        if step.kind not in STEP_LABELS:
            return Verdict(False, f"{step.kind!r} is not a dealer step in Casino Hold'em; the steps "
                                  f"are: {', '.join(STEP_LABELS.values())}.", "")
        if step.kind in _SETTLING and exp.kind in _SETTLING and step.seat != exp.seat:
            if step.seat not in self.boxes:
                return Verdict(False, f"Box {step.seat} has no wager to settle (CH ¶1).", "CH ¶1")
            if self.boxes[step.seat].done:
                return Verdict(False, f"Box {step.seat} is already settled; box {exp.seat} is next "
                                      "(CH ¶9).", "CH ¶9")
            return Verdict(False, f"Settle from the last box: box {exp.seat} comes before box "
                                  f"{step.seat} (CH ¶9).", "CH ¶9")
        if step.kind != exp.kind:
            if any(step.kind in group and exp.kind in group for group in _CHOICES) and (
                    exp.seat is None or step.seat == exp.seat):
                return Verdict(False, f"Not \u201c{STEP_LABELS[step.kind]}\u201d. {item.detail}.",
                               exp.rule)
            return Verdict(False, f"Not now. {exp.why}.", exp.rule)
        if exp.kind in SEAT_STEPS and step.seat != exp.seat:
            if step.seat not in self.boxes:
                return Verdict(False, f"Box {step.seat} has no wager, so nothing goes there (CH ¶1). "
                                      f"{exp.why}.", exp.rule)
            return Verdict(False, f"Not box {step.seat}. {exp.why}.", exp.rule)
        if exp.kind in SEATS_STEPS and tuple(sorted(set(step.seats))) != exp.seats:
            return self._wrong_pass(step, exp)
        return None

    def _perform(self) -> Done:
        item = self._agenda.pop(0)
        try:
            handler = APPLY[item.exp.kind]
        except KeyError:
            raise AssertionError(item.exp.kind) from None
        return handler(self, item)

    def _wrong_pass(self, step: Step, exp: Expected) -> Verdict:
        for box in sorted(set(step.seats)):
            b = self.boxes.get(box)
            if b is None:
                return Verdict(False, f"Box {box} has no wager and no cards (CH ¶1). {exp.why}.",
                               "CH ¶1")
            if b.blind:
                return Verdict(False, f"Box {box} is {b.name}'s blind box: its cards stay face down "
                                      "until the settlement (CH ¶2).", "CH ¶2")
        missing = [b for b in exp.seats if b not in step.seats]
        return Verdict(False, f"Box{'es' if len(missing) > 1 else ''} {', '.join(map(str, missing))} "
                              f"must get {'their' if len(missing) > 1 else 'its'} cards too. "
                              f"{exp.why}.", exp.rule)

    # --- what each dealer step does (APPLY) -------------------------------------------
    def _apply_no_more_bets(self, item: _Item) -> Done:
        self.no_more_bets = True
        return Done("No more bets.")

    def _apply_pitch(self, item: _Item) -> Done:
        exp = item.exp
        assert exp.seat is not None
        card = self.deck.take()
        self.boxes[exp.seat].cards.append(card)
        return Done(f"Card to box {exp.seat}.", Dealt("seat", (card,), exp.seat))

    def _apply_pitch_dealer(self, item: _Item) -> Done:
        card = self.deck.take()
        self.dealer.append(card)
        return Done("Card to the dealer, face down.", Dealt("dealer", (card,)))

    def _apply_deal_flop(self, item: _Item) -> Done:
        flop = tuple(self.deck.take() for _ in range(3))
        self.board.extend(flop)
        return Done(f"Flop: {format_cards(self.board)}.", Dealt("board", flop))

    def _apply_pass_cards(self, item: _Item) -> Done:
        seats = item.exp.seats
        return Done(f"Cards passed to box{'es' if len(seats) > 1 else ''} {', '.join(map(str, seats))}.")

    def _apply_deal_board(self, item: _Item) -> Done:
        card = self.deck.take()
        self.board.append(card)
        return Done(f"{item.exp.street.capitalize()}: {card}.", Dealt("board", (card,)))

    def _apply_reveal_dealer(self, item: _Item) -> Done:
        self.dealer_revealed = True
        self.dealer_hand = self._high(self.dealer, self.board)
        for box in self.boxes_in_play():
            self.boxes[box].opened = True
        return Done(f"Dealer: {format_cards(self.dealer)}.")

    def _apply_qualifier(self, item: _Item) -> Done:
        return Done(item.detail + ".")

    def _apply_settle(self, item: _Item) -> Done:
        """A box's chips settled (SETTLE_MOVES), the box done after its last step."""
        exp, plan = item.exp, item.plan
        assert plan is not None and exp.seat is not None
        b = self.boxes[exp.seat]
        SETTLE_MOVES[exp.kind](self, b, plan, b.layout)
        if item.last:
            b.done = True
            self.settlement.append(plan)
            self.explanations.extend(plan.lines)
            if all(x.done for x in self.boxes.values()):
                self.finished = True
                if not self.boxes_in_play():
                    self.log.append("Every box has folded: nothing is left to settle and the "
                                    "round ends (standard practice)")
        return Done(item.detail or plan.lines[0])

    # --- the chips each settling step moves (SETTLE_MOVES) ------------------------------
    def _move_collect_fold(self, b: Box, plan: BoxSettlement, chips: dict[str, int]) -> None:
        self.bank += chips["ante"] + chips["bonus"]
        chips.update(ante=0, bonus=0)
        self.muck.extend(b.cards)
        b.cards = []

    def _move_take_box(self, b: Box, plan: BoxSettlement, chips: dict[str, int]) -> None:
        self.bank += chips["ante"] + chips["call"]
        chips.update(ante=0, call=0)

    def _move_return_box(self, b: Box, plan: BoxSettlement, chips: dict[str, int]) -> None:
        """pay_box and push_box: the stake back with whatever it won."""
        won = plan.ante_won + plan.call_won
        self.bank -= won
        self.players[b.name] += chips["ante"] + chips["call"] + won
        chips.update(ante=0, call=0)

    def _move_pay_bonus(self, b: Box, plan: BoxSettlement, chips: dict[str, int]) -> None:
        self.bank -= plan.bonus_won
        self.players[b.name] += chips["bonus"] + plan.bonus_won
        chips["bonus"] = 0

    def _move_take_bonus(self, b: Box, plan: BoxSettlement, chips: dict[str, int]) -> None:
        self.bank += chips["bonus"]
        chips["bonus"] = 0

    # --- reading -----------------------------------------------------------------
    def view(self, reveal: bool = False) -> dict[str, object]:
        """What the table shows: the dealer's cards stay face down until turned
        over (CH ¶9) unless `reveal`; a box's cards are shown once opened."""
        boxes: list[dict[str, object]] = []
        for number in range(1, self.game.max_boxes + 1):
            b = self.boxes.get(number)
            if b is None:
                boxes.append({"box": number, "empty": True})
                continue
            show = reveal or b.opened
            hand = None
            if show and len(b.cards) == 2 and len(self.board) == 5:
                hand = self._high(b.cards, self.board).describe()
            settled = next((s.to_dict() for s in self.settlement if s.box == number), None)
            boxes.append({
                "box": number, "empty": False, "name": b.name, "blind": b.blind,
                "ante": b.ante, "bonus": b.bonus, "call": b.call, "on_layout": dict(b.layout),
                "decision": b.decision,
                "folded": b.folded, "settled": b.done, "cards": [str(c) if show else None for c in b.cards],
                "hand": hand, "settlement": settled,
            })
        show_dealer = reveal or self.dealer_revealed
        dealer_hand = None
        if show_dealer and len(self.dealer) == 2 and len(self.board) == 5:
            dealer_hand = self._high(self.dealer, self.board).describe()
        return {
            "game": self.game.name, "boxes": boxes,
            "dealer": {"cards": [str(c) if show_dealer else None for c in self.dealer],
                       "hand": dealer_hand, "qualifies": self.qualifies if self.dealer_revealed else None},
            "board": [str(c) for c in self.board], "bank": self.bank, "players": dict(self.players),
            "no_more_bets": self.no_more_bets, "deck": len(self.deck), "log": list(self.log),
            "steps": self.step_count, "finished": self.finished,
            "explanations": list(self.explanations),
            "max_payout": self.house.casino_holdem_max_payout,
        }


# Each phase of the declaration (engine/casino/game.py) -> what it puts on the agenda.
PHASES: dict[type, Callable[[CasinoRound, Any], None]] = {
    Wagers: CasinoRound._schedule_wagers,
    Announce: CasinoRound._schedule_announce,
    DealHands: CasinoRound._schedule_deal,
    DealFlop: CasinoRound._schedule_flop,
    PassCards: CasinoRound._schedule_pass,
    Decisions: CasinoRound._schedule_decisions,
    DealBoard: CasinoRound._schedule_board,
    RevealDealer: CasinoRound._schedule_reveal,
    Qualify: CasinoRound._schedule_qualify,
    Settle: CasinoRound._schedule_settlement,
}

# Each dealer step of the round -> what doing it changes on the layout.
APPLY: dict[str, Callable[[CasinoRound, _Item], Done]] = {
    "no_more_bets": CasinoRound._apply_no_more_bets,
    "pitch": CasinoRound._apply_pitch,
    "pitch_dealer": CasinoRound._apply_pitch_dealer,
    "deal_flop": CasinoRound._apply_deal_flop,
    "pass_cards": CasinoRound._apply_pass_cards,
    "deal_board": CasinoRound._apply_deal_board,
    "reveal_dealer": CasinoRound._apply_reveal_dealer,
    "dealer_qualifies": CasinoRound._apply_qualifier,
    "dealer_does_not_qualify": CasinoRound._apply_qualifier,
    "collect_fold": CasinoRound._apply_settle,
    "pay_box": CasinoRound._apply_settle,
    "take_box": CasinoRound._apply_settle,
    "push_box": CasinoRound._apply_settle,
    "pay_bonus": CasinoRound._apply_settle,
    "take_bonus": CasinoRound._apply_settle,
}

# Each settling step -> the chips it moves between the layout, the bank and the player.
SETTLE_MOVES: dict[str, Callable[[CasinoRound, Box, BoxSettlement, dict[str, int]], None]] = {
    "collect_fold": CasinoRound._move_collect_fold,
    "take_box": CasinoRound._move_take_box,
    "pay_box": CasinoRound._move_return_box,
    "push_box": CasinoRound._move_return_box,
    "pay_bonus": CasinoRound._move_pay_bonus,
    "take_bonus": CasinoRound._move_take_bonus,
}
