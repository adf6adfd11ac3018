"""Drill cells (issue 12, item 1): a lesson's ```drill deals every trainee a
new generated hand, from a seed the server draws and stores with the cell
and every attempt, so any attempt replays exactly."""
from __future__ import annotations

import html
import json
import re

import pytest

from engine.steps import Step
from webapp.trainee import drill_cells
from webapp import mastery
from webapp.db import get_db
from webapp.lessonfile import LessonError, load_library, parse_lesson

from .conftest import HX, step_form
from .test_hints import LESSON as HINTS_LESSON

LESSON = '''+++
title = "Drills"
family = "flop"
+++

Side pots come from players all in for different amounts (1.1 Side pot).

```drill
id = "side-pots"
title = "Two side pots"
prompt = "Deal it; build the pots."
game = "holdem"
want = ["side-pots >= 2"]
```

The dealer who does not qualify pays every ante by the pay table and returns the calls (CH ¶12).

```drill
id = "casino"
game = "casino-holdem"
want = ["dealer-does-not-qualify"]
```

''' + "```table" + HINTS_LESSON.split("```table")[1].replace('id = "holdem"', 'id = "fixed"')
SLUG, CELL = "drills", "side-pots"
URL = f"/lessons/{SLUG}/cells/{CELL}"


def drill_text(*lines: str, kind: str = "drill") -> str:
    return '+++\ntitle = "D"\n+++\n\nText.\n\n```' + kind + '\nid = "d"\n' + "\n".join(lines) + "\n```\n"


@pytest.mark.parametrize("lines, line, words", [
    (['game = "holdem"', 'want = ["flush-draw"]'], 10, "is not a drill want"),
    (['game = "holdem"', 'want = ["no-low"]'], 10, "it is not a hi-lo game"),
    (['game = "holdem"', 'want = ["heads-up", "side-pots >= 1"]'], 10, "heads-up there is only the main pot"),
    (['game = "holdem"', 'want = ["heads-up", "odd-chip"]'], 10, "always even (8.1.5)"),
    (['game = "seven-card-stud"', 'want = ["over-blind"]'], 10, "takes no over-blind"),
    (['game = "holdem"', 'want = []'], 10, "want must be a list"),
    (['game = "omaha-high"', 'want = ["split-pot"]'], 9, "no game 'omaha-high'"),
    (['game = "casino-holdem"', 'want = ["split-pot"]'], 10, "not a drill want of the banked game"),
    (['game = "casino-holdem"', 'want = ["dealer-qualifies", "dealer-does-not-qualify"]'], 10,
     "the dealer either qualifies or does not (CH ¶9)"),
    (['game = "holdem"', 'house = "nowhere"', 'want = ["split-pot"]'], 10, "no house-rule profile"),
    (['game = "holdem"', 'want = ["split-pot"]', 'seed = 4'], 11, "takes only id, title, prompt"),
    (['want = ["split-pot"]'], 7, 'a drill needs game = "..."'),
])
def test_a_drill_that_cannot_be_dealt_is_an_error_at_its_line(lines, line, words):
    with pytest.raises(LessonError) as caught:
        parse_lesson(drill_text(*lines), "lessons/d.md")
    assert caught.value.line == line and words in caught.value.message, str(caught.value)
    assert str(caught.value).startswith(f"lessons/d.md:{line}: drill cell 'd': ")


def test_a_question_may_not_ask_about_a_drills_hand():
    text = drill_text('game = "holdem"', 'want = ["side-pots >= 1"]') + \
        '\n```question\nid = "q"\nask = "first_to_act"\nhand = "d"\nstreet = "flop"\n```\n'
    with pytest.raises(LessonError, match=r":16: question 'q': hand = 'd' is a drill cell"):
        parse_lesson(text, "lessons/d.md")


def test_a_broken_drill_leaves_the_rest_of_the_library_working(tmp_path):
    (tmp_path / "good.md").write_text(LESSON)
    (tmp_path / "bad.md").write_text(drill_text('game = "holdem"', 'want = ["no-low"]'))
    library = load_library(str(tmp_path))
    assert list(library.lessons) == ["good"]
    assert [str(e).split(": ")[0] for e in library.errors] == ["lessons/bad.md:10"]
    cell = library.lessons["good"].cell(CELL)
    assert cell.kind == "drill" and cell.dealt and cell.engine.wants == ("side-pots >= 2",)
    assert {"8.17.1(a)", "8.17.6(d)"} <= cell.engine.rules      # the button, the showdown


@pytest.fixture
def lesson_app(app, tmp_path):
    (tmp_path / f"{SLUG}.md").write_text(LESSON)
    app.config["LESSONS_DIR"] = str(tmp_path)
    return app


def state(app, user_id: int = 1, cell: str = CELL) -> dict:
    with app.app_context():
        rows = list(get_db().query("select * from cell_state where user_id = ? and cell = ?", [user_id, cell]))
    return rows[0] if rows else {}


def attempts(app) -> list[dict]:
    with app.app_context():
        return list(get_db().query("select step, correct, hint_level, seed from attempts where cell = ? "
                                   "order by id", [CELL]))


def drill(app, cell: str = CELL):
    return load_library(app.config["LESSONS_DIR"]).lessons[SLUG].cell(cell).engine


def hand_of(app, seed: int, cell: str = CELL):
    return drill(app, cell).table(seed).new_hand()


def feedback(body: str) -> str:
    part = body.split('data-testid="feedback">', 1)[1].split("</div>", 1)[0]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", part)).split())


def deal_to_the_end(client, app, cell: str = CELL) -> str:
    """Deal the trainee's current hand right to the end; the last fragment."""
    st = state(app, cell=cell)
    hand = hand_of(app, st["seed"], cell)
    hand.replay(Step.from_dict(s) for s in json.loads(st["steps"]))
    at, rev, body = len(json.loads(st["steps"])), st["runs"], ""
    while (exp := hand.expected()) is not None:
        r = client.post(f"/lessons/{SLUG}/cells/{cell}/step", data=step_form(exp.step(), at=at, rev=rev),
                        headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)[-300:]
        assert hand.propose(exp.step()).ok
        at, rev, body = at + 1, rev + 1, r.get_data(as_text=True)
    return body


def test_a_drill_deals_a_hand_from_a_stored_seed_that_never_reaches_the_browser(lesson_app, client, auth):
    auth.login()
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    seed = state(lesson_app)["seed"]
    assert seed and 1 <= seed < 2 ** 31
    cell = page.split(f'id="cell-{CELL}"', 1)[1].split("</section>", 1)[0]
    assert 'data-testid="drill"' in cell and "Two side pots" in cell and 'data-testid="table"' in cell
    assert "data-card=" not in cell          # nothing dealt yet, so no card is sent
    assert str(seed) not in cell and "Deal a new hand" not in cell
    hand = hand_of(lesson_app, seed)
    for s, (name, chips) in hand.scenario.seats.items():
        assert f'data-seat="{s}"' in cell and name in cell
    assert client.get(f"/lessons/{SLUG}").status_code == 200 and state(lesson_app)["seed"] == seed  # kept


def test_a_trainee_works_a_drill_and_deals_a_new_hand(lesson_app, client, auth):
    auth.login()
    client.get(f"/lessons/{SLUG}")
    first = state(lesson_app)["seed"]
    body = deal_to_the_end(client, lesson_app)
    assert "Hand complete." in body and "Deal a new hand" in body
    done = state(lesson_app)
    assert done["done"] == 1
    # every attempt carries the seed; the stored steps replay on it to the finished hand
    rows = attempts(lesson_app)
    assert rows and {r["seed"] for r in rows} == {first}
    steps = json.loads(done["steps"])
    replayed = drill_cells.replay(drill(lesson_app), first, steps)
    assert replayed.finished and [r["step"] for r in rows if r["correct"]] == [str(Step.from_dict(s)) for s in steps]
    first_cards = {s["seat"]: s["cards"] for s in replayed.view()["seats"] if not s["empty"]}
    # a new hand: a new seed, other cards, the cell starts again; the attempts stay
    r = client.post(f"{URL}/deal", data={"at": str(len(steps)), "rev": str(done["runs"])}, headers=HX)
    assert r.status_code == 200 and "A new hand is dealt" in r.get_data(as_text=True)
    second = state(lesson_app)
    assert second["seed"] != first and second["steps"] == "[]" and second["done"] == 1   # credit kept
    assert len(attempts(lesson_app)) == len(rows)
    deal_to_the_end(client, lesson_app)
    again = drill_cells.replay(drill(lesson_app), second["seed"], json.loads(state(lesson_app)["steps"]))
    assert {s["seat"]: s["cards"] for s in again.view()["seats"] if not s["empty"]} != first_cards
    assert {r["seed"] for r in attempts(lesson_app)} == {first, second["seed"]}


def test_restart_cell_deals_the_same_hand_again(lesson_app, client, auth):
    auth.login()
    client.get(f"/lessons/{SLUG}")
    seed = state(lesson_app)["seed"]
    hand = hand_of(lesson_app, seed)
    exp = hand.expected()
    assert client.post(f"{URL}/step", data=step_form(exp.step(), at=0, rev=0), headers=HX).status_code == 200
    r = client.post(f"{URL}/reset", headers=HX)
    assert r.status_code == 200 and "Cell restarted" in r.get_data(as_text=True)
    after = state(lesson_app)
    assert after["seed"] == seed and after["steps"] == "[]"
    client.post(f"/lessons/{SLUG}/reset")          # Restart lesson too keeps the hand
    assert state(lesson_app)["seed"] == seed


def test_stale_and_double_clicked_requests_are_409_and_record_nothing(lesson_app, client, auth):
    auth.login()
    client.get(f"/lessons/{SLUG}")
    st = state(lesson_app)
    hand = hand_of(lesson_app, st["seed"])
    step = hand.expected().step()
    assert client.post(f"{URL}/step", data=step_form(step, at=0, rev=0), headers=HX).status_code == 200
    before = (state(lesson_app), attempts(lesson_app))
    r = client.post(f"{URL}/step", data=step_form(step, at=0, rev=0), headers=HX)   # the double click
    assert r.status_code == 409 and "moved on" in r.get_data(as_text=True)
    # a new hand before this one is finished is refused, and so is a stale one
    r = client.post(f"{URL}/deal", data={"at": "1", "rev": "1"}, headers=HX)
    assert r.status_code == 409 and "to the end first" in r.get_data(as_text=True)
    assert (state(lesson_app), attempts(lesson_app)) == before
    deal_to_the_end(client, lesson_app)
    done = state(lesson_app)
    form = {"at": str(len(json.loads(done["steps"]))), "rev": str(done["runs"])}
    assert client.post(f"{URL}/deal", data=form, headers=HX).status_code == 200
    dealt = state(lesson_app)
    r = client.post(f"{URL}/deal", data=form, headers=HX)          # the same click again
    assert r.status_code == 409 and state(lesson_app) == dealt
    r = client.post(f"{URL}/deal", data={"at": "x", "rev": "0"}, headers=HX)
    assert r.status_code == 422 and state(lesson_app) == dealt


def test_a_stale_or_early_deal_is_refused_before_any_hand_is_dealt(lesson_app, client, auth, monkeypatch):
    """Issue 30: *Deal a new hand* checks staleness first; a refused post deals nothing."""
    auth.login()
    client.get(f"/lessons/{SLUG}")
    dealt = []
    real = drill_cells.new_seed
    monkeypatch.setattr(drill_cells, "new_seed", lambda *a, **k: dealt.append(1) or real(*a, **k))
    r = client.post(f"{URL}/deal", data={"at": "0", "rev": "0"}, headers=HX)      # not dealt to the end
    assert r.status_code == 409 and "to the end first" in r.get_data(as_text=True)
    r = client.post(f"{URL}/deal", data={"at": "5", "rev": "9"}, headers=HX)      # stale
    assert r.status_code == 409 and "moved on" in r.get_data(as_text=True)
    assert dealt == []
    deal_to_the_end(client, lesson_app)
    done = state(lesson_app)
    form = {"at": str(len(json.loads(done["steps"]))), "rev": str(done["runs"])}
    assert client.post(f"{URL}/deal", data=form, headers=HX).status_code == 200 and dealt == [1]


def test_a_request_for_a_drill_no_page_has_shown_changes_nothing(lesson_app, client, auth):
    """The seed is stored when the page first shows the hand; a step or a new
    hand posted before that is refused and stores nothing."""
    auth.login()
    for url, form in ((f"{URL}/step", {"at": "0", "rev": "0", "kind": "burn"}), (f"{URL}/deal", {"at": "0", "rev": "0"})):
        r = client.post(url, data=form, headers=HX)
        assert r.status_code == 409 and "reload the page" in r.get_data(as_text=True)
        assert attempts(lesson_app) == [] and state(lesson_app) == {}
    client.get(f"/lessons/{SLUG}")
    seed = state(lesson_app)["seed"]
    assert seed and client.get(f"/lessons/{SLUG}").status_code == 200 and state(lesson_app)["seed"] == seed


def test_a_wrong_step_changes_nothing_and_hints_teach_as_in_a_table_cell(lesson_app, client, auth):
    auth.login()
    client.get(f"/lessons/{SLUG}")
    hand = hand_of(lesson_app, state(lesson_app)["seed"])
    exp = hand.expected()
    kind = next(k for k in ("burn", "deal_flop", "collect") if k != exp.kind and k in hand.labels)
    wrong = hand.propose(Step(kind))
    assert not wrong.ok
    shown = []
    for rev in range(3):
        r = client.post(f"{URL}/step", data={"at": "0", "rev": str(rev), "kind": kind}, headers=HX)
        assert r.status_code == 200
        shown.append(feedback(r.get_data(as_text=True)))
    for level, text in enumerate(shown, start=1):
        assert text.startswith("✘") and wrong.hints[level - 1] in text
    assert hand.labels[exp.kind] not in shown[0] and hand.labels[exp.kind] not in shown[1]
    st = state(lesson_app)
    assert st["steps"] == "[]" and st["wrong_in_a_row"] == 3
    assert [(r["correct"], r["hint_level"]) for r in attempts(lesson_app)] == [(0, 1), (0, 2), (0, 3)]


def test_practise_next_links_to_a_drill_that_exercises_the_rule(lesson_app):
    library = load_library(lesson_app.config["LESSONS_DIR"])
    drill_cell = library.lessons[SLUG].cell(CELL)
    rule = sorted(drill_cell.engine.rules)[0]
    item = mastery.ReviewItem(rule, 0, mastery.now(), mastery.now(), SLUG, "fixed")
    with lesson_app.app_context():
        lesson, cell = mastery.practice_cell(item, library, {})
    assert cell.id == CELL
    unknown = mastery.ReviewItem("99.9", 0, mastery.now(), mastery.now(), SLUG, "fixed")
    with lesson_app.app_context():
        assert mastery.practice_cell(unknown, library, {})[1].id == "fixed"


def test_new_seeds_are_drawn_again_when_a_hand_cannot_be_found(lesson_app, monkeypatch):
    d = drill(lesson_app)
    draws = iter([41, 41, 77])
    assert drill_cells.new_seed(d, old=42, draw=lambda n: next(draws)) == 78    # 42 is the old seed
    draws = iter([41, 76])
    assert drill_cells.new_seed(d, old=42, draw=lambda n: next(draws)) == 77

    def refuse(*args, **kwargs):
        raise drill_cells.DrillError("no hand")
    monkeypatch.setattr(drill_cells, "hand_table", refuse)
    assert drill_cells.new_seed(d, draw=lambda n: 5) == drill_cells.LOAD_SEED


def test_a_casino_holdem_drill_deals_a_new_round_in_the_casino_table(lesson_app, client, auth):
    auth.login()
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    cell = page.split('id="cell-casino"', 1)[1].split("</section>", 1)[0]
    assert "cell-casino" in page.split('id="cell-casino"', 1)[0][-200:] and 'data-testid="drill"' in cell
    first = state(lesson_app, cell="casino")["seed"]
    body = deal_to_the_end(client, lesson_app, "casino")
    assert "Hand complete." in body and "Deal a new hand" in body and "does not qualify" in body
    done = state(lesson_app, cell="casino")
    r = client.post(f"/lessons/{SLUG}/cells/casino/deal",
                    data={"at": str(len(json.loads(done["steps"]))), "rev": str(done["runs"])}, headers=HX)
    assert r.status_code == 200 and state(lesson_app, cell="casino")["seed"] != first
    assert {"CH ¶9", "CH ¶12, ¶14"} <= drill(lesson_app, "casino").rules   # qualifying, and paying the antes


def test_my_progress_sends_a_missed_rule_to_the_drill(lesson_app, client, auth):
    """A missed rule the drill's hands exercise is practised in the drill, a new hand each time."""
    from datetime import datetime, timedelta, timezone
    auth.login()
    client.get(f"/lessons/{SLUG}")
    r = client.post(f"/lessons/{SLUG}/cells/fixed/step", data={"at": "0", "rev": "0", "kind": "burn"},
                    headers=HX)
    assert r.status_code == 200
    missed = attempts_in(lesson_app, "fixed")[0]
    assert not missed["correct"] and missed["rule"] in drill(lesson_app).rules
    lesson_app.config["CLOCK"] = lambda: datetime.now(timezone.utc) + timedelta(days=1, minutes=1)
    page = client.get("/progress/").get_data(as_text=True)
    item = page.split(f'data-rule="{missed["rule"]}"', 1)[1].split("</li>", 1)[0]
    assert f'href="/lessons/{SLUG}#cell-{CELL}"' in item and "a drill" in item


def attempts_in(app, cell: str) -> list[dict]:
    with app.app_context():
        return list(get_db().query("select correct, rule from attempts where cell = ?", [cell]))


def test_the_editor_preview_deals_a_drill_and_stores_no_attempt(lesson_app, client, auth):
    """An instructor's preview deals the drill's hand it shows, in the preview only."""
    auth.login("instructor")
    r = client.post("/author/-preview", data={"slug": "drafted", "text": LESSON}, headers=HX)
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and f'id="cell-{CELL}"' in html
    step_url = re.search(rf'hx-post="(/author/-preview/[0-9a-f]+/cells/{CELL}/step)"', html).group(1)
    with lesson_app.app_context():
        cells = json.loads(next(get_db().query("select cells from lesson_previews"))["cells"])
    hand = hand_of(lesson_app, cells[CELL]["seed"])
    body = ""
    for at in range(3):
        step = hand.expected().step()
        assert hand.propose(step).ok
        r = client.post(step_url, data=step_form(step, at=at, rev=at), headers=HX)
        body = r.get_data(as_text=True)
        assert r.status_code == 200 and "✔" in body, body[-300:]
    assert "/lessons/drafted/cells" not in body and attempts(lesson_app) == []


def test_dealing_a_new_hand_keeps_the_drills_credit(lesson_app, client, auth):
    """Issue 29, finding 2: more practice never looks like less progress. A drill
    dealt to the end stays done through *Deal a new hand* and *Restart cell*, on
    the lesson's progress and on the class dashboard."""
    teacher = lesson_app.test_client()
    teacher.post("/auth/login", data={"username": "instructor", "password": "teach-well-2"})
    cohort = int(teacher.post("/cohorts/", data={"name": "Drillers"}).headers["Location"].rsplit("/", 1)[1])
    with lesson_app.app_context():
        trainee_id = get_db().execute("select id from users where username = 'trainee'").fetchone()[0]
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(trainee_id)})
    auth.login()
    client.get(f"/lessons/{SLUG}")
    deal_to_the_end(client, lesson_app)
    cells = len(load_library(lesson_app.config["LESSONS_DIR"]).lessons[SLUG].interactive_cells)
    done = state(lesson_app)
    r = client.post(f"{URL}/deal", data={"at": str(len(json.loads(done["steps"]))), "rev": str(done["runs"])},
                    headers=HX)
    body = r.get_data(as_text=True)
    assert r.status_code == 200 and f"1 of {cells} cells done" in body
    assert f"1 of {cells} cells done" in client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    matrix = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    assert f"1/{cells}" in matrix, matrix
    # the new hand is dealt from the start, and can be dealt to the end again
    assert 'data-testid="deal-new-hand"' not in body
    client.post(f"{URL}/reset", headers=HX)
    assert f"1 of {cells} cells done" in client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    body = deal_to_the_end(client, lesson_app)
    assert "Hand complete." in body and "Deal a new hand" in body


def seat_html(cell: str, seat: int) -> str:
    return cell.split(f'data-seat="{seat}"', 1)[1].split("</button>", 1)[0]


def test_a_drill_says_and_marks_where_the_button_was_last_hand(lesson_app, client, auth):
    """Issue 29, finding 1: the first step (move the button) is not a guess."""
    auth.login()
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    was = hand_of(lesson_app, state(lesson_app)["seed"]).scenario.button_was
    cell = page.split(f'id="cell-{CELL}"', 1)[1].split("</section>", 1)[0]
    assert f"Last hand the button was at seat {was}." in cell
    assert 'data-testid="button-was"' in seat_html(cell, was)
    assert cell.count('data-testid="button-was"') == 1


def test_the_drill_credit_migration_gives_back_credit_a_new_hand_took_away(tmp_path):
    """Before issue 29 *Deal a new hand* cleared `done`; a new hand could only be
    dealt after the last was dealt to the end, so attempts on an earlier seed
    mean the drill was done once: _v10_drill_credit marks it done again."""
    from webapp.db import MIGRATIONS, _v10_drill_credit, connect, migrate
    db = connect(str(tmp_path / "old.db"))
    for number, step in enumerate(MIGRATIONS[:MIGRATIONS.index(_v10_drill_credit)], start=1):
        step(db)
        db.execute(f"PRAGMA user_version = {number}")
    db.conn.commit()
    db.conn.execute("insert into users (id, username, password_hash, role) values (1, 'ann', 'x', 'trainee')")
    rows = [("drills", "again", 7, [5, 7]),      # a hand dealt to the end (seed 5), then a new one
            ("drills", "first", 9, [9]),         # the first hand, not yet done
            ("drills", "table", None, [None])]   # a table cell: never touched
    for lesson, cell, seed, attempt_seeds in rows:
        db.conn.execute("insert into cell_state (user_id, lesson, cell, steps, done, runs, seed) "
                        "values (1, ?, ?, '[]', 0, 0, ?)", [lesson, cell, seed])
        for s in attempt_seeds:
            db.conn.execute("insert into attempts (user_id, lesson, cell, correct, seed) values (1, ?, ?, 1, ?)",
                            [lesson, cell, s])
    db.conn.commit()
    assert migrate(db) == len(MIGRATIONS)
    done = dict(db.execute("select cell, done from cell_state").fetchall())
    assert done == {"again": 1, "first": 0, "table": 0}
