"""A down as an audition's part (issue 32): defined by an instructor with pass
marks on accuracy and pace, dealt by the trainee after the start with no
hints, then the audition's hands; passed only when the down part passes."""
from __future__ import annotations

from webapp import audition_store as ast
from webapp import down_store as ds

from .conftest import HX, step_form
from .test_auditions import client_as, deal, define, start
from .test_downs import due, run_of

DOWN = {"down_game": "holdem", "down_hands": "2", "down_accuracy": "90", "down_pace": "1"}


def deal_the_down(app, client, down_id: int, wrong_first: bool = False) -> None:
    """Every step due and the engine's answer to every prompt, until the down ends."""
    from .test_downs import answer_prompt
    first = True
    while not run_of(app, down_id).ended:
        step, run = due(app, down_id)
        if step is None:
            r = answer_prompt(client, app, down_id)
        elif wrong_first and first:
            r = client.post(f"/downs/runs/{down_id}/step", data={"kind": "burn" if step.kind != "burn" else
                                                                 "deal_flop", "at": len(run.steps),
                                                                 "rev": run.posts}, headers=HX)
            body = r.get_data(as_text=True)
            assert "counted as an error" in body and "Rule" not in body.split("counted", 1)[1][:200]
        else:
            r = client.post(f"/downs/runs/{down_id}/step", data=step_form(step, at=len(run.steps), rev=run.posts),
                            headers=HX)
        first = False
        assert r.status_code == 200, r.get_data(as_text=True)


def test_a_down_part_is_dealt_first_and_counts_for_the_pass(app):
    audition_id = define(app, **DOWN)
    with app.app_context():
        audition = ast.get_audition(audition_id)
    assert audition.down == ast.DownPart("holdem", 2, 90, 1) and "a down of" in audition.games
    trainee = client_as(app, "trainee")
    run_id = start(trainee, audition_id)
    r = trainee.get(f"/auditions/runs/{run_id}")
    assert r.status_code == 302 and "/downs/runs/" in r.headers["Location"]
    down_id = int(r.headers["Location"].rsplit("/", 1)[1])
    page = trainee.get(f"/downs/runs/{down_id}").get_data(as_text=True)
    assert "Stop for now" not in page                       # an audition's down is not paused
    assert trainee.get(f"/downs/runs/{down_id}/summary").status_code == 302   # no working shown during it
    deal_the_down(app, trainee, down_id)
    assert trainee.get(f"/downs/runs/{down_id}").headers["Location"].endswith(f"/auditions/runs/{run_id}")
    assert trainee.get(f"/auditions/runs/{run_id}").status_code == 200       # the hands now
    deal(app, trainee, run_id)
    with app.app_context():
        run = ast.get_run(run_id)
        assert ds.for_audition(run_id).id == down_id
    assert run.passed and run.certificate
    result = trainee.get(f"/auditions/runs/{run_id}/result").get_data(as_text=True)
    assert 'data-testid="down-part"' in result and "passed" in result
    with app.test_request_context():
        from webapp.instructor.record import _downs
        on_record = _downs(run.user_id)
    assert [r.item for r in on_record] == [f"{audition.title}: the down (Hold'em; an audition's down part)"]
    assert on_record[0].result.startswith("ended, ") and on_record[0].detail.startswith("2 hands dealt; ")


def test_a_down_part_missed_fails_the_audition(app):
    audition_id = define(app, **{**DOWN, "down_accuracy": "100"})
    trainee = client_as(app, "trainee")
    run_id = start(trainee, audition_id)
    down_id = int(trainee.get(f"/auditions/runs/{run_id}").headers["Location"].rsplit("/", 1)[1])
    deal_the_down(app, trainee, down_id, wrong_first=True)
    deal(app, trainee, run_id)
    with app.app_context():
        run = ast.get_run(run_id)
        score, passed = ast.get_audition(audition_id).down.result(run_id)
    assert run.score == 100 and not passed and not run.passed and run.certificate is None
    assert score.accuracy < 100


def test_a_down_part_the_engine_cannot_deal_is_refused(app):
    r = client_as(app, "instructor").post("/auditions/new", data={
        "title": "x", "game-0": "holdem", "house-0": "main", "wants-0": "", "hands": "1", "minutes": "10",
        "pass_mark": "80", "open": "1", "down_game": "no-such-game", "down_hands": "2", "down_accuracy": "90",
        "down_pace": "80"})
    assert r.status_code == 422 and "Choose a game from the list." in r.get_data(as_text=True)
