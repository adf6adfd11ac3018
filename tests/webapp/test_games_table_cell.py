"""Every game's dealer steps can be performed from the drawn table in a lesson:
the cell offers each step kind the game uses (seat tools and buttons), and a
trainee posting the steps one by one deals the hand to the end."""
import re

import pytest

from engine.steps import Step
from webapp.lessonfile import load_library
from webapp.trainee.drawn_table import SEAT_ROWS

from .conftest import step_form

HX = {"HX-Request": "true"}
LESSON = '''+++
title = "Every game"
+++

```table
id = "stud"
game = "seven-card-stud"
seed = 5
betting = "fixed"
limits = [2, 4]
stack = "As Ks Qs Ah Kh Qh 2c 9d 9h"
seats = { 1 = ["Ann", 100], 3 = ["Ben", 100], 5 = ["Cara", 100] }
actions = ["bring-in", "call", "call", "check", "check", "check", "check", "check", "check",
           "check", "check", "check", "check", "check", "check"]
```

```table
id = "kitty"
game = "draw-kitty"
seed = 5
button_was = 1
seats = { 1 = ["Ann", 100], 3 = ["Ben", 100], 5 = ["Cara", 100] }
actions = ["take kitty", "call", "check", "draw 2", "stand pat", "draw 5", "check", "check", "check"]
```

```table
id = "double"
game = "double-flop-holdem"
seed = 8
button_was = 1
seats = { 1 = ["Ann", 100], 3 = ["Ben", 100], 5 = ["Cara", 100] }
actions = ["call", "call", "check", "check", "check", "check", "check", "check", "check",
           "check", "check", "check"]
```

```table
id = "pineapple"
game = "crazy-pineapple-hi-lo"
seed = 3
button_was = 1
seats = { 1 = ["Ann", 100], 3 = ["Ben", 100], 5 = ["Cara", 100] }
actions = ["call", "call", "check", "check", "check", "check", "discard #1", "discard #2", "discard #3",
           "check", "check", "check", "check", "check", "check"]
```
'''


@pytest.fixture
def lesson_app(app, tmp_path):
    (tmp_path / "games.md").write_text(LESSON)
    app.config["LESSONS_DIR"] = str(tmp_path)
    return app


@pytest.mark.parametrize("cell_id", ["stud", "kitty", "double", "pineapple"])
def test_every_step_of_the_game_is_offered_and_accepted(lesson_app, client, auth, cell_id):
    auth.login()
    page = client.get("/lessons/games").get_data(as_text=True)
    html = page.split(f'id="cell-{cell_id}"')[1].split("</section>")[0]
    cell = load_library(lesson_app.config["LESSONS_DIR"]).lessons["games"].cell(cell_id)
    hand = cell.engine.new_hand()
    tools, actions = hand.step_kinds()
    # The steps that alternate with dealing are rows of seat numbers, every seat taken (issue 29).
    rows = [t for t in tools if t in SEAT_ROWS]
    assert re.findall(r'name="tool" value="(\w+)"', html) == [t for t in tools if t not in SEAT_ROWS]
    seated = [str(s) for s in sorted(hand.players)]
    assert re.findall(r'name="seat_step" value="(\w+):(\d+)"', html) == [(t, s) for t in rows for s in seated]
    assert re.findall(r'name="kind" value="(\w+)" data-kind', html) == list(actions) + ["award"]
    at = 0
    while (exp := hand.expected()) is not None:
        r = client.post(f"/lessons/games/cells/{cell_id}/step", data=step_form(exp.step(), at=at), headers=HX)
        body = r.get_data(as_text=True)
        assert r.status_code == 200 and "✔" in body, body[-600:]
        hand.propose(Step(exp.kind, exp.seat, exp.seats))
        at += 1
    assert "Hand complete" in body


def test_the_table_shows_up_cards_bottom_board_kitty_and_muck(lesson_app, client, auth):
    auth.login()
    lib = load_library(lesson_app.config["LESSONS_DIR"])

    def deal_until(cell_id, kind, count=1):
        hand = lib.lessons["games"].cell(cell_id).engine.new_hand()
        at = 0
        while True:
            exp = hand.expected()
            if exp.kind == kind:
                count -= 1
                if not count:
                    break
            client.post(f"/lessons/games/cells/{cell_id}/step", data=step_form(exp.step(), at=at), headers=HX)
            hand.propose(Step(exp.kind, exp.seat, exp.seats))
            at += 1
        page = client.get("/lessons/games").get_data(as_text=True)
        return at, page.split(f'id="cell-{cell_id}"')[1].split("</section>")[0]

    _, html = deal_until("kitty", "pitch", 4)
    assert re.search(r'data-testid="kitty".*?class="pcard back"><span class="sr-only">face-down card', html, re.S)
    assert 'data-testid="muck"' in html
    _, html = deal_until("double", "burn", 2)
    assert len(re.findall(r'data-card=', html.split('data-testid="board-bottom"')[1].split("</div>")[0])) == 3
    # deal the stud hand to the first bring-in: the three up-cards are shown, nothing else
    fresh = client.get("/lessons/games").get_data(as_text=True).split('id="cell-stud"')[1].split("</section>")[0]
    at, html = deal_until("stud", "name_opener")
    # The row of seat numbers is the same whether or not its step is due: it never tells.
    row = re.compile(r'<fieldset class="seat-row".*?</fieldset>', re.S)
    assert row.findall(html) == row.findall(fresh) and len(row.findall(html)) == 1
    assert sorted(re.findall(r'data-card="(\w\w)"', html)) == ["2c", "9d", "9h"]
    wrong = client.post("/lessons/games/cells/stud/step", data={"at": str(at), "seat_step": "name_opener:3"},
                        headers=HX).get_data(as_text=True)
    assert "✘" in wrong and "8.11.3(a)" in wrong
    # A row's seat number names its step; one that is not a seat step of the game is refused as no step.
    for bad in ("collect_bets:1", "name_opener:x", "name_opener", "pitch_up:"):
        refused = client.post("/lessons/games/cells/stud/step", data={"at": str(at), "seat_step": bad}, headers=HX)
        assert "Choose a dealer action first." in refused.get_data(as_text=True), bad
    right = client.post("/lessons/games/cells/stud/step", data={"at": str(at), "seat_step": "name_opener:1"},
                        headers=HX).get_data(as_text=True)
    assert "Seat 1 (2c) brings in." in right
