"""Every table cell of every installed lesson, and the hand a trainee is
dealt in every drill cell, can be dealt to the end in the browser."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import ROOT
from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import perform, sign_in
from .test_checkpoints import answer_in_page

pytestmark = pytest.mark.browser
LIBRARY = load_library(str(Path(ROOT) / "lessons"))
CELLS = [(slug, cell.id) for slug, lesson in sorted(LIBRARY.lessons.items())
         for cell in lesson.cells if cell.dealt]


@pytest.mark.parametrize("slug, cell_id", CELLS, ids=[f"{s}:{c}" for s, c in CELLS])
def test_deal_table_cell_to_the_end(page: Page, live_server, slug, cell_id):
    engine_cell = LIBRARY.lessons[slug].cell(cell_id).engine
    kinds = engine_cell.step_kinds
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    expect(page.locator(f"#cell-{cell_id}")).to_be_visible()      # the page (and a drill's seed) is there
    hand = dealt_hand(live_server["app"], slug, cell_id, engine_cell)
    # The questions asked at a point of this hand (`at`): the hand waits there for them.
    asked: dict[int, list] = {}
    for q in LIBRARY.lessons[slug].interactive_cells:
        if q.after == cell_id and q.checkpoint is not None:
            asked.setdefault(q.checkpoint.steps, []).append(q)
    done = 0
    while (exp := hand.expected()) is not None:
        for question in asked.get(done, ()):
            answer_in_page(page, question.id, question.engine)
        step = exp.step()
        assert hand.propose(step).ok
        perform(page, cell_id, kinds, step)
        done += 1
        expect(page.locator(f"#cell-{cell_id} [data-testid=steps]")).to_contain_text(f"{done} of ")
        expect(page.locator(f"#cell-{cell_id} [data-testid=feedback]")).to_contain_text("✔")
    expect(page.locator(f"#cell-{cell_id} [data-testid=steps]")).to_have_text(
        f"{done} of {done} dealer steps done")


def dealt_hand(app, slug: str, cell_id: str, engine_cell):
    """The hand the page shows: a table cell's, or the drill's hand from the
    seed the server drew for this trainee when the page first showed it."""
    if LIBRARY.lessons[slug].cell(cell_id).kind != "drill":
        return engine_cell.new_hand()
    with app.app_context():
        seed = get_db().execute("select seed from cell_state where lesson = ? and cell = ?",
                                [slug, cell_id]).fetchone()[0]
    return engine_cell.table(seed).new_hand()
