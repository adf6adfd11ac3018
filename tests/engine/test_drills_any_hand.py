"""A plain hand of a game with nothing wanted (an audition's hand kind with
no wants): any poker game deals one, the same seed deals it again, and a
drill without `any_hand` still needs a want."""
from __future__ import annotations

import pytest

from engine.drills.poker import DrillError, generate, plan
from engine.games.parts import Game
from engine.games.registry import GAMES
from engine.questions.base import build_table

POKER = sorted(name for name, game in GAMES.items() if isinstance(game, Game))


@pytest.mark.parametrize("game", POKER)
def test_any_hand_deals_every_poker_game_from_its_seed(game):
    first = generate(game, [], 11, any_hand=True)
    assert first.tries == 1 and first.wants == ()
    assert generate(game, [], 11, any_hand=True).cell == first.cell
    assert build_table(first.cell).total_steps > 0


def test_a_drill_still_needs_a_want():
    with pytest.raises(DrillError, match="at least one want"):
        plan("holdem", [])
    with pytest.raises(DrillError, match="at least one want"):
        generate("holdem", [], 1)


def test_any_hand_still_refuses_what_the_game_never_gives():
    with pytest.raises(DrillError, match="not a hi-lo game"):
        plan("holdem", ["no-low"], any_hand=True)
