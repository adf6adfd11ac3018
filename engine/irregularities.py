"""Irregularities: misdeals (9.1.1) and the other dealing errors, as data.

Each `Situation` names what went wrong, the facts the ruling depends on
(has there been substantial action? which card? who exposed it?), the
answers a trainee may choose from, and a rule that picks the answer and the
dealer's next steps. `rule_on(id, **facts)` gives the `Ruling`;
`question(id, **facts)` gives a lesson's "what happens now?" with the right
choice computed, never typed by hand.

9.1.1(a)(i)-(viii) are the main rulebook's. Its text stops at 9.1.1(b) ("In
Draw Poker"), and it says nothing of boxed or exposed cards during the deal,
burn errors or premature board cards: those situations follow widely
published standard rules (Robert's Rules of Poker, Poker TDA), say so
(`house_default=True`), and read their choices from the house profile.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from engine.cards import Card, parse_card
from engine.decisions import Bet, read_bet
from engine.house import HouseRules, get_house

# The facts a ruling reads (name -> value), and what a situation's rule
# returns: the Ruling's fields but its situation.
Facts = dict[str, Any]
RulingFields = dict[str, Any]


def _profile(house: HouseRules | str | None) -> HouseRules:
    return house if isinstance(house, HouseRules) else get_house(house)


# --- substantial action (1.1) ----------------------------------------------

ACTION_VERBS = {"bet", "check", "fold", "call", "raise", "all-in", "allin", "complete"}
FORCED_VERBS = {"post", "posts", "blind", "ante", "bring-in", "bringin", "small", "big"}


def _verb(word: str) -> str:
    """One word read as a betting decision (engine.decisions): "all-in" and
    "bring-in" as written; a word that is no decision stays as it is."""
    said = read_bet(word)
    plain = said == Bet(said.kind) and said.kind.replace("-", "") == word.replace("-", "")
    return said.kind if plain else word


def _verb_and_player(item: object) -> tuple[str, object]:
    """(verb, player or None) from 'call', 'Ann: raise 6', ('Ann', 'call'),
    {'seat': 3, 'action': 'fold'} or an object with .kind/.action/.verb."""
    player: object = None
    if isinstance(item, str):
        text = item.strip()
        if ":" in text:
            player, text = (part.strip() for part in text.split(":", 1))
        words = text.lower().split()
        if len(words) >= 2 and words[0] not in ACTION_VERBS | FORCED_VERBS:
            player, words = words[0], words[1:]     # "Ann calls"
        verb = _verb(words[0]) if words else ""
    elif isinstance(item, (tuple, list)) and len(item) == 2:
        player, verb = item
        verb = str(verb).lower().split()[0] if str(verb).split() else ""
    elif isinstance(item, dict):
        player = item.get("player", item.get("seat"))
        verb = str(item.get("action", item.get("verb", item.get("kind", "")))).lower()
    else:
        player = getattr(item, "player", getattr(item, "seat", None))
        verb = str(getattr(item, "action", getattr(item, "verb", getattr(item, "kind", "")))).lower()
    verb = _verb(verb.split()[0]) if verb.split() else ""
    if verb.endswith("s") and verb[:-1] in ACTION_VERBS:      # "calls", "raises", "checks"
        verb = verb[:-1]
    if verb == "folds":
        verb = "fold"
    return verb, player


def substantial_action(actions: Iterable[object]) -> bool:
    """1.1: substantial action is action by two or more players, an action
    being a bet, check, fold, call or raise. Posting blinds, antes or a
    bring-in is not acting in turn and does not count.

    Items may name the player ('Ann: call', ('Ann', 'call'), {'seat': 3,
    'action': 'fold'}); plain verbs ('call') count as separate turns, since
    two actions in turn are always by two different players.
    """
    players: set[str] = set()
    anonymous = 0
    for item in actions:
        verb, player = _verb_and_player(item)
        if verb in FORCED_VERBS:
            continue
        if verb not in ACTION_VERBS:
            raise IrregularityError(f"{item!r} is not an action: an action is a bet, check, fold, "
                                    f"call or raise (1.1 Substantial action)")
        if player is None:
            anonymous += 1
        else:
            players.add(str(player).lower())
    return len(players) + anonymous >= 2


# --- defective deck (1.1) -----------------------------------------------------

def deck_defects(cards: Iterable[Card | str] | None = None, *, deck_size: int = 52, boxed: int = 0,
                 jokers: int = 0, back_designs: int = 1, marked: bool = False,
                 imperfect: bool = False, house: HouseRules | str | None = None) -> list[str]:
    """Why a deck is defective under 1.1, or [] if it is not. `cards` may be
    Card values or text such as 'As'."""
    house = _profile(house)
    reasons = []
    if cards is not None:
        parsed = [c if isinstance(c, Card) else parse_card(str(c)) for c in cards]
        if len(parsed) + jokers != deck_size:
            reasons.append(f"{len(parsed) + jokers} cards where the game uses {deck_size} "
                           f"(1.1 Defective deck: incorrect number of cards)")
        seen, dupes = set(), []
        for card in parsed:
            if card in seen and card not in dupes:
                dupes.append(card)
            seen.add(card)
        if dupes:
            reasons.append("duplicate " + ", ".join(map(str, dupes)) + " (1.1 Defective deck)")
    if jokers:
        reasons.append(f"{jokers} joker(s) (1.1 Defective deck; 3.1.1: no jokers)")
    if boxed >= house.boxed_cards_misdeal:
        reasons.append(f"{boxed} boxed cards (1.1 Defective deck: five or more"
                       + (f"; house {house.name}: {house.boxed_cards_misdeal}" if house.boxed_cards_misdeal != 5 else "")
                       + ")")
    if back_designs > 1:
        reasons.append(f"{back_designs} back designs or colours (1.1 Defective deck)")
    if marked:
        reasons.append("marked, scratched or readable cards (1.1 Defective deck)")
    if imperfect:
        reasons.append("manufacturing imperfections (1.1 Defective deck)")
    return reasons


# --- the registry ---------------------------------------------------------------

class IrregularityError(ValueError):
    """A situation or fact the engine cannot rule on; the message says what is wrong."""


OUTCOMES: dict[str, str] = {
    "misdeal": "Misdeal: gather the cards, shuffle and cut anew, deal again starting with the same player",
    "misdeal-wagers-returned": "Misdeal: the hand is void and all wagers, forced bets and blinds go back to the players",
    "dead-hand-wagers-returned": "Misdeal: that hand is dead and all wagers are returned",
    "play-continues": "No misdeal: the hand is played out",
    "correct-and-continue": "No misdeal: correct the error and carry on",
    "recut": "Cut again and deal; no new shuffle is needed",
    "hand-void-returned": "That hand is void and its wagers, forced bets and blinds go back to the player; the others play on",
    "hand-dead": "That hand is dead and its chips stay in the pot; the others play on",
    "dealt-out-plays-on": "No misdeal: the hand is played without that player; any blind or ante he posted is returned",
    "extra-hand-dead": "No misdeal: the extra hand is dead and goes to the muck; play continues",
    "result-stands": "The result stands; change the deck before the next deal",
    "scrap-card": "No misdeal: set the boxed card aside and deal the next card in its place",
    "replace-with-burn": "No misdeal: finish the deal, give the player the next card; the exposed card becomes the first burn card",
    "player-keeps": "No misdeal: the player keeps the card and plays on",
    "next-card-down": "No misdeal: the player's next card, due face up, is dealt face down",
    "announce-burn": "Show the burn card to every player; it stays the burn card and the deal goes on",
    "reshuffle-burn": "Return the burn card to the stub, shuffle and cut, burn again and go on",
    "redeal-flop": "Mix the flop back into the stub (the burn card stays), finish the betting, shuffle, cut and deal a new flop without burning",
    "premature-turn": "Set the card aside, finish the betting, burn and turn the next card as the turn; after that round, shuffle the set-aside card into the stub, cut and turn the river without burning",
    "premature-river": "Set the card aside, finish the betting, shuffle it back into the stub, cut and turn the river without burning",
    "keep-first-exposed": "No misdeal: the player must keep the first card exposed on the deal",
    "replace-exposed": "No misdeal: finish the deal and replace the exposed card with the next one; the exposed card goes to the discards",
    "replace-after-draw": "The player may not take it: it goes to the discards and is replaced once every other player has drawn",
    "remove-excess": "Take back the extra card(s) to the discards; the hand plays on",
    "deliver-missing": "Give the player the missing card(s) from the top of the deck; the hand plays on",
}


@dataclass(frozen=True)
class Fact:
    """Something the ruling depends on, as a lesson states it."""
    name: str
    kind: type                      # bool or int
    true_text: str                  # for bool facts; for int facts a format with {}
    false_text: str = ""
    default: object = None          # None = must be given (when needed)
    needed: Callable[[Facts], object] | None = None  # facts -> bool: only asked when this holds
    examples: tuple[object, ...] = (True, False)  # the values tests and the CLI walk through

    def sentence(self, value: object) -> str:
        if self.kind is bool:
            return self.true_text if value else self.false_text
        return self.true_text.format(value)


def _sa_fact(needed: Callable[[Facts], object] | None = None) -> Fact:
    return Fact("substantial_action", bool,
                "There has been substantial action (two or more players have acted, 1.1).",
                "There has been no substantial action yet.", needed=needed)


@dataclass(frozen=True)
class Ruling:
    situation: str
    outcome: str                # one of OUTCOMES, and one of the situation's choices
    misdeal: bool
    remedy: list[str]           # what the dealer does next, step by step, each citing its rule
    rule: str
    explanation: str
    house_default: bool = False  # True: the rulebook is silent, a published standard rule applies

    @property
    def answer(self) -> str:
        return OUTCOMES[self.outcome]


@dataclass(frozen=True)
class Situation:
    id: str
    title: str
    rule: str
    description: str                  # what happened, as the question's first sentence
    facts: tuple[Fact, ...]
    choices: tuple[str, ...]          # outcome ids a trainee picks from
    decide: Callable[[Facts, HouseRules], RulingFields]   # (facts, house) -> Ruling fields
    house_default: bool = False
    family: str = "all"               # "all", "flop", "stud", "draw"


@dataclass(frozen=True)
class Question:
    situation: str
    prompt: str
    choices: list[tuple[str, str]]    # [(outcome id, text)]
    correct: str
    ruling: Ruling

    def check(self, answer: str) -> bool:
        if answer not in dict(self.choices):
            raise IrregularityError(f"{answer!r} is not one of the choices: "
                                    f"{', '.join(c for c, _ in self.choices)}")
        return answer == self.correct


MISDEAL_STEPS = [
    "Stop the deal and gather every card dealt (9.1.1)",
    "Shuffle anew (5.1) and cut once (5.2) (9.1.1)",
    "Deal again starting with the same player who received the first card of the misdeal; "
    "the button does not move (9.1.1)",
    "Blinds and antes stay posted for the new deal; any other bet already made goes back to "
    "its player (published standard rules)",
]


def _r(outcome: str, misdeal: bool, remedy: Iterable[str], rule: str, explanation: str,
       house_default: bool = False) -> RulingFields:
    return dict(outcome=outcome, misdeal=misdeal, remedy=list(remedy), rule=rule,
                explanation=explanation, house_default=house_default)


# -- 9.1.1(a) ---------------------------------------------------------------------

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


# -- standard rules (the rulebook is silent) ----------------------------------

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


_SA = _sa_fact()
_CORRECTABLE = Fact("correctable", bool, "The error can be corrected.", "The error cannot be corrected.",
                    needed=lambda f: not f.get("substantial_action"))
_RECONSTRUCT = Fact("reconstructable", bool, "The hands can be reconstructed.",
                    "The hands cannot be reconstructed.", needed=lambda f: not f.get("substantial_action"))
_EXPOSED_COUNT = Fact("exposed_count", int, "It is card number {} the dealer has exposed in this deal.",
                      default=1, examples=(1, 2, 3))

SITUATIONS: dict[str, Situation] = {s.id: s for s in (
    Situation("exposed-in-cut", "A card exposed in the cut", "9.1.1(a)(i)",
              "While cutting, the dealer exposes a card.", (),
              ("misdeal", "recut", "play-continues"), _exposed_in_cut),
    Situation("not-shuffled-or-cut", "Cards not shuffled or not cut", "9.1.1(a)(ii)",
              "It is noticed that the cards were not shuffled or not cut before the deal.", (_SA,),
              ("misdeal", "play-continues", "recut"), _not_shuffled),
    Situation("dealt-out-of-order", "Cards dealt out of order or to the wrong seat", "9.1.1(a)(iii)",
              "The dealer has dealt cards out of order (a card to the wrong seat, or the deal "
              "started at the wrong seat).", (_SA, _CORRECTABLE),
              ("misdeal", "correct-and-continue", "play-continues"), _out_of_order),
    Situation("player-dealt-out", "A player dealt out", "9.1.1(a)(iv)",
              "During the initial deal the dealer deals out a player who is entitled to a hand.",
              (_SA, _RECONSTRUCT), ("misdeal", "correct-and-continue", "dealt-out-plays-on"), _dealt_out),
    Situation("card-to-empty-seat", "Cards dealt to an empty seat (an extra hand)", "9.1.1(a)(iv)",
              "During the initial deal the dealer deals a hand to an empty seat or to a player not "
              "in the hand.", (_SA, _RECONSTRUCT),
              ("misdeal", "correct-and-continue", "extra-hand-dead"), _extra_hand),
    Situation("wrong-number-of-cards", "A player with the wrong number of cards", "9.1.1(a)(v), (vi)",
              "A player is found to hold the wrong number of cards.",
              (_SA, Fact("correctable", bool, "The error can be corrected.",
                         "The error cannot be corrected.", default=False,
                         needed=lambda f: not f.get("substantial_action")),
               Fact("player_acted", bool, "That player has already acted.",
                    "That player has not acted yet.", needed=lambda f: f.get("substantial_action"))),
              ("misdeal", "correct-and-continue", "hand-void-returned", "hand-dead"), _wrong_number),
    Situation("wrong-number-at-showdown", "The last player at the showdown has the wrong number of cards",
              "9.1.1(a)(vii)", "Only one player remains at the end of the showdown, and he holds the "
              "wrong number of cards.", (),
              ("dead-hand-wagers-returned", "play-continues", "hand-dead"), _showdown_wrong_number),
    Situation("defective-deck", "A defective deck", "9.1.1(a)(viii), 1.1 Defective deck",
              "The deck is found to be defective (1.1: wrong number of cards, duplicates, a joker, "
              "five or more boxed cards, mixed backs, marked or damaged cards).",
              (Fact("pot_pushed", bool, "The dealer has already pushed the pot.",
                    "The dealer has not pushed the pot yet."),),
              ("misdeal-wagers-returned", "result-stands", "play-continues"), _defective),
    Situation("boxed-card", "A boxed card", "1.1 Boxed Card",
              "A card is found face up in the deck during the deal.",
              (Fact("boxed_count", int, "It is boxed card number {} found in this deck.",
                    default=1, examples=(1, 2, 5)),),
              ("scrap-card", "misdeal-wagers-returned", "player-keeps"), _boxed, True),
    Situation("exposed-card-flop", "A hole card exposed by the dealer (flop games)",
              "9.1 (silent); published standard rules",
              "In a flop game the dealer exposes a hole card while dealing.",
              (Fact("card_number", int, "It is card number {} of the deal.", default=None,
                    examples=(1, 2, 5)), _EXPOSED_COUNT),
              ("misdeal", "replace-with-burn", "player-keeps"), _exposed_flop, True, "flop"),
    Situation("exposed-card-stud", "A down card exposed by the dealer (stud)",
              "9.1 (silent); published standard rules",
              "In stud the dealer exposes a card that should be dealt face down in the initial deal.",
              (_EXPOSED_COUNT,), ("next-card-down", "misdeal", "player-keeps"), _exposed_stud, True, "stud"),
    Situation("exposed-by-player", "A card exposed by a player", "9.1 (silent); published standard rules",
              "A player turns up one of his own cards during the deal.", (),
              ("player-keeps", "misdeal", "replace-with-burn"), _exposed_by_player, True),
    Situation("burn-card-exposed", "The burn card exposed", "1.1 Burn card; published standard rules",
              "The dealer exposes the burn card.", (),
              ("announce-burn", "reshuffle-burn", "misdeal"), _burn_exposed, True),
    Situation("burn-missed", "No burn, or two burns", "1.1 Burn; published standard rules",
              "The dealer dealt a board card without burning first, or burned two cards.",
              (Fact("action_on_street", bool, "A player has already acted on the board card(s).",
                    "No player has acted on the board card(s) yet."),),
              ("correct-and-continue", "play-continues", "misdeal"), _burn_missed, True, "flop"),
    Situation("premature-flop", "The flop dealt too early or with too many cards",
              "8.17.4(a); published standard rules",
              "The dealer turns the flop before the betting round is complete (or spreads four cards).",
              (), ("redeal-flop", "play-continues", "misdeal"), _premature_flop, True, "flop"),
    Situation("premature-turn", "The turn dealt too early", "8.17.5(a); published standard rules",
              "The dealer turns the fourth community card before the flop betting round is complete.",
              (), ("premature-turn", "play-continues", "misdeal"), _premature_turn, True, "flop"),
    Situation("premature-river", "The river dealt too early", "8.17.6(a); published standard rules",
              "The dealer turns the fifth community card before the turn betting round is complete.",
              (), ("premature-river", "play-continues", "misdeal"), _premature_river, True, "flop"),
    Situation("draw-exposed-on-deal", "Draw: a card exposed on the deal",
              "9.1.1(b) (text missing); published standard rules",
              "In a draw game the dealer exposes a card during the initial deal.", (_EXPOSED_COUNT,),
              ("keep-first-exposed", "replace-exposed", "misdeal"), _draw_exposed_deal, True, "draw"),
    Situation("draw-exposed-on-draw", "Draw: a card exposed on the draw",
              "8.4.4; published standard rules",
              "In a draw game the dealer exposes a replacement card while dealing the draw.", (),
              ("replace-after-draw", "player-keeps", "misdeal"), _draw_exposed_draw, True, "draw"),
    Situation("draw-wrong-number-on-draw", "Draw: the wrong number of cards on the draw",
              "8.4.4(a); published standard rules",
              "On the draw a player receives a different number of cards from the number he discarded.",
              (Fact("too_many", bool, "He received too many cards.", "He received too few cards."),
               Fact("looked", bool, "He has looked at them.", "He has not looked at them.",
                    needed=lambda f: f.get("too_many"))),
              ("deliver-missing", "remove-excess", "hand-dead", "misdeal"), _draw_wrong_number, True, "draw"),
)}


def situations(family: str | None = None) -> list[Situation]:
    """The situations the engine rules on, optionally for one game family."""
    return [s for s in SITUATIONS.values() if family in (None, "all") or s.family in ("all", family)]


def get_situation(situation_id: str) -> Situation:
    try:
        return SITUATIONS[situation_id]
    except KeyError:
        raise IrregularityError(f"no irregularity {situation_id!r}; known: "
                                f"{', '.join(SITUATIONS)}") from None


def _resolve_facts(situation: Situation, given: Facts) -> Facts:
    given = dict(given)
    names = {f.name for f in situation.facts}
    if "actions" in given:
        actions = given.pop("actions")
        if "substantial_action" not in names:
            raise IrregularityError(f"{situation.id}: the ruling does not depend on the actions so far")
        computed = substantial_action(actions)
        if "substantial_action" in given and given["substantial_action"] != computed:
            raise IrregularityError(f"{situation.id}: substantial_action={given['substantial_action']} "
                                    f"contradicts the actions given, which make it {computed} (1.1)")
        given["substantial_action"] = computed
    unknown = set(given) - names
    if unknown:
        takes = ", ".join(sorted(names)) or "no facts"
        raise IrregularityError(f"{situation.id}: unknown fact(s) {', '.join(sorted(unknown))}; "
                                f"it takes {takes}" + (" (or actions)" if "substantial_action" in names else ""))
    facts: Facts = {}
    for fact in situation.facts:
        if fact.needed is not None and not fact.needed(facts):
            facts[fact.name] = given.get(fact.name, fact.default)
            continue
        if fact.name in given:
            value = given[fact.name]
        elif fact.default is not None:
            value = fact.default
        else:
            raise IrregularityError(f"{situation.id}: the ruling needs the fact {fact.name!r} "
                                    f"({fact.true_text.format('N') if fact.kind is int else fact.true_text})"
                                    + (" or the actions so far" if fact.name == "substantial_action" else ""))
        if fact.kind is bool and not isinstance(value, bool):
            raise IrregularityError(f"{situation.id}: {fact.name} must be true or false, not {value!r}")
        if fact.kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise IrregularityError(f"{situation.id}: {fact.name} must be a whole number from 1, not {value!r}")
        facts[fact.name] = value
    return facts


def rule_on(situation_id: str, house: HouseRules | str | None = None, **facts: Any) -> Ruling:
    """Is it a misdeal, and what does the dealer do next? Facts as the
    situation declares them; `actions=[...]` may stand for substantial_action."""
    situation = get_situation(situation_id)
    profile = _profile(house)
    resolved = _resolve_facts(situation, facts)
    decided = situation.decide(resolved, profile)
    if decided["outcome"] not in situation.choices:
        raise AssertionError(f"{situation.id} ruled {decided['outcome']} outside its choices")
    return Ruling(situation=situation.id, **decided)


def question(situation_id: str, house: HouseRules | str | None = None, **facts: Any) -> Question:
    """A lesson's "what happens now?" with its choices and the computed answer."""
    situation = get_situation(situation_id)
    ruling = rule_on(situation_id, house, **facts)
    resolved = _resolve_facts(situation, facts)
    sentences = [situation.description]
    for fact in situation.facts:
        if fact.needed is not None and not fact.needed(resolved):
            continue
        sentences.append(fact.sentence(resolved[fact.name]))
    sentences.append("What happens now?")
    return Question(situation.id, " ".join(sentences),
                    [(c, OUTCOMES[c]) for c in situation.choices], ruling.outcome, ruling)


def fact_cases(situation: Situation) -> list[Facts]:
    """Every combination of example fact values that the ruling reads."""
    cases: list[Facts] = [{}]
    for fact in situation.facts:
        grown = []
        for case in cases:
            if fact.needed is not None and not fact.needed(case):
                grown.append(case)
                continue
            grown.extend({**case, fact.name: v} for v in fact.examples)
        cases = grown
    return cases
