"""Sprints in the browser (issue 31): runs timed by the server, answers stored
once, the answer never on the page before it is answered, roles and CSRF,
the sprint lesson cell, readiness on the progress page, the dashboard and CSV,
and sprints assigned to a cohort."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from markupsafe import escape

from engine.rule_names import rule_label
from engine.sprints import KINDS
from webapp.trainee import sprint_cells
from webapp import sprint_store
from webapp.db import get_db
from webapp.lessonfile import LessonError, parse_lesson

from .conftest import HX

T0 = datetime(2026, 12, 3, 9, 0, 0, tzinfo=timezone.utc)


class Clock:
    """The server's clock (app.config["CLOCK"]), moved by the test."""

    def __init__(self, at: datetime = T0):
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def tick(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def clock(app):
    app.config["CLOCK"] = clock = Clock()
    return clock


def start(client, kind="pot-limit-max", feedback="now") -> int:
    r = client.post("/sprints/start", data={"kind": kind, "feedback": feedback})
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(re.search(r"/sprints/runs/(\d+)$", r.headers["Location"]).group(1))


def asked(client, run_id: int) -> tuple[str, int]:
    """The run's page and the number of the item it asks."""
    page = client.get(f"/sprints/runs/{run_id}").get_data(as_text=True)
    number = re.search(r'name="number" value="(\d+)"', page)
    return page, int(number.group(1)) if number else 0


def item(app, run_id: int, number: int):
    with app.app_context():
        return sprint_store.get_run(run_id).item(number)


def rows(app, run_id: int) -> list[dict]:
    with app.app_context():
        return list(get_db().query("select * from sprint_items where run_id = ? order by number", [run_id]))


def wrong(answer: str) -> str:
    return "1" if answer != "1" else "2"


def answer(client, run_id, number, given):
    return client.post(f"/sprints/runs/{run_id}/answer", data={"number": str(number), "answer": given}, headers=HX)


def test_the_sprints_page_is_in_the_nav_and_lists_kinds_with_their_targets(client, auth):
    auth.login()
    page = client.get("/sprints/").get_data(as_text=True)
    assert 'href="/sprints/"' in page and "Run a two-minute sprint" in page
    assert 'data-kind="pot-limit-max"' in page and 'value="mix"' in page
    assert "not tried" in page


@pytest.mark.parametrize("seed", [3, 29, 41, 77, 1234])
def test_the_answer_is_not_on_the_page_before_the_trainee_answers(app, client, auth, clock, monkeypatch, seed):
    # fixed seeds: a random one sometimes drew an answer equal to a number of the page itself (a chip
    # button, the 120 seconds of the set)
    monkeypatch.setattr(sprint_store, "new_seed", lambda: seed)
    auth.login()
    run_id = start(client)
    page, number = asked(client, run_id)
    it = item(app, run_id, number)
    assert escape(it.situation.splitlines()[0]) in page
    assert escape(it.explanation) not in page
    outside_situation = page
    for line in it.situation.splitlines():
        outside_situation = outside_situation.replace(str(escape(line)), "")
    assert not re.search(rf"\b{re.escape(it.answer)}\b", re.sub(r'name="csrf-token" content="[^"]+"|'
                                                                r'value="[^"]{20,}"|'
                                                                r'<button type="button" class="chip"[^>]*>[^<]*</button>',
                                                                "", outside_situation))
    # the reply to an answer gives the next item's situation, never its answer
    r = answer(client, run_id, number, it.answer)
    nxt = item(app, run_id, number + 1)
    assert escape(nxt.explanation) not in r.get_data(as_text=True)


def test_right_and_wrong_are_said_at_once_and_timed_by_the_server(app, client, auth, clock):
    auth.login()
    run_id = start(client)
    _, number = asked(client, run_id)
    clock.tick(4.25)
    r = answer(client, run_id, number, item(app, run_id, number).answer)
    text = r.get_data(as_text=True)
    assert r.status_code == 200 and "✔ Right" in text and "(4.2 s)" in text or "(4.3 s)" in text
    assert 'aria-live="polite"' in text and 'hx-swap-oob="true"' in text
    assert f'name="number" value="{number + 1}"' in text
    clock.tick(2)
    r = answer(client, run_id, number + 1, wrong(item(app, run_id, number + 1).answer))
    assert "✘ Not" in r.get_data(as_text=True)
    stored = rows(app, run_id)
    assert [(s["number"], s["correct"], s["ms"]) for s in stored[:2]] == [(1, 1, 4250), (2, 0, 2000)]
    assert stored[0]["shown_at"] == "2026-12-03T09:00:00.000+00:00"


def test_a_double_submit_or_a_second_tab_counts_an_item_once(app, client, auth, clock):
    auth.login()
    run_id = start(client)
    _, number = asked(client, run_id)
    right = item(app, run_id, number).answer
    first = answer(client, run_id, number, right)
    second = answer(client, run_id, number, wrong(right))
    assert first.status_code == 200 and second.status_code == 409
    assert "counts once" in second.get_data(as_text=True)
    answered = [s for s in rows(app, run_id) if s["answered_at"]]
    assert len(answered) == 1 and answered[0]["correct"] == 1
    # the unique key itself refuses a second row for the item
    with app.app_context(), pytest.raises(Exception, match="UNIQUE"):
        get_db().conn.execute("insert into sprint_items (run_id, number, kind, shown_at) values (?, ?, 'x', 'y')",
                              [run_id, number])


def test_a_malformed_answer_is_not_counted(app, client, auth, clock):
    auth.login()
    run_id = start(client)
    _, number = asked(client, run_id)
    r = answer(client, run_id, number, "abc")
    assert r.status_code == 422 and "is not an answer here" in r.get_data(as_text=True)
    assert rows(app, run_id)[0]["answered_at"] is None
    assert answer(client, run_id, number, "   ").status_code == 422


def test_feedback_at_the_end_says_nothing_until_the_result(app, client, auth, clock):
    auth.login()
    run_id = start(client, feedback="end")
    _, number = asked(client, run_id)
    r = answer(client, run_id, number, wrong(item(app, run_id, number).answer)).get_data(as_text=True)
    assert "taken" in r and "✘" not in r and "Not " not in r


def test_the_clock_ends_the_set_and_the_result_shows_times_misses_and_the_best(app, client, auth, clock):
    auth.login()
    run_id = start(client)
    _, n1 = asked(client, run_id)
    clock.tick(3)
    answer(client, run_id, n1, item(app, run_id, n1).answer)
    clock.tick(5)
    answer(client, run_id, n1 + 1, wrong(item(app, run_id, n1 + 1).answer))
    clock.tick(sprint_store.PAGE_SECONDS)           # past the deadline and its grace
    r = answer(client, run_id, n1 + 2, "10")
    assert r.status_code == 409 and "Time is up" in r.get_data(as_text=True)
    page = client.get(f"/sprints/runs/{run_id}").get_data(as_text=True)
    assert "Result: 1 of 30 right" in page and "3.0 s" in page and "5.0 s" in page
    assert "not reached" in page and "Personal best" in page and "a new best" in page
    assert "Redo the 1 miss, untimed" in page
    missed = item(app, run_id, n1 + 1)
    assert escape(missed.explanation) in page           # the working, once the set is over
    assert f'<span class="rule">Rule {escape(rule_label(missed.rule))}</span>' in page   # with its name
    # the misses again, untimed: a new run of that one item, counted for no readiness
    r = client.post(f"/sprints/runs/{run_id}/redo")
    redo_id = int(r.headers["Location"].rsplit("/", 1)[1])
    page, number = asked(client, redo_id)
    assert number == n1 + 1 and escape(missed.situation.splitlines()[0]) in page and "untimed" in page
    answer(client, redo_id, number, missed.answer)
    with app.app_context():
        run = sprint_store.get_run(redo_id)
        assert run.finished and not run.timed and run.seed == sprint_store.get_run(run_id).seed
        found = sprint_store.results([1])[(1, "pot-limit-max")]
    assert [r.correct for r in found] == [True, False]


def test_a_run_is_its_trainees_only(app, client, auth, clock):
    auth.login()
    run_id = start(client)
    _, number = asked(client, run_id)
    other = app.test_client()
    AuthOther = type(auth)(other)
    AuthOther.login("trainee2")
    assert other.get(f"/sprints/runs/{run_id}").status_code == 404
    assert answer(other, run_id, number, "5").status_code == 404
    assert other.post(f"/sprints/runs/{run_id}/redo").status_code == 404
    assert all(s["answered_at"] is None for s in rows(app, run_id))
    anonymous = app.test_client()
    r = anonymous.get(f"/sprints/runs/{run_id}")
    assert r.status_code == 302 and "/auth/login" in r.headers["Location"]
    assert anonymous.post("/sprints/start", data={"kind": "rake"}).status_code == 302


def test_every_sprint_post_needs_the_csrf_token(app, client, auth, clock):
    auth.login()
    run_id = start(client)
    app.config["WTF_CSRF_ENABLED"] = True
    for url in ("/sprints/start", f"/sprints/runs/{run_id}/answer", f"/sprints/runs/{run_id}/redo"):
        assert client.post(url, data={"kind": "rake", "number": "1", "answer": "5"}).status_code == 400, url
    assert all(s["answered_at"] is None for s in rows(app, run_id))


def test_an_unknown_kind_is_refused(client, auth):
    auth.login()
    r = client.post("/sprints/start", data={"kind": "poker-face"})
    assert r.status_code == 422 and "Choose a kind" in r.get_data(as_text=True)


# --- the lesson cell ---------------------------------------------------------------------------

SPRINT_LESSON = '''+++
title = "Sprint lesson"
+++
## Quick sums

```sprint
id = "plm-sprint"
title = "Pot-limit maximum, fast"
kind = "pot-limit-max"
n = 3
seconds = 60
feedback = "end"
```
'''


def test_a_sprint_cell_parses_and_bad_keys_are_file_and_line(tmp_path):
    lesson = parse_lesson(SPRINT_LESSON, "lessons/s.md", folder=tmp_path)
    plan = lesson.cell("plm-sprint").engine
    assert (plan.kind, plan.n, plan.seconds, plan.feedback) == ("pot-limit-max", 3, 60, "end")
    mixed = parse_lesson(SPRINT_LESSON.replace('kind = "pot-limit-max"', 'kinds = ["pot-limit-max", "side-pots"]'),
                         "lessons/s.md", folder=tmp_path)
    assert mixed.cell("plm-sprint").engine.kind == "pot-limit-max,side-pots"
    bad = {   # (the line replaced, its replacement): the line reported, what is said
        ('kind = "pot-limit-max"', 'colour = "red"\nkind = "pot-limit-max"'): (9, "takes only"),
        ('kind = "pot-limit-max"', 'kind = "juggling"'): (9, "no sprint kind 'juggling'"),
        ("n = 3", "n = 0"): (10, "n must be a whole number from 1 to 200"),
        ("seconds = 60", "seconds = 5"): (11, "seconds must be a whole number from 10"),
        ('feedback = "end"', 'feedback = "later"'): (12, 'feedback must be "now"'),
        ('kind = "pot-limit-max"', 'kinds = []'): (9, "kinds must be a kind's name or a list"),
    }
    for (old, new), (line, said) in bad.items():
        with pytest.raises(LessonError) as caught:
            parse_lesson(SPRINT_LESSON.replace(old, new), "lessons/s.md", folder=tmp_path)
        assert caught.value.line == line and said in caught.value.message, new
        assert str(caught.value).startswith(f"lessons/s.md:{line}: sprint cell 'plm-sprint'")
    with pytest.raises(LessonError, match=r"lessons/s.md:10: .*needs kind = .* or kinds = .*\(not both\)"):
        parse_lesson(SPRINT_LESSON.replace('n = 3', 'kinds = ["rake"]'), "lessons/s.md", folder=tmp_path)


def test_a_sprint_cell_starts_its_set_and_is_done_when_finished(app, client, auth, clock, empty_lessons):
    (empty_lessons / "sprint-lesson.md").write_text(SPRINT_LESSON)
    auth.login()
    page = client.get("/lessons/sprint-lesson").get_data(as_text=True)
    assert 'data-kind="sprint"' in page and "3 items in 60 seconds" in page and 'data-done="0"' in page
    r = client.post("/sprints/start", data={"lesson": "sprint-lesson", "cell": "plm-sprint"})
    run_id = int(r.headers["Location"].rsplit("/", 1)[1])
    for _ in range(3):
        _, number = asked(client, run_id)
        answer(client, run_id, number, item(app, run_id, number).answer)
    page = client.get(f"/sprints/runs/{run_id}").get_data(as_text=True)
    assert "Result: 3 of 3 right" in page and "Sprint lesson" in page
    page = client.get("/lessons/sprint-lesson").get_data(as_text=True)
    assert 'data-done="1"' in page and "1 of 1 cells done" in page
    assert client.post("/sprints/start", data={"lesson": "sprint-lesson", "cell": "nope"}).status_code == 404


# --- readiness, the dashboard, CSV and assignments ---------------------------------------------

def sprint(app, client, clock, kind="pot-limit-max", right=(True,) * 5, seconds=2.0) -> int:
    """A finished timed run of `kind`: its first len(right) items answered
    right or wrong, each after `seconds`; then its clock runs out."""
    run_id = start(client, kind)
    for ok in right:
        _, number = asked(client, run_id)
        clock.tick(seconds)
        it = item(app, run_id, number)
        assert answer(client, run_id, number, it.answer if ok else wrong(it.answer)).status_code == 200
    clock.tick(sprint_store.PAGE_SECONDS + 5)
    client.get(f"/sprints/runs/{run_id}")
    return run_id


def test_readiness_on_the_progress_page_with_a_chart_and_the_weakest_kind_next(app, client, auth, clock):
    auth.login()
    page = client.get("/progress/").get_data(as_text=True)
    assert "No sprints yet" in page and "Sprint next" not in page
    sprint(app, client, clock, "pot-limit-max", right=(True,) * 4)
    clock.tick(24 * 3600)
    sprint(app, client, clock, "side-pots", right=(False, False, False, False, True))
    page = client.get("/progress/").get_data(as_text=True)
    section = page.split('data-testid="sprint-readiness"', 1)[1].split("</table>", 1)[0]
    assert "pot-limit-max" in section and "side-pots" in section and "yes" in section   # side-pots: a leech
    assert 'data-testid="chart-readiness-pot-limit-max"' in page and 'data-testid="chart-readiness-side-pots"' in page
    next_up = page.split('data-testid="sprint-next"', 1)[1].split("</p>", 1)[0]
    assert "/sprints/?kind=side-pots" in next_up
    # the Sprints page suggests it too
    assert "/sprints/?kind=side-pots" in client.get("/sprints/").get_data(as_text=True)


@pytest.fixture
def cohort(app, client, auth):
    """Cohort 1 with the trainee in it, made by the instructor; the instructor's client."""
    from webapp.instructor import roster
    with app.app_context():
        db = get_db()
        cohort_id = roster.create_cohort(db, "Morning", 2)
        roster.add_member(db, cohort_id, 1)
    teacher = app.test_client()
    type(auth)(teacher).login("instructor")
    return cohort_id, teacher


def test_instructors_see_readiness_and_leeches_on_the_dashboard_and_in_csv(app, client, auth, clock, cohort):
    cohort_id, teacher = cohort
    auth.login()
    sprint(app, client, clock, "side-pots", right=(False, False, False, False, True))
    page = teacher.get(f"/cohorts/{cohort_id}").get_data(as_text=True)
    table = page.split('data-testid="sprint-readiness"', 1)[1].split("</table>", 1)[0]
    assert "trainee" in table and "side-pots" in table and "yes" in table
    r = teacher.get(f"/cohorts/{cohort_id}/csv/sprint-readiness")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    text = r.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert text[0] == "trainee,kind,items,accuracy_pct,median_s,target_s,target_pct,readiness,leech,extra_time"
    fields = text[1].split(",")
    assert fields[:4] == ["trainee", "side-pots", "5", "20"] and fields[-2:] == ["yes", ""]
    page = teacher.get(f"/cohorts/{cohort_id}/trainees/1").get_data(as_text=True)
    assert "Sprint readiness by trainee and kind" in page and "side-pots" in page
    # a trainee sees no dashboard
    assert client.get(f"/cohorts/{cohort_id}/csv/sprint-readiness").status_code == 403


def test_an_instructor_assigns_a_sprint_with_a_due_date(app, client, auth, clock, cohort):
    cohort_id, teacher = cohort
    page = teacher.get(f"/cohorts/{cohort_id}").get_data(as_text=True)
    assert '<option value="side-pots">Sprint: Side pots</option>' in page
    r = teacher.post(f"/cohorts/{cohort_id}/assignments", data={"sprint": "juggling", "due": "2026-12-10"})
    assert r.status_code == 422 and "Choose a sprint kind" in r.get_data(as_text=True)
    r = teacher.post(f"/cohorts/{cohort_id}/assignments", data={"sprint": "side-pots", "due": "2026-12-10"})
    assert r.status_code == 302
    auth.login()
    page = client.get("/progress/").get_data(as_text=True)
    row = page.split('data-sprint="side-pots"', 1)[1].split("</tr>", 1)[0]
    assert "Sprint: Side pots" in row and "/sprints/?kind=side-pots" in row and "not run yet" in row
    assert "10 Dec 2026" in row                                  # due dates read as dates (issue 29)
    kinds = client.get("/sprints/").get_data(as_text=True).split('data-kind="side-pots"', 1)[1].split("</tr>", 1)[0]
    assert "10 Dec 2026" in kinds                               # the Sprints page marks it too
    sprint(app, client, clock, "side-pots", right=(True, True))
    row = client.get("/progress/").get_data(as_text=True).split('data-sprint="side-pots"', 1)[1].split("</tr>", 1)[0]
    assert "best 2/30 right" in row and "done" in row


@pytest.mark.parametrize("kind", [*KINDS, "mix"])
def test_every_kind_runs_in_the_browser(app, client, auth, clock, kind):
    auth.login()
    run_id = start(client, kind)
    for _ in range(3):
        page, number = asked(client, run_id)
        it = item(app, run_id, number)
        assert escape(it.explanation) not in page
        if it.answer_form == "choice":
            assert all(f'value="{escape(c)}"' in page for c in it.choices)
        elif it.kind != "change":     # change: how many of each chip, typed (chip buttons would add values)
            assert 'class="chip" data-chip="25"' in page
        r = answer(client, run_id, number, it.answer)
        assert r.status_code == 200 and "✔ Right" in r.get_data(as_text=True), (kind, it)


# --- a sprint in an audition --------------------------------------------------------------------

def test_an_audition_with_a_sprint_part_is_passed_only_when_both_parts_are(app, clock):
    from webapp import audition_store as ast
    from .test_auditions import HEADS_UP, client_as, deal, run_of
    from .test_auditions import start as start_audition
    teacher = client_as(app, "instructor")
    part = {"sprint_kind": "pot-limit-max", "sprint_n": "3", "sprint_seconds": "60", "sprint_accuracy": "100"}
    for bad, field in (({"sprint_kind": "juggling"}, "sprint_kind"), ({"sprint_n": "0"}, "sprint_n"),
                       ({"sprint_accuracy": "101"}, "sprint_accuracy"), ({"sprint_seconds": "5"}, "sprint_seconds")):
        r = teacher.post("/auditions/new", data={**HEADS_UP, **part, **bad})
        assert r.status_code == 422 and f'data-testid="{field}-error"' in r.get_data(as_text=True), bad
    r = teacher.post("/auditions/new", data={**HEADS_UP, **part})
    audition_id = int(r.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        assert ast.get_audition(audition_id).sprint == ast.SprintPart("pot-limit-max", 3, 60, 100)
    assert 'value="pot-limit-max" selected' in teacher.get(f"/auditions/{audition_id}/edit").get_data(as_text=True)
    results = {}
    for name, all_right in (("trainee", True), ("trainee2", False)):
        trainee = client_as(app, name)
        run_id = start_audition(trainee, audition_id)
        # the sprint part first: the run's page leads to it, and a second visit finds the same sprint
        first = trainee.get(f"/auditions/runs/{run_id}")
        assert first.status_code == 302 and "/sprints/runs/" in first.headers["Location"]
        assert trainee.get(f"/auditions/runs/{run_id}").headers["Location"] == first.headers["Location"]
        sprint_id = int(first.headers["Location"].rsplit("/", 1)[1])
        for k in range(3):
            _, number = asked(trainee, sprint_id)
            it = item(app, sprint_id, number)
            r = answer(trainee, sprint_id, number, it.answer if all_right or k else wrong(it.answer))
            text = r.get_data(as_text=True)
            assert "✘" not in text and "✔" not in text and escape(it.explanation) not in text   # nothing teaches
        assert 'data-testid="to-hands"' in text and "Redo" not in text
        assert trainee.post(f"/sprints/runs/{sprint_id}/redo").status_code == 409
        assert trainee.get(f"/auditions/runs/{run_id}").status_code == 200             # now the hands
        deal(app, trainee, run_id)                                                    # every step right
        results[name] = run_of(app, run_id)
        page = trainee.get(f"/auditions/runs/{run_id}/result").get_data(as_text=True)
        assert ("3 of 3 right" if all_right else "2 of 3 right") in page
        # once the audition is over, the sprint's working is shown
        assert escape(item(app, sprint_id, 1).explanation) in trainee.get(f"/sprints/runs/{sprint_id}").get_data(
            as_text=True)
    assert results["trainee"].score == results["trainee2"].score == 100
    assert results["trainee"].passed and results["trainee"].certificate
    assert not results["trainee2"].passed and results["trainee2"].certificate is None


def test_a_set_the_engine_cannot_draw_is_said_and_nothing_stored(app, client, auth, monkeypatch):
    auth.login()

    def refuse(*args, **kwargs):
        raise ValueError("only 3 came out different")
    monkeypatch.setattr(sprint_store, "items", refuse)
    r = client.post("/sprints/start", data={"kind": "rake"})
    assert r.status_code == 422 and "could not be drawn (only 3 came out different)" in r.get_data(as_text=True)
    with app.app_context():
        assert get_db().execute("select count(*) from sprint_runs").fetchone()[0] == 0


def test_the_editor_previews_a_sprint_cell_without_starting_a_run(app, auth, client):
    auth.login("instructor")
    r = client.post("/author/-preview", data={"slug": "sprint-lesson", "text": SPRINT_LESSON}, headers=HX)
    text = r.get_data(as_text=True)
    assert r.status_code == 200 and 'data-kind="sprint"' in text and "a preview records no run" in text
    assert "sprint-start" not in text


def test_recent_sprints_are_listed_with_a_readable_date_and_the_kinds_title(app, client, auth, clock):
    """Issue 29 finding 6: words and dates for people."""
    auth.login()
    start(client)
    runs = client.get("/sprints/").get_data(as_text=True).split('data-testid="sprint-runs"', 1)[1].split("</ul>", 1)[0]
    assert "3 Dec 2026, 09:00 UTC" in runs and "2026-12-03" not in runs
    assert sprint_cells.kind_title("pot-limit-max") in runs and "pot-limit-max</a>" not in runs
