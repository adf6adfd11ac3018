"""The admin's audit trail on a 360 px phone, by keyboard only (issue 33):
reached from the navigation, filtered and paged with keys, no sideways
scroll, no axe-core violations."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import audit
from webapp.auth import create_user
from webapp.db import get_db

pytestmark = pytest.mark.browser
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
ADMIN = ("head", "browser-pass-9")


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "bypass_csp": True}      # for the injected axe-core only


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab until the element has focus: keys only, as a keyboard user would."""
    target = page.locator(selector).first
    for _ in range(limit):
        if target.evaluate("e => e === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_an_admin_reads_the_trail_on_a_phone_by_keyboard(page: Page, live_server):
    app = live_server["app"]
    with app.app_context():
        db = get_db()
        admin = create_user(db, *ADMIN, "admin")
        with db.conn:
            for n in range(55):
                audit.record(db, "created", "cohort" if n % 5 == 0 else "account", n,
                             f"trainee a-rather-long-user-name-{n}" if n % 5 else f"cohort Evening class {n}",
                             "with a one-time password, in cohort Evening class for people who deal late",
                             actor_id=admin)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server['url']}/auth/login")
    page.fill("input[name=username]", ADMIN[0])
    page.fill("input[name=password]", ADMIN[1])
    page.keyboard.press("Enter")
    expect(page.locator("main h1").first).to_be_visible(timeout=60_000)   # the library's first load

    tab_to(page, "nav a[href='/audit/']")
    page.keyboard.press("Enter")
    expect(page.locator("main h1")).to_have_text("Audit trail")
    rows = page.get_by_test_id("audit").locator("tbody tr")
    expect(rows).to_have_count(50)
    expect(rows.first).to_contain_text("a-rather-long-user-name-54")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.add_script_tag(path=str(AXE))
    assert page.evaluate("() => axe.run().then(r => r.violations.map(v => v.id))") == []

    tab_to(page, "#audit-thing")
    page.keyboard.press("ArrowDown")      # the first kind after Everything: accounts
    page.keyboard.press("ArrowDown")      # cohorts
    tab_to(page, "form.filter button")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server['url']}/audit/?thing=cohort")
    expect(rows).to_have_count(11)
    expect(rows.first).to_contain_text("cohort Evening class 50")

    page.goto(f"{live_server['url']}/audit/")
    tab_to(page, "a[rel=next]")
    page.keyboard.press("Enter")
    expect(page.locator("main h2#audit-h")).to_contain_text("older lines")
    expect(rows).to_have_count(5)
    expect(rows.last).to_contain_text("cohort Evening class 0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
