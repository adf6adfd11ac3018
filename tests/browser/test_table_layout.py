"""The drawn table fits every screen (issue 13): at a desktop, a tablet and a phone size,
every table cell of every lesson dealt to its end shows seats, boxes, boards, pot and deck
without overlaps and inside the table; a wrong step's result is in the window; axe-core
(from its npm package, injected from node_modules) finds no violations in the table cells.

The hands are dealt through the engine and stored as a trainee's steps, then each lesson
is loaded once: the page shows every table cell at its end, as after a reload.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp import ROOT, store
from webapp.db import get_db
from webapp.lessonfile import load_library
from webapp.trainee.drawn_table import SEAT_ROWS

from .conftest import TRAINEE, htmx_idle, sign_in
from .test_checkpoints import answer_in_page
from .test_down import SPEC as EVENTFUL, found_seed

pytestmark = pytest.mark.browser
LIBRARY = load_library(str(Path(ROOT) / "lessons"))
TABLE_LESSONS = sorted(slug for slug, lesson in LIBRARY.lessons.items()
                       if any(cell.kind == "table" for cell in lesson.cells))
# The three sizes, and the narrowest phone the trainer supports.
SIZES = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844), "small-phone": (360, 740)}
PARTS_OF_LIBRARY = 3
AXE = Path(ROOT) / "node_modules" / "axe-core" / "axe.min.js"
# axe's colour-contrast rule is most of its time and the colours do not change with the
# width: it runs on every lesson at the desktop size, and at the others on one lesson of
# each kind of table (flop, stud, draw, Manila, two boards, the banked game).
SHOWN = {"holdem-01-dealing-a-hand", "stud-01-seven-card-stud", "draw-01-draw-with-a-kitty",
         "manila-01-two-card-manila", "double-flop-01", "casino-01-casino-holdem"}

# What must not overlap on a drawn table, and must stay inside it.
PARTS = ("button.seat, div.seat, [data-testid=board], [data-testid=board-bottom], [data-testid=kitty], "
         "[data-testid=pot], [data-testid=deck], [data-testid=burns], [data-testid=muck], "
         "[data-testid=rake], [data-testid=dealer], [data-testid=pots]")

# Every fault of one drawn table, as sentences: overlapping parts, parts (or a seat's
# cards) outside the table, seats smaller than a 44 px touch target.
FAULTS_JS = """([felt, parts]) => {
  const box = (e) => e.getBoundingClientRect();
  const name = (e) => e.dataset.testid || ('seat ' + e.dataset.seat);
  const inside = (a, b, slack) => a.left >= b.left - slack && a.right <= b.right + slack
                                  && a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  const t = box(felt), faults = [];
  const items = Array.from(felt.querySelectorAll(parts)).filter((e) => {
    const r = box(e); return r.width > 0 && r.height > 0; });
  items.forEach((e, i) => {
    const a = box(e);
    if (!inside(a, t, 0.5)) faults.push(name(e) + ' leaves the table');
    items.slice(i + 1).forEach((f) => {
      const b = box(f);
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) faults.push(name(e) + ' overlaps ' + name(f));
    });
    if (e.matches('.seat')) {
      e.querySelectorAll('.pcard, .bet, .dealer-button').forEach((c) => {
        if (!inside(box(c), a, 0.5)) faults.push('a card or chip of ' + name(e) + ' leaves its seat');
      });
      if (e.matches('button') && (a.height < 44 || a.width < 44)) faults.push(name(e) + ' is under 44 px');
    }
  });
  return faults;
}"""

AXE_JS = """async ([selectors, contrast]) => {
  const result = await axe.run({include: selectors.map((s) => [s])},
                               {resultTypes: ['violations'], rules: {'color-contrast': {enabled: contrast}}});
  return result.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(
    (n) => n.target.join(' ') + ' ' + n.failureSummary.replace(/\\s+/g, ' ')).join(' | '));
}"""


@pytest.fixture
def browser_context_args(browser_context_args):
    """axe-core goes in as a script tag, which the trainer's CSP (own scripts only) would refuse."""
    return {**browser_context_args, "bypass_csp": True}


def deal_to_the_end(app, slug: str) -> list[str]:
    """Store every table cell of the lesson as dealt to its end by the engine's own steps."""
    ids = []
    with app.app_context():
        user = get_db().execute("select id from users where username = ?", [TRAINEE[0]]).fetchone()[0]
        for cell in LIBRARY.lessons[slug].cells:
            if cell.kind != "table":
                continue
            hand, steps = cell.engine.new_hand(), []
            while (exp := hand.expected()) is not None:
                step = exp.step()
                assert hand.propose(step).ok
                steps.append(step.to_dict())
            with store.cell_transaction(user, slug, cell.id) as state:
                state["steps"], state["done"] = steps, 1
                store.save_state(state)
            ids.append(cell.id)
    return ids


def table_faults(page: Page) -> list[str]:
    """The faults of every drawn table on the page: the table cells' and those the
    questions about a dealt hand show."""
    faults = []
    for felt in page.locator("[data-cell] [data-testid=table]").element_handles():
        cell_id = felt.evaluate("(e) => e.closest('[data-cell]').dataset.cell")
        faults += [f"{cell_id}: {f}" for f in page.evaluate(FAULTS_JS, [felt, PARTS])]
    return faults


def axe_violations(page: Page, selectors: list[str], contrast: bool = True) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_JS, [selectors, contrast])


@pytest.mark.parametrize("part", range(PARTS_OF_LIBRARY), ids=lambda i: f"part{i + 1}")
def test_every_table_at_its_end_fits_every_size_and_passes_axe(page: Page, live_server, part):
    """Each lesson is loaded once and looked at in each window size in turn (the layout
    follows the width alone); the library is cut in parts that test workers share."""
    sign_in(page, live_server["url"], "/lessons/")
    faults = []
    for slug in TABLE_LESSONS[part::PARTS_OF_LIBRARY]:
        cell_ids = deal_to_the_end(live_server["app"], slug)
        page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
        page.goto(f"{live_server['url']}/lessons/{slug}")
        expect(page.locator(f"#cell-{cell_ids[-1]} [data-testid=steps]")).to_contain_text("dealer steps done")
        page.add_script_tag(path=str(AXE))
        drawn = [f"#cell-{c}" for c in cell_ids] + page.evaluate(
            "() => Array.from(document.querySelectorAll('[data-kind=question] .felt-wrap'),"
            " (w) => '#' + w.closest('[data-cell]').id + ' .felt-wrap')")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            faults += [f"{slug} at {size}: {f}" for f in table_faults(page)]
            contrast = size == "desktop" or slug in SHOWN
            faults += [f"{slug} at {size}: axe {v}" for v in page.evaluate(AXE_JS, [drawn, contrast])]
    assert not faults, "\n".join(faults)


def _wrong_action(hand) -> str:
    """A dealer action button whose step is not the one due."""
    _, actions = hand.step_kinds()
    return next(kind for kind in actions if kind != hand.expected().kind)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_wrong_step_is_answered_in_view(page: Page, live_server, size):
    """The cell is taller than the window: the result still shows, by the table, and is read out."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    slug, cell_id = "holdem-01-dealing-a-hand", "deal-a-hand"
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    cell = LIBRARY.lessons[slug].cell(cell_id)
    kind = _wrong_action(cell.engine.new_hand())
    table = page.locator(f"#cell-{cell_id} [data-testid=table]")
    table.scroll_into_view_if_needed()
    page.evaluate("(el) => el.scrollIntoView({block: 'start'})", table.element_handle())
    button = page.locator(f"#cell-{cell_id} button[data-kind={kind}]")
    button.click()
    feedback = page.locator(f"#cell-{cell_id} [data-testid=feedback]")
    expect(feedback).to_contain_text("✘")
    box = feedback.bounding_box()
    assert box and box["height"] > 0
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, (box, height)
    assert 0 <= box["x"] and box["x"] + box["width"] <= width, (box, width)
    # Focus stays on the button used, and the message is read from a live region that outlived the swap.
    expect(page.locator(f"#cell-{cell_id}--kind-{kind}")).to_be_focused()
    expect(page.locator("#table-announcer")).to_contain_text("✘")
    assert not axe_violations(page, [f"#cell-{cell_id}"])


def test_arrow_keys_move_between_seats_and_tab_skips_the_rest(page: Page, live_server):
    slug, cell_id = "holdem-01-dealing-a-hand", "deal-a-hand"
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    hand = LIBRARY.lessons[slug].cell(cell_id).engine.new_hand()
    seated = sorted(hand.players)
    seats = page.locator(f"#cell-{cell_id} button.seat")
    # One Tab stop for the whole table: the first seated player; empty seats are never one.
    expect(page.locator(f"#cell-{cell_id} button.seat[tabindex='0']")).to_have_count(1)
    expect(page.locator(f"#cell-{cell_id} button.seat.empty:not([tabindex='-1'])")).to_have_count(0)
    first = page.locator(f"#cell-{cell_id}--seat-{seated[0]}")
    first.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator(f"#cell-{cell_id}--seat-{seated[1]}")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(f"#cell-{cell_id}--seat-{seated[-1]}")).to_be_focused()
    page.keyboard.press("Home")
    expect(first).to_be_focused()
    assert seats.count() == hand.scenario.table_seats
    # A seat step taken by keyboard keeps focus on the seat after the cell is swapped.
    exp = hand.expected()
    page.locator(f"#cell-{cell_id} input[name=tool][value={exp.kind}]").check()
    target = page.locator(f"#cell-{cell_id}--seat-{exp.seat}")
    target.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"#cell-{cell_id} [data-testid=steps]")).to_contain_text("1 of ")
    expect(page.locator(f"#cell-{cell_id}--seat-{exp.seat}")).to_be_focused()


def tab_to(page: Page, selector: str, limit: int = 120) -> None:
    """Press Tab (or Shift+Tab, whichever way the element lies) until it has focus."""
    key = page.evaluate("""(s) => {
      const target = document.querySelector(s), here = document.activeElement;
      if (!target) throw new Error('no ' + s);
      return !here || here === document.body || (here.compareDocumentPosition(target)
             & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab'; }""", selector)
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reaches {selector}")


@pytest.mark.parametrize("slug, cell_id", [("holdem-01-dealing-a-hand", "deal-a-hand"),
                                           ("draw-01-draw-with-a-kitty", "deal-kitty"),
                                           ("stud-02-five-card-stud", "deal-common-card")])
def test_a_whole_hand_by_keyboard_alone(page: Page, live_server, slug, cell_id):
    """Tools by arrow keys in their group, seats by one Tab stop and arrow keys, buttons, the
    rows of seat numbers (the draw's discards, stud's opener) and ticks by Tab, Enter and Space;
    after each step focus is still on the control used."""
    cell = f"#cell-{cell_id}"
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    engine_cell = LIBRARY.lessons[slug].cell(cell_id).engine
    kinds, hand = engine_cell.step_kinds, engine_cell.new_hand()
    done = 0
    while (exp := hand.expected()) is not None:
        step = exp.step()
        assert step.kind not in kinds.get("choice", ())
        if step.kind in SEAT_ROWS:
            used = f"{cell}--{step.kind}-{step.seat}"
            tab_to(page, used)
        elif step.kind in kinds["seat"]:
            tab_to(page, f"{cell} input[name=tool]:checked")
            for _ in range(len(kinds["seat"])):
                if page.locator(f"{cell} input[name=tool][value={step.kind}]").is_checked():
                    break
                page.keyboard.press("ArrowDown")
            tab_to(page, f"{cell} button.seat[tabindex='0']")
            for _ in range(engine_cell.scenario.table_seats):
                if page.evaluate("() => document.activeElement.dataset.seat") == str(step.seat):
                    break
                page.keyboard.press("ArrowRight")
            used = f"{cell}--seat-{step.seat}"
        elif step.kind in kinds["seats"]:
            for seat in step.seats:
                tab_to(page, f"{cell}--winner-{seat}")
                page.keyboard.press("Space")
            used = f"{cell}--kind-{step.kind}"
            tab_to(page, used)
        else:
            used = f"{cell}--kind-{step.kind}"
            tab_to(page, used)
        page.keyboard.press("Enter")
        assert hand.propose(step).ok
        done += 1
        expect(page.locator(f"{cell} [data-testid=steps]")).to_contain_text(f"{done} of ")
        expect(page.locator(f"{cell} [data-testid=feedback]")).to_contain_text("✔")
        htmx_idle(page)
        if not hand.finished:
            expect(page.locator(used)).to_be_focused()
    expect(page.locator(f"{cell} [data-testid=steps]")).to_have_text(f"{done} of {done} dealer steps done")


# ---- Issue 29: a hand dealt on a phone in one screen ----

PHONE = SIZES["small-phone"]
# Room kept below the dealing area for a step's result (two lines of feedback).
FEEDBACK_ROOM = 64
# Tool changes a hand may take beyond its steps (Deliver 1: "a few"): a hand changes tool when
# it goes from the button to the blinds, the blinds to the cards, down cards to up cards and
# back (stud), the deal to the draw's replacements, and to a returned bet; the steps that
# alternate with dealing player by player or street by street are rows of seat numbers
# (webapp/trainee/drawn_table.py, SEAT_ROWS), which take no tool. Before that, Triple Draw
# 2-7 took 24 tool changes and Seven Card Stud 10.
MOST_TOOL_CHANGES = 4


def _one_cell_per_game() -> list[tuple[str, str]]:
    """One table cell for each game the library deals: Hold'em 1's for Hold'em (the issue's
    example), else the first cell that no question stops mid-hand, else the first."""
    found: dict[str, list[tuple[bool, str, str]]] = {}
    for slug, lesson in sorted(LIBRARY.lessons.items()):
        stopped = {q.after for q in lesson.interactive_cells if q.checkpoint is not None}
        for cell in lesson.cells:
            if cell.kind == "table":
                found.setdefault(cell.engine.scenario.game, []).append((cell.id in stopped, slug, cell.id))
    chosen = {game: min(cells)[1:] for game, cells in found.items()}
    chosen["holdem"] = ("holdem-01-dealing-a-hand", "deal-a-hand")
    return [chosen[game] for game in sorted(chosen)]


GAME_CELLS = _one_cell_per_game()

# Where a tap lands: the element's middle must be on screen, below the toolbar and not under
# anything stuck over it (the feedback), or the trainee would have to scroll first.
REACHABLE_JS = """(e) => {
  const r = e.getBoundingClientRect();
  const bar = document.querySelector('.nb-toolbar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {x, y, top: r.top, bottom: r.bottom, barBottom: top, height: innerHeight,
          ok: y > top && y < innerHeight && r.width > 0 && !!hit && (e === hit || e.contains(hit)
              || (e.control && (hit === e.control || e.contains(hit))))};
}"""
IN_VIEW_JS = """(e) => {
  const r = e.getBoundingClientRect();
  const bar = document.querySelector('.nb-toolbar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  return r.height === 0 || (r.top >= top - 1 && r.bottom <= innerHeight + 1);
}"""


def _tap(page: Page, selector: str, where: str) -> None:
    """A touch on the element where it is now: no scrolling it into view first."""
    spot = page.locator(selector).evaluate(REACHABLE_JS)
    assert spot["ok"], f"{where}: {selector} is not in reach without scrolling: {spot}"
    page.mouse.click(spot["x"], spot["y"])


def _deal_by_taps(page: Page, slug: str, cell_id: str, engine_cell, hand) -> dict[str, int]:
    """Deal the hand with taps on what is on screen; after each step the board and the seat
    dealt to are in view. Returns the steps, taps and tool changes it took."""
    cell = f"#cell-{cell_id}"
    kinds = engine_cell.step_kinds
    asked: dict[int, list] = {}
    for q in LIBRARY.lessons[slug].interactive_cells:
        if q.after == cell_id and q.checkpoint is not None:
            asked.setdefault(q.checkpoint.steps, []).append(q)
    count = {"steps": 0, "taps": 0, "tools": 0, "ticks": 0, "questions": 0, "form": 0}
    form = page.locator(f"{cell} form.dealer")
    while (exp := hand.expected()) is not None:
        step = exp.step()
        where = f"step {count['steps'] + 1} ({step.kind})"
        for question in asked.get(count["steps"], ()):
            answer_in_page(page, question.id, question.engine)
            count["questions"] += 1
            page.locator(f"{cell} form.dealer").evaluate("(f) => f.scrollIntoView({block: 'start'})")
        if step.kind in kinds.get("choice", ()):
            _tap(page, f"label:has(> #cell-{cell_id}--ruling-{step.choice})", where)
            _tap(page, f"{cell}--kind-{step.kind}", where)
            count["taps"] += 2
        elif step.kind in SEAT_ROWS:
            _tap(page, f"{cell}--{step.kind}-{step.seat}", where)
            count["taps"] += 1
        elif step.kind in kinds["seat"]:
            if not page.locator(f"{cell}--tool-{step.kind}").is_checked():
                _tap(page, f"label:has(> {cell}--tool-{step.kind})", where)
                count["tools"] += 1
            _tap(page, f"{cell} button.seat[data-seat='{step.seat}']", where)
            count["taps"] += 1
        elif step.kind in kinds["seats"]:
            for seat in step.seats:
                _tap(page, f"{cell} fieldset:has(#cell-{cell_id}--kind-{step.kind}) "
                           f"label:has(> input[value='{seat}'])", where)
                count["ticks"] += 1
            _tap(page, f"{cell}--kind-{step.kind}", where)
            count["taps"] += 1
        else:
            _tap(page, f"{cell}--kind-{step.kind}", where)
            count["taps"] += 1
        assert hand.propose(step).ok
        count["steps"] += 1
        expect(page.locator(f"{cell} [data-testid=steps]")).to_contain_text(f"{count['steps']} of ")
        expect(page.locator(f"{cell} [data-testid=feedback]")).to_contain_text("✔")
        htmx_idle(page)
        if hand.finished:
            break
        count["form"] = max(count["form"], round(form.evaluate("(f) => f.getBoundingClientRect().height")))
        board = page.locator(f"{cell} [data-testid=board]")
        assert board.evaluate(IN_VIEW_JS), f"{where}: the board left the screen"
        if step.kind in kinds["seat"]:
            assert page.locator(f"{cell} button.seat[data-seat='{step.seat}']").evaluate(IN_VIEW_JS), \
                f"{where}: seat {step.seat} left the screen"
    count["taps"] += count["tools"] + count["ticks"]
    return count


ROOM_JS = """() => {
  const bar = document.querySelector('.nb-toolbar');
  return Math.round(innerHeight - (bar ? bar.getBoundingClientRect().height : 0));
}"""


@pytest.mark.parametrize("slug, cell_id", GAME_CELLS, ids=[f"{s}:{c}" for s, c in GAME_CELLS])
def test_a_hand_is_dealt_on_a_phone_in_one_screen(page: Page, live_server, slug, cell_id):
    """At 360x740 the dealing area (tools, seats, board, pot, deck, actions, award) fits under
    the toolbar with room for the result; the whole hand is dealt by tapping what is on the
    screen, once the trainee has brought the table up; a hand takes a tap per step, a tap per
    winner ticked and a tap per tool change, nothing more, and at most MOST_TOOL_CHANGES tool
    changes; the board and the seat dealt to stay on screen after every step."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    engine_cell = LIBRARY.lessons[slug].cell(cell_id).engine
    cell = page.locator(f"#cell-{cell_id}")
    expect(cell).to_be_visible()
    page.locator(f"#cell-{cell_id} form.dealer").evaluate("(f) => f.scrollIntoView({block: 'start'})")
    room = page.evaluate(ROOM_JS)
    count = _deal_by_taps(page, slug, cell_id, engine_cell, engine_cell.new_hand())
    print(f"\nPHONE {slug}:{cell_id} game={engine_cell.scenario.game} tallest={count['form']}px "
          f"room={room}px steps={count['steps']} taps={count['taps']} "
          f"tools={count['tools']} ticks={count['ticks']} questions={count['questions']}")
    assert count["form"] + FEEDBACK_ROOM <= room, (count, room)
    assert count["taps"] == count["steps"] + count["tools"] + count["ticks"]
    assert count["tools"] <= MOST_TOOL_CHANGES, count


OVAL_JS = """(felt) => {
  const seats = Array.from(felt.querySelectorAll('.seat'));
  const shown = seats.filter((s) => s.getBoundingClientRect().height > 0);
  const rows = new Set(shown.map((s) => Math.round(s.getBoundingClientRect().top)));
  const centre = felt.querySelector('.centre').getBoundingClientRect();
  const around = shown.filter((s) => { const r = s.getBoundingClientRect();
    return r.bottom <= centre.top || r.top >= centre.bottom || r.right <= centre.left || r.left >= centre.right; });
  return {seats: seats.length, shown: shown.length, rows: rows.size, around: around.length};
}"""


def test_the_phone_layout_leaves_the_desktop_oval_alone(page: Page, live_server):
    """At a desktop size every place, empty ones too, is drawn round the board in several rows;
    at the phone size the empty places take no room and the tools sit in one screen."""
    slug, cell_id = "holdem-01-dealing-a-hand", "deal-a-hand"
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    felt = page.locator(f"#cell-{cell_id} [data-testid=table]")
    seats = LIBRARY.lessons[slug].cell(cell_id).engine.scenario.table_seats
    taken = len(LIBRARY.lessons[slug].cell(cell_id).engine.new_hand().players)
    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    oval = felt.evaluate(OVAL_JS)
    assert oval == {"seats": seats, "shown": seats, "rows": oval["rows"], "around": seats}, oval
    assert oval["rows"] >= 4, oval
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    listed = felt.evaluate(OVAL_JS)
    assert listed["shown"] == taken < seats, listed


def test_a_drill_deals_hand_after_hand_on_a_phone(page: Page, live_server):
    """A drill's hand dealt by taps, then *Deal a new hand* is in reach under the result, and
    the new hand's tools and table are on screen where the last hand was: no scrolling back."""
    from .test_every_table_cell import dealt_hand
    slug, cell_id = "omaha-02-hi-low", "drill-no-low"
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    engine_cell = LIBRARY.lessons[slug].cell(cell_id).engine
    expect(page.locator(f"#cell-{cell_id}")).to_be_visible()
    page.locator(f"#cell-{cell_id} form.dealer").evaluate("(f) => f.scrollIntoView({block: 'start'})")
    hand = dealt_hand(live_server["app"], slug, cell_id, engine_cell)
    count = _deal_by_taps(page, slug, cell_id, engine_cell, hand)
    assert count["taps"] == count["steps"] + count["tools"] + count["ticks"]
    expect(page.locator(f"#cell-{cell_id} [data-testid=deal-new-hand]")).to_be_visible()
    _tap(page, f"#cell-{cell_id} [data-testid=deal-new-hand]", "a new hand")
    expect(page.locator(f"#cell-{cell_id} [data-testid=steps]")).to_contain_text("0 of ")
    htmx_idle(page)
    for part in ("fieldset.tools", "[data-testid=table]", "fieldset.actions"):
        assert page.locator(f"#cell-{cell_id} {part}").evaluate(IN_VIEW_JS), f"{part} is off screen after a new hand"


# Boxes that intersect the result: the dealing controls a long result must not cover.
COVERED_JS = """(out, controls) => {
  const o = out.getBoundingClientRect(), hits = [];
  controls.forEach((e) => {
    const r = e.getBoundingClientRect();
    if (r.height > 0 && Math.min(o.bottom, r.bottom) - Math.max(o.top, r.top) > 0.5
        && Math.min(o.right, r.right) - Math.max(o.left, r.left) > 0.5)
      hits.push((e.id || e.className) + ' ' + Math.round(r.top) + '-' + Math.round(r.bottom));
  });
  return {hits, top: o.top, bottom: o.bottom, height: o.height, scroll: out.scrollHeight,
          tab: out.tabIndex};
}"""


@pytest.mark.parametrize("slug, cell_id", [("holdem-01-dealing-a-hand", "deal-a-hand"),
                                           ("casino-01-casino-holdem", "deal-a-round")])
def test_a_long_result_covers_no_action_or_award_tick_on_a_phone(page: Page, live_server, slug, cell_id):
    """A result of five lines or more (a Casino Hold'em payout) scrolls in a box no taller than
    the room the phone layout keeps for it, so every action and award tick stays in reach; the
    box that scrolls can be reached by keyboard."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    sign_in(page, live_server["url"], f"/lessons/{slug}")
    engine = LIBRARY.lessons[slug].cell(cell_id).engine
    kinds = engine.step_kinds
    # The hand dealt up to its first award, where the form is tallest (the award ticks open).
    hand, steps = engine.new_hand(), []
    while hand.expected().kind not in kinds["seats"]:
        step = hand.expected().step()
        assert hand.propose(step).ok
        steps.append(step.to_dict())
    with live_server["app"].app_context():
        user = get_db().execute("select id from users where username = ?", [TRAINEE[0]]).fetchone()[0]
        with store.cell_transaction(user, slug, cell_id) as state:
            state["steps"] = steps
            store.save_state(state)
    page.reload()
    cell = f"#cell-{cell_id}"
    expect(page.locator(cell)).to_be_visible()
    page.locator(f"{cell} form.dealer").evaluate("(f) => f.scrollIntoView({block: 'start'})")
    due = hand.expected().kind
    kind = next(k for k in kinds["labels"] if k != due and k not in kinds["seat"] and k not in kinds["seats"]
                and k not in kinds.get("choice", ()))
    page.locator(f"{cell}--kind-{kind}").click()
    out = page.locator(f"{cell} [data-testid=feedback]")
    expect(out).to_contain_text("✘")
    htmx_idle(page)
    # A long result in place of the short one, as a payout's six lines come back from the server.
    out.evaluate("""(o) => { const p = o.querySelector('p');
      p.innerHTML = ['Box 1 (Ann) wins 3 to 1 on the call: 60', 'Box 2 (Bo) pushes: the ante back',
                     'Box 3 (Cy) folded: the ante lost', 'AA bonus: box 1 paid 7 to 1 on 5',
                     'Dealer does not qualify: antes paid, calls push', 'Total paid: 145'].join('<br>');
      o.dispatchEvent(new CustomEvent('htmx:afterSettle', {bubbles: true, detail: {elt: o}})); }""")
    controls = page.locator(f"{cell} form.dealer fieldset:is(.actions, .award) :is(button, label)")
    found = out.evaluate(COVERED_JS, controls.element_handles())
    assert not found["hits"], found
    assert found["height"] <= FEEDBACK_ROOM + 1 and found["bottom"] <= PHONE[1] + 1, found
    assert found["scroll"] > found["height"] and found["tab"] == 0, "the long result scrolls, by keyboard too"
    for i in range(controls.count()):
        control = controls.nth(i)
        if control.is_visible():
            assert control.evaluate(REACHABLE_JS)["ok"], control.evaluate("(e) => e.outerHTML")[:120]


# ---- Issue 29: the down (issue 32) on a phone ----

DOWN_HANDS = 3
# Downs of each kind of table: Hold'em with an arrival, a missed blind and a ruling (test_down's)
# and at a full table,
# stud (cards up and down, the bring-in), triple draw (discards), and Omaha hi-lo (split pots).
DOWNS = {"holdem": None, "seven-card-stud": {"game": "seven-card-stud", "players": 7, "events": 0.5},
         "triple-draw-27": {"game": "triple-draw-27", "players": 5, "events": 0.5},
         "omaha-hi-lo": {"game": "omaha-hi-lo", "players": 6, "events": 0.5, "irregularities": 0.5},
         # the fullest table: nine players at ten seats, a ruling in hand 2 (seed 1)
         "holdem-full": {"game": "holdem", "seats": 10, "players": 9, "events": 0.5, "irregularities": 0.6}}


@pytest.fixture
def down_server(live_server, tmp_path, request):
    """A lesson library of one down, the game's of request.param."""
    spec = DOWNS[request.param]
    spec = {**EVENTFUL, "seed": found_seed()} if spec is None else {"hands": 6, "seed": 1, **spec}
    folder = tmp_path / "down-lessons"
    folder.mkdir()
    keys = "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in spec.items())
    (folder / "table-09-down.md").write_text(
        f'+++\ntitle = "A down"\n+++\n\nDeal it.\n\n```down\nid = "down"\ntitle = "Test down"\n{keys}\n```\n',
        encoding="utf-8")
    live_server["app"].config["LESSONS_DIR"] = str(folder)
    return live_server


def _down_due(app, run_id: int):
    """(the run, the prompt the hand waits for or None, the step due or None, the hand's step kinds)."""
    from webapp import down_store as ds
    from webapp.trainee import downs
    with app.test_request_context():
        run = ds.get_run(run_id)
        assert run is not None
        prompt = downs.waiting_for(run)
        kinds = downs.table_of(run).step_kinds
        step = downs.current(run)[1].expected().step() if prompt is None else None
        return run, prompt, step, kinds


def _answer_down_prompt(page: Page, prompt, where: str) -> int:
    """Answer the prompt the hand waits for by taps on what is on screen; the taps it took."""
    box = "#cell-down-prompt"
    question, answer = prompt.question, prompt.question.answer
    if question.input == "chips":
        spot = page.locator(f"{box} input[name=amount]").evaluate(REACHABLE_JS)
        assert spot["ok"], f"{where}: the amount is not in reach: {spot}"
        page.locator(f"{box} input[name=amount]").fill(str(answer))
        taps = 1
    else:
        _tap(page, f"{box} label:has(> input[name=choice][value='{answer}'])", where)
        taps = 1
    _tap(page, f"{box} button.run", where)
    return taps + 1


@pytest.mark.parametrize("down_server", list(DOWNS), indirect=True)
def test_a_down_is_dealt_on_a_phone_in_one_screen(page: Page, down_server):
    """At 360x740 each hand of a down is dealt like a table cell's: the dealing area fits under
    the toolbar with room for the result, every step is a tap on what is on screen, at most
    MOST_TOOL_CHANGES tool changes a hand; the events before a hand are on screen as it
    begins, and each question the table asks is in reach when the hand stops for it."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    server = down_server
    sign_in(page, server["url"], "/lessons/table-09-down")
    page.get_by_test_id("down-start").click()
    expect(page.get_by_test_id("down-status")).to_be_visible()
    run_id = int(page.url.rsplit("/", 1)[1])
    cell, app = "#cell-down-hand", server["app"]
    htmx_idle(page)
    room = page.evaluate(ROOM_JS)
    tallest, tallest_prompt, per_hand = 0, 0, []
    hand_no, count = 0, {}
    while (state := _down_due(app, run_id))[0].hand <= DOWN_HANDS:
        run, prompt, step, kinds = state
        if run.hand != hand_no:
            if hand_no:
                per_hand.append(count)
            hand_no, count = run.hand, {"steps": 0, "taps": 0, "tools": 0, "ticks": 0, "rulings": 0, "prompts": 0}
            before = page.get_by_test_id("down-before")
            expect(before).to_contain_text(f"Before hand {run.hand}")
            if prompt is None:       # (a question asked before the deal comes first)
                assert before.evaluate(IN_VIEW_JS), f"hand {run.hand}: the events before it are off screen"
        where = f"hand {run.hand} step {count['steps'] + 1}"
        if prompt is not None:
            expect(page.locator("#cell-down-prompt")).to_contain_text(prompt.question.prompt)
            count["taps"] += _answer_down_prompt(page, prompt, where)
            count["prompts"] += 1
        elif step.kind in kinds.get("choice", ()):
            _tap(page, f"label:has(> #cell-down-hand--ruling-{step.choice})", where)
            _tap(page, f"{cell}--kind-{step.kind}", where)
            count["taps"] += 2
            count["steps"] += 1
            count["rulings"] += 1
        elif step.kind in SEAT_ROWS:
            _tap(page, f"{cell}--{step.kind}-{step.seat}", where)
            count["taps"] += 1
            count["steps"] += 1
        elif step.kind in kinds["seat"]:
            if not page.locator(f"{cell}--tool-{step.kind}").is_checked():
                _tap(page, f"label:has(> {cell}--tool-{step.kind})", where)
                count["tools"] += 1
                count["taps"] += 1
            _tap(page, f"{cell} button.seat[data-seat='{step.seat}']", where)
            count["taps"] += 1
            count["steps"] += 1
        elif step.kind in kinds["seats"]:
            for seat in step.seats:
                _tap(page, f"{cell} fieldset:has(#cell-down-hand--kind-{step.kind}) "
                           f"label:has(> input[value='{seat}'])", where)
                count["ticks"] += 1
                count["taps"] += 1
            _tap(page, f"{cell}--kind-{step.kind}", where)
            count["taps"] += 1
            count["steps"] += 1
        else:
            _tap(page, f"{cell}--kind-{step.kind}", where)
            count["taps"] += 1
            count["steps"] += 1
        htmx_idle(page)
        after, waits, _, _ = _down_due(app, run_id)
        assert after.posts == run.posts + 1, f"{where}: not taken"
        expect(page.locator(f"{cell} .output .wrong")).to_have_count(0)
        if after.hand == run.hand and page.locator(f"{cell} form.dealer").count():
            tallest = max(tallest, round(page.locator(f"{cell} form.dealer").evaluate(
                "(f) => f.getBoundingClientRect().height")))
            if waits is None:        # (a question now waiting is brought up instead, with its own table)
                board = page.locator(f"{cell} [data-testid=board]")
                assert board.evaluate(IN_VIEW_JS), f"{where}: the board left the screen"
            else:
                prompts = page.locator("#cell-down-prompt")
                tallest_prompt = max(tallest_prompt, round(prompts.evaluate("(e) => e.getBoundingClientRect().height")))
                assert prompts.evaluate(IN_VIEW_JS), f"{where}: the question asked is not wholly on screen"
    per_hand.append(count)
    print(f"\nPHONE down tallest={tallest}px question={tallest_prompt}px room={room}px hands={per_hand}")
    assert tallest + FEEDBACK_ROOM <= room, (tallest, room)
    for n, hand in enumerate(per_hand, start=1):
        # a tap a step, a tool change, a winner ticked, a ruling chosen; two a question (answer, Check)
        assert hand["taps"] == (hand["steps"] + hand["tools"] + hand["ticks"] + hand["rulings"]
                                + 2 * hand["prompts"]), (n, hand)
        assert hand["tools"] <= MOST_TOOL_CHANGES, (n, hand)
