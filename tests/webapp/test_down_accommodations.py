"""Accommodations on downs (issue 33): a down's run keeps the extra time in
force when it starts; a down of `minutes` is that much longer, an audition's
down part has its pace mark lowered by the same factor, and the pages say so.
A trainee without one is unaffected."""
from __future__ import annotations

from webapp import accommodations
from webapp import audition_store as ast
from webapp import down_store as ds
from webapp.db import get_db

from .test_auditions import client_as, deal, define, start
from .test_down_audition import DOWN, deal_the_down

TRAINEE, INSTRUCTOR, OTHER = 1, 2, 3
TIMED = {"game": "holdem", "minutes": 30}


def give(app, pct: int, user_id: int = TRAINEE) -> None:
    with app.app_context():
        accommodations.give(get_db(), user_id, accommodations.Wanted(pct, 0, "Assessed."), INSTRUCTOR)


def timed_down(app, user_id: int) -> ds.Run:
    with app.app_context():
        run_id = ds.start(user_id, "a-lesson", "timed", "A timed down", TIMED, 7, hands=None, minutes=30)
        run = ds.get_run(run_id)
        assert run is not None
        return run


def test_pace_marks_are_lowered_by_the_factor_the_clock_is_lengthened():
    assert ds.pace_mark(80, 0) == 80 and ds.pace_mark(80, 50) == 54 and ds.pace_mark(80, 100) == 40
    assert ds.pace_mark(1, 100) == 1 and ds.pace_mark(75, 25) == 60


def test_fifty_percent_extra_time_gives_a_longer_down_and_its_pages_say_so(app):
    give(app, 50)
    given, plain = timed_down(app, TRAINEE), timed_down(app, OTHER)
    assert (given.extra_time_pct, plain.extra_time_pct) == (50, 0) and given.accommodation_id and not plain.accommodation_id
    assert (ds.time_limit_ms(given), ds.time_limit_ms(plain)) == (45 * 60_000, 30 * 60_000)
    for run in (given, plain):       # 40 minutes dealt: past the plain limit, inside the longer one
        run.status, run.active_ms = "stopped", 40 * 60_000
    assert not ds.limit_reached(given) and ds.limit_reached(plain)
    with app.app_context():          # a practice down of hands has no clock to extend
        untimed = ds.get_run(ds.start(TRAINEE, "a-lesson", "hands", "Hands", {"game": "holdem", "hands": 5}, 7, hands=5,
                                      minutes=None))
    assert untimed.extra_time_pct == 0 and ds.time_limit_ms(untimed) is None and untimed.allowed() == "5 hands"
    with app.app_context():          # a later change never rewrites a run begun
        accommodations.end(get_db(), TRAINEE, "", INSTRUCTOR)
        assert ds.get_run(given.id).extra_time_pct == 50
    trainee = client_as(app, "trainee")
    summary = trainee.get(f"/downs/runs/{given.id}/summary").get_data(as_text=True)
    assert "45 min (30 min with 50% extra time)" in summary
    page = trainee.get(f"/downs/runs/{given.id}").get_data(as_text=True)
    assert 'data-testid="down-extra-time">with 50% extra time' in page and "of 45" in page
    other = client_as(app, "trainee2")
    summary = other.get(f"/downs/runs/{plain.id}/summary").get_data(as_text=True)
    assert 'data-testid="summary-allowed">30 min<' in summary and "extra time" not in summary
    assert "extra time" not in other.get(f"/downs/runs/{plain.id}").get_data(as_text=True)
    with app.test_request_context():     # the dashboard's downs (and their CSV) say it too
        from webapp.instructor.dashboard import down_results
        table = down_results([(r, ds.run_score(r)) for r in (given, plain)])
    assert table.columns[-1].key == "extra_time" and [row[-1] for row in table.rows] == ["50%", ""]


def test_an_auditions_down_part_lowers_its_pace_mark_for_the_extra_time(app):
    audition_id = define(app, **{**DOWN, "down_pace": "80"})
    give(app, 50)
    trainee = client_as(app, "trainee")
    run_id = start(trainee, audition_id)
    down_id = int(trainee.get(f"/auditions/runs/{run_id}").headers["Location"].rsplit("/", 1)[1])
    deal_the_down(app, trainee, down_id)
    deal(app, trainee, run_id)       # the audition's hands: its result shows once it is over
    with app.app_context():
        down = ds.get_run(down_id)
        assert down.extra_time_pct == 50 == ast.get_run(run_id).extra_time_pct
        part = ast.get_audition(audition_id).down
        std = ds.run_score(down).pace_standard
        # Dealt at 60% of the house's pace: above the lowered mark (54%), under the plain one (80%).
        get_db().conn.execute("update down_runs set active_ms = ? where id = ?",
                              [int(down.hands_dealt * 3_600_000 / (0.6 * std)), down_id])
        score, passed = part.result(run_id)
        assert score.pace_percent in (59, 60) and passed
        get_db().conn.execute("update down_runs set extra_time_pct = 0 where id = ?", [down_id])
        assert not part.result(run_id)[1]
        get_db().conn.execute("update down_runs set extra_time_pct = 50 where id = ?", [down_id])
        get_db().conn.commit()
    result = trainee.get(f"/auditions/runs/{run_id}/result")
    assert "with 50% extra time, the pace to reach was 54% (not 80%)" in result.get_data(as_text=True)
    summary = trainee.get(f"/downs/runs/{down_id}/summary").get_data(as_text=True)
    assert "2 hands (with 50% extra time: a lower pace mark)" in summary


def test_the_migration_gives_downs_from_before_it_no_extra_time(tmp_path):
    from webapp.db import MIGRATIONS, _v18_down_accommodations, migrate

    from .conftest import migrated_before
    db = migrated_before(tmp_path / "old.db", _v18_down_accommodations)
    db.conn.execute("insert into users (id, username, password_hash, role) values (1, 'ann', 'x', 'trainee')")
    db.conn.execute("insert into down_runs (user_id, spec, seed, minutes, hand, steps, answered, posts, active_ms, "
                    "started_at, status) values (1, '{}', 7, 30, 1, '[]', '[]', 0, 0, 't', 'dealing')")
    db.conn.commit()
    assert migrate(db) == len(MIGRATIONS)
    assert db.execute("select extra_time_pct, accommodation_id from down_runs").fetchone() == (0, None)
