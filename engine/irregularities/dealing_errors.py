"""The other dealing errors, where the rulebook is silent (boxed and exposed cards,
burn errors, premature board cards, draw errors): published standard rules
(Robert's Rules of Poker, Poker TDA), the house profile choosing where they
differ; one function per situation, returning the fields of its `Ruling`."""
from __future__ import annotations

from engine.house import HouseRules
from engine.irregularities.vocabulary import MISDEAL_STEPS, Facts, RulingFields, _r


def _boxed(f: Facts, h: HouseRules) -> RulingFields:
    limit = h.boxed_cards_misdeal
    if f["boxed_count"] >= limit:
        return _r("misdeal-wagers-returned", True,
                  [f"{f['boxed_count']} boxed cards make the deck defective (1.1; house limit {limit})",
                   "Return all wagers, forced bets and blinds (9.1.1(a)(viii))",
                   "Replace the deck; check, shuffle and cut the new cards (5.3.2)",
                   "Deal again starting with the same player (9.1.1)"],
                  "1.1 Boxed Card, 1.1 Defective deck, 9.1.1(a)(viii)",
                  f"Five or more boxed cards make a defective deck (1.1); this house counts {limit}.",
                  limit != 5)
    return _r("scrap-card", False,
              ["Set the boxed card aside face up, out of play (published standard rules)",
               "Deal the next card in its place and continue"], "1.1 Boxed Card",
              f"A boxed card is not a misdeal until the deck is defective ({limit} boxed cards); "
              "it is treated as a scrap of paper and replaced.", True)


def _exposed_flop(f: Facts, h: HouseRules) -> RulingFields:
    first, count = h.exposed_first_cards_misdeal, h.exposed_cards_misdeal
    if f["card_number"] <= first or f["exposed_count"] >= count:
        why = (f"it is one of the first {first} cards dealt" if f["card_number"] <= first
               else f"the dealer has now exposed {f['exposed_count']} cards in this deal")
        return _r("misdeal", True, MISDEAL_STEPS, "9.1 (silent); published standard rules",
                  f"A hole card exposed by the dealer is a misdeal when {why} "
                  f"(house exposed_first_cards_misdeal = {first}, exposed_cards_misdeal = {count}).", True)
    return _r("replace-with-burn", False,
              ["Finish the deal with the exposed card left face up (published standard rules)",
               "Give that player the next card from the top of the deck",
               "Use the exposed card as the first burn card (before the flop)"],
              "9.1 (silent); published standard rules",
              "A single hole card exposed later in the deal is replaced; the exposed card becomes "
              "the burn card so the order of the rest is kept.", True)


def _exposed_stud(f: Facts, h: HouseRules) -> RulingFields:
    count = h.exposed_cards_misdeal
    if f["exposed_count"] >= count:
        return _r("misdeal", True, MISDEAL_STEPS, "9.1 (silent); published standard rules",
                  f"{f['exposed_count']} down cards exposed by the dealer in the initial deal: misdeal "
                  f"(house exposed_cards_misdeal = {count}).", True)
    return _r("next-card-down", False,
              ["Leave the exposed card face up: it plays as an up card (published standard rules)",
               "Deal that player's next card, due face up, face down instead",
               "Continue the deal in order"], "9.1 (silent); published standard rules",
              "A down card exposed by the dealer in stud is made good by dealing the player's next "
              "card face down, so he still has the right number of hidden cards.", True)


def _exposed_by_player(f: Facts, h: HouseRules) -> RulingFields:
    return _r("player-keeps", False,
              ["Leave the card with the player; it is not replaced (published standard rules)",
               "Continue the deal"], "9.1 (silent); published standard rules",
              "A card a player exposes himself is not a dealer error: no misdeal, and he plays it.", True)


def _burn_exposed(f: Facts, h: HouseRules) -> RulingFields:
    if h.burn_exposed == "reshuffle":
        return _r("reshuffle-burn", False,
                  ["Return the exposed burn card to the stub (house burn_exposed = 'reshuffle')",
                   "Shuffle and cut the stub (5.1, 5.2)", "Burn a new card and deal on"],
                  "1.1 Burn card; house rule", "This house puts an exposed burn card back and "
                  "burns again.", True)
    return _r("announce-burn", False,
              ["Show the exposed burn card to every player (published standard rules)",
               "Keep it as the burn card, face up, and deal the next card as usual"],
              "1.1 Burn card; published standard rules",
              "A burn card only protects the stub; once seen by anyone it is shown to all and the "
              "order of the cards is kept.", True)


def _burn_missed(f: Facts, h: HouseRules) -> RulingFields:
    if f["action_on_street"]:
        return _r("play-continues", False,
                  ["The board cards stand once a player has acted on them (published standard rules)",
                   "Deal later cards as they would have come had no error occurred"],
                  "1.1 Burn; published standard rules",
                  "A missed or double burn can no longer be corrected once there has been action "
                  "on the card.", True)
    return _r("correct-and-continue", False,
              ["Put the cards back in their proper order: one burn, then the board card(s) "
               "(8.17.4(a), 8.17.5(a), 8.17.6(a))", "Continue"],
              "1.1 Burn; published standard rules",
              "Found before any player has acted on the card: correct the burn.", True)


def _premature_flop(f: Facts, h: HouseRules) -> RulingFields:
    return _r("redeal-flop", False,
              ["Leave the burn card where it is (published standard rules)",
               "Mix the flop cards back into the stub", "Finish the betting round",
               "Shuffle and cut the stub (5.1, 5.2)", "Deal a new flop without burning"],
              "8.17.4(a); published standard rules",
              "The flop comes only after the betting round is complete (8.17.4(a)); a flop turned "
              "early, or with too many cards, is redealt from the reshuffled stub.", True)


def _premature_turn(f: Facts, h: HouseRules) -> RulingFields:
    return _r("premature-turn", False,
              ["Set the premature card aside, out of play (published standard rules)",
               "Finish the betting round", "Burn and turn the next card as the turn",
               "After that betting round shuffle the set-aside card into the stub (not the burns or "
               "discards) and cut", "Turn the river without burning"],
              "8.17.5(a); published standard rules",
              "The card was dealt before the betting round ended (8.17.5(a)); it is kept out of "
              "this round so no one acts knowing it.", True)


def _premature_river(f: Facts, h: HouseRules) -> RulingFields:
    return _r("premature-river", False,
              ["Set the premature card aside (published standard rules)", "Finish the betting round",
               "Shuffle it into the stub (not the burns or discards) and cut",
               "Turn the river without burning"], "8.17.6(a); published standard rules",
              "The last card came before the betting round ended (8.17.6(a)); it goes back into the "
              "stub and a new river is dealt.", True)


def _draw_exposed_deal(f: Facts, h: HouseRules) -> RulingFields:
    count = h.exposed_cards_misdeal
    if f["exposed_count"] >= count:
        return _r("misdeal", True, MISDEAL_STEPS, "9.1.1(b) (text missing); published standard rules",
                  f"{f['exposed_count']} cards exposed by the dealer on the deal: misdeal "
                  f"(house exposed_cards_misdeal = {count}).", True)
    if h.draw_exposed_on_deal == "replace":
        return _r("replace-exposed", False,
                  ["Finish the deal (house draw_exposed_on_deal = 'replace')",
                   "Replace the exposed card with the next card", "Put the exposed card with the discards"],
                  "9.1.1(b) (text missing); house rule", "This house replaces a card exposed on the deal.",
                  True)
    return _r("keep-first-exposed", False,
              ["Leave the exposed card with the player (published standard rules)", "Continue the deal"],
              "9.1.1(b) (text missing); published standard rules",
              "In draw the player must take the first card exposed on the deal; only a further "
              "exposed card makes a misdeal.", True)


def _draw_exposed_draw(f: Facts, h: HouseRules) -> RulingFields:
    return _r("replace-after-draw", False,
              ["Do not give the exposed card to the player (published standard rules)",
               "Put it with the discards", "Complete every other player's draw (8.4.4(a))",
               "Then give that player a replacement from the top of the deck"],
              "8.4.4; published standard rules",
              "A card exposed while dealing the draw may not be taken; it is replaced after the "
              "others have drawn, so the order of their cards is undisturbed.", True)


def _draw_wrong_number(f: Facts, h: HouseRules) -> RulingFields:
    if not f["too_many"]:
        return _r("deliver-missing", False,
                  ["Deal the missing card(s) to the player from the top of the deck (published standard rules)"],
                  "8.4.4(a); published standard rules",
                  "The draw gives as many cards as were discarded (8.4.4(a)); a short draw is completed.",
                  True)
    if f["looked"]:
        return _r("hand-dead", False, ["Kill the hand: it holds too many cards (published standard "
                                       "rules, as 9.1.1(a)(vi))", "Play on with the others"],
                  "8.4.4(a), 9.1.1(a)(vi); published standard rules",
                  "A player who has looked at too many cards on the draw cannot give one back "
                  "unseen: his hand is dead.", True)
    return _r("remove-excess", False, ["Take the extra card(s), unseen, to the discards (published "
                                       "standard rules)", "The hand plays on"],
              "8.4.4(a); published standard rules",
              "The player has not looked, so the excess comes off without harm.", True)


