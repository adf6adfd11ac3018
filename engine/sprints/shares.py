"""Dividing pots: the odd chip of a tied pot under each house's rule (8.1.5:
the button's left, the highest card by suit in stud, the live casino's first
player left of the button) and a hi-lo pot's halves and quarters (8.12.5,
8.22.6, 8.24.6). The shares are engine.money.pots.split_pot / split_hi_lo, called
with the house's settings as the hand's award calls them."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards.deck import SUIT_NAMES, Card, full_deck
from engine.games.registry import get_game
from engine.house import HouseRules
from engine.money.pots import Pot, Split, split_hi_lo, split_pot
from engine.questions.money import ODD_CHIP_RULES, ODD_CHIP_WORDS
from engine.sprints.items import Drawn, Kind, chips, multiple, seat_list

TIE_GAMES = ("holdem", "omaha", "seven-card-stud", "five-card-stud", "razz")
HI_LO_GAMES = ("holdem-hi-lo", "omaha-hi-lo", "seven-card-stud-hi-lo")


@dataclass(frozen=True)
class ShareSetup:
    game: str
    pot: int
    table_seats: int
    button: int | None                    # None: a game without a button (stud)
    high: tuple[int, ...]                 # the winners (of the high half in hi-lo)
    low: tuple[int, ...] = ()             # hi-lo: the qualifying low winners (none: no low)
    top_cards: tuple[tuple[int, Card], ...] = ()   # each winner's highest card (8.1.5(b))

    @property
    def winners(self) -> list[int]:
        return sorted(set(self.high) | set(self.low))

    def split(self, house: HouseRules) -> Split:
        hands: dict[int, list[Card]] = {s: [c] for s, c in self.top_cards}
        odd_card = _odd_card(self.game, house)
        if get_game(self.game).showdown.split == "hi-lo":
            return split_hi_lo(Pot(self.pot, tuple(self.winners)), self.high, self.low,
                               button=self.button, seat_count=self.table_seats, lowest_chip=house.lowest_chip,
                               odd_chip=house.odd_chip, hands=hands)
        return split_pot(self.pot, self.high, button=self.button, seat_count=self.table_seats,
                         lowest_chip=house.lowest_chip, odd_chip=house.odd_chip, hands=hands, odd_card=odd_card)


def _odd_card(game: str, house: HouseRules) -> str:
    """Which card of a hand decides the odd chip by suit: Razz reads it as the
    house's razz_odd_chip says (8.1.5(b) is silent on its low ace)."""
    return house.razz_odd_chip if game == "razz" else "highest_ace_high"


def _top_cards(rng: random.Random, seats: list[int], odd_card: str = "highest_ace_high") -> tuple[tuple[int, Card], ...]:
    """Each winner's card that decides the odd chip, all different (the hands
    tie on ranks, so the suits of the same rank decide, 8.1.5(b), 3.2.4): a
    high card, no ace where aces count low (Razz), a low one for "lowest"."""
    ranks = {"highest_ace_high": range(10, 15), "highest_ace_low": range(10, 14), "lowest": range(2, 6)}
    deck = [c for c in full_deck() if c.rank in ranks[odd_card]]
    rank = rng.choice(sorted({c.rank for c in deck}))
    same = [c for c in deck if c.rank == rank]
    rng.shuffle(same)
    return tuple(zip(seats, same))


def _seats(rng: random.Random, game: str, count: int) -> tuple[int, list[int], int | None]:
    uses_button = get_game(game).uses_button
    table = 9 if uses_button else 8
    seats = sorted(rng.sample(range(1, table + 1), count))
    button = rng.randint(1, table) if uses_button else None
    return table, seats, button


def _odd_pot(rng: random.Random, house: HouseRules, ways: int) -> int:
    unit = house.lowest_chip
    while True:
        pot = multiple(rng, 20 * unit, 4000 * unit, unit)
        if pot % (ways * unit):
            return pot


def draw_odd_chip(rng: random.Random, house: HouseRules) -> ShareSetup:
    game = rng.choice(TIE_GAMES)
    count = rng.choice((2, 2, 3, 3, 4))
    table, seats, button = _seats(rng, game, count)
    return ShareSetup(game, _odd_pot(rng, house, count), table, button, tuple(seats),
                      top_cards=_top_cards(rng, seats, _odd_card(game, house)))


def draw_hi_lo(rng: random.Random, house: HouseRules) -> ShareSetup:
    game = rng.choice(HI_LO_GAMES)
    table, seats, button = _seats(rng, game, rng.randint(2, 4))
    shape = rng.choice(("halves", "quarters", "quarters", "split-high", "no-low", "scoop-high-tie-low"))
    a, b = seats[0], seats[1]
    rest = seats[2:]
    high: tuple[int, ...]
    low: tuple[int, ...]
    if shape == "halves":
        high, low = (a,), (b,)
    elif shape == "quarters":
        high, low = (a,), tuple(sorted((b, a) if not rest else (b, rest[0])))
    elif shape == "split-high":
        high, low = (a, b), tuple(rest[:1]) or (a,)
    elif shape == "no-low":
        high, low = (a, b), ()
    else:
        high, low = (a,), (a, b)
    pot = multiple(rng, 20 * house.lowest_chip, 3000 * house.lowest_chip, house.lowest_chip)
    setup = ShareSetup(game, pot, table, button, high, low, ())
    return ShareSetup(game, pot, table, button, high, low, _top_cards(rng, setup.winners))


def _facts(setup: ShareSetup, house: HouseRules) -> list[str]:
    game = get_game(setup.game)
    where = (f"the button is at seat {setup.button}" if setup.button is not None
             else "no button is used (stud)")
    lines = [f"{game.title}, {setup.table_seats} seats; {where}; lowest chip in play {chips(house.lowest_chip)}; "
             f"house rules: {house.name}."]
    if setup.button is None or house.odd_chip == "suit":
        which = "lowest" if _odd_card(setup.game, house) == "lowest" else "highest"
        lines.append(f"Each winner's {which} card: " + ", ".join(
            f"seat {s} {c} ({SUIT_NAMES[c.suit]})" for s, c in setup.top_cards) + ".")
    return lines


def ask_odd_chip(setup: ShareSetup, house: HouseRules) -> Drawn:
    result = setup.split(house)
    lines = _facts(setup, house)
    lines.append(f"{seat_list(list(setup.high)).capitalize()} tie for a pot of {chips(setup.pot)}. Give each one's share, in seat order.")
    rule = _odd_rule(setup, house)
    answer = " / ".join(str(result.shares[s]) for s in sorted(setup.high))
    return Drawn("\n".join(lines), answer, rule, " ".join(result.lines), answer_form="chips-list")


def _odd_rule(setup: ShareSetup, house: HouseRules) -> str:
    odd = house.odd_chip if setup.button is not None else "suit"
    return ODD_CHIP_RULES[odd] if odd != "left_of_button" else "8.1.5; " + ODD_CHIP_RULES[odd]


def ask_hi_lo(setup: ShareSetup, house: HouseRules) -> Drawn:
    result = setup.split(house)
    sd = get_game(setup.game).showdown
    lines = _facts(setup, house)
    lines.append(f"The pot is {chips(setup.pot)}. High: {' and '.join(f'seat {s}' for s in setup.high)}"
                 + (" (tied)" if len(setup.high) > 1 else "") + ". Low: "
                 + (" and ".join(f"seat {s}" for s in setup.low) + (" (tied)" if len(setup.low) > 1 else "")
                    if setup.low else "no hand qualifies") + ".")
    lines.append(f"Give the share of {', '.join(f'seat {s}' for s in setup.winners)}, in seat order.")
    rule = f"{sd.rule}, {sd.odd_chip_rule}" if setup.low else sd.no_low_rule
    odd_words = ODD_CHIP_WORDS[house.odd_chip if setup.button is not None else "suit"]
    tied = len(setup.high) > 1 or len(setup.low) > 1
    explanation = " ".join(result.lines) + (f" Within a half, {odd_words}." if tied else "")
    answer = " / ".join(str(result.shares.get(s, 0)) for s in setup.winners)
    return Drawn("\n".join(lines), answer, rule + ", 8.1.5", explanation, answer_form="chips-list")


ODD_CHIP = Kind("odd-chip", "Odd chip", draw_odd_chip, ask_odd_chip)
HI_LO_SHARES = Kind("hi-lo-shares", "Hi-lo shares", draw_hi_lo, ask_hi_lo)
