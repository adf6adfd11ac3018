"""Issue 30: sprint readiness read through bounded windows (webapp/sprint_store.py)
gives what the whole sprint history gives: each kind's readiness (its last 30
results) and the readiness by day (the last 14 practised days)."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from engine.sprints import KINDS
from engine.sprints.readiness import WINDOW
from webapp import sprint_store
from webapp.db import get_db
from webapp.mastery import parse_time

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _fill(app, seed: int, runs: int) -> None:
    """Timed runs of one kind or the mix, over irregular days, for users 1 and 2."""
    rng = random.Random(seed)
    kinds = list(KINDS)[:4]
    at = T0
    with app.app_context():
        conn = get_db().conn
        for r in range(runs):
            at += timedelta(hours=rng.choice([0.1, 3, 20, 70]))
            user, kind = rng.choice([1, 1, 1, 2]), rng.choice([*kinds, "mix"])
            run = conn.execute("insert into sprint_runs (user_id, kind, seed, n, house, seconds, feedback, numbers, "
                               "timed, started_at) values (?, ?, ?, 10, 'main', 120, 'end', '[]', ?, ?)",
                               [user, kind, r, int(rng.random() < 0.9), at.isoformat()]).lastrowid
            for number in range(rng.randint(1, 12)):
                answered = None if rng.random() < 0.1 else (at + timedelta(seconds=3 * number)).isoformat(
                    timespec="milliseconds")
                conn.execute("insert into sprint_items (run_id, number, kind, shown_at, answered_at, correct, ms) "
                             "values (?, ?, ?, ?, ?, ?, ?)", [run, number, rng.choice(kinds) if kind == "mix" else kind,
                                                              at.isoformat(), answered, int(rng.random() < 0.7),
                                                              rng.randint(500, 9000)])
        conn.commit()


def _everything(user_id: int) -> dict[str, list]:
    """Every answered item of the user's timed runs by kind, oldest first, read plainly."""
    found: dict[str, list] = {}
    for r in get_db().query("select i.kind, i.correct, i.ms, i.answered_at from sprint_items i join sprint_runs r "
                            "on r.id = i.run_id where r.timed = 1 and i.answered_at is not null and r.user_id = ? "
                            "order by i.answered_at", [user_id]):
        found.setdefault(r["kind"], []).append(sprint_store.SprintResult(bool(r["correct"]), (r["ms"] or 0) / 1000,
                                                                         parse_time(r["answered_at"])))
    return found


def test_the_window_is_the_engines():
    assert sprint_store.READ_WINDOW == WINDOW


@pytest.mark.parametrize("seed", range(4))
def test_bounded_sprint_reads_agree_with_the_whole_history(app, seed):
    _fill(app, seed, 160)
    with app.app_context():
        whole = _everything(1)
        assert sum(map(len, whole.values())) > 3 * WINDOW
        last = sprint_store.results([1, 2])
        assert {kind for (user, kind) in last if user == 1} == set(whole)
        for kind, every in whole.items():
            assert last[(1, kind)] == every[-WINDOW:]
            bounded, whole_kind = (sprint_store.readiness_by_kind(last[(1, kind)], kind, "main"),
                                   sprint_store.readiness_by_kind(every, kind, "main"))
            assert bounded.readiness == whole_kind.readiness
            assert bounded.items == min(len(every), WINDOW)      # "timed items weighed, at most 30" (GUIDE.md)
        days = sprint_store.results_for_days(1)
        for kind, every in whole.items():
            assert len(days[(1, kind)]) <= len(every)
            assert sprint_store.readiness_by_day(days[(1, kind)], kind) == sprint_store.readiness_by_day(every, kind)
            assert sprint_store.readiness_by_day(every, kind, days=400)[-3:] == \
                sprint_store.readiness_by_day(every, kind)[-3:]
        assert {key for key in days if key[0] != 1} == set()


def test_my_progress_reads_readiness_from_its_days_window(app):
    _fill(app, 7, 160)
    with app.app_context():
        assert sprint_store.readiness_in(sprint_store.results_for_days(1), 1) == sprint_store.readiness_of(1)


def test_the_migration_gives_existing_items_their_user_and_the_trigger_new_ones(tmp_path):
    from webapp.db import MIGRATIONS, _v16_sprint_item_users, migrate

    from .conftest import migrated_before
    db = migrated_before(tmp_path / "old.db", _v16_sprint_item_users)
    db.conn.execute("insert into users (id, username, password_hash, role) values (1, 'ann', 'x', 'trainee'), "
                    "(2, 'ben', 'x', 'trainee')")
    runs = "insert into sprint_runs (id, user_id, kind, seed, n, house, feedback, numbers, timed, started_at) values "
    items = "insert into sprint_items (run_id, number, kind, shown_at) values "
    db.conn.execute(runs + "(1, 1, 'rake', 1, 1, 'main', 'end', '[]', 1, 't'), (2, 2, 'rake', 1, 1, 'main', 'end', '[]', 1, 't')")
    db.conn.execute(items + "(1, 0, 'rake', 't'), (2, 0, 'rake', 't')")
    db.conn.commit()
    assert migrate(db) == len(MIGRATIONS)
    db.conn.execute(runs + "(3, 2, 'rake', 1, 1, 'main', 'end', '[]', 1, 't')")
    db.conn.execute(items + "(3, 0, 'rake', 't'), (3, 1, 'rake', 't')")
    assert db.execute("select run_id, number, user_id from sprint_items order by run_id, number").fetchall() == [
        (1, 0, 1), (2, 0, 2), (3, 0, 2), (3, 1, 2)]
    plan = " ".join(str(r) for r in db.execute(
        "explain query plan select answered_at from sprint_items where user_id = 1 and kind = 'rake' "
        "order by answered_at desc limit 30").fetchall())
    assert "idx_sprint_items_user_id_kind_answered_at" in plan and "TEMP B-TREE" not in plan
