"""A down's storage and score (webapp/down_store.py): one open run per trainee
and cell, a clock that counts only time spent dealing, and a score that
counts each step and prompt once, at its first try."""
from __future__ import annotations

from datetime import timedelta

from webapp import down_store as ds
from webapp.db import get_db
from webapp.mastery import now

SPEC = {"game": "holdem", "hands": 3, "seed": 7}


def _start(app, **kw):
    with app.app_context():
        return ds.start(1, "down-01", "a-down", "A down", SPEC, 7, hands=3, minutes=None, **kw)


def test_a_second_start_finds_the_open_run_and_an_ended_one_is_not_reopened(app):
    first = _start(app)
    assert _start(app) == first                      # a second tab, a double click, coming back
    with app.app_context():
        with ds.run_transaction(first) as run:
            ds.end(run)
            ds.save_run(run)
        assert ds.get_run(first).ended
    second = _start(app)
    assert second != first
    with app.app_context():
        assert [r.id for r in ds.runs_of(user_id=1)] == [second, first]
        assert ds.runs_of(user_id=2) == []
        assert ds.get_run(second).spec == SPEC


def test_the_clock_counts_dealing_only(app):
    run_id = _start(app)
    with app.app_context():
        run = ds.get_run(run_id)
        t0 = now()
        run.last_at = ds.stamp(t0)
        ds.tick(run, t0 + timedelta(seconds=40))
        assert run.active_ms == 40_000
        ds.tick(run, t0 + timedelta(hours=2))      # walked away without Stop: at most IDLE_MS counted
        assert run.active_ms == 40_000 + ds.IDLE_MS
        ds.stop(run)
        assert run.stopped and run.dealing_ms(now() + timedelta(hours=5)) == run.active_ms
        ds.resume(run)
        assert run.status == "dealing"
        ds.save_run(run)
        assert ds.get_run(run_id).active_ms == run.active_ms


def test_limits_and_the_one_place_of_the_time_limit(app):
    run_id = _start(app)
    with app.app_context():
        run = ds.get_run(run_id)
        assert ds.time_limit_ms(run) is None and not ds.limit_reached(run)
        run.hand = 4
        assert ds.limit_reached(run)                # 3 hands dealt
        run.hand, run.hands, run.minutes, run.active_ms = 2, None, 1, 59_000
        run.status = "stopped"
        assert ds.time_limit_ms(run) == 60_000 and not ds.limit_reached(run)
        run.active_ms = 60_000
        assert ds.limit_reached(run)


def test_score_counts_each_step_and_prompt_once_at_its_first_try(app):
    run_id = _start(app)
    with app.app_context():
        with ds.run_transaction(run_id) as run:
            rec = [ds.Record(1, 1, "step", "Button to seat 3", True, True, "8.2.1", payload='{"kind": "move_button"}'),
                   ds.Record(1, 2, "step", "Post seat 4", False, True, "8.2.2"),
                   ds.Record(1, 2, "step", "Post seat 4", True, False, "8.2.2", payload='{"kind": "post_blind"}'),
                   ds.Record(1, 0, "answer", "check", False, True, "6.1", ask="irregularity"),
                   ds.Record(1, 3, "step", "Rule: call", True, True, "6.9", ask="ruling", payload='{"kind": "r"}'),
                   ds.Record(2, 1, "step", "Button to seat 4", True, True, "8.2.1", payload='{"kind": "x"}'),
                   ds.Record(2, 0, "answer", "40", True, True, "6.6", ask="pot-limit-max")]
            for r in rec:
                ds.record(run.id, r)
            run.hand, run.active_ms, run.status = 3, 30 * 60 * 1000, "stopped"
            ds.save_run(run)
        run = ds.get_run(run_id)
        records = ds.records_of(run_id)
        assert len(records) == 7
        assert ds.accepted_steps(run_id, 1) == [{"kind": "move_button"}, {"kind": "post_blind"}, {"kind": "r"}]
        s = ds.score(run, records, 35.0)
        assert (s.hands, s.steps, s.steps_first, s.rulings, s.rulings_right, s.amounts, s.amounts_right) == \
            (2, 3, 2, 2, 1, 1, 1)
        assert s.accuracy == 4 * 100 // 6
        assert s.pace == 4.0 and s.pace_percent == 11
        assert s.again == (1,)
        worst = s.by_rule[0]
        assert worst.percent == 0 and worst.rule in ("8.2.2", "6.1")
        assert {r.rule: (r.right, r.total) for r in s.by_rule} == {"8.2.1": (2, 2), "8.2.2": (0, 1), "6.1": (0, 1),
                                                                   "6.6": (1, 1), "6.9": (1, 1)}


def test_an_ended_lesson_down_marks_its_cell_done(app):
    run_id = _start(app)
    with app.app_context():
        with ds.run_transaction(run_id) as run:
            ds.end(run)
            ds.mark_cell_done(run)
            ds.save_run(run)
        row = get_db().execute("select done from cell_state where user_id = 1 and lesson = 'down-01' "
                               "and cell = 'a-down'").fetchone()
        assert row[0] == 1
