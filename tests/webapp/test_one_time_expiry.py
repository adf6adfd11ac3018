"""Issue 30: one-time passwords expire after ONE_TIME_PASSWORD_HOURS (72 by default)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from webapp.auth import create_user
from webapp.db import get_db


def _make(app, set_at: datetime) -> None:
    with app.app_context():
        db = get_db()
        create_user(db, "newbie", "paper-pass-1", "trainee", one_time=True)
        db.conn.execute("update users set password_set_at = ? where username = 'newbie'",
                        [set_at.isoformat(timespec="milliseconds")])
        db.conn.commit()


def test_a_fresh_one_time_password_signs_in_to_the_password_page(app, client):
    assert app.config["ONE_TIME_PASSWORD_HOURS"] == 72
    _make(app, datetime.now(timezone.utc) - timedelta(hours=71))
    r = client.post("/auth/login", data={"username": "newbie", "password": "paper-pass-1"})
    assert r.status_code == 302


def test_an_expired_one_time_password_is_refused_with_why(app, client):
    _make(app, datetime.now(timezone.utc) - timedelta(hours=73))
    r = client.post("/auth/login", data={"username": "newbie", "password": "paper-pass-1"})
    page = r.get_data(as_text=True)
    assert r.status_code == 401 and "has expired" in page and "72 hours" in page
    assert client.get("/progress/").status_code == 302          # not signed in


def test_an_own_password_never_expires(app, client):
    with app.app_context():
        db = get_db()
        create_user(db, "old-hand", "own-pass-12", "trainee")
        db.conn.execute("update users set created_at = '2020-01-01T00:00:00.000+00:00'")
        db.conn.commit()
    assert client.post("/auth/login", data={"username": "old-hand", "password": "own-pass-12"}).status_code == 302


def test_the_setting_is_read(app, client):
    app.config["ONE_TIME_PASSWORD_HOURS"] = 1
    _make(app, datetime.now(timezone.utc) - timedelta(hours=2))
    r = client.post("/auth/login", data={"username": "newbie", "password": "paper-pass-1"})
    assert r.status_code == 401 and "last 1 hours" in r.get_data(as_text=True)


def test_imported_accounts_count_their_one_time_password_from_when_made(app):
    from webapp.instructor.roster import create_accounts
    with app.app_context():
        db = get_db()
        create_accounts(db, [(1, "Zed")], "trainee")
        row = db.execute("select password_set_at from users where username = 'Zed'").fetchone()
    assert row[0] is not None
