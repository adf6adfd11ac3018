"""Questions about a poker hand played from a table cell's scenario: who acts
first, who wins each pot or half, how much is in each pot, how many chips go
to each seat, and the commission."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from engine.cards.rankings import dealt_showing_opener
from engine.hand.awarding import best_seats
from engine.hand.machine import Hand
from engine.hand.scenario import RAKE_RULES, Scenario
from engine.money.award import hand_readings
from engine.questions.base import Data, Question, QuestionError, hand_data, seat_choices


def _hand(data: Data) -> Hand:
    return Hand(Scenario.from_dict(hand_data(data)))


DISCARD_LINE = re.compile(r"Seat \d+ \(.*\) discards (\d+) cards?")


def _discards_unordered(view: dict[str, Any]) -> dict[str, Any]:
    """The table talk with the discards just made (Pineapple 8.19.3(d), Crazy
    Pineapple 8.20.4(d)) said as one line: they go from the first player
    still in on the button's left, the seat that opens the next round, so
    the talk in the order they came would name the answer."""
    log: list[str] = list(view.get("log") or [])
    start = len(log)
    while start and DISCARD_LINE.fullmatch(log[start - 1]):
        start -= 1
    made = [m for m in (DISCARD_LINE.fullmatch(line) for line in log[start:]) if m]
    if len(made) < 2:
        return view
    count = made[0].group(1)
    return {**view, "log": log[:start] + [f"The {len(made)} players still in discard {count} "
                                          f"card{'s' if count != '1' else ''} each"]}


def first_to_act(data: Data) -> Question:
    street = data.get("street")
    hand = _hand(data)
    names = [s.name for s in hand.game.streets if s.betting]
    if street not in names:
        raise QuestionError(f"street must be one of {', '.join(names)}")
    hand.autoplay(until_betting_on=street)
    # Paused just before the round: asking hand.expected() now would play it.
    if hand.finished:
        raise QuestionError(f"the hand is over before the {street} betting round")
    betting = next(s for s in hand.game.streets if s.name == street).betting
    assert betting is not None
    seat = hand.first_to_act(street)
    if betting.opener == "left_of_last_blind" and street == "pre-flop":
        hint = ("Before the flop the first player to act is the one on the left of the last blind "
                f"({betting.rule}).")
    elif betting.opener == "left_of_button" and hand.game.streets[0].name == "pre-flop":
        hint = ("After the flop the betting opens with the first player still in the hand to the "
                f"immediate left of the button ({betting.rule}).")
    else:   # every other game's opener, in the words of its declaration (engine/games/registry.py)
        hint = f"On the {street} the betting opens with {betting.describe()} ({betting.rule})."
    if betting.opener == "left_of_last_blind" and hand.scenario.over_blind:
        # The rules call the over-blind a voluntary blind left of the last
        # one (1.1, 8.4.1(b)(i)) without saying it then counts as the last
        # blind: that reading is the house's (standard for a live blind).
        hint += (" An over-blind was placed: this house reads it as the last blind (the rules do not "
                 "say; standard practice for a live blind), so the betting opens on its left.")
    rule = betting.rule
    if betting.opener == "best_showing" and hand.house.stud_showing_tie == "position":
        # Equal hands showing: a house that breaks the tie by position (the
        # live-casino file) decides against the suit the stud rule names.
        by_suit = dealt_showing_opener(hand.live_seats(), hand.players, betting.low,
                                       replace(hand.house, stud_showing_tie="suit"))
        if by_suit != seat:
            rule = f"{betting.rule}; live-casino house rules"
            hint += (" Equal hands showing: this house gives the action to the tied player closest to "
                     "the dealer's left, not to the highest card by suit (live-casino house rules).")
    return Question(
        "first_to_act", data.get("prompt") or f"Who acts first on the {street}?", "seat",
        seat_choices(hand, hand.live_seats()), {"table": _discards_unordered(hand.view())}, seat, rule,
        hint=hint,
        explanation=[f"Seat {seat} ({hand.players[seat].name}) acts first.", hint])


def first_to_show(data: Data) -> Question:
    """Who turns his cards up first at the showdown: the player being called,
    the last to bet or raise in the final betting round (8.17.6(d) and each
    game's (d) of its showdown). A final round checked through has no player
    being called and the rulebook names nobody, so such a hand is refused."""
    hand, readings = _to_showdown(data)
    final = [s for s in hand.game.streets if s.betting][-1].name
    last = hand.last_wager
    if last is None or last[0] != final or last[1] is None or last[1] not in readings:
        raise QuestionError(f"nobody is called on the {final}: the rule names the player being called "
                            f"({hand.game.showdown.rule}), so give the {final} a bet or raise that is called")
    seat, rule = last[1], hand.game.showdown.rule
    name = hand.players[seat].name
    hint = (f"At the showdown the player being called, the last to bet or raise in the final betting "
            f"round, shows first; the others then show if they hold a hand as good or better ({rule}).")
    return Question(
        "first_to_show", data.get("prompt") or "Who must show his cards first?", "seat",
        seat_choices(hand, list(readings)), {"table": hand.view()}, seat, rule, hint=hint,
        explanation=[f"Seat {seat} ({name}) made the last bet or raise on the {final} and was called: "
                     f"he shows first ({rule}).", hint])


def _to_showdown(data: Data) -> tuple[Hand, dict[int, str]]:
    """The hand played up to its first award (the commission taken where due):
    the table as it stands at the showdown, before any chip is pushed."""
    hand = _hand(data)
    while (due := hand.expected()) is not None and due.kind != "award":
        hand.propose(due.step())
    readings = hand_readings(hand)
    if not readings:
        raise QuestionError("the hand ends without a showdown: only one player is left")
    return hand, readings


@dataclass
class Part:
    """One line of a halves question: a pot, or one half of it, and who wins it."""
    pot: int            # 0 the main pot, 1 side pot 1...
    half: str           # "" (a whole pot), "high", "low", "top", "bottom"
    label: str          # "Main pot: high half"
    winners: tuple[int, ...]
    rule: str


HALVES = {"hi-lo": ("high", "low"), "double-board": ("top", "bottom")}


def _parts(hand: Hand) -> list[Part]:
    """Who wins each pot, and each half of a divided pot, read by the hand
    itself (the same reading its award steps push chips by): the high half
    and the qualifying low (none when no hand qualifies: 8.12.5(e)), or the
    Top and Bottom boards (8.18.6(d)); a pot one player alone contests is all
    theirs, both halves."""
    sd = hand.game.showdown
    live = hand.live_seats()
    parts: list[Part] = []
    for i, pot in enumerate(hand.showdown_pots):
        eligible = [s for s in pot.eligible if s in live]
        name = pot.name[0].upper() + pot.name[1:]
        if sd.split not in HALVES:
            parts.append(Part(i, "", name, tuple(sorted(best_seats(hand, eligible))), sd.rule))
            continue
        first_name, second_name = HALVES[sd.split]
        first = best_seats(hand, eligible)
        second = (best_seats(hand, eligible, low=True) if sd.split == "hi-lo"
                  else best_seats(hand, eligible, board_index=1))
        if len(eligible) == 1:
            first = second = eligible
        second_rule = f"{sd.rule}(ii)" if second else sd.no_low_rule
        parts.append(Part(i, first_name, f"{name}: {first_name} half", tuple(sorted(first)), f"{sd.rule}(i)"))
        parts.append(Part(i, second_name, f"{name}: {second_name} half", tuple(sorted(second)), second_rule))
    return parts


def _winner_label(part: Part, parts: list[Part]) -> str:
    pot = "the pot" if len({p.pot for p in parts}) == 1 else (
        "the main pot" if part.pot == 0 else f"side pot {part.pot}")
    half = {"top": "Top", "bottom": "Bottom"}.get(part.half, part.half)
    return f"the {half} half of {pot}" if half else pot


def _reading_hint(hand: Hand, rule: str) -> str:
    return ("Read each player's best five-card hand from the cards the game lets them use "
            + ("(exactly two hole cards and three community cards) "
               if hand.game.showdown.selection == "two_hole_three_board" else "")
            + f"and compare category first, then the cards in order; equal hands split the pot "
            f"({rule}, 8.1.5).")


def winner(data: Data) -> Question:
    """Who wins one pot or half: by default the main pot (its first award:
    the high half in a hi-lo game, the Top half with two boards, whatever
    the house's award order), or the one named by `pot` (0 the main pot, 1 side pot 1...) and
    `half` (high, low, top, bottom)."""
    hand, readings = _to_showdown(data)
    parts = _parts(hand)
    explanation = [f"Seat {s}: {text}." for s, text in readings.items()]
    rule = hand.game.showdown.rule
    if "pot" in data or "half" in data:
        pot_index, half = data.get("pot", 0), str(data.get("half", "")).lower()
        chosen = next((p for p in parts if p.pot == pot_index and p.half == half), None)
        if chosen is None:
            known = ", ".join(f"pot = {p.pot}" + (f', half = "{p.half}"' if p.half else "") for p in parts)
            raise QuestionError(f"this hand has no such pot or half; it has {known}")
        if not chosen.winners:
            raise QuestionError(f"nobody wins {_winner_label(chosen, parts)} (no qualifying low): "
                                "ask a halves question instead")
        answer, rule = chosen.winners, chosen.rule
        explanation.append(f"{_winner_label(chosen, parts)[0].upper()}{_winner_label(chosen, parts)[1:]} "
                           f"goes to seat{'s' if len(answer) > 1 else ''} {', '.join(map(str, answer))} ({rule}).")
    else:
        main = next((part for part in hand.awards if part.pot == "main pot"), hand.awards[0])
        answer, chosen = tuple(sorted(main.winners)), parts[0]
        explanation.append(main.reason)
    # No qualifying low: the high hand takes the whole pot under the no-low
    # rule (8.22.6(e) and its like), not the split rule (d). The hint keeps
    # the reading rule, so it does not tell the trainee there is no low.
    hint = _reading_hint(hand, rule)
    if "pot" not in data and "half" not in data and any(
            p.pot == chosen.pot and p.half == "low" and not p.winners for p in parts):
        rule = hand.game.showdown.no_low_rule
    return Question(
        "winner", data.get("prompt") or f"Who wins {_winner_label(chosen, parts)}?", "seats",
        seat_choices(hand, list(readings)), {"table": hand.view(reveal=True)},
        answer, rule, hint=hint, explanation=explanation)


def halves(data: Data) -> Question:
    """Who wins each pot, and each half of a hi-lo or Double Flop pot: one line
    per pot or half, the trainee ticks the winning seats on each (or nobody,
    for a low half no hand qualifies for)."""
    hand, readings = _to_showdown(data)
    parts = _parts(hand)
    sd = hand.game.showdown
    rows = [(i, p.label, p.half == "low") for i, p in enumerate(parts)]
    answer = {i: p.winners for i, p in enumerate(parts)}
    explanation = [f"Seat {s}: {text}." for s, text in readings.items()]
    explanation += [f"{p.label}: " + (", ".join(f"seat {s}" for s in p.winners) or "no hand qualifies for low")
                    + f" ({p.rule})." for p in parts]
    if sd.split == "hi-lo":
        hint = (f"Read each hand twice, for high and for the best low of five different ranks eight or "
                f"lower; the cards for each half are chosen separately. Without a qualifying low the high "
                f"hand takes the whole pot ({sd.no_low_rule}); one hand may win both halves ({sd.rule}). "
                "Each side pot is read among only the players in it (1.1 Side pot).")
    elif sd.split == "double-board":
        hint = (f"Read each hand on the Top board and again on the Bottom board; half the pot goes to "
                f"each board's best hand ({sd.rule}). Each side pot is read among only the players "
                "in it (1.1 Side pot).")
    else:
        hint = _reading_hint(hand, sd.rule) + " Each side pot is read among only the players in it (1.1 Side pot)."
    return Question(
        "halves", data.get("prompt") or "Who wins each pot and each half? Tick the winners on every line.",
        "grid", seat_choices(hand, list(readings)), {"table": hand.view(reveal=True)},
        answer, sd.rule, hint=hint, explanation=explanation, rows=rows)


# Where the chips left over go, by the house's odd-chip rule; a game with no
# button (stud) always goes by suit (8.1.5(b)).
_LEFTOVER = {
    "button": "the chips left over go one at a time to the tied hands closest clockwise to the button "
              "(8.1.5, 8.1.5(a)).",
    "suit": "the chips left over go one at a time to the tied hands holding the highest card by suit, "
            "spades, hearts, diamonds, clubs (8.1.5(b); 11.4(d), 12.4(e), 13.4(e); 3.2.4).",
    "left_of_button": "the whole leftover goes to the tied hand first left of the button "
                      "(live-casino house rules).",
}


def shares(data: Data) -> Question:
    """How many chips each seat takes from the pots of the whole hand: each pot
    halved where the game divides it, each half divided between tied hands to
    the lowest chip in play, the odd chips placed by the rules (8.1.5,
    8.12.5(f), 8.18.6(e), 8.24.6(f)). The answer is what the hand's own award
    steps push."""
    hand, readings = _to_showdown(data)
    sd = hand.game.showdown
    totals = {s: 0 for s in readings}
    explanation = [f"Seat {s}: {text}." for s, text in readings.items()]
    for part in hand.awards:
        for seat, chips in part.shares.items():
            totals[seat] = totals.get(seat, 0) + chips
        explanation += part.explanation
    facts = [f"{p.name[0].upper()}{p.name[1:]}: {p.amount}, contested by seat"
             f"{'s' if len(p.eligible) > 1 else ''} {', '.join(map(str, p.eligible))}"
             for p in hand.showdown_pots]
    facts.append(f"Lowest chip in play: {hand.house.lowest_chip}")
    if hand.rake:
        facts.append(f"Commission taken: {hand.rake} (the pots are divided net of it, 7.2)")
    facts += hand.uncalled_lines
    odd = {"hi-lo": f"the odd chip of a halved pot goes to the high half ({sd.odd_chip_rule})",
           "double-board": f"the odd chip of a halved pot goes to the Top half ({sd.odd_chip_rule})"}
    hint = ("Award each pot on its own, side pots among their own players (1.1 Side pot). "
            + (f"Halve each pot; {odd[sd.split]}; then divide each half between tied hands. "
               if sd.split in odd else "")
            + "Tied hands divide to the lowest chip in play; "
            + _LEFTOVER[hand.house.odd_chip if hand.game.uses_button else "suit"])
    return Question(
        "shares", data.get("prompt") or "How many chips does each player take from the pot(s)?",
        "amounts", seat_choices(hand, list(readings)), {"table": hand.view(reveal=True), "facts": facts},
        totals, "8.1.5", hint=hint, explanation=explanation, labelled=True)


def without_totals(view: dict[str, Any]) -> dict[str, Any]:
    """A pots question's table: the pot and the pots built are its answer, so
    the middle of the table shows neither (issue 27); the players' bets,
    stacks and cards stay."""
    return {**view, "pot": None, "pots": []}


def pots(data: Data) -> Question:
    """How much is in the main pot and each side pot when the hand reaches the
    showdown (1.1 Main pot, Side pot; 6.15: an all-in player wins only what
    they matched from each opponent; 7.5: an unmatched bet goes back)."""
    hand = _hand(data)
    while (due := hand.expected()) is not None and not hand.showdown_pots:
        hand.propose(due.step())
    if not hand.showdown_pots:
        raise QuestionError("the hand never reaches the pots: check the actions")
    built = hand.showdown_pots
    # What each seat put in, an uncalled bet the dealer handed back included:
    # leaving it out is part of the question (7.5).
    committed = {s: p.committed + hand.returned.get(s, 0) for s, p in hand.players.items() if p.committed}
    explanation = [f"{p.name.capitalize()}: {p.amount}, contested by seat"
                   f"{'s' if len(p.eligible) > 1 else ''} {', '.join(map(str, p.eligible))}."
                   for p in built]
    explanation += hand.uncalled_lines
    # One pot and nobody all in: the pot is the antes, blinds and called
    # wagers (1.1 Pot); the side-pot rule decides only where there is one.
    side = len(built) > 1 or any(p.all_in for p in hand.players.values())
    if side:
        explanation.append("Each all-in player can win only what they put in plus as much from each "
                           "other player; the rest forms a side pot for those who put in more (1.1, 6.15).")
    else:
        explanation.append("Nobody is all in, so there is one pot: the antes, blinds and called wagers "
                           "(1.1 Pot).")
    rule = "1.1 (Side pot)" if side else "1.1 (Pot)"
    return Question(
        "pots", data.get("prompt") or "How much is in the main pot and in each side pot?", "amounts",
        [(i, p.name.capitalize()) for i, p in enumerate(built)],
        {"table": without_totals(hand.view()), "facts": ["Put in this hand: " + ", ".join(
            f"seat {s} {c}" for s, c in sorted(committed.items()))] + list(hand.log)},
        {i: p.amount for i, p in enumerate(built)}, rule,
        hint=("Start from the smallest all-in: the main pot takes that much from every player who put "
              "chips in; the next level makes side pot 1, and so on. A bet nobody called goes back "
              "to its owner and is in no pot (1.1, 6.15, 7.5)."),
        explanation=explanation, labelled=True)


def _last_uncalled_bet(hand: Hand) -> int | None:
    """How many steps `hand` makes before returning an uncalled bet that
    only the collect, the commission and the awards follow; None if none."""
    at, dealt = None, False
    while (due := hand.expected()) is not None:
        if due.kind == "return_uncalled":
            at, dealt = hand.step_count, False
        elif due.kind not in ("collect_bets", "take_rake", "award"):
            dealt = True
        hand.propose(due.step())
    return None if dealt else at


def rake(data: Data) -> Question:
    """"How much commission does the dealer take?" for a hand played to the
    end under the cell's `commission` table over the house's setting (section 7).
    The table is shown as it stands when the commission is due, or, when the
    last bet was not called, with that bet still in front of its owner (7.5),
    every hand face up (a tie decides 7.8); the answer is what the hand
    itself takes."""
    data_ = hand_data(data)
    # The question is about the commission even where the house's hands take none.
    data_.setdefault("commission", {})
    hand = Hand(Scenario.from_dict(data_))
    c = hand.commission
    assert c is not None
    # Shown where the bet nobody called is still in front of its owner, when
    # nothing is dealt after it (7.5: the trainee leaves it out), else where
    # the commission is due.
    stop = _last_uncalled_bet(Hand(Scenario.from_dict(data_)))
    while (due := hand.expected()) is not None and due.kind != "award" and not (
            due.kind == "take_rake" and c.method != "fixed-person") and hand.step_count != stop:
        hand.propose(due.step())
    table: dict[str, Any] = hand.view(reveal=True)
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


def showdown_parts(data: Data) -> list[Part]:
    """Who wins each pot and each half of a hand played to its showdown (the
    lines of a halves question): what a lesson's words must not give away
    before a question about that showdown is answered (webapp.trainee.preanswer)."""
    return _parts(_to_showdown(data)[0])
