"""Questions about the table across hands (button, blinds, who is dealt in)
and about irregularities (what happens now)."""
from __future__ import annotations

from typing import Any

from engine.questions.base import Data, Question, QuestionError

ACROSS_HANDS = {
    "button": "Where is the button this hand?",
    "small_blind": "Who posts the small (first) blind this hand?",
    "big_blind": "Who posts the big (second) blind this hand?",
    "penalty_big_blind": "Who posts a penalty big blind this hand?",
    "dealt_in": "Who is dealt in this hand?",
    "missed_blinds": "How much goes in for missed blinds this hand: how much live, how much dead?",
}
ACROSS_HINTS = {
    "button": "The button moves one seat clockwise after each hand (1.1 Button); when the small "
              "blind's player has left, it may have to stay on an empty seat as a dead button (8.2.6).",
    "small_blind": "Blinds are posted left of the button in order (8.2.2); a game may go on without "
                   "a small blind when that player has left (8.2.6).",
    "big_blind": "The second blind is posted by the player left of the first (8.2.2(b)); if the small "
                 "blind's player has left, the next player posts the big blind (8.2.6).",
    "penalty_big_blind": "A player who changes seats more than two live seats clockwise, away from the "
                         "blinds, may wait until the blinds come round or post a big blind to play at "
                         "once; moving towards the blinds costs nothing (8.2.5).",
    "dealt_in": "Players avoiding blinds are not dealt in (8.2.3); a new player may not be dealt in at "
                "the button (8.2.7) and a player who moved past the blinds waits or posts (8.2.5).",
    "missed_blinds": "A player who missed blinds and comes back posting them puts in every blind he "
                     "missed: the big blind live, part of his bet this hand, and the small blind dead, "
                     "into the pot and no part of his bet (8.2.3; published standard rules).",
}
# The parts of a missed-blind post a trainee enters, and what each means.
MISSED_PARTS = [("live", "Live: counts toward the player's bet"),
                ("dead", "Dead: goes into the pot, not part of the bet")]
POSTS = {"small_blind": "small blind", "big_blind": "big blind", "penalty_big_blind": "penalty big blind"}


def across_hands(data: Data) -> Question:
    """Button, blinds and who is dealt in after players leave, arrive or move."""
    from engine.table.plan import TableError
    from engine.table.events import describe_event, parse_events, play_script
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

    def label(s: int) -> str:
        return f"Seat {s}" + (f" ({names[s]})" if s in names else " (empty)")

    choices: list[tuple[Any, str]]
    answer: Any
    if about == "button":
        seats = range(1, max(list(names) + [plan.button or 1]) + 1)
        choices, kind, answer = [(s, label(s)) for s in seats], "seat", plan.button
    elif about == "dealt_in":
        choices, kind, answer = [(s, label(s)) for s in sorted(names)], "seats", tuple(sorted(plan.dealt_in))
    elif about == "missed_blinds":
        missed = [p for p in plan.posts if p.what.startswith("missed ")]
        if not missed:
            raise QuestionError(f"nobody posts a missed blind in hand {hand}: make a player step away "
                                f"('N away NAME') and come back posting ('N back NAME post')")
        choices, kind = list(MISSED_PARTS), "amounts"
        answer = {"live": sum(p.amount for p in missed if p.live),
                  "dead": sum(p.amount for p in missed if not p.live)}
    else:
        what = POSTS[about]
        post = next((p for p in plan.posts if p.what == what), None)
        choices = [(str(s), label(s)) for s in sorted(names)] + [("none", f"Nobody: no {what} this hand")]
        kind, answer = "choice", str(post.seat) if post else "none"
    rule = {"penalty_big_blind": "8.2.5", "missed_blinds": "8.2.3"}.get(about, "8.2")
    return Question(
        "across_hands", data.get("prompt") or ACROSS_HANDS[about], kind, choices, {"facts": facts},
        answer, rule, hint=ACROSS_HINTS[about], explanation=plan.describe(),
        labelled=about == "missed_blinds")


def irregularity(data: Data) -> Question:
    """"What happens now?" for a misdeal or other irregularity (9.1 and the
    published standard rules the house profile adopts)."""
    from engine.irregularities import registry as irregularities
    situation = str(data.get("situation", ""))
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
