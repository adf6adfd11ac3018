"""The vocabulary of the irregularities registry (engine/irregularities/registry.py):
the outcomes a trainee chooses from, the facts a ruling reads, a `Situation`,
its `Ruling` and a lesson's `Question`, and the misdeal's steps (9.1.1)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from engine.house import HouseRules

# The facts a ruling reads (name -> value), and what a situation's rule
# returns: the Ruling's fields but its situation.
Facts = dict[str, Any]
RulingFields = dict[str, Any]


class IrregularityError(ValueError):
    """A situation or fact the engine cannot rule on; the message says what is wrong."""


OUTCOMES: dict[str, str] = {
    "misdeal": "Misdeal: gather the cards, shuffle and cut anew, deal again starting with the same player",
    "misdeal-wagers-returned": "Misdeal: the hand is void and all wagers, forced bets and blinds go back to the players",
    "dead-hand-wagers-returned": "Misdeal: that hand is dead and all wagers are returned",
    "play-continues": "No misdeal: the hand is played out",
    "correct-and-continue": "No misdeal: correct the error and carry on",
    "recut": "Cut again and deal; no new shuffle is needed",
    "hand-void-returned": "That hand is void and its wagers, forced bets and blinds go back to the player; the others play on",
    "hand-dead": "That hand is dead and its chips stay in the pot; the others play on",
    "dealt-out-plays-on": "No misdeal: the hand is played without that player; any blind or ante he posted is returned",
    "extra-hand-dead": "No misdeal: the extra hand is dead and goes to the muck; play continues",
    "result-stands": "The result stands; change the deck before the next deal",
    "scrap-card": "No misdeal: set the boxed card aside and deal the next card in its place",
    "replace-with-burn": "No misdeal: finish the deal, give the player the next card; the exposed card becomes the first burn card",
    "player-keeps": "No misdeal: the player keeps the card and plays on",
    "next-card-down": "No misdeal: the player's next card, due face up, is dealt face down",
    "announce-burn": "Show the burn card to every player; it stays the burn card and the deal goes on",
    "reshuffle-burn": "Return the burn card to the stub, shuffle and cut, burn again and go on",
    "redeal-flop": "Mix the flop back into the stub (the burn card stays), finish the betting, shuffle, cut and deal a new flop without burning",
    "premature-turn": "Set the card aside, finish the betting, burn and turn the next card as the turn; after that round, shuffle the set-aside card into the stub, cut and turn the river without burning",
    "premature-river": "Set the card aside, finish the betting, shuffle it back into the stub, cut and turn the river without burning",
    "keep-first-exposed": "No misdeal: the player must keep the first card exposed on the deal",
    "replace-exposed": "No misdeal: finish the deal and replace the exposed card with the next one; the exposed card goes to the discards",
    "replace-after-draw": "The player may not take it: it goes to the discards and is replaced once every other player has drawn",
    "remove-excess": "Take back the extra card(s) to the discards; the hand plays on",
    "deliver-missing": "Give the player the missing card(s) from the top of the deck; the hand plays on",
}


@dataclass(frozen=True)
class Fact:
    """Something the ruling depends on, as a lesson states it."""
    name: str
    kind: type                      # bool or int
    true_text: str                  # for bool facts; for int facts a format with {}
    false_text: str = ""
    default: object = None          # None = must be given (when needed)
    needed: Callable[[Facts], object] | None = None  # facts -> bool: only asked when this holds
    examples: tuple[object, ...] = (True, False)  # the values tests and the CLI walk through

    def sentence(self, value: object) -> str:
        if self.kind is bool:
            return self.true_text if value else self.false_text
        return self.true_text.format(value)


def _sa_fact(needed: Callable[[Facts], object] | None = None) -> Fact:
    return Fact("substantial_action", bool,
                "There has been substantial action (two or more players have acted, 1.1).",
                "There has been no substantial action yet.", needed=needed)


@dataclass(frozen=True)
class Ruling:
    situation: str
    outcome: str                # one of OUTCOMES, and one of the situation's choices
    misdeal: bool
    remedy: list[str]           # what the dealer does next, step by step, each citing its rule
    rule: str
    explanation: str
    house_default: bool = False  # True: the rulebook is silent, a published standard rule applies

    @property
    def answer(self) -> str:
        return OUTCOMES[self.outcome]


@dataclass(frozen=True)
class Situation:
    id: str
    title: str
    rule: str
    description: str                  # what happened, as the question's first sentence
    facts: tuple[Fact, ...]
    choices: tuple[str, ...]          # outcome ids a trainee picks from
    decide: Callable[[Facts, HouseRules], RulingFields]   # (facts, house) -> Ruling fields
    house_default: bool = False
    family: str = "all"               # "all", "flop", "stud", "draw"


@dataclass(frozen=True)
class Question:
    situation: str
    prompt: str
    choices: list[tuple[str, str]]    # [(outcome id, text)]
    correct: str
    ruling: Ruling

    def check(self, answer: str) -> bool:
        if answer not in dict(self.choices):
            raise IrregularityError(f"{answer!r} is not one of the choices: "
                                    f"{', '.join(c for c, _ in self.choices)}")
        return answer == self.correct


MISDEAL_STEPS = [
    "Stop the deal and gather every card dealt (9.1.1)",
    "Shuffle anew (5.1) and cut once (5.2) (9.1.1)",
    "Deal again starting with the same player who received the first card of the misdeal; "
    "the button does not move (9.1.1)",
    "Blinds and antes stay posted for the new deal; any other bet already made goes back to "
    "its player (published standard rules)",
]


def _r(outcome: str, misdeal: bool, remedy: Iterable[str], rule: str, explanation: str,
       house_default: bool = False) -> RulingFields:
    return dict(outcome=outcome, misdeal=misdeal, remedy=list(remedy), rule=rule,
                explanation=explanation, house_default=house_default)

