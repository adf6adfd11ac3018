"""The instructor's workspace end to end: a cohort, three trainees from a CSV
file, a lesson assigned; a trainee signs in with a one-time password, chooses
their own and completes the lesson; the instructor sees it in the matrix and
the item analysis and downloads the attempts as CSV."""
from __future__ import annotations

import csv
import io
import re
import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from werkzeug.serving import make_server

from webapp import ROOT, create_app
from webapp.auth import create_user
from webapp.db import get_db

pytestmark = pytest.mark.browser
AXE = Path(ROOT) / "node_modules" / "axe-core" / "axe.min.js"
TEACHER = ("Ms Lee", "teach-well-9")
SHORT = '''+++
title = "Short: a split pot"
order = 5
summary = "One question, for the workspace test."
+++

Equal hands split the pot down to the lowest chip in play (8.1.5).

```question
id = "three-way-split"
ask = "split"
prompt = "Three players tie for a pot of 100. The smallest chip on the table is 5. How much does each get?"
pot = 100
winners = [2, 5, 8]
button = 6
lowest_chip = 5
names = { 2 = "Ann", 5 = "Cara", 8 = "Eve" }
```
'''


@pytest.fixture
def browser_context_args(browser_context_args):
    """axe-core is injected as a script of the test's own, which the page's CSP would refuse."""
    return {**browser_context_args, "bypass_csp": True}


def no_axe_violations(page: Page) -> None:
    """axe-core (npm, node_modules) finds no accessibility violation on the page."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run()).violations.map("
                          "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))")
    assert found == [], (page.url, found)


@pytest.fixture
def school(tmp_path):
    """A live trainer with the library plus a one-question lesson, and an instructor."""
    lessons = tmp_path / "lessons"
    shutil.copytree(Path(ROOT) / "lessons", lessons)
    (lessons / "short-01-split.md").write_text(SHORT, encoding="utf-8")
    app = create_app({"SECRET_KEY": "workspace", "DATABASE": str(tmp_path / "live.db"), "LESSONS_DIR": str(lessons)})
    with app.app_context():
        create_user(get_db(), *TEACHER, "instructor")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def sign_in(page: Page, base: str, name: str, password: str) -> None:
    page.goto(f"{base}/auth/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")


def sign_out(page: Page) -> None:
    page.get_by_role("button", name="Sign out").click()


def test_cohort_import_assign_complete_and_see_it_in_the_dashboard(page: Page, school, tmp_path):
    # --- the instructor: a cohort, three trainees from CSV, the lesson assigned
    sign_in(page, school, *TEACHER)
    page.get_by_role("link", name="Cohorts").click()
    page.get_by_label("Name").fill("Evening class")
    page.get_by_role("button", name="Create cohort").click()
    expect(page.locator("h1")).to_have_text("Evening class")
    page.set_input_files("input[name=file]", files=[{"name": "trainees.csv", "mimeType": "text/csv",
                                                      "buffer": "name,email\nZoë,z@x\nBen,b@x\nCara,c@x\n".encode()}])
    page.get_by_role("button", name="Create accounts").click()
    expect(page.locator("[data-testid=one-time-passwords] tbody tr")).to_have_count(3)
    no_axe_violations(page)
    passwords = {row.locator("td").nth(0).inner_text(): row.locator("code").inner_text()
                 for row in page.locator("[data-testid=one-time-passwords] tbody tr").all()}
    assert set(passwords) == {"Zoë", "Ben", "Cara"}
    page.get_by_role("link", name="Back to Evening class").click()
    page.get_by_label("Lesson", exact=True).select_option(label="Short: a split pot")
    page.get_by_label("Due (end of the day, UTC)").fill("2099-12-31")
    page.get_by_role("button", name="Assign").click()
    expect(page.locator("[data-testid=assignments]")).to_contain_text("Short: a split pot: due 31 Dec 2099")
    expect(page.locator("body")).not_to_contain_text(passwords["Zoë"])      # shown once only
    no_axe_violations(page)
    sign_out(page)

    # --- Zoë: the one-time password, then her own; the lesson is assigned; she completes it
    sign_in(page, school, "Zoë", passwords["Zoë"])
    expect(page.locator("h1")).to_have_text("Choose your own password")
    no_axe_violations(page)
    expect(page.get_by_label("One-time password")).to_have_count(0)      # typed once, to sign in
    page.get_by_label("New password (at least 8 characters)").fill("zoe-deals-well")
    page.get_by_label("New password again").fill("zoe-deals-well")
    page.get_by_role("button", name="Set my password").click()
    expect(page.locator("body")).to_contain_text("Your password is set. Here are your lessons.")
    expect(page.locator("body")).not_to_contain_text("Other devices")
    assigned = page.locator("[data-testid=assigned]")
    expect(assigned).to_contain_text("Short: a split pot")
    expect(assigned).to_contain_text("due 31 Dec 2099")
    no_axe_violations(page)
    assigned.get_by_role("link", name="Short: a split pot").click()
    cell = page.locator("#cell-three-way-split")
    for seat, amount in (("2", "30"), ("5", "35"), ("8", "35")):        # wrong first: the odd chip
        cell.locator(f"input[name=amount-{seat}]").fill(amount)
    cell.locator("button.run").click()
    expect(cell.locator("[data-testid=feedback]")).to_contain_text("✘")
    for seat, amount in (("2", "35"), ("5", "30"), ("8", "35")):
        cell.locator(f"input[name=amount-{seat}]").fill(amount)
    cell.locator("button.run").click()
    expect(cell.locator("[data-testid=feedback]")).to_contain_text("✔")
    page.get_by_role("link", name="My progress").click()
    expect(page.locator("[data-testid=assigned]")).to_contain_text("done")
    no_axe_violations(page)
    sign_out(page)

    # --- the instructor: the matrix, the item analysis, the CSV
    sign_in(page, school, *TEACHER)
    page.get_by_role("link", name="Cohorts").click()
    page.get_by_role("link", name="Evening class").click()
    zoe = page.locator("[data-testid=matrix] td[data-trainee='Zoë'][data-lesson='short-01-split']")
    expect(zoe).to_contain_text("1/1 · 50%")
    no_axe_violations(page)
    expect(page.locator("[data-testid=matrix] td[data-trainee='Ben']")).to_contain_text("0/1")
    # the matrix scrolls in its own labelled region, a Tab stop only while it has something to scroll
    # (static/notebook.js): with one lesson it fits even a 360 px phone and Tab passes it by
    region = page.get_by_role("region", name="Progress by trainee and lesson")
    overflows = "b => b.scrollWidth > b.clientWidth + 1"
    page.set_viewport_size({"width": 360, "height": 740})
    assert not region.evaluate(overflows)
    expect(region).not_to_have_attribute("tabindex", "0")
    # three lessons more: on the phone the page still does not scroll sideways, the region does,
    # and the keyboard reaches it and scrolls it; back on a desktop it fits again
    page.set_viewport_size({"width": 1280, "height": 800})
    for title in ("Hold'em 1: dealing a hand", "Casino Hold'em 1: dealing a round",
                  "Crazy Pineapple 1: the discard after the flop"):
        page.get_by_label("Lesson", exact=True).select_option(label=title)
        page.get_by_label("Due (end of the day, UTC)").fill("2099-12-31")
        page.get_by_role("button", name="Assign").click()
        expect(page.locator("[data-testid=assignments]")).to_contain_text(f"{title}: due 31 Dec 2099")
    assert not region.evaluate(overflows)
    expect(region).not_to_have_attribute("tabindex", "0")
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert region.evaluate(overflows)
    expect(region).to_have_attribute("tabindex", "0")
    page.get_by_test_id("csv-matrix").focus()
    page.keyboard.press("Tab")                              # the next Tab stop after the CSV link
    expect(region).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.scrollLeft > 0")
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(region).not_to_have_attribute("tabindex", "0")
    page.get_by_role("link", name="Item analysis").click()
    item = page.locator("[data-testid=items-by-cell] tbody tr").first
    expect(item).to_contain_text("three-way-split")
    expect(item).to_contain_text("0%")                       # nobody right at the first try
    expect(item).to_contain_text("seat 2: 30, seat 5: 35, seat 8: 35 (1)")   # the wrong answer given
    expect(page.get_by_role("img", name=re.compile("Rules the cohort missed most"))).to_be_visible()
    no_axe_violations(page)
    page.get_by_role("link", name="Back to Evening class").click()
    page.locator("[data-testid=matrix]").get_by_role("link", name="Zoë").click()
    expect(page.get_by_role("img", name=re.compile("Accuracy by day"))).to_be_visible()
    expect(page.locator("[data-testid=by-day] tbody tr")).to_have_count(1)
    no_axe_violations(page)
    page.get_by_role("link", name="Back to Evening class").click()
    with page.expect_download() as info:
        page.get_by_role("link", name="All attempts (CSV)").click()
    download = info.value
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert download.suggested_filename.endswith("-attempts.csv")
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    mine = [r for r in rows if r["trainee"] == "Zoë"]
    assert [(r["lesson"], r["cell"], r["correct"]) for r in mine] == [
        ("short-01-split", "three-way-split", "no"), ("short-01-split", "three-way-split", "yes")]
    assert all(r["rule"].startswith("8.1.5") for r in mine)
