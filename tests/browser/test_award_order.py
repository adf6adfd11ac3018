"""Awarding several pots in the browser: the table lists the pots still to
push, a pot pushed out of the house's order is refused naming the pot due,
and the list follows each award; it fits a phone and passes axe."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.steps import Step
from webapp import store
from webapp.db import get_db

from .conftest import TRAINEE, perform, sign_in
from .test_table_layout import AXE, AXE_JS, FAULTS_JS, LIBRARY, PARTS, SIZES

pytestmark = pytest.mark.browser
SLUG, CELL = "topic-07-side-pots", "three-all-ins"


@pytest.fixture
def browser_context_args(browser_context_args):
    """axe-core goes in as a script tag, which the trainer's CSP (own scripts only) would refuse."""
    return {**browser_context_args, "bypass_csp": True}


def test_the_pots_are_listed_and_pushed_side_pots_first(page: Page, live_server):
    engine = LIBRARY.lessons[SLUG].cell(CELL).engine
    hand, steps = engine.new_hand(), []
    while (exp := hand.expected()).kind != "award":
        steps.append(exp.step().to_dict())
        assert hand.propose(exp.step()).ok
    with live_server["app"].app_context():
        user = get_db().execute("select id from users where username = ?", [TRAINEE[0]]).fetchone()[0]
        with store.cell_transaction(user, SLUG, CELL) as state:
            state["steps"] = steps
            store.save_state(state)
        # The questions this hand waits for (`at`), answered already: this test is about the awards.
        for question in LIBRARY.lessons[SLUG].interactive_cells:
            if question.after == CELL and question.checkpoint is not None:
                with store.cell_transaction(user, SLUG, question.id) as state:
                    answer = question.engine.answer
                    state["answer"] = ({str(k): v for k, v in answer.items()} if isinstance(answer, dict)
                                       else list(answer) if isinstance(answer, tuple) else answer)
                    state["runs"], state["fingerprint"] = 1, question.fingerprint
                    store.save_state(state)
    sign_in(page, live_server["url"], f"/lessons/{SLUG}")
    cell = page.locator(f"#cell-{CELL}")
    pots = cell.locator("[data-testid=pots] li")
    expect(pots).to_have_text(["Main pot: 100", "Side pot 1: 120", "Side pot 2: 210", "Side pot 3: 80"])
    page.add_script_tag(path=str(AXE))
    felt = cell.locator("[data-testid=table]").element_handle()
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        faults = page.evaluate(FAULTS_JS, [felt, PARTS])
        assert not faults, (size, faults)
        assert not page.evaluate(AXE_JS, [[f"#cell-{CELL}"], size == "desktop"]), size
    # The main pot's winner ticked first: refused, the pot due named.
    perform(page, CELL, engine.step_kinds, Step("award", seats=(7,)))
    feedback = cell.locator("[data-testid=feedback]")
    expect(feedback).to_contain_text("✘")
    expect(feedback).to_contain_text("Side pot 3 first")
    cell.locator("input[name=winners][value='7']").uncheck()       # the trainee's tick stays after a wrong step
    # Every pot in the house's order; the list strikes each one pushed.
    for pot, winners in (("Side pot 3", (3,)), ("Side pot 2", (1,)), ("Side pot 1", (9,))):
        perform(page, CELL, engine.step_kinds, Step("award", seats=winners))
        expect(feedback).to_contain_text("✔")
        expect(cell.locator("[data-testid=pots] li.awarded", has_text=pot)).to_contain_text("awarded")
    expect(cell.locator("[data-testid=pots] li:not(.awarded)")).to_have_text(["Main pot: 100"])
    perform(page, CELL, engine.step_kinds, Step("award", seats=(7,)))
    expect(cell.locator("[data-testid=steps]")).to_contain_text(f"{len(steps) + 4} of {len(steps) + 4}")
