"""A question asked at a point of a table cell's hand (`at`): the trainee
deals to that point, is stopped there, answers the question below the
table, and deals on (issue 27)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import ROOT
from webapp.lessonfile import load_library

from .conftest import htmx_idle, perform, sign_in

pytestmark = pytest.mark.browser
LIBRARY = load_library(str(Path(ROOT) / "lessons"))
SLUG, TABLE, QUESTION = "manila-01-two-card-manila", "deal-two-card", "opens-second"


def answer_in_page(page: Page, cell_id: str, question) -> None:
    """Answer a question cell through its form, with the engine's answer."""
    cell = page.locator(f"#cell-{cell_id}")
    answer = question.answer
    if question.input in ("seat", "choice"):
        cell.locator(f"input[name={question.input}][value='{answer}']").check()
    elif question.input in ("seats", "cards"):
        for value in answer:
            cell.locator(f"input[name=seats][value='{value}']").check()
    elif question.input == "grid":
        for row, seats in answer.items():
            for seat in seats or ("none",):
                cell.locator(f"input[name=seats][value='{row}.{seat}']").check()
    elif question.input in ("amount", "chips"):      # "chips": an amount the table asks (issue 32)
        cell.locator("input[name=amount]").fill(str(answer))
    else:
        for value, amount in answer.items():
            cell.locator(f"input[name=amount-{value}]").fill(str(amount))
    cell.locator("button.run").click()
    expect(cell.locator("[data-testid=feedback]")).to_contain_text("✔")
    htmx_idle(page)


def test_deal_to_the_question_be_stopped_answer_and_deal_on(page: Page, live_server):
    lesson = LIBRARY.lessons[SLUG]
    table, question = lesson.cell(TABLE), lesson.cell(QUESTION)
    stop = question.checkpoint.steps
    kinds = table.engine.step_kinds
    sign_in(page, live_server["url"], f"/lessons/{SLUG}")
    expect(page.locator(f"#cell-{QUESTION} [data-testid=locked]")).to_be_visible()
    hand = table.engine.new_hand()
    steps = []
    while (exp := hand.expected()) is not None:
        steps.append(exp.step())
        assert hand.propose(exp.step()).ok
    for done, step in enumerate(steps[:stop], start=1):
        perform(page, TABLE, kinds, step)
        expect(page.locator(f"#cell-{TABLE} [data-testid=steps]")).to_contain_text(f"{done} of ")
    feedback = page.locator(f"#cell-{TABLE} [data-testid=feedback]")
    expect(feedback).to_contain_text("The hand waits here")
    # The question opened in place, and nothing of the round's betting is on the page.
    expect(page.locator(f"#cell-{QUESTION} [data-testid=locked]")).to_have_count(0)
    paused = table.engine.new_hand()
    paused.autoplay(until_betting_on=question.checkpoint.pause)
    talk = page.locator(f"#cell-{TABLE} details.log li")
    expect(talk).to_have_count(len(paused.log))      # the round's first decision not yet played
    # Stopped: the next step is refused and changes nothing.
    perform(page, TABLE, kinds, steps[stop])
    expect(feedback).to_contain_text("Answer the question below first")
    expect(page.locator(f"#cell-{TABLE} [data-testid=steps]")).to_contain_text(f"{stop} of ")
    answer_in_page(page, QUESTION, question.engine)
    # Released: the round's betting is played, and the hand deals on to the end.
    expect(talk.nth(len(paused.log))).to_contain_text(f"Seat {question.engine.answer} (")
    for done, step in enumerate(steps[stop:], start=stop + 1):
        perform(page, TABLE, kinds, step)
        expect(page.locator(f"#cell-{TABLE} [data-testid=steps]")).to_contain_text(f"{done} of ")
    expect(page.locator(f"#cell-{TABLE} [data-testid=steps]")).to_have_text(
        f"{len(steps)} of {len(steps)} dealer steps done")
