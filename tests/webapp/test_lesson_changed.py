"""A lesson edited while trainees are in it: a cell whose scenario or
question changed restarts with a notice, never silently re-dealt; a changed
wording (title, prompt) keeps the trainee's hand."""
from __future__ import annotations

import pytest

from webapp.db import get_db
from webapp.lessonfile import parse_lesson
from webapp.trainee.notebook import CHANGED

from .conftest import HX, step_form
from .test_editor import V1


@pytest.fixture
def lessons(app, tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "drill.md").write_text(V1)
    app.config["LESSONS_DIR"] = str(folder)
    return folder


def start_both_cells(client):
    """One right dealer step in the table cell and a right answer to the question."""
    first = parse_lesson(V1, slug="drill").cell("deal").engine.new_hand().expected().step()
    r = client.post("/lessons/drill/cells/deal/step", data={**step_form(first), "at": "0"}, headers=HX)
    assert r.status_code == 200 and 'name="at" value="1"' in r.get_data(as_text=True)
    r = client.post("/lessons/drill/cells/split/answer", data={"amount-2": "5", "amount-7": "10", "rev": "0"},
                    headers=HX)
    assert r.status_code == 200 and "✔" in r.get_data(as_text=True)


def cell_html(page: str, cell: str) -> str:
    return page.split(f'id="cell-{cell}"', 1)[1].split("</section>", 1)[0]


def states(app) -> dict:
    with app.app_context():
        return {r["cell"]: r for r in get_db().query("select * from cell_state")}


def test_a_changed_scenario_and_question_restart_with_a_notice(app, client, auth, lessons):
    auth.login()
    start_both_cells(client)
    (lessons / "drill.md").write_text(V1.replace("seed = 20261130", "seed = 7").replace("pot = 15", "pot = 25"))
    page = client.get("/lessons/drill").get_data(as_text=True)
    table, question = cell_html(page, "deal"), cell_html(page, "split")
    assert CHANGED[True] in table and 'name="at" value="0"' in table
    assert CHANGED[False] in question and 'value="10"' not in question       # the old answer is gone
    stored = states(app)
    assert stored["deal"]["steps"] == "[]" and stored["split"]["done"] == 0   # restarted in storage too
    page = client.get("/lessons/drill").get_data(as_text=True)
    assert CHANGED[True] not in page                                          # told once
    with app.app_context():
        assert get_db().execute("select count(*) from attempts").fetchone()[0] == 2   # the record stays


def test_a_step_from_a_page_opened_before_the_change_is_refused(app, client, auth, lessons):
    auth.login()
    start_both_cells(client)
    (lessons / "drill.md").write_text(V1.replace("seed = 20261130", "seed = 7"))
    r = client.post("/lessons/drill/cells/deal/step", data={"kind": "burn", "at": "1"}, headers=HX)
    assert r.status_code == 409 and 'name="at" value="0"' in r.get_data(as_text=True)
    assert states(app)["deal"]["steps"] == "[]"


def test_changed_wording_keeps_the_hand_and_the_answer(app, client, auth, lessons):
    auth.login()
    start_both_cells(client)
    (lessons / "drill.md").write_text(V1.replace("Deal one hand", "Deal a hand")
                                      .replace("Two players tie for 15", "Two players split 15"))
    page = client.get("/lessons/drill").get_data(as_text=True)
    assert "changed by your instructor" not in page
    assert 'name="at" value="1"' in cell_html(page, "deal") and "✔" in cell_html(page, "split")


def test_an_untouched_cell_beside_a_changed_one_keeps_its_state(app, client, auth, lessons):
    auth.login()
    start_both_cells(client)
    (lessons / "drill.md").write_text(V1.replace("pot = 15", "pot = 25"))
    page = client.get("/lessons/drill").get_data(as_text=True)
    assert 'name="at" value="1"' in cell_html(page, "deal") and CHANGED[True] not in page
    assert CHANGED[False] in cell_html(page, "split")


def test_an_answer_to_the_old_question_is_refused_with_the_notice(app, client, auth, lessons):
    auth.login()
    start_both_cells(client)
    (lessons / "drill.md").write_text(V1.replace("pot = 15", "pot = 25"))
    r = client.post("/lessons/drill/cells/split/answer", data={"amount-2": "5", "amount-7": "10", "rev": "1"},
                    headers=HX)
    assert r.status_code == 409 and CHANGED[False] in r.get_data(as_text=True)
    assert states(app)["split"]["done"] == 0
    with app.app_context():
        assert get_db().execute("select count(*) from attempts").fetchone()[0] == 2
