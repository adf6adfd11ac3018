"""A trainee deals a round of the banked Casino Hold'em in real Chromium."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.steps import Step
from webapp.lessonfile import load_library

from .test_checkpoints import answer_in_page
from .conftest import perform, sign_in

pytestmark = pytest.mark.browser
LESSON = "casino-01-casino-holdem"


def test_trainee_deals_a_casino_holdem_round(page: Page, live_server):
    base, app = live_server["url"], live_server["app"]
    lesson = load_library(app.config["LESSONS_DIR"]).lessons[LESSON]
    cell_engine = lesson.cell("deal-a-round").engine
    kinds = cell_engine.step_kinds
    sign_in(page, base, f"/lessons/{LESSON}")
    rnd = cell_engine.new_hand()
    attempt = 0
    mistake_made = False
    lesson = load_library(app.config["LESSONS_DIR"]).lessons[LESSON]
    asked = [q for q in lesson.interactive_cells if q.after == "deal-a-round" and q.checkpoint is not None]
    while (exp := rnd.expected()) is not None:
        for question in (q for q in asked if q.checkpoint.steps == rnd.step_count):
            answer_in_page(page, question.id, question.engine)     # the round waits for it
        cell = page.locator("#cell-deal-a-round")
        if exp.kind == "pitch" and not mistake_made:
            cell.locator("button[data-kind=deal_flop]").click()   # the flop before the cards
            attempt += 1
            expect(page.locator("#cell-deal-a-round [data-testid=counter]")).to_have_text(str(attempt))
            expect(page.locator("#cell-deal-a-round [data-testid=feedback]")).to_contain_text("CH ¶3")
            mistake_made = True
            cell = page.locator("#cell-deal-a-round")
        step = Step(exp.kind, exp.seat, exp.seats)
        assert rnd.propose(step).ok
        perform(page, "deal-a-round", kinds, step)
        attempt += 1
        expect(page.locator("#cell-deal-a-round [data-testid=counter]")).to_have_text(str(attempt))
        expect(page.locator("#cell-deal-a-round [data-testid=feedback]")).to_contain_text("✔")
    expect(page.locator("#lesson-score [data-testid=progress]")).to_have_text(
        f"{1 + len(asked)} of {len(lesson.interactive_cells)} cells done")
    page.reload()
    expect(page.locator("#cell-deal-a-round [data-testid=steps]")).to_contain_text(
        f"{rnd.step_count} of {rnd.step_count} dealer steps done")
    expect(page.locator("#cell-deal-a-round [data-testid=dealer] .pcard:not(.back)")).to_have_count(2)
