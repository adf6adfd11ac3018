"""A trainee works a drill in real Chromium: a hand to the end, then a new
hand with other cards, and the three hint levels after three wrong steps."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.steps import Step
from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import perform, sign_in

pytestmark = pytest.mark.browser
LESSON = '''+++
title = "Drills in the browser"
family = "flop"
+++

Two players only: the button posts the small blind (8.2.2, house heads_up).

```drill
id = "heads-up"
title = "Drill: heads-up"
game = "holdem"
want = ["heads-up"]
```
'''
CELL = "#cell-heads-up"


def seed_of(app) -> int:
    with app.app_context():
        return get_db().execute("select seed from cell_state where cell = 'heads-up'").fetchone()[0]


def counter(page: Page):
    return page.locator(f"{CELL} [data-testid=counter]")


def deal_to_the_end(page: Page, app, drill, runs: int) -> tuple[int, list[str]]:
    """Deal the trainee's hand through the UI; the attempts so far and the cards on the table."""
    hand = drill.table(seed_of(app)).new_hand()
    while (exp := hand.expected()) is not None:
        step = exp.step()
        assert hand.propose(step).ok
        perform(page, "heads-up", drill.step_kinds, step)
        runs += 1
        expect(counter(page)).to_have_text(str(runs))
        expect(page.locator(f"{CELL} [data-testid=feedback]")).to_contain_text("✔")
    expect(page.locator(f"{CELL} [data-testid=feedback]")).to_contain_text("Hand complete.")
    cards = page.locator(f"{CELL} [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return runs, cards


def test_a_trainee_works_a_drill_gets_a_new_hand_and_the_three_hints(page: Page, live_server, tmp_path):
    base, app = live_server["url"], live_server["app"]
    (tmp_path / "drills.md").write_text(LESSON)
    app.config["LESSONS_DIR"] = str(tmp_path)
    drill = load_library(str(tmp_path)).lessons["drills"].cell("heads-up").engine
    sign_in(page, base, "/lessons/drills")
    expect(page.locator(f"{CELL} [data-testid=drill]")).to_contain_text("every hand is new")
    expect(page.get_by_test_id("deal-new-hand")).to_have_count(0)
    first = seed_of(app)

    # three wrong steps in a row: the rule, a leading question, then the step due
    hand = drill.table(first).new_hand()
    due = hand.expected()
    wrong = hand.propose(Step("burn"))
    assert not wrong.ok and due.kind != "burn"
    for runs, hint in enumerate(wrong.hints, start=1):
        page.locator(f"{CELL} button[data-kind=burn]").click()
        expect(counter(page)).to_have_text(str(runs))
        expect(page.locator(f"{CELL} [data-testid=feedback]")).to_contain_text(hint)
    assert wrong.hints[2] == wrong.message and len(set(wrong.hints)) == 3    # only the third names the step

    runs, cards_one = deal_to_the_end(page, app, drill, 3)
    page.get_by_test_id("deal-new-hand").click()
    expect(page.locator(f"{CELL} [data-testid=feedback]")).to_contain_text("A new hand is dealt")
    expect(page.locator(f"{CELL} [data-testid=steps]")).to_contain_text("0 of ")
    second = seed_of(app)
    assert second != first
    _, cards_two = deal_to_the_end(page, app, drill, runs)
    assert cards_one and cards_two and cards_one != cards_two
    with app.app_context():
        seeds = {r[0] for r in get_db().execute("select seed from attempts where cell = 'heads-up'")}
    assert seeds == {first, second}
