"""Accommodations on a 360 px phone, by keyboard (issue 33): an instructor gives a
trainee extra time on the trainee's page, a refusal keeps what was typed, the
page passes axe-core and does not scroll sideways; the trainee sees what it
gives, never the reason."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from webapp.auth import create_user
from webapp.db import get_db
from webapp.instructor import roster

from .conftest import TRAINEE
from .test_accessibility import browser_context_args, violations  # noqa: F401 (axe is injected past the CSP)

pytestmark = pytest.mark.browser
TEACHER = ("teacher", "browser-pass-2")
REASON = "Reading support agreed with the school"


def sign_in_as(page: Page, base: str, account: tuple[str, str], path: str) -> None:
    page.goto(f"{base}{path}")
    page.fill("input[name=username]", account[0])
    page.fill("input[name=password]", account[1])
    page.keyboard.press("Enter")
    expect(page.locator("main h1").first).to_be_visible()


def test_an_instructor_gives_extra_time_by_keyboard_on_a_phone(page: Page, live_server):
    app, base = live_server["app"], live_server["url"]
    with app.app_context():
        db = get_db()
        create_user(db, *TEACHER, "instructor")
        teacher_id = db.execute("select id from users where username = ?", [TEACHER[0]]).fetchone()[0]
        trainee_id = db.execute("select id from users where username = ?", [TRAINEE[0]]).fetchone()[0]
        cohort = roster.create_cohort(db, "Morning", teacher_id)
        roster.add_member(db, cohort, trainee_id)
    page.set_viewport_size({"width": 360, "height": 780})
    path = f"/cohorts/{cohort}/trainees/{trainee_id}"
    sign_in_as(page, base, TEACHER, path)
    form = page.get_by_test_id("accommodation")
    # a percentage out of range: refused, with what was typed kept
    form.get_by_label("Extra time, percent").fill("150")
    form.get_by_label("Reason").fill(REASON)
    form.get_by_test_id("set-accommodation").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("accommodation-error")).to_contain_text("from 0 to 100")
    expect(form.get_by_label("Extra time, percent")).to_have_value("150")
    expect(form.get_by_label("Reason")).to_have_value(REASON)
    form.get_by_label("Extra time, percent").fill("25")
    form.get_by_test_id("set-accommodation").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("accommodation-now")).to_contain_text("25% extra time")
    expect(page.get_by_test_id("accommodation-history")).to_contain_text(REASON)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations(page) == []
    # the trainee sees what it gives on Auditions, never the reason
    page.context.clear_cookies()
    sign_in_as(page, base, TRAINEE, "/auditions/")
    expect(page.get_by_test_id("accommodation")).to_contain_text("25% extra time")
    assert REASON not in page.content()
