"""The Hold'em 3 side-pots drill says a hand is complete exactly when the engine's hand,
rebuilt from the stored seed and steps in a fresh cache, is finished (issue 29: a helper
saw "Hand complete" after 34 steps while its rebuilt hand expected a 35th, an award to a
seat the page did not show). Dealt through the HTTP routes with the engine's expected
steps, hand after hand: every seat the engine awards to is on the page, the page never
says complete early or late, and the stored seed rebuilds the page's very hand.
"""
from __future__ import annotations

import json

from engine.steps import Step
from webapp.db import get_db
from webapp.lessonfile import load_library
from webapp.trainee import drill_cells

from .conftest import HX, step_form

SLUG, CELL = "holdem-03-all-ins-and-side-pots", "drill-side-pots"
URL = f"/lessons/{SLUG}/cells/{CELL}"
HANDS = 4


def _state(app) -> dict:
    with app.app_context():
        return dict(next(get_db().query("select * from cell_state where cell = ?", [CELL])))


def _drill(app):
    return load_library(app.config["LESSONS_DIR"]).lessons[SLUG].cell(CELL).engine


def _cell(client) -> str:
    return client.get(f"/lessons/{SLUG}").get_data(as_text=True).split(f'id="cell-{CELL}"', 1)[1]


def test_the_side_pots_drill_is_complete_exactly_when_the_stored_seeds_hand_is(app, client, auth):
    auth.login()
    client.get(f"/lessons/{SLUG}")
    for _ in range(HANDS):
        start = _state(app)
        hand = drill_cells.replay(_drill(app), start["seed"], [])
        at, rev, body, posted = 0, start["runs"], "", []
        while (expected := hand.expected()) is not None:
            step = expected.step()
            if step.seats:          # an award: every seat it names is drawn, with its tick box
                page = _cell(client)
                assert all(f'name="winners" value="{seat}"' in page for seat in step.seats), (start["seed"], step)
            r = client.post(f"{URL}/step", data=step_form(step, at=at, rev=rev), headers=HX)
            assert r.status_code == 200 and hand.propose(step).ok
            at, rev, body = at + 1, rev + 1, r.get_data(as_text=True)
            posted.append(step)
            assert ("Hand complete." in body) == hand.finished, (start["seed"], at)
        stored = _state(app)
        drill_cells.hand_table.cache_clear()          # as a new process rebuilds it
        rebuilt = drill_cells.replay(_drill(app), stored["seed"], json.loads(stored["steps"]))
        assert stored["seed"] == start["seed"] and len(json.loads(stored["steps"])) == at
        assert rebuilt.finished and rebuilt.expected() is None and rebuilt.view() == hand.view()
        assert [Step.from_dict(s) for s in json.loads(stored["steps"])] == posted
        r = client.post(f"{URL}/deal", data={"at": str(at), "rev": str(stored["runs"])}, headers=HX)
        assert r.status_code == 200 and "A new hand is dealt" in r.get_data(as_text=True)
