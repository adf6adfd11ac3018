"""Issue 30's migration (_v11_retakes) on a database from before it."""
from __future__ import annotations

from webapp.db import MIGRATIONS, _v11_retakes, migrate

from .conftest import migrated_before


def test_existing_runs_are_numbered_and_one_time_passwords_start_their_clock(tmp_path):
    db = migrated_before(tmp_path / "old.db", _v11_retakes)
    db.conn.execute("insert into users (id, username, password_hash, role, must_change_password) values "
                    "(1, 'ann', 'x', 'trainee', 1), (2, 'ben', 'x', 'trainee', 0)")
    db.conn.execute("insert into auditions (id, title, author_id, kinds, hands, minutes, pass_mark) "
                    "values (1, 'A', 2, '[]', 1, 10, 80)")
    for run_id, user in ((1, 1), (2, 2), (3, 1), (4, 1)):
        db.conn.execute("insert into auditions_runs (id, audition_id, user_id, seeds, cells, started_at, deadline, "
                        "status) values (?, 1, ?, '[]', '[]', 't', 't', 'finished')", [run_id, user])
    db.conn.commit()
    assert migrate(db) == len(MIGRATIONS)
    assert dict(db.execute("select id, attempt from auditions_runs").fetchall()) == {1: 1, 2: 1, 3: 2, 4: 3}
    set_at = dict(db.execute("select username, password_set_at from users").fetchall())
    assert set_at["ann"] is not None and set_at["ben"] is None
    assert db.execute("select max_runs, cooldown_hours from auditions").fetchone() == (0, 0)
