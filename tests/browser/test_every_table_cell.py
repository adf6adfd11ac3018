"""Every table cell of every installed lesson can be dealt to the end in the browser."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import ROOT
from webapp.lessonfile import load_library

from .conftest import perform, sign_in

pytestmark = pytest.mark.browser
LIBRARY = load_library(str(Path(ROOT) / "lessons"))
CELLS = [(slug, cell.id) for slug, lesson in sorted(LIBRARY.lessons.items())
         for cell in lesson.cells if cell.kind == "table"]


@pytest.mark.parametrize("slug, cell_id", CELLS, ids=[f"{s}:{c}" for s, c in CELLS])
def test_deal_table_cell_to_the_end(page: Page, live_server, slug, cell_id):
    engine_cell = LIBRARY.lessons[slug].cell(cell_id).engine
    kinds = engine_cell.step_kinds
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    hand = engine_cell.new_hand()
    done = 0
    while (exp := hand.expected()) is not None:
        step = exp.step()
        assert hand.propose(step).ok
        perform(page, cell_id, kinds, step)
        done += 1
        expect(page.locator(f"#cell-{cell_id} [data-testid=steps]")).to_contain_text(f"{done} of ")
        expect(page.locator(f"#cell-{cell_id} [data-testid=feedback]")).to_contain_text("✔")
    expect(page.locator(f"#cell-{cell_id} [data-testid=steps]")).to_have_text(
        f"{done} of {done} dealer steps done")
