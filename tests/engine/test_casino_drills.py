"""Casino Hold'em drills: every want is met over many seeds, the same seed
deals the same round, and wants that cannot be dealt are refused."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.drills.casino import CASINO_WANTS, dealt, meets, settlements
from engine.drills.poker import BANKED_WANTS, DrillError, checked, generate
from engine.questions.base import build_table

WANTS = sorted(CASINO_WANTS)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 2 ** 31 - 1), want=st.sampled_from(WANTS))
def test_every_want_is_met_on_any_seed(seed, want):
    drill = generate("casino-holdem", [want], seed)
    round_ = dealt(drill.cell)
    assert round_.finished and meets(round_, want)
    assert build_table(drill.cell).total_steps > 0          # a lesson table cell, as printed


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 2 ** 31 - 1))
def test_wants_together_and_the_same_seed_gives_the_same_round(seed):
    wants = ["dealer-qualifies", "bonus-wins", "fold"]
    one, two = generate("casino-holdem", wants, seed), generate("casino-holdem", wants, seed)
    assert one.cell == two.cell and one.seed == seed
    round_ = dealt(one.cell)
    assert all(meets(round_, w) for w in wants)


def test_the_wants_say_what_they_check():
    """A want checks what it names: a round that misses it is told apart."""
    qualifies = dealt(generate("casino-holdem", ["dealer-qualifies"], 7).cell)
    assert meets(qualifies, "dealer-qualifies") and not meets(qualifies, "dealer-does-not-qualify")
    folded = dealt(generate("casino-holdem", ["fold"], 7).cell)
    outcomes = [s["outcome"] for s in settlements(folded)]
    assert "fold" in outcomes and any(o != "fold" for o in outcomes)
    beaten = dealt(generate("casino-holdem", ["box-beats-dealer"], 7).cell)
    assert any(s["outcome"] == "win" for s in settlements(beaten)) and beaten.qualifies


def test_different_seeds_give_different_rounds():
    cells = {repr(generate("casino-holdem", ["fold"], s).cell) for s in range(1, 9)}
    assert len(cells) == 8


@pytest.mark.parametrize("wants, words", [
    (["dealer-qualifies", "dealer-does-not-qualify"], "either qualifies or does not (CH ¶9)"),
    (["box-beats-dealer", "dealer-does-not-qualify"], "only when the dealer qualifies"),
    (["split-pot"], "not a drill want of the banked game"),
    ([], "at least one want"),
])
def test_refused_wants_say_why(wants, words):
    with pytest.raises(DrillError) as exc:
        generate("casino-holdem", wants, 1)
    assert words in str(exc.value)
    with pytest.raises(DrillError):
        checked("casino-holdem", wants)


def test_checked_names_the_banked_game_and_its_wants():
    assert checked("casino-holdem", [" Bonus-Wins "]) == ("casino-holdem", "main", ("bonus-wins",))
    assert set(BANKED_WANTS) == set(CASINO_WANTS)
    assert checked("holdem", ["side-pots >= 2"]) == ("holdem", "main", ("side-pots >= 2",))
