"""A ruling in a table cell through the app: the choices are offered without
the answer, a wrong ruling is stored and changes nothing, the right one is
stored as a step and replayed on the next visit."""
from __future__ import annotations

import re
from pathlib import Path

from webapp import ROOT
from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import HX

LESSON, CELL = "topic-13-calling-the-action", "under-raise-and-oversize-chip"


def engine_cell():
    return load_library(str(Path(ROOT) / "lessons")).lessons[LESSON].cell(CELL).engine


def post(client, at: int, **data):
    return client.post(f"/lessons/{LESSON}/cells/{CELL}/step", data={"at": str(at), **data}, headers=HX)


def as_form(step) -> dict:
    if step.choice:
        return {"kind": step.kind, "ruling": step.choice}
    if step.seats:
        return {"kind": step.kind, "winners": [str(s) for s in step.seats]}
    if step.seat is not None:
        return {"tool": step.kind, "seat": str(step.seat)}
    return {"kind": step.kind}


def test_a_ruling_is_offered_checked_stored_and_replayed(app, client, auth):
    auth.login()
    hand = engine_cell().new_hand()
    at = 0
    while (exp := hand.expected()).kind != "rule_on_action":
        assert post(client, at, **as_form(exp.step())).status_code == 200
        assert hand.propose(exp.step()).ok
        at += 1
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    cell = page.split(f'id="cell-{CELL}"', 1)[1].split("</section>", 1)[0]
    assert 'data-testid="ruling"' in cell and "puts out 8 in chips without a word" in cell
    offered = re.findall(r'name="ruling" value="([^"]+)"', cell)
    assert offered == [k for k, _ in exp.detail.choices] and len(offered) == 3
    assert "checked" not in cell.split('data-testid="ruling"', 1)[1].split("</fieldset>", 1)[0]

    # No choice, then a wrong one: refused with the rule, nothing stored as a step.
    r = post(client, at, kind="rule_on_action")
    assert r.status_code == 422 and "choose a ruling" in r.get_data(as_text=True)
    wrong = next(k for k in offered if k != exp.detail.right)
    text = post(client, at, kind="rule_on_action", ruling=wrong).get_data(as_text=True)
    assert "✘" in text and "6.11" in text and "Not that ruling" in text
    # The right one: applied, the hand goes on to the next ruling.
    text = post(client, at, kind="rule_on_action", ruling=exp.detail.right).get_data(as_text=True)
    assert "✔" in text and "raises to 10" in text
    assert "a single 25 chip" in text          # the next ruling is due at once
    with app.app_context():
        rows = list(get_db().query("select step, correct, rule from attempts where cell = ? order by id",
                                   [CELL]))
        state = list(get_db().query("select steps from cell_state where cell = ?", [CELL]))[0]
    assert [(r["step"], r["correct"], r["rule"]) for r in rows[-2:]] == [
        (f"Rule on the action: {wrong}", 0, "6.11"), ("Rule on the action: minimum", 1, "6.11")]
    assert '"choice": "minimum"' in state["steps"]
    # Replayed from the stored steps on a new visit: the hand stands after the first ruling.
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    assert "Seat 4 (Ben) raises to 10" in page and f"{at + 1} of " in page
