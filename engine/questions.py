"""Lesson cells as the engine sees them: a hand to deal, or a question whose
answer the engine computes from the cell's scenario.

A lesson file never holds an answer; it holds a scenario. Each question
kind here works out the answer, checks a trainee's reply and explains it
with the rule, so the web app only renders and stores.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.hand import Hand, Scenario, ScenarioError, Step, Verdict

HAND_KEYS = set(Scenario.__dataclass_fields__)


class QuestionError(ValueError):
    """A question cell that cannot be asked as written."""


class MalformedAnswer(ValueError):
    """A reply that is not an answer at all (empty, not a number...)."""


@dataclass
class TableCell:
    """A hand the trainee deals step by step on the drawn table."""
    scenario: Scenario
    title: str = ""
    prompt: str = ""
    total_steps: int = 0

    def new_hand(self) -> Hand:
        return Hand(self.scenario)


def build_table(data: dict) -> TableCell:
    scenario = Scenario.from_dict({k: v for k, v in data.items() if k not in ("title", "prompt")})
    hand = Hand(scenario).autoplay()  # proves the scenario plays to the end
    return TableCell(scenario, str(data.get("title", "")), str(data.get("prompt", "")),
                     total_steps=hand.step_count)


@dataclass
class Question:
    kind: str
    prompt: str
    input: str                      # "seat" | "seats" | "amounts"
    choices: list = field(default_factory=list)   # [(value, label)]
    display: dict = field(default_factory=dict)   # what the trainee is shown
    answer: object = None
    rule: str = ""
    hint: str = ""                  # said after a wrong answer: the rule, not the answer
    explanation: list = field(default_factory=list)  # said after a right answer

    def parse(self, form: dict) -> object:
        """Turn submitted form fields into an answer, or raise MalformedAnswer."""
        seats = [v for v, _ in self.choices]
        if self.input == "seat":
            raw = form.get("seat")
            if raw is None or not str(raw).isdigit() or int(raw) not in seats:
                raise MalformedAnswer("Choose one of the seats listed, then check.")
            return int(raw)
        if self.input == "seats":
            raw = form.get("seats") or []
            if not raw or not all(str(v).isdigit() and int(v) in seats for v in raw):
                raise MalformedAnswer("Tick at least one of the seats listed, then check.")
            return tuple(sorted(set(int(v) for v in raw)))
        amounts = {}
        for seat in seats:
            raw = str(form.get(f"amount-{seat}", "")).strip()
            if not raw.isdigit():
                raise MalformedAnswer(f"Enter a whole number of chips for seat {seat}.")
            amounts[seat] = int(raw)
        return amounts

    def check(self, answer) -> Verdict:
        if answer == self.answer:
            return Verdict(True, " ".join(self.explanation), self.rule)
        return Verdict(False, self.hint, self.rule)

    def format_answer(self, answer) -> str:
        if isinstance(answer, dict):
            return ", ".join(f"seat {s}: {a}" for s, a in sorted(answer.items()))
        if isinstance(answer, tuple):
            return ", ".join(f"seat {s}" for s in answer)
        return f"seat {answer}"


def _hand_data(data: dict) -> dict:
    return {k: v for k, v in data.items() if k in HAND_KEYS}


def _seat_choices(hand: Hand, seats) -> list:
    return [(s, f"Seat {s} ({hand.players[s].name})") for s in seats]


def first_to_act(data: dict) -> Question:
    street = data.get("street")
    hand = Hand(Scenario.from_dict(_hand_data(data)))
    names = [s.name for s in hand.game.streets if s.betting]
    if street not in names:
        raise QuestionError(f"street must be one of {', '.join(names)}")
    hand.autoplay(until_betting_on=street)
    if hand.finished or hand.expected() is None:
        raise QuestionError(f"the hand is over before the {street} betting round")
    betting = next(s for s in hand.game.streets if s.name == street).betting
    seat = hand.first_to_act(street)
    if betting.opener == "left_of_last_blind":
        hint = ("Before the flop the first player to act is the one on the left of the last blind "
                f"({betting.rule}).")
    else:
        hint = ("After the flop the betting opens with the first player still in the hand to the "
                f"immediate left of the button ({betting.rule}).")
    return Question(
        "first_to_act", data.get("prompt") or f"Who acts first on the {street}?", "seat",
        _seat_choices(hand, hand.live_seats()), {"table": hand.view()}, seat, betting.rule,
        hint=hint,
        explanation=[f"Seat {seat} ({hand.players[seat].name}) acts first.", hint])


def winner(data: dict) -> Question:
    from engine.award import hand_readings
    hand = Hand(Scenario.from_dict(_hand_data(data)))
    while (due := hand.expected()) is not None and due.kind != "award":
        hand.propose(Step(due.kind, due.seat, due.seats))
    # Shown as the table stands at the showdown: before any chip is pushed.
    readings = hand_readings(hand)
    if not readings:
        raise QuestionError("the hand ends without a showdown: only one player is left")
    main = hand.awards[0]
    winners = main.winners
    rule = hand.game.showdown.rule
    explanation = [f"Seat {s}: {text}." for s, text in readings.items()]
    explanation.append(main.reason)
    return Question(
        "winner", data.get("prompt") or "Who wins the pot?", "seats",
        _seat_choices(hand, list(readings)), {"table": hand.view(reveal=True)},
        tuple(sorted(winners)), rule,
        hint=(f"Read each player's best five-card hand from the two hole cards and the five "
              f"community cards; equal hands split the pot ({rule}, 8.1.5)."),
        explanation=explanation)


def split(data: dict) -> Question:
    from engine.award import split_explained
    try:
        pot = int(data["pot"])
        winners = [int(s) for s in data["winners"]]
        button = int(data["button"]) if "button" in data else None
        lowest = int(data.get("lowest_chip", 1))
        table_seats = int(data.get("table_seats", 10))
    except (KeyError, TypeError, ValueError):
        raise QuestionError("a split question needs pot = N, winners = [seats], button = seat "
                            "(and optionally lowest_chip, table_seats)") from None
    if pot <= 0 or lowest <= 0 or pot % lowest:
        raise QuestionError("pot must be a positive multiple of lowest_chip")
    hands = {int(k): v for k, v in data.get("hands", {}).items()}
    try:
        shares, explanation, rule = split_explained(pot, winners, button=button, lowest_chip=lowest,
                                                    table_seats=table_seats, hands=hands)
    except ValueError as exc:
        raise QuestionError(f"{exc}; with no button give hands = {{ 2 = \"As Kd\", ... }}") from None
    names = data.get("names", {})
    choices = [(s, f"Seat {s}" + (f" ({names[str(s)]})" if str(s) in names else "")) for s in sorted(winners)]
    return Question(
        "split", data.get("prompt") or f"The pot of {pot} is split. How much does each winner get?",
        "amounts", choices,
        {"facts": [f"Pot: {pot}", f"Lowest chip in play: {lowest}",
                   f"Button: seat {button}" if button else "No button in use",
                   "Tied winners: " + ", ".join(f"seat {s}" for s in sorted(winners))]},
        shares, rule,
        hint=("Divide the pot equally down to the lowest chip in play; the chips left over go one "
              "at a time to the tied hands closest to the button, clockwise (8.1.5, 8.1.5(a))."),
        explanation=explanation)


KINDS = {"first_to_act": first_to_act, "winner": winner, "split": split}


def build_question(data: dict) -> Question:
    kind = data.get("ask")
    if kind not in KINDS:
        raise QuestionError(f"ask must be one of {', '.join(KINDS)}, not {kind!r}")
    return KINDS[kind](data)
