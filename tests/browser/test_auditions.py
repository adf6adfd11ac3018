"""An audition in the browser: an instructor defines it, one trainee passes
(every step right, the engine's expected steps as in test_every_table_cell),
another fails (wrong steps, each counted and dealt for them), the timer runs,
the instructor sees both results and verifies the passing certificate."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from webapp import audition_store as ast
from webapp.auth import create_user
from webapp.db import get_db

from .conftest import perform

pytestmark = pytest.mark.browser
USERS = {"teacher": ("teach-pass-1", "instructor"), "ann": ("deal-pass-1", "trainee"),
         "ben": ("deal-pass-2", "trainee")}


@pytest.fixture
def server(live_server):
    with live_server["app"].app_context():
        for name, (password, role) in USERS.items():
            create_user(get_db(), name, password, role)
    return live_server


def signed_in(browser: Browser, base: str, name: str) -> Page:
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    page.on("dialog", lambda dialog: dialog.accept())     # "Start …? The clock starts at once"
    page.goto(f"{base}/auth/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", USERS[name][0])
    page.click("button[type=submit]")
    return page


def start(page: Page, base: str) -> int:
    page.goto(f"{base}/auditions/")
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_test_id("timer")).to_be_visible()
    expect(page.get_by_test_id("timer")).to_have_text(re.compile(r"^(29|30):\d\d$"))
    return int(page.url.rsplit("/", 1)[1])


def the_hand(server, run_id: int):
    """The run's hand as the engine deals it (for the test only: the page never has it)."""
    with server["app"].app_context():
        cell = ast.table(ast.get_run(run_id).cells[0])
    return cell.new_hand(), cell.step_kinds


def test_an_audition_passed_and_failed_with_a_certificate_verified(browser: Browser, server):
    base = server["url"]
    teacher = signed_in(browser, base, "teacher")
    teacher.goto(f"{base}/auditions/")
    teacher.get_by_role("link", name="Define an audition").click()
    teacher.get_by_label("Title").fill("Heads-up Hold'em check")
    teacher.locator("select[name=game-0]").select_option("holdem")
    teacher.locator("input[name=wants-0]").fill("heads-up")
    teacher.get_by_label("Number of hands").fill("1")
    teacher.get_by_label("Time limit in minutes").fill("30")
    expect(teacher.locator("input[name=pass_mark]")).to_have_value("80")
    teacher.get_by_role("button", name="Save the audition").click()
    expect(teacher.locator("h1")).to_have_text("Heads-up Hold'em check")

    # Ann deals every step right
    ann = signed_in(browser, base, "ann")
    run_id = start(ann, base)
    hand, kinds = the_hand(server, run_id)
    done = 0
    while (exp := hand.expected()) is not None:
        step = exp.step()
        assert hand.propose(step).ok
        perform(ann, "hand-1", kinds, step)
        done += 1
        if not hand.finished:
            expect(ann.locator("#cell-hand-1 [data-testid=steps]")).to_have_text(f"Dealer steps done: {done}")
            expect(ann.locator("#cell-hand-1 [data-testid=feedback]")).to_contain_text("✔")
    ann.get_by_test_id("see-result").click()
    expect(ann.get_by_test_id("score")).to_have_text("100%")
    ann.get_by_role("link", name="Certificate").click()
    number = ann.get_by_test_id("certificate-number").inner_text()
    assert re.fullmatch(r"[A-Z2-7]{4}(-[A-Z2-7]{4}){4}", number)
    expect(ann.get_by_test_id("certificate")).to_contain_text("teacher")

    # Ben makes a wrong step wherever a burn is not due: counted, no hint, the hand goes on
    ben = signed_in(browser, base, "ben")
    run_id = start(ben, base)
    hand, kinds = the_hand(server, run_id)
    wrong = 0
    while (exp := hand.expected()) is not None:
        step = exp.step()
        if step.kind == "burn":
            perform(ben, "hand-1", kinds, step)
        else:
            ben.locator("#cell-hand-1 button[data-kind=burn]").click()
            wrong += 1
        assert hand.propose(step).ok        # right, or dealt for him by the engine
        if not hand.finished:
            feedback = ben.locator("#cell-hand-1 [data-testid=feedback]")
            expect(ben.locator("#cell-hand-1 [data-testid=steps]")).to_have_text(f"Dealer steps done: {hand.step_count}")
            if step.kind != "burn":
                expect(feedback).to_contain_text("Not the step due — counted")
                expect(feedback).not_to_contain_text("Rule")
    ben.get_by_test_id("see-result").click()
    expect(ben.get_by_test_id("result")).to_contain_text("not passed")
    assert ben.get_by_role("link", name="Certificate").count() == 0

    # the instructor sees both results and verifies Ann's certificate
    teacher.goto(f"{base}/auditions/")
    teacher.get_by_role("link", name="Heads-up Hold'em check").click()
    expect(teacher.get_by_test_id("result-ann")).to_contain_text("100% · passed")
    expect(teacher.get_by_test_id("result-ben")).to_contain_text("not passed")
    expect(teacher.get_by_test_id("result-ben")).to_contain_text(f"{hand.step_count - wrong} of {hand.step_count}")
    teacher.goto(f"{base}/auditions/")
    teacher.get_by_role("link", name="Verify a certificate").click()
    teacher.get_by_label("Certificate number").fill(number.lower())
    teacher.get_by_role("button", name="Verify").click()
    expect(teacher.get_by_test_id("verdict")).to_contain_text("A genuine certificate")
    expect(teacher.get_by_test_id("verified-trainee")).to_have_text("ann")
    teacher.get_by_label("Certificate number").fill(number[:-1] + ("A" if number[-1] != "A" else "B"))
    teacher.get_by_role("button", name="Verify").click()
    expect(teacher.get_by_test_id("verdict")).to_contain_text("No such certificate")
