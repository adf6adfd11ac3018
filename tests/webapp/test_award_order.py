"""Hands stored before the award order changed (main pot first) still open
and go on, in a lesson cell, a drill and an audition; the table lists the
pots still to push."""
from __future__ import annotations

import json
from pathlib import Path

from engine.house import MAIN
from engine.steps import ScenarioError, Step
from webapp import ROOT
from webapp import audition_store as ast
from webapp.trainee import drill_cells, hands
from webapp import store
from webapp.db import get_db
from webapp.lessonfile import load_library

from tests.engine.test_award_order import THREE_ALL_INS

from .conftest import HX, step_form
from .test_auditions import client_as, define, start

LIBRARY = load_library(str(Path(ROOT) / "lessons"))
SLUG, CELL = "topic-07-side-pots", "three-all-ins"


def old_order_steps(new_hand) -> list[dict]:
    """Every step of `new_hand` (fresh) as the engine stored them before
    award_order: the steps to the showdown, then each pot's awards with the
    main pot first, side pot 1, 2... (a divided pot's halves in their order).
    That code had no step of its own for an uncalled bet (it went back at the award)."""
    new_hand.returns_uncalled = False
    steps = []
    while (exp := new_hand.expected()) is not None and exp.kind != "award":
        steps.append(exp.step().to_dict())
        assert new_hand.propose(exp.step()).ok
    built = [pot.name for pot in new_hand.showdown_pots]
    for name in built:
        steps += [Step("award", seats=part.winners).to_dict() for part in new_hand.awards if part.pot == name]
    return steps


def user_id(name="trainee") -> int:
    return get_db().execute("select id from users where username = ?", [name]).fetchone()[0]


def test_a_lesson_cell_stored_main_pot_first_opens_where_it_was_left(app, client, auth):
    engine = LIBRARY.lessons[SLUG].cell(CELL).engine
    steps = old_order_steps(engine.new_hand())
    try:
        engine.new_hand().replay(Step.from_dict(s) for s in steps)
        raise AssertionError("the old order must not fit the new one, or this test proves nothing")
    except ScenarioError:
        pass
    # Stored as the old code stored it: the main pot's award done, three side pots to go.
    first_award = next(i for i, s in enumerate(steps) if s["kind"] == "award")
    with app.app_context():
        with store.cell_transaction(user_id(), SLUG, CELL) as state:
            state["steps"], state["fingerprint"] = steps[:first_award + 1], LIBRARY.lessons[SLUG].cell(CELL).fingerprint
            store.save_state(state)
    hands.clear()
    auth.login()
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    section = page.split(f'id="cell-{CELL}"', 1)[1].split("</section>", 1)[0]
    assert "changed by your instructor" not in section
    assert f"{first_award + 1} of " in section
    assert '<li class="awarded">Main pot: 100 <span class="meta">awarded</span></li>' in section
    # It goes on in its old order: side pot 1 next, and the trainee finishes the hand.
    for n, step in enumerate(steps[first_award + 1:], first_award + 1):
        r = client.post(f"/lessons/{SLUG}/cells/{CELL}/step",
                        data=step_form(Step.from_dict(step), at=str(n)), headers=HX)
        assert r.status_code == 200 and "✔" in r.get_data(as_text=True), r.get_data(as_text=True)
    with app.app_context():
        state = store.get_state(user_id(), SLUG, CELL)
    assert state["done"] and state["steps"] == steps


def test_a_drill_attempt_stored_main_pot_first_replays():
    drill = LIBRARY.lessons["holdem-03-all-ins-and-side-pots"].cell("drill-side-pots").engine
    for seed in range(1, 40):
        steps = old_order_steps(drill.table(seed).new_hand())
        try:
            drill.table(seed).new_hand().replay(Step.from_dict(s) for s in steps)
        except ScenarioError:
            break
    else:
        raise AssertionError("no drill hand whose old order differs")
    hand = drill_cells.replay(drill, seed, steps)
    assert hand.finished and hand.house.award_order == "main_pot_first"
    assert drill_cells.replay(drill, seed, steps[:3]).house is MAIN


def test_an_audition_run_stored_main_pot_first_goes_on(app):
    audition_id = define(app, **{"wants-0": "side-pots >= 2"})
    client = client_as(app, "trainee")
    run_id = start(client, audition_id)
    data = {"id": CELL, **THREE_ALL_INS}          # the lesson's hand, dealt as this run's hand
    steps = old_order_steps(ast.table(data).new_hand())
    first_award = next(i for i, s in enumerate(steps) if s["kind"] == "award")
    with app.app_context(), ast.run_transaction(run_id) as run:
        assert run is not None
        run.cells[0] = data
        get_db().conn.execute("update auditions_runs set cells = ? where id = ?", [json.dumps(run.cells), run_id])
        run.steps, run.posts = steps[:first_award + 1], first_award + 1
        ast.save_run(run)
    page = client.get(f"/auditions/runs/{run_id}")
    assert page.status_code == 200
    assert '<li class="awarded">Main pot: 100 <span class="meta">awarded</span></li>' in page.get_data(as_text=True)
    n = first_award + 1
    r = client.post(f"/auditions/runs/{run_id}/step", headers=HX,
                    data=step_form(Step.from_dict(steps[n]), at=str(n), rev=str(n)))
    assert r.status_code == 200
    with app.app_context():
        assert ast.get_run(run_id).steps == steps[:n + 1]           # side pot 1 accepted, old order


def test_a_kept_hand_that_cannot_catch_up_is_replayed_under_the_old_order():
    engine = LIBRARY.lessons[SLUG].cell(CELL).engine
    steps = old_order_steps(engine.new_hand())
    first_award = next(i for i, s in enumerate(steps) if s["kind"] == "award")
    hands.clear()
    kept = engine.new_hand().replay_stored(Step.from_dict(s) for s in steps[:first_award])   # new order
    hands.keep(engine, steps[:first_award], kept)
    hand = hands.replay(engine, steps[:first_award + 1])          # the main pot first: kept hand refuses it
    assert hand is not kept and hand.house.award_order == "main_pot_first"
    assert hand.expected().seats == (9,)                          # side pot 1 next, as the old order goes
    hands.clear()
