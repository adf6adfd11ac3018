"""The showdown and the award: hands read, pots built, each pot pushed.

At the end of the last betting round (or when one player is left) the
dealer builds the main and side pots (1.1; the uncalled bet already went
back at the end of its round, engine.hand.betting_rounds, 7.5; dead antes in the
main pot), takes the commission where the hand takes one
(engine.hand.rake), and awards each pot, a hi-lo or double-board pot in halves
(8.1.5 for the odd chip), with the reason in the rulebook's words. The
pots are awarded in the house's `award_order`: by default the side pots
first, the last one built first, and the main pot last (the rulebooks are
silent on the order; published standard dealer practice).
"""
from __future__ import annotations

from typing import Callable

from engine.cards.rankings import RANKINGS, get_ranking
from engine.cards.showdown import DealtHand, Selection
from engine.hand.decisions import LOW_RANKINGS
from engine.hand.rake import pot_rake, rake_step
from engine.hand.state import HandState
from engine.money.award import AwardedPot
from engine.money.pots import ODD_CHIP_RULES, Pot, award, build_dealt_pots, return_uncalled
from engine.steps import Done, Expected, Verdict


# The house's award_order -> the pots in the order they are awarded (built
# main pot first), and why that order, for each award step's reason.
AWARD_ORDERS: dict[str, tuple[Callable[[list[Pot]], list[Pot]], str]] = {
    "side_pots_first": (lambda pots: pots[:0:-1] + pots[:1],
                        "the side pots are settled before the main pot, the last one built first "
                        "(1.1 Side pot(s); the rules are silent on the order: published standard "
                        "practice, house award_order)"),
    "main_pot_first": (list,
                       "the main pot is settled first, then the side pots in the order they were "
                       "built (1.1 Side pot(s); house award_order = main_pot_first)"),
}


# The rule an award out of the house's order breaks (stored with the attempt):
# the pots are 1.1's; their order is published standard practice.
ORDER_RULE = "1.1 Side pot(s); standard practice (house award_order)"


def _order_why(pot: str, place: int, count: int, reason: str) -> str:
    """Which pot is due and why this one now, e.g. "Side pot 2 first: ..."."""
    name = "The main pot" if pot == "main pot" else pot[0].upper() + pot[1:]
    when = "first" if place == 0 else "last" if place == count - 1 else "next"
    return f"{name} {when}: {reason}. "


def dealt_hand(st: HandState, seat: int, board_index: int, ranking: str, value: int | None = None) -> DealtHand:
    """A seat's best hand on one board under one ranking, kept while its
    cards stay the same: every pot, its reason and the readings ask again.
    `value`: the hand's value, when the caller has just read it."""
    hole, board = st.players[seat].cards, st.boards[board_index]
    key = (seat, board_index, ranking)
    dealt_hands = getattr(st, "_dealt", None)
    if dealt_hands is None:
        dealt_hands = st._dealt = {}
    kept = dealt_hands.get(key)
    if kept is not None and kept.hole == hole and kept.board == board:
        return kept
    dealt = dealt_hands[key] = DealtHand(RANKINGS.get(ranking) or get_ranking(ranking),
                                         st.game.showdown.selection, hole, board, value)
    return dealt


def value_of(st: HandState, seat: int, board_index: int = 0, low: bool = False) -> int:
    return dealt_hand(st, seat, board_index, st.game.ranking_for(st.deck_size, low)).value


def hand_words(st: HandState, seat: int, board_index: int, ranking: str, value: int | None = None) -> str | None:
    """The seat's best hand in words and cards; None for no eight-or-better low."""
    hv = dealt_hand(st, seat, board_index, ranking, value).hand()
    return hv.describe() if hv is not None else None


def readings(st: HandState) -> dict[int, str]:
    """Each live player's hand in words, at a showdown (empty if none)."""
    live = st.live_seats()
    if len(live) < 2:
        return {}
    sd = st.game.showdown
    high_ranking = st.game.ranking_for(st.deck_size)
    out = {}
    for s in live:
        high = hand_words(st, s, 0, high_ranking)
        assert high is not None, "every hand has a high reading"
        if sd.split == "hi-lo":
            low = hand_words(st, s, 0, sd.low)
            out[s] = f"high {high}; low " + (low or "none (no eight-or-better)")
        elif sd.split == "double-board":
            bottom = hand_words(st, s, 1, high_ranking)
            assert bottom is not None
            out[s] = f"top {high}; bottom {bottom}"
        else:
            out[s] = high
    return out


def describe(st: HandState, seat: int, board_index: int = 0, low: bool = False) -> str:
    words = hand_words(st, seat, board_index, st.game.ranking_for(st.deck_size, low))
    return words if words is not None else "no qualifying low"


def schedule_showdown(st: HandState) -> None:
    # 8.1.7: a hand not tabled is not read; it gives up its claim to the pot.
    live = st.live_seats()
    mucked = st.scenario.mucked
    given_up = [s for s in mucked if s in live] if mucked else []
    if len(live) > 1 and given_up:
        for seat in given_up[:len(live) - 1]:
            st.players[seat].folded = True
            st.log.append(f"Seat {seat} ({st.players[seat].name}) does not table the hand (8.1.7)")
        live = st.live_seats()
    folded = set()
    contributions = {}
    for s, p in st.players.items():
        if p.folded:
            folded.add(s)
        if p.committed:
            contributions[s] = p.committed
    dead = st._dead_antes(contributions)
    uncalled = return_uncalled(contributions, folded)
    pots = build_dealt_pots(uncalled.contributions, folded) if uncalled.contributions else []
    if dead:
        main = pots[0] if pots else Pot(0, tuple(sorted(live)), "main pot")
        pots[:1] = [Pot(main.amount + dead, main.eligible, main.name)]
    # What the dealer has built at the showdown, before any commission.
    st.showdown_pots = list(pots)
    # The dealer's return_uncalled steps handed back any uncalled bet
    # already (their lines are in); what is left here is a hand replayed
    # from steps stored before that step existed, handed back at the award.
    st.uncalled_lines += uncalled.lines
    parts = award_parts(st, pots, live)
    unraked: list[str] = []
    if st.commission is not None and st.commission.method != "fixed-person":
        rake = pot_rake(st, pots, parts, uncalled, dead, live)
        if rake.total:
            # The pots are awarded net of the commission (7.2.1, 7.2.3); a
            # pot the fixed fee emptied has nothing left to push.
            pots = [p for p in rake.pots if p.amount] or list(rake.pots[:1])
            parts = award_parts(st, pots, live)
            st._agenda.append(rake_step(st, rake))
        else:
            unraked = list(rake.lines)
            st.rake_lines.extend(unraked)
    st.awards = [part for part, _ in parts]
    if uncalled.returned and st.awards:
        st.awards[0].returned = dict(uncalled.returned)
        st.awards[0].explanation = uncalled.lines + st.awards[0].explanation
    if unraked and st.awards:
        st.awards[0].explanation = unraked + st.awards[0].explanation
    for part, why in parts:
        st._agenda.append(Expected("award", part.rule, f"{why}. {part.reason}",
                                     seats=tuple(sorted(part.winners))))
    if not st._agenda:
        st.finished = True


def award_parts(st: HandState, pots: list[Pot], live: list[int]) -> list[tuple[AwardedPot, str]]:
    """One award step per pot (two for a pot divided high/low or top/bottom),
    the pots in the house's award_order; with more than one pot each
    step's reason says which pot is due and why it comes now."""
    order, reason = AWARD_ORDERS[st.house.award_order]
    ordered = order(pots)
    parts: list[tuple[AwardedPot, str]] = []
    for place, pot in enumerate(ordered):
        if len(live) == 1:
            rule = st.game.uncontested_rule_in(st.last_wager[0] if st.last_wager else None)
            why = f"Only one player remains, so that player wins the pot without a showdown ({rule})"
            pot_parts = [award_part(st, pot, [live[0]], rule,
                                          f"Seat {live[0]} is the only player left in the {pot.name}", why)]
        else:
            pot_parts = award_showdown(st, pot, live)
        due = _order_why(pot.name, place, len(ordered), reason) if len(ordered) > 1 else ""
        for part, why in pot_parts:
            part.pot = pot.name
            parts.append((part, due + why))
    return parts


def award_refusal(st: HandState, seats: tuple[int, ...], exp: Expected) -> Verdict:
    """Why ticking `seats` is not the award due: they win a pot (or half)
    awarded later, so the hints teach the award order; or they do not
    win this one (the hints of the showdown rule)."""
    later = [part.name for part in st.awards[st._pots_awarded + 1:] if part.winners == seats]
    if not later:
        return Verdict(False, f"That is not who wins this pot. {exp.why}.", exp.rule)
    names = " and ".join(name if name.startswith("side") else f"the {name}" for name in later)
    message = (f"Not yet: seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))} "
               f"{'win' if len(seats) > 1 else 'wins'} {names}, awarded later. {exp.why}.")
    order = list(dict.fromkeys(part.pot for part in st.awards))
    due = st.awards[st._pots_awarded].pot
    return Verdict(False, message, ORDER_RULE, hints=(
        "Not this pot yet. " + _order_why(due, order.index(due), len(order),
                                          AWARD_ORDERS[st.house.award_order][1]).rstrip(),
        "Which of the pots still on the table comes next in this house's order, and who holds the best "
        "hand among the players in it? See 1.1 Side pot(s).", message))


def award_part(st: HandState, pot: Pot, winners: list[int], rule: str, reason: str,
               why: str = "") -> tuple[AwardedPot, str]:
    """One award step: the chips of `pot` to `winners`, and why they win."""
    label = pot.name
    head = f"{label[0].upper()}{label[1:]} of {pot.amount}: {reason}."
    house = st.house
    if (len(winners) == 1 and winners[0] in pot.eligible and type(house.lowest_chip) is int
            and house.lowest_chip > 0 and house.odd_chip in ODD_CHIP_RULES):
        # What `award` gives one winner it may have (the whole pot), whose
        # one line ("Seat N wins ...") the explanation leaves out.
        seat = winners[0]
        return AwardedPot(label, pot.amount, tuple(pot.eligible), (seat,), {seat: pot.amount}, [head],
                          rule, reason), why
    # Razz counts aces low; which card then takes the odd chip by suit is
    # the house's reading of 8.1.5(b) (razz_odd_chip).
    odd_card = house.razz_odd_chip if st.game.name == "razz" else "highest_ace_high"
    shares, lines = award(pot, winners, button=st.button, seat_count=st.scenario.table_seats,
                          lowest_chip=st.house.lowest_chip, odd_chip=st.house.odd_chip,
                          hands={s: st.players[s].cards for s in winners}, odd_card=odd_card)
    explanation = [head] + lines[len(winners) == 1:]
    part = AwardedPot(label, pot.amount, tuple(pot.eligible), tuple(sorted(winners)), shares,
                      explanation, "8.1.5" if len(winners) > 1 else rule, reason)
    return part, why


def read_values(st: HandState, seats: list[int], board_index: int, ranking: str) -> dict[int, int]:
    """Each seat's best value on one board under one ranking. Any five of
    five or more cards are valued straight from the seat's cards, as
    `DealtHand` values them: a pot asks only for the values, and only its
    winners' hands are named (`_words`) and kept."""
    players, board = st.players, st.boards[board_index]
    if st.game.showdown.selection == Selection.ANY_FIVE:     # (a Selection is a str)
        value = (RANKINGS.get(ranking) or get_ranking(ranking)).value
        values = {}
        for s in seats:
            cards = players[s].cards
            if board:
                cards = cards + board
            if len(cards) < 5:
                break           # DealtHand says what is short
            values[s] = value(cards)
        else:
            return values
    return {s: dealt_hand(st, s, board_index, ranking).value for s in seats}


def best_seats(st: HandState, seats: list[int], board_index: int = 0, low: bool = False) -> list[int]:
    return best_valued(st, seats, st.game.ranking_for(st.deck_size, low), board_index, low)[0]


def best_valued(st: HandState, seats: list[int], ranking: str, board_index: int = 0,
                low: bool = False) -> tuple[list[int], int]:
    """The seats holding the best hand on one board under `ranking`, and
    its value (none and 0: no qualifying low), for its words to be read
    without valuing the hand again."""
    values = read_values(st, seats, board_index, ranking)
    if low:
        values = {s: v for s, v in values.items() if v > 0}
    if not values:
        return [], 0
    top = max(values.values())
    return [s for s, v in values.items() if v == top], top


def award_showdown(st: HandState, pot: Pot, live: list[int]) -> list[tuple[AwardedPot, str]]:
    sd = st.game.showdown
    eligible = [s for s in pot.eligible if s in live]
    if len(eligible) == 1:
        return [award_part(st, pot, eligible, sd.rule,
                                 f"Seat {eligible[0]} is the only player left in the {pot.name}",
                                 why=f"The best five-card hand wins ({sd.rule})")]
    high = st.game.ranking_for(st.deck_size)
    first, first_value = best_valued(st, eligible, high)
    if sd.split == "high":
        best = "lowest" if sd.ranking in LOW_RANKINGS else "best"
        return [award_part(st, pot, first, sd.rule, reason_for(st, first, high, first_value),
                                 why=f"The {best} five-card hand wins ({sd.rule})")]
    if sd.split == "hi-lo":
        second_ranking = st.game.ranking_for(st.deck_size, True)
        second, second_value = best_valued(st, eligible, second_ranking, low=True)
        names, rules = ("high", "low"), (f"{sd.rule}(i)", f"{sd.rule}(ii)")
        if not second:
            return [award_part(st, 
                pot, first, sd.no_low_rule, reason_for(st, first, high, first_value),
                why=f"No hand qualifies for low: the best high hand wins the whole pot ({sd.no_low_rule})")]
    else:
        second_ranking = high
        second, second_value = best_valued(st, eligible, high, board_index=1)
        names, rules = ("Top", "Bottom"), (f"{sd.rule}(i)", f"{sd.rule}(ii)")
    if len(first) == 1 and first == second:
        both = f"{sd.rule}(iii)"
        return [award_part(st, pot, first, both,
                                 f"Seat {first[0]} wins both the {names[0]} and the {names[1]}: the whole "
                                 f"pot", why=f"One hand wins both halves and takes the whole pot ({both})")]
    unit = st.house.lowest_chip
    second_half = (pot.amount // (2 * unit)) * unit
    first_half = pot.amount - second_half
    if not second_half:
        return [award_part(st, pot, first, sd.odd_chip_rule,
                                 f"the {pot.amount} cannot be halved in chips in play, so it goes to the "
                                 f"{names[0]} hand: " + reason_for(st, first, high, first_value),
                                 why=f"The odd chip of a divided pot goes to the {names[0]} hand "
                                     f"({sd.odd_chip_rule})")]
    parts = []
    for half, winners, label, rule, board, ranking, value in (
            (first_half, first, names[0], rules[0], 0, high, first_value),
            (second_half, second, names[1], rules[1], 1 if sd.split == "double-board" else 0,
             second_ranking, second_value)):
        sub = Pot(half, pot.eligible, f"{label} half of the {pot.name}")
        odd = (f"; the odd chip of the halving goes to the {names[0]} half ({sd.odd_chip_rule})"
               if label == names[0] and first_half != second_half else "")
        parts.append(award_part(st, 
            sub, winners, rule, reason_for(st, winners, ranking, value, board) + odd,
            why=f"The pot is halved: the {label} half goes to the best {label} hand ({rule})"))
    return parts


def reason_for(st: HandState, winners: list[int], ranking: str, value: int, board_index: int = 0) -> str:
    """Who wins and with what: the winners' hand (worth `value` under `ranking`) in words."""
    words = hand_words(st, winners[0], board_index, ranking, value)
    if words is None:
        words = "no qualifying low"
    return (f"Seat{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} "
            f"{'tie' if len(winners) > 1 else 'wins'} with {words}")


def pots_on_table(st: HandState) -> list[dict[str, object]]:
    """The pots the dealer built, once the awards begin (the commission
    taken) and only when there are several: each pot's name, its chips,
    and whether it has been awarded, in the order they were built, so
    the trainee sees which pots are still to push (never in which order
    the house pushes them, nor who contests them)."""
    names = list(dict.fromkeys(part.pot for part in st.awards))
    if len(names) < 2 or any(isinstance(e, Expected) and e.kind == "take_rake" for e in st._agenda):
        return []
    left = {part.pot for part in st.awards[st._pots_awarded:]}
    built = [pot.name for pot in st.showdown_pots if pot.name in names]
    return [{"name": name[0].upper() + name[1:], "amount": sum(p.amount for p in st.awards if p.pot == name),
             "awarded": name not in left} for name in built]


def step_award(st: HandState, exp: Expected) -> Done:
    part = st.awards[st._pots_awarded]
    st._pots_awarded += 1
    for seat, chips in part.returned.items():
        st.players[seat].stack += chips
    for seat, chips in part.shares.items():
        st.players[seat].stack += chips
        st.awarded[seat] = st.awarded.get(seat, 0) + chips
    st.pot -= part.amount + sum(part.returned.values())
    st.explanations.extend(part.explanation)
    if st._pots_awarded == len(st.awards):
        st.finished = True
    return Done(" ".join(part.explanation))
