"""Amounts a dealer is asked at the table, at the moment they arise (issue 32,
deliverable 3): "pot?" from a pot-limit player at their turn (6.6), the
amount to call (1.1 Call), the side pots as they form (1.1 Side pot), the
commission at the end (section 7), the halves of a hi-lo pot (8.1.5 and each
game's split rule) and a Casino Hold'em payout (CH ¶10-¶14).

`table_prompts(cell, kinds, rng)` finds where a table cell's hand gives each
kind and returns question cells (`ask = "amount"`, `amount = KIND`, `at`) as
a lesson writes them; `amount_question(cell, prompt)` (or `build_question`
with the table's data) makes the question. Every answer is worked out by the
functions the sprints use (engine.sprints.*: the same working, the same
rule) and a reply is read and checked as a sprint item is (engine.sprints.check).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Mapping

from engine.cards.deck import SUIT_RANK
from engine.casino.round import CasinoRound
from engine.hand.machine import Hand
from engine.hand.scenario import RAKE_RULES
from engine.house import HouseRules, get_house
from engine.money.award import hand_readings
from engine.procedure import Procedure
from engine.questions.base import MalformedAnswer, Question, QuestionError, TableCell, build_table
from engine.questions.checkpoints import CheckpointError, find, read_at, stand
from engine.questions.money import round_at_turn
from engine.questions.showdown import _parts
from engine.sprints import check as sprint_check, read_given
from engine.sprints.betting import call_working, pot_limit_working
from engine.sprints.casino import box_settlement, payout_rule
from engine.sprints.items import SprintItem, SprintVerdict, chips
from engine.sprints.pots import side_pots_working
from engine.sprints.shares import ShareSetup, ask_hi_lo
from engine.steps import Verdict

AMOUNT_KINDS: tuple[str, ...] = ("pot-limit-max", "call-amount", "side-pots", "rake", "split", "casino")
# The sprint kind each amount is drilled by (engine.sprints.KIND_TABLE): the same working.
SPRINT_KIND = {"pot-limit-max": "pot-limit-max", "call-amount": "call-amount", "side-pots": "side-pots",
               "rake": "rake", "split": "hi-lo-shares", "casino": "casino-payout"}
# A question cell's own keys, besides the hand's (the table cell's data).
QUESTION_KEYS = frozenset({"ask", "amount", "at", "box", "prompt", "title", "id", "expect", "hand"})


@dataclass(frozen=True)
class Worked:
    """An amount worked out at a point of a hand, as a sprint item is."""
    prompt: str
    answer: str                 # "135", or "200 / 210" (chips-list)
    rule: str
    explanation: str
    hint: str
    facts: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()   # chips-list: what each amount is, in order


@dataclass
class AmountQuestion(Question):
    """An amount asked at the table: typed, or built with the chip buttons, as
    in a sprint. The reply is one text field `amount` ("135", "200 / 210"),
    read and marked by engine.sprints.check; the answer is kept as the sprint
    item's text."""
    timed: ClassVar[bool] = True
    item: SprintItem | None = None
    labels: tuple[str, ...] = ()
    chips: tuple[int, ...] = ()
    when: str = ""

    @property
    def sprint_item(self) -> SprintItem:
        assert self.item is not None
        return self.item

    def parse(self, form: Mapping[str, Any]) -> Any:
        raw = form.get("amount")
        text = raw.strip() if isinstance(raw, str) else ""
        read = read_given(self.sprint_item.answer_form, text)
        if read is None:
            raise MalformedAnswer(sprint_check(self.sprint_item, text).message)
        return read

    def verdict(self, given: str) -> SprintVerdict:
        """A typed reply marked as a sprint item is (malformed, right or wrong),
        with this question's words: the working when right, the mistake and
        the rule (never the amount) when wrong."""
        marked = sprint_check(self.sprint_item, given)
        if marked.malformed:
            return marked
        said = self.check(read_given(self.sprint_item.answer_form, given))
        return SprintVerdict(marked.correct, said.message, False)

    def check(self, answer: Any) -> Verdict:
        right = isinstance(answer, str) and sprint_check(self.sprint_item, answer).correct
        if right:
            return Verdict(True, " ".join(self.explanation), self.rule)
        return Verdict(False, f"{self.mistake(answer)} {self.hint}".strip(), self.rule)

    def mistake(self, answer: Any) -> str:
        if not isinstance(answer, str):
            return ""
        given = [int(a) for a in answer.split(" / ")]
        due = [int(a) for a in self.sprint_item.answer.split(" / ")]
        if len(due) == 1:
            return f"Not {chips(given[0])}: {'too many' if given[0] > due[0] else 'too few'} chips."
        if len(given) != len(due):
            return f"{len(given)} amount{'s' if len(given) != 1 else ''} given; {len(due)} are asked ({', '.join(self.labels)})."
        wrong = [label for label, a, b in zip(self.labels, given, due) if a != b]
        total, owed = sum(given), sum(due)
        said = f"Check {', '.join(wrong)}"
        if total != owed:
            return f"{said}: the amounts add up to {chips(total)}, {'more' if total > owed else 'less'} than they should."
        return f"{said}."

    def format_answer(self, answer: Any) -> str:
        parts = str(answer).split(" / ")
        if len(parts) == 1:
            return f"{chips(int(parts[0]))} chip{'' if parts[0] == '1' else 's'}"
        return ", ".join(f"{label} {chips(int(a))}" for label, a in zip(self.labels, parts))


# --- working each kind out at its point of the hand ---------------------------------------------

def _poker(cell: TableCell, kind: str) -> None:
    if cell.kind != "poker":
        raise QuestionError(f"amount = {kind!r} is asked in a poker hand, not a {cell.kind} round")


def _turn(cell: TableCell, kind: str, at: str) -> tuple[Any, list[str], dict[int, int], Hand, int, str]:
    _poker(cell, kind)
    hand = cell.new_hand()
    try:
        where, street, seat = read_at(at, hand)
    except CheckpointError as exc:
        raise QuestionError(str(exc)) from None
    if where != "seat" or street is None or seat is None:
        raise QuestionError(f'amount = {kind!r} is asked at a player\'s turn: at = "<round>: seat N", '
                            'e.g. at = "flop: seat 3"')
    rnd, said, posted = round_at_turn(cell.scenario, street, seat)
    assert isinstance(hand, Hand)
    # The round as the decisions replay it must be the one the trainee's table stands before
    # (a hand with actions the dealer rules on may read them otherwise): else it is not asked.
    point = find(cell.new_hand, at)
    shown = stand(cell.new_hand, point.steps, point.pause)[0]
    assert isinstance(shown, Hand)
    player = shown.players[seat]
    if shown.pot != rnd.pot or player.stack + player.in_front != rnd.stacks[seat] + rnd.in_front[seat]:
        raise QuestionError(f"seat {seat}'s turn on the {street} cannot be worked out apart from the rulings "
                            "in this hand: ask it in a hand without them")
    return rnd, said, posted, hand, seat, street


def _turn_facts(rnd: Any, said: list[str], posted: Mapping[int, int], seat: int) -> tuple[str, ...]:
    facts = [f"Table sign: {rnd.structure.describe()}"]
    if rnd.pot:
        facts.append(f"Already in the pot from earlier rounds: {chips(rnd.pot)}")
    facts += [f"Seat {s} posted {chips(v)}" for s, v in posted.items() if v]
    facts += said
    facts.append(f"Seat {seat} is to act with {chips(rnd.stacks[seat])} behind and {chips(rnd.in_front[seat])} in front.")
    return tuple(facts)


def _pot_limit(cell: TableCell, at: str, prompt: Mapping[str, Any]) -> Worked:
    rnd, said, posted, hand, seat, street = _turn(cell, "pot-limit-max", at)
    options = rnd.options()
    if rnd.structure.kind not in ("pot", "half-pot"):
        raise QuestionError(f"amount = 'pot-limit-max' is asked under pot limit (6.6); the {street} betting "
                            f"here is {rnd.structure.describe()}")
    if options is None or options.max_to is None or not {"bet", "raise"} & set(options.actions):
        raise QuestionError(f"seat {seat} may not bet or raise on the {street} here: nobody asks \"pot?\"")
    answer, explanation = pot_limit_working(rnd, hand.house)
    verb = "raise" if rnd.level else "bet"
    half = rnd.structure.kind == "half-pot"
    return Worked(f"Seat {seat} ({hand.players[seat].name}) asks “{'half the pot' if half else 'pot'}?” on the "
                  f"{street}: {verb} to how much in all?", str(answer), "6.6", explanation,
                  "Count every chip in the pot and in front, add the player's call first, and that much goes "
                  "on top of the call (6.6).", _turn_facts(rnd, said, posted, seat))


def _call(cell: TableCell, at: str, prompt: Mapping[str, Any]) -> Worked:
    rnd, said, posted, hand, seat, street = _turn(cell, "call-amount", at)
    options = rnd.options()
    if options is None or not options.to_call:
        raise QuestionError(f"seat {seat} has nothing to call on the {street} here")
    answer, rule, explanation = call_working(rnd)
    return Worked(f"Seat {seat} ({hand.players[seat].name}) calls on the {street}: how many more chips go in?",
                  str(answer), rule, explanation,
                  "A call matches the highest bet of the round; what the player already has in front counts "
                  "toward it, and a player with less calls all-in (1.1 Call, 1.1 All-in, 8.1.2(a)).",
                  _turn_facts(rnd, said, posted, seat))


def _at_point(cell: TableCell, kind: str, at: str, wanted: str) -> Procedure:
    """The hand dealt right to the checkpoint `at`, which must be `wanted`."""
    try:
        where, _, _ = read_at(at, cell.new_hand())
        if where != wanted:
            raise QuestionError(f'amount = {kind!r} is asked at = "{wanted}", not {at!r}')
        point = find(cell.new_hand, at)
    except CheckpointError as exc:
        raise QuestionError(str(exc)) from None
    return stand(cell.new_hand, point.steps, point.pause)[0]


def _side_pots(cell: TableCell, at: str, prompt: Mapping[str, Any]) -> Worked:
    _poker(cell, "side-pots")
    hand = _at_point(cell, "side-pots", at, "pots")
    assert isinstance(hand, Hand)
    put = {s: p.committed for s, p in hand.players.items() if p.committed}
    folded = {s for s, p in hand.players.items() if p.folded}
    answer, rule, explanation = side_pots_working(put, folded)
    labels = ("Main pot",) + tuple(f"Side pot {i}" for i in range(1, len(answer.split(" / "))))
    facts = ["Put in this hand: " + ", ".join(
        f"seat {s} {chips(c)}" + (" (folded)" if s in folded else " (all in)" if not hand.players[s].stack else "")
        for s, c in sorted(put.items()))]
    return Worked("The bets are about to be collected and a side pot forms: how much is in the main pot and "
                  "each side pot?", answer, rule, explanation,
                  "Start from the smallest all-in: the main pot takes that much from every player who put chips "
                  "in; the next level makes side pot 1, and so on; folded chips stay in the pots they reached "
                  "(1.1 Main pot, Side pot(s), All-in).", tuple(facts), labels)


def _rake(cell: TableCell, at: str, prompt: Mapping[str, Any]) -> Worked:
    _poker(cell, "rake")
    hand = _at_point(cell, "rake", at, "commission")
    assert isinstance(hand, Hand) and hand.commission is not None
    hand.autoplay()
    c = hand.commission
    spared = [r for r in ("7.6", "7.8") if any(f"({r})" in line for line in hand.rake_lines)]
    rule = spared[0] if spared and not hand.rake else RAKE_RULES.get(c.method, "7.4")
    ask = ("Before the deal: how much commission does the dealer collect from the players dealt in?"
           if c.method == "fixed-person" else "The betting is over: how much commission does the dealer take?")
    return Worked(ask, str(hand.rake), rule,
                  " ".join(hand.rake_lines + [f"The dealer takes {hand.rake} in commission."]),
                  f"Work from the table sign, {c.sign()}: an uncalled wager is no part of the pot (7.5), no "
                  "commission when the only wagers were blinds (7.6), none past the cap (7.7), none when tied "
                  "hands contested the pot alone (7.8).", (f"Table sign: {c.sign()}",))


def _split(cell: TableCell, at: str, prompt: Mapping[str, Any]) -> Worked:
    _poker(cell, "split")
    hand = _at_point(cell, "split", at, "award")
    assert isinstance(hand, Hand)
    if hand.game.showdown.split != "hi-lo":
        raise QuestionError(f"amount = 'split' is asked in a hi-lo game, not {hand.game.title}")
    if not hand_readings(hand):
        raise QuestionError("the hand ends without a showdown: there is no pot to split")
    main = [p for p in _parts(hand) if p.pot == 0]
    high, low = main[0].winners, main[1].winners if len(main) > 1 else ()
    played = stand(cell.new_hand, hand.step_count)[0]
    played.autoplay()
    assert isinstance(played, Hand)
    awarded = [a for a in played.awards if a.pot.startswith("main pot")]
    pot = sum(sum(a.shares.values()) for a in awarded)
    shares: dict[int, int] = {}
    for a in awarded:
        for s, v in a.shares.items():
            shares[s] = shares.get(s, 0) + v
    winners = sorted(set(high) | set(low))
    top = tuple((s, max(hand.players[s].cards, key=lambda c: (c.rank, SUIT_RANK[c.suit]))) for s in winners)
    setup = ShareSetup(hand.game.name, pot, hand.scenario.table_seats,
                       hand.button if hand.game.uses_button else None, tuple(high), tuple(low), top)
    drawn = ask_hi_lo(setup, hand.house)
    if [shares.get(s, 0) for s in winners] != [int(a) for a in drawn.answer.split(" / ")]:
        raise QuestionError("this pot's split turns on a card the sprint's working does not read (the odd chip "
                            "by suit): ask a shares question about it instead")
    *facts, ask = drawn.situation.splitlines()
    return Worked(f"The main pot is split high and low. {ask}", drawn.answer, drawn.rule, drawn.explanation,
                  "Halve the pot, the odd chip to the high half; divide each half between tied hands to the "
                  "lowest chip; with no qualifying low the high hand takes it all (8.1.5 and the game's split "
                  "rule).", tuple(facts), tuple(f"Seat {s}" for s in winners))


def _casino(cell: TableCell, at: str, prompt: Mapping[str, Any]) -> Worked:
    if cell.kind != "casino":
        raise QuestionError("amount = 'casino' is asked in a Casino Hold'em round")
    _at_point(cell, "casino", at, "settlement")
    box = prompt.get("box")
    round_ = cell.new_hand()
    round_.autoplay()
    assert isinstance(round_, CasinoRound)
    if not isinstance(box, int) or isinstance(box, bool) or not any(s.box == box for s in round_.settlement):
        raise QuestionError(f"box must be the number of a box that plays this round, not {box!r}")
    plan = box_settlement(round_, box)
    if plan.outcome == "fold":
        raise QuestionError(f"box {box} folds: nothing is paid to it")
    return Worked(f"Box {box} ({plan.name}): how much does the dealer pay in winnings (stakes returned not "
                  "counted)?", str(plan.paid), payout_rule(plan, plan.bonus), " ".join(plan.lines),
                  "The ante is paid by the pay table when the dealer qualifies and the box wins, even money "
                  "otherwise on a dealer who does not qualify; the call is paid even money; the bonus by its "
                  "own table (CH ¶4, ¶9-¶14).",
                  (f"Box {box}: ante {chips(plan.ante)}, call {chips(plan.call)}"
                   + (f", bonus {chips(plan.bonus)}" if plan.bonus else ""),))


ASK: dict[str, Callable[[TableCell, str, Mapping[str, Any]], Worked]] = {
    "pot-limit-max": _pot_limit, "call-amount": _call, "side-pots": _side_pots, "rake": _rake,
    "split": _split, "casino": _casino,
}
assert tuple(ASK) == AMOUNT_KINDS


def amount_question(cell: TableCell, prompt: Mapping[str, Any]) -> AmountQuestion:
    """The question a prompt of `table_prompts` (or a lesson's `ask = "amount"`
    cell) asks about `cell`'s hand; QuestionError when the hand has no such point."""
    kind, at = prompt.get("amount"), prompt.get("at")
    if not isinstance(kind, str) or kind not in ASK:
        raise QuestionError(f"amount must be one of {', '.join(AMOUNT_KINDS)}, not {kind!r}")
    if not isinstance(at, str):
        raise QuestionError(f"at = ... names the point of the hand where the amount is asked (amount = {kind!r})")
    worked = ASK[kind](cell, at, prompt)
    item = SprintItem(SPRINT_KIND[kind], 1, "\n".join(worked.facts + (worked.prompt,)), worked.answer,
                      "chips-list" if worked.labels else "chips", (), worked.rule, worked.explanation)
    house = _house(cell)
    words = str(prompt.get("prompt") or "") or worked.prompt
    return AmountQuestion("amount", words, "chips", [], {"facts": list(worked.facts)}, worked.answer, worked.rule,
                          hint=worked.hint, explanation=[worked.explanation], item=item, labels=worked.labels,
                          chips=house.chip_denominations)


def _house(cell: TableCell) -> HouseRules:
    """The house the cell's hand is dealt under (its chips are the buttons offered)."""
    house = getattr(cell.new_hand(), "house", None)
    return house if isinstance(house, HouseRules) else get_house("main")


def amount(data: Mapping[str, Any]) -> Question:
    """`ask = "amount"` with a table cell's data (a lesson's `hand = "..."`,
    or a down's hand table): the amount `amount = KIND` at `at`."""
    table = {k: v for k, v in data.items() if k not in QUESTION_KEYS}
    return amount_question(build_table(table), data)


# --- where a hand gives each kind ----------------------------------------------------------------

@dataclass
class _Turns:
    """Each player's first betting decision of each round, as the hand plays."""
    seen: list[tuple[str, int, str, Any]] = field(default_factory=list)


class _OutOfActions(Exception):
    """The hand's written decisions run out (an irregular action the engine rules on)."""


def _turns(cell: TableCell) -> list[tuple[str, int, str, Any]]:
    if cell.kind != "poker":
        return []
    from dataclasses import replace
    actions: list[str] = list(cell.scenario.actions)
    found = _Turns()
    keys: set[tuple[str, int]] = set()

    def decide(hand: Any, decision: Any) -> str:
        if decision.kind == "bet" and decision.options is not None and not decision.forced \
                and (decision.street, decision.seat) not in keys and hand._round is not None:
            keys.add((decision.street, decision.seat))
            found.seen.append((decision.street, decision.seat, hand._round.structure.kind, decision.options))
        if not actions:
            raise _OutOfActions
        return actions.pop(0)

    try:
        Hand(replace(cell.scenario, actions=()), decide).autoplay()
    except _OutOfActions:
        pass
    except (ValueError, AssertionError):
        return []
    return found.seen


def _pot_limit_points(cell: TableCell) -> list[dict[str, Any]]:
    return [{"at": f"{street}: seat {seat}"} for street, seat, kind, o in _turns(cell)
            if kind in ("pot", "half-pot") and o.max_to is not None and {"bet", "raise"} & set(o.actions)
            and o.max_to < o.all_in_to]


def _call_points(cell: TableCell) -> list[dict[str, Any]]:
    return [{"at": f"{street}: seat {seat}"} for street, seat, _, o in _turns(cell) if o.to_call]


def _named_point(at: str, kind: str) -> Callable[[TableCell], list[dict[str, Any]]]:
    def points(cell: TableCell) -> list[dict[str, Any]]:
        if cell.kind != kind:
            return []
        try:
            find(cell.new_hand, at)
        except (CheckpointError, ValueError):
            return []
        return [{"at": at}]
    return points


def _box_points(cell: TableCell) -> list[dict[str, Any]]:
    if cell.kind != "casino" or not _named_point("settlement", "casino")(cell):
        return []
    round_ = cell.new_hand()
    round_.autoplay()
    assert isinstance(round_, CasinoRound)
    played = [s for s in round_.settlement if s.outcome != "fold"]
    paid = [s for s in played if s.paid]       # a box paid is the payout asked, where there is one
    return [{"at": "settlement", "box": s.box} for s in paid or played]


POINTS: dict[str, Callable[[TableCell], list[dict[str, Any]]]] = {
    "pot-limit-max": _pot_limit_points, "call-amount": _call_points, "side-pots": _named_point("pots", "poker"),
    "rake": _named_point("commission", "poker"), "split": _named_point("award", "poker"), "casino": _box_points,
}
assert tuple(POINTS) == AMOUNT_KINDS


def table_prompts(cell: TableCell, kinds: Iterable[str], rng: random.Random,
                  at_most: int = 2) -> list[dict[str, Any]]:
    """Question cells (`ask = "amount"`, `amount`, `at`, `prompt`, a casino
    round's `box`) for the amounts of `kinds` a dealer is asked in `cell`'s
    hand, at most one per kind and `at_most` in all, chosen by `rng` among
    the points the hand gives, the earliest first. A kind the hand never
    gives is left out (the caller checks when it must have one)."""
    wanted = list(dict.fromkeys(kinds))
    unknown = [k for k in wanted if k not in ASK]
    if unknown:
        raise ValueError(f"no amount kind {', '.join(map(repr, unknown))}; use {', '.join(AMOUNT_KINDS)}")
    chosen: list[tuple[int, dict[str, Any]]] = []
    rounds: set[str] = set()
    for kind in wanted:
        points = [p for p in POINTS[kind](cell) if p["at"].split(":")[0] not in rounds]
        rng.shuffle(points)
        for point in points:
            prompt = {"ask": "amount", "amount": kind, **point}
            try:
                question = amount_question(cell, prompt)
            except ValueError:      # QuestionError, CheckpointError: not askable there, try another point
                continue
            prompt["prompt"] = question.prompt
            rounds.add(point["at"].split(":")[0])
            chosen.append((find(cell.new_hand, point["at"]).steps, prompt))
            break
    if len(chosen) > at_most:
        chosen = rng.sample(chosen, at_most)
    return [prompt for _, prompt in sorted(chosen, key=lambda pair: pair[0])]
