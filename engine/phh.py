"""Hand histories in the public PHH format (Poker Hand History, a TOML file).

Read a hand (`.phh`) or several (`.phhs`: tables `[1]`, `[2]`, ...),
replay it through the engine (`replay`): the hand is dealt by
engine.hand.Hand with the history's cards forced to the top of the deck and
its players' actions fed in as decisions, so the engine computes every pot,
split and odd chip under the chosen house rules; and write any hand the
engine played back as PHH (`to_phh`). engine/PHH.md describes the mapping.

Seats: PHH lists players clockwise, the first to receive a card first. In a
button game the last player holds the button (the first posts the small
blind); heads-up the button posts the small blind, which is why PHH
"reverses" heads-up blinds. In stud the first player sits on the dealer's
left. A history's `seats` field keeps the table's seat numbers where they fit
that order; otherwise player pK sits in seat K.

Amounts: chips are whole numbers in the engine; a history in dollars and
cents is replayed in hundredths (the smallest unit its amounts use) and the
stacks are printed back in its own unit.

Rule violations in a history stop the replay with `PhhViolation`: the
action's number (the first action is 1), the action, and the engine's
message with the rule it breaks. Nothing is replayed silently.

The work is in three modules, one idea each: engine.phh_read (variant codes,
fields, actions), engine.phh_replay (seats, the scenario, the replay) and
engine.phh_write (a played hand back as PHH). This module gathers them.
"""
from __future__ import annotations

from engine.phh_read import (AMOUNT_FIELDS, BETTING_LETTERS, DECISION_VERBS, EXTENSION_GAMES,
                             FIELD_ORDER, GAME_CODES, LETTER_OF, REQUIRED, STANDARD_GAMES,
                             UNSUPPORTED_GAMES, Action, PhhError, PhhHand, PhhViolation, load,
                             loads, parse_hand)
from engine.phh_replay import Replayed, Seating, replay, scenario, seating, table_cell
from engine.phh_write import dumps, from_hand, phh_order, to_phh, variant_code

__all__ = [
    "AMOUNT_FIELDS", "BETTING_LETTERS", "DECISION_VERBS", "EXTENSION_GAMES", "FIELD_ORDER",
    "GAME_CODES", "LETTER_OF", "REQUIRED", "STANDARD_GAMES", "UNSUPPORTED_GAMES",
    "Action", "PhhError", "PhhHand", "PhhViolation", "load", "loads", "parse_hand",
    "Replayed", "Seating", "replay", "scenario", "seating", "table_cell",
    "dumps", "from_hand", "phh_order", "to_phh", "variant_code",
]
