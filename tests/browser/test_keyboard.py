"""The notebook by keyboard only, as in Jupyter (issue 13): command and edit modes, J/K and the
arrows, Shift/Ctrl+Enter, the shortcuts dialog, folding, the contents; and a whole Hold'em hand
dealt with Tab, arrows on the radio buttons and the seats, Enter, Space and Ctrl/Shift+Enter."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.steps import Step
from webapp.lessonfile import load_library

from .conftest import htmx_idle, sign_in

pytestmark = pytest.mark.browser
LESSON = "holdem-01-dealing-a-hand"
SELECTED = re.compile(r"\bselected\b")


def active(page: Page, selector: str) -> bool:
    return page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page: Page, selector: str, limit: int = 400) -> None:
    """Press Tab (or Shift+Tab when the control is above) until it has focus: keys only."""
    back = page.evaluate("""(s) => { const t = document.querySelector(s), a = document.activeElement;
        return !!(t && a && a !== document.body && (t.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING)); }""",
                         selector)
    for _ in range(limit):
        if active(page, selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def pick_radio(page: Page, name: str, value: str) -> None:
    """Tab into a radio group, then the arrow keys until the wanted one is checked."""
    tab_to(page, f"input[name={name}]")
    for _ in range(20):
        if active(page, f"input[name={name}][value='{value}']:checked"):
            return
        if active(page, f"input[name={name}]:not(:checked)"):
            page.keyboard.press("Space")
        else:
            page.keyboard.press("ArrowRight")
    raise AssertionError(f"could not pick {name}={value}")


def seat_to(page: Page, cell: str, seat: int) -> None:
    """Tab to the table's seats (one Tab stop, a roving tabindex), then Home and the arrow keys to the seat."""
    seats = f"{cell} [data-roving] button.seat:not(.empty):not(:disabled)"
    tab_to(page, seats)
    assert page.locator(f"{seats}[tabindex='0']").count() == 1   # the group is one Tab stop
    page.keyboard.press("Home")
    expect(page.locator(seats).first).to_be_focused()
    wanted = f"{seats}[data-seat='{seat}']"
    for _ in range(page.locator(seats).count()):
        if active(page, wanted):
            expect(page.locator(wanted)).to_have_attribute("tabindex", "0")
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached seat {seat} in {cell}")


def to_first_exercise(page: Page, cell: str) -> None:
    """A first visit opens at the top, on the lesson's text (issue 29): J down to the cell."""
    expect(page.locator("section.cell").first).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    for _ in range(10):
        if active(page, cell):
            return
        page.keyboard.press("j")
    raise AssertionError(f"J never reached {cell}")


def test_a_question_cell_by_keyboard(page: Page, live_server):
    lesson = load_library(live_server["app"].config["LESSONS_DIR"]).lessons[LESSON]
    sign_in(page, live_server["url"], f"/lessons/{LESSON}")
    # a first visit: command mode on the lesson's first cell, its teaching text, at the top
    first = page.locator("#cell-deal-a-hand")
    to_first_exercise(page, "#cell-deal-a-hand")
    expect(first).to_have_class(SELECTED)
    expect(first).to_be_focused()

    # J and K move between cells (text cells included), the arrows too
    page.keyboard.press("j")
    expect(page.locator("section.cell-md").nth(1)).to_be_focused()
    page.keyboard.press("j")
    q = page.locator("#cell-first-on-flop")
    expect(q).to_be_focused()
    expect(q).to_have_class(SELECTED)
    page.keyboard.press("k")
    page.keyboard.press("ArrowDown")
    expect(q).to_be_focused()
    # the toolbar does not cover the selected cell's title
    toolbar = page.get_by_test_id("toolbar").bounding_box()
    assert q.bounding_box()["y"] >= toolbar["y"] + toolbar["height"] - 1

    # Enter: edit mode, on the first answer; the arrows then choose among the answers
    page.keyboard.press("Enter")
    expect(q.locator("input[name=seat]").first).to_be_focused()
    expect(q).to_have_class(re.compile(r"\bediting\b"))
    answer = str(lesson.cell("first-on-flop").engine.answer)
    pick_radio(page, "seat", answer)
    # Esc: command mode; Shift+Enter checks the answer and selects the next cell
    page.keyboard.press("Escape")
    expect(q).to_be_focused()
    page.keyboard.press("Shift+Enter")
    expect(page.locator("#cell-first-on-flop [data-testid=feedback]")).to_contain_text("✔")
    expect(page.locator("#cell-first-on-flop [data-testid=counter]")).to_have_text("1")
    nxt = page.locator("#cell-first-pre-flop")
    expect(nxt).to_have_class(SELECTED)
    expect(nxt).to_be_focused()

    # Ctrl+Enter checks and stays: focus stays on the answer used
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.keyboard.press("Control+Enter")
    expect(nxt.locator("[data-testid=counter]")).to_have_text("1")
    checked = nxt.locator("input[name=seat]:checked")
    expect(checked).to_be_focused()
    expect(nxt).to_have_class(SELECTED)

    # ? opens the list of every shortcut; Esc closes it and focus comes back
    page.keyboard.press("?")
    dialog = page.get_by_test_id("keys-dialog")
    expect(dialog).to_be_visible()
    for keys in ("Esc", "Enter", "J", "K", "Shift", "Ctrl", "O", "?", "Tab"):
        expect(dialog.locator("tbody th", has_text=keys).first).to_be_visible()
    expect(page.locator("#keys-close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(checked).to_be_focused()

    # never while typing: J in a number field is not a command
    split = page.locator("#cell-three-way-split")
    tab_to(page, "#cell-three-way-split input[type=number]")
    page.keyboard.press("j")
    page.keyboard.press("ArrowDown")
    expect(split).to_have_class(SELECTED)
    expect(split.locator("input[type=number]").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(split).to_be_focused()

    # the solved cell folds with O (remembered after a reload) and its section counts it solved
    # text, shows-first, text, who-wins, text, first-pre-flop, first-on-flop
    for _ in range(7):
        page.keyboard.press("k")
    expect(q).to_be_focused()
    page.keyboard.press("o")
    expect(q.locator(".cell-body")).to_be_hidden()
    expect(q.locator(".prompt .fold")).to_have_attribute("aria-expanded", "false")
    toc = page.get_by_test_id("toc")
    expect(toc.get_by_role("link", name=re.compile("Who acts first"))).to_contain_text("1 of 2 solved")
    page.goto(f"{live_server['url']}/lessons/{LESSON}")
    # a returning visit resumes at the first cell not yet solved, below a note saying so
    expect(page.get_by_test_id("resume-note")).to_be_in_viewport()
    expect(first).to_be_focused()
    assert page.evaluate("window.scrollY") > 0
    q = page.locator("#cell-first-on-flop")
    expect(q.locator(".cell-body")).to_be_hidden()
    expect(q.locator(".fold-summary")).to_contain_text("Solved (folded)")
    q.locator(".prompt .fold").focus()
    page.keyboard.press("Enter")
    expect(q.locator(".cell-body")).to_be_visible()


def test_contents_follow_the_scroll_and_open_from_a_button_on_a_phone(page: Page, live_server):
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server["url"], f"/lessons/{LESSON}")
    toolbar = page.get_by_test_id("toolbar").bounding_box()
    assert toolbar["height"] <= 0.12 * 844          # a slim toolbar on a phone
    toc = page.get_by_test_id("toc")
    expect(toc).to_be_hidden()
    tab_to(page, "#toc-toggle")
    page.keyboard.press("Enter")
    expect(toc).to_be_visible()
    expect(page.locator("#toc-toggle")).to_have_attribute("aria-expanded", "true")
    link = toc.get_by_role("link", name=re.compile("Splitting a pot"))
    link.focus()
    page.keyboard.press("Enter")
    expect(toc).to_be_hidden()
    heading = page.get_by_role("heading", name="Splitting a pot")
    box = heading.bounding_box()
    bar = page.get_by_test_id("toolbar").bounding_box()
    assert box["y"] >= bar["y"] + bar["height"] - 1     # scroll-margin-top: not under the toolbar
    page.locator("#toc-toggle").click()
    expect(toc.locator("a[aria-current]")).to_contain_text("Splitting a pot")
    page.keyboard.press("Escape")
    expect(toc).to_be_hidden()
    expect(page.locator("#toc-toggle")).to_be_focused()


def test_desktop_toolbar_is_slim_and_contents_stay_in_view(page: Page, live_server):
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, live_server["url"], f"/lessons/{LESSON}")
    assert page.get_by_test_id("toolbar").bounding_box()["height"] <= 0.08 * 800
    toc = page.get_by_test_id("toc")
    expect(toc).to_be_visible()
    page.get_by_role("heading", name="Reading the hands").evaluate("(h) => h.scrollIntoView({block: 'start'})")
    expect(toc.locator("a[aria-current]")).to_contain_text("Reading the hands")
    expect(toc).to_be_in_viewport()


def test_a_whole_holdem_hand_by_keyboard(page: Page, live_server):
    """Table cell 1 of the Hold'em lesson, keys only: Tab to a tool (arrows within the tool
    radios), Tab to the seats (one Tab stop) and the arrow keys to a seat, or Tab to an action, and
    Enter; tick winners with Space and Ctrl+Enter."""
    lesson = load_library(live_server["app"].config["LESSONS_DIR"]).lessons[LESSON]
    kinds = lesson.cell("deal-a-hand").engine.step_kinds
    sign_in(page, live_server["url"], f"/lessons/{LESSON}")
    cell = "#cell-deal-a-hand"
    to_first_exercise(page, cell)
    expect(page.locator(cell)).to_be_focused()
    page.keyboard.press("Enter")                      # edit mode: into the cell's controls
    expect(page.locator(f"{cell} input[name=tool]:checked")).to_be_focused()
    page.keyboard.press("Control+Enter")              # nothing set up yet: said, and nothing sent
    expect(page.locator(f"{cell} [data-testid=feedback]")).to_contain_text("Nothing to run yet")
    expect(page.locator(f"{cell} [data-testid=counter]")).to_have_text("\u00a0")
    hand = lesson.cell("deal-a-hand").engine.new_hand()
    attempt = 0
    while (exp := hand.expected()) is not None:
        step = Step(exp.kind, exp.seat, exp.seats)
        assert hand.propose(step).ok
        attempt += 1
        last = hand.expected() is None
        if step.kind in kinds["seat"]:
            pick_radio(page, "tool", step.kind)
            used = f"{cell} button.seat[data-seat='{step.seat}']"
            seat_to(page, cell, step.seat)
            page.keyboard.press("Enter")
        elif step.kind in kinds["seats"]:
            for seat in step.seats:
                tab_to(page, f"{cell} input[name=winners][value='{seat}']")
                page.keyboard.press("Space")
            used = None
            page.keyboard.press("Shift+Enter" if last else "Control+Enter")
        else:
            used = f"{cell} button[data-kind={step.kind}]"
            tab_to(page, used)
            page.keyboard.press("Enter")
        expect(page.locator(f"{cell} [data-testid=counter]")).to_have_text(str(attempt))
        expect(page.locator(f"{cell} [data-testid=feedback]")).to_contain_text("✔")
        htmx_idle(page)
        if used and not last:
            expect(page.locator(used)).to_be_focused()   # focus stays on the control used
    expect(page.locator(f"{cell} [data-testid=feedback]")).to_contain_text("Hand complete")
    expect(page.locator(f"{cell} [data-testid=steps]")).to_contain_text(
        f"{hand.step_count} of {hand.step_count} dealer steps done")
    # the hand is over: Shift+Enter moved on to the next cell, in command mode
    if step.kind in kinds["seats"]:
        expect(page.locator("section.cell-md").nth(1)).to_be_focused()
    expect(page.locator("#lesson-score [data-testid=progress]")).to_have_text(
        f"1 of {len(lesson.interactive_cells)} cells done")
