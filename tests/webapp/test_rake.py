"""The commission lesson in the app: the rake question (a single amount) and
the table cell's *Take the commission* step and Rake pile (section 7)."""
from __future__ import annotations

from flask import current_app

from engine.steps import Step
from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import post_answer

LESSON = "holdem-02-commission"
HX = {"HX-Request": "true"}


def answer(client, cell, value):
    return post_answer(client, LESSON, cell, {"amount": value})


def attempts(app):
    with app.app_context():
        return list(get_db().query("select * from attempts order by id"))


def test_rake_question_takes_one_amount_and_explains_with_section_7(app, client, auth):
    auth.login()
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    cell = page.split('id="cell-rake-with-uncalled-bet"')[1].split("</section>")[0]
    assert 'name="amount"' in cell and "How much commission" not in cell.split("Chips")[1]
    assert "Table sign: Rake: 5% of each pot, cap 3" in cell
    assert 'data-testid="rake"' not in cell            # the drop slide would give the answer away
    r = answer(client, "rake-with-uncalled-bet", "two")
    assert r.status_code == 422 and "whole number of chips" in r.get_data(as_text=True)
    r = answer(client, "rake-with-uncalled-bet", "3")     # 5% of 73: the uncalled bet counted
    text = r.get_data(as_text=True)
    assert "✘" in text and "(7.5)" in text
    r = answer(client, "rake-with-uncalled-bet", "2")
    text = r.get_data(as_text=True)
    assert "✔" in text and "Main pot 43" in text and "7.2.1" in text
    assert [(a["cell"], a["correct"], a["answer"]) for a in attempts(app)] == [
        ("rake-with-uncalled-bet", 0, "3 chips"), ("rake-with-uncalled-bet", 1, "2 chips")]
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    cell = page.split('id="cell-rake-with-uncalled-bet"')[1].split("</section>")[0]
    assert 'value="2"' in cell


def test_no_rake_answers_are_zero_and_cite_7_6_and_7_8(client, auth):
    auth.login()
    r = answer(client, "rake-blinds-only", "1")
    assert "✘" in r.get_data(as_text=True)
    r = answer(client, "rake-blinds-only", "0")
    text = r.get_data(as_text=True)
    assert "✔" in text and "(7.6)" in text
    r = answer(client, "rake-tied-hands", "0")
    text = r.get_data(as_text=True)
    assert "✔" in text and "(7.8)" in text
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    cell = page.split('id="cell-rake-blinds-only"')[1].split("</section>")[0]
    assert 'value="0"' in cell                       # an answer of 0 is restored, not blanked


def test_table_cell_takes_the_commission_and_shows_the_rake_pile(app, client, auth):
    auth.login()
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    cell = page.split('id="cell-take-the-rake"')[1].split("</section>")[0]
    assert 'data-kind="take_rake"' in cell and '(section 7)">Rake 0<' in cell
    with app.app_context():
        engine_cell = load_library(current_app.config["LESSONS_DIR"]).lessons[LESSON].cell("take-the-rake").engine
    hand = engine_cell.new_hand()
    kinds = engine_cell.step_kinds
    url = f"/lessons/{LESSON}/cells/take-the-rake/step"
    done = 0
    while (exp := hand.expected()) is not None:
        data = {"at": str(done)}
        if exp.kind == "take_rake":
            # Pushing the pot first is refused with the rule, and records nothing done.
            wrong = client.post(url, data={**data, "kind": "award", "winners": ["6"]}, headers=HX)
            text = wrong.get_data(as_text=True)
            # A wrong step changes nothing: the rake pile is not sent again.
            assert "✘" in text and "7.2.1(a)" in text and 'data-testid="rake"' not in text
        if exp.kind in kinds["seat"]:
            data.update(tool=exp.kind, seat=str(exp.seat))
        elif exp.kind in kinds["seats"]:
            data.update(kind=exp.kind, winners=[str(s) for s in exp.seats])
        else:
            data["kind"] = exp.kind
        assert hand.propose(Step(exp.kind, exp.seat, exp.seats)).ok
        r = client.post(url, data=data, headers=HX)
        text = r.get_data(as_text=True)
        assert r.status_code == 200 and "✔" in text, text[-2000:]
        done += 1
        if exp.kind == "take_rake":
            assert '(section 7)">Rake 3<' in text and "cap of 3" in text
    assert "Hand complete" in text and "Main pot of 101" in text
    rows = attempts(app)
    assert [(a["correct"], a["rule"]) for a in rows if a["step"].startswith(("Take the", "Award"))][:2] == [
        (0, "7.2.1(a)"), (1, "7.2.1(a)")]


def test_hands_without_commission_show_no_rake(client, auth):
    auth.login()
    page = client.get("/lessons/holdem-01-dealing-a-hand").get_data(as_text=True)
    assert 'data-testid="rake"' not in page and 'data-kind="take_rake"' not in page


def test_only_lesson_tables_with_a_commission_take_the_rake():
    """Every lesson's poker table takes the rake exactly when its scenario asks (7.2)."""
    from pathlib import Path
    library = load_library(str(Path(__file__).resolve().parents[2] / "lessons"))
    for slug, lesson in library.lessons.items():
        for cell in lesson.cells:
            if cell.kind != "table" or cell.engine.kind != "poker":
                continue
            played, kinds = cell.engine.new_hand(), []
            while (exp := played.expected()) is not None:
                kinds.append(exp.kind)
                assert played.propose(exp.step()).ok
            raked = "commission" in cell.data
            assert ("take_rake" in kinds) == raked, (slug, cell.id)
            assert ("take_rake" in cell.engine.new_hand().step_kinds()[1]) == raked, (slug, cell.id)
