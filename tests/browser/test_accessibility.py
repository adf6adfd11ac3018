"""axe-core on every page outside the drawn table, at a desktop, a tablet and a phone (issue 13).

axe-core comes from npm (node_modules/axe-core, package.json) and is injected from that file,
never from a CDN. The page's CSP allows no inline script, so these tests' browser context
bypasses the CSP for the injected checker only.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import store
from webapp.auth import create_user
from webapp.db import get_db

from .conftest import TRAINEE, sign_in

pytestmark = pytest.mark.browser
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844)}
INSTRUCTOR = ("teacher", "browser-pass-2")
TRAINEE_PAGES = ["/lessons/", "/lessons/holdem-01-dealing-a-hand", "/lessons/topic-01-hand-rankings",
                 "/lessons/casino-01-casino-holdem", "/progress/", "/auth/password", "/lessons/no-such-lesson",
                 "/auditions/"]
INSTRUCTOR_PAGES = ["/progress/class", "/author/", "/author/holdem-01-dealing-a-hand", "/author/new", "/cohorts/",
                    "/auditions/", "/auditions/new", "/auditions/verify"]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "bypass_csp": True}


def violations(page: Page) -> list[str]:
    """axe-core's violations on the page as it is, one line per rule with where it failed."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""() => axe.run().then(r =>
        r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))""")
    return found


def seed_attempts(app) -> None:
    """Some right and wrong attempts, so progress pages have rows, rules and levels to show."""
    with app.app_context():
        user_id = get_db().execute("select id from users where username = ?", [TRAINEE[0]]).fetchone()[0]
        for i, (rule, correct) in enumerate([("8.17.4(a)", False), ("8.17.4(a)", True), ("8.1.5(a)", False),
                                             ("8.17.1(a)", True)] * 3):
            store.record_attempt(user_id, "holdem-01-dealing-a-hand", "deal-a-hand", step=f"burn #{i}",
                                 correct=correct, rule=rule, message="Burn a card before the flop (8.17.4(a)).",
                                 elapsed_ms=1200 + i)
        get_db().conn.commit()
        create_user(get_db(), *INSTRUCTOR, "instructor")


def visit_all(page: Page, base: str, account: tuple[str, str], paths: list[str]) -> dict[str, list[str]]:
    """Sign in once, then each page in turn: {path: its violations} for the pages that have any."""
    page.goto(f"{base}{paths[0]}")
    page.fill("input[name=username]", account[0])
    page.fill("input[name=password]", account[1])
    page.click("button[type=submit]")
    found = {}
    for path in paths:
        if page.url != f"{base}{path}":
            page.goto(f"{base}{path}")
        expect(page.locator("main h1").first).to_be_visible()
        found[path] = violations(page)
    return {path: v for path, v in found.items() if v}


@pytest.mark.parametrize("size", SIZES)
def test_no_violations_signed_out(page: Page, live_server, size):
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    page.goto(f"{live_server['url']}/auth/login")
    assert violations(page) == []


@pytest.mark.parametrize("size", SIZES)
def test_no_violations_for_a_trainee(page: Page, live_server, size):
    seed_attempts(live_server["app"])
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    assert visit_all(page, live_server["url"], TRAINEE, TRAINEE_PAGES) == {}


@pytest.mark.parametrize("size", SIZES)
def test_no_violations_for_an_instructor(page: Page, live_server, size):
    seed_attempts(live_server["app"])
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    assert visit_all(page, live_server["url"], INSTRUCTOR, INSTRUCTOR_PAGES) == {}


def test_the_notebook_dialog_and_open_contents_have_no_violations(page: Page, live_server):
    """The shortcuts dialog and the contents panel are only in the page once opened."""
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server["url"], "/lessons/holdem-01-dealing-a-hand")
    page.locator("#toc-toggle").click()
    expect(page.get_by_test_id("toc")).to_be_visible()
    assert violations(page) == []
    page.keyboard.press("Escape")
    page.locator("#keys-open").click()
    expect(page.get_by_test_id("keys-dialog")).to_be_visible()
    assert violations(page) == []


@pytest.mark.parametrize("size", ["tablet", "phone"])
@pytest.mark.parametrize("path", ["/progress/", "/progress/class"])
def test_progress_pages_do_not_scroll_sideways(page: Page, live_server, size, path):
    seed_attempts(live_server["app"])
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server['url']}{path}")
    page.fill("input[name=username]", INSTRUCTOR[0] if "class" in path else TRAINEE[0])
    page.fill("input[name=password]", INSTRUCTOR[1] if "class" in path else TRAINEE[1])
    page.click("button[type=submit]")
    expect(page.locator("main h1").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # a table wider than its box scrolls inside a labelled region the keyboard can reach
    wide = page.evaluate("""() => Array.from(document.querySelectorAll('.scroll'))
        .filter(b => b.scrollWidth > b.clientWidth + 1)
        .map(b => [b.getAttribute('role'), !!b.getAttribute('aria-labelledby'), b.tabIndex])""")
    assert all(w == ["region", True, 0] for w in wide), wide
    if width <= 600:
        assert wide == []      # on a phone every table is a stack of cards
