"""Misdeals (9.1.1(a)(i)-(viii)): the rulebook's own rulings, one function per
situation, each returning the fields of its `Ruling` (engine/irregularities/vocabulary.py)."""
from __future__ import annotations

from engine.house import HouseRules
from engine.irregularities.vocabulary import MISDEAL_STEPS, Facts, RulingFields, _r


def _exposed_in_cut(f: Facts, h: HouseRules) -> RulingFields:
    return _r("misdeal", True, MISDEAL_STEPS, "9.1.1(a)(i)",
              "A card exposed in cutting makes a misdeal in every game, whatever has happened since.")


def _not_shuffled(f: Facts, h: HouseRules) -> RulingFields:
    if f["substantial_action"]:
        return _r("play-continues", False, ["Let the hand be played out (9.1.1(a)(ii))",
                                            "Shuffle and cut properly before the next deal (5.1, 5.2)"],
                  "9.1.1(a)(ii)", "Once there has been substantial action (1.1) a hand dealt from an "
                  "unshuffled or uncut deck is played out.")
    return _r("misdeal", True, MISDEAL_STEPS, "9.1.1(a)(ii)",
              "Noticed before substantial action (1.1) that the cards were not shuffled or cut: misdeal.")


def _out_of_order(f: Facts, h: HouseRules) -> RulingFields:
    if f["substantial_action"]:
        return _r("play-continues", False, ["Let the hand be played out as dealt (9.1.1(a)(iii))"],
                  "9.1.1(a)(iii)", "9.1.1(a)(iii) makes a misdeal only if the error is noticed before "
                  "substantial action (1.1); after it the hand stands.")
    if f["correctable"]:
        return _r("correct-and-continue", False,
                  ["Move the cards to the players who should have had them, without exposing any (9.1.1(a)(iii))",
                   "Continue the deal in order (8.1.4)"], "9.1.1(a)(iii)",
                  "Out-of-order cards are a misdeal only when the error cannot be corrected; this one can.")
    return _r("misdeal", True, MISDEAL_STEPS, "9.1.1(a)(iii)",
              "Cards dealt out of order, noticed before substantial action and impossible to correct: misdeal.")


def _dealt_out(f: Facts, h: HouseRules) -> RulingFields:
    if f["substantial_action"]:
        return _r("dealt-out-plays-on", False,
                  ["Play the hand out without the player who was dealt out (9.1.1(a)(iv))",
                   "Return any blind or ante that player posted (published standard rules)"],
                  "9.1.1(a)(iv)", "After substantial action (1.1) the deal stands; the player dealt "
                  "out has no hand, so the chips he was forced to post go back to him.", True)
    if f["reconstructable"]:
        return _r("correct-and-continue", False,
                  ["Reconstruct the deal so the player receives the cards due to him (9.1.1(a)(iv))",
                   "Continue the deal in order (8.1.4)"], "9.1.1(a)(iv)",
                  "A player dealt out is a misdeal only if the hands cannot be reconstructed.")
    return _r("misdeal", True, MISDEAL_STEPS, "9.1.1(a)(iv)",
              "A player dealt out in the initial deal, found before substantial action, and the hands "
              "cannot be reconstructed: misdeal.")


def _extra_hand(f: Facts, h: HouseRules) -> RulingFields:
    if f["substantial_action"]:
        return _r("extra-hand-dead", False,
                  ["Kill the extra hand: it goes to the muck face down (published standard rules)",
                   "Play the hand out (9.1.1(a)(iv) applies only before substantial action)"],
                  "9.1.1(a)(iv)", "After substantial action (1.1) the deal stands; a hand dealt to an "
                  "empty seat or to a player not entitled to one has no owner and is dead.", True)
    if f["reconstructable"]:
        return _r("correct-and-continue", False,
                  ["Take back the extra hand and give its cards to the players due them, in order "
                   "(9.1.1(a)(iv))", "Continue the deal (8.1.4)"], "9.1.1(a)(iv)",
                  "An extra hand dealt in is a misdeal only if the hands cannot be reconstructed.")
    return _r("misdeal", True, MISDEAL_STEPS, "9.1.1(a)(iv)",
              "An extra hand dealt in (an empty seat, a player not in the hand), found before "
              "substantial action, and the hands cannot be reconstructed: misdeal.")


def _wrong_number(f: Facts, h: HouseRules) -> RulingFields:
    if not f["substantial_action"]:
        if f["correctable"]:
            return _r("correct-and-continue", False,
                      ["Give or take back the card so the player holds the right number, keeping the "
                       "order of the deal (9.1.1(a)(v))"], "9.1.1(a)(v)",
                      "At the end of the initial deal a wrong number of cards is a misdeal only if "
                      "it cannot be corrected.")
        return _r("misdeal", True, MISDEAL_STEPS, "9.1.1(a)(v), 9.1.1(a)(vi)",
                  "A player with the wrong number of cards, found before substantial action (1.1), "
                  "that cannot be corrected: misdeal.")
    if f["player_acted"]:
        return _r("hand-dead", False, ["Kill that player's hand; his wagers, forced bets and blinds "
                                       "stay in the pot (9.1.1(a)(vi))", "Play on with the others"],
                  "9.1.1(a)(vi)", "After substantial action, if the player with the wrong number of "
                  "cards has already acted, his hand is dead and his chips stay in the pot.")
    return _r("hand-void-returned", False,
              ["Void that player's hand (9.1.1(a)(vi))",
               "Return all his wagers, forced bets and blinds to him (9.1.1(a)(vi))", "Play on with the others"],
              "9.1.1(a)(vi)", "After substantial action, if the player with the wrong number of cards "
              "has not acted, his hand is voided and his chips are returned to him.")


def _showdown_wrong_number(f: Facts, h: HouseRules) -> RulingFields:
    return _r("dead-hand-wagers-returned", True,
              ["Declare the hand dead (9.1.1(a)(vii))", "Return all wagers (9.1.1(a)(vii))",
               "Shuffle and cut for the next deal (5.1, 5.2)"], "9.1.1(a)(vii)",
              "The only player left at the showdown holds the wrong number of cards: his hand is "
              "dead, nobody can win the pot, and every wager is returned.")


def _defective(f: Facts, h: HouseRules) -> RulingFields:
    if f["pot_pushed"]:
        return _r("result-stands", False,
                  ["Leave the pushed pot with its winner: 9.1.1(a)(viii) applies only before the pot "
                   "is pushed", "Replace the deck before the next deal; check, shuffle and cut the "
                   "new cards (5.3.1, 5.3.2)"], "9.1.1(a)(viii), 5.3",
                  "A deck found defective after the pot is pushed does not undo the hand.")
    return _r("misdeal-wagers-returned", True,
              ["Stop the hand (9.1.1(a)(viii))",
               "Return all wagers, forced bets and blinds to the players (9.1.1(a)(viii))",
               "Replace the deck; check, shuffle and cut the new cards (5.3.2)",
               "Deal again starting with the same player (9.1.1)"], "9.1.1(a)(viii), 1.1 Defective deck",
              "A defective deck (1.1) found before the pot is pushed voids the hand and every chip "
              "goes back.")

