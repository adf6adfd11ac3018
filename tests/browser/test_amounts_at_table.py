"""An amount the table asks (issue 32, deliverable 3), on a 360 px phone: the
trainee deals pot-limit Omaha to the player who asks "pot?", is stopped
there, builds the amount with the chip buttons (the sprints' amount entry),
checks it, sees the time it took, and deals on."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from webapp import ROOT
from webapp.lessonfile import load_library

from .conftest import htmx_idle, perform, sign_in
from .test_accessibility import violations

pytestmark = pytest.mark.browser
LIBRARY = load_library(str(Path(ROOT) / "lessons"))
SLUG, TABLE, QUESTION = "omaha-01-four-cards-two-plus-three", "deal-omaha", "deal-omaha-pot-limit-max"


def test_pot_asked_at_the_table_answered_with_chip_buttons_on_a_phone(browser, live_server):
    lesson = LIBRARY.lessons[SLUG]
    table, question = lesson.cell(TABLE), lesson.cell(QUESTION)
    answer, stop = int(question.engine.answer), question.checkpoint.steps
    kinds = table.engine.step_kinds
    right = table.engine.new_hand()
    steps = []
    while (due := right.expected()) is not None:
        steps.append(due.step())
        right.propose(due.step())
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  bypass_csp=True)        # for axe-core only (test_accessibility)
    page = context.new_page()
    sign_in(page, live_server["url"], f"/lessons/{SLUG}")
    expect(page.locator(f"#cell-{QUESTION} [data-testid=locked]")).to_be_visible()
    for done, step in enumerate(steps[:stop], start=1):
        perform(page, TABLE, kinds, step)
        expect(page.locator(f"#cell-{TABLE} [data-testid=steps]")).to_contain_text(f"{done} of ")
        htmx_idle(page)
    expect(page.locator(f"#cell-{TABLE} [data-testid=feedback]")).to_contain_text("The hand waits here")
    cell = page.locator(f"#cell-{QUESTION}")
    expect(cell.locator("[data-testid=locked]")).to_have_count(0)
    expect(cell).to_contain_text("pot?")
    # The next step is refused while the amount is not given.
    perform(page, TABLE, kinds, steps[stop])
    expect(page.locator(f"#cell-{TABLE} [data-testid=feedback]")).to_contain_text("Answer the question below first")
    htmx_idle(page)

    # Built with the house's chips, biggest first: no digit typed.
    chips = sorted((int(c) for c in cell.locator("button.chip").evaluate_all("bs => bs.map(b => b.dataset.chip)")),
                   reverse=True)
    assert chips and min(chips) == 1
    left = answer
    for chip in chips:
        while left >= chip:
            cell.locator(f"button.chip[data-chip='{chip}']").tap()
            left -= chip
    expect(cell.locator("input[name=amount]")).to_have_value(str(answer))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations(page) == []
    cell.locator("button.run").tap()
    feedback = page.locator(f"#cell-{QUESTION} [data-testid=feedback]")
    expect(feedback).to_contain_text("✔")
    expect(feedback).to_contain_text(" s.")          # the time it took, with the result
    expect(feedback).to_contain_text("Answered in")
    htmx_idle(page)

    # Released: the hand deals on.
    perform(page, TABLE, kinds, steps[stop])
    expect(page.locator(f"#cell-{TABLE} [data-testid=steps]")).to_contain_text(f"{stop + 1} of ")
    context.close()


def test_side_pots_asked_as_they_form_answered_by_keyboard(browser, live_server):
    """On a desktop: the amounts typed in order with a / between them, the
    chip buttons reached by Tab, and Enter checks."""
    slug, table_id, question_id = "holdem-03-all-ins-and-side-pots", "deal-side-pot", "deal-side-pot-side-pots"
    lesson = LIBRARY.lessons[slug]
    table, question = lesson.cell(table_id), lesson.cell(question_id)
    stop = question.checkpoint.steps
    kinds = table.engine.step_kinds
    right = table.engine.new_hand()
    steps = []
    while (due := right.expected()) is not None:
        steps.append(due.step())
        right.propose(due.step())
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    for done, step in enumerate(steps[:stop], start=1):
        perform(page, table_id, kinds, step)
        expect(page.locator(f"#cell-{table_id} [data-testid=steps]")).to_contain_text(f"{done} of ")
        htmx_idle(page)
    cell = page.locator(f"#cell-{question_id}")
    box = cell.locator("input[name=amount]")
    expect(box).to_be_visible()
    box.focus()
    page.keyboard.press("Tab")                       # the chip buttons follow the box in the Tab order
    assert page.evaluate("document.activeElement.classList.contains('chip')")
    box.focus()
    page.keyboard.type(question.engine.answer.replace(" ", ""))
    page.keyboard.press("Enter")
    feedback = page.locator(f"#cell-{question_id} [data-testid=feedback]")
    expect(feedback).to_contain_text("✔")
    expect(feedback).to_contain_text("Answered in")
    context.close()
