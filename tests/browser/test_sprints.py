"""Sprints in real Chromium (issue 31): a lesson's sprint run on a 360 x 740
phone by tapping chip buttons, misses redone untimed; a two-minute sprint on
a desktop by keyboard only, ended by the server's clock."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import Page, expect

from webapp import sprint_store

from .conftest import htmx_idle, sign_in
from .test_accessibility import violations

pytestmark = pytest.mark.browser
LESSON = '''+++
title = "Sprints in the browser"
family = "money"
+++

## Fast sums

```sprint
id = "plm"
title = "Pot-limit maximum"
kind = "pot-limit-max"
n = 3
seconds = 120
feedback = "now"
```
'''


def asked(page: Page, app):
    """The item the page asks, read on the server (the page never has its answer)."""
    run_id = int(re.search(r"/sprints/runs/(\d+)", page.url).group(1))
    number = int(page.locator("#sprint input[name=number]").get_attribute("value"))
    with app.app_context():
        return sprint_store.get_run(run_id).item(number)


def tap_amount(page: Page, amount: int, chips: tuple[int, ...]) -> None:
    """Build the amount from the chip buttons, biggest chips first."""
    for chip in sorted(chips, reverse=True):
        while amount >= chip:
            page.locator(f"#sprint button.chip[data-chip='{chip}']").tap()
            amount -= chip


def off_by_one(answer: str) -> str:
    """A wrong answer of the right form: the first amount one chip more."""
    first, *rest = answer.split(" / ")
    return " / ".join([str(int(first) + 1), *rest])


def test_a_lesson_sprint_on_a_phone_by_tapping_chips(browser, live_server, tmp_path):
    base, app = live_server["url"], live_server["app"]
    (tmp_path / "sprints.md").write_text(LESSON)
    app.config["LESSONS_DIR"] = str(tmp_path)
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  bypass_csp=True)        # for axe-core only (test_accessibility)
    page = context.new_page()
    sign_in(page, base, "/lessons/sprints")
    page.locator("#cell-plm [data-testid=sprint-start]").tap()
    expect(page.locator("[data-testid=situation]")).to_be_visible()
    expect(page.locator("[data-testid=set-clock]")).to_have_text(re.compile(r"^[12]:\d\d$"))
    assert violations(page) == []
    chips = tuple(int(c) for c in page.locator("#sprint button.chip").evaluate_all("bs => bs.map(b => b.dataset.chip)"))
    for number, right in ((1, True), (2, False), (3, True)):
        item = asked(page, app)
        assert item.number == number
        tap_amount(page, int(item.answer) + (0 if right else chips[0]), chips)
        expect(page.locator("#sprint-answer")).to_have_value(str(int(item.answer) + (0 if right else chips[0])))
        page.locator("[data-testid=submit]").tap()
        said = page.locator("[data-testid=sprint-feedback]")
        expect(said).to_contain_text("Right" if right else "Not ")
    result = page.locator("[data-testid=result]")
    expect(result).to_contain_text("Result: 2 of 3 right")
    expect(result).to_contain_text("Personal best")
    times = page.locator("[data-testid=result-items] td[data-label=Time]").all_inner_texts()
    assert len(times) == 3 and all(re.fullmatch(r"\d+\.\d s", t) for t in times)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations(page) == []
    # the miss again, untimed, by chips
    page.locator("[data-testid=redo]").tap()
    expect(page.locator("[data-testid=set-clock]")).to_have_count(0)
    item = asked(page, app)
    assert item.number == 2
    tap_amount(page, int(item.answer), chips)
    page.locator("[data-testid=submit]").tap()
    expect(page.locator("[data-testid=result]")).to_contain_text("Redo done: 1 of 1 right")
    # the lesson's cell is done
    page.goto(f"{base}/lessons/sprints")
    expect(page.locator("#cell-plm")).to_have_attribute("data-done", "1")
    for path in ("/sprints/", "/progress/"):          # readiness and its chart, on the phone
        page.goto(f"{base}{path}")
        assert violations(page) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    page.locator("summary:has(#h-ready)").click()        # My progress folds its sections (issue 29)
    expect(page.locator("[data-testid=chart-readiness-pot-limit-max]")).to_be_visible()
    context.close()


def test_a_two_minute_sprint_on_a_desktop_by_keyboard_only(browser, live_server):
    base, app = live_server["url"], live_server["app"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, base, "/sprints/")
    page.goto(f"{base}/sprints/?kind=side-pots")      # as *Sprint next* links it
    expect(page.locator("#sprint-kind")).to_have_value("side-pots")
    for _ in range(40):                  # Tab to the Start button, then Enter
        if page.evaluate("document.activeElement.id") == "sprint-go":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=situation]")).to_be_visible()
    expect(page.locator("#sprint-answer")).to_be_focused()
    # not an answer: said at once, not counted, the same item stays
    page.keyboard.type("abc")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=last]")).to_contain_text("is not an answer here")
    assert asked(page, app).number == 1
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    for number in (1, 2, 3):
        item = asked(page, app)
        assert item.number == number
        typed = item.answer if number != 2 else off_by_one(item.answer)
        htmx_idle(page)                  # the last reply settled: keys typed now stay in this item's box
        expect(page.locator("#sprint-answer")).to_have_value("")
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        expect(page.locator("[data-testid=sprint-feedback]")).to_contain_text("Right" if number != 2 else f"Not {typed}")
        expect(page.locator("#sprint-answer")).to_be_focused()      # the next item takes the keys at once
    # digits typed with the focus elsewhere go into the amount
    page.locator("#sprint-answer").evaluate("box => box.blur()")
    page.keyboard.type("42")
    expect(page.locator("#sprint-answer")).to_have_value("42")
    # the server's clock runs out: the next answer is refused and the result shows
    app.config["CLOCK"] = lambda: datetime.now(timezone.utc) + timedelta(seconds=sprint_store.PAGE_SECONDS + 10)
    page.locator("#sprint-answer").focus()      # Enter from the amount box, as a trainee presses it
    page.keyboard.press("Enter")
    # the late answer is refused ("Time is up", tests/webapp/test_sprints.py) or the page's own
    # clock reached the result first: either way the result counts the three items answered in time
    result = page.locator("[data-testid=result]")
    expect(result).to_contain_text("Result: 2 of 30 right")
    expect(result).to_contain_text("not reached")
    page.keyboard.press("Tab")
    expect(page.locator("[data-testid=redo]")).to_be_visible()
    context.close()
