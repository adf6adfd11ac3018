"""Dealer steps: what a trainee does, what is due, and the ruling on it.

Every procedure the trainer deals (a poker hand, a round of the banked
Casino Hold'em) speaks this one protocol: it names the `Expected` step due
with the rule that requires it, judges a proposed `Step` with a `Verdict`,
and says what a step did (`Dealt`: which cards went where). The details a
step carries are typed, one dataclass per kind of step that needs one.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Mapping

from engine.cards.deck import Card
from engine.money.commission import PotLike, Rake

# The poker hand's dealer steps, in the words a dealer uses.
STEP_LABELS = {
    "move_button": "Move the button",
    "post_blind": "Collect a blind",
    "pitch": "Pitch a card",
    "burn": "Burn a card",
    "deal_flop": "Deal the flop",
    "turn_flop": "Turn the flop",
    "deal_board": "Deal a community card",
    "return_uncalled": "Return the uncalled bet",
    "collect_bets": "Collect the bets",
    "award": "Award the pot",
    "collect_antes": "Collect the antes",
    "pitch_up": "Pitch a card face up",
    "deal_kitty": "Deal a card to the Kitty",
    "name_opener": "Name who opens",
    "take_discard": "Take the discards",
    "replace": "Replace from the stub",
    "reshuffle": "Reshuffle",
    "give_kitty": "Give the Kitty",
    "muck_kitty": "Muck the Kitty",
    "deal_common": "Deal a common card",
    "take_rake": "Take the commission",
    "rule_on_action": "Rule on the action",
}


class ScenarioError(ValueError):
    """A hand scenario that cannot be dealt (bad seats, cards, actions)."""


@dataclass(frozen=True, init=False)
class Step:
    """A dealer step: what the trainee did, e.g. Step("pitch", seat=4), or
    the ruling chosen, e.g. Step("rule_on_action", choice="call")."""
    kind: str
    seat: int | None = None
    seats: tuple[int, ...] = ()
    choice: str = ""

    def __init__(self, kind: str, seat: int | None = None, seats: tuple[int, ...] = (), choice: str = ""):
        # Frozen, so the generated __init__ would call object.__setattr__ once
        # per field; every dealer step of every hand builds a Step.
        d = self.__dict__
        d["kind"] = kind
        d["seat"] = seat
        d["seats"] = seats
        d["choice"] = choice

    def __str__(self) -> str:
        return self.describe(STEP_LABELS, "seat", "seats")

    def describe(self, labels: Mapping[str, str], place: str, places: str) -> str:
        """The step in a procedure's words: its labels, "seat" or "box"."""
        label = labels.get(self.kind, self.kind)
        if self.choice:
            return f"{label}: {self.choice}"
        if self.seat is not None:
            return f"{label} ({place} {self.seat})"
        if self.seats:
            return f"{label} ({places if len(self.seats) > 1 else place} {', '.join(map(str, self.seats))})"
        return label

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "seats": list(self.seats)}
        if self.choice:
            data["choice"] = self.choice
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Step":
        return cls(data["kind"], data.get("seat"), tuple(data.get("seats") or ()), str(data.get("choice") or ""))


# --- what a due step carries -------------------------------------------------------

@dataclass(frozen=True)
class Detail:
    """What a due step needs beyond its kind and seat. Each kind of step that
    needs more has its own dataclass below; `detail["key"]` reads a field too."""

    def __getitem__(self, key: str) -> Any:
        if key not in {f.name for f in fields(self)}:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default)


@dataclass(frozen=True, init=False)
class Blind(Detail):
    """post_blind: the amount; `over` for an over-blind (8.4.1(b)(i)); `dead` for
    chips that go straight to the pot and count toward no bet (a missed small
    blind made up, 8.2.3, published standard rules)."""
    amount: int
    over: bool = False
    dead: bool = False

    def __init__(self, amount: int, over: bool = False, dead: bool = False):
        # Frozen: fields straight into the instance dict, as Step does (every blind of every hand).
        d = self.__dict__
        d["amount"] = amount
        d["over"] = over
        d["dead"] = dead


@dataclass(frozen=True)
class OnBoard(Detail):
    """deal_flop, turn_flop, deal_board: which board (0 the first), and the
    card's name where the game names it (e.g. "fourth street")."""
    board: int = 0
    name: str = ""


@dataclass(frozen=True, init=False)
class Discards(Detail):
    """take_discard: the cards given up, and the draw they belong to."""
    cards: tuple[Card, ...]
    draw: int | None = None

    def __init__(self, cards: tuple[Card, ...], draw: int | None = None):
        # Frozen: fields straight into the instance dict, as Step does (every player's draw).
        d = self.__dict__
        d["cards"] = cards
        d["draw"] = draw


@dataclass(frozen=True)
class Exchange(Detail):
    """take_discard when the Kitty is taken: the whole hand goes (8.5.3)."""
    exchange: bool = True


@dataclass(frozen=True, init=False)
class Replace(Detail):
    """replace: how many cards come from the stub."""
    count: int

    def __init__(self, count: int):
        self.__dict__["count"] = count    # frozen: as Step does (every player's draw)


@dataclass(frozen=True)
class Reshuffle(Detail):
    """reshuffle: the burns with the stub (stud), or a draw's earlier discards
    (`seat` drawing in draw number `draw`)."""
    what: str                    # "burns" | "discards"
    seat: int | None = None
    draw: int | None = None


@dataclass(frozen=True)
class Returned(Detail):
    """return_uncalled: the chips of the last bet nobody called (1.1 Pot; 7.5)."""
    amount: int


@dataclass(frozen=True)
class RakeDue(Detail):
    """take_rake from the pots: the rake worked out at the showdown (section 7)."""
    rake: Rake[PotLike]


@dataclass(frozen=True)
class RulingDue(Detail):
    """rule_on_action: a player's irregular action the dealer must call
    (section 6). `situation` is what the table saw; `choices` are the rulings
    offered (key, words), in an order that does not depend on which is right;
    `right` is the key of the ruling the rules give, `rule` its number, `said`
    the dealer's words for it and `principle` the rule paraphrased for a
    trainee who chose wrong."""
    seat: int
    situation: str
    choices: tuple[tuple[str, str], ...]
    right: str
    said: str
    principle: str


@dataclass
class Expected:
    """The dealer step due now, with the rule that requires it. Nothing
    changes one once made, so a game's dealing steps are made once per seating
    and shared by its hands (engine.hand.dealing), each with its one `Step`."""
    kind: str
    rule: str
    why: str
    seat: int | None = None
    seats: tuple[int, ...] = ()
    street: str = ""
    detail: Detail | None = field(default=None, repr=False, compare=False)
    _step: Step | None = field(default=None, init=False, repr=False, compare=False)

    def step(self) -> Step:
        """The step that performs this one: its kind and seat(s), and for a
        ruling the right choice (made at the first asking, then kept)."""
        step = self._step
        if step is None:
            choice = self.detail.right if isinstance(self.detail, RulingDue) else ""
            step = self._step = Step(self.kind, self.seat, self.seats, choice)
        return step


# --- what a step did -------------------------------------------------------------

@dataclass(frozen=True, init=False)
class Dealt:
    """Cards a step took from the deck and where they went: to a seat (or a
    box), a board, the Kitty, the burns, or the banker's own hand."""
    to: str                      # "seat" | "board" | "kitty" | "burn" | "dealer"
    cards: tuple[Card, ...]
    seat: int | None = None
    board: int = 0

    def __init__(self, to: str, cards: tuple[Card, ...], seat: int | None = None, board: int = 0):
        # Frozen: fields straight into the instance dict, as Step does (most steps deal a card).
        d = self.__dict__
        d["to"] = to
        d["cards"] = cards
        d["seat"] = seat
        d["board"] = board


@dataclass(frozen=True, init=False)
class Done:
    """What a step did: the dealer's words, and the cards it dealt."""
    message: str
    dealt: Dealt | None = None

    def __init__(self, message: str, dealt: Dealt | None = None):
        # Frozen: fields straight into the instance dict, as Step does (one per step).
        d = self.__dict__
        d["message"] = message
        d["dealt"] = dealt


@dataclass
class Verdict:
    ok: bool
    message: str
    rule: str
    dealt: Dealt | None = field(default=None, repr=False, compare=False)
    # A refused step's three hint levels (see `hint_levels`): the rule it
    # breaks, a leading question, and the due step named (the message).
    hints: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def hint(self, level: int) -> str:
        """The words shown after the `level`-th wrong step in a row (1 to 3;
        more is 3): level 3, and an accepted step, is the message itself."""
        if not self.hints:
            return self.message
        return self.hints[min(max(level, 1), len(self.hints)) - 1]


# --- hints that teach ------------------------------------------------------------
# For each kind of step due: (what its rule requires, paraphrased without naming
# the step; a leading question). The rule's number is the due step's own (it
# differs by game); `hint_levels` puts it in. A procedure with other steps (the
# banked Casino Hold'em) keeps its own table beside its labels.
HINTS: Mapping[str, tuple[str, str]] = {
    "move_button": ("before each hand the dealer button advances to the player now entitled to it",
                    "Where must the button sit before anything is posted or dealt?"),
    "post_blind": ("the players the rule names put in their forced bets before any card is dealt",
                   "Who owes a forced bet before the cards go out, and how much?"),
    "pitch": ("the players' cards go out face down, one at a time, clockwise, in the order the rule gives",
              "Whose card comes next, and in which order does the deal go round?"),
    "burn": ("before each round of cards the top card goes out of play, face down",
             "What must happen before any card of the next round is dealt?"),
    "deal_flop": ("the first community cards go out together to the centre of the table",
                  "Which cards go to the centre of the table now, and how many?"),
    "turn_flop": ("the first community cards are spread face up together once they lie on the table",
                  "The community cards lie face down: what happens to them before the betting?"),
    "deal_board": ("the board's next card goes face up to the centre, after the card put out of play",
                   "Which card of the board is next, and where does it go?"),
    "return_uncalled": ("the part of a bet or raise that nobody matched is no part of the pot: it goes "
                        "back to its owner before the bets are brought in",
                        "Did every player still in match the last bet? If not, whose chips are the "
                        "unmatched part, and where do they go before the collect?"),
    "collect_bets": ("when a betting round ends, the chips in front of the players go into the pot "
                     "before anything else happens",
                     "Where do the chips in front of the players belong now that the betting is over?"),
    "award": ("the pot goes to the hand or hands the rule names as winning it",
              "Who holds the best hand for this pot, and which pot or half is being decided?"),
    "collect_antes": ("every player puts in the ante before any card is dealt",
                      "What does every player owe before the first card?"),
    "pitch_up": ("this round's cards go to the players exposed, one at a time, clockwise",
                 "How must the next player's card land: hidden or exposed?"),
    "deal_kitty": ("the Kitty receives its cards in turn with the players during the deal",
                   "Who besides the players receives cards in this deal?"),
    "name_opener": ("the betting round is begun by the player the rule picks out (by the up-cards, or "
                    "by position)",
                    "Who must start this round of betting, and why that player?"),
    "take_discard": ("a drawing player gives up the unwanted cards before receiving any",
                     "What must a drawing player hand in before getting new cards?"),
    "replace": ("a player who discarded gets as many new cards as were given up, from the top of the deck",
                "How many new cards does this player get, and where do they come from?"),
    "reshuffle": ("when the deck runs short, the cards the rule names are shuffled together into a new "
                  "deck",
                  "Are there enough cards left to go on? If not, what makes the new deck?"),
    "give_kitty": ("a player who takes the Kitty exchanges the whole hand for it",
                   "The hand has been given up: what does the player receive in exchange?"),
    "muck_kitty": ("a Kitty that nobody takes goes out of play",
                   "Nobody took the Kitty: what becomes of it?"),
    "deal_common": ("when the deck cannot give every player a card, one card goes face up in the centre "
                    "for all of them",
                    "Are there enough cards for every player? If not, how is this street dealt?"),
    "take_rake": ("the house's share comes out of the pot before the pot is paid",
                  "What does the house take from this pot, and when?"),
    "rule_on_action": ("a player's irregular action is ruled on as the rule gives before the hand goes on",
                       "What did the player just do, and what does the rule make of it?"),
}


# Level 1 first points at the mistake (issue 29 finding 8). A step of the kind
# due at the wrong seat (or box) is told where to look; kinds not listed get
# `LOOK_AGAIN`. Never the seat due: that is level 3's.
WRONG_SEAT: Mapping[str, str] = {
    "move_button": "look at who sits next, clockwise, after the seat the button left",
    "post_blind": "the blinds go in from the button's left in order: the small blind comes before "
                  "the big blind",
    "pitch": "the deal starts left of the button and goes round clockwise, one card each",
    "pitch_up": "the deal starts left of the button and goes round clockwise, one card each",
    "award": "compare the hands still in for this pot (or this half) and find the best",
    "name_opener": "look at the up-cards (or the positions) the rule picks the opener by",
    "return_uncalled": "look at whose bet nobody matched",
    "take_discard": "the draw goes round clockwise from the button's left",
    "replace": "the draw goes round clockwise from the button's left",
    "give_kitty": "look at who gave up a hand for the Kitty",
}
LOOK_AGAIN = "look again at which {place} the rule picks out now"


def mistake(step: Step, exp: Expected, labels: Mapping[str, str], place: str = "seat",
            where: Mapping[str, str] = WRONG_SEAT) -> str:
    """What was wrong with `step` while `exp` is due, in a few words: a step
    out of order, or the wrong seat (or box: `where` is the procedure's own
    table of where to look)."""
    if step.kind != exp.kind:
        said, due = labels.get(step.kind, step.kind), labels.get(exp.kind, exp.kind)
        return f"Wrong order: not {said} now." if due.lower() not in said.lower() else "Wrong order."
    wrong = step.seats or ((step.seat,) if step.seat is not None else ())
    if wrong and (step.seat, step.seats) != (exp.seat, exp.seats):
        wrong_place = f"{place}{'s' if len(wrong) > 1 else ''} {', '.join(map(str, wrong))}"
        return f"Not {wrong_place}: {where.get(step.kind, LOOK_AGAIN.format(place=place))}."
    return "Not this step."


def hint_levels(exp: Expected, message: str, table: Mapping[str, tuple[str, str]],
                wrong: str = "Not this step.") -> tuple[str, str, str]:
    """The three levels for a step refused while `exp` is due: (1) what was
    wrong with it (`mistake`), then the rule and what it requires, (2) a
    leading question pointing at the rule's text, (3) `message`, which names
    the due step."""
    requires, question = table[exp.kind]
    rule = exp.rule or "the rules"
    return (f"{wrong} {rule} says {requires}.", f"{question} See {rule}.", message)
