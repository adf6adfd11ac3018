"""Short names for the rule numbers the engine cites, for people (issue 29 finding 6).

A trainee reads "8.17.1(a)" as a number; the pages print it with its short
name beside it, "8.17.1(a) Hold'em: before the deal". This is the one table
of those names: `rule_name` looks a citation up by its number, then by each
shorter prefix ("8.17.1(a)" -> "8.17.1" -> "8.17"), so every clause of a
named section has a name. The names are ours, paraphrasing the headings of
/work/shared/rules (main rulebook 1-9.1; the second rulebook's 9.2-9.3 short
decks, 10 all-in, 11 draw, 12-13 stud; "CH" the banked Casino Hold'em).
A citation with no number ("standard practice (house award_order)") is
named as what it is: standard practice the house may change.
"""
from __future__ import annotations

import re

_DRAW = ("before the deal", "the deal", "first betting round", "the draw",
         "final betting round and showdown")
_TRIPLE = ("before the deal", "the deal", "first betting round", "the draws", "second betting round",
           "third betting round", "final betting round and showdown")
_STUD5 = ("before the deal", "the deal", "first betting round", "second and third betting rounds",
          "final betting round and showdown")
_STUD7 = ("before the deal", "the deal", "first betting round", "second to fourth betting rounds",
          "final betting round and showdown")
_FLOP = ("before the deal", "the deal", "first betting round", "the flop and second betting round",
         "the turn and third betting round", "the river, final betting round and showdown")

# Each game's section of the main rulebook (8.4-8.24): its name and its
# numbered parts in order (8.N.1, 8.N.2, ...).
_GAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "8.4": ("Draw with blinds", _DRAW), "8.5": ("Draw with a Kitty", _DRAW),
    "8.6": ("Draw with antes", _DRAW), "8.7": ("Triple Draw", _TRIPLE), "8.8": ("Lowball Draw", _DRAW),
    "8.9": ("Five Card Stud", _STUD5), "8.10": ("Crown Stud", _STUD5), "8.11": ("Seven Card Stud", _STUD7),
    "8.12": ("Seven Card Stud hi-lo", _STUD7), "8.13": ("Razz", _STUD7),
    "8.14": ("Two Card Manila", _STUD7), "8.15": ("Three Card Manila", _STUD7),
    "8.16": ("Faro Manila", _STUD7), "8.17": ("Hold'em", _FLOP), "8.18": ("Double Flop Hold'em", _FLOP),
    "8.19": ("Pineapple Hold'em", _FLOP), "8.20": ("Crazy Pineapple", _FLOP),
    "8.21": ("Crazy Pineapple hi-lo", _FLOP), "8.22": ("Hold'em hi-lo", _FLOP),
    "8.23": ("Omaha", _FLOP), "8.24": ("Omaha hi-lo", _FLOP),
}

_NAMED: dict[str, str] = {
    "1": "definitions", "1.1": "definitions", "1.2": "definitions", "1.3": "definitions",
    "2": "equipment", "2.1": "the table", "2.5": "equipment",
    "3": "the cards", "3.1": "the decks", "3.1.1": "the 52-card deck", "3.1.2": "the 40-card deck",
    "3.1.3": "the 36-card deck", "3.1.4": "the 32-card deck", "3.1.5": "the 20-card deck",
    "3.2": "hand rankings", "3.2.1": "hand rankings, 52 cards", "3.2.2": "hand rankings, 40, 36 and 32 cards",
    "3.2.3": "hand rankings, 20 cards", "3.2.4": "suits and ties",
    "4": "most players per game", "4.1": "most players per game",
    "5": "shuffle and cut", "5.1": "the shuffle", "5.2": "the cut", "5.3": "replacing the cards",
    "6": "wagers", "6.1": "wagers in chips", "6.2": "buying in", "6.3": "table limits",
    "6.4": "the last blind counts as a bet", "6.5": "raises", "6.6": "betting limits",
    "6.7": "spread limit", "6.8": "betting limits", "6.9": "changing the limits",
    "6.10": "table stakes", "6.11": "a raise of half a bet or more", "6.12": "an oversize chip (limit)",
    "6.13": "an oversize chip (no-limit, pot)", "6.14": "raises per round",
    "6.15": "all in", "6.16": "a short bet", "6.17": "acting out of turn",
    "7": "commission", "7.1": "commission", "7.2": "ways of taking commission",
    "7.2.3": "fixed commission per hand", "7.2.4": "fixed commission per player",
    "7.3": "changing the commission", "7.4": "changing the commission", "7.5": "what commission is taken on",
    "7.6": "no commission on blinds alone", "7.7": "commission already taken", "7.8": "commission on a divided pot",
    "8": "dealing the game", "8.1": "all games", "8.1.1": "choosing a seat", "8.1.2": "acting in turn",
    "8.1.3": "marker buttons", "8.1.4": "dealing clockwise from the button", "8.1.5": "dividing a pot, the odd chip",
    "8.1.6": "no dividing by agreement", "8.1.7": "all games", "8.1.8": "chips kept in view",
    "8.2": "button and blinds", "8.2.1": "how many blinds", "8.2.2": "who posts the blinds",
    "8.2.3": "posting blinds in turn", "8.2.4": "over-blinds", "8.2.5": "moving seats",
    "8.2.6": "a missed blind", "8.2.7": "joining a game", "8.2.8": "leaving a game",
    "8.3": "players picked up",
    "9": "irregularities", "9.1": "misdeals", "9.2": "short-deck card values", "9.3": "short-deck hand order",
    "10": "all in (second rulebook)", "10.1": "going all in", "10.2": "side pots of an all-in",
    "11": "Draw (second rulebook)", "11.1": "Draw: the deal", "11.2": "Draw: first betting round",
    "11.3": "Draw: the draw", "11.4": "Draw: final betting round", "11.5": "Draw: wagers",
    "12": "Five Card Stud (second rulebook)", "12.1": "Five Card Stud: the deal",
    "12.2": "Five Card Stud: first betting round", "12.3": "Five Card Stud: second and third rounds",
    "12.4": "Five Card Stud: final betting round", "12.5": "Five Card Stud: wagers",
    "13": "Seven Card Stud (second rulebook)", "13.1": "Seven Card Stud: the deal",
    "13.2": "Seven Card Stud: first betting round", "13.3": "Seven Card Stud: second to fourth rounds",
    "13.4": "Seven Card Stud: final betting round", "13.5": "Seven Card Stud: wagers",
}


def _table() -> dict[str, str]:
    names = dict(_NAMED)
    for section, (game, parts) in _GAMES.items():
        names[section] = game
        for i, part in enumerate(parts, 1):
            names[f"{section}.{i}"] = f"{game}: {part}"
    return names


RULE_NAMES: dict[str, str] = _table()
CASINO = "Casino Hold'em"
STANDARD = "standard practice (a house rule)"
_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)*)")


def rule_name(rule: str) -> str:
    """The short name of a citation, or "" when it names no rule we know."""
    text = rule.strip()
    if text.startswith("CH"):
        return CASINO
    match = _NUMBER.match(text)
    if not match:
        return STANDARD if text.startswith("standard") else ""
    parts = match.group(1).split(".")
    while parts:
        name = RULE_NAMES.get(".".join(parts))
        if name:
            return name
        parts.pop()
    return ""


def rule_label(rule: str) -> str:
    """The citation with its short name: "8.17.1(a) — Hold'em: before the deal"."""
    name = rule_name(rule)
    return f"{rule} — {name}" if name and name != rule else rule
