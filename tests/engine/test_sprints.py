"""Sprints (issue 31): items drawn from a seed, answered by the engine."""
from __future__ import annotations

import pytest

from engine.house import PROFILES
from engine.sprints import KINDS, MIX, check, generate


@pytest.mark.parametrize("kind", KINDS + (MIX,))
def test_same_seed_same_set_and_no_two_alike(kind: str) -> None:
    first = generate(kind, 7, 12)
    assert first == generate(kind, 7, 12)
    assert first[:5] == generate(kind, 7, 5)
    assert len({item.situation for item in first}) == 12
    assert [item.number for item in first] == list(range(1, 13))
    assert first != generate(kind, 8, 12)


@pytest.mark.parametrize("house", sorted(PROFILES))
@pytest.mark.parametrize("kind", KINDS)
def test_every_item_states_rule_and_never_shows_answer_alone(kind: str, house: str) -> None:
    for item in generate(kind, 3, 6, PROFILES[house]):
        assert item.kind == kind and item.rule and item.explanation
        assert check(item, item.answer).correct
        if item.answer_form == "choice":
            assert item.answer in item.choices
        else:
            assert item.choices == ()


@pytest.mark.parametrize("bad", [dict(kind="poker"), dict(n=0), dict(n=201), dict(seed="x"),
                                 dict(n=True)])
def test_impossible_settings_are_refused(bad: dict[str, object]) -> None:
    args: dict[str, object] = dict(kind="side-pots", seed=1, n=3) | bad
    with pytest.raises(ValueError):
        generate(**args)  # type: ignore[arg-type]


def test_check_right_wrong_malformed() -> None:
    chips = generate("pot-limit-max", 1, 1)[0]
    assert check(chips, f" {chips.answer} ").correct
    wrong = check(chips, str(int(chips.answer) + 1))
    assert not wrong.correct and not wrong.malformed and chips.rule in wrong.message
    bad = check(chips, "abc")
    assert bad.malformed and not bad.correct and "whole number" in bad.message
    pots = generate("side-pots", 1, 1)[0]
    amounts = pots.answer.split(" / ")
    assert check(pots, ", ".join(amounts)).correct
    assert check(pots, " ".join(amounts)).correct
    assert not check(pots, " ".join(reversed(amounts))).correct or len(set(amounts)) == 1
    assert check(pots, "1 two").malformed
