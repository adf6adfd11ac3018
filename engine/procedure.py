"""A procedure dealt as ordered dealer steps: a poker hand or a banked round.

`Procedure` holds what every such procedure does alike: name the step due,
check a proposed step and apply it only if it is the one due, deal itself
to the end (`autoplay`), replay the steps a trainee already took (they are
stored, the procedure is not), and build its deck, shuffled and cut (5.1,
5.2) with any cards a scenario forces to the top. The web layer and the
lesson questions talk to this protocol only: each procedure names its cell
template, its table layout and its step labels.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable, Mapping, Self

from engine.cards.deck import Card, Deck, full_deck
from engine.steps import WRONG_SEAT, Done, Expected, ScenarioError, Step, Verdict, hint_levels, mistake


class Procedure(ABC):
    """Dealer steps in order, the players' decisions applied between them."""

    kind: ClassVar[str]                  # "poker" | "casino"
    noun: ClassVar[str]                  # "hand" | "round": what the trainee deals
    cell_template: ClassVar[str]         # the lesson cell that draws it
    layout: ClassVar[str]                # the view's key for its places: "seats" | "boxes"
    place: ClassVar[str]                 # "seat" | "box", in a step's description
    places: ClassVar[str]
    labels: ClassVar[Mapping[str, str]]  # step kind -> the dealer's words
    hint_texts: ClassVar[Mapping[str, tuple[str, str]]]  # step kind -> (what its rule requires, a question)
    wrong_place_texts: ClassVar[Mapping[str, str]] = WRONG_SEAT  # step kind -> where to look (`mistake`)
    seat_steps: ClassVar[frozenset[str]]     # steps applied to one seat (or box)
    seats_steps: ClassVar[frozenset[str]]    # steps applied to several at once
    choice_steps: ClassVar[frozenset[str]] = frozenset()   # steps that choose one of a few rulings

    step_count: int
    finished: bool

    @abstractmethod
    def __init__(self, scenario: Any) -> None:
        """Build from the scenario a lesson cell (or a history) gives."""

    @abstractmethod
    def expected(self) -> Expected | None:
        """The dealer step due now; None when nothing is due."""

    @abstractmethod
    def _refusal(self, step: Step, exp: Expected | None) -> Verdict | None:
        """Why `step` is not the step due, with the rule; None when it is."""

    @abstractmethod
    def _perform(self) -> Done:
        """Apply the step due and take it off the agenda."""

    @abstractmethod
    def _advance(self) -> None:
        """Play the players' decisions up to the next dealer step."""

    @abstractmethod
    def view(self, reveal: bool = False) -> dict[str, object]:
        """What a person at the table can see."""

    @classmethod
    def step_kinds_info(cls) -> dict[str, object]:
        """Step kind -> label, and which take one seat (box) or several."""
        return {"labels": cls.labels, "seat": set(cls.seat_steps), "seats": set(cls.seats_steps),
                "choice": set(cls.choice_steps)}

    def ruling_prompt(self) -> dict[str, object] | None:
        """When the step due is a ruling: what happened and the rulings to
        choose from (never which one is right); None otherwise."""
        return None

    def describe(self, step: Step) -> str:
        """A step in this procedure's words, e.g. "Pitch a card (seat 4)"."""
        return step.describe(self.labels, self.place, self.places)

    def propose(self, step: Step) -> Verdict:
        """Check a dealer step; apply it only if it is the one due now. A
        refused step changes nothing; its verdict carries three hint levels,
        the last of them (mostly its message) naming the step due."""
        exp = self.expected()
        # The due step's own Step (`exp.step()`, as autoplay and drills propose
        # it) is right by construction: only other steps are checked.
        if exp is None or step is not exp._step:
            refusal = self._refusal(step, exp)
            if refusal is not None:
                return self._refused(refusal, exp, step)
            assert exp is not None
        done = self._perform()
        self.step_count += 1
        self._advance()
        return Verdict(True, done.message, exp.rule, done.dealt)

    def _refused(self, refusal: Verdict, exp: Expected | None, step: Step) -> Verdict:
        """A refusal with its three hint levels (those it carries, if any)."""
        if not refusal.hints:
            refusal.hints = (hint_levels(exp, refusal.message, self.hint_texts,
                                         mistake(step, exp, self.labels, self.place,
                                                 self.wrong_place_texts)) if exp is not None
                             else (refusal.message,) * 3)
        return refusal

    def autoplay(self) -> Self:
        """Deal correctly to the end."""
        while (exp := self.expected()) is not None:
            verdict = self.propose(exp.step())
            assert verdict.ok, verdict.message
        return self

    def replay(self, steps: Iterable[Step]) -> Self:
        """Apply accepted steps again (they are stored, the procedure is not)."""
        for step in steps:
            verdict = self.propose(step)
            if not verdict.ok:
                raise ScenarioError(f"stored step {self.describe(step)} no longer fits this {self.noun}: "
                                    f"{verdict.message}")
        return self

    def earlier_rules(self) -> Procedure | None:
        """A fresh procedure of the same scenario dealt as the engine dealt
        it before a change stored steps may predate (a house default in
        engine.house.EARLIER_DEFAULTS, a step added), or None when nothing
        changed. Its own `earlier_rules()` goes one change further back."""
        return None

    def replay_stored(self, steps: Iterable[Step]) -> Procedure:
        """Stored steps replayed on this fresh procedure, or, when they no
        longer fit, on each `earlier_rules()` in turn, newest first: a hand
        a trainee began before a house default changed (the award order) or
        a step was added (the uncalled bet's return) opens, and goes on,
        under the procedure it was dealt by. Raises the first ScenarioError
        when none fits."""
        steps = list(steps)
        try:
            return self.replay(steps)
        except ScenarioError as first:
            earlier = self.earlier_rules()
            while earlier is not None:
                try:
                    return earlier.replay(steps)
                except ScenarioError:
                    earlier = earlier.earlier_rules()
            raise first

    @staticmethod
    def check_stack(stack: tuple[Card, ...], size: int) -> None:
        """The cards a scenario forces to the top must be distinct cards of the deck."""
        if not stack:
            return
        if len(set(stack)) != len(stack):
            raise ScenarioError("stack names a card twice")
        in_deck = set(full_deck(size))
        missing = [c for c in stack if c not in in_deck]
        if missing:
            raise ScenarioError(f"{missing[0]} is not in a {size}-card deck (3.2)")

    @staticmethod
    def build_deck(seed: int | str, size: int, stack: tuple[Card, ...]) -> Deck:
        """Shuffle and cut (5.1, 5.2); a scenario may fix the top cards."""
        deck = Deck.shuffled(seed, size)
        if stack:
            rest = [c for c in deck.cards if c not in stack]
            deck = Deck(list(stack) + rest)
        return deck
