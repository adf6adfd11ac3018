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
