"""Lesson cells as the engine sees them: a hand to deal, or a question whose
answer the engine computes from the cell's scenario.

A lesson file never holds an answer; it holds a scenario. Each question
kind here works out the answer, checks a trainee's reply and explains it
with the rule, so the web app only renders and stores.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from engine.casino_holdem import CASINO_HOLDEM, CasinoRound, CasinoScenario
from engine.hand import RAKE_RULES, Hand, Scenario, Verdict
from engine.procedure import Procedure

HAND_KEYS = set(Scenario.__dataclass_fields__)


class QuestionError(ValueError):
    """A question cell that cannot be asked as written."""


class MalformedAnswer(ValueError):
    """A reply that is not an answer at all (empty, not a number...)."""


MAX_DIGITS = 9  # no pot, stack or seat in a lesson comes near a billion chips


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
    hand (engine.hand) or a round of the banked Casino Hold'em
    (engine.casino_holdem), built from the cell's scenario."""
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


@dataclass
class Question:
    kind: str
    prompt: str
    input: str                      # "seat" | "seats" | "choice" | "amounts" | "amount"
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
            seat = whole_number(form.get("seat"))
            if seat is None or seat not in seats:
                raise MalformedAnswer("Choose one of the seats listed, then check.")
            return seat
        if self.input == "choice":
            raw = form.get("choice")
            if raw not in seats:
                raise MalformedAnswer("Choose one of the answers listed, then check.")
            return raw
        if self.input == "seats":
            ticked = [whole_number(v) for v in form.get("seats") or []]
            if not ticked or not all(v is not None and v in seats for v in ticked):
                raise MalformedAnswer("Tick at least one of the seats listed, then check.")
            return tuple(sorted({v for v in ticked if v is not None}))
        if self.input == "amount":
            amount = whole_number(form.get("amount"))
            if amount is None:
                raise MalformedAnswer("Enter a whole number of chips (0 or more, digits only), then check.")
            return amount
        amounts = {}
        for seat in seats:
            amount = whole_number(form.get(f"amount-{seat}"))
            if amount is None:
                raise MalformedAnswer(f"Enter a whole number of chips for seat {seat} (digits only).")
            amounts[seat] = amount
        return amounts

    def check(self, answer) -> Verdict:
        if answer == self.answer:
            return Verdict(True, " ".join(self.explanation), self.rule)
        return Verdict(False, self.hint, self.rule)

    def format_answer(self, answer) -> str:
        if self.input == "choice":
            return dict(self.choices)[answer]
        if self.input == "amount":
            return f"{answer} chip{'' if answer == 1 else 's'}"
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
    # Paused just before the round: asking hand.expected() now would play it.
    if hand.finished:
        raise QuestionError(f"the hand is over before the {street} betting round")
    betting = next(s for s in hand.game.streets if s.name == street).betting
    seat = hand.first_to_act(street)
    if betting.opener == "left_of_last_blind" and street == "pre-flop":
        hint = ("Before the flop the first player to act is the one on the left of the last blind "
                f"({betting.rule}).")
    elif betting.opener == "left_of_button" and hand.game.streets[0].name == "pre-flop":
        hint = ("After the flop the betting opens with the first player still in the hand to the "
                f"immediate left of the button ({betting.rule}).")
    else:   # every other game's opener, in the words of its declaration (engine/games.py)
        hint = f"On the {street} the betting opens with {betting.describe()} ({betting.rule})."
    return Question(
        "first_to_act", data.get("prompt") or f"Who acts first on the {street}?", "seat",
        _seat_choices(hand, hand.live_seats()), {"table": hand.view()}, seat, betting.rule,
        hint=hint,
        explanation=[f"Seat {seat} ({hand.players[seat].name}) acts first.", hint])


def winner(data: dict) -> Question:
    from engine.award import hand_readings
    hand = Hand(Scenario.from_dict(_hand_data(data)))
    while (due := hand.expected()) is not None and due.kind != "award":
        hand.propose(due.step())
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
        hint=("Read each player's best five-card hand from the cards the game lets them use "
              + ("(exactly two hole cards and three community cards) "
                 if hand.game.showdown.selection == "two_hole_three_board" else "")
              + f"and compare category first, then the cards in order; equal hands split the pot "
              f"({rule}, 8.1.5)."),
        explanation=explanation)


def pots(data: dict) -> Question:
    """How much is in the main pot and each side pot when the hand reaches the
    showdown (1.1 Main pot, Side pot; 6.15: an all-in player wins only what
    they matched from each opponent; 7.5: an unmatched bet goes back)."""
    hand = Hand(Scenario.from_dict(_hand_data(data)))
    while (due := hand.expected()) is not None and not hand.showdown_pots:
        hand.propose(due.step())
    if not hand.showdown_pots:
        raise QuestionError("the hand never reaches the pots: check the actions")
    built = hand.showdown_pots
    committed = {s: p.committed for s, p in hand.players.items() if p.committed}
    explanation = [f"{p.name.capitalize()}: {p.amount}, contested by seat"
                   f"{'s' if len(p.eligible) > 1 else ''} {', '.join(map(str, p.eligible))}."
                   for p in built]
    explanation += hand.uncalled_lines
    explanation.append("Each all-in player can win only what they put in plus as much from each "
                       "other player; the rest forms a side pot for those who put in more (1.1, 6.15).")
    return Question(
        "pots", data.get("prompt") or "How much is in the main pot and in each side pot?", "amounts",
        [(i, p.name.capitalize()) for i, p in enumerate(built)],
        {"table": hand.view(), "facts": ["Put in this hand: " + ", ".join(
            f"seat {s} {c}" for s, c in sorted(committed.items()))] + list(hand.log)},
        {i: p.amount for i, p in enumerate(built)}, "1.1 (Side pot)",
        hint=("Start from the smallest all-in: the main pot takes that much from every player who put "
              "chips in; the next level makes side pot 1, and so on. A bet nobody called goes back "
              "to its owner and is in no pot (1.1, 6.15, 7.5)."),
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


def irregularity(data: dict) -> Question:
    """"What happens now?" for a misdeal or other irregularity (9.1 and the
    published standard rules the house profile adopts)."""
    from engine import irregularities
    situation = data.get("situation")
    facts = data.get("facts", {})
    if not isinstance(facts, dict):
        raise QuestionError("facts must be a table, e.g. facts = { substantial_action = true }")
    try:
        q = irregularities.question(situation, data.get("house"), **facts)
    except (KeyError, ValueError) as exc:
        known = ", ".join(s.id for s in irregularities.situations())
        raise QuestionError(f"{exc.args[0] if exc.args else exc}; situations: {known}") from None
    ruling = q.ruling
    sort = "a misdeal" if ruling.misdeal else "not a misdeal"
    explanation = [f"{ruling.answer}: {sort} ({ruling.rule}).", ruling.explanation]
    explanation += [f"Then: {step}." for step in ruling.remedy]
    if ruling.house_default:
        explanation.append("The rulebook is silent here; this follows published standard rules, "
                           "the house's default.")
    situation_rule = irregularities.get_situation(situation).rule
    return Question(
        "irregularity", data.get("prompt") or q.prompt, "choice", list(q.choices),
        {"facts": [q.prompt] if data.get("prompt") else []}, q.correct, ruling.rule,
        hint=f"Look again at what {situation_rule} says, and whether there has been substantial "
             f"action (two or more players acting: 1.1).",
        explanation=explanation)


def rake(data: dict) -> Question:
    """"How much commission does the dealer take?" for a hand played to the
    end under the cell's `commission` table over the house's setting (section 7).
    The table is shown as it stands when the commission is due, every hand
    face up (a tie decides 7.8); the answer is what the hand itself takes."""
    hand_data = _hand_data(data)
    # The question is about the commission even where the house's hands take none.
    hand_data.setdefault("commission", {})
    hand = Hand(Scenario.from_dict(hand_data))
    c = hand.commission
    while (due := hand.expected()) is not None and due.kind != "award" and not (
            due.kind == "take_rake" and c.method != "fixed-person"):
        hand.propose(due.step())
    table = hand.view(reveal=True)
    table["commission"] = None          # the drop slide would give the answer away
    talk = list(hand.log)
    hand.autoplay()
    sign = c.sign()
    facts = [f"Table sign: {sign}"]
    if hand.blind_amounts:
        facts.append("Blinds " + "/".join(map(str, hand.blind_amounts)))
    if hand.ante:
        facts.append(f"Ante {hand.ante}")
    facts += [f"{line}." for line in talk]
    # The clause that decides: one that spares the pot, else the method's own.
    spared = [r for r in ("7.6", "7.8") if any(f"({r})" in line for line in hand.rake_lines)]
    rule = spared[0] if spared and not hand.rake else RAKE_RULES.get(c.method, "7.4")
    if c.method == "fixed-person":
        hint = (f"A commission per person per hand is collected from every player dealt in, before the "
                f"hand begins (7.2.4(a), (b)). The sign: {sign}.")
    elif c.method == "fixed-hand":
        hint = (f"A fixed commission per hand depends on the number of players in the hand (7.2.3(b)) and "
                f"stops at the cap (7.7); no commission when the only wagers were blinds (7.6). The sign: {sign}.")
    elif c.method == "none":
        hint = "Look at the table sign: a supervisor may set the commission to nil (7.4)."
    else:
        hint = (f"Work from the sign, {sign}: the percentage of each pot, main pot first, down to whole "
                "chips; an uncalled wager is not part of the pot (7.5); no commission when the only "
                "wagers were blinds (7.6); none once the cap is reached (7.7); none when tied hands "
                "contested the pot alone (7.8).")
    return Question(
        "rake", data.get("prompt") or "How much commission does the dealer take?", "amount", [],
        {"table": table, "facts": facts}, hand.rake, rule, hint=hint,
        explanation=hand.rake_lines + [f"The dealer takes {hand.rake} in commission."])


ACROSS_HANDS = {
    "button": "Where is the button this hand?",
    "small_blind": "Who posts the small (first) blind this hand?",
    "big_blind": "Who posts the big (second) blind this hand?",
    "dealt_in": "Who is dealt in this hand?",
}
ACROSS_HINTS = {
    "button": "The button moves one seat clockwise after each hand (1.1 Button); when the small "
              "blind's player has left, it may have to stay on an empty seat as a dead button (8.2.6).",
    "small_blind": "Blinds are posted left of the button in order (8.2.2); a game may go on without "
                   "a small blind when that player has left (8.2.6).",
    "big_blind": "The second blind is posted by the player left of the first (8.2.2(b)); if the small "
                 "blind's player has left, the next player posts the big blind (8.2.6).",
    "dealt_in": "Players avoiding blinds are not dealt in (8.2.3); a new player may not be dealt in at "
                "the button (8.2.7) and a player who moved past the blinds waits or posts (8.2.5).",
}


def across_hands(data: dict) -> Question:
    """Button, blinds and who is dealt in after players leave, arrive or move."""
    from engine.table import TableError, describe_event, parse_events, play_script
    about = data.get("about")
    if about not in ACROSS_HANDS:
        raise QuestionError(f"about must be one of {', '.join(ACROSS_HANDS)}")
    try:
        script = parse_events(str(data.get("events", "")), source="events")
        hand = int(data.get("hand", max(script.events, default=1)))
        plans = play_script(script, hand, data.get("game", "holdem"), house=data.get("house"),
                            seed=data.get("seed"))
    except (TableError, KeyError, ValueError) as exc:
        raise QuestionError(str(exc.args[0] if exc.args else exc)) from None
    plan = plans[-1]
    names = plan.names
    facts = []
    for earlier in plans[:-1]:
        facts.append(f"Hand {earlier.number}: button at seat {earlier.button}"
                     + "".join(f"; {p.what} seat {p.seat}" for p in earlier.posts))
    facts += [f"Before hand {hand}: {describe_event(e)}." for e in script.events.get(hand, [])]
    label = lambda s: f"Seat {s}" + (f" ({names[s]})" if s in names else " (empty)")
    if about == "button":
        seats = range(1, max(list(names) + [plan.button or 1]) + 1)
        choices, kind, answer = [(s, label(s)) for s in seats], "seat", plan.button
    elif about == "dealt_in":
        choices, kind, answer = [(s, label(s)) for s in sorted(names)], "seats", tuple(sorted(plan.dealt_in))
    else:
        what = "small blind" if about == "small_blind" else "big blind"
        post = next((p for p in plan.posts if p.what == what), None)
        choices = [(str(s), label(s)) for s in sorted(names)] + [("none", f"Nobody: no {what} this hand")]
        kind, answer = "choice", str(post.seat) if post else "none"
    return Question(
        "across_hands", data.get("prompt") or ACROSS_HANDS[about], kind, choices, {"facts": facts},
        answer, "8.2", hint=ACROSS_HINTS[about], explanation=plan.describe())


KINDS = {"first_to_act": first_to_act, "across_hands": across_hands, "pots": pots, "winner": winner, "split": split,
         "irregularity": irregularity, "rake": rake}


def build_question(data: dict) -> Question:
    kind = data.get("ask")
    if kind not in KINDS:
        raise QuestionError(f"ask must be one of {', '.join(KINDS)}, not {kind!r}")
    return KINDS[kind](data)
