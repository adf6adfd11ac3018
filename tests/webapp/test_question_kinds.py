"""The new question kinds in the app: each renders its input, takes a right
answer (✔, explained), refuses a wrong one with a hint (✘, the rule) and a
malformed one with 422, and restores what the trainee sent."""
from __future__ import annotations

import pytest

from webapp import create_app
from webapp.auth import create_user
from webapp.db import get_db

from .conftest import PASSWORDS, post_answer

SLUG = "kinds"
LESSON = '''+++
title = "New kinds"
+++

```question
id = "halves"
ask = "halves"
game = "omaha-hi-lo"
button_was = 3
seats = { 1 = ["Ann", 100], 2 = ["Ben", 100], 3 = ["Cal", 100] }
stack = "Ac Ad 4h 3s 3d 6s Kh 9c Jc Qh 9s Jd 8s 2c 5d 7h 8h Ks 8d Kd"
actions = ["call", "call", "check", "bet 2", "call", "call", "check", "check", "check", "check", "check", "check"]
expect = { 0 = [2], 1 = [2, 3] }
```

```question
id = "shares"
ask = "shares"
game = "omaha-hi-lo"
button_was = 3
seats = { 1 = ["Ann", 100], 2 = ["Ben", 100], 3 = ["Cal", 100] }
stack = "Ac Ad 4h 3s 3d 6s Kh 9c Jc Qh 9s Jd 8s 2c 5d 7h 8h Ks 8d Kd"
actions = ["call", "call", "check", "bet 2", "call", "call", "check", "check", "check", "check", "check", "check"]
expect = { 1 = 0, 2 = 9, 3 = 3 }
```

```question
id = "order"
ask = "order"
hands = ["Ah Kh Qh Jh 9h", "As Ks Qs Js Ts", "Ad Kd Qd Jd 9d"]
expect = { 0 = 2, 1 = 1, 2 = 2 }
```

```question
id = "best"
ask = "best_hand"
game = "omaha"
hole = "Ah 2c Kd Qs"
board = "3h 7h 9h Jh 5c"
expect = [0, 2, 5, 6, 7]
```

```question
id = "largest"
ask = "largest_bet"
structure = "pot"
limits = [2]
order = [3, 1, 2]
stacks = { 1 = 500, 2 = 500, 3 = 500 }
posted = { 1 = 1, 2 = 2 }
actions = ["raise 7"]
expect = 23
```

```question
id = "casino"
ask = "casino_settle"
game = "casino-holdem"
about = "paid"
box = 5
seed = 4
boxes = { 1 = ["Ann", 10, 5], 3 = ["Bob", 10, 0], 5 = ["Cy", 20, 0] }
decisions = { 1 = "call", 3 = "fold", 5 = "call" }
```

```question
id = "show"
ask = "first_to_show"
button_was = 6
seed = 170
seats = { 1 = ["Fay", 150], 3 = ["Gus", 150], 6 = ["Hal", 150], 8 = ["Ivy", 150] }
actions = ["call", "call", "call", "check", "check", "check", "check", "check", "check", "check", "check",
           "check", "check", "bet 10", "raise 30", "fold", "fold", "call"]
expect = 6
```

```question
id = "missed"
ask = "across_hands"
about = "missed_blinds"
hand = 5
events = """
seat 1 Ann
seat 3 Bob
seat 4 Cat
seat 6 Dan
seat 8 Eve
blinds 1 2
button 1
2 away Dan
5 back Dan post
"""
```
'''

# cell: (what the page must show, right form, wrong form, malformed form)
CASES = {
    "halves": ('value="1.none"', {"seats": ["0.2", "1.2", "1.3"]}, {"seats": ["0.2", "1.2"]},
               {"seats": ["0.2", "1.none", "1.3"]}),
    "shares": ('name="amount-2"', {"amount-1": "0", "amount-2": "9", "amount-3": "3"},
               {"amount-1": "0", "amount-2": "6", "amount-3": "6"}, {"amount-1": "٣"}),
    "order": ('min="1" max="3"', {"amount-0": "2", "amount-1": "1", "amount-2": "2"},
              {"amount-0": "1", "amount-1": "2", "amount-2": "3"}, {"amount-0": "9", "amount-1": "1", "amount-2": "2"}),
    "best": ('Ah (hole)', {"seats": ["0", "2", "5", "6", "7"]}, {"seats": ["0", "4", "5", "6", "7"]},
             {"seats": ["0", "2"]}),
    "largest": ('name="amount"', {"amount": "23"}, {"amount": "19"}, {"amount": "1e3"}),
    "casino": ('name="amount-ante"', {"amount-ante": "20", "amount-call": "40"},
               {"amount-ante": "20", "amount-call": "20"}, {"amount-ante": "x"}),
    "show": ('name="seat"', {"seat": "6"}, {"seat": "3"}, {"seat": "99"}),
    "missed": ('name="amount-live"', {"amount-live": "2", "amount-dead": "1"},
               {"amount-live": "3", "amount-dead": "0"}, {"amount-live": "two"}),
}


@pytest.fixture
def kinds_app(tmp_path):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / f"{SLUG}.md").write_text(LESSON, encoding="utf-8")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "k.db"),
                      "LESSONS_DIR": str(lessons), "WTF_CSRF_ENABLED": False})
    with app.app_context():
        create_user(get_db(), "trainee", PASSWORDS["trainee"], "trainee")
    return app


@pytest.mark.parametrize("cell", list(CASES))
def test_new_kind_in_the_app(kinds_app, cell):
    client = kinds_app.test_client()
    client.post("/auth/login", data={"username": "trainee", "password": PASSWORDS["trainee"]})
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    assert "no problems" not in page and f'id="cell-{cell}"' in page
    shown, right, wrong, malformed = CASES[cell]
    section = page.split(f'id="cell-{cell}"')[1].split("</section>")[0]
    assert shown in section
    r = post_answer(client, SLUG, cell, malformed)
    assert r.status_code == 422
    r = post_answer(client, SLUG, cell, wrong)
    text = r.get_data(as_text=True)
    assert r.status_code == 200 and "✘" in text
    r = post_answer(client, SLUG, cell, right)
    text = r.get_data(as_text=True)
    assert r.status_code == 200 and "✔" in text
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    section = page.split(f'id="cell-{cell}"')[1].split("</section>")[0]
    if "seats" in right:
        assert section.count("checked") == len(right["seats"])


def test_a_questions_table_is_drawn_once_and_anew_when_its_cell_changes(kinds_app, monkeypatch):
    from webapp.trainee import notebook
    drawn = []
    real = notebook.render_template

    def counting(name, **context):
        drawn.append(name)
        return real(name, **context)
    monkeypatch.setattr(notebook, "render_template", counting)
    monkeypatch.setattr(notebook, "_question_tables", {})
    client = kinds_app.test_client()
    client.post("/auth/login", data={"username": "trainee", "password": PASSWORDS["trainee"]})
    first = client.get(f"/lessons/{SLUG}").get_data(as_text=True).split('id="cell-halves"')[1]
    for answer in ({"seats": ["0.2"]}, {"seats": ["0.2", "1.2"]}):
        reply = post_answer(client, SLUG, "halves", answer).get_data(as_text=True)
        assert first.split('data-testid="table"')[1].split("</section>")[0].split("</div>\n</div>")[0] in reply
    tables = drawn.count("trainee/lessons/_table.html")
    assert 1 <= tables <= 3                       # one per question cell with a table, whatever was posted
    lesson = kinds_app.config["LESSONS_DIR"] + f"/{SLUG}.md"
    text = open(lesson, encoding="utf-8").read()
    open(lesson, "w", encoding="utf-8").write(text.replace('3 = ["Cal", 100] }', '3 = ["Cy", 100] }', 1))
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True).split('id="cell-halves"')[1].split("</section>")[0]
    assert "Cy" in page and drawn.count("trainee/lessons/_table.html") == tables + 1   # only the changed cell
