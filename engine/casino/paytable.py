"""The Casino Hold'em ante pay table (CH ¶14), a house setting.

The text's table is missing, so the house gives it; `PUBLISHED` is the
widely published default. It lives below engine.house, which checks a house
file's table here, and engine.casino.round, which pays by it.
"""
from __future__ import annotations

from engine.cards.evaluator import HIGH_CATEGORIES

PUBLISHED: dict[str, int] = {
    "Royal Flush": 100, "Straight Flush": 20, "Four of a Kind": 10, "Full House": 3,
    "Flush": 2, "Straight": 1, "Three of a Kind": 1, "Two Pair": 1, "One Pair": 1,
    "No Pair": 1}


def _norm(name: object) -> str:
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


_LOWER = ("Straight", "Three of a Kind", "Two Pair", "One Pair", "No Pair")


def check_paytable(value: object, base: dict[str, int] | None = None) -> dict[str, int]:
    """An ante pay table (CH ¶14): every hand category -> odds to 1.

    Entries not given keep `base` (the published default when None); keys
    may be spelled "Full House", "full_house" or "full-house", and
    "straight_or_lower" sets Straight and every lower hand at once.
    """
    if not isinstance(value, dict):
        raise ValueError("the ante pay table must be a table of hand category = odds to 1, "
                         "e.g. flush = 2 (CH ¶14)")
    names = {_norm(c): c for c in HIGH_CATEGORIES}
    table = dict(PUBLISHED)
    for changes in (base or {}, value):
        for key, odds in changes.items():
            if isinstance(odds, bool) or not isinstance(odds, int) or odds < 1:
                raise ValueError(f"{key} = {odds!r}: odds must be a whole number of at least 1 "
                                 "(paid that many to 1, CH ¶14)")
            if _norm(key) == "straightorlower":
                table.update({c: odds for c in _LOWER})
            elif _norm(key) in names:
                table[names[_norm(key)]] = odds
            else:
                raise ValueError(f"{key!r} is not a hand category; use one of "
                                 f"{', '.join(reversed(HIGH_CATEGORIES))} or straight_or_lower")
    return {c: table[c] for c in reversed(HIGH_CATEGORIES)}
