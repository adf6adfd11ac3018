"""A step's reply swaps only what changed (issue 15, webapp/trainee/step_reply.py), in the browser:
after a hand dealt by partial swaps (right and wrong steps) the cell is the cell a reload
draws, a wrong step replaces no seat, and the announcement, the seats' one Tab stop and the
focus on the control used still work."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.steps import Step
from webapp.lessonfile import load_library

from .conftest import perform, sign_in
from .test_checkpoints import answer_in_page

pytestmark = pytest.mark.browser
LESSON, CELL = "holdem-01-dealing-a-hand", "deal-a-hand"
CASINO = "casino-01-casino-holdem", "deal-a-round"     # Casino Hold'em's boxes (trainee/lessons/_casino_parts.html)

# The cell as drawn: its words (the feedback aside, which a reload does not repeat), every
# element's id, every card and every seat's (or box's) classes (htmx's own transient classes aside).
SNAPSHOT = """(sel) => {
  const cell = document.querySelector(sel).cloneNode(true);
  cell.querySelector('.output').remove();
  const seats = Array.from(cell.querySelectorAll('.seat')).map((s) =>
    Array.from(s.classList).filter((c) => !c.startsWith('htmx-')).join(' ') + ' ' + s.disabled);
  return {
    text: cell.textContent.replace(/\\s+/g, ' ').trim(),
    ids: Array.from(cell.querySelectorAll('[id]')).map((e) => e.id),
    cards: Array.from(cell.querySelectorAll('[data-card]')).map((e) => e.dataset.card),
    seats,
    counters: Array.from(cell.querySelectorAll('input[type=hidden]:not([name=csrf_token])')).map((e) => e.name + '=' + e.value),
  };
}"""
MARK = ("(sel) => document.querySelectorAll(sel + ' .seat, ' + sel + ' .centre, ' + sel + ' .dealer-hand')"
        ".forEach((e) => { e.dataset.mark = '1'; })")
MARKED = "(sel) => document.querySelectorAll(sel + ' [data-mark]').length"


@pytest.mark.parametrize("lesson, cell_id", [(LESSON, CELL), CASINO], ids=["poker", "casino"])
def test_a_hand_dealt_by_partial_swaps_equals_the_cell_drawn_again(page: Page, live_server, lesson, cell_id):
    library = load_library(live_server["app"].config["LESSONS_DIR"])
    engine = library.lessons[lesson].cell(cell_id).engine
    asked = [q for q in library.lessons[lesson].interactive_cells if q.after == cell_id and q.checkpoint]
    kinds = engine.step_kinds
    sign_in(page, live_server["url"], f"/lessons/{lesson}")
    cell = f"#cell-{cell_id}"
    counter = page.locator(f"{cell} [data-testid=counter]")
    feedback = page.locator(f"{cell} [data-testid=feedback]")
    hand = engine.new_hand()
    runs = 0

    def post(step: Step) -> None:
        """The step done on the page, and the cell's run count moves on by one."""
        nonlocal runs
        perform(page, cell_id, kinds, step)
        runs += 1
        expect(counter).to_have_text(str(runs))
    while engine.total_steps - hand.step_count > 2:
        exp = hand.expected()
        if runs % 4 == 1:
            # A wrong step: the feedback says so, and not one seat or the middle is replaced.
            wrong = Step(next(kind for kind in kinds["labels"] if kind != exp.kind
                              and kind not in kinds["seat"] and kind not in kinds["seats"]))
            page.evaluate(MARK, cell)
            marked = page.evaluate(MARKED, cell)
            post(wrong)
            expect(feedback).to_contain_text("✘")
            expect(page.locator("#table-announcer")).to_contain_text("✘")
            expect(page.locator(f"{cell} button[data-kind={wrong.kind}]")).to_be_focused()
            assert page.evaluate(MARKED, cell) == marked > 0
        step = exp.step()
        assert hand.propose(step).ok
        post(step)
        expect(feedback).to_contain_text("✔")
        expect(page.locator(f"{cell} [data-testid=steps]")).to_contain_text(f"{hand.step_count} of ")
        # The seats stay one Tab stop, whichever of them were swapped.
        expect(page.locator(f"{cell} button.seat:not(.empty)[tabindex='0']")).to_have_count(1)
        if step.seat is not None:
            expect(page.locator(f"{cell}--seat-{step.seat}")).to_be_focused()
        for question in (q for q in asked if q.checkpoint.steps == hand.step_count):
            answer_in_page(page, question.id, question.engine)      # the hand waits for it (`at`)
    expect(page.locator("#table-announcer")).to_contain_text("✔")
    dealt = page.evaluate(SNAPSHOT, cell)
    assert dealt["cards"], "cards were dealt"
    page.reload()
    expect(counter).to_have_text(str(runs))
    assert page.evaluate(SNAPSHOT, cell) == dealt
    # The last steps (the hand's end draws the whole cell) still work after the swaps.
    while (exp := hand.expected()) is not None:
        step = exp.step()
        assert hand.propose(step).ok
        post(step)
    expect(feedback).to_contain_text("Hand complete")
