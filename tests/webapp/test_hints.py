"""Hints that teach, in the notebook: the first wrong dealer step in a row
names the rule it breaks, the second asks a leading question, the third names
the step due; each attempt stores the level, and a right step starts over."""
import html
import re

import pytest

from engine.steps import Step
from webapp.db import get_db
from webapp.lessonfile import load_library

HX = {"HX-Request": "true"}
LESSON = '''+++
title = "Hints"
+++

```table
id = "holdem"
seed = 5
button_was = 1
seats = { 1 = ["Ann", 100], 3 = ["Ben", 100], 5 = ["Cara", 100] }
actions = ["call", "call", "check", "check", "check", "check", "check", "check", "check",
           "check", "check", "check"]
```

```table
id = "casino"
game = "casino-holdem"
seed = 4
boxes = { 1 = ["Ann", 10, 5], 3 = ["Bob", 10, 0], 5 = ["Cy", 20, 0] }
decisions = { 1 = "call", 3 = "fold", 5 = "call" }
```
'''


@pytest.fixture
def lesson_app(app, tmp_path):
    (tmp_path / "hints.md").write_text(LESSON)
    app.config["LESSONS_DIR"] = str(tmp_path)
    return app


def form(proc, step: Step) -> dict:
    if step.kind in proc.seat_steps:
        return {"tool": step.kind, "seat": str(step.seat)}
    if step.kind in proc.seats_steps:
        return {"kind": step.kind, "winners": [str(s) for s in step.seats]}
    return {"kind": step.kind}


def feedback(body: str) -> str:
    """The feedback's words, tags dropped and entities read."""
    part = body.split('data-testid="feedback">', 1)[1].split("</div>", 1)[0]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", part)).split())


def attempts(app, cell):
    with app.app_context():
        return [(r["correct"], r["hint_level"], r["message"]) for r in get_db().query(
            "select correct, hint_level, message from attempts where cell = ? order by id", [cell])]


@pytest.mark.parametrize("cell_id", ["holdem", "casino"])
def test_three_wrong_steps_give_three_levels_and_a_right_step_resets(lesson_app, client, auth, cell_id):
    auth.login()
    proc = load_library(lesson_app.config["LESSONS_DIR"]).lessons["hints"].cell(cell_id).engine.new_hand()
    at, rev = 0, 0

    def post(step: Step) -> str:
        nonlocal rev
        r = client.post(f"/lessons/hints/cells/{cell_id}/step",
                        data={"at": str(at), "rev": str(rev), **form(proc, step)}, headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)[-400:]
        rev += 1
        return r.get_data(as_text=True)

    def wrong_one() -> Step:
        exp = proc.expected()
        kind = next(k for k in proc.labels if k != exp.kind and k in (proc.seat_steps | proc.seats_steps
                                                                       | {"burn", "no_more_bets", "deal_flop"}))
        return Step(kind, seat=exp.seat or 1, seats=(exp.seat or 1,)) if kind in proc.seat_steps else \
            Step(kind, seats=(1,))

    for right_steps in range(2):       # at the first step, and again after a right one
        exp = proc.expected()
        wrong = proc.propose(wrong_one())
        assert not wrong.ok
        label = proc.labels[exp.kind]
        shown = [feedback(post(wrong_one())) for _ in range(4)]
        for level, text in zip((1, 2, 3, 3), shown):
            assert text.startswith("✘") and wrong.hints[level - 1] in text, (level, text)
            assert level == 3 or label not in text, (level, text)
        assert wrong.hints[2] == wrong.message       # level 3: the due step, as before
        assert exp.rule in shown[0] and f"See {exp.rule}." in shown[1]
        body = post(exp.step())
        assert "✔" in body
        proc.propose(exp.step())
        at += 1
    rows = attempts(lesson_app, cell_id)
    assert [(c, h) for c, h, _ in rows] == [(0, 1), (0, 2), (0, 3), (0, 3), (1, None)] * 2
    assert rows[0][2].startswith("Wrong order")  # stored: what the trainee saw
    # a wrong step changes nothing: the stored steps replay to the same point
    with lesson_app.app_context():
        state = next(get_db().query("select steps, wrong_in_a_row from cell_state where cell = ?", [cell_id]))
    assert state["wrong_in_a_row"] == 0 and state["steps"].count('"kind"') == 2
