"""Hand calls: name a tabled hand's value in every ranking of section 3
(52-card high 3.2.1, the short decks 3.2.2 and 20 cards 3.2.3, the lows of
the stud, draw and hi-lo games), as the dealer announces it. The reading is
engine.cards.rankings' own (`Ranking.best`)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards.deck import Card, format_cards, full_deck
from engine.cards.rankings import RANKINGS, Ranking
from engine.house import HouseRules
from engine.sprints.items import Drawn, Kind

# Cards a tabled hand holds under each ranking: seven where the games using it
# deal seven (Hold'em, stud, Razz), five for the draw lows and the 20-card deck.
CARDS = {"high": 7, "short40": 7, "short36": 7, "short32": 7, "short20": 5, "ace-to-five": 7,
         "deuce-to-seven": 5, "eight-or-better": 7}
NO_LOW = "No qualifying low"
CHOICES = 4


@dataclass(frozen=True)
class ReadingSetup:
    ranking: str
    cards: tuple[Card, ...]
    decoys: tuple[tuple[Card, ...], ...]     # other hands whose calls are offered as wrong choices


def call(ranking: Ranking, cards: tuple[Card, ...]) -> str:
    """What the dealer announces: the best hand's words (no low: NO_LOW)."""
    best = ranking.best(cards)
    return best.label if best is not None else NO_LOW


def draw_reading(rng: random.Random, house: HouseRules) -> ReadingSetup:
    ranking = RANKINGS[rng.choice(tuple(RANKINGS))]
    deck = full_deck(ranking.scheme.deck_size)
    count = CARDS[ranking.name]
    cards = tuple(rng.sample(deck, count))
    right = call(ranking, cards)
    decoys: list[tuple[Card, ...]] = []
    seen = {right}
    for _ in range(40):
        other = tuple(rng.sample(deck, count))
        words = call(ranking, other)
        if words not in seen:
            seen.add(words)
            decoys.append(other)
        if len(decoys) == CHOICES - 1:
            break
    return ReadingSetup(ranking.name, cards, tuple(decoys))


def ask_reading(setup: ReadingSetup, house: HouseRules) -> Drawn:
    ranking = RANKINGS[setup.ranking]
    answer = call(ranking, setup.cards)
    offered = [answer] + [call(ranking, d) for d in setup.decoys]
    choices = tuple(sorted(offered))
    best = ranking.best(setup.cards)
    how = (f"The best five are {best.describe()}" if best is not None else
           "No five cards of different ranks are 8 or lower, so the hand has no low (1.1 Eight Qualifier)")
    situation = (f"{ranking.title}.\n"
                 f"Tabled: {format_cards(setup.cards)}. Call the hand.")
    explanation = f"{how} under {ranking.title} ({ranking.rule})."
    return Drawn(situation, answer, ranking.rule, explanation, answer_form="choice", choices=choices)


HAND_CALL = Kind("hand-call", "Hand call", draw_reading, ask_reading)
