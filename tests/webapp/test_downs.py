"""A down in a lesson and on its own page (issue 32): start and resume, every
step checked and stored once, a wrong step changes nothing, a double post
is refused, the hand waits at a prompt, the next hand is dealt at once, the
summary and a hand reopened; the lesson's down cell is a file:line error
when the engine refuses a key."""
from __future__ import annotations

import re

import pytest

from webapp import down_store as ds
from webapp.db import get_db
from webapp.lessonfile import LessonError, parse_lesson
from webapp.trainee import downs

from .conftest import HX, step_form

LESSON, CELL = "table-02-a-down", "holdem-down"


@pytest.fixture
def plain_seed(monkeypatch):
    """Runs of the lesson's down get the first seed, found by the engine, whose
    first hand asks nothing (so a step is due at once)."""
    from engine import Down, DownSpec
    from webapp.lessonfile import load_library
    spec = load_library("lessons").lessons[LESSON].cell(CELL).engine.data
    seed = next(n for n in range(1, 1000) if not Down(DownSpec.from_dict({**spec, "seed": n})).hand(1).prompts)
    monkeypatch.setattr(ds, "new_seed", lambda: seed)


def start(client) -> int:
    r = client.post("/downs/start", data={"lesson": LESSON, "cell": CELL})
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(re.search(r"/downs/runs/(\d+)", r.headers["Location"]).group(1))


def run_of(app, run_id: int) -> ds.Run:
    with app.app_context():
        run = ds.get_run(run_id)
        assert run is not None
        return run


def due(app, run_id: int):
    """(the step due now, or None while the hand waits for a prompt; the run)."""
    run = run_of(app, run_id)
    with app.test_request_context():
        if downs.waiting_for(run) is not None:
            return None, run
        _, hand = downs.current(run)
        return hand.expected().step(), run


def post_due(client, app, run_id: int):
    step, run = due(app, run_id)
    assert step is not None
    return client.post(f"/downs/runs/{run_id}/step", data=step_form(step, at=len(run.steps), rev=run.posts),
                       headers=HX)


def answer_prompt(client, app, run_id: int, right: bool = True):
    """Answer the prompt the hand waits for with the engine's answer (or a wrong one)."""
    run = run_of(app, run_id)
    with app.test_request_context():
        prompt = downs.waiting_for(run)
        assert prompt is not None
        question = prompt.question
        answer = question.answer
    form: dict = {"rev": str(run.posts)}
    if question.input == "choice":
        choices = [value for value, _ in question.choices]
        form["choice"] = answer if right else next(c for c in choices if c != answer)
    elif question.input == "seat":
        form["seat"] = str(answer)
    elif question.input == "chips":         # an amount asked at the table
        form["amount"] = str(answer) if right else "999999"
    else:
        raise AssertionError(f"prompt input {question.input} not driven here")
    return client.post(f"/downs/runs/{run_id}/answer", data=form, headers=HX)


def test_a_down_is_dealt_hand_after_hand_and_stored(app, client, auth):
    auth.login()
    run_id = start(client)
    page = client.get(f"/downs/runs/{run_id}").get_data(as_text=True)
    assert "Before hand 1" in page and 'data-testid="down-status"' in page
    assert start(client) == run_id                 # a second start resumes the same run
    posts = 0
    while run_of(app, run_id).hand == 1:
        step, _ = due(app, run_id)
        r = post_due(client, app, run_id) if step is not None else answer_prompt(client, app, run_id)
        assert r.status_code == 200 and (step is None or "✔" in r.get_data(as_text=True)), r.get_data(as_text=True)
        posts += 1
    run = run_of(app, run_id)
    assert run.hand == 2 and run.steps == [] and run.posts == posts
    body = r.get_data(as_text=True)
    # The lesson's seed is drawn per run: hand 1 may have been called a misdeal.
    assert re.search(r"Hand 1 is (dealt|a misdeal: the cards are dealt again); hand 2 is ready\.", body)
    assert "Before hand 2" in body
    with app.app_context():
        records = ds.records_of(run_id)
        assert len(records) == posts and {r.hand for r in records} == {1}
        assert all(r.correct for r in records if r.what == "step")
        score = ds.run_score(ds.get_run(run_id))
    assert score.hands == 1 and score.steps == score.steps_first


def test_a_wrong_step_changes_nothing_and_a_double_post_is_refused(app, client, auth, plain_seed):
    auth.login()
    run_id = start(client)
    run = run_of(app, run_id)
    r = client.post(f"/downs/runs/{run_id}/step", data={"kind": "burn", "at": "0", "rev": "0"}, headers=HX)
    assert r.status_code == 200 and "✘" in r.get_data(as_text=True)
    after = run_of(app, run_id)
    assert after.steps == run.steps and after.posts == 1 and after.wrong_in_a_row == 1
    step, _ = due(app, run_id)
    form = step_form(step, at=0, rev=1)
    assert client.post(f"/downs/runs/{run_id}/step", data=form, headers=HX).status_code == 200
    again = client.post(f"/downs/runs/{run_id}/step", data=form, headers=HX)       # the double click
    assert again.status_code == 409 and "nothing was recorded" in again.get_data(as_text=True)
    with app.app_context():
        records = ds.records_of(run_id)
    assert [(r.correct, r.first_try) for r in records] == [(False, True), (True, False)]
    assert run_of(app, run_id).steps == [step.to_dict()]


def test_stop_and_resume_lose_nothing_and_another_trainee_sees_nothing(app, client, auth, plain_seed):
    auth.login()
    run_id = start(client)
    for _ in range(3):
        assert post_due(client, app, run_id).status_code == 200
    steps = run_of(app, run_id).steps
    assert client.post(f"/downs/runs/{run_id}/stop").status_code == 302
    run = run_of(app, run_id)
    assert run.stopped and run.steps == steps
    step, _ = due(app, run_id)
    r = client.post(f"/downs/runs/{run_id}/step", data=step_form(step, at=3, rev=3), headers=HX)
    assert r.status_code == 409 and "Resume" in r.get_data(as_text=True)
    assert "Resume the down" in client.get(f"/downs/runs/{run_id}").get_data(as_text=True)
    client.post(f"/downs/runs/{run_id}/resume")
    assert run_of(app, run_id).status == "dealing"
    assert post_due(client, app, run_id).status_code == 200
    assert len(run_of(app, run_id).steps) == 4
    auth.logout()
    auth.login("trainee2")
    for path in (f"/downs/runs/{run_id}", f"/downs/runs/{run_id}/summary", f"/downs/runs/{run_id}/hands/1"):
        assert client.get(path).status_code == 404
    assert client.post(f"/downs/runs/{run_id}/stop").status_code == 404
    auth.logout()
    auth.login("instructor")
    assert client.get(f"/downs/runs/{run_id}/summary").status_code == 200
    assert client.get(f"/downs/runs/{run_id}").status_code == 404


def test_ending_gives_the_summary_and_a_hand_reopens_as_dealt(app, client, auth, plain_seed):
    auth.login()
    run_id = start(client)
    client.post(f"/downs/runs/{run_id}/step", data={"kind": "burn", "at": "0", "rev": "0"}, headers=HX)
    for _ in range(2):
        post_due(client, app, run_id)
    r = client.post(f"/downs/runs/{run_id}/stop", data={"end": "1"})
    assert r.headers["Location"].endswith(f"/downs/runs/{run_id}/summary")
    summary = client.get(f"/downs/runs/{run_id}/summary").get_data(as_text=True)
    assert "Hands to look at again" in summary and f"/downs/runs/{run_id}/hands/1" in summary
    hand = client.get(f"/downs/runs/{run_id}/hands/1").get_data(as_text=True)
    assert "Before the hand" in hand and hand.count("wrong") >= 1
    assert client.get(f"/downs/runs/{run_id}").status_code == 302       # over: to the summary
    step, _ = due(app, run_id)
    r = client.post(f"/downs/runs/{run_id}/step", data=step_form(step, at=2, rev=3), headers=HX)
    assert r.status_code == 409 and run_of(app, run_id).posts == 3
    with app.app_context():
        done = get_db().execute("select done from cell_state where user_id = 1 and lesson = ? and cell = ?",
                                [LESSON, CELL]).fetchone()
    assert done[0] == 1
    assert "Resume the down" not in client.get(f"/lessons/{LESSON}").get_data(as_text=True)


def test_a_bad_key_is_the_lessons_file_and_line():
    text = '+++\ntitle = "D"\n+++\n\n```down\nid = "d"\ngame = "holdem"\nplayers = 12\nseats = 9\n```\n'
    with pytest.raises(LessonError) as found:
        parse_lesson(text, "lessons/d.md")
    assert found.value.line == 8 and "down cell 'd'" in str(found.value) and "players" in str(found.value)
    text = text.replace("players = 12", "tables = 2")
    with pytest.raises(LessonError) as found:
        parse_lesson(text, "lessons/d.md")
    assert found.value.line == 8


SPEC = {"game": "holdem", "seats": 9, "players": 6, "hands": 5, "events": 0.6, "irregularities": 0.5}


def seed_with(wanted, within: int = 4, spec: dict = SPEC) -> int:
    """The first seed whose down meets `wanted` (a test on its first hands), found by the engine."""
    from engine import Down, DownSpec
    for seed in range(1, 1000):
        down = Down(DownSpec.from_dict({**spec, "seed": seed}))
        if wanted([down.hand(n) for n in range(1, within + 1)]):
            return seed
    raise AssertionError("no seed found")


def lesson_with_seed(folder, seed: int, spec: dict = SPEC) -> None:
    keys = "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in {**spec, "seed": seed}.items())
    (folder / "down-x.md").write_text(f'+++\ntitle = "A down"\n+++\n\n```down\nid = "d"\n{keys}\n```\n',
                                      encoding="utf-8")


def test_the_hand_waits_for_its_prompt_and_a_misdeal_is_dealt_again(app, client, auth, empty_lessons):
    seed = seed_with(lambda hs: any(h.prompts and not h.misdeal for h in hs) and any(h.misdeal for h in hs))
    lesson_with_seed(empty_lessons, seed)
    auth.login()
    r = client.post("/downs/start", data={"lesson": "down-x", "cell": "d"})
    run_id = int(r.headers["Location"].rsplit("/", 1)[1])
    waited = misdeals = 0
    while run_of(app, run_id).hand <= 4:
        step, run = due(app, run_id)
        if step is None:
            waited += 1
            # A step while the hand waits is refused and changes nothing.
            r = client.post(f"/downs/runs/{run_id}/step", data={"kind": "burn", "at": len(run.steps),
                                                               "rev": run.posts}, headers=HX)
            assert r.status_code == 409 and "Answer the question below first" in r.get_data(as_text=True)
            assert run_of(app, run_id).posts == run.posts
            r = answer_prompt(client, app, run_id, right=waited % 2 == 1)
            misdeals += "is a misdeal" in r.get_data(as_text=True)
        else:
            r = post_due(client, app, run_id)
        assert r.status_code == 200, r.get_data(as_text=True)
    assert waited >= 2 and misdeals >= 1
    with app.app_context():
        score = ds.run_score(ds.get_run(run_id))
    # Every other answer was wrong; rulings made as dealer steps (on an irregular action) were all right.
    assert score.rulings + score.amounts >= waited and score.again
    assert (score.rulings - score.rulings_right) + (score.amounts - score.amounts_right) == waited // 2


def test_the_editor_previews_a_down_cell_without_a_run(app, client, auth):
    from pathlib import Path
    auth.login("instructor")
    text = Path("lessons", f"{LESSON}.md").read_text(encoding="utf-8")
    r = client.post("/author/-preview", data={"slug": LESSON, "text": text}, headers=HX)
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and 'data-kind="down"' in html and "a preview records no run" in html
    with app.app_context():
        assert get_db().execute("select count(*) from down_runs").fetchone()[0] == 0


def test_an_answer_posted_twice_counts_once(app, client, auth, empty_lessons):
    seed = seed_with(lambda hs: bool(hs[0].prompts) and hs[0].prompts[0].get("ask") == "irregularity"
                     and hs[0].prompts[0]["at"] == "deal", within=1)
    lesson_with_seed(empty_lessons, seed)
    auth.login()
    r = client.post("/downs/start", data={"lesson": "down-x", "cell": "d"})
    run_id = int(r.headers["Location"].rsplit("/", 1)[1])
    while due(app, run_id)[0] is not None:
        post_due(client, app, run_id)
    run = run_of(app, run_id)
    with app.test_request_context():
        question = downs.waiting_for(run).question
    form = {"rev": str(run.posts), "choice": question.answer}
    first = client.post(f"/downs/runs/{run_id}/answer", data=form, headers=HX)
    second = client.post(f"/downs/runs/{run_id}/answer", data=form, headers=HX)      # another tab, the same page
    assert first.status_code == 200 and second.status_code == 409
    with app.app_context():
        answers = [r for r in ds.records_of(run_id) if r.what == "answer"]
    assert len(answers) == 1 and answers[0].correct and run_of(app, run_id).posts == run.posts + 1


def test_a_bad_stake_points_at_the_stakes_line():
    text = ('+++\ntitle = "D"\n+++\n\n```down\nid = "d"\ngame = "holdem"\n'
            'stakes = { blinds = [1, 2], betting = "no-such" }\n```\n')
    with pytest.raises(LessonError) as found:
        parse_lesson(text, "lessons/d.md")
    assert found.value.line == 8 and "betting" in str(found.value)


def test_a_down_resumes_in_a_fresh_process_from_what_was_stored(app, client, auth, plain_seed):
    """Nothing of a down lives only in a worker: with every kept down, hand and prompt
    forgotten (another worker, a restart), the run replays from its spec, seed and steps."""
    from webapp.trainee import down_cells, hands
    auth.login()
    run_id = start(client)
    for _ in range(5):
        assert post_due(client, app, run_id).status_code == 200
    before = run_of(app, run_id)
    hands.clear()
    for cached in (down_cells.down_of, down_cells.table_of, down_cells.prompts_of):
        cached.cache_clear()
    page = client.get(f"/downs/runs/{run_id}").get_data(as_text=True)
    assert 'name="at" value="5"' in page and f'name="rev" value="{before.posts}"' in page
    assert post_due(client, app, run_id).status_code == 200
    assert len(run_of(app, run_id).steps) == 6


def test_an_amount_asked_at_a_turn_draws_the_hand_as_it_stands_there(app, client, auth, empty_lessons):
    spec = {**SPEC, "game": "omaha", "arithmetic": 0.9}
    seed = seed_with(lambda hs: any(p.get("ask") == "amount" and ": seat" in p["at"] for p in hs[0].prompts),
                     within=1, spec=spec)
    lesson_with_seed(empty_lessons, seed, spec)
    auth.login()
    r = client.post("/downs/start", data={"lesson": "down-x", "cell": "d"})
    run_id = int(r.headers["Location"].rsplit("/", 1)[1])
    while due(app, run_id)[0] is not None:
        post_due(client, app, run_id)
    page = client.get(f"/downs/runs/{run_id}").get_data(as_text=True)
    prompt = page.split('id="cell-down-prompt"', 1)[1]
    assert 'class="felt-wrap"' in prompt and 'name="amount"' in prompt
    r = answer_prompt(client, app, run_id)
    assert r.status_code == 200 and "Answered in" not in r.get_data(as_text=True)    # no time sent, none said
