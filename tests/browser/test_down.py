"""A down in the browser (issue 32): a trainee sits down from a lesson's down
cell and deals several hands at one table, on a phone (360x740) and on a
desktop, meeting an arrival, a missed blind (the absent player's marker) and
a ruling. The seed is found by the engine (the first whose first hands hold
all three), not written as cards; the steps are the engine's due steps, done
through the page's own controls, as in test_auditions."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from engine import Down, DownSpec
from webapp import down_store as ds
from webapp.trainee import downs

from .conftest import TRAINEE, htmx_idle, perform
from .test_accessibility import violations

pytestmark = pytest.mark.browser
SPEC = {"game": "holdem", "seats": 9, "players": 6, "hands": 6, "events": 0.6, "irregularities": 0.5}
HANDS = 4


def _meets(hands) -> bool:
    arrival = any(e.kind == "arrive" for h in hands for e in h.events)
    missed = any(k in ("absent", "missed") for h in hands for keys in h.markers.values() for k in keys)
    ruling = any(p.get("ask") == "irregularity" for h in hands for p in h.prompts)
    return arrival and missed and ruling


def found_seed() -> int:
    for seed in range(1, 2000):
        down = Down(DownSpec.from_dict({**SPEC, "seed": seed}))
        if _meets([down.hand(n) for n in range(1, HANDS + 1)]):
            return seed
    raise AssertionError("no seed deals an arrival, a missed blind and a ruling")


@pytest.fixture
def server(live_server, tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    keys = "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in {**SPEC, "seed": found_seed()}.items())
    (folder / "table-09-down.md").write_text(
        f'+++\ntitle = "A down"\n+++\n\nDeal it.\n\n```down\nid = "down"\ntitle = "Test down"\n{keys}\n```\n',
        encoding="utf-8")
    live_server["app"].config["LESSONS_DIR"] = str(folder)
    return live_server


def _run(server, run_id: int) -> ds.Run:
    with server["app"].app_context():
        run = ds.get_run(run_id)
        assert run is not None
        return run


def deal_a_down(browser: Browser, server, viewport: dict) -> None:
    base = server["url"]
    page: Page = browser.new_context(viewport=viewport, bypass_csp=True).new_page()     # axe is injected
    page.goto(f"{base}/auth/login")
    page.fill("input[name=username]", TRAINEE[0])
    page.fill("input[name=password]", TRAINEE[1])
    page.click("button[type=submit]")
    page.goto(f"{base}/lessons/table-09-down")
    page.get_by_test_id("down-start").click()
    expect(page.get_by_test_id("down-status")).to_be_visible()
    run_id = int(re.search(r"/downs/runs/(\d+)", page.url).group(1))
    assert violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]     # no sideways scroll
    seen = {"arrival": False, "marker": False, "ruling": False}
    while (run := _run(server, run_id)).hand <= HANDS:
        before = page.get_by_test_id("down-before")
        expect(before).to_contain_text(f"Before hand {run.hand}")
        if "sits at seat" in before.inner_text():
            seen["arrival"] = True
        if page.locator("[data-testid^=marker-]").count():
            expect(page.locator("[data-testid^=marker-]").first).to_be_visible()
            seen["marker"] = True
        with server["app"].test_request_context():
            prompt = downs.waiting_for(run)
            if prompt is None:
                _, hand = downs.current(run)
                step, kinds = hand.expected().step(), downs.table_of(run).step_kinds
            else:
                answer = prompt.question.answer
        if prompt is None:
            perform(page, "down-hand", kinds, step)
        else:
            if not seen["ruling"] and prompt.ask == "irregularity":
                assert violations(page) == []         # the table with a ruling asked below it
            seen["ruling"] = seen["ruling"] or prompt.ask == "irregularity"
            box = page.locator("#cell-down-prompt")
            expect(box).to_contain_text(prompt.question.prompt)
            if prompt.question.input == "chips":      # an amount asked at the table, typed
                box.locator("input[name=amount]").fill(str(answer))
            else:
                box.locator(f"input[name=choice][value='{answer}']").check()
            box.get_by_role("button", name=re.compile("Check")).click()
        htmx_idle(page)
        expect(page.locator("#cell-down-hand .output .wrong")).to_have_count(0)
        assert _run(server, run_id).posts == run.posts + 1
    assert all(seen.values()), seen
    expect(page.get_by_test_id("down-hands")).to_have_text(str(HANDS))
    page.get_by_test_id("down-end").click()
    expect(page.get_by_test_id("summary-hands")).to_have_text(str(HANDS))
    expect(page.get_by_test_id("summary-accuracy")).to_contain_text("100%")
    assert violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.goto(f"{base}/downs/runs/{run_id}/hands/2")
    expect(page.get_by_test_id("hand-posts")).to_be_visible()
    assert violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.goto(f"{base}/downs/")
    assert violations(page) == []
    page.context.close()


def test_a_down_on_a_phone_and_on_a_desktop(browser: Browser, server):
    deal_a_down(browser, server, {"width": 360, "height": 740})
    deal_a_down(browser, server, {"width": 1280, "height": 900})
    with server["app"].app_context():
        runs = ds.runs_of(user_id=1)
    assert len(runs) == 2 and all(r.ended and r.hands_dealt == HANDS for r in runs)


def test_an_auditions_down_part_in_the_browser(browser: Browser, server):
    """An audition with a down part: the start leads to the down (no Stop, no hints), and
    once its hands are dealt, back to the audition's hands."""
    from webapp import audition_store as ast
    app, base = server["app"], server["url"]
    with app.app_context():
        ast.save_audition(ast.Definition("Down audition", (ast.HandKind("holdem"),), 1, 30, 80,
                                         down=ast.DownPart("holdem", 2, 90, 1)), author_id=1)
    page: Page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base}/auth/login")
    page.fill("input[name=username]", TRAINEE[0])
    page.fill("input[name=password]", TRAINEE[1])
    page.click("button[type=submit]")
    page.goto(f"{base}/auditions/")
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_test_id("down-status")).to_be_visible()
    expect(page.get_by_test_id("down-stop")).to_have_count(0)
    run_id = int(re.search(r"/downs/runs/(\d+)", page.url).group(1))
    while not (run := _run(server, run_id)).ended:
        with app.test_request_context():
            prompt = downs.waiting_for(run)
            if prompt is None:
                _, hand = downs.current(run)
                step, kinds = hand.expected().step(), downs.table_of(run).step_kinds
        if prompt is None:
            perform(page, "down-hand", kinds, step)
        else:
            box = page.locator("#cell-down-prompt")
            if prompt.question.input == "chips":
                box.locator("input[name=amount]").fill(str(prompt.question.answer))
            else:
                box.locator(f"input[name=choice][value='{prompt.question.answer}']").check()
            box.get_by_role("button", name=re.compile("Check")).click()
        htmx_idle(page)
    expect(page.get_by_test_id("down-summary")).to_have_text("Back to the audition")
    page.get_by_test_id("down-summary").click()
    expect(page.get_by_test_id("timer")).to_be_visible()
    assert "/auditions/runs/" in page.url
    page.context.close()
