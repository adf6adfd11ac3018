"""What a trainee sees when things go wrong, in real Chromium: Run all
re-sends nothing already checked, an ended session says so in the cell and
keeps the page, and the CSP blocks nothing the trainer itself needs."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import sign_in

pytestmark = pytest.mark.browser
LESSON = "holdem-01-dealing-a-hand"


def attempts(app) -> list[tuple[str, int]]:
    with app.app_context():
        return [(r["cell"], r["correct"]) for r in get_db().query("select cell, correct from attempts order by id")]


def test_run_all_checks_only_new_answers(page: Page, live_server):
    base, app = live_server["url"], live_server["app"]
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    lesson = load_library(app.config["LESSONS_DIR"]).lessons[LESSON]
    sign_in(page, base, f"/lessons/{LESSON}")
    right = lesson.cell("first-on-flop").engine.answer
    wrong = next(v for v, _ in lesson.cell("first-pre-flop").engine.choices
                 if v != lesson.cell("first-pre-flop").engine.answer)
    page.locator(f"#cell-first-on-flop input[name=seat][value='{right}']").check()
    page.locator(f"#cell-first-pre-flop input[name=seat][value='{wrong}']").check()
    page.click("#run-all")
    expect(page.locator("#cell-first-pre-flop [data-testid=counter]")).to_have_text("1")
    expect(page.locator("#cell-first-on-flop [data-testid=counter]")).to_have_text("1")
    assert sorted(attempts(app)) == [("first-on-flop", 1), ("first-pre-flop", 0)]
    # after a reload, Run all again: the right answer and the unchanged wrong one are not re-sent
    page.reload()
    page.click("#run-all")
    page.wait_for_timeout(500)
    assert len(attempts(app)) == 2
    # a changed answer is checked
    answer = lesson.cell("first-pre-flop").engine.answer
    page.locator(f"#cell-first-pre-flop input[name=seat][value='{answer}']").check()
    page.click("#run-all")
    expect(page.locator("#cell-first-pre-flop [data-testid=counter]")).to_have_text("2")
    assert sorted(attempts(app)) == [("first-on-flop", 1), ("first-pre-flop", 0), ("first-pre-flop", 1)]
    assert blocked == []


def test_signed_out_in_another_tab_the_cell_says_sign_in_again(page: Page, live_server):
    base, app = live_server["url"], live_server["app"]
    sign_in(page, base, f"/lessons/{LESSON}")
    other = page.context.new_page()
    other.goto(f"{base}/progress/")
    other.click("text=Sign out")
    expect(other.locator(".flash")).to_contain_text("Signed out")
    other.close()
    page.locator("#cell-first-on-flop input[name=seat]").first.check()
    page.locator("#cell-first-on-flop button.run").click()
    feedback = page.locator("#cell-first-on-flop [data-testid=feedback]")
    expect(feedback).to_contain_text("Your session has ended: sign in again")
    expect(feedback.get_by_role("link", name="Sign in again")).to_have_attribute(
        "href", f"/auth/login?next=%2Flessons%2F{LESSON}%23cell-first-on-flop")
    expect(page.locator("#cell-first-on-flop input[name=seat]").first).to_be_checked()  # the page kept its state
    assert attempts(app) == []
