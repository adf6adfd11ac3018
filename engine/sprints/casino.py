"""Casino Hold'em payouts: one box's winnings by the house's ante pay table
(CH ¶14), the call at even money (CH ¶10), the bonus (CH ¶4), a dealer who
does not qualify (CH ¶12) and identical hands (a push). The round is dealt
by engine.casino.round.CasinoRound from stacked cards, so the payout is the
engine's own settlement."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards.deck import Card, format_cards, full_deck
from engine.casino.boxes import BoxSettlement
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
from engine.house import HouseRules
from engine.sprints.items import Drawn, Kind, chips

ANTES = (5, 10, 10, 15, 20, 25, 25, 50, 100)
# A board that plays for both hands when the hole cards are all low: a push (CH ¶10).
_BROADWAY = tuple(Card(r, s) for r, s in zip((14, 13, 12, 11, 10), "shdcs"))


@dataclass(frozen=True)
class CasinoSetup:
    ante: int
    bonus: int
    box_cards: tuple[Card, Card]
    dealer_cards: tuple[Card, Card]
    board: tuple[Card, ...]

    def deal(self, house: HouseRules) -> CasinoRound:
        """The round dealt to the end by the engine, the box calling (CH ¶7)."""
        b, d = self.box_cards, self.dealer_cards
        order = ((b[0], d[0], b[1], d[1]) if house.casino_holdem_deal == "one_at_a_time"
                 else (b[0], b[1], d[0], d[1]))
        scenario = CasinoScenario(boxes={1: ("Ann", self.ante, self.bonus)}, decisions={1: "call"},
                                  stack=order + self.board, house=house)
        round_ = CasinoRound(scenario)
        round_.autoplay()
        return round_


def draw_casino(rng: random.Random, house: HouseRules) -> CasinoSetup:
    ante = rng.choice([a for a in ANTES if a % house.lowest_chip == 0] or [house.lowest_chip])
    bonus = ante if rng.random() < 0.5 else 0
    deck = full_deck()
    if rng.random() < 0.12:
        board = _BROADWAY
        low = [c for c in deck if c.rank <= 6 and c not in board]
        hole = rng.sample(low, 4)
    else:
        cards = rng.sample(deck, 9)
        hole, board = cards[:4], tuple(cards[4:])
    return CasinoSetup(ante, bonus, (hole[0], hole[1]), (hole[2], hole[3]), tuple(board))


def settlement(setup: CasinoSetup, house: HouseRules) -> BoxSettlement:
    return box_settlement(setup.deal(house), 1)


def box_settlement(round_: CasinoRound, box: int) -> BoxSettlement:
    """How a round dealt to the end settled `box` (its last settlement)."""
    plans = [item for item in round_.settlement if item.box == box]
    assert plans, f"the round settled no box {box}"
    return plans[-1]


def payout_rule(plan: BoxSettlement, bonus: int) -> str:
    """The paragraphs a box's payout follows (CH ¶9-¶14, the bonus ¶4)."""
    rules = {"win": "CH ¶10, ¶14", "push": "CH ¶10", "lose": "CH ¶10"}
    rule = rules[plan.outcome]
    if any("does not qualify" in line for line in plan.lines):
        rule = "CH ¶9, ¶12, ¶14"
    return rule + (", CH ¶4" if bonus else "")


def ask_casino(setup: CasinoSetup, house: HouseRules) -> Drawn:
    plan = settlement(setup, house)
    bonus = f", bonus {chips(setup.bonus)}" if setup.bonus else ""
    lines = [f"Casino Hold'em (house rules: {house.name}). The box has ante {chips(setup.ante)}{bonus} "
             f"and calls {chips(plan.call)}.",
             f"Box: {format_cards(setup.box_cards)}. Dealer: {format_cards(setup.dealer_cards)}. "
             f"Board: {format_cards(setup.board)}.",
             "How much does the dealer pay the box in winnings (stakes returned not counted)?"]
    return Drawn("\n".join(lines), str(plan.paid), payout_rule(plan, setup.bonus), " ".join(plan.lines))


CASINO_PAYOUT = Kind("casino-payout", "Casino Hold'em payout", draw_casino, ask_casino)
