"""Rule names wherever a result cites a rule (issue 29 finding 6): a question's result,
when checked and when the page is loaded again, and a dealer step's result name the rule
beside its number, from the engine's one table (engine/rule_names.py)."""
from __future__ import annotations

from engine import rule_label
from webapp.lessonfile import load_library

from .conftest import HX, post_answer, step_form

LESSON = "holdem-01-dealing-a-hand"


def _cell(page: str, cell_id: str) -> str:
    return page.split(f'id="cell-{cell_id}"', 1)[1].split("</section>", 1)[0]


def test_a_question_result_names_its_rule_when_checked_and_when_seen_again(app, client, auth):
    auth.login()
    rule = load_library(app.config["LESSONS_DIR"]).lessons[LESSON].cell("three-way-split").engine.rule
    name = rule_label(rule).split(" — ", 1)[1]
    checked = post_answer(client, LESSON, "three-way-split", {"amount-2": "30", "amount-5": "30", "amount-8": "40"})
    assert "✘" in checked.get_data(as_text=True)
    seen = _cell(client.get(f"/lessons/{LESSON}").get_data(as_text=True), "three-way-split")
    assert "✘" in seen
    for html in (checked.get_data(as_text=True), seen):
        assert name.replace("'", "&#39;") in html, html[-400:]


def test_a_dealer_step_result_names_its_rule(app, client, auth):
    auth.login()
    hand = load_library(app.config["LESSONS_DIR"]).lessons[LESSON].cell("deal-a-hand").engine.new_hand()
    step = hand.expected().step()
    verdict = hand.propose(step)
    body = client.post(f"/lessons/{LESSON}/cells/deal-a-hand/step", data=step_form(step, at=0),
                       headers=HX).get_data(as_text=True)
    assert "✔" in body and rule_label(verdict.rule).split(" — ", 1)[1].replace("'", "&#39;") in body
