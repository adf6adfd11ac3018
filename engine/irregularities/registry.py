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

from typing import Any, Iterable

from engine.cards.deck import Card, parse_card
from engine.hand.decisions import Bet, read_bet
from engine.house import HouseRules, get_house
from engine.irregularities.dealing_errors import (_boxed, _burn_exposed, _burn_missed, _draw_exposed_deal,
                                                  _draw_exposed_draw, _draw_wrong_number, _exposed_by_player,
                                                  _exposed_flop, _exposed_stud, _premature_flop,
                                                  _premature_river, _premature_turn)
from engine.irregularities.misdeals import (_dealt_out, _defective, _exposed_in_cut, _extra_hand,
                                            _not_shuffled, _out_of_order, _showdown_wrong_number,
                                            _wrong_number)
from engine.irregularities.vocabulary import (OUTCOMES, Fact, Facts, IrregularityError, Question, Ruling,
                                              Situation, _sa_fact)

__all__ = ["SITUATIONS", "deck_defects", "fact_cases", "get_situation", "question", "rule_on", "situations",
           "substantial_action"]


def _profile(house: HouseRules | str | None) -> HouseRules:
    return house if isinstance(house, HouseRules) else get_house(house)


# --- substantial action (1.1) ----------------------------------------------

ACTION_VERBS = {"bet", "check", "fold", "call", "raise", "all-in", "allin", "complete"}
FORCED_VERBS = {"post", "posts", "blind", "ante", "bring-in", "bringin", "small", "big"}


def _verb(word: str) -> str:
    """One word read as a betting decision (engine.hand.decisions): "all-in" and
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
