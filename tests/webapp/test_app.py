"""Flask test-client tests: sign in, notebook, steps, answers, scores, security."""
import re

import pytest

from webapp import create_app
from webapp.db import get_db
from webapp.lessonfile import LessonError, load_library, parse_lesson

from .conftest import cells_in, post_answer

LESSON = "holdem-01-dealing-a-hand"
HX = {"HX-Request": "true"}


def test_login_required_and_wrong_password(client):
    assert client.get(f"/lessons/{LESSON}").status_code == 302
    r = client.post("/auth/login", data={"username": "trainee", "password": "nope"})
    assert r.status_code == 401 and b"wrong password" in r.data


def test_passwords_are_hashed(app):
    with app.app_context():
        row = next(get_db().query("select password_hash from users where username = 'trainee'"))
    assert "deal-right-1" not in row["password_hash"] and row["password_hash"].startswith(("scrypt:", "pbkdf2:"))


def test_lesson_list_and_notebook(client, auth):
    auth.login()
    r = client.get("/lessons/")
    assert b"Hold&#39;em 1: dealing a hand" in r.data
    # listed by the header's order: Hold'em 1 (order 10) before Table rules 1 (20) and Casino (60)
    assert r.data.index(b"Hold&#39;em 1") < r.data.index(b"Table rules 1") < r.data.index(b"Casino Hold&#39;em 1")
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    assert 'id="cell-deal-a-hand"' in page and 'id="cell-three-way-split"' in page
    cells = cells_in(LESSON)
    assert cells >= 5 and page.count('data-testid="counter"') == cells   # one counter per interactive cell
    assert "/vendor/htmx.min.js" in page


def test_htmx_served_locally(client):
    r = client.get("/vendor/htmx.min.js")
    assert r.status_code == 200 and b"htmx" in r.data[:2000]
    assert re.search(rb'version:\s*"2\.', r.data)


def step(client, kind=None, seat=None, at=0, tool=None, winners=()):
    data = {"at": str(at)}
    if kind:
        data["kind"] = kind
    if tool:
        data["tool"] = tool
    if seat is not None:
        data["seat"] = str(seat)
    if winners:
        data["winners"] = [str(w) for w in winners]
    return client.post(f"/lessons/{LESSON}/cells/deal-a-hand/step", data=data, headers=HX)


def attempts(app):
    with app.app_context():
        return list(get_db().query("select * from attempts order by id"))


def test_right_and_wrong_dealer_steps_are_stored(app, client, auth):
    auth.login()
    r = step(client, tool="move_button", seat=9)
    assert r.status_code == 200 and "Button to seat 9" in r.get_data(as_text=True)
    r = step(client, kind="burn", at=1)
    text = r.get_data(as_text=True)
    assert "8.2.2(a)" in text and "✘" in text
    rows = attempts(app)
    assert [(a["correct"], a["rule"]) for a in rows] == [(1, "8.17.1(a)"), (0, "8.2.2(a)")]
    assert rows[0]["step"] == "Move the button (seat 9)"
    # the counter shows the cell's attempt number
    assert re.search(r'data-testid="counter">2<', text)


def test_out_of_order_and_malformed_requests_change_nothing(app, client, auth):
    auth.login()
    step(client, tool="move_button", seat=9)
    r = step(client, tool="post_blind", seat=2, at=0)  # stale: the page thought no step was done
    assert r.status_code == 409 and "nothing was recorded" in r.get_data(as_text=True)
    r = client.post(f"/lessons/{LESSON}/cells/deal-a-hand/step", data={"at": "1", "tool": "pitch"}, headers=HX)
    assert r.status_code == 422 and "click the seat" in r.get_data(as_text=True)
    r = client.post(f"/lessons/{LESSON}/cells/deal-a-hand/step", data={"at": "x", "kind": "burn"}, headers=HX)
    assert r.status_code == 422
    assert len(attempts(app)) == 1
    assert client.post(f"/lessons/{LESSON}/cells/nope/step", data={}, headers=HX).status_code == 404


def test_face_down_cards_and_answers_are_not_sent(client, auth):
    auth.login()
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    table = page.split('id="cell-deal-a-hand"')[1].split('id="cell-first-on-flop"')[0]
    assert "data-card=" not in table  # nothing dealt face up yet, the deck is never sent
    # the who-wins question shows the showdown but not which box is right
    who = page.split('id="cell-who-wins"')[1].split("</section>")[0]
    assert "checked" not in who


def test_question_answers_scored_and_restored(app, client, auth):
    auth.login()
    r = post_answer(client, LESSON, "three-way-split", {"amount-2": "30", "amount-5": "30", "amount-8": "40"})
    assert "✘" in r.get_data(as_text=True) and "8.1.5" in r.get_data(as_text=True)
    r = post_answer(client, LESSON, "three-way-split", {"amount-2": "35", "amount-5": "30", "amount-8": "35"})
    assert "✔" in r.get_data(as_text=True)
    r = post_answer(client, LESSON, "three-way-split", {"amount-2": "lots"})
    assert r.status_code == 422
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    assert 'value="35"' in page and f"1 of {cells_in(LESSON)} cells done" in page
    assert "score 50% (1 right of 2 attempts)" in page


def test_instructor_only_class_view(client, auth):
    auth.login("trainee")
    assert client.get("/progress/class").status_code == 403
    auth.logout()
    auth.login("instructor")
    assert b"Class progress" in client.get("/progress/class").data


def test_csrf_required_on_state_changes(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "c.db")})
    client = app.test_client()
    r = client.post("/auth/login", data={"username": "a", "password": "b"})
    assert r.status_code == 400 and b"sign-in form had expired" in r.data


def test_broken_lesson_is_reported_and_the_rest_still_work(tmp_path, client, auth, app):
    (tmp_path / "good.md").write_text('+++\ntitle = "Good"\n+++\n\n```question\nid = "q"\nask = "split"\n'
                                      'pot = 10\nwinners = [1, 2]\nbutton = 3\n```\n')
    (tmp_path / "bad.md").write_text('+++\ntitle = "Bad"\n+++\ntext\n\n```question\nid = "q"\nask = "split"\n'
                                     'pot = ten\n```\n')
    lib = load_library(str(tmp_path))
    assert list(lib.lessons) == ["good"]
    assert str(lib.errors[0]) == "lessons/bad.md:9: not valid TOML: Invalid value (column 7)"
    app.config["LESSONS_DIR"] = str(tmp_path)
    auth.login("instructor")
    page = client.get("/lessons/").get_data(as_text=True)
    assert "Good" in page and "lessons/bad.md:9" in page


@pytest.mark.parametrize("text, where, words", [
    ("no header", 1, "title"),
    ('+++\ntitle = "T"\n+++\n```table\nid = "Bad Id"\n```\n', 4, "id of lower-case"),
    ('+++\ntitle = "T"\n+++\n```question\nid = "a"\nask = "what"\n```\n', 4, "ask must be one of"),
    ('+++\ntitle = "T"\n+++\n```table\nid = "a"\nseats = { 1 = ["A", 5] }\n```\n', 4, "at least three"),
    ('+++\ntitle = "T"\n+++\n```question\nid = "a"\nask = "first_to_act"\nhand = "zz"\n```\n', 4, "names no table"),
    ('+++\ntitle = "T"\n+++\n```table\nid = "a"\n', 4, "never closed"),
])
def test_lesson_errors_name_file_and_line(text, where, words):
    with pytest.raises(LessonError) as info:
        parse_lesson(text, path="lessons/x.md")
    assert info.value.line == where and words in info.value.message


def test_markdown_is_sanitised(tmp_path, client, auth, app):
    (tmp_path / "x.md").write_text('+++\ntitle = "X"\n+++\n<script>alert(1)</script>\n\n'
                                   '```question\nid = "q"\nask = "split"\npot = 10\nwinners = [1, 2]\nbutton = 3\n```\n')
    app.config["LESSONS_DIR"] = str(tmp_path)
    auth.login()
    page = client.get("/lessons/x").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page


def test_showdown_question_does_not_show_the_award(client, auth):
    auth.login()
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    who = page.split('id="cell-who-wins"')[1].split("</section>")[0]
    assert 'class="won"' not in who and "Pot 6" in who


def test_table_rules_lesson_questions(app, client, auth):
    auth.login()
    slug = "table-01-button-blinds-misdeals"
    page = client.get(f"/lessons/{slug}").get_data(as_text=True)
    assert page.count('data-testid="counter"') == 7 and "What happens now?" in page
    r = post_answer(client, slug, "out-of-order-early", {"choice": "misdeal"})
    assert "✔" in r.get_data(as_text=True) and "9.1.1(a)(iii)" in r.get_data(as_text=True)
    r = post_answer(client, slug, "dead-button", {"seat": "3"})
    assert "✘" in r.get_data(as_text=True) and "8.2.6" in r.get_data(as_text=True)
    r = post_answer(client, slug, "dead-button", {"seat": "4"})
    assert "dead button" in r.get_data(as_text=True)
    assert [(a["cell"], a["correct"]) for a in attempts(app)] == [
        ("out-of-order-early", 1), ("dead-button", 0), ("dead-button", 1)]


def test_chosen_seat_tool_stays_chosen(client, auth):
    auth.login()
    r = step(client, tool="post_blind", seat=4)   # wrong seat: refused; the page's tools are not sent again
    assert r.status_code == 200 and 'name="tool"' not in r.get_data(as_text=True)
    r = step(client, tool="post_blind", seat=4, at=3)   # stale: the whole cell, the tool still chosen
    assert r.status_code == 409 and re.search(r'value="post_blind" checked', r.get_data(as_text=True))
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    assert re.search(r'value="move_button" checked', page)


def test_my_progress_lists_attempts_and_rules_missed(client, auth):
    auth.login()
    step(client, kind="burn")   # wrong: the button moves first (8.17.1(a))
    page = client.get("/progress/").get_data(as_text=True)
    assert "Rule 8.17.1(a): 1 time" in page and "Burn a card" in page and "wrong" in page
    assert f"0 of {cells_in(LESSON)} cells done" in page
