"""The house rules of poker as a pure-Python model: no web, no database.

Every check the trainer makes is answered here and cites the rule it
applies (numbers refer to the main rulebook unless a message says otherwise).

The public API: what the web app, the command line and lesson tools use. The web app
imports the engine only from here (tests/webapp/test_engine_api.py checks); engine modules
import each other by the module that defines a name, never through this file.

Where things are (one package per part of the rulebook; ARCHITECTURE.md has the map):
- engine/steps.py, engine/procedure.py: the protocol of a dealt procedure (a hand, a round);
- engine/house.py: the house-rule profiles every answer reads;
- engine/betting/: betting structures, acting in a round, the dealer's rulings (section 6);
- engine/cards/: cards, decks, hand rankings and the showdown's five cards (sections 3, 5);
- engine/casino/: Casino Hold'em, the house-banked game (CH paragraphs);
- engine/down/: a down, hand after hand at one table: events, irregularities, rotations (issue 32);
- engine/drills/: a fresh hand dealt to order for every attempt (poker and banked);
- engine/games/: every game declared as data (4.1 Table 1, section 8, the second rulebook's 11-13);
- engine/hand/: one hand as dealer steps: Hand, its scenario and state, one module per part (8.1, 8.x);
- engine/irregularities/: misdeals and the other dealing errors (section 9, standard rules where silent);
- engine/money/: pots and side pots, the award and odd chips, commission, chips (1.1, 6, 8.1.5, section 7);
- engine/phh/: hand histories in the PHH format: read, replay, write (engine/PHH.md);
- engine/table/: the table across hands: seats, button, blinds, arrivals and departures (8.1-8.2);
- engine/sprints/: timed sets of the sums and calls a dealer makes, one module per family;
- engine/questions/: the questions a lesson asks, one module per sort;
- engine/commands/: `python -m engine COMMAND`, one module per command.

A hand: its scenario, its dealer steps, the players' decisions: Decision, Expected, Hand, Procedure,
    RandomPlayer, Scenario, ScenarioError, Step, Verdict.

The banked Casino Hold'em round: CASINO_HOLDEM, CasinoRound, CasinoScenario.

Questions a lesson asks (the engine computes every answer): Checkpoint, CheckpointError,
    MalformedAnswer, Question, QuestionError, TableCell, build_question, build_table,
    find_checkpoint, showdown_parts, stand, whole_number, without_totals.

Amounts asked at the table at the moment they arise (issue 32): AMOUNT_KINDS, AmountQuestion,
    amount_question, table_prompts.

A down: hand after hand at one table, players coming and going: Down, DownError, DownEvent, DownHand,
    DownSpec.

Drills: a fresh hand for every attempt: DrillError, WANTS, banked, checked, generate, plan,
    wants_in_words.

Games and houses: Card, GAMES, Game, HouseFileError, HouseRules, PROFILES, RANKINGS, get_game,
    get_house, get_ranking, parse_card, sprint_target.

Hand histories (PHH): PhhError, phh_dumps, phh_from_hand, phh_load, phh_loads, phh_replay,
    phh_table_cell.

Sprints: timed sets of a dealer's sums and calls: Readiness, SPRINT_KINDS, SprintItem, SprintResult,
    SprintVerdict, check_sprint, generate_sprint, readiness.

Other: rule_label, rule_name.
"""
from __future__ import annotations

# A hand: its scenario, its dealer steps, the players' decisions
from engine.hand.decisions import Decision
from engine.hand.machine import Hand
from engine.hand.players import RandomPlayer
from engine.hand.scenario import Scenario
from engine.procedure import Procedure
from engine.steps import Expected, ScenarioError, Step, Verdict
# The banked Casino Hold'em round
from engine.casino.game import CASINO_HOLDEM
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
# Questions a lesson asks (the engine computes every answer)
from engine.questions import build_question
from engine.questions.base import (MalformedAnswer, Question, QuestionError, TableCell, build_table,
                                   whole_number)
from engine.questions.checkpoints import Checkpoint, CheckpointError, find as find_checkpoint, stand
from engine.questions.showdown import showdown_parts, without_totals
# Amounts asked at the table at the moment they arise
from engine.questions.at_table import AMOUNT_KINDS, AmountQuestion, amount_question, table_prompts
# A down: hand after hand at one table
from engine.down.down import Down, DownHand
from engine.down.events import DownEvent
from engine.down.spec import DownError, DownSpec
# Drills: a fresh hand for every attempt
from engine.drills.poker import DrillError, WANTS, banked, checked, generate, plan, wants_in_words
# Games and houses
from engine.cards.deck import Card, parse_card
from engine.cards.rankings import RANKINGS, get_ranking
from engine.games.parts import Game
from engine.games.registry import GAMES, get_game
from engine.house import HouseFileError, HouseRules, PROFILES, get_house, sprint_target
# Hand histories (PHH)
from engine.phh.read import PhhError, load as phh_load, loads as phh_loads
from engine.phh.replay import replay as phh_replay, table_cell as phh_table_cell
from engine.phh.write import dumps as phh_dumps, from_hand as phh_from_hand
# Sprints: timed sets of a dealer's sums and calls
from engine.sprints import KINDS as SPRINT_KINDS, check as check_sprint, generate as generate_sprint
from engine.sprints.items import SprintItem, SprintVerdict
from engine.sprints.readiness import Readiness, SprintResult, readiness
# Other
from engine.rule_names import rule_label, rule_name

__all__ = ["AMOUNT_KINDS", "AmountQuestion", "amount_question", "table_prompts", "CASINO_HOLDEM", "Card",
           "CasinoRound", "CasinoScenario", "Checkpoint", "CheckpointError", "Decision", "Down", "DownError",
           "DownEvent", "DownHand", "DownSpec", "DrillError", "Expected", "GAMES", "Game", "Hand", "HouseFileError",
           "HouseRules",
           "MalformedAnswer", "PROFILES", "PhhError", "Procedure", "Question", "QuestionError", "RANKINGS",
           "RandomPlayer", "Readiness", "SPRINT_KINDS", "Scenario", "ScenarioError", "SprintItem",
           "SprintResult", "SprintVerdict", "Step", "TableCell", "Verdict", "WANTS", "banked",
           "build_question", "build_table", "check_sprint", "checked", "find_checkpoint", "generate",
           "generate_sprint", "get_game", "get_house", "get_ranking", "parse_card", "phh_dumps",
           "phh_from_hand", "phh_load", "phh_loads", "phh_replay", "phh_table_cell", "plan", "readiness",
           "rule_label", "rule_name", "showdown_parts", "sprint_target", "stand", "wants_in_words", "whole_number",
           "without_totals"]
