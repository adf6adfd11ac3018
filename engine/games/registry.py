"""Games declared as data: each element cites the rule it comes from.

A game is a `Game`: the deck sizes it may use with the maximum players for
each (Table 1 of 4.1), its forced bets (blinds, over-blind, antes; the stud
bring-in is the opener of the first betting round), its streets in order and
its showdown. A street lists what the dealer does (`DealHole`, `Burn`,
`DealBoard`, `Discard`, `Draw`, `MuckKitty`) and then the betting round
(`Betting`: who opens it). The hand machine (engine/hand/machine.py) reads a
declaration and never names a game, so a new game is new data here.

The second rulebook's Draw (11), Five Card Stud (12) and Seven Card Stud (13)
are editions of the same games citing their own sections; a house profile
with `rulebook = "second"` deals them (`get_game(name, rulebook)`).

Cross-references the PDF extraction garbled ("follow the procedure in rule
8.7.4" inside Five Card Stud, "8.221", "rule 8.14.3(a)" inside Hold'em, ...)
are cited here as the section's own clause they evidently mean; each game's
`notes` records it.
"""
from __future__ import annotations

from dataclasses import replace

from engine.games.declarations import (CRAZY_PINEAPPLE, CRAZY_PINEAPPLE_HI_LO, CROWN_STUD, DOUBLE_FLOP,
                                       DRAW_ANTE, DRAW_BLIND, DRAW_BLIND_11, DRAW_KITTY, FARO_MANILA,
                                       FIVE_CARD_STUD, FIVE_CARD_STUD_12, HOLDEM, HOLDEM_HI_LO, LOWBALL_27,
                                       LOWBALL_A5, OMAHA, OMAHA_HI_LO, PINEAPPLE, RAZZ, SEVEN_CARD_STUD,
                                       SEVEN_CARD_STUD_13, SEVEN_CARD_STUD_HI_LO, THREE_CARD_MANILA,
                                       TRIPLE_DRAW_27, TRIPLE_DRAW_A5, TWO_CARD_MANILA)
from engine.games.parts import Draw, Game

__all__ = ["ALIASES", "EDITIONS", "GAMES", "get_game", "register", "with_post_draw_opener"]

# --- the registry --------------------------------------------------------------------------

GAMES: dict[str, Game] = {g.name: g for g in (
    DRAW_BLIND, DRAW_KITTY, DRAW_ANTE, TRIPLE_DRAW_27, TRIPLE_DRAW_A5, LOWBALL_27, LOWBALL_A5,
    FIVE_CARD_STUD, CROWN_STUD, SEVEN_CARD_STUD, SEVEN_CARD_STUD_HI_LO, RAZZ,
    TWO_CARD_MANILA, THREE_CARD_MANILA, FARO_MANILA,
    HOLDEM, DOUBLE_FLOP, PINEAPPLE, CRAZY_PINEAPPLE, CRAZY_PINEAPPLE_HI_LO, HOLDEM_HI_LO,
    OMAHA, OMAHA_HI_LO,
)}

# (game name, rulebook) -> the edition a house following that rulebook deals.
EDITIONS: dict[tuple[str, str], Game] = {
    (g.name, g.edition): g for g in (DRAW_BLIND_11, FIVE_CARD_STUD_12, SEVEN_CARD_STUD_13)}

ALIASES = {"hold'em": "holdem", "texas-holdem": "holdem", "stud": "seven-card-stud",
           "7-stud": "seven-card-stud", "5-stud": "five-card-stud", "draw": "draw-blind",
           "kitty": "draw-kitty", "omaha-8": "omaha-hi-lo", "stud-8": "seven-card-stud-hi-lo"}


def register(game: Game) -> None:
    """Add a game to the registry, e.g. a banked game declared in its own
    module (engine/casino/round.py). It is listed by `python -m engine games`;
    the hand machine deals only `Game` declarations."""
    name = getattr(game, "name", None)
    if not name:
        raise ValueError("a game needs a name to be registered")
    GAMES[name] = game


def with_post_draw_opener(game: Game, opener: str) -> Game:
    """`game` with each betting round after a draw opened as the house says
    (house field post_draw_opener). "rulebook" is the game as its section
    writes it; "left_of_button" has the first active player left of the
    button open every round after a draw instead of the first left of the
    last blind (published standard rules, as real hand histories are dealt)."""
    if opener == "rulebook":
        return game
    if opener != "left_of_button":
        raise ValueError(f"post_draw_opener {opener!r} is not 'rulebook' or 'left_of_button'")
    kept = _POST_DRAW.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    streets = []
    for street in game.streets:
        betting = street.betting
        if (betting is not None and betting.opener == "left_of_last_blind"
                and any(isinstance(op, Draw) for op in street.deal)):
            rule = f"published standard rules, house post_draw_opener; {betting.rule} differs"
            street = replace(street, betting=replace(betting, opener="left_of_button", rule=rule))
        streets.append(street)
    changed = replace(game, streets=tuple(streets))
    _POST_DRAW[id(game)] = (game, changed)
    return changed


# id(game) -> (game, the game with the house's post-draw opener): every hand
# under such a house asks for it, and a declaration never changes.
_POST_DRAW: dict[int, tuple[Game, Game]] = {}


def get_game(name: str, rulebook: str | None = None) -> Game:
    """A game by name; with `rulebook="second"` the second rulebook's edition
    where it has one (Draw 11, Five Card Stud 12, Seven Card Stud 13)."""
    key = ALIASES.get(str(name).strip().lower(), str(name).strip().lower())
    try:
        game = GAMES[key]
    except KeyError:
        raise KeyError(f"no game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
    if rulebook and rulebook != "main":
        return EDITIONS.get((key, rulebook), game)
    return game
