"""Hand-reading questions without a deal: put hands in order under any
ranking of engine.cards.rankings, and name a player's best hand or the cards
that play in it."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.cards.deck import Card, parse_cards
from engine.cards.rankings import ALIASES, RANKINGS, HandValue, get_ranking
from engine.cards.showdown import best_hand as engine_best_hand
from engine.games.registry import GAMES
from engine.questions.base import Data, Question, QuestionError

MAX_HANDS = 8
LETTERS = "ABCDEFGH"
RANKING_NAMES = sorted(RANKINGS) + sorted(ALIASES)


def _cards(text: object, what: str) -> list[Card]:
    if not isinstance(text, str) or len(text) > 200:
        raise QuestionError(f"{what} must be cards as text, e.g. \"As Kd\"")
    try:
        return parse_cards(text)
    except ValueError as exc:
        raise QuestionError(f"{what}: {exc}") from None


def _ranking_name(data: Data) -> str:
    name = str(data.get("ranking", "high"))
    if name not in RANKING_NAMES:
        raise QuestionError(f"ranking must be one of {', '.join(sorted(RANKINGS))}")
    return get_ranking(name).name


def order(data: Data) -> Question:
    """Number the hands from the best: each hand read at its best five cards
    (3.2; a low ranking reads the best low), equal hands sharing a place. A hand
    with no qualifying eight-or-better low comes last."""
    name = _ranking_name(data)
    ranking = get_ranking(name)
    raw = data.get("hands")
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_HANDS:
        raise QuestionError(f"hands must be a list of 2 to {MAX_HANDS} hands, e.g. hands = [\"As Ks Qs Js Ts\", ...]")
    hands = [_cards(h, f"hand {LETTERS[i]}") for i, h in enumerate(raw)]
    for i, cards in enumerate(hands):   # each hand is its own deal: only its own cards must differ
        if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
            raise QuestionError(f"hand {LETTERS[i]} needs five to seven different cards")
    try:
        values: list[HandValue | None] = [ranking.best(c) for c in hands]
    except ValueError as exc:
        raise QuestionError(str(exc)) from None
    keys = [v.value if v is not None else -1 for v in values]
    distinct = sorted(set(keys), reverse=True)
    answer = {i: distinct.index(k) + 1 for i, k in enumerate(keys)}
    choices = [(i, f"Hand {LETTERS[i]}: {' '.join(map(str, c))}") for i, c in enumerate(hands)]
    explanation = []
    for i in sorted(answer, key=lambda i: answer[i]):
        v = values[i]
        explanation.append(f"{answer[i]}. Hand {LETTERS[i]}: "
                           + (v.describe() if v is not None else "no eight-or-better low") + ".")
    tie = [p for p in answer.values() if list(answer.values()).count(p) > 1]
    if tie:
        explanation.append("Equal hands share a place: suits never break a tie (3.2.1(b)(i)).")
    low = name in ("ace-to-five", "deuce-to-seven", "eight-or-better")
    hint = (f"Read each hand at its best five cards under the {ranking.title} ({ranking.rule}): "
            + ("the lowest hand is the best; " if low else "category first, ")
            + "then the cards from the top down. Give equal hands the same number.")
    return Question(
        "order", data.get("prompt") or "Put these hands in order: number them from 1 (the best); "
                                        "give equal hands the same number.",
        "places", choices, {"facts": [f"Ranking: {ranking.title} ({ranking.rule})"]}, answer,
        ranking.rule, hint=hint, explanation=explanation)


def best_hand(data: Data) -> Question:
    """A player's cards and the board: tick the five cards that play
    (about = "cards"), or name the hand (about = "name"). The game decides
    which cards may be used: any five (Hold'em, stud, draw) or exactly two
    hole cards and three board cards (Omaha and Manila: the game's showdown rule)."""
    game_name = str(data.get("game", "holdem"))
    if game_name not in GAMES:
        raise QuestionError(f"game must be one of {', '.join(GAMES)}")
    game = GAMES[game_name]
    deck = data.get("deck", 52)
    if deck not in (52, 40, 36, 32, 20):
        raise QuestionError("deck must be 52, 40, 36, 32 or 20")
    ranking = get_ranking(game.ranking_for(int(deck)))
    sd = game.showdown
    hole = _cards(data.get("hole"), "hole")
    board = _cards(data.get("board", ""), "board")
    cards = hole + board
    if len(set(cards)) != len(cards) or not 5 <= len(cards) <= 12:
        raise QuestionError("hole and board need five to twelve different cards")
    try:
        best = engine_best_hand(ranking, hole, board, sd.selection)
    except ValueError as exc:
        raise QuestionError(str(exc)) from None
    if best is None:
        raise QuestionError("these cards make no hand under this ranking")
    two_plus_three = sd.selection == "two_hole_three_board"
    rule = sd.rule if two_plus_three else ranking.rule
    use = ("exactly two of the hole cards and three of the board" if two_plus_three
           else "any five of the hole cards and the board")
    rules = rule if rule == ranking.rule else f"{rule}, {ranking.rule}"
    explanation = [f"The best hand is {best.describe()}, using {use} ({rules})."]
    board_plays = set(best.cards) <= set(board)
    if board_plays and not two_plus_three:
        explanation.append("The board plays: no hole card improves on the five community cards.")
    facts = [f"Game: {game.title}", "Hole cards: " + " ".join(map(str, hole))]
    if board:
        facts.append("Board: " + " ".join(map(str, board)))
    about = data.get("about", "cards")
    if about == "name":
        cats = list(reversed(ranking.scheme.categories))
        return Question(
            "best_hand", data.get("prompt") or "What is the player's best hand?", "choice",
            [(c, c) for c in cats], {"facts": facts}, best.category, rule,
            hint=(f"Make the best five-card hand from {use}, then name its category "
                  f"({ranking.rule}{', ' + sd.rule if two_plus_three else ''})."),
            explanation=explanation)
    if about != "cards":
        raise QuestionError('about must be "cards" or "name"')
    choices = [(i, f"{c} ({'hole' if i < len(hole) else 'board'})") for i, c in enumerate(cards)]
    target = best.value

    def accepts(reply: Any) -> bool:
        if not isinstance(reply, tuple) or len(reply) != 5 or not all(
                isinstance(i, int) and 0 <= i < len(cards) for i in reply):
            return False
        if two_plus_three and sum(1 for i in reply if i < len(hole)) != 2:
            return False
        read = ranking.read([cards[i] for i in reply])
        return read is not None and read.value == target

    answer = tuple(sorted(cards.index(c) for c in best.cards))
    others = sum(1 for five in combinations(range(len(cards)), 5) if accepts(five)) - 1
    if others:
        explanation.append("Other cards of the same ranks would make the same hand; any five that do "
                           "are right.")
    return Question(
        "best_hand", data.get("prompt") or "Tick the five cards that play.", "cards", choices,
        {"facts": facts}, answer, rule,
        hint=(f"The player may use {use} ({rule}). Find the best five-card hand that way; a flush "
              + ("needs two of the suit in the hand and three on the board" if two_plus_three
                 else "or a straight on the board may be the best hand, and then the board plays")
              + f" ({ranking.rule})."),
        explanation=explanation, accepts=accepts)
