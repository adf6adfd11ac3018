"""Accommodations (issue 33): extra time and extra attempts set by staff with a
reason, applied by the server's clocks and retake limit, kept as a history
in the audit trail, and shown on every result they touch (never the reason
to the trainee)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from webapp import accommodations, audit
from webapp import audition_store as ast
from webapp import sprint_store
from webapp.db import get_db
from webapp.instructor import roster
from webapp.trainee.auditions import TIME_UP

from .conftest import HX, step_form
from .test_auditions import HEADS_UP, client_as, deal, due, finish_run, run_of
from .test_auditions import start as start_audition
from .test_sprints import answer, asked, item, start as start_sprint

T0 = datetime(2026, 12, 3, 9, 0, tzinfo=timezone.utc)
TRAINEE, INSTRUCTOR, TRAINEE2 = 1, 2, 3
REASON = "Dyslexia assessment on file (letter of 2 Nov)"


class Clock:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at

    def tick(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def clock(app):
    app.config["CLOCK"] = clock = Clock()
    return clock


@pytest.fixture
def cohort(app):
    """Cohort 1 with both trainees in it; the instructor's client."""
    with app.app_context():
        db = get_db()
        cohort_id = roster.create_cohort(db, "Morning", INSTRUCTOR)
        roster.add_member(db, cohort_id, TRAINEE)
        roster.add_member(db, cohort_id, TRAINEE2)
    return cohort_id, client_as(app, "instructor")


def give(teacher, cohort_id, user_id=TRAINEE, pct="25", attempts="", reason=REASON):
    return teacher.post(f"/cohorts/{cohort_id}/trainees/{user_id}/accommodation",
                        data={"extra_time_pct": pct, "extra_attempts": attempts, "reason": reason})


def define(app, **fields) -> int:
    r = client_as(app, "instructor").post("/auditions/new", data={**HEADS_UP, **fields})
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(r.headers["Location"].rsplit("/", 1)[1])


# --- setting, changing, ending -------------------------------------------------------------


def test_staff_set_change_and_end_one_each_a_row_in_the_history_and_the_audit(app, cohort, clock):
    cohort_id, teacher = cohort
    page = teacher.get(f"/cohorts/{cohort_id}/trainees/{TRAINEE}").get_data(as_text=True)
    assert "No accommodation" in page and 'data-testid="set-accommodation"' in page
    r = give(teacher, cohort_id, pct="25")
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/trainees/{TRAINEE}#accommodation-h")
    clock.tick(60)
    assert give(teacher, cohort_id, pct="50", attempts="1", reason="Reassessed: 50%").status_code == 302
    with app.app_context():
        now = accommodations.current(get_db(), TRAINEE)
        assert (now.extra_time_pct, now.extra_attempts, now.reason, now.set_by, now.action) == (
            50, 1, "Reassessed: 50%", "instructor", "changed")
        assert accommodations.current(get_db(), TRAINEE2) is None
    page = teacher.get(f"/cohorts/{cohort_id}/trainees/{TRAINEE}").get_data(as_text=True)
    assert "50% extra time and 1 extra attempt" in page and "Reassessed: 50%" in page and REASON in page
    r = teacher.post(f"/cohorts/{cohort_id}/trainees/{TRAINEE}/accommodation/end", data={"reason": "Course over"})
    assert r.status_code == 302
    with app.app_context():
        db = get_db()
        assert accommodations.current(db, TRAINEE) is None
        assert [(a.action, a.extra_time_pct, a.reason) for a in accommodations.history(db, TRAINEE)] == [
            ("ended", 0, "Course over"), ("changed", 50, "Reassessed: 50%"), ("set", 25, REASON)]
        lines = audit.lines(db, "accommodation")
        assert [(line.action, line.actor, line.label) for line in lines] == [
            ("removed", "instructor", "accommodation of trainee"), ("changed", "instructor", "accommodation of trainee"),
            ("created", "instructor", "accommodation of trainee")]
        assert "was 25% extra time" in lines[1].detail and REASON in lines[2].detail
    # ending again: nothing to end, nothing written
    teacher.post(f"/cohorts/{cohort_id}/trainees/{TRAINEE}/accommodation/end", data={})
    with app.app_context():
        assert len(accommodations.history(get_db(), TRAINEE)) == 3 and len(audit.lines(get_db(), "accommodation")) == 3


@pytest.mark.parametrize("pct, attempts, reason, said", [
    ("150", "", REASON, "Extra time is a whole percentage from 0 to 100"),
    ("-5", "", REASON, "Extra time is a whole percentage from 0 to 100"),
    ("2.5", "", REASON, "Extra time is a whole percentage from 0 to 100"),
    ("25", "9", REASON, "Extra attempts is a whole number from 0 to 5"),
    ("25", "", "   ", "Give the reason"),
    ("0", "0", REASON, "Give some extra time or extra attempts"),
])
def test_bad_input_is_refused_with_a_clear_message_keeping_what_was_typed(app, cohort, pct, attempts, reason, said):
    cohort_id, teacher = cohort
    r = give(teacher, cohort_id, pct=pct, attempts=attempts, reason=reason)
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and said in page and 'data-testid="accommodation-error"' in page
    assert f'value="{pct}"' in page and (reason.strip() == "" or f">{reason}</textarea>" in page)
    with app.app_context():
        assert accommodations.history(get_db(), TRAINEE) == [] and audit.lines(get_db(), "accommodation") == []


def test_only_staff_set_them_and_only_for_a_trainee_of_the_cohort(app, cohort):
    cohort_id, teacher = cohort
    trainee = client_as(app, "trainee")
    assert give(trainee, cohort_id).status_code == 403
    assert trainee.post(f"/cohorts/{cohort_id}/trainees/{TRAINEE}/accommodation/end").status_code == 403
    with app.app_context():
        outside = roster.create_cohort(get_db(), "Evening", INSTRUCTOR)
    assert give(teacher, outside).status_code == 404            # not in that cohort
    with app.app_context():
        assert accommodations.history(get_db(), TRAINEE) == []


def test_seconds_for_is_the_one_clock_and_a_trainee_without_one_is_unaffected(app, cohort):
    cohort_id, teacher = cohort
    give(teacher, cohort_id, pct="33")
    with app.app_context():
        assert accommodations.extended(120, 25) == 150 and accommodations.extended(100, 33) == 133
        assert accommodations.extended(10, 33) == 14                    # rounded up to the whole second
        assert accommodations.seconds_for(TRAINEE, 600) == 798
        assert accommodations.seconds_for(TRAINEE2, 600) == 600


# --- applied by the server -----------------------------------------------------------------


def test_a_sprint_item_answered_after_the_base_time_within_the_extended_time_counts(app, cohort, clock):
    cohort_id, teacher = cohort
    give(teacher, cohort_id, pct="25")              # 120 s -> 150 s
    results = {}
    for name in ("trainee", "trainee2"):
        client = client_as(app, name)
        run_id = start_sprint(client)
        _, number = asked(client, run_id)
        clock.tick(140)                              # past 120 s and its grace, within 150 s
        r = answer(client, run_id, number, item(app, run_id, number).answer)
        results[name] = r.status_code, r.get_data(as_text=True)
        clock.at = T0
    assert results["trainee"][0] == 200 and "✔" in results["trainee"][1]
    assert results["trainee2"][0] == 409 and "Time is up" in results["trainee2"][1]
    with app.app_context():
        mine = sprint_store.get_run(1)
        assert (mine.seconds, mine.extra_time_pct, mine.seconds_allowed) == (120, 25, 150)
        assert mine.deadline == T0 + timedelta(seconds=150)
        assert sprint_store.get_run(2).deadline == T0 + timedelta(seconds=120)
    trainee = client_as(app, "trainee")
    page = trainee.get("/sprints/runs/1").get_data(as_text=True)
    assert "150 with your 25% extra time" in page and REASON not in page
    assert "this page's set runs 2 min 30 s" in trainee.get("/sprints/").get_data(as_text=True)
    assert 'data-testid="accommodation"' not in client_as(app, "trainee2").get("/sprints/").get_data(as_text=True)
    clock.tick(200)
    page = trainee.get("/sprints/runs/1").get_data(as_text=True)
    assert "Run with 25% extra time: 150 seconds for the set instead of 120" in page


def test_readiness_says_when_sprints_were_run_with_extra_time(app, cohort, clock):
    cohort_id, teacher = cohort
    trainee = client_as(app, "trainee")
    for extra in (False, True):
        if extra:
            give(teacher, cohort_id, pct="25")
        run_id = start_sprint(trainee)
        for _ in range(2):
            _, number = asked(trainee, run_id)
            clock.tick(2)
            answer(trainee, run_id, number, item(app, run_id, number).answer)
        clock.tick(300)
        trainee.get(f"/sprints/runs/{run_id}")
    said = "extra time (up to 25%) on 2 of the 4 items weighed"
    assert said in trainee.get("/sprints/").get_data(as_text=True)
    assert said in trainee.get("/progress/").get_data(as_text=True)
    csv = teacher.get(f"/cohorts/{cohort_id}/csv/sprint-readiness").get_data(as_text=True).splitlines()
    assert csv[0].endswith(",leech,extra_time") and csv[1].endswith(said)


def test_an_audition_deadline_is_extended_and_the_result_and_certificate_say_so(app, cohort, clock):
    cohort_id, teacher = cohort
    give(teacher, cohort_id, pct="50")                # 10 min -> 15 min
    audition_id = define(app, minutes="10")
    runs = {name: start_audition(client_as(app, name), audition_id) for name in ("trainee", "trainee2")}
    clock.at = T0 + timedelta(minutes=12)
    for name, run_id in runs.items():
        run, step, _ = due(app, run_id)
        r = client_as(app, name).post(f"/auditions/runs/{run_id}/step",
                                      data=step_form(step, at=len(run.steps), rev=run.posts), headers=HX)
        if name == "trainee":
            assert r.status_code == 200, r.get_data(as_text=True)
        else:
            assert r.status_code == 409 and TIME_UP in r.get_data(as_text=True)
    mine = run_of(app, runs["trainee"])
    assert mine.extra_time_pct == 50 and mine.running
    assert mine.deadline == (T0 + timedelta(minutes=15)).isoformat(timespec="milliseconds")
    trainee = client_as(app, "trainee")
    deal(app, trainee, runs["trainee"])
    page = trainee.get(f"/auditions/runs/{runs['trainee']}/result").get_data(as_text=True)
    assert "of 15 min (10 min with 50% extra time)" in page and 'data-testid="accommodation"' in page
    assert REASON not in page                                    # the reason is staff's only
    staff_page = teacher.get(f"/auditions/runs/{runs['trainee']}/result").get_data(as_text=True)
    assert f"reason (staff only): {REASON}" in staff_page
    certificate = trainee.get(f"/auditions/runs/{runs['trainee']}/certificate").get_data(as_text=True)
    assert "15 min (10 min with 50% extra time)" in certificate and "50% extra time" in certificate
    assert REASON not in certificate
    other = client_as(app, "trainee2").get(f"/auditions/runs/{runs['trainee2']}/result").get_data(as_text=True)
    assert "of 10 min" in other and "extra time" not in other
    # the instructor's list of runs, the certificate check and the trainee's CSV say it too
    listed = teacher.get(f"/auditions/{audition_id}").get_data(as_text=True)
    assert listed.count('data-testid="run-accommodation">with 50% extra time<') == 1
    number = run_of(app, runs["trainee"]).certificate
    verified = teacher.get(f"/auditions/verify?number={number}").get_data(as_text=True)
    assert 'data-testid="verified-accommodation">50% extra time<' in verified
    csv = teacher.get(f"/cohorts/{cohort_id}/trainees/{TRAINEE}/csv/auditions").get_data(as_text=True).splitlines()
    assert csv[0].endswith(",certificate,attempt,accommodation") and csv[1].endswith(",50% extra time")


def test_a_change_after_the_start_leaves_a_run_under_way_as_it_began(app, cohort, clock):
    cohort_id, teacher = cohort
    trainee = client_as(app, "trainee")
    run_id = start_sprint(trainee)
    give(teacher, cohort_id, pct="100")
    with app.app_context():
        run = sprint_store.get_run(run_id)
        assert run.extra_time_pct == 0 and run.deadline == T0 + timedelta(seconds=120)


def test_an_extra_attempt_allows_a_retake_beyond_the_limit(app, cohort, clock):
    cohort_id, teacher = cohort
    give(teacher, cohort_id, pct="0", attempts="1", reason="Fire alarm during attempt 1")
    audition_id = define(app, max_runs="1")
    for name in ("trainee", "trainee2"):
        finish_run(app, start_audition(client_as(app, name), audition_id), T0)
    trainee, other = client_as(app, "trainee"), client_as(app, "trainee2")
    assert other.post(f"/auditions/{audition_id}/start").headers["Location"] == "/auditions/"
    assert "used all 1 attempt" in other.get("/auditions/").get_data(as_text=True)
    second = start_audition(trainee, audition_id)
    run = run_of(app, second)
    assert run.attempt == 2 and run.extra_time_pct == 0 and run.accommodation_id is not None
    finish_run(app, second, T0)
    page = trainee.get(f"/auditions/runs/{second}/result").get_data(as_text=True)
    assert "an extra attempt, given by an accommodation" in page and "Fire alarm" not in page
    csv = teacher.get(f"/cohorts/{cohort_id}/trainees/{TRAINEE}/csv/auditions").get_data(as_text=True).splitlines()
    assert csv[1].endswith(",an extra attempt") and csv[2].endswith(",")
    assert trainee.post(f"/auditions/{audition_id}/start").headers["Location"] == "/auditions/"
    assert "used all 2 attempts this audition allows you (1 of them extra)" in trainee.get(
        "/auditions/").get_data(as_text=True)


def test_an_auditions_sprint_part_gets_the_runs_extra_time(app, cohort, clock):
    cohort_id, teacher = cohort
    give(teacher, cohort_id, pct="20")
    audition_id = define(app, sprint_kind="pot-limit-max", sprint_n="3", sprint_seconds="60", sprint_accuracy="1")
    trainee = client_as(app, "trainee")
    run_id = start_audition(trainee, audition_id)
    sprint_id = int(trainee.get(f"/auditions/runs/{run_id}").headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        part = sprint_store.get_run(sprint_id)
        assert (part.seconds, part.extra_time_pct, part.deadline) == (60, 20, T0 + timedelta(seconds=72))


def test_the_migration_gives_runs_from_before_it_no_extra_time(tmp_path):
    from webapp.db import MIGRATIONS, _v15_accommodations, migrate

    from .conftest import migrated_before
    db = migrated_before(tmp_path / "old.db", _v15_accommodations)
    db.conn.execute("insert into users (id, username, password_hash, role) values (1, 'ann', 'x', 'trainee')")
    db.conn.execute("insert into sprint_runs (user_id, kind, seed, n, house, seconds, feedback, numbers, timed, "
                    "started_at) values (1, 'rake', 1, 3, 'main', 60, 'now', '[1, 2, 3]', 1, 't')")
    db.conn.commit()
    assert migrate(db) == len(MIGRATIONS)
    assert db.execute("select extra_time_pct, accommodation_id from sprint_runs").fetchone() == (0, None)
    assert accommodations.current(db, 1) is None and accommodations.history(db, 1) == []
