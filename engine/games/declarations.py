"""Every game of section 8 declared as data (Draw 8.4-8.8, Stud 8.9-8.13,
Manila 8.14-8.16, Hold'em and Omaha 8.17-8.24) with its row of Table 1
(4.1), and the second rulebook's editions (sections 11-13). The parts of a
declaration: engine/games/parts.py; the registry: engine/games/registry.py."""
from __future__ import annotations

from engine.games.parts import (Ante, Betting, Blinds, Burn, DealBoard, DealHole, DealOp, Discard, Draw,
                                Game, MuckKitty, Showdown, Street)

# --- Table 1 of 4.1 ------------------------------------------------------------
# The table's columns are decks of 52, 40, 36, 32 and 20 cards. Extraction
# dropped the empty cells, so each row is a list of numbers without columns.
# Reading, row by row (each game's `table_1` repeats its own):
# - Rows with one number are 52 cards: every game named there is a 52-card
#   game elsewhere in the rules (lowball rankings exist only for 52 cards).
# - Rows with four or five entries fill from the left; the stud rows keep a
#   "-" under 20 cards, which shows the columns run 52, 40, 36, 32, 20.
# - Draw (Kitty) reads "Four (5)" under 32 cards: the word is taken, since
#   the Kitty is a hand too and Draw (Blind) seats five at 32 cards.
# - Hold'em's three numbers fill from the left (52, 40, 36): six players at
#   36 cards is the usual short-deck Hold'em table.
# - Manila: Three Card Manila's "Nine, Seven" fits 36 and 32 cards exactly
#   (9 x 3 + 5 board + 4 burns = 36; 7 x 3 + 9 = 30, and 8 players would need
#   33 of 32), and Manila is the short-deck game of the house. Both Manila rows
#   with two numbers are therefore read as 36 and 32; Two Card Manila seats 11
#   at 32 cards (22 + 9 = 31). Faro Manila's single "Eight" is 52 (8 x 5 + 9 =
#   49; a ninth player would need 54).

# --- helpers that write the repeated parts of a section ------------------------


def _community(section: str, hole: int, first: str = "pre-flop", *, double: bool = False,
               discard_after: str | None = None, hole_rule: str | None = None) -> tuple[Street, ...]:
    """Hold'em-shaped streets citing `section`: deal, pre-flop round (.3),
    flop (.4), turn (.5), river (.6). Pineapples add a discard street."""
    s = section
    flop_deal: list[DealOp] = [Burn(f"{s}.4(a)"), DealBoard(3, flop=True, rule=f"{s}.4(a)")]
    turn_deal: list[DealOp] = [Burn(f"{s}.5(a)"), DealBoard(1, rule=f"{s}.5(a)")]
    river_deal: list[DealOp] = [Burn(f"{s}.6(a)"), DealBoard(1, rule=f"{s}.6(a)")]
    if double:
        flop_deal.append(DealBoard(3, flop=True, rule=f"{s}.4(a)", board=1, name="bottom flop"))
        turn_deal.append(DealBoard(1, rule=f"{s}.5(a)", board=1, name="bottom turn card"))
        river_deal.append(DealBoard(1, rule=f"{s}.6(a)", board=1, name="bottom river card"))
    streets = [
        Street(first, deal=(DealHole(hole, rule=hole_rule or f"{s}.2(a), 8.1.4"),),
               betting=Betting("left_of_last_blind", f"{s}.3(a)")),
        Street("flop", deal=tuple(flop_deal), betting=Betting("left_of_button", f"{s}.4(b)")),
        Street("turn", deal=tuple(turn_deal), betting=Betting("left_of_button", f"{s}.5(b)")),
        Street("river", deal=tuple(river_deal), betting=Betting("left_of_button", f"{s}.6(b)")),
    ]
    if discard_after is not None:
        at = [st.name for st in streets].index(discard_after) + 1
        rule = f"{s}.3(d)" if discard_after == first else f"{s}.4(d)"
        streets.insert(at, Street("discard", deal=(Discard(1, rule),)))
    return tuple(streets)


def _manila(section: str, hole: int) -> tuple[Street, ...]:
    """Manila: hole cards and the first community card, then one community
    card per round after a burn; five betting rounds (8.14.2-8.14.5)."""
    s = section
    later = [("second card", f"{s}.4"), ("third card", f"{s}.4"), ("fourth card", f"{s}.4"),
             ("fifth card", f"{s}.5")]
    streets = [Street("first card",
                      deal=(DealHole(hole, rule=f"{s}.2(a), 8.1.4"),
                            DealBoard(1, rule=f"{s}.2(a)", name="first community card")),
                      betting=Betting("left_of_last_blind", f"{s}.3(a)"))]
    for name, sub in later:
        streets.append(Street(name, deal=(Burn(f"{sub}(a)"),
                                          DealBoard(1, rule=f"{sub}(a)", name=f"{name.split()[0]} community card")),
                              betting=Betting("left_of_button", f"{sub}(b)")))
    return tuple(streets)


def _stud(names: tuple[str, ...], first_deal: tuple[DealOp, ...], bring: str, later: str, later_open: str,
          final: str, final_open: str, last_up: bool, low: bool = False) -> tuple[Street, ...]:
    """Stud streets: the first deal and bring-in, then a burn and one card to
    each player per street, the best hand showing opening each round."""
    streets = [Street(names[0], deal=first_deal, betting=Betting("bring_in", bring, low=low))]
    for name in names[1:-1]:
        streets.append(Street(name, deal=(Burn(later), DealHole(1, face_up=True, rule=later)),
                              betting=Betting("best_showing", later_open, low=low)))
    streets.append(Street(names[-1], deal=(Burn(final), DealHole(1, face_up=last_up, rule=final)),
                          betting=Betting("best_showing", final_open, low=low)))
    return tuple(streets)


def _draws(section: str, count: int) -> tuple[Street, ...]:
    """Lowball draw games: the pre-draw round, then `count` draws each
    followed by a round opened left of the last blind (8.7.4-8.7.7, 8.8.4-8.8.5)."""
    s = section
    streets = [Street("pre-draw", deal=(DealHole(5, rule=f"{s}.2(a), 8.1.4"),),
                      betting=Betting("left_of_last_blind", f"{s}.3(a)"))]
    names = ("draw",) if count == 1 else ("first draw", "second draw", "third draw")
    opens = (f"{s}.5(a)",) if count == 1 else (f"{s}.5(a)", f"{s}.6(a)", f"{s}.7(a)")
    for name, rule in zip(names, opens):
        streets.append(Street(name, deal=(Draw(f"{s}.4(a)", f"{s}.4(b)"),),
                              betting=Betting("left_of_last_blind", rule)))
    return tuple(streets)


# --- Draw (8.4-8.8) ------------------------------------------------------------------

DRAW_TABLE = ("Eight, Six, Five, Five read from the left: 52, 40, 36 and 32 cards; no 20-card "
              "draw (five cards each would leave nothing to draw)")

DRAW_BLIND = Game(
    name="draw-blind", title="Draw (Blind)", rule="8.4", family="draw",
    max_players={52: 8, 40: 6, 36: 5, 32: 5}, table_1=DRAW_TABLE,
    button_rule="8.4.1(a)",
    blinds=Blinds(2, "8.4.1(b), 8.2.2", over_blind="8.4.1(b)(i)"),
    streets=(
        Street("pre-draw", deal=(DealHole(5, rule="8.4.2(a), 8.1.4"),),
               betting=Betting("left_of_last_blind", "8.4.3(a)")),
        Street("draw", deal=(Draw("8.4.4(a)", "8.4.4(b)"),),
               betting=Betting("left_of_last_blind", "8.4.5(a)")),
    ),
    showdown=Showdown("high", "any_five", "8.4.5(b)(vi)"),
    big_bet_from=1, uncontested_rule="8.4.3(c)(i)",
    notes=("No burn card: 8.4.4(a) deals the draw straight from the top of the deck.",),
)

DRAW_KITTY = Game(
    name="draw-kitty", title="Draw (Kitty)", rule="8.5", family="draw",
    max_players={52: 7, 40: 5, 36: 4, 32: 4},
    table_1=("Seven, Five, Four, Four (5) read from the left: 52, 40, 36, 32 cards; the garbled "
             "'Four (5)' is read as four, one fewer than Draw (Blind) because the Kitty is a hand"),
    button_rule="8.5.1(a)",
    blinds=Blinds(2, "8.5.1(b), 8.2.2"),
    streets=(
        Street("pre-draw", deal=(DealHole(5, rule="8.5.2(a)-(b), 8.1.4", kitty=True),),
               betting=Betting("left_of_last_blind", "8.5.3(a)", kitty="8.5.3(b)-(c)")),
        Street("draw", deal=(MuckKitty("8.5.3(d)"), Draw("8.5.4(a)", "8.5.4(b)")),
               betting=Betting("left_of_last_blind", "8.5.5(a)")),
    ),
    showdown=Showdown("high", "any_five", "8.5.5(c)"),
    big_bet_from=1, uncontested_rule="8.5.3(e)(i)",
    notes=("8.5.3 is garbled; read as: until someone opens, a player may call or fold, or take "
           "the Kitty and call (8.5.3(a)-(b)); after that raises are allowed (8.5.3(b)(i), (c)). "
           "Taking the Kitty costs a wager equal to the last blind (8.5.3(c)); after a raise the "
           "taker then calls, raises or folds (8.5.3(c)(i)). The player's own hand goes to the muck.",
           "8.5.3(e) sends the round to 8.4.5(a)-(c); read as this section's own betting clauses.",
           "No burn card: the draw is dealt straight from the top of the deck (8.5.4(a))."),
)

DRAW_ANTE = Game(
    name="draw-ante", title="Draw (Ante wager)", rule="8.6", family="draw",
    max_players={52: 8, 40: 6, 36: 5, 32: 5}, table_1=DRAW_TABLE,
    button_rule="8.6.1(a)",
    ante=Ante("8.6.1(b)"),
    streets=(
        Street("pre-draw", deal=(DealHole(5, rule="8.6.2(a), 8.1.4"),),
               betting=Betting("left_of_button", "8.6.3(a)")),
        Street("draw", deal=(Draw("8.6.4(a)", "8.6.4(b)"),),
               betting=Betting("left_of_button", "8.6.5(a)")),
    ),
    showdown=Showdown("high", "any_five", "8.6.5(c)"),
    big_bet_from=1, uncontested_rule="8.6.3(c)(i)",
    notes=("No burn card: the draw is dealt straight from the top of the deck (8.6.4(a)).",),
)


def _lowball(name: str, title: str, section: str, draws: int, ranking: str, players: int,
             showdown_rule: str, uncontested: str) -> Game:
    return Game(
        name=name, title=title, rule=section, family="draw",
        max_players={52: players},
        table_1=f"one number, {players}: 52 cards (the lowball rankings are 52-card orders)",
        button_rule=f"{section}.1(a)",
        blinds=Blinds(2, f"{section}.1(b), 8.2.2", over_blind=f"{section}.1(b)(i)"),
        streets=_draws(section, draws),
        showdown=Showdown(ranking, "any_five", showdown_rule),
        big_bet_from=1 if draws == 1 else 2, uncontested_rule=uncontested,
        notes=("No burn card: each draw is dealt straight from the top of the deck "
               f"({section}.4(a)).",) + (
            ("8.7.5(b)(ii) and 8.7.6(b)(ii) repeat the draw 'as described in rule 8.7.4'.",)
            if draws == 3 else ()),
    )


TRIPLE_DRAW_27 = _lowball("triple-draw-27", "Triple Draw (2 to 7)", "8.7", 3, "deuce-to-seven", 6,
                          "8.7.7(b)", "8.7.3(c)(i)")
TRIPLE_DRAW_A5 = _lowball("triple-draw-a5", "Triple Draw (A to 5)", "8.7", 3, "ace-to-five", 6,
                          "8.7.7(b)", "8.7.3(c)(i)")
LOWBALL_27 = _lowball("lowball-27", "Lowball Draw (2 to 7)", "8.8", 1, "deuce-to-seven", 8,
                      "8.8.5(b)", "8.8.3(c)(i)")
LOWBALL_A5 = _lowball("lowball-a5", "Lowball Draw (A to 5)", "8.8", 1, "ace-to-five", 8,
                      "8.8.5(b)", "8.8.3(c)(i)")

# --- Stud (8.9-8.13) ----------------------------------------------------------------

STUD5_TABLE = "Ten, Eight, Seven, Six, '-': 52, 40, 36, 32 cards; not dealt with 20"
STUD7_TABLE = "Eight, Six, Five, Four, '-': 52, 40, 36, 32 cards; not dealt with 20"
STUD_NO_BUTTON = ("No button: the cards go round from the dealer's left (8.1.4 names the button, "
                  "which stud does not use; 12.1(c), 13.1(c)); the odd chip goes by the highest "
                  "card by suit (8.1.5(b)).")

FIVE_CARD_STUD = Game(
    name="five-card-stud", title="Five Card Stud", rule="8.9", family="stud",
    max_players={52: 10, 40: 8, 36: 7, 32: 6}, table_1=STUD5_TABLE, button=False,
    ante=Ante("8.9.1"),
    streets=_stud(("second street", "third street", "fourth street", "fifth street"),
                  (DealHole(1, rule="8.9.2(a), 8.1.4"), DealHole(1, face_up=True, rule="8.9.2(a)")),
                  "8.9.3(a)", "8.9.4(a)", "8.9.4(b)", "8.9.5(a)", "8.9.5(b)", last_up=True),
    showdown=Showdown("high", "any_five", "8.9.5(d)"),
    uncontested_rule="8.9.3(b)(i)", stub_short="8.9.5(a)",
    notes=(STUD_NO_BUTTON,
           "8.9.4(d) repeats the round 'as described in 8.7.4(a)-(c)': read as 8.9.4(a)-(c)."),
)

CROWN_STUD = Game(
    name="crown-stud", title="Crown Stud", rule="8.10", family="stud",
    max_players={52: 10, 40: 8, 36: 7, 32: 6}, table_1=STUD5_TABLE, button=False,
    ante=Ante("8.10.1"),
    streets=_stud(("second street", "third street", "fourth street", "fifth street"),
                  (DealHole(1, rule="8.10.2(a), 8.1.4"), DealHole(1, face_up=True, rule="8.10.2(a)")),
                  "8.10.3(a)", "8.10.4(a)", "8.10.4(b)", "8.10.5(a)", "8.10.5(b)", last_up=False),
    showdown=Showdown("high", "any_five", "8.10.5(d)"),
    uncontested_rule="8.10.3(b)(i)", stub_short="8.10.5(a)",
    notes=(STUD_NO_BUTTON, "The last card is dealt face down (8.10.5(a)).",
           "8.10.4(d) repeats the round 'as described in 8.8.4(a)-(c)': read as 8.10.4(a)-(c)."),
)

_SEVEN = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")

SEVEN_CARD_STUD = Game(
    name="seven-card-stud", title="Seven Card Stud", rule="8.11", family="stud",
    max_players={52: 8, 40: 6, 36: 5, 32: 4}, table_1=STUD7_TABLE, button=False,
    ante=Ante("8.11.1"),
    streets=_stud(_SEVEN, (DealHole(2, rule="8.11.2(a), 8.1.4"),
                           DealHole(1, face_up=True, rule="8.11.2(a)")),
                  "8.11.3(a)", "8.11.4(a)", "8.11.4(b)", "8.11.5(a)", "8.11.5(b)", last_up=False),
    showdown=Showdown("high", "any_five", "8.11.5(d)"),
    uncontested_rule="8.11.3(b)(i)", stub_short="8.11.5(a)",
    notes=(STUD_NO_BUTTON,
           "8.11.4(d) repeats the round 'as described in 8.9.4(a)-(c)': read as 8.11.4(a)-(c)."),
)

SEVEN_CARD_STUD_HI_LO = Game(
    name="seven-card-stud-hi-lo", title="Seven Card Stud Hi-Low Eight Qualifier", rule="8.12",
    family="stud", max_players={52: 8, 40: 6, 36: 5, 32: 4}, button=False,
    table_1=STUD7_TABLE + ". An eight-or-better low needs five ranks from 8 down to the ace: "
            "with 40 cards only A-5-6-7-8, with 36 or 32 none, so the high hand takes the pot "
            "(8.12.5(e))",
    ante=Ante("8.12.1"),
    streets=_stud(_SEVEN, (DealHole(2, rule="8.12.2(a), 8.1.4"),
                           DealHole(1, face_up=True, rule="8.12.2(a)")),
                  "8.12.3(a)", "8.12.4(a)", "8.12.4(b)", "8.12.5(a)", "8.12.5(b)", last_up=False),
    showdown=Showdown("high", "any_five", "8.12.5(d)", split="hi-lo", no_low_rule="8.12.5(e)",
                      odd_chip_rule="8.12.5(f)"),
    uncontested_rule="8.12.3(b)(i)", stub_short="8.12.5(a)",
    notes=(STUD_NO_BUTTON,
           "8.12.4(d) repeats the round 'as described in 8.10.4(a)-(c)': read as 8.12.4(a)-(c)."),
)

RAZZ = Game(
    name="razz", title="Seven Card Stud Razz", rule="8.13", family="stud",
    max_players={52: 8}, table_1="one number, Eight: 52 cards", button=False,
    ante=Ante("8.13.1"),
    streets=_stud(_SEVEN, (DealHole(2, rule="8.13.2(a), 8.1.4"),
                           DealHole(1, face_up=True, rule="8.13.2(a)")),
                  "8.13.3(a)", "8.13.3(c)(i)", "8.13.3(c)(ii)", "8.13.3(d)(i)", "8.13.3(d)(ii)",
                  last_up=False, low=True),
    showdown=Showdown("ace-to-five", "any_five", "8.13.3(d)(iv)"),
    uncontested_rule="8.13.3(b)(i)", stub_short="8.13.3(d)(i)",
    notes=(STUD_NO_BUTTON,
           "8.1.5(b) is silent on the ace in a game that counts aces low: the house field "
           "razz_odd_chip decides which card takes the odd chip (default: the highest card, aces "
           "low, as 8.13.3(a) reads 'highest'; or the ace highest; or the lowest card by suit)."),
)

# --- Manila (8.14-8.16) ------------------------------------------------------------------

MANILA_NOTES = ("The first community card follows the hole cards with no burn (the section "
                "names none); each later one follows a burn.",)

TWO_CARD_MANILA = Game(
    name="two-card-manila", title="Two Card Manila", rule="8.14", family="community",
    max_players={36: 11, 32: 11},
    table_1="Eleven, Eleven: read as 36 and 32 cards like Three Card Manila (11 x 2 + 5 + 4 = 31 "
            "of 32); the other reading, 52 and 40, is possible",
    button_rule="8.14.1(a)", blinds=Blinds(2, "8.14.1(b), 8.2.2"),
    streets=_manila("8.14", 2),
    showdown=Showdown("high", "two_hole_three_board", "8.14.5(d)"),
    uncontested_rule="8.14.3(c)(i)",
    notes=MANILA_NOTES + ("Cross-references to 8.11.3(a) and 8.11.4 inside 8.14 are read as "
                          "8.14.3(a) and 8.14.4.",),
)

THREE_CARD_MANILA = Game(
    name="three-card-manila", title="Three Card Manila", rule="8.15", family="community",
    max_players={36: 9, 32: 7},
    table_1="Nine, Seven: 36 and 32 cards, where they fill the deck (9 x 3 + 9 = 36; 7 x 3 + 9 = 30, "
            "eight players would need 33)",
    button_rule="8.15.1(a)", blinds=Blinds(2, "8.15.1(b), 8.2.2"),
    streets=_manila("8.15", 3),
    showdown=Showdown("high", "two_hole_three_board", "8.15.5(d)"),
    uncontested_rule="8.15.3(c)(i)",
    notes=MANILA_NOTES + ("Cross-references to 8.12.3(a) and 8.12.5 inside 8.15 are read as "
                          "8.15.3(a) and 8.15.4.",),
)

FARO_MANILA = Game(
    name="faro-manila", title="Faro Manila", rule="8.16", family="community",
    max_players={52: 8},
    table_1="one number, Eight: 52 cards (8 x 5 + 9 = 49; a ninth player would need 54)",
    button_rule="8.16.1(a)", blinds=Blinds(2, "8.16.1(b), 8.2.2"),
    streets=_manila("8.16", 5),
    showdown=Showdown("high", "two_hole_three_board", "8.16.5(d)"),
    uncontested_rule="8.16.3(c)(i)",
    notes=MANILA_NOTES + ("Cross-references to 8.13.3(a) and 8.13.4 inside 8.16 are read as "
                          "8.16.3(a) and 8.16.4.",),
)

# --- Hold'em and Omaha (8.17-8.24) ---------------------------------------------------------

ELEVEN = "one number, Eleven: 52 cards"

HOLDEM = Game(
    name="holdem",
    title="Hold'em",
    rule="8.17",
    family="community",
    # Table 1 of 4.1 as extracted lists "Eleven, Eleven, Six" for Hold'em; the
    # flattened columns are 52, 40, 36 (reconstruction, see README of rules).
    max_players={52: 11, 40: 11, 36: 6},
    table_1="Eleven, Eleven, Six read from the left: 52, 40 and 36 cards (six at 36 cards is the "
            "usual short-deck table)",
    button_rule="8.17.1(a)",
    blinds=Blinds(count=2, rule="8.17.1(b), 8.2.2"),
    ante=Ante("8.17.1(b)", required=False),
    streets=(
        Street("pre-flop",
               deal=(DealHole(2, rule="8.17.2(a), 8.1.4"),),
               betting=Betting("left_of_last_blind", "8.17.3(a)")),
        Street("flop",
               deal=(Burn("8.17.4(a)"), DealBoard(3, flop=True, rule="8.17.4(a)")),
               betting=Betting("left_of_button", "8.17.4(b)")),
        Street("turn",
               deal=(Burn("8.17.5(a)"), DealBoard(1, rule="8.17.5(a)")),
               betting=Betting("left_of_button", "8.17.5(b)")),
        Street("river",
               deal=(Burn("8.17.6(a)"), DealBoard(1, rule="8.17.6(a)")),
               betting=Betting("left_of_button", "8.17.6(b)")),
    ),
    showdown=Showdown("high", "any_five", "8.17.6(d)"),
    uncontested_rule="8.17.3(c)(i)",
    notes=("8.17.3(b) points at 8.14.3(a); read as 8.17.3(a).",),
)

DOUBLE_FLOP = Game(
    name="double-flop-holdem", title="Double Flop Holdem", rule="8.18", family="community",
    max_players={52: 11}, table_1=ELEVEN,
    button_rule="8.18.1(a)", blinds=Blinds(2, "8.18.1(b), 8.2.2"), ante=Ante("8.18.1(b)", required=False),
    streets=_community("8.18", 2, double=True),
    showdown=Showdown("high", "any_five", "8.18.6(d)", split="double-board", odd_chip_rule="8.18.6(e)"),
    uncontested_rule="8.18.3(c)(i)",
    notes=("The second flop, fourth and fifth cards follow the first with no burn of their own "
           "(8.18.4(a), 8.18.5(a), 8.18.6(a)).",),
)

PINEAPPLE = Game(
    name="pineapple", title="Pineapple Holdem", rule="8.19", family="community",
    max_players={52: 11}, table_1=ELEVEN,
    button_rule="8.19.1(a)", blinds=Blinds(2, "8.19.1(b), 8.2.2"), ante=Ante("8.19.1(b)", required=False),
    streets=_community("8.19", 3, discard_after="pre-flop"),
    showdown=Showdown("high", "any_five", "8.19.6(d)"),
    uncontested_rule="8.19.3(c)(i)",
)

CRAZY_PINEAPPLE = Game(
    name="crazy-pineapple", title="Crazy Pineapple Holdem", rule="8.20", family="community",
    max_players={52: 11}, table_1=ELEVEN,
    button_rule="8.20.1(a)", blinds=Blinds(2, "8.20.1(b), 8.2.2"), ante=Ante("8.20.1(b)", required=False),
    streets=_community("8.20", 3, discard_after="flop"),
    showdown=Showdown("high", "any_five", "8.20.6(d)"),
    uncontested_rule="8.20.3(c)(i)",
)

CRAZY_PINEAPPLE_HI_LO = Game(
    name="crazy-pineapple-hi-lo", title="Crazy Pineapple Holdem Hi-Low Eight Qualifier", rule="8.21",
    family="community", max_players={52: 11}, table_1=ELEVEN,
    button_rule="8.21.1(a)", blinds=Blinds(2, "8.21.1(b), 8.2.2"), ante=Ante("8.21.1(b)", required=False),
    streets=_community("8.21", 3, discard_after="flop"),
    showdown=Showdown("high", "any_five", "8.21.6(d)", split="hi-lo", no_low_rule="8.21.6(e)",
                      odd_chip_rule="8.21.6(f)"),
    uncontested_rule="8.21.3(c)(i)",
)

HOLDEM_HI_LO = Game(
    name="holdem-hi-lo", title="Holdem Hi-Low Eight Qualifier", rule="8.22", family="community",
    max_players={52: 11}, table_1=ELEVEN,
    button_rule="8.22.1(a)", blinds=Blinds(2, "8.22.1(b), 8.2.2"), ante=Ante("8.22.1(b)", required=False),
    streets=_community("8.22", 2),
    showdown=Showdown("high", "any_five", "8.22.6(d)", split="hi-lo", no_low_rule="8.22.6(e)",
                      odd_chip_rule="8.22.6(f)"),
    uncontested_rule="8.22.3(c)(i)",
    notes=("The extracted text numbers the first clause '8.221'; cited as 8.22.1.",),
)

OMAHA = Game(
    name="omaha", title="Omaha", rule="8.23", family="community",
    max_players={52: 10}, table_1="one number, Ten: 52 cards",
    button_rule="8.23.1(a)", blinds=Blinds(2, "8.23.1(b), 8.2.2"),
    streets=_community("8.23", 4),
    showdown=Showdown("high", "two_hole_three_board", "8.23.6(d)"),
    uncontested_rule="8.23.3(c)(i)",
)

OMAHA_HI_LO = Game(
    name="omaha-hi-lo", title="Omaha Hi-Low Eight Qualifier", rule="8.24", family="community",
    max_players={52: 10}, table_1="one number, Ten: 52 cards",
    button_rule="8.24.1(a)", blinds=Blinds(2, "8.24.1(b), 8.2.2"),
    streets=_community("8.24", 4, hole_rule="8.24.2(a)"),
    showdown=Showdown("high", "two_hole_three_board", "8.24.6(d)", split="hi-lo",
                      no_low_rule="8.24.6(e)", odd_chip_rule="8.24.6(f)"),
    uncontested_rule="8.24.3(c)(i)",
)

# --- the second rulebook's editions (sections 11-13) -----------------------------------------

DRAW_BLIND_11 = Game(
    name="draw-blind", title="Draw (Blind)", rule="11", family="draw", edition="second",
    max_players=DRAW_BLIND.max_players, table_1=DRAW_TABLE + " (Table 1 of the main rulebook)",
    button_rule="11.1(b)",
    blinds=Blinds(2, "11.1(c)(i)-(iii)", over_blind="11.1(c)(iv)"),
    streets=(
        Street("pre-draw", deal=(DealHole(5, rule="11.1(d)"),),
               betting=Betting("left_of_last_blind", "11.2(a)")),
        Street("draw", deal=(Draw("11.3(a)", "11.3(b)"),),
               betting=Betting("left_of_last_blind", "11.4(a)")),
    ),
    showdown=Showdown("high", "any_five", "11.4(c)"),
    big_bet_from=1, uncontested_rule="11.2(c)(i)",
    notes=("The odd chip goes to the highest card by suit even with a button (11.4(d)): the "
           "'second' house profile says so.",),
)

FIVE_CARD_STUD_12 = Game(
    name="five-card-stud", title="Five Card Stud", rule="12", family="stud", edition="second",
    max_players=FIVE_CARD_STUD.max_players, table_1=STUD5_TABLE + " (Table 1 of the main rulebook)",
    button=False, ante=Ante("12.1(b)"),
    streets=_stud(("second street", "third street", "fourth street", "fifth street"),
                  (DealHole(1, rule="12.1(c)"), DealHole(1, face_up=True, rule="12.1(c)")),
                  "12.2(a)", "12.3(a)", "12.3(b)", "12.4(a)", "12.4(b)", last_up=True),
    showdown=Showdown("high", "any_five", "12.4(d)"),
    uncontested_rule="12.2(b)(i)", stub_short="12.4(a)",
    notes=("Cards go round from the dealer's left (12.1(c)); a community card dealt under 12.4(a) "
           "plays in every hand (12.4(d)).",),
)

SEVEN_CARD_STUD_13 = Game(
    name="seven-card-stud", title="Seven Card Stud", rule="13", family="stud", edition="second",
    max_players=SEVEN_CARD_STUD.max_players, table_1=STUD7_TABLE + " (Table 1 of the main rulebook)",
    button=False, ante=Ante("13.1(b)"),
    streets=_stud(_SEVEN, (DealHole(2, rule="13.1(c)"), DealHole(1, face_up=True, rule="13.1(c)")),
                  "13.2(a)", "13.3(a)", "13.3(b)", "13.4(a)", "13.4(b)", last_up=False),
    showdown=Showdown("high", "any_five", "13.4(d)"),
    uncontested_rule="13.2(b)(i)", stub_short="13.4(a)",
    notes=("Two cards down one at a time, then one up, from the dealer's left (13.1(c)).",),
)
