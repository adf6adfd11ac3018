"""A dealer step's reply carries only what the step changed (issue 15, webapp/trainee/step_reply.py).

The reply is the cell's feedback (HX-Retarget) plus out-of-band parts. The tests
deal whole hands and check, after every step, that the page drawn whole equals
the page before the step with the reply's parts swapped in: nothing the reply
left out changed, and every part sent is exactly what the whole cell draws.
"""
from __future__ import annotations

import json
import re

import pytest
from html.parser import HTMLParser

from engine.steps import Step
from webapp.db import get_db
from webapp import ROOT
from webapp.lessonfile import load_library

from .conftest import HX, step_form
from .test_preanswer import answer_the_questions_of

SLUG, CELL = "holdem-01-dealing-a-hand", "deal-a-hand"
CASINO = "casino-01-casino-holdem", "deal-a-round"
# A layout's places (engine procedure's `layout`) -> the key numbering each place.
PLACE_NUMBER = {"seats": "seat", "boxes": "box"}
OOB = ' hx-swap-oob="true"'
VOID = {"input", "br", "img", "hr", "meta", "link"}


class _Elements(HTMLParser):
    """Every element with an id: its markup as sent (start tag to end tag)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.text, self.found, self.open = text, {}, []
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.feed(text)

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.lines[line - 1] + col

    def handle_starttag(self, tag, attrs):
        start = self._offset()
        ident = dict(attrs).get("id")
        if tag in VOID:
            if ident:
                self.found[ident] = self.text[start:start + len(self.get_starttag_text())]
            return
        self.open.append((tag, ident, start))

    def handle_endtag(self, tag):
        while self.open:
            name, ident, start = self.open.pop()
            if name == tag:
                if ident:
                    self.found[ident] = self.text[start:self._offset() + len(f"</{tag}>")]
                return


def elements(text: str) -> dict[str, str]:
    return _Elements(text).found


def page(client, slug=SLUG) -> dict[str, str]:
    return elements(client.get(f"/lessons/{slug}").get_data(as_text=True))


def parts_of(reply: str) -> dict[str, str]:
    """The reply's out-of-band parts by id, as they land in the page (htmx drops the attribute)."""
    found = elements(reply)
    return {ident: markup.replace(OOB, "", 1) for ident, markup in found.items() if OOB in markup}


def engine_cell(slug=SLUG, cell=CELL):
    return load_library(str(ROOT / "lessons")).lessons[slug].cell(cell).engine


def wrong_step(hand, kinds) -> Step:
    """A table action that is not the step due (a wrong step changes nothing);
    `kinds`: the cell's step kinds (its engine's step_kinds)."""
    due = hand.expected().kind
    return Step(next(kind for kind in kinds["labels"]
                     if kind != due and kind not in kinds["seat"] and kind not in kinds["seats"]))


def changing_ids(ids, cell=CELL) -> set[str]:
    """The ids of the parts a step may change (the rest of the cell is drawn only whole)."""
    prefix = f"cell-{cell}--"
    return {i for i in ids if i.startswith(prefix) and (
        i.startswith((prefix + "seat-", prefix + "award"))
        or i[len(prefix):] in ("centre", "dealer", "log", "steps", "count", "at", "rev"))}


@pytest.mark.parametrize("slug, cell, parts", [
    (SLUG, CELL, ("seat-1", "centre", "log", "award")),
    (*CASINO, ("seat-1", "centre", "dealer", "log", "award-pass_cards")),   # Casino Hold'em's boxes
])
def test_every_step_sends_only_what_changed_and_the_page_equals_a_full_render(client, auth, slug, cell, parts):
    auth.login()
    engine = engine_cell(slug, cell)
    lesson = load_library(str(ROOT / "lessons")).lessons[slug]
    stops = {q.checkpoint.steps for q in lesson.interactive_cells if q.after == cell and q.checkpoint}
    hand = engine.new_hand()
    before = page(client, slug)
    watched = changing_ids(before, cell)
    assert {f"cell-{cell}--{part}" for part in parts} <= watched
    number = PLACE_NUMBER[hand.layout]
    at = rev = 0
    url = f"/lessons/{slug}/cells/{cell}/step"
    while (exp := hand.expected()) is not None:
        for step in ([wrong_step(hand, engine.step_kinds)] if rev % 3 == 0 else []) + [exp.step()]:
            view = hand.view()
            right = hand.propose(step).ok
            r = client.post(url, data=step_form(step, at=at, rev=rev), headers=HX)
            assert r.status_code == 200
            rev, at = rev + 1, at + right
            reply = r.get_data(as_text=True)
            if hand.finished:          # the hand is over: the whole cell (explanation, questions open)
                assert "HX-Retarget" not in r.headers
                assert re.search(r'<section class="cell cell-code cell-table[^"]* done"', reply)
                assert "complete." in reply
                return
            if right and at in stops:
                # The hand stops for a question (`at`): drawn whole, as with a notice; answered, it goes on.
                assert "HX-Retarget" not in r.headers and "The hand waits here" in reply
                answer_the_questions_of(client, lesson, cell, at)
                before = page(client, slug)
                continue
            assert r.headers["HX-Retarget"] == f"#cell-{cell}--out" and "<section" not in reply
            assert ("✔" if right else "✘") in reply
            sent = parts_of(reply)
            seats = {int(i.rsplit("-", 1)[1]) for i in sent if i.startswith(f"cell-{cell}--seat-")}
            if not right:
                # A wrong step changes nothing on the table: no seat, box, board, pot or control is sent.
                assert set(sent) == {f"cell-{cell}--count", f"cell-{cell}--at", f"cell-{cell}--rev",
                                     "lesson-score"}
                assert "data-seat" not in reply and 'name="tool"' not in reply and "data-card" not in reply
                assert "dealer-hand" not in reply and 'class="award"' not in reply
            else:
                changed = {s[number] for s, o in zip(hand.view()[hand.layout], view[hand.layout]) if s != o}
                assert seats == changed, step
            after = page(client, slug)
            assert set(sent) - {"lesson-score"} <= watched, "every part sent has its place in the page"
            for ident in watched:
                # The page drawn whole is the old page with the reply's parts swapped in.
                assert after[ident] == sent.get(ident, before[ident]), (step, ident)
            before = after
    raise AssertionError("the hand never finished")


def test_a_step_that_brings_a_notice_or_is_refused_draws_the_whole_cell(app, client, auth):
    auth.login()
    url = f"/lessons/{SLUG}/cells/{CELL}/step"
    hand = engine_cell().new_hand()
    stale = client.post(url, data=step_form(hand.expected().step(), at=4, rev=0), headers=HX)
    assert stale.status_code == 409 and "<section" in stale.get_data(as_text=True)
    unreadable = client.post(url, data={"kind": "burn", "at": "x"}, headers=HX)
    assert unreadable.status_code == 422 and "<section" in unreadable.get_data(as_text=True)
    # A step stored under an older version of the cell: it restarts with a notice, drawn whole.
    r = client.post(url, data=step_form(hand.expected().step(), at=0, rev=0), headers=HX)
    assert "HX-Retarget" in r.headers
    with app.app_context():
        db = get_db()
        db.conn.execute("update cell_state set fingerprint = 'older' where cell = ?", [CELL])
        db.conn.commit()
    r = client.post(url, data=step_form(hand.expected().step(), at=0, rev=1), headers=HX)
    body = r.get_data(as_text=True)
    assert "HX-Retarget" not in r.headers and "<section" in body and "changed by your instructor" in body
    # A page that drew another version of the cell (the lesson was edited since) gets the whole cell.
    assert hand.propose(hand.expected().step()).ok
    r = client.post(url, data={**step_form(hand.expected().step(), at=1, rev=2), "cell_version": "older"},
                    headers=HX)
    assert r.status_code == 200 and "HX-Retarget" not in r.headers and "<section" in r.get_data(as_text=True)


def test_a_plain_post_still_goes_back_to_the_page(client, auth):
    auth.login()
    step = engine_cell().new_hand().expected().step()
    r = client.post(f"/lessons/{SLUG}/cells/{CELL}/step", data=step_form(step, at=0, rev=0))
    assert r.status_code == 302 and r.headers["Location"].endswith(f"#cell-{CELL}")


def test_a_drill_step_sends_only_what_changed(app, client, auth):
    auth.login()
    slug, cell = "draw-01-draw-with-a-kitty", "drill-deck-runs-out"
    client.get(f"/lessons/{slug}")
    with app.app_context():
        seed = get_db().execute("select seed from cell_state where cell = ?", [cell]).fetchone()[0]
    hand = load_library(str(ROOT / "lessons")).lessons[slug].cell(cell).engine.table(seed).new_hand()
    url = f"/lessons/{slug}/cells/{cell}/step"
    kinds = load_library(str(ROOT / "lessons")).lessons[slug].cell(cell).engine.step_kinds
    wrong = client.post(url, data=step_form(wrong_step(hand, kinds), at=0, rev=0), headers=HX)
    body = wrong.get_data(as_text=True)
    assert wrong.headers["HX-Retarget"] == f"#cell-{cell}--out" and "✘" in body and "data-seat" not in body
    step = hand.expected().step()
    assert hand.propose(step).ok
    right = client.post(url, data=step_form(step, at=0, rev=1), headers=HX).get_data(as_text=True)
    assert "✔" in right and re.search(rf'name="rev" value="2" id="cell-{cell}--rev"{OOB}', right)
    with app.app_context():
        stored = get_db().execute("select steps from cell_state where cell = ?", [cell]).fetchone()[0]
    assert json.loads(stored) == [step.to_dict()]
