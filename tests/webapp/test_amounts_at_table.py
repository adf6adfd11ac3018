"""A table cell's `amounts = [...]` (issue 32, deliverable 3): the table stops
where the amount arises and asks it; the answer is typed or built with the
chip buttons, checked by the engine, timed, stored once, and the hand goes
on; nothing on the page answers it before it is answered; `lessons check`
refuses a bad `amounts` at its line."""
from __future__ import annotations

import pytest

from webapp.db import get_db
from webapp.lessonfile import LessonError, parse_lesson
from webapp.trainee import hands

from .conftest import HX, post_answer, step_form

LESSON = '''+++
title = "Amounts at the table"
+++

Deal it; the table asks for the pots as they form.

```table
id = "deal"
title = "Deal a hand with an all-in for less"
seed = 9
button_was = 1
amounts = ["side-pots"]
seats = { 1 = ["Ann", 50], 3 = ["Ben", 120], 5 = ["Cal", 200], 7 = ["Dee", 200] }
stack = "8c Qc As Ks 8d Jd Ah Kh 5h 2c 7d 9h 6h 4s Td 3c"
actions = ["all-in", "call", "call", "call",
           "bet 30", "call", "all-in", "call", "call",
           "check", "check",
           "check", "check"]
```

```table
id = "plo"
title = "Pot limit"
game = "omaha"
betting = "pot"
limits = [2]
button_was = 8
amounts = ["pot-limit-max", "call-amount"]
seats = { 1 = ["Ann", 200], 3 = ["Ben", 200], 6 = ["Cal", 200], 8 = ["Dee", 200] }
stack = "3c Kd Th Ah 3s Qd 8d Ad 6h 6c 5c Kc 7d 2c 5d 7c 2h Qs Jd 4c 2d 9h 3h 2s"
actions = ["call", "raise 9", "fold", "call", "call", "check", "bet 10", "raise 58", "fold", "call",
           "check", "check", "bet 50", "call"]
```
'''
QUESTION = "deal-side-pots"


@pytest.fixture
def lesson_dir(empty_lessons):
    (empty_lessons / "amounts.md").write_text(LESSON)
    hands.clear()
    return empty_lessons


def right_steps(table) -> list:
    hand, steps = table.engine.new_hand(), []
    while (due := hand.expected()) is not None:
        steps.append(due.step())
        hand.propose(due.step())
    return steps


def deal(client, steps, start: int) -> str:
    html = ""
    for at, step in enumerate(steps, start=start):
        reply = client.post("/lessons/amounts/cells/deal/step", data=step_form(step, at=at), headers=HX)
        assert reply.status_code == 200, reply.get_data(as_text=True)[:300]
        html = reply.get_data(as_text=True)
    return html


def section(html: str, cell_id: str) -> str:
    return html.split(f'id="cell-{cell_id}"', 1)[1].split("</section>", 1)[0]


def attempts(app, cell: str) -> list:
    with app.app_context():
        return list(get_db().query("select answer, correct, rule, message, elapsed_ms from attempts where cell = ? "
                                   "order by id", [cell]))


def test_the_lesson_gets_one_question_per_kind_at_its_point():
    lesson = parse_lesson(LESSON, "lessons/amounts.md")
    ids = [c.id for c in lesson.interactive_cells]
    assert ids[:3] == ["deal", QUESTION, "plo"] and set(ids[3:]) == {"plo-pot-limit-max", "plo-call-amount"}
    # The earliest point first: the order the table stops in.
    assert [c.checkpoint.steps for c in lesson.interactive_cells[3:]] == sorted(
        c.checkpoint.steps for c in lesson.interactive_cells[3:])
    asked = lesson.cell(QUESTION)
    assert asked.after == "deal" and asked.asked_by == "deal" and asked.checkpoint.at == "pots"
    assert asked.engine.answer == "200 / 210"
    assert asked.line == 12        # the amounts line, for lessons check
    plo = [lesson.cell("plo-pot-limit-max"), lesson.cell("plo-call-amount")]
    assert all(c.checkpoint.at.split(":")[0] for c in plo)
    assert plo[0].engine.rule == "6.6" and plo[0].engine.chips == (1, 5, 25, 100, 500, 1000)


def test_the_table_stops_asks_and_goes_on(app, lesson_dir, client, auth):
    lesson = parse_lesson(LESSON, str(lesson_dir / "amounts.md"))
    point = lesson.cell(QUESTION).checkpoint
    steps = right_steps(lesson.cell("deal"))
    auth.login()
    page = client.get("/lessons/amounts").get_data(as_text=True)
    assert 'data-testid="locked"' in section(page, QUESTION)
    reached = deal(client, steps[:point.steps], 0)
    assert "The hand waits here" in reached
    opened = section(reached, QUESTION)
    assert 'data-testid="locked"' not in opened and 'class="chip"' in opened and 'data-chip="25"' in opened
    assert "Main pot / Side pot 1" in opened

    refused = client.post("/lessons/amounts/cells/deal/step", data=step_form(steps[point.steps], at=point.steps),
                          headers=HX)
    assert refused.status_code == 409 and "Answer the question below first" in refused.get_data(as_text=True)
    # Nothing shown before the answer gives it: not the amounts, not the working.
    page = client.get("/lessons/amounts").get_data(as_text=True)
    for html in (page, reached, refused.get_data(as_text=True)):
        assert "210" not in html and "200 / 210" not in html and "contested by seats" not in html

    # Not an amount: refused, nothing recorded, the hand still waits.
    bad = post_answer(client, "amounts", QUESTION, {"amount": "two hundred", "elapsed_ms": "900"})
    assert bad.status_code == 422 and attempts(app, QUESTION) == []

    rev = "0"
    answered = post_answer(client, "amounts", QUESTION, {"amount": "200/210", "elapsed_ms": "4200"}, rev=rev)
    text = answered.get_data(as_text=True)
    assert answered.status_code == 200 and "Answered in 4.2 s." in text and "✔" in text
    assert 'id="cell-deal"' in text and 'hx-swap-oob="true"' in text          # the hand goes on in place
    again = post_answer(client, "amounts", QUESTION, {"amount": "200/210", "elapsed_ms": "4200"}, rev=rev)
    assert again.status_code == 409                                             # a double post is stale
    rows = attempts(app, QUESTION)
    assert [(r["answer"], r["correct"], r["elapsed_ms"]) for r in rows] == [("Main pot 200, Side pot 1 210", 1, 4200)]
    assert "1.1" in rows[0]["rule"]
    last = deal(client, steps[point.steps:], point.steps)
    assert "Hand complete" in last
    page = client.get("/lessons/amounts").get_data(as_text=True)
    assert "of 5 cells done" in page


def test_a_wrong_amount_is_refused_with_its_rule_and_recorded(app, lesson_dir, client, auth):
    lesson = parse_lesson(LESSON, str(lesson_dir / "amounts.md"))
    point = lesson.cell(QUESTION).checkpoint
    auth.login()
    deal(client, right_steps(lesson.cell("deal"))[:point.steps], 0)
    wrong = post_answer(client, "amounts", QUESTION, {"amount": "200 / 200", "elapsed_ms": "2000"})
    text = wrong.get_data(as_text=True)
    assert wrong.status_code == 200 and "✘" in text and "Side pot 1" in text and "1.1" in text
    assert "210" not in section(text, QUESTION)
    assert [(r["correct"], r["answer"]) for r in attempts(app, QUESTION)] == [(0, "Main pot 200, Side pot 1 200")]


@pytest.mark.parametrize("line, problem", [
    ('amounts = ["tip"]', "amounts: no kind 'tip'"),
    ('amounts = "rake"', "amounts must list kinds"),
    ('amounts = ["rake", "rake"]', "amounts must list kinds"),
    ('amounts = ["split"]', "this hand never gives 'split'"),
])
def test_lessons_check_refuses_a_bad_amounts_at_its_line(line, problem):
    text = LESSON.replace('amounts = ["side-pots"]', line)
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "lessons/amounts.md")
    assert caught.value.line == 12 and problem in caught.value.message
    assert str(caught.value).startswith("lessons/amounts.md:12: table cell 'deal'")


def test_the_check_finds_an_amount_given_away_above_the_question():
    """A question written by hand (`ask = "amount"`) is checked as the kind
    asking the same amount is: a heading naming the pots gives them away."""
    from webapp.trainee import preanswer

    written = '''
## Side pot 1 of 210 beside the main pot

```question
id = "pots-now"
ask = "amount"
amount = "side-pots"
hand = "deal"
at = "pots"
```
'''
    lesson = parse_lesson(LESSON + written, "lessons/amounts.md")
    assert lesson.cell("pots-now").engine.answer == "200 / 210"
    found = preanswer.leaks(lesson)
    assert [leak.cell_id for leak in found] == ["pots-now"] and "side pot 1 of 210" in found[0].what.lower()
    assert preanswer.leaks(parse_lesson(LESSON, "lessons/amounts.md")) == []
