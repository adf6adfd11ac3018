"""An observed table test on a tablet at the table, and the trainee's record
printed (issue 33): the instructor opens the test from the trainee's page,
taps a score per category, comments, confirms the result and signs; the
record then prints with every section and no navigation."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import ROOT
from webapp.auth import create_user
from webapp.db import get_db
from webapp.instructor import roster

from .conftest import htmx_idle, sign_in

pytestmark = pytest.mark.browser
AXE = Path(ROOT) / "node_modules" / "axe-core" / "axe.min.js"
TEACHER = ("Mr Diaz", "observe-well-7")
TABLET = {"width": 800, "height": 1280}
SCORES = {"Procedure": 3, "Pitch": 4, "Pot and rake": 3, "Reading hands": 4, "Game control": 3, "Pace": 2,
          "Conduct": 4}


@pytest.fixture
def browser_context_args(browser_context_args):
    """axe-core is injected as a script of the test's own, which the page's CSP would refuse."""
    return {**browser_context_args, "bypass_csp": True, "viewport": TABLET}


def no_axe_violations(page: Page) -> None:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run()).violations.map("
                          "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))")
    assert found == [], (page.url, found)


def fits_a_phone(page: Page) -> None:
    """Nothing scrolls sideways at 360 px (a phone), then back to the tablet."""
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), page.url
    page.set_viewport_size(TABLET)


def test_an_instructor_records_and_signs_a_table_test_on_a_tablet_and_prints_the_record(page: Page, live_server):
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        db = get_db()
        teacher = create_user(db, *TEACHER, "instructor")
        cohort = roster.create_cohort(db, "Evening class", teacher)
        roster.add_member(db, cohort, db.execute("select id from users where username = 'trainee'").fetchone()[0])
    page.goto(f"{base}/cohorts/{cohort}")
    page.fill("input[name=username]", TEACHER[0])
    page.fill("input[name=password]", TEACHER[1])
    page.click("button[type=submit]")
    expect(page.get_by_test_id("standing")).to_contain_text("not complete")
    no_axe_violations(page)
    page.get_by_role("link", name="trainee", exact=True).first.click()
    page.get_by_test_id("new-table-test").click()
    expect(page.locator("main h1")).to_have_text("Table test: trainee")
    no_axe_violations(page)
    fits_a_phone(page)
    page.select_option("#game", label="Omaha")
    for title, score in SCORES.items():
        category = page.locator("fieldset.category", has=page.locator("legend", has_text=title))
        category.locator("label.level", has=page.locator(f"input[value='{score}']")).click()   # the whole row is the target
    expect(page.get_by_test_id("computed")).to_have_text(
        "As scored: PASS. Every must-pass category at 3 or better.")
    page.get_by_test_id("category-conduct").locator("label.level", has=page.locator("input[value='2']")).click()
    expect(page.get_by_test_id("computed")).to_contain_text("FAIL. Below 3 in a must-pass category: Conduct.")
    page.get_by_test_id("category-conduct").locator("label.level", has=page.locator("input[value='4']")).click()
    expect(page.get_by_test_id("computed")).to_contain_text("As scored: PASS")
    page.fill("#comment-pace", "Slow on the river: count the pot while players decide.")
    page.fill("#overall", "Ready for the floor after a week of pace work.")
    # every must-pass category at 3 or better: a pass, which the instructor confirms before signing
    page.get_by_label("I observed this test and confirm: PASS").check()
    page.get_by_test_id("sign").click()
    expect(page.get_by_test_id("signatures")).to_contain_text(f"Signed by {TEACHER[0]}")
    expect(page.get_by_test_id("result")).to_contain_text("PASS")
    expect(page.get_by_test_id("scores")).to_contain_text("Slow on the river")
    no_axe_violations(page)
    # nothing sideways on the tablet, nor on a 360 px phone: the scores table fits
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    fits_a_phone(page)

    page.goto(f"{base}/cohorts/{cohort}/trainees/1")
    expect(page.get_by_test_id("table-tests")).to_contain_text(f"PASS, signed by {TEACHER[0]}")
    page.get_by_test_id("record-link").click()
    htmx_idle(page)
    expect(page.locator("main h1")).to_have_text("Trainee record: trainee")
    no_axe_violations(page)
    fits_a_phone(page)
    page.emulate_media(media="print")
    expect(page.locator("header.topbar")).to_be_hidden()
    expect(page.get_by_test_id("record-csv")).to_be_hidden()
    for section in ("standing", "lessons", "mastery", "drills", "sprint-readiness", "auditions", "table-tests",
                    "accommodations"):
        expect(page.get_by_test_id(f"section-{section}")).to_be_visible()
    tests = page.get_by_test_id("section-table-tests")
    expect(tests).to_contain_text("Omaha")
    expect(tests).to_contain_text(f"Signed by {TEACHER[0]}")
    expect(tests).to_contain_text("Ready for the floor")
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 5000

    # the trainee reads the signed test and its comments under their progress
    page.emulate_media(media="screen")
    page.context.clear_cookies()
    sign_in(page, base, "/progress/")
    page.get_by_test_id("my-table-tests-link").click()
    page.get_by_role("link", name="Omaha").click()
    expect(page.get_by_test_id("signatures")).to_contain_text(f"Signed by {TEACHER[0]}")
    expect(page.get_by_test_id("scores")).to_contain_text("Slow on the river")
    no_axe_violations(page)
