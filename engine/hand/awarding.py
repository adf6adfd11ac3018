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
from engine.hand.state import HandState
from engine.money.award import AwardedPot
from engine.money.pots import ODD_CHIP_RULES, Pot, award, build_dealt_pots, return_uncalled
from engine.steps import Done, Expected, Verdict
from engine.hand.rake import pot_rake, rake_step


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


class Awarding(HandState):
    """The showdown: readings, pots, and one award step per pot (or half)."""

    _dealt: dict[tuple[int, int, str], DealtHand]    # (seat, board, ranking) -> best hand read
    last_wager: tuple[str, int | None] | None        # engine.hand.betting_rounds: the last round played

    def _dealt_hand(self, seat: int, board_index: int, ranking: str, value: int | None = None) -> DealtHand:
        """A seat's best hand on one board under one ranking, kept while its
        cards stay the same: every pot, its reason and the readings ask again.
        `value`: the hand's value, when the caller has just read it."""
        hole, board = self.players[seat].cards, self.boards[board_index]
        key = (seat, board_index, ranking)
        dealt_hands = getattr(self, "_dealt", None)
        if dealt_hands is None:
            dealt_hands = self._dealt = {}
        kept = dealt_hands.get(key)
        if kept is not None and kept.hole == hole and kept.board == board:
            return kept
        dealt = dealt_hands[key] = DealtHand(RANKINGS.get(ranking) or get_ranking(ranking),
                                             self.game.showdown.selection, hole, board, value)
        return dealt

    def _values(self, seat: int, board_index: int = 0, low: bool = False) -> int:
        return self._dealt_hand(seat, board_index, self.game.ranking_for(self.deck_size, low)).value

    def _words(self, seat: int, board_index: int, ranking: str, value: int | None = None) -> str | None:
        """The seat's best hand in words and cards; None for no eight-or-better low."""
        hv = self._dealt_hand(seat, board_index, ranking, value).hand()
        return hv.describe() if hv is not None else None

    def readings(self) -> dict[int, str]:
        """Each live player's hand in words, at a showdown (empty if none)."""
        live = self.live_seats()
        if len(live) < 2:
            return {}
        sd = self.game.showdown
        high_ranking = self.game.ranking_for(self.deck_size)
        out = {}
        for s in live:
            high = self._words(s, 0, high_ranking)
            assert high is not None, "every hand has a high reading"
            if sd.split == "hi-lo":
                low = self._words(s, 0, sd.low)
                out[s] = f"high {high}; low " + (low or "none (no eight-or-better)")
            elif sd.split == "double-board":
                bottom = self._words(s, 1, high_ranking)
                assert bottom is not None
                out[s] = f"top {high}; bottom {bottom}"
            else:
                out[s] = high
        return out

    def _describe(self, seat: int, board_index: int = 0, low: bool = False) -> str:
        words = self._words(seat, board_index, self.game.ranking_for(self.deck_size, low))
        return words if words is not None else "no qualifying low"

    def _schedule_showdown(self) -> None:
        # 8.1.7: a hand not tabled is not read; it gives up its claim to the pot.
        live = self.live_seats()
        mucked = self.scenario.mucked
        given_up = [s for s in mucked if s in live] if mucked else []
        if len(live) > 1 and given_up:
            for seat in given_up[:len(live) - 1]:
                self.players[seat].folded = True
                self.log.append(f"Seat {seat} ({self.players[seat].name}) does not table the hand (8.1.7)")
            live = self.live_seats()
        folded = set()
        contributions = {}
        for s, p in self.players.items():
            if p.folded:
                folded.add(s)
            if p.committed:
                contributions[s] = p.committed
        dead = self._dead_antes(contributions)
        uncalled = return_uncalled(contributions, folded)
        pots = build_dealt_pots(uncalled.contributions, folded) if uncalled.contributions else []
        if dead:
            main = pots[0] if pots else Pot(0, tuple(sorted(live)), "main pot")
            pots[:1] = [Pot(main.amount + dead, main.eligible, main.name)]
        # What the dealer has built at the showdown, before any commission.
        self.showdown_pots = list(pots)
        # The dealer's return_uncalled steps handed back any uncalled bet
        # already (their lines are in); what is left here is a hand replayed
        # from steps stored before that step existed, handed back at the award.
        self.uncalled_lines += uncalled.lines
        parts = self._award_parts(pots, live)
        unraked: list[str] = []
        if self.commission is not None and self.commission.method != "fixed-person":
            rake = pot_rake(self, pots, parts, uncalled, dead, live)
            if rake.total:
                # The pots are awarded net of the commission (7.2.1, 7.2.3); a
                # pot the fixed fee emptied has nothing left to push.
                pots = [p for p in rake.pots if p.amount] or list(rake.pots[:1])
                parts = self._award_parts(pots, live)
                self._agenda.append(rake_step(self, rake))
            else:
                unraked = list(rake.lines)
                self.rake_lines.extend(unraked)
        self.awards = [part for part, _ in parts]
        if uncalled.returned and self.awards:
            self.awards[0].returned = dict(uncalled.returned)
            self.awards[0].explanation = uncalled.lines + self.awards[0].explanation
        if unraked and self.awards:
            self.awards[0].explanation = unraked + self.awards[0].explanation
        for part, why in parts:
            self._agenda.append(Expected("award", part.rule, f"{why}. {part.reason}",
                                         seats=tuple(sorted(part.winners))))
        if not self._agenda:
            self.finished = True

    def _award_parts(self, pots: list[Pot], live: list[int]) -> list[tuple[AwardedPot, str]]:
        """One award step per pot (two for a pot divided high/low or top/bottom),
        the pots in the house's award_order; with more than one pot each
        step's reason says which pot is due and why it comes now."""
        order, reason = AWARD_ORDERS[self.house.award_order]
        ordered = order(pots)
        parts: list[tuple[AwardedPot, str]] = []
        for place, pot in enumerate(ordered):
            if len(live) == 1:
                rule = self.game.uncontested_rule_in(self.last_wager[0] if self.last_wager else None)
                why = f"Only one player remains, so that player wins the pot without a showdown ({rule})"
                pot_parts = [self._award_part(pot, [live[0]], rule,
                                              f"Seat {live[0]} is the only player left in the {pot.name}", why)]
            else:
                pot_parts = self._award_showdown(pot, live)
            due = _order_why(pot.name, place, len(ordered), reason) if len(ordered) > 1 else ""
            for part, why in pot_parts:
                part.pot = pot.name
                parts.append((part, due + why))
        return parts

    def _award_refusal(self, seats: tuple[int, ...], exp: Expected) -> Verdict:
        """Why ticking `seats` is not the award due: they win a pot (or half)
        awarded later, so the hints teach the award order; or they do not
        win this one (the hints of the showdown rule)."""
        later = [part.name for part in self.awards[self._pots_awarded + 1:] if part.winners == seats]
        if not later:
            return Verdict(False, f"That is not who wins this pot. {exp.why}.", exp.rule)
        names = " and ".join(name if name.startswith("side") else f"the {name}" for name in later)
        message = (f"Not yet: seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))} "
                   f"{'win' if len(seats) > 1 else 'wins'} {names}, awarded later. {exp.why}.")
        order = list(dict.fromkeys(part.pot for part in self.awards))
        due = self.awards[self._pots_awarded].pot
        return Verdict(False, message, ORDER_RULE, hints=(
            "Not this pot yet. " + _order_why(due, order.index(due), len(order),
                                              AWARD_ORDERS[self.house.award_order][1]).rstrip(),
            "Which of the pots still on the table comes next in this house's order, and who holds the best "
            "hand among the players in it? See 1.1 Side pot(s).", message))

    def _award_part(self, pot: Pot, winners: list[int], rule: str, reason: str,
                    why: str = "") -> tuple[AwardedPot, str]:
        """One award step: the chips of `pot` to `winners`, and why they win."""
        label = pot.name
        head = f"{label[0].upper()}{label[1:]} of {pot.amount}: {reason}."
        house = self.house
        if (len(winners) == 1 and winners[0] in pot.eligible and type(house.lowest_chip) is int
                and house.lowest_chip > 0 and house.odd_chip in ODD_CHIP_RULES):
            # What `award` gives one winner it may have (the whole pot), whose
            # one line ("Seat N wins ...") the explanation leaves out.
            seat = winners[0]
            return AwardedPot(label, pot.amount, tuple(pot.eligible), (seat,), {seat: pot.amount}, [head],
                              rule, reason), why
        # Razz counts aces low; which card then takes the odd chip by suit is
        # the house's reading of 8.1.5(b) (razz_odd_chip).
        odd_card = house.razz_odd_chip if self.game.name == "razz" else "highest_ace_high"
        shares, lines = award(pot, winners, button=self.button, seat_count=self.scenario.table_seats,
                              lowest_chip=self.house.lowest_chip, odd_chip=self.house.odd_chip,
                              hands={s: self.players[s].cards for s in winners}, odd_card=odd_card)
        explanation = [head] + lines[len(winners) == 1:]
        part = AwardedPot(label, pot.amount, tuple(pot.eligible), tuple(sorted(winners)), shares,
                          explanation, "8.1.5" if len(winners) > 1 else rule, reason)
        return part, why

    def _read_values(self, seats: list[int], board_index: int, ranking: str) -> dict[int, int]:
        """Each seat's best value on one board under one ranking. Any five of
        five or more cards are valued straight from the seat's cards, as
        `DealtHand` values them: a pot asks only for the values, and only its
        winners' hands are named (`_words`) and kept."""
        players, board = self.players, self.boards[board_index]
        if self.game.showdown.selection == Selection.ANY_FIVE:     # (a Selection is a str)
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
        dealt_hand = self._dealt_hand
        return {s: dealt_hand(s, board_index, ranking).value for s in seats}

    def _best(self, seats: list[int], board_index: int = 0, low: bool = False) -> list[int]:
        return self._best_valued(seats, self.game.ranking_for(self.deck_size, low), board_index, low)[0]

    def _best_valued(self, seats: list[int], ranking: str, board_index: int = 0,
                     low: bool = False) -> tuple[list[int], int]:
        """The seats holding the best hand on one board under `ranking`, and
        its value (none and 0: no qualifying low), for its words to be read
        without valuing the hand again."""
        values = self._read_values(seats, board_index, ranking)
        if low:
            values = {s: v for s, v in values.items() if v > 0}
        if not values:
            return [], 0
        top = max(values.values())
        return [s for s, v in values.items() if v == top], top

    def _award_showdown(self, pot: Pot, live: list[int]) -> list[tuple[AwardedPot, str]]:
        sd = self.game.showdown
        eligible = [s for s in pot.eligible if s in live]
        if len(eligible) == 1:
            return [self._award_part(pot, eligible, sd.rule,
                                     f"Seat {eligible[0]} is the only player left in the {pot.name}",
                                     why=f"The best five-card hand wins ({sd.rule})")]
        high = self.game.ranking_for(self.deck_size)
        first, first_value = self._best_valued(eligible, high)
        if sd.split == "high":
            best = "lowest" if sd.ranking in LOW_RANKINGS else "best"
            return [self._award_part(pot, first, sd.rule, self._reason(first, high, first_value),
                                     why=f"The {best} five-card hand wins ({sd.rule})")]
        if sd.split == "hi-lo":
            second_ranking = self.game.ranking_for(self.deck_size, True)
            second, second_value = self._best_valued(eligible, second_ranking, low=True)
            names, rules = ("high", "low"), (f"{sd.rule}(i)", f"{sd.rule}(ii)")
            if not second:
                return [self._award_part(
                    pot, first, sd.no_low_rule, self._reason(first, high, first_value),
                    why=f"No hand qualifies for low: the best high hand wins the whole pot ({sd.no_low_rule})")]
        else:
            second_ranking = high
            second, second_value = self._best_valued(eligible, high, board_index=1)
            names, rules = ("Top", "Bottom"), (f"{sd.rule}(i)", f"{sd.rule}(ii)")
        if len(first) == 1 and first == second:
            both = f"{sd.rule}(iii)"
            return [self._award_part(pot, first, both,
                                     f"Seat {first[0]} wins both the {names[0]} and the {names[1]}: the whole "
                                     f"pot", why=f"One hand wins both halves and takes the whole pot ({both})")]
        unit = self.house.lowest_chip
        second_half = (pot.amount // (2 * unit)) * unit
        first_half = pot.amount - second_half
        if not second_half:
            return [self._award_part(pot, first, sd.odd_chip_rule,
                                     f"the {pot.amount} cannot be halved in chips in play, so it goes to the "
                                     f"{names[0]} hand: " + self._reason(first, high, first_value),
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
            parts.append(self._award_part(
                sub, winners, rule, self._reason(winners, ranking, value, board) + odd,
                why=f"The pot is halved: the {label} half goes to the best {label} hand ({rule})"))
        return parts

    def _reason(self, winners: list[int], ranking: str, value: int, board_index: int = 0) -> str:
        """Who wins and with what: the winners' hand (worth `value` under `ranking`) in words."""
        words = self._words(winners[0], board_index, ranking, value)
        if words is None:
            words = "no qualifying low"
        return (f"Seat{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} "
                f"{'tie' if len(winners) > 1 else 'wins'} with {words}")


    def pots_on_table(self) -> list[dict[str, object]]:
        """The pots the dealer built, once the awards begin (the commission
        taken) and only when there are several: each pot's name, its chips,
        and whether it has been awarded, in the order they were built, so
        the trainee sees which pots are still to push (never in which order
        the house pushes them, nor who contests them)."""
        names = list(dict.fromkeys(part.pot for part in self.awards))
        if len(names) < 2 or any(isinstance(e, Expected) and e.kind == "take_rake" for e in self._agenda):
            return []
        left = {part.pot for part in self.awards[self._pots_awarded:]}
        built = [pot.name for pot in self.showdown_pots if pot.name in names]
        return [{"name": name[0].upper() + name[1:], "amount": sum(p.amount for p in self.awards if p.pot == name),
                 "awarded": name not in left} for name in built]

    def _step_award(self, exp: Expected) -> Done:
        part = self.awards[self._pots_awarded]
        self._pots_awarded += 1
        for seat, chips in part.returned.items():
            self.players[seat].stack += chips
        for seat, chips in part.shares.items():
            self.players[seat].stack += chips
            self.awarded[seat] = self.awarded.get(seat, 0) + chips
        self.pot -= part.amount + sum(part.returned.values())
        self.explanations.extend(part.explanation)
        if self._pots_awarded == len(self.awards):
            self.finished = True
        return Done(" ".join(part.explanation))
