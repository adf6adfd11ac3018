"""Issue 29 in the browser: a checked question's result in view (phone and desktop),
Ctrl+Enter never checks an empty answer, and an audition on a 360 px phone: Start in
reach, no script error on its pages."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from webapp.auth import create_user
from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import htmx_idle, sign_in

pytestmark = pytest.mark.browser
LESSON = "holdem-01-dealing-a-hand"


def in_view(page: Page, selector: str) -> bool:
    """Wholly in the window and not under the notebook's toolbar."""
    return page.evaluate("""(s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        const bar = document.querySelector('.nb-toolbar').getBoundingClientRect().bottom;
        return r.height > 0 && r.top >= bar - 1 && r.bottom <= window.innerHeight + 1; }""", selector)


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_a_checked_questions_result_is_in_view(page: Page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    lesson = live_server["app"].config["LESSONS_DIR"]
    answer = str(load_library(lesson).lessons[LESSON].cell("first-on-flop").engine.answer)
    sign_in(page, live_server["url"], f"/lessons/{LESSON}")
    cell = "#cell-first-on-flop"
    for choice in ("wrong", "right"):
        pick = page.locator(f"{cell} input[name=seat]" + (f":not([value='{answer}'])" if choice == "wrong"
                                                          else f"[value='{answer}']")).first
        pick.check()
        # the Check button at the very foot of the window, as when a trainee scrolls to it
        page.locator(f"{cell} button.run").evaluate("(b) => b.scrollIntoView({block: 'end'})")
        page.locator(f"{cell} button.run").click()
        expect(page.locator(f"{cell} [data-testid=feedback]")).to_contain_text("✔" if choice == "right" else "✘")
        htmx_idle(page)
        assert in_view(page, f"{cell} [data-testid=feedback]"), choice
    overflow = page.evaluate(f"getComputedStyle(document.querySelector('{cell}')).overflowAnchor")
    assert overflow == "none"


def test_ctrl_enter_on_a_question_with_no_answer_checks_nothing(page: Page, live_server):
    sign_in(page, live_server["url"], f"/lessons/{LESSON}")
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    cell = page.locator("#cell-first-pre-flop")
    cell.focus()
    page.keyboard.press("Control+Enter")
    expect(cell.locator("[data-testid=feedback]")).to_contain_text("Nothing to check yet")
    page.keyboard.press("Shift+Enter")
    page.wait_for_timeout(300)
    assert posts == [] and cell.locator("[data-testid=counter]").inner_text().strip() == ""


def test_an_audition_on_a_phone_start_in_reach_and_no_script_error(browser: Browser, live_server):
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        create_user(get_db(), "teacher", "teach-pass-1", "instructor")
    staff = browser.new_context().new_page()
    staff.goto(f"{base}/auth/login")
    staff.fill("input[name=username]", "teacher")
    staff.fill("input[name=password]", "teach-pass-1")
    staff.click("button[type=submit]")
    staff.goto(f"{base}/auditions/new")
    staff.get_by_label("Title").fill("A long audition title for a small phone screen")
    staff.locator("select[name=game-0]").select_option("holdem")
    staff.locator("input[name=wants-0]").fill("heads-up")
    staff.get_by_label("Number of hands").fill("1")
    staff.get_by_role("button", name="Save the audition").click()
    expect(staff.locator("h1")).to_have_text("A long audition title for a small phone screen")
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    sign_in(page, base, "/auditions/")
    start = page.get_by_role("button", name="Start")
    box = start.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    start.click()
    expect(page.get_by_test_id("timer")).to_be_visible()
    expect(page.get_by_test_id("button-was-said")).to_be_visible()
    page.keyboard.press("j")
    page.keyboard.press("Escape")
    page.locator("button[data-kind]").first.click()
    htmx_idle(page)
    assert errors == [], errors
