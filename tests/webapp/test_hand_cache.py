"""webapp.trainee.hands: a kept hand is the hand a fresh replay gives, and no two
requests ever hold the same hand."""
from __future__ import annotations

import os
import re

import pytest

from engine.steps import Step
from webapp.trainee import hands
from webapp.lessonfile import load_library

from .conftest import HX

LESSONS = os.path.join(os.path.dirname(__file__), "..", "..", "lessons")


def table_engines():
    """Every table cell of the shipped lessons (poker hands and banked rounds)."""
    library = load_library(LESSONS)
    return [(slug, cell.id, cell.engine) for slug, lesson in library.lessons.items()
            for cell in lesson.cells if cell.kind == "table"]


def fresh(engine, steps):
    hand = engine.new_hand()
    hand.replay(Step.from_dict(s) for s in steps)
    return hand


@pytest.fixture(autouse=True)
def empty_cache():
    hands.clear()
    yield
    hands.clear()


@pytest.mark.parametrize("slug,cell,engine", table_engines()[:12], ids=lambda v: v if isinstance(v, str) else "")
def test_kept_hand_matches_a_fresh_replay_at_every_step(slug, cell, engine):
    steps: list[dict] = []
    while True:
        hand = hands.replay(engine, steps)
        assert hand.view(reveal=True) == fresh(engine, steps).view(reveal=True)
        exp = hand.expected()
        if exp is None:
            hands.keep(engine, steps, hand)
            break
        # A wrong step first (refused, changes nothing), then the right one.
        wrong = Step("burn" if exp.kind != "burn" else "collect_bets")
        assert not hand.propose(wrong).ok
        assert hand.propose(exp.step()).ok
        steps.append(exp.step().to_dict())
        hands.keep(engine, steps, hand)
    assert hands.replay(engine, steps).finished


def test_a_kept_hand_is_handed_to_one_request_only():
    _, _, engine = table_engines()[0]
    hand = hands.replay(engine, [])
    hands.keep(engine, [], hand)
    first = hands.replay(engine, [])
    second = hands.replay(engine, [])        # taken already: a fresh one
    assert first is hand and second is not hand
    assert first.view() == second.view()


def test_a_hand_of_an_edited_lesson_is_not_reused():
    (_, _, engine), (_, _, other) = table_engines()[:2]
    hand = hands.replay(engine, [])
    hands.keep(engine, [], hand)
    assert hands.replay(other, []) is not hand


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(hands, "MAX_HANDS", 3)
    _, _, engine = table_engines()[0]
    steps: list[dict] = []
    hand = hands.replay(engine, steps)
    for _ in range(6):
        exp = hand.expected()
        hand.propose(exp.step())
        steps.append(exp.step().to_dict())
        hands.keep(engine, steps, hand)
        hand = hands.replay(engine, steps)
    assert len(hands._hands) <= 3


def test_trainees_at_the_same_steps_each_find_their_hand_kept(monkeypatch):
    """A class deals one cell: two trainees reaching the same steps keep two
    hands under one key, and each of their next clicks takes one of them."""
    _, _, engine = table_engines()[0]
    first, second = engine.new_hand(), engine.new_hand()
    hands.keep(engine, [], first)
    hands.keep(engine, [], second)
    taken = {id(hands.replay(engine, [])), id(hands.replay(engine, []))}
    assert taken == {id(first), id(second)}
    assert id(hands.replay(engine, [])) not in taken          # none left: a fresh one
    monkeypatch.setattr(hands, "MAX_HANDS", 3)
    for _ in range(5):
        hands.keep(engine, [], engine.new_hand())
    assert sum(len(bucket) for bucket in hands._hands.values()) == 3    # the bound counts hands


def test_the_page_with_kept_hands_is_the_page_replayed_from_scratch(client, auth):
    """Right and wrong steps through the notebook, then the lesson page drawn
    from kept hands and again with none kept: the same page."""
    auth.login()
    url = "/lessons/holdem-01-dealing-a-hand/cells/deal-a-hand/step"
    assert client.post(url, data={"at": "0", "tool": "move_button", "seat": "9"}, headers=HX).status_code == 200
    assert client.post(url, data={"at": "1", "kind": "burn"}, headers=HX).status_code == 200
    r = client.post(url, data={"at": "1", "tool": "post_blind", "seat": "1"}, headers=HX)
    assert r.status_code == 200
    kept = page(client)
    hands.clear()
    assert page(client) == kept


def page(client) -> str:
    """The lesson page with its CSRF tokens blanked (they carry the time they were signed)."""
    html = client.get("/lessons/holdem-01-dealing-a-hand").get_data(as_text=True)
    return re.sub(r'"[\w-]+\.[\w-]+\.[\w-]+"', '"token"', html)


def test_a_hand_kept_a_few_steps_back_catches_up():
    """Clicks alternate between worker processes: the hand one kept two steps
    ago is dealt on to the steps now stored, and is the hand a replay gives."""
    _, _, engine = table_engines()[0]
    hand, steps = engine.new_hand(), []
    for _ in range(5):
        exp = hand.expected()
        assert hand.propose(exp.step()).ok
        steps.append(exp.step().to_dict())
    hands.keep(engine, steps[:3], fresh(engine, steps[:3]))
    kept = hands._hands[next(iter(hands._hands))][0][1]
    caught_up = hands.replay(engine, steps)
    assert caught_up is kept and caught_up.step_count == 5
    assert caught_up.view(reveal=True) == fresh(engine, steps).view(reveal=True)
    # Further back than CATCH_UP: replayed afresh, the old hand stays kept.
    far = [*steps]
    start = engine.new_hand()
    hands.keep(engine, [], start)
    while len(far) <= hands.CATCH_UP and (exp := hand.expected()) is not None:
        hand.propose(exp.step())
        far.append(exp.step().to_dict())
    assert len(far) > hands.CATCH_UP
    replayed = hands.replay(engine, far)
    assert replayed is not start and hands._hands[hands._key(engine, [])][0][1] is start
    assert replayed.view(reveal=True) == fresh(engine, far).view(reveal=True)


def test_look_ups_are_counted_as_kept_caught_up_or_replayed():
    """bench/load.py's hit rate comes from these counts (printed by each worker on exit)."""
    _, _, engine = table_engines()[0]
    hands.counts.clear()
    hand = hands.replay(engine, [])
    steps = []
    for _ in range(3):
        step = hand.expected().step()
        assert hand.propose(step).ok
        steps.append(step.to_dict())
    hands.keep(engine, steps, hand)
    again = hands.replay(engine, steps)                 # as it was left
    assert again is hand
    hands.keep(engine, steps, hand)
    more = steps + [fresh(engine, steps).expected().step().to_dict()]
    hands.replay(engine, more)                          # one step behind: caught up
    assert hands.counts == {"hits": 1, "caught up": 1, "replayed": 1}
    assert hands.stats() == "kept hands: hits 1 caught up 1 replayed 1"
