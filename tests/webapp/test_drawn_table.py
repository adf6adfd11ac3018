"""The drawn table (webapp/trainee/drawn_table.py, templates/trainee/lessons/_table.html): places that
cannot overlap, and seat and box buttons whose spoken names say what the drawing shows."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.questions.base import MalformedAnswer
from engine.steps import Step
from webapp import ROOT, store
from webapp.db import get_db
from webapp.trainee.drawn_table import (ROWS, board_label, box_label, box_layout, cards_spoken, seat_label,
                                        seat_layout)
from webapp.lessonfile import load_library

HX = {"HX-Request": "true"}
LIBRARY = load_library(str(Path(ROOT) / "lessons"))


@pytest.mark.parametrize("n", range(1, 20))
def test_seats_take_distinct_rim_cells_clockwise_from_the_dealers_left(n):
    layout = seat_layout(n)
    cells = [(p.row, p.col) for p in layout.places.values()]
    assert len(set(cells)) == n
    dealer = (layout.dealer.row, layout.dealer.col)
    assert dealer not in cells and dealer == (ROWS, (layout.cols + 1) // 2)
    for row, col in cells:   # on the rim, never in the middle where the board is
        assert row in (1, ROWS) or col in (1, layout.cols)
    if n > 1:   # seat 1 on the dealer's left, the last seat on the right, below the top row
        assert layout[1].col < dealer[1] < layout[n].col and layout[1].row > 1 and layout[n].row > 1


def test_boxes_stand_in_one_row_box_1_on_the_dealers_left():
    layout = box_layout(7)
    assert {p.row for p in layout.places.values()} == {3}
    assert [layout[b].col for b in range(1, 8)] == [7, 6, 5, 4, 3, 2, 1]


def test_a_stud_seat_names_its_up_cards_and_counts_its_down_cards():
    seat = {"seat": 3, "empty": False, "name": "Ann", "stack": 95, "in_front": 4, "folded": False,
            "all_in": False, "button": True, "won": 0, "cards": [None, None, "7s"], "up": [False, False, True]}
    assert seat_label(seat) == ("Seat 3, Ann, dealer button, stack 95, face up: Seven of spades; "
                                "2 cards face down, bet 4")
    # at the showdown the down-cards are turned over and said to be so
    assert cards_spoken(["2c", "Td", "7s"], [False, False, True]) == (
        "dealt down, now shown: Two of clubs, Ten of diamonds; face up: Seven of spades")
    assert cards_spoken(["As", "Kh"], [False, False]) == "cards: Ace of spades, King of hearts"
    assert cards_spoken([None], [False]) == "1 card face down"


def test_folded_empty_all_in_and_winning_seats():
    base = {"seat": 2, "empty": False, "name": "Ben", "stack": 0, "in_front": 0, "button": False,
            "won": 0, "cards": [None, None], "up": [False, False]}
    assert seat_label({**base, "folded": True, "all_in": False}) == "Seat 2, Ben, stack 0, folded"
    assert seat_label({**base, "folded": False, "all_in": True, "won": 30}) == (
        "Seat 2, Ben, stack 0, all in, 2 cards face down, won 30")
    assert seat_label({"seat": 6, "empty": True}) == "Seat 6, empty"


def test_a_box_says_its_wagers_cards_and_result():
    box = {"box": 1, "empty": False, "name": "Ann", "blind": False, "ante": 10, "bonus": 5, "call": 20,
           "folded": False, "cards": ["4s", "7c"], "settlement": {"outcome": "lose", "paid": 0}}
    assert box_label(box) == "Box 1, Ann, ante 10, bonus 5, call 20, cards: Four of spades, Seven of clubs, lose"
    assert box_label({"box": 4, "empty": True}) == "Box 4, empty"
    assert board_label([]) == "Board: no cards yet"


def _deal(app, slug: str, cell_id: str, steps: int | None = None) -> None:
    """Store the first `steps` right steps (all, if None) of a lesson's table cell."""
    cell = LIBRARY.lessons[slug].cell(cell_id)
    hand, done = cell.engine.new_hand(), []
    while (exp := hand.expected()) is not None and (steps is None or len(done) < steps):
        step = exp.step()
        assert hand.propose(step).ok
        done.append(step.to_dict())
    with app.app_context():
        user = get_db().execute("select id from users where username = 'trainee'").fetchone()[0]
        with store.cell_transaction(user, slug, cell_id) as state:
            state["steps"], state["done"] = done, int(hand.finished)
            store.save_state(state)


def _seat_buttons(html: str, cell_id: str) -> list[str]:
    section = html.split(f'id="cell-{cell_id}"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<button type="submit" name="seat".*?</button>', section, re.S)


def test_seat_buttons_are_named_by_what_they_show(app, client, auth):
    """No aria-label that hides the drawing: the button's name is its hidden text,
    the same facts as the drawing, which is hidden from screen readers."""
    slug, cell_id = "stud-01-seven-card-stud", "deal-stud"
    cell = LIBRARY.lessons[slug].cell(cell_id)
    hand = cell.engine.new_hand()
    while (exp := hand.expected()).kind != "name_opener":
        hand.propose(exp.step())
    _deal(app, slug, cell_id, hand.step_count)
    auth.login()
    buttons = _seat_buttons(client.get(f"/lessons/{slug}").get_data(as_text=True), cell_id)
    view = hand.view()
    assert len(buttons) == len(view["seats"])
    for button, seat in zip(buttons, view["seats"]):
        assert "aria-label" not in button.split(">", 1)[0]
        said = re.search(r'<span class="sr-only">([^<]*)</span>\s*<span class="seat-face" aria-hidden="true">', button)
        assert said and said.group(1) == seat_label(seat).replace("'", "&#39;")
        assert f'id="cell-{cell_id}--seat-{seat["seat"]}"' in button
        assert ('tabindex="-1"' in button) == seat["empty"]        # empty seats are no Tab stop
        if not seat["empty"]:
            assert "face up: " in said.group(1) and "2 cards face down" in said.group(1)
            assert button.count("dealt-up") == 1 and button.count("dealt-down") == 2


def test_a_finished_casino_round_shows_losses_as_losses(app, client, auth):
    slug, cell_id = "casino-01-casino-holdem", "deal-a-round"
    _deal(app, slug, cell_id)
    auth.login()
    html = client.get(f"/lessons/{slug}").get_data(as_text=True)
    section = html.split(f'id="cell-{cell_id}"', 1)[1].split("</section>", 1)[0]
    outcomes = re.findall(r'class="outcome outcome-(\w+)">(\w+)', section)
    assert outcomes and all(cls == word for cls, word in outcomes)
    assert {"lose", "fold"} & {cls for cls, _ in outcomes}
    css = (Path(ROOT) / "static" / "table.css").read_text()
    rule = re.search(r"\.outcome-lose, \.outcome-fold \{([^}]*)\}", css).group(1)
    assert "--ok" not in rule and "--bad" in rule


def test_messages_name_places_and_fields_as_the_screen_does(app, client, auth):
    auth.login()
    casino = LIBRARY.lessons["casino-01-casino-holdem"].cell("deal-a-round").engine
    several = next(iter(casino.step_kinds["seats"]))
    body = client.post("/lessons/casino-01-casino-holdem/cells/deal-a-round/step",
                       data={"at": "0", "kind": several}, headers=HX).get_data(as_text=True)
    assert "tick the boxes it applies to first" in body and "seat(s)" not in body
    pots = LIBRARY.lessons["holdem-03-all-ins-and-side-pots"].cell("side-pot-sizes").engine
    with pytest.raises(MalformedAnswer, match=r"^Enter a whole number of chips for Main pot,"):
        pots.parse({})
    split = LIBRARY.lessons["double-flop-01"].cell("split-top-half").engine
    with pytest.raises(MalformedAnswer, match=re.escape("chips for " + split.choices[0][1] + ",")):
        split.parse({})


def test_a_wrong_step_keeps_every_control(app, client, auth):
    """A wrong step changes nothing: its reply swaps no control, so focus stays where it was
    (and the full cell, e.g. after a stale step, draws every control with the same id)."""
    auth.login()
    slug, cell_id = "holdem-01-dealing-a-hand", "deal-a-hand"
    hand = LIBRARY.lessons[slug].cell(cell_id).engine.new_hand()
    _, actions = hand.step_kinds()
    wrong = next(kind for kind in actions if kind != hand.expected().kind)
    body = client.post(f"/lessons/{slug}/cells/{cell_id}/step", data={"at": "0", "kind": wrong},
                       headers=HX).get_data(as_text=True)
    assert "✘" in body and f'id="cell-{cell_id}--kind-{wrong}"' not in body and "data-seat" not in body
    stale = client.post(f"/lessons/{slug}/cells/{cell_id}/step", data={"at": "5", "kind": wrong},
                        headers=HX).get_data(as_text=True)
    assert f'id="cell-{cell_id}--kind-{wrong}"' in stale
    assert hand.propose(Step(wrong)).ok is False
