"""Casino Hold'em questions (the banked game, engine.casino.round): does the
dealer qualify, what is paid on one box's ante, call and bonus, and how the
box is settled (paid, taken or pushed)."""
from __future__ import annotations

from typing import Any

from engine.cards.deck import format_cards
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
from engine.questions.base import Data, Question, QuestionError
from engine.steps import ScenarioError

# about = "outcome": how the dealer settles one box (engine.casino.boxes BoxPlan.outcome).
OUTCOME_CHOICES = {
    "win": "Paid: the box beats a qualifying dealer, or the dealer does not qualify",
    "lose": "Taken: the dealer's hand is better; ante and Call are lost",
    "push": "Push: the same five cards as the dealer; ante and Call go back to the player",
    "fold": "Nothing to settle: the box folded and lost its ante",
}
SCENARIO_KEYS = {"boxes", "decisions", "seed", "stack", "house", "chips", "bank", "game"}


def _played(data: Data) -> CasinoRound:
    try:
        round_ = CasinoRound(CasinoScenario.from_dict({k: v for k, v in data.items() if k in SCENARIO_KEYS}))
        round_.autoplay()
    except ScenarioError as exc:
        raise QuestionError(str(exc)) from None
    return round_


def _facts(round_: CasinoRound) -> list[str]:
    facts = []
    for box in sorted(round_.boxes):
        b = round_.boxes[box]
        wagers = f"ante {b.ante}" + (f", bonus {b.bonus}" if b.bonus else "")
        what = "folded" if b.folded else f"called {b.call}"
        facts.append(f"Box {box} ({b.name}): {format_cards(b.cards)}; {wagers}; {what}")
    facts.append(f"Board: {format_cards(round_.board)}")
    facts.append(f"Dealer: {format_cards(round_.dealer)}")
    return facts


def casino_settle(data: Data) -> Question:
    """about = "qualify": does the dealer qualify (a pair of fours or better)?
    about = "paid", box = N: the winnings paid on that box's ante, call and
    bonus (0 where a wager loses, pushes or is returned unpaid).
    about = "outcome", box = N: paid, taken, pushed or folded (OUTCOME_CHOICES)."""
    round_ = _played(data)
    about = data.get("about", "paid")
    facts = _facts(round_)
    rule_q = round_.game.dealer_qualifier.rule
    assert round_.dealer_hand is not None
    dealer_words = round_.dealer_hand.describe()
    if about == "qualify":
        answer = "yes" if round_.qualifies else "no"
        explanation = [f"The dealer's best five of seven is {dealer_words}; "
                       f"{round_.game.dealer_qualifier.words} qualifies ({rule_q}).",
                       "The dealer qualifies: each call is compared with the dealer's hand (CH ¶10)."
                       if round_.qualifies else
                       "The dealer does not qualify: every ante is paid by the pay table and every call "
                       "is returned unpaid (CH ¶12)."]
        return Question(
            "casino_settle", data.get("prompt") or "Does the dealer qualify?", "choice",
            [("yes", "Yes: the dealer qualifies"), ("no", "No: the dealer does not qualify")],
            {"facts": facts}, answer, rule_q,
            hint=(f"Read the dealer's best five of the two cards and the board; the dealer needs "
                  f"{round_.game.dealer_qualifier.words} ({rule_q})."),
            explanation=explanation)
    if about not in ("paid", "outcome"):
        raise QuestionError('about must be "qualify", "paid" or "outcome"')
    box = data.get("box")
    plan = next((p for p in round_.settlement if p.box == box), None)
    if plan is None:
        raise QuestionError(f"box must be one of the boxes played: {', '.join(map(str, sorted(round_.boxes)))}")
    rule = {"fold": "CH ¶6", "win": "CH ¶10, ¶14" if round_.qualifies else "CH ¶12, ¶14",
            "lose": "CH ¶10", "push": "CH ¶10"}.get(plan.outcome, "CH ¶10")
    if about == "outcome":
        # "paid" answers 0 and 0 for a push and for a loss alike; this asks
        # which settlement the dealer makes, so a push is told from a loss.
        explanation = list(plan.lines)
        if plan.outcome != "fold":
            explanation.insert(0, f"The dealer holds {dealer_words}: "
                                  + ("qualifies" if round_.qualifies else "does not qualify") + f" ({rule_q}).")
        return Question(
            "casino_settle", data.get("prompt") or f"How is box {box} settled?", "choice",
            list(OUTCOME_CHOICES.items()), {"facts": facts}, plan.outcome, rule,
            hint=("Does the dealer qualify (CH ¶9)? Then compare the box's best five with the dealer's: "
                  "better is paid, worse is taken, exactly the same pushes (CH ¶10; the push is the "
                  "published standard); a dealer who does not qualify pays every ante and returns every "
                  "call (CH ¶12); a folded box lost its ante when it folded (CH ¶6)."),
            explanation=explanation)
    choices: list[tuple[Any, str]] = [("ante", "Ante"), ("call", "Call")]
    answer_: dict[str, int] = {"ante": plan.ante_won, "call": plan.call_won}
    if plan.bonus:
        choices.append(("bonus", "Bonus"))
        answer_["bonus"] = plan.bonus_won
    explanation = list(plan.lines)
    if round_.dealer_hand is not None and plan.outcome != "fold":
        explanation.insert(0, f"The dealer holds {dealer_words}: "
                              + ("qualifies" if round_.qualifies else "does not qualify") + f" ({rule_q}).")
    return Question(
        "casino_settle", data.get("prompt") or f"What is paid on box {box}? Enter the winnings paid on "
                                               "each wager (0 where none is paid).",
        "amounts", choices, {"facts": facts}, answer_, rule,
        hint=("First ask whether the dealer qualifies (a pair of fours or better, CH ¶9). If not, the "
              "ante is paid by the pay table and the call is returned unpaid (CH ¶12). If so, a better "
              "hand is paid the pay table on the ante and 1 to 1 on the call; a worse hand loses both; "
              "the same hand pushes (CH ¶10, ¶14). The bonus is read on the two cards and the flop "
              "(CH ¶4); a folded box forfeits its ante (CH ¶6)."),
        explanation=explanation, labelled=True)
