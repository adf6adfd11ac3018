"""Lesson cells as the engine sees them: a hand to deal, or a question whose
answer the engine computes from the cell's scenario.

A lesson file never holds an answer; it holds a scenario. Each question
kind works out the answer, checks a trainee's reply and explains it with
the rule, so the web app only renders and stores. One module per sort of
question: `showdown` (a hand played: first to act, winners, halves, pots,
shares, commission), `money` (splits, the largest bet), `reading` (order
hands, the best hand), `table` (across hands, irregularities), `casino`
(the banked game); `base` holds what they share.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.questions.at_table import amount
from engine.questions.base import Question, QuestionError
from engine.questions.casino import casino_settle
from engine.questions.money import largest_bet, split
from engine.questions.reading import best_hand, order
from engine.questions.showdown import first_to_act, first_to_show, halves, pots, rake, shares, winner
from engine.questions.table import across_hands, irregularity

__all__ = ["KINDS", "build_question"]

KINDS: dict[str, Callable[[Mapping[str, Any]], Question]] = {
    "first_to_act": first_to_act, "first_to_show": first_to_show, "across_hands": across_hands, "pots": pots, "winner": winner,
    "halves": halves, "shares": shares, "split": split, "irregularity": irregularity, "rake": rake,
    "order": order, "best_hand": best_hand, "largest_bet": largest_bet, "casino_settle": casino_settle,
    "amount": amount,
}


def build_question(data: Mapping[str, Any]) -> Question:
    kind = data.get("ask")
    if not isinstance(kind, str) or kind not in KINDS:
        raise QuestionError(f"ask must be one of {', '.join(KINDS)}, not {kind!r}")
    return KINDS[kind](data)
