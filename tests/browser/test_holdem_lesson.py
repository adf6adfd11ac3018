"""A trainee plays the Hold'em lesson in real Chromium, end to end."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.steps import Step
from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import perform as perform_step
from .conftest import sign_in as sign_in_at

pytestmark = pytest.mark.browser
LESSON = "holdem-01-dealing-a-hand"


def sign_in(page: Page, base: str) -> None:
    sign_in_at(page, base, f"/lessons/{LESSON}")
    expect(page.locator(".nb-toolbar h1")).to_contain_text("Hold'em 1")


def counter(cell):
    return cell.locator('[data-testid="counter"]')


def perform(page: Page, cell, step: Step, attempt: int) -> None:
    """Do one dealer step through the UI and wait for the cell to come back."""
    perform_step(page, "deal-a-hand", {"seat": {"move_button", "post_blind", "pitch"}, "seats": {"award"}}, step)
    expect(counter(page.locator("#cell-deal-a-hand"))).to_have_text(str(attempt))


def test_trainee_plays_the_holdem_lesson(page: Page, live_server):
    base, app = live_server["url"], live_server["app"]
    lesson = load_library(app.config["LESSONS_DIR"]).lessons[LESSON]
    sign_in(page, base)

    # --- the table cell: deal the whole hand, with one deliberate mistake
    cell = page.locator("#cell-deal-a-hand")
    expect(counter(cell)).to_have_text("\u00a0")  # [ ] not run yet
    # record what the counter shows while a check is in flight: [*]
    page.evaluate("""() => { window.__running = [];
      document.body.addEventListener('htmx:beforeSend', (e) => {
        const c = e.detail.elt.closest('[data-cell]');
        if (c) window.__running.push(c.querySelector('[data-testid=counter]').textContent); }); }""")
    hand = lesson.cell("deal-a-hand").engine.new_hand()
    attempt = 0
    skipped_burn = False
    while (exp := hand.expected()) is not None:
        if exp.kind == "burn" and not skipped_burn:
            # skip the burn before the flop, three times: the hint names the rule, then asks,
            # and only the third time names the step due
            feedback = page.locator("#cell-deal-a-hand [data-testid=feedback]")
            for words in ("8.17.4(a) says before each round of cards the top card goes out of play",
                          "What must happen before any card of the next round is dealt? See 8.17.4(a).",
                          "Burn a card before the flop"):
                attempt += 1
                perform(page, cell, Step("deal_flop"), attempt)
                feedback = page.locator("#cell-deal-a-hand [data-testid=feedback]")
                expect(feedback).to_contain_text(words)
                expect(feedback).to_contain_text("8.17.4(a)")
                if "Burn" not in words:
                    expect(feedback).not_to_contain_text("Burn a card")
            expect(page.locator("#cell-deal-a-hand [data-testid=burns]")).to_have_text("Burn 0")
            skipped_burn = True
        step = Step(exp.kind, exp.seat, exp.seats)
        assert hand.propose(step).ok
        attempt += 1
        perform(page, cell, step, attempt)
        cell = page.locator("#cell-deal-a-hand")
        expect(cell.locator("[data-testid=feedback]")).to_contain_text("✔")
    expect(cell.locator("[data-testid=feedback]")).to_contain_text("Hand complete")
    # the lesson's score in the toolbar follows along without a page load
    cells = len(lesson.interactive_cells)
    expect(page.locator("#lesson-score [data-testid=progress]")).to_have_text(f"1 of {cells} cells done")
    expect(cell.locator("[data-testid=burns]")).to_have_text("Burn 3")
    assert set(page.evaluate("window.__running")) == {"*"}

    # --- question cells, answers computed by the engine
    first = lesson.cell("first-on-flop").engine
    q = page.locator("#cell-first-on-flop")
    q.locator(f"input[name=seat][value='{first.answer}']").check()
    q.locator("input[name=seat]").first.focus()
    page.keyboard.press("Control+Enter")
    expect(counter(page.locator("#cell-first-on-flop"))).to_have_text("1")
    expect(page.locator("#cell-first-on-flop [data-testid=feedback]")).to_contain_text("8.17.4(b)")

    pre = lesson.cell("first-pre-flop").engine
    q = page.locator("#cell-first-pre-flop")
    q.locator(f"input[name=seat][value='{pre.answer}']").check()
    page.keyboard.press("Shift+Enter")   # check and move to the next cell: the text before who-wins
    expect(counter(page.locator("#cell-first-pre-flop"))).to_have_text("1")
    expect(page.locator("#cell-first-pre-flop + section.cell-md")).to_have_class(re.compile(r"\bselected\b"))
    page.keyboard.press("Shift+Enter")   # a text cell: move on
    expect(page.locator("#cell-who-wins")).to_have_class(re.compile(r"\bselected\b"))

    who = lesson.cell("who-wins").engine
    q = page.locator("#cell-who-wins")
    expect(q.locator(".pcard:not(.back)").first).to_be_visible()  # the showdown is face up
    for seat in who.answer:
        q.locator(f"input[name=seats][value='{seat}']").check()
    q.locator("button.run").click()
    expect(page.locator("#cell-who-wins [data-testid=feedback]")).to_contain_text("✔")

    shows = lesson.cell("shows-first").engine     # 8.17.6(d): the last aggressor shows first
    q = page.locator("#cell-shows-first")
    q.locator(f"input[name=seat][value='{shows.answer}']").check()
    q.locator("button.run").click()
    expect(page.locator("#cell-shows-first [data-testid=feedback]")).to_contain_text("✔")

    split = lesson.cell("three-way-split").engine
    q = page.locator("#cell-three-way-split")
    for seat, amount in split.answer.items():
        q.locator(f"input[name=amount-{seat}]").fill(str(amount))
    q.locator("button.run").click()
    expect(page.locator("#cell-three-way-split [data-testid=feedback]")).to_contain_text("8.1.5(a)")

    # --- reload: progress and score are kept
    page.reload()
    expect(page.locator("#lesson-score [data-testid=progress]")).to_have_text(f"{cells} of {cells} cells done")
    total = attempt + cells - 1
    expect(page.locator("#lesson-score [data-testid=score]")).to_contain_text(
        f"({total - 3} right of {total} attempts)")
    expect(page.locator("#cell-deal-a-hand [data-testid=steps]")).to_contain_text(
        f"{hand.step_count} of {hand.step_count} dealer steps done")
    expect(counter(page.locator("#cell-deal-a-hand"))).to_have_text(str(attempt))
    with app.app_context():
        rows = list(get_db().query("select correct, rule, elapsed_ms, hint_level from attempts order by id"))
    assert len(rows) == total
    assert [(r["rule"], r["hint_level"]) for r in rows if not r["correct"]] == [
        ("8.17.4(a)", 1), ("8.17.4(a)", 2), ("8.17.4(a)", 3)]
    assert all(r["elapsed_ms"] is not None for r in rows)


def test_run_all_and_restart(page: Page, live_server):
    base, app = live_server["url"], live_server["app"]
    lesson = load_library(app.config["LESSONS_DIR"]).lessons[LESSON]
    sign_in(page, base)
    for cell_id in ("first-on-flop", "first-pre-flop"):
        answer = lesson.cell(cell_id).engine.answer
        page.locator(f"#cell-{cell_id} input[name=seat][value='{answer}']").check()
    page.click("#run-all")
    for cell_id in ("first-on-flop", "first-pre-flop"):
        expect(counter(page.locator(f"#cell-{cell_id}"))).to_have_text("1")
        expect(page.locator(f"#cell-{cell_id} [data-testid=feedback]")).to_contain_text("✔")
    expect(counter(page.locator("#cell-who-wins"))).to_have_text("\u00a0")  # unanswered: not run

    # deal one step, then restart the cell: the hand starts again, the attempt stays on record
    cell = page.locator("#cell-deal-a-hand")
    first = lesson.cell("deal-a-hand").engine.new_hand().expected()
    perform(page, cell, Step(first.kind, first.seat), 1)
    expect(page.locator("#cell-deal-a-hand [data-testid=button]")).to_have_count(1)
    page.once("dialog", lambda d: d.accept())
    page.locator("#cell-deal-a-hand button.reset-cell").click()
    expect(page.locator("#cell-deal-a-hand [data-testid=feedback]")).to_contain_text("Cell restarted")
    expect(page.locator("#cell-deal-a-hand [data-testid=button]")).to_have_count(0)
    expect(page.locator("#lesson-score [data-testid=score]")).to_contain_text("3 right of 3 attempts")
