"""A trainee deals a lesson cell with rulings in the browser: the choices
show when a ruling is due, a wrong one is explained, the right one goes on."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import ROOT
from webapp.lessonfile import load_library

from .conftest import perform, sign_in

pytestmark = pytest.mark.browser
LESSON, CELL = "topic-13-calling-the-action", "out-of-turn"


def test_rule_on_action_out_of_turn(page: Page, live_server):
    engine_cell = load_library(str(Path(ROOT) / "lessons")).lessons[LESSON].cell(CELL).engine
    kinds = engine_cell.step_kinds
    sign_in(page, live_server["url"], f"/lessons/{LESSON}")
    cell = page.locator(f"#cell-{CELL}")
    hand = engine_cell.new_hand()
    rulings = 0
    while (exp := hand.expected()) is not None:
        if exp.kind == "rule_on_action":
            ruling = cell.locator("[data-testid=ruling]")
            expect(ruling).to_be_visible()
            expect(ruling.locator("input[name=ruling]")).to_have_count(len(exp.detail.choices))
            wrong = next(k for k, _ in exp.detail.choices if k != exp.detail.right)
            ruling.locator(f"input[name=ruling][value='{wrong}']").check()
            cell.locator("button[data-kind=rule_on_action]").click()
            expect(cell.locator("[data-testid=feedback]")).to_contain_text("Not that ruling")
            expect(cell.locator("[data-testid=feedback]")).to_contain_text(exp.rule.split()[0])
            rulings += 1
        else:
            expect(cell.locator("[data-testid=ruling]")).to_have_count(0)
        step = exp.step()
        assert hand.propose(step).ok
        perform(page, CELL, kinds, step)
        expect(cell.locator("[data-testid=steps]")).to_contain_text(f"{hand.step_count} of ")
        expect(cell.locator("[data-testid=feedback]")).to_contain_text("✔")
    assert rulings == 2
    expect(cell.locator("[data-testid=steps]")).to_contain_text(f"{hand.step_count} of {hand.step_count}")
