"""What every question kind shares: the Question record (how a reply is
read, checked and written back), the errors, the strict number reader, and
table cells (a hand or a banked round the trainee deals)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from engine.casino.game import CASINO_HOLDEM
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.procedure import Procedure
from engine.steps import Verdict

HAND_KEYS = set(Scenario.__dataclass_fields__)

Data = Mapping[str, Any]


class QuestionError(ValueError):
    """A question cell that cannot be asked as written."""


class MalformedAnswer(ValueError):
    """A reply that is not an answer at all (empty, not a number...)."""


MAX_DIGITS = 9  # no pot, stack or seat in a lesson comes near a billion chips
MAX_TICKS = 200  # more boxes than any question draws: a reply with more is not an answer
NOBODY = "none"  # the grid's "nobody wins this half" box


def whole_number(raw: object) -> int | None:
    """A reply typed or clicked as a whole number: ASCII digits only (str.isdigit
    also passes '²' and Arabic-Indic digits), at most MAX_DIGITS of them."""
    text = str(raw).strip() if raw is not None else ""
    if not text or len(text) > MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


@dataclass
class TableCell:
    """A procedure the trainee deals step by step on the drawn table: a poker
    hand (engine.hand.machine) or a round of the banked Casino Hold'em
    (engine.casino.round), built from the cell's scenario."""
    scenario: Any
    title: str = ""
    prompt: str = ""
    total_steps: int = 0
    procedure: type[Procedure] = Hand

    def new_hand(self) -> Procedure:
        return self.procedure(self.scenario)

    @property
    def kind(self) -> str:
        """"poker" or "casino": the procedure's own name for its kind."""
        return self.procedure.kind

    @property
    def step_kinds(self) -> dict[str, object]:
        """Step kind -> label, and which take one seat/box or several."""
        return self.procedure.step_kinds_info()


# Games dealt by a procedure of their own, by name: how to read the scenario, what deals it.
PROCEDURES: dict[str, tuple[Callable[[dict[str, Any]], Any], type[Procedure]]] = {
    CASINO_HOLDEM.name: (CasinoScenario.from_dict, CasinoRound),
}


def build_table(data: dict[str, Any]) -> TableCell:
    fields = {k: v for k, v in data.items() if k not in ("title", "prompt")}
    read, procedure = PROCEDURES.get(data.get("game", ""), (Scenario.from_dict, Hand))
    cell = TableCell(read(fields), procedure=procedure)
    played = cell.new_hand()
    played.autoplay()  # proves the scenario plays to the end
    cell.title, cell.prompt = str(data.get("title", "")), str(data.get("prompt", ""))
    cell.total_steps = played.step_count
    return cell


def _ticks(form: Mapping[str, Any]) -> list[str]:
    raw = form.get("seats") or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, (list, tuple)) or len(raw) > MAX_TICKS:
        raise MalformedAnswer("Tick the boxes listed, then check.")
    return [str(v) for v in raw]


@dataclass
class Question:
    kind: str
    prompt: str
    # "seat" | "seats" | "choice" | "amounts" | "amount" | "places" | "grid" | "cards"
    input: str
    choices: list[tuple[Any, str]] = field(default_factory=list)   # [(value, label)]
    display: dict[str, Any] = field(default_factory=dict)          # what the trainee is shown
    answer: Any = None
    rule: str = ""
    hint: str = ""                  # said after a wrong answer: the rule, not the answer
    explanation: list[str] = field(default_factory=list)  # said after a right answer
    # "grid": one line per pot or half (value, label, may nobody win it?); the columns are `choices`
    rows: list[tuple[int, str, bool]] = field(default_factory=list)
    # Where several replies are right (any five cards worth the best hand): the judge of a reply.
    accepts: Callable[[Any], bool] | None = None
    labelled: bool = False          # amounts are written back by their choice labels, not "seat N"
    # Answered against the clock, as a dealer is asked it at the table: the time is said with the result.
    timed: ClassVar[bool] = False

    def parse(self, form: Mapping[str, Any]) -> Any:
        """Turn submitted form fields into an answer, or raise MalformedAnswer."""
        values = [v for v, _ in self.choices]
        if self.input == "seat":
            seat = whole_number(form.get("seat"))
            if seat is None or seat not in values:
                raise MalformedAnswer("Choose one of the seats listed, then check.")
            return seat
        if self.input == "choice":
            raw = form.get("choice")
            if not isinstance(raw, str) or raw not in values:
                raise MalformedAnswer("Choose one of the answers listed, then check.")
            return raw
        if self.input == "seats":
            ticked = [whole_number(v) for v in _ticks(form)]
            if not ticked or not all(v is not None and v in values for v in ticked):
                raise MalformedAnswer("Tick at least one of the seats listed, then check.")
            return tuple(sorted({v for v in ticked if v is not None}))
        if self.input == "cards":
            return self._parse_cards(form, values)
        if self.input == "grid":
            return self._parse_grid(form, values)
        if self.input == "amount":
            amount = whole_number(form.get("amount"))
            if amount is None:
                raise MalformedAnswer("Enter a whole number of chips (0 or more, digits only), then check.")
            return amount
        if self.input == "places":
            return self._parse_places(form, values)
        amounts = {}
        for value, label in self.choices:
            amount = whole_number(form.get(f"amount-{value}"))
            if amount is None:
                # Named as the screen labels the field ("Main pot", "Seat 3 (Hal)", "Ante").
                raise MalformedAnswer(f"Enter a whole number of chips for {label}, digits only.")
            amounts[value] = amount
        return amounts

    def _parse_cards(self, form: Mapping[str, Any], values: list[Any]) -> tuple[int, ...]:
        ticked = {whole_number(v) for v in _ticks(form)}
        if None in ticked or not ticked <= set(values) or len(ticked) != 5:
            raise MalformedAnswer("Tick exactly five of the cards listed, then check.")
        return tuple(sorted(v for v in ticked if v is not None))

    def _parse_grid(self, form: Mapping[str, Any], values: list[Any]) -> dict[int, tuple[int, ...]]:
        picked: dict[int, set[int | str]] = {row: set() for row, _, _ in self.rows}
        nobody_ok = {row for row, _, ok in self.rows if ok}
        for tick in _ticks(form):
            row_text, _, col_text = tick.partition(".")
            row = whole_number(row_text)
            col: int | str | None = NOBODY if col_text == NOBODY else whole_number(col_text)
            if row not in picked or col is None or (col == NOBODY and row not in nobody_ok) or (
                    col != NOBODY and col not in values):
                raise MalformedAnswer("Tick the seats listed on each line, then check.")
            picked[row].add(col)
        answer: dict[int, tuple[int, ...]] = {}
        for row, label, _ in self.rows:
            chosen = picked[row]
            if not chosen:
                raise MalformedAnswer(f"Tick who wins on every line: nothing is ticked for {label}.")
            if NOBODY in chosen and len(chosen) > 1:
                raise MalformedAnswer(f"{label}: tick nobody, or the seats that win, not both.")
            answer[row] = tuple(sorted(c for c in chosen if isinstance(c, int)))
        return answer

    def _parse_places(self, form: Mapping[str, Any], values: list[Any]) -> dict[int, int]:
        places: dict[int, int] = {}
        for value, label in self.choices:
            place = whole_number(form.get(f"amount-{value}"))
            if place is None or not 1 <= place <= len(values):
                raise MalformedAnswer(f"Number every hand from 1 (the best) to {len(values)}; "
                                      f"{label.split(':')[0]} has no place.")
            places[value] = place
        return dense_places(places)

    def check(self, answer: Any) -> Verdict:
        right = self.accepts(answer) if self.accepts is not None else answer == self.answer
        if right:
            return Verdict(True, " ".join(self.explanation), self.rule)
        return Verdict(False, f"{self.mistake(answer)} {self.hint}".strip(), self.rule)

    def mistake(self, answer: Any) -> str:
        """What is wrong with `answer`, in a few words said before the rule
        (issue 29 finding 8): which amount, too many or too few, which seat;
        never the right answer. "" where a reply has no part to point at."""
        if self.accepts is not None:
            return ""
        if self.input == "amount" and isinstance(answer, int) and isinstance(self.answer, int):
            return f"Not {answer}: {'too many' if answer > self.answer else 'too few'} chips."
        if self.input == "amounts" and isinstance(answer, dict) and isinstance(self.answer, dict):
            labels = dict(self.choices)
            wrong = [str(labels.get(k, k)) for k in self.answer if answer.get(k) != self.answer[k]]
            total, due = sum(answer.values()), sum(self.answer.values())
            said = f"Check {', '.join(wrong)}" if wrong else "Check the amounts"
            if total != due:
                return f"{said}: the amounts add up to {total}, {'more' if total > due else 'less'} than they should."
            return f"{said}."
        if self.input == "seat" and isinstance(answer, int):
            return f"Not seat {answer}."
        if self.input == "seats" and isinstance(answer, tuple) and isinstance(self.answer, tuple):
            extra = [s for s in answer if s not in self.answer]
            missing = len([s for s in self.answer if s not in answer])
            words = [f"Seat{'s' if len(extra) > 1 else ''} {', '.join(map(str, extra))} "
                     f"do{'' if len(extra) > 1 else 'es'} not win this"] if extra else []
            if missing:
                words.append(f"{'one winner is' if missing == 1 else f'{missing} winners are'} missing")
            text = "; ".join(words)
            return text[:1].upper() + text[1:] + "." if text else ""
        return ""

    def format_answer(self, answer: Any) -> str:
        if self.input == "choice":
            return str(dict(self.choices)[answer])
        if self.input == "amount":
            return f"{answer} chip{'' if answer == 1 else 's'}"
        labels = dict(self.choices)
        if self.input == "cards":
            return " ".join(labels[i] for i in answer)
        if self.input == "grid":
            rows = {row: label for row, label, _ in self.rows}
            return "; ".join(f"{rows[r]}: " + (", ".join(f"seat {s}" for s in seats) or "nobody")
                             for r, seats in sorted(answer.items()))
        if self.input == "places":
            return ", ".join(f"{labels[i].split(':')[0]} {p}" for i, p in sorted(answer.items(), key=lambda kv: kv[1]))
        if isinstance(answer, dict):
            if self.labelled:
                return ", ".join(f"{label}: {answer[k]}" for k, label in self.choices if k in answer)
            return ", ".join(f"seat {s}: {a}" for s, a in sorted(answer.items()))
        if isinstance(answer, tuple):
            return ", ".join(f"seat {s}" for s in answer)
        return f"seat {answer}"


def dense_places(places: Mapping[int, int]) -> dict[int, int]:
    """Places as numbered by a trainee (1, 2, 2, 4 or 1, 2, 2, 3: a tie shares a number)
    renumbered 1, 2, 3... with no gaps, so only the order and the ties count."""
    distinct = sorted(set(places.values()))
    return {k: distinct.index(v) + 1 for k, v in places.items()}


def hand_data(data: Data) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k in HAND_KEYS}


def seat_choices(hand: Hand, seats: Any) -> list[tuple[Any, str]]:
    return [(s, f"Seat {s} ({hand.players[s].name})") for s in seats]
