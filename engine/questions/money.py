"""Questions about chips without a hand dealt: dividing a tied pot under a
house's odd-chip rule, and the largest bet or raise a structure allows."""
from __future__ import annotations

from typing import Any, Mapping

from engine.betting.rulings import BettingRound
from engine.betting.structures import KINDS as STRUCTURES, BettingStructure
from engine.house import MAIN, PROFILES
from engine.money.award import split_explained
from engine.money.pots import split_pot
from engine.questions.base import Data, Question, QuestionError, hand_data

ODD_CHIP_WORDS = {
    "button": "the leftover chips go one at a time to the tied hands closest clockwise to the button "
              "(8.1.5(a))",
    "suit": "the leftover chips go to the hand holding the highest card by suit, spades highest "
            "(8.1.5(b), 3.2.4)",
    "left_of_button": "the leftover chips go to the first winner to the left of the button",
}
RAZZ_ODD_CARD_WORDS = {"highest_ace_low": "the highest card, aces counting low (house razz_odd_chip)",
                       "highest_ace_high": "the highest card, the ace highest (house razz_odd_chip)",
                       "lowest": "the lowest card by suit, aces low (house razz_odd_chip)"}
ODD_CHIP_RULES = {"button": "8.1.5(a)", "suit": "8.1.5(b)", "left_of_button": "live-casino house rules"}


def split(data: Data) -> Question:
    """A tied pot divided (8.1.5), under the odd-chip rule of a built-in house
    profile when `house` is given (main, second, live-casino)."""
    try:
        pot = int(data["pot"])
        winners = [int(s) for s in data["winners"]]
        button = int(data["button"]) if "button" in data else None
        table_seats = int(data.get("table_seats", 10))
    except (KeyError, TypeError, ValueError):
        raise QuestionError("a split question needs pot = N, winners = [seats], button = seat "
                            "(and optionally lowest_chip, table_seats, house)") from None
    house_name = data.get("house")
    if house_name is not None and house_name not in PROFILES:
        raise QuestionError(f"house must be one of {', '.join(sorted(PROFILES))}")
    house = PROFILES[house_name] if house_name is not None else None
    try:
        lowest = int(data.get("lowest_chip", house.lowest_chip if house else 1))
    except (TypeError, ValueError):
        raise QuestionError("lowest_chip must be a whole number of chips") from None
    if pot <= 0 or lowest <= 0 or pot % lowest:
        raise QuestionError("pot must be a positive multiple of lowest_chip")
    hands = {int(k): v for k, v in data.get("hands", {}).items()}
    game = data.get("game")
    if game not in (None, "razz"):
        raise QuestionError("game may only be \"razz\" (its odd chip by suit follows the house's "
                            "razz_odd_chip); leave it out for any other game")
    odd_card = (house or MAIN).razz_odd_chip if game == "razz" else "highest_ace_high"
    try:
        if house is None:
            shares, explanation, rule = split_explained(pot, winners, button=button, lowest_chip=lowest,
                                                        table_seats=table_seats, hands=hands,
                                                        odd_card=odd_card)
            odd_rule = "button" if button else "suit"
        else:
            odd_rule = house.odd_chip if button is not None else "suit"
            shares, explanation = split_pot(pot, winners, button=button, seat_count=table_seats,
                                            lowest_chip=lowest, odd_chip=odd_rule, hands=hands,
                                            odd_card=odd_card)
            rule = ODD_CHIP_RULES[odd_rule]
    except ValueError as exc:
        raise QuestionError(f"{exc}; give hands = {{ 2 = \"As Kd\", ... }}") from None
    names = data.get("names", {})
    choices = [(s, f"Seat {s}" + (f" ({names[str(s)]})" if str(s) in names else "")) for s in sorted(winners)]
    facts = [f"Pot: {pot}", f"Lowest chip in play: {lowest}",
             f"Button: seat {button}" if button else "No button in use",
             "Tied winners: " + ", ".join(f"seat {s}" for s in sorted(winners))]
    if house is not None:
        facts.insert(0, f"House rules: {house.name}")
        facts += [f"Seat {s} holds {hands[s]}" for s in sorted(hands) if s in winners]
        hint = (f"Divide the pot equally down to the lowest chip in play (8.1.5); under the {house.name} "
                f"house rules {ODD_CHIP_WORDS[odd_rule]}.")
    else:
        hint = f"Divide the pot equally down to the lowest chip in play (8.1.5); {ODD_CHIP_WORDS[odd_rule]}."
    if odd_card != "highest_ace_high":
        hint += f" In Razz this house reads that card as: {RAZZ_ODD_CARD_WORDS[odd_card]}."
    return Question(
        "split", data.get("prompt") or f"The pot of {pot} is split. How much does each winner get?",
        "amounts", choices, {"facts": facts}, shares, rule, hint=hint, explanation=explanation)


MAX_ACTIONS = 60


def _structure(data: Data) -> BettingStructure:
    kind = data.get("structure")
    limits = data.get("limits")
    if kind not in STRUCTURES or not isinstance(limits, list) or not limits:
        raise QuestionError(f"structure must be one of {', '.join(STRUCTURES)} and limits a list: "
                            "[small bet, big bet] (fixed), [minimum, maximum] (spread), [minimum] "
                            "(pot, half-pot, no-limit)")
    cap = data.get("raise_cap", 3)
    try:
        if kind == "fixed":
            return BettingStructure.fixed(int(limits[0]), int(limits[1]), raise_cap=cap)
        if kind == "spread":
            return BettingStructure.spread(int(limits[0]), int(limits[1]), raise_cap=cap)
        return BettingStructure(str(kind), min_bet=int(limits[0]))
    except (IndexError, TypeError, ValueError) as exc:
        raise QuestionError(f"limits: {exc}") from None


def _situation(data: Data) -> tuple[BettingRound, list[str]]:
    """The betting round the cell describes, played up to the player asked about."""
    structure = _structure(data)
    order, stacks, posted = data.get("order"), data.get("stacks", {}), data.get("posted", {})
    actions = data.get("actions", [])
    if (not isinstance(order, list) or not isinstance(stacks, dict) or not isinstance(posted, dict)
            or not isinstance(actions, list) or len(actions) > MAX_ACTIONS):
        raise QuestionError("a largest_bet question needs order = [seats in acting order], stacks = "
                            "{ seat = chips }, optional posted = { seat = chips }, pot = chips and "
                            "actions = [\"call\", \"raise 12\", ...] (amounts are the total the "
                            "player makes it)")
    try:
        betting = BettingRound(structure, [int(s) for s in order], {int(k): int(v) for k, v in stacks.items()},
                               posted={int(k): int(v) for k, v in posted.items()},
                               pot=int(data.get("pot", 0)), round_index=int(data.get("round", 0)))
    except (TypeError, ValueError) as exc:
        raise QuestionError(str(exc)) from None
    said = []
    for raw in actions:
        words = str(raw).split()
        if not words or len(words) > 2:
            raise QuestionError(f"action {raw!r}: say fold, check, call, bet N, raise N or all-in")
        kind, amount = words[0].lower(), (int(words[1]) if len(words) == 2 and words[1].isdigit() else None)
        if len(words) == 2 and amount is None:
            raise QuestionError(f"action {raw!r}: the amount must be a whole number")
        seat = betting.turn
        outcome = betting.act(kind, amount)
        if not outcome:
            raise QuestionError(f"action {raw!r} by seat {seat} is not legal: {outcome.message}")
        said.append(f"Seat {seat}: {raw}")
    if betting.turn is None:
        raise QuestionError("the betting round is over after these actions: nobody is left to ask about")
    return betting, said


def largest_bet(data: Data) -> Question:
    """The most the player to act may bet or raise to (the total in front of
    them this round): pot limit 6.6, spread limit 6.7, fixed limit and its raise
    cap 6.8, within the player's stack (6.10). When no raise is allowed the
    most the player may do is call, so the answer is the call."""
    if "at" in data:
        return largest_bet_in_hand(data)
    betting, said = _situation(data)
    return _largest(betting, said, data.get("posted", {}), data.get("prompt"))


def _largest(betting: BettingRound, said: list[str], posted: Mapping[Any, int], prompt: object) -> Question:
    """The largest_bet question for a betting round stood at the player asked about."""
    options = betting.options()
    assert options is not None
    s = betting.structure
    seat = options.seat
    can_raise = options.max_to is not None and ("raise" in options.actions or "bet" in options.actions)
    all_in = "all-in" in options.actions and options.all_in_to > options.call_to
    answer = max(options.max_to if can_raise and options.max_to is not None else 0,
                 options.all_in_to if all_in else 0, options.call_to)
    verb = "bet" if betting.level == 0 else "raise"
    rules = {"pot": "6.6", "half-pot": "6.6", "spread": "6.7", "fixed": "6.8", "no-limit": "6.10"}
    rule = rules[s.kind]
    facts: list[str] = [f"Table sign: {s.describe()}"
                        + (f", at most {s.raise_cap} raises a round" if s.capped else "")]
    if betting.pot:
        facts.append(f"Already in the pot from earlier: {betting.pot}")
    facts += [f"Seat {k} posted {v}" for k, v in posted.items() if v]
    facts += said
    facts.append(f"Seat {seat} is to act with {betting.stacks[seat]} chips behind and "
                 f"{betting.in_front[seat]} in front.")
    explanation: list[str] = []
    if not can_raise and all_in:
        explanation.append(f"Seat {seat} has too few chips for a full {verb}: the most is all-in, to "
                           f"{answer}, which is not a full {verb} (6.15, 6.10).")
        rule = "6.15"
    elif not can_raise:
        explanation.append(f"Seat {seat} may not {verb}: {options.note or 'the limit is reached'}; "
                           f"the most is a call, to {answer}.")
        rule = "6.8" if "6.8" in options.note else rule
    elif s.kind in ("pot", "half-pot"):
        call = betting.level - betting.in_front[seat]
        explanation.append(f"The pot is {betting.total} with every chip in front counted; seat {seat}'s "
                           f"call of {call} makes it {betting.total + call}, and the raise may be that much "
                           f"on top of the call: to {answer} (6.6).")
    elif s.kind == "spread":
        explanation.append(f"A spread-limit raise may be anything from the last bet or raise up to the "
                           f"maximum of {s.max_bet} on top of the wager to call: to {answer} (6.7).")
    elif s.kind == "fixed":
        explanation.append(f"In fixed limit every bet and raise is the structured amount "
                           f"({betting.unit} this round): to {answer}, while fewer than "
                           f"{s.raise_cap} raises have been made or the players are head to head (6.8).")
    else:
        explanation.append(f"No limit: the whole stack, to {answer} (6.10).")
    if options.max_to is not None and options.max_to == options.all_in_to and s.kind != "no-limit":
        explanation.append("The stack stops the player first: only the chips on the table play (6.10).")
    hint = {"pot": "Under pot limit the largest raise is the pot after the raiser's call is counted in: "
                   "add the call to the pot, then raise by that total (6.6).",
            "half-pot": "Half pot: half the pot after the call is counted in (6.6).",
            "spread": "Under spread limit a bet or raise may be any amount up to the maximum on the sign, "
                      "and a raise at least the previous bet or raise (6.7); count the raises against "
                      "the cap (6.8).",
            "fixed": "In fixed limit every raise is one structured bet, and a round allows a bet and three "
                     "raises unless two players are head to head (6.8).",
            "no-limit": "No limit: only the player's stack limits the bet (6.10)."}[s.kind]
    return Question(
        "largest_bet", str(prompt or "") or f"What is the most seat {seat} may {verb} to "
                                              "(the total in front of the player this round)?",
        "amount", [], {"facts": facts}, answer, rule, hint=hint, explanation=explanation)


class _Reached(Exception):
    """The player asked about is to act: the hand stops there."""


def largest_bet_in_hand(data: Data) -> Question:
    """`at = "<round>: seat N"` with a table cell's hand: the hand dealt and
    played to seat N's turn in that betting round, and the most that player
    may make it then, from the hand's own round (its pot, stacks, blinds and
    the actions before them) (6.6-6.10, 6.15)."""
    from engine.questions.checkpoints import CheckpointError, read_at
    from engine.hand.machine import Hand
    from engine.hand.scenario import Scenario

    scenario = Scenario.from_dict(dict(hand_data(data)))
    try:
        kind, street, seat = read_at(data["at"], Hand(scenario))
    except CheckpointError as exc:
        raise QuestionError(str(exc)) from None
    if kind != "seat":
        raise QuestionError('a largest_bet question about a hand is asked at a player\'s turn: '
                            'at = "<round>: seat N", e.g. at = "flop: seat 3"')
    assert street is not None and seat is not None
    betting, said, posted = round_at_turn(scenario, street, seat)
    return _largest(betting, said, posted, data.get("prompt"))


def round_at_turn(scenario: Any, street: str, seat: int) -> tuple[BettingRound, list[str], dict[int, int]]:
    """The hand of `scenario` played to seat `seat`'s first turn in the betting
    round `street`: that round (engine.betting.rulings, its options the
    player's), what was said in it before, and the blinds or bring-in posted.
    QuestionError when the seat never acts there."""
    from dataclasses import replace
    from engine.hand.machine import Hand

    actions: list[str] = list(scenario.actions)
    said: list[str] = []
    posted: dict[int, int] = {}

    def decide(hand: Any, decision: Any) -> str:
        if decision.kind == "bet" and decision.street == street:
            if not said and not posted:
                posted.update({s: hand.players[s].in_front for s in hand._round.order
                               if hand.players[s].in_front})
            if decision.seat == seat:
                raise _Reached
        if not actions:
            raise QuestionError(f"the hand's actions run out before seat {seat} acts on the {street}")
        text = actions.pop(0)
        if decision.kind == "bet" and decision.street == street:
            said.append(f"Seat {decision.seat}: {text}")
        return text

    hand = Hand(replace(scenario, actions=()), decide)
    try:
        hand.autoplay()
    except _Reached:
        assert hand._round is not None      # stopped inside the round, at the player's turn
        return hand._round, said, posted
    raise QuestionError(f"seat {seat} never acts on the {street} in this hand")
