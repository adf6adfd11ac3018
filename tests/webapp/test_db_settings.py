"""SQLite settings of the app's connections (webapp/db.py): WAL, and how often
a commit is synced to disk (SQLITE_SYNCHRONOUS, README "Capacity")."""
from __future__ import annotations

import pytest

from webapp import create_app
from webapp.db import get_db

LEVELS = {1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def settings(tmp_path, **config):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "t.db"), **config})
    with app.app_context():
        db = get_db()
        return (db.execute("PRAGMA journal_mode").fetchone()[0],
                LEVELS[db.execute("PRAGMA synchronous").fetchone()[0]],
                db.execute("PRAGMA foreign_keys").fetchone()[0])


def test_by_default_wal_with_a_sync_at_checkpoints(tmp_path):
    assert settings(tmp_path) == ("wal", "NORMAL", 1)


def test_full_syncs_every_commit_when_asked(tmp_path):
    assert settings(tmp_path, SQLITE_SYNCHRONOUS="full") == ("wal", "FULL", 1)


def test_an_unsafe_or_unknown_setting_is_refused(tmp_path):
    with pytest.raises(ValueError, match="SQLITE_SYNCHRONOUS"):
        settings(tmp_path, SQLITE_SYNCHRONOUS="OFF")


def test_writers_queue_on_the_database_s_writers_lock_and_all_commit(tmp_path):
    """immediate() holds DATABASE.writers while it writes, so another process's
    writer waits there (woken at once) instead of in SQLite's sleeping retries,
    and writers in several threads each commit their own row."""
    import fcntl
    import os
    import threading

    from webapp.db import connect, immediate

    path = str(tmp_path / "t.db")
    connect(path).conn.execute("create table t (n integer)")
    inside = threading.Event()

    def write(n: int, hold: threading.Event | None = None) -> None:
        conn = connect(path).conn
        with immediate(conn):
            conn.execute("insert into t values (?)", [n])
            if hold is not None:
                inside.set()
                hold.wait(5)

    hold = threading.Event()
    first = threading.Thread(target=write, args=(0, hold))
    first.start()
    assert inside.wait(5)
    probe = os.open(path + ".writers", os.O_RDWR)      # another open file: as another process
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        others = [threading.Thread(target=write, args=(n,)) for n in range(1, 6)]
        for t in others:
            t.start()
        hold.set()
        for t in [first, *others]:
            t.join(10)
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)   # free again once all are done
    finally:
        os.close(probe)
    seen = sorted(n for (n,) in connect(path).conn.execute("select n from t"))
    assert seen == [0, 1, 2, 3, 4, 5]
