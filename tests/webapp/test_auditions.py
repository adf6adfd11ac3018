"""Auditions: defining one, taking it with no hints, the score, the server's
deadline (a fake clock), stale and double posts, results, certificates and
who may see what."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from webapp import audition_store as ast
from webapp.trainee.auditions import TIME_UP, WRONG
from webapp.db import get_db
from webapp.mastery import readable

from .conftest import HX, step_form
from .test_trust import at_once

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)
HEADS_UP = {"title": "Hold'em heads-up", "game-0": "holdem", "house-0": "main", "wants-0": "heads-up",
            "hands": "1", "minutes": "10", "pass_mark": "80", "open": "1"}


class Clock:
    """The app's clock (app.config["CLOCK"], as webapp/mastery.py reads it)."""

    def __init__(self, at=T0):
        self.at = at

    def __call__(self):
        return self.at


@pytest.fixture
def clock(app):
    app.config["CLOCK"] = Clock()
    return app.config["CLOCK"]


def client_as(app, name):
    from .conftest import PASSWORDS
    client = app.test_client()
    r = client.post("/auth/login", data={"username": name, "password": PASSWORDS[name]})
    assert r.status_code == 302
    return client


def define(app, **fields) -> int:
    r = client_as(app, "instructor").post("/auditions/new", data={**HEADS_UP, **fields})
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(r.headers["Location"].rsplit("/", 1)[1])


def start(client, audition_id: int) -> int:
    r = client.post(f"/auditions/{audition_id}/start")
    assert r.status_code == 302 and "/auditions/runs/" in r.headers["Location"], r.headers.get("Location")
    return int(r.headers["Location"].rsplit("/", 1)[1])


def run_of(app, run_id):
    with app.app_context():
        return ast.get_run(run_id)


def due(app, run_id):
    """The step due in the run's hand (the engine's answer, for the test only) and the hand's step kinds."""
    with app.app_context():
        run = ast.get_run(run_id)
        cell, hand = ast.current_hand(run)
        return run, hand.expected().step(), cell.step_kinds


def wrong_form(run, step, kinds) -> dict:
    """A step that is not the one due: another dealer action than the due one."""
    data = {"at": str(len(run.steps)), "rev": str(run.posts)}
    data["kind"] = "burn" if step.kind != "burn" else "deal_flop"
    return data


def deal(app, client, run_id, wrong_at=()):
    """Deal the run to the end: right, except a wrong step at the positions in `wrong_at` (0-based posts)."""
    posts = 0
    while run_of(app, run_id).running:
        run, step, kinds = due(app, run_id)
        data = wrong_form(run, step, kinds) if posts in wrong_at else step_form(step, at=len(run.steps), rev=run.posts)
        r = client.post(f"/auditions/runs/{run_id}/step", data=data, headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)
        posts += 1
    return r


def steps(app, run_id):
    with app.app_context():
        return ast.steps_of(run_id)


# --- defining ----------------------------------------------------------------------


def test_an_audition_is_defined_with_a_pass_mark_of_80_by_default(app, auth, client):
    auth.login("instructor")
    page = client.get("/auditions/new").get_data(as_text=True)
    assert re.search(r'name="pass_mark"[^>]*value="80"', page)
    data = {k: v for k, v in HEADS_UP.items() if k != "pass_mark"}
    data.update({"game-1": "razz", "house-1": "main", "wants-1": "", "hands": "3"})
    r = client.post("/auditions/new", data=data)
    assert r.status_code == 302
    with app.app_context():
        audition = ast.get_audition(1)
    assert audition.pass_mark == 80 and audition.hands == 3 and audition.minutes == 10 and audition.open
    assert [str(k) for k in audition.kinds] == ["Hold'em, with two players only", "Seven Card Stud Razz"]
    assert audition.author == "instructor"
    assert [audition.kind_of(n).game for n in range(3)] == ["holdem", "razz", "holdem"]


@pytest.mark.parametrize("field, value, words", [
    ("wants-0", "no-low", "it is not a hi-lo game"),
    ("wants-0", "side-pots >= 2, heads-up", "heads-up there is only the main pot"),
    ("wants-0", "lucky", "is not a drill want"),
    ("game-0", "casino-holdem", "Choose a game from the list"),
    ("hands", "21", "from 1 to 20"),
    ("pass_mark", "0", "from 1 to 100"),
    ("minutes", "²", "Enter a whole number"),
    ("title", "   ", "Give the audition a title"),
])
def test_a_refused_field_is_shown_next_to_it_and_nothing_is_saved(app, auth, client, field, value, words):
    auth.login("instructor")
    r = client.post("/auditions/new", data={**HEADS_UP, field: value})
    page = r.get_data(as_text=True)
    assert r.status_code == 422
    error = re.search(rf'data-testid="{field}-error">([^<]*)<', page)
    assert error and words in error.group(1).replace("&#39;", "'"), page
    assert 'value="Hold&#39;em heads-up"' in page or field == "title"      # what was typed stays
    with app.app_context():
        assert get_db().execute("select count(*) from auditions").fetchone()[0] == 0


@pytest.mark.parametrize("game", ["seven-card-stud", "draw-blind", "razz"])
def test_wants_that_never_come_together_are_a_form_message_not_a_500(app, auth, client, game):
    """Issue 30: deck-runs-out with odd-chip in stud and draw games was a 500
    (a ValueError from the drill planner); now the planner says why."""
    auth.login("instructor")
    r = client.post("/auditions/new", data={**HEADS_UP, "game-0": game, "wants-0": "deck-runs-out, odd-chip"})
    page = r.get_data(as_text=True)
    assert r.status_code == 422
    error = re.search(r'data-testid="wants-0-error">([^<]*)<', page)
    assert error and "cannot be dealt" in error.group(1), page


def test_an_audition_is_edited_only_while_nobody_has_started_it(app, clock):
    audition_id = define(app)
    instructor = client_as(app, "instructor")
    r = instructor.post(f"/auditions/{audition_id}/edit", data={**HEADS_UP, "title": "Renamed", "pass_mark": "90"})
    assert r.status_code == 302 and run_of(app, 1) is None
    start(client_as(app, "trainee"), audition_id)
    r = instructor.post(f"/auditions/{audition_id}/edit", data={**HEADS_UP, "title": "Again"})
    assert r.status_code == 409 and "can no longer be changed" in r.get_data(as_text=True)
    assert instructor.get(f"/auditions/{audition_id}/edit").status_code == 302
    with app.app_context():
        audition = ast.get_audition(audition_id)
    assert audition.title == "Renamed" and audition.pass_mark == 90


def test_a_trainee_cannot_define_verify_or_see_an_auditions_results(app, clock):
    audition_id = define(app)
    trainee = client_as(app, "trainee")
    for url in ("/auditions/new", f"/auditions/{audition_id}", f"/auditions/{audition_id}/edit",
                "/auditions/verify?number=AAAA"):
        assert trainee.get(url).status_code == 403, url
    assert trainee.post("/auditions/new", data=HEADS_UP).status_code == 403
    assert trainee.post(f"/auditions/{audition_id}/open", data={"open": "0"}).status_code == 403
    with app.app_context():
        assert get_db().execute("select count(*) from auditions").fetchone()[0] == 1


def test_a_closed_audition_is_not_listed_and_cannot_be_started(app, clock):
    audition_id = define(app, open="")
    trainee = client_as(app, "trainee")
    assert "Hold&#39;em heads-up" not in trainee.get("/auditions/").get_data(as_text=True)
    r = trainee.post(f"/auditions/{audition_id}/start")
    assert r.status_code == 302 and r.headers["Location"] == "/auditions/"
    client_as(app, "instructor").post(f"/auditions/{audition_id}/open", data={"open": "1"})
    assert "Hold&#39;em heads-up" in trainee.get("/auditions/").get_data(as_text=True)
    assert start(trainee, audition_id) == 1


# --- taking one ----------------------------------------------------------------------


def test_starting_draws_secret_seeds_and_stores_the_run(app, clock):
    audition_id = define(app, hands="2", minutes="15")
    trainee = client_as(app, "trainee")
    run_id = start(trainee, audition_id)
    assert start(trainee, audition_id) == run_id          # a second start (double click) joins the first
    run = run_of(app, run_id)
    assert run.status == "running" and len(run.seeds) == 2 and len(run.cells) == 2 and run.total > 0
    assert run.started_at == T0.isoformat(timespec="milliseconds")
    assert run.deadline == (T0 + timedelta(minutes=15)).isoformat(timespec="milliseconds")
    assert [len(c["seats"]) for c in run.cells] == [2, 2]                   # heads-up, as wanted
    page = trainee.get(f"/auditions/runs/{run_id}").get_data(as_text=True)
    assert 'data-testid="timer"' in page and "15:00" in page and "audition.js" in page
    assert "<script>" not in page and "Restart cell" not in page
    for secret in [*map(str, run.seeds), run.cells[0].get("stack", "") or "no stack"]:
        assert secret not in page                         # the seeds and the deck order stay on the server
    # another trainee's run starts with other seeds
    assert run_of(app, start(client_as(app, "trainee2"), audition_id)).seeds != run.seeds


def test_a_wrong_step_is_counted_without_a_hint_and_the_hand_goes_on(app, clock):
    trainee = client_as(app, "trainee")
    run_id = start(trainee, define(app))
    run, step, kinds = due(app, run_id)
    with app.app_context():
        _, hand = ast.current_hand(run)
        refusal = hand.propose(ast.Step("burn"))
    r = trainee.post(f"/auditions/runs/{run_id}/step", data=wrong_form(run, step, kinds), headers=HX)
    page = r.get_data(as_text=True)
    feedback = page.split('data-testid="feedback"', 1)[1].split("</div>", 1)[0]
    assert r.status_code == 200 and WRONG in feedback
    assert "Rule" not in feedback and refusal.rule not in feedback
    for hint in refusal.hints:
        assert hint.split(":")[0] not in page             # none of the three hint levels
    shown = page.split('data-testid="steps"', 1)[1].split("</span>", 1)[0]
    assert "Dealer steps done: 1" in shown and " of " not in shown    # dealt for them; no total (issue 30)
    total = ast.table(run.cells[0]).total_steps
    assert f"of {total} dealer steps" not in trainee.get(f"/auditions/runs/{run_id}").get_data(as_text=True)
    after = run_of(app, run_id)
    assert after.right == 0 and after.posts == 1 and after.steps == [step.to_dict()]
    records = steps(app, run_id)
    assert [(s.outcome, s.position) for s in records] == [("wrong", 1), ("dealt", 1)]
    assert records[0].message == WRONG and records[0].explanation == refusal.message
    assert records[1].rule == refusal.rule and records[1].message == "dealt for you"
    # the next step is the second of the hand: the trainee goes on from there
    run, step, kinds = due(app, run_id)
    r = trainee.post(f"/auditions/runs/{run_id}/step", data=step_form(step, at=len(run.steps), rev=run.posts), headers=HX)
    assert r.status_code == 200 and "✔" in r.get_data(as_text=True)
    assert [s.outcome for s in steps(app, run_id)] == ["wrong", "dealt", "right"]


@pytest.mark.parametrize("wrong, pass_mark", [((), 100), ((0, 5), 80), ((0, 1, 2, 3, 4), 80)])
def test_the_score_is_steps_right_at_the_first_try_over_all_steps(app, clock, wrong, pass_mark):
    trainee = client_as(app, "trainee")
    run_id = start(trainee, define(app, hands="2", pass_mark=str(pass_mark)))
    deal(app, trainee, run_id, wrong_at=wrong)
    run = run_of(app, run_id)
    with app.app_context():
        total = sum(ast.table(cell).total_steps for cell in run.cells)
    assert run.status == "finished" and run.total == total
    assert run.right == total - len(wrong)
    assert run.score == (total - len(wrong)) * 100 // total
    assert run.passed == (run.score >= pass_mark)
    records = steps(app, run_id)
    assert [s.outcome for s in records].count("right") == run.right
    assert [s.outcome for s in records].count("dealt") == len(wrong) == [s.outcome for s in records].count("wrong")
    assert sorted({(s.hand, s.position) for s in records if s.outcome != "wrong"}) == sorted(
        (h + 1, p + 1) for h, cell in enumerate(run.cells) for p in range(ast.table(cell).total_steps))


def test_the_server_enforces_the_deadline(app, clock):
    trainee = client_as(app, "trainee")
    run_id = start(trainee, define(app, hands="2", minutes="5"))
    run, step, kinds = due(app, run_id)
    assert trainee.post(f"/auditions/runs/{run_id}/step", data=step_form(step, at=len(run.steps), rev=run.posts), headers=HX).status_code == 200
    clock.at = T0 + timedelta(minutes=5)                  # at the deadline a step is still taken
    run, step, kinds = due(app, run_id)
    assert trainee.post(f"/auditions/runs/{run_id}/step", data=step_form(step, at=len(run.steps), rev=run.posts), headers=HX).status_code == 200
    clock.at = T0 + timedelta(minutes=5, seconds=1)
    run, step, kinds = due(app, run_id)
    r = trainee.post(f"/auditions/runs/{run_id}/step", data=step_form(step, at=len(run.steps), rev=run.posts), headers=HX)
    assert r.status_code == 409 and TIME_UP in r.get_data(as_text=True) and "See your result" in r.get_data(as_text=True)
    run = run_of(app, run_id)
    assert run.status == "timed-out" and run.right == 2 and run.score == 200 // run.total
    assert not run.passed and run.finished_at == run.deadline
    records = steps(app, run_id)
    assert [s.outcome for s in records].count("right") == 2
    assert [s.outcome for s in records].count("missed") == run.total - 2        # the refused step among them
    # further steps are refused; the run page now shows the result
    r = trainee.post(f"/auditions/runs/{run_id}/step", data=step_form(step, at=len(run.steps), rev=run.posts), headers=HX)
    assert r.status_code == 409 and len(steps(app, run_id)) == len(records)
    assert trainee.get(f"/auditions/runs/{run_id}").headers["Location"].endswith(f"/auditions/runs/{run_id}/result")


def test_a_run_left_open_past_its_deadline_is_finished_when_next_seen(app, clock):
    trainee = client_as(app, "trainee")
    run_id = start(trainee, define(app))
    clock.at = T0 + timedelta(hours=3)
    page = client_as(app, "instructor").get("/auditions/1").get_data(as_text=True)
    assert "time ran out" in page
    run = run_of(app, run_id)
    assert run.status == "timed-out" and run.score == 0 and run.time_used() == "10 min 00 s"


def test_a_stale_or_double_posted_step_is_refused_with_409_and_recorded_once(app, clock):
    trainee = client_as(app, "trainee")
    run_id = start(trainee, define(app))
    run, step, kinds = due(app, run_id)
    data = step_form(step, at=len(run.steps), rev=run.posts)
    cookie = trainee.get_cookie("session").value
    clients = []
    for _ in range(5):
        c = app.test_client()
        c.set_cookie("session", cookie)
        clients.append(c)
    responses = at_once([lambda c=c: c.post(f"/auditions/runs/{run_id}/step", data=data, headers=HX)
                         for c in clients])
    assert sorted(r.status_code for r in responses) == [200, 409, 409, 409, 409]
    assert any("moved on" in r.get_data(as_text=True) for r in responses if r.status_code == 409)
    assert len(steps(app, run_id)) == 1 and run_of(app, run_id).posts == 1
    # a page from before a wrong step (old `rev`, same `at` in a new hand's terms) is stale too
    r = trainee.post(f"/auditions/runs/{run_id}/step", data=data, headers=HX)
    assert r.status_code == 409 and len(steps(app, run_id)) == 1


def test_the_result_is_stored_and_shown_with_every_step_and_its_rule(app, clock):
    trainee = client_as(app, "trainee")
    audition_id = define(app)
    run_id = start(trainee, audition_id)
    deal(app, trainee, run_id, wrong_at=(0,))
    r = trainee.get(f"/auditions/runs/{run_id}/result")
    page = r.get_data(as_text=True)
    run = run_of(app, run_id)
    assert r.status_code == 200 and f"{run.score}%" in page and f"{run.right} of {run.total}" in page
    assert "wrong (counted)" in page and "dealt for you" in page and "8.17.1(a)" in page
    assert "<td>8.17.1(a) — Hold&#39;em: before the deal</td>" in page     # the rule's name beside it
    assert "Not now." in page                             # after the audition the explanation is shown
    results = client_as(app, "instructor").get(f"/auditions/{audition_id}").get_data(as_text=True)
    assert "trainee" in results and f"{run.score}%" in results
    # another trainee sees nothing of it
    other = client_as(app, "trainee2")
    for url in (f"/auditions/runs/{run_id}", f"/auditions/runs/{run_id}/result",
                f"/auditions/runs/{run_id}/certificate"):
        assert other.get(url).status_code == 404, url
    assert other.post(f"/auditions/runs/{run_id}/step", data={"at": "0", "rev": "0", "kind": "burn"},
                      headers=HX).status_code == 404
    assert "trainee" not in other.get("/auditions/").get_data(as_text=True).split("Your auditions", 1)[1]


def test_a_certificate_only_for_a_pass_and_verified_by_its_number(app, clock):
    audition_id = define(app, pass_mark="90")
    passer, failer = client_as(app, "trainee"), client_as(app, "trainee2")
    passed, failed = start(passer, audition_id), start(failer, audition_id)
    deal(app, passer, passed)
    deal(app, failer, failed, wrong_at=(0, 1, 2, 3, 4))
    assert run_of(app, failed).passed is False and run_of(app, failed).certificate is None
    assert failer.get(f"/auditions/runs/{failed}/certificate").status_code == 404
    run = run_of(app, passed)
    assert run.passed and re.fullmatch(r"[A-Z2-7]{4}(-[A-Z2-7]{4}){4}", run.certificate)
    page = passer.get(f"/auditions/runs/{passed}/certificate").get_data(as_text=True)
    for fact in ("trainee", "Hold&#39;em heads-up", "100%", "90%", "instructor", run.certificate,
                 readable(run.finished_at), '<dt>Attempt</dt><dd data-testid="attempt">1</dd>'):
        assert fact in page, fact
    assert run.finished_at[:10] not in page          # a date for people (issue 29 finding 6)
    instructor = client_as(app, "instructor")
    assert instructor.get(f"/auditions/runs/{passed}/certificate").status_code == 200
    typed = run.certificate.lower().replace("-", " ")
    r = instructor.get(f"/auditions/verify?number={typed}")
    assert r.status_code == 200 and "A genuine certificate" in r.get_data(as_text=True)
    assert 'data-testid="verified-trainee">trainee<' in r.get_data(as_text=True)
    wrong = run.certificate[:-1] + ("A" if run.certificate[-1] != "A" else "B")
    for number in (wrong, "AAAA-AAAA-AAAA-AAAA-AAAA", "1"):
        r = instructor.get(f"/auditions/verify?number={number}")
        assert r.status_code == 404 and "No such certificate" in r.get_data(as_text=True), number
    # the number is an HMAC of the run under the secret key: another key gives another number
    with app.app_context():
        app.config["SECRET_KEY"] = "another"
        assert ast.certificate_number(passed) != run.certificate


def test_the_certificate_prints_without_the_menu(app, clock):
    trainee = client_as(app, "trainee")
    run_id = start(trainee, define(app))
    deal(app, trainee, run_id)
    page = trainee.get(f"/auditions/runs/{run_id}/certificate").get_data(as_text=True)
    assert "/static/audition.css" in page and 'class="no-print"' in page
    css = trainee.get("/static/audition.css").get_data(as_text=True)
    printed = css.split("@media print", 1)[1].split("}", 1)[0]
    assert ".topbar" in printed and ".no-print" in printed and "display: none" in printed


def test_an_audition_changed_while_its_hands_are_dealt_is_not_started(app, clock, monkeypatch):
    audition_id = define(app)
    trainee = client_as(app, "trainee")
    real = ast.draw_hands

    def edited_meanwhile(audition):
        drawn = real(audition)
        with app.app_context():
            get_db().conn.execute("update auditions set updated_at = 'later' where id = ?", [audition_id])
            get_db().conn.commit()
        return drawn

    monkeypatch.setattr(ast, "draw_hands", edited_meanwhile)
    r = trainee.post(f"/auditions/{audition_id}/start")
    assert r.headers["Location"] == "/auditions/" and run_of(app, 1) is None
    assert "changed or closed just now" in trainee.get("/auditions/").get_data(as_text=True)


def test_a_second_start_finds_the_running_run_before_dealing_any_hand(app, clock, monkeypatch):
    """Issue 30: a repeated start used to deal every hand again first."""
    audition_id = define(app)
    trainee = client_as(app, "trainee")
    run_id = start(trainee, audition_id)

    def no_deal(audition):
        raise AssertionError("dealt hands for a run already in progress")

    monkeypatch.setattr(ast, "draw_hands", no_deal)
    assert start(trainee, audition_id) == run_id


def test_an_audition_hand_says_and_marks_where_the_button_was_last_hand(app, clock):
    """Issue 29, finding 1: an audition's first step (move the button) is read
    from the screen, never a guess counted as an error."""
    trainee = client_as(app, "trainee")
    run_id = start(trainee, define(app))
    with app.app_context():
        _, hand = ast.current_hand(ast.get_run(run_id))
    was = hand.scenario.button_was
    page = trainee.get(f"/auditions/runs/{run_id}").get_data(as_text=True)
    assert f"Last hand the button was at seat {was}." in page
    seat = page.split(f'data-seat="{was}"', 1)[1].split("</button>", 1)[0]
    assert 'data-testid="button-was"' in seat and page.count('data-testid="button-was"') == 1
    # once the button is moved, the marker of last hand is gone and the button shows
    run, step, kinds = due(app, run_id)
    assert step.kind == "move_button"
    r = trainee.post(f"/auditions/runs/{run_id}/step", data=step_form(step, at=0, rev=0), headers=HX)
    body = r.get_data(as_text=True)
    assert r.status_code == 200 and 'data-testid="button-was"' not in body and 'data-testid="button"' in body


def finish_run(app, run_id: int, ended: datetime) -> None:
    with app.app_context():
        get_db().conn.execute("update auditions_runs set status = 'finished', finished_at = ? where id = ?",
                              [ended.isoformat(timespec="milliseconds"), run_id])
        get_db().conn.commit()


def test_retakes_are_limited_by_count_and_each_run_says_its_attempt(app, clock):
    """Issue 30: an instructor limits retakes; results and certificates number the attempt."""
    audition_id = define(app, max_runs="2")
    trainee = client_as(app, "trainee")
    first = start(trainee, audition_id)
    finish_run(app, first, T0)
    second = start(trainee, audition_id)
    assert (run_of(app, first).attempt, run_of(app, second).attempt) == (1, 2)
    finish_run(app, second, T0)
    page = trainee.get(f"/auditions/runs/{second}/result").get_data(as_text=True)
    assert "Attempt 2 of 2 allowed" in page
    r = trainee.post(f"/auditions/{audition_id}/start")
    assert r.headers["Location"] == "/auditions/" and run_of(app, second + 1) is None
    assert "used all 2 attempts" in trainee.get("/auditions/").get_data(as_text=True)
    assert start(client_as(app, "trainee2"), audition_id) == second + 1       # each trainee's own count


def test_a_cooldown_waits_from_the_last_attempts_end(app, clock):
    audition_id = define(app, cooldown_hours="24")
    trainee = client_as(app, "trainee")
    finish_run(app, start(trainee, audition_id), T0)
    clock.at = T0 + timedelta(hours=23)
    r = trainee.post(f"/auditions/{audition_id}/start")
    assert r.headers["Location"] == "/auditions/"
    assert "from 2026-05-05 09:00 UTC" in trainee.get("/auditions/").get_data(as_text=True)
    clock.at = T0 + timedelta(hours=24, minutes=1)
    assert run_of(app, start(trainee, audition_id)).attempt == 2


def test_a_pass_in_any_attempt_counts_and_every_view_names_the_attempt(app, clock):
    """Issue 30, retakes: the house default is that a pass stands (a later
    failed attempt does not undo it), and the instructor's audition page, the
    certificate's verification and the trainee's best result all say which
    attempt it was, so a pass at the third try is never shown as a first."""
    audition_id = define(app, max_runs="3", cooldown_hours="1")
    trainee, instructor = client_as(app, "trainee"), client_as(app, "instructor")
    first = start(trainee, audition_id)
    deal(app, trainee, first, wrong_at=range(100))                   # attempt 1: failed
    clock.at += timedelta(hours=2)
    second = start(trainee, audition_id)
    deal(app, trainee, second)                                       # attempt 2: passed
    clock.at += timedelta(hours=2)
    third = start(trainee, audition_id)
    deal(app, trainee, third, wrong_at=range(100))                   # attempt 3: failed again
    assert [run_of(app, r).passed for r in (first, second, third)] == [False, True, False]
    page = instructor.get(f"/auditions/{audition_id}").get_data(as_text=True)
    assert re.search(r'data-testid="retakes">3 per trainee, 1 hour between them; a pass in any attempt counts<', page)
    assert [int(n) for n in re.findall(r'data-testid="result-trainee"><td>trainee</td><td>(\d)</td>', page)] == [3, 2, 1]
    number = run_of(app, second).certificate
    verified = instructor.get(f"/auditions/verify?number={number}").get_data(as_text=True)
    assert 'data-testid="verified-attempt">2 of 3 allowed<' in verified
    with app.test_request_context():
        from webapp.instructor import dashboard
        best = dashboard.best_of(ast.runs_of(user_id=1))
    assert (best.score, best.passed, best.runs, best.passed_at) == (100, True, 3, 2)
