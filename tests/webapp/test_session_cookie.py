"""webapp.session_cookie: a session cookie's signature is checked once per
process, and what is kept never outlives the cookie or leaks between requests."""
from __future__ import annotations

from flask import request
from itsdangerous import URLSafeTimedSerializer

from webapp import session_cookie


def _cookie(client, app) -> str:
    return client.get_cookie(app.config.get("SESSION_COOKIE_NAME", "session")).value


def _count_checks(monkeypatch) -> list:
    checks = []
    real = URLSafeTimedSerializer.loads

    def counted(self, *args, **kwargs):
        checks.append(1)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(URLSafeTimedSerializer, "loads", counted)
    return checks


def test_a_signed_in_cookie_is_checked_once(app, client, auth, monkeypatch):
    auth.login()
    client.get("/lessons/")                      # the first page adds its CSRF token: a new cookie
    checks = _count_checks(monkeypatch)
    for _ in range(3):
        assert client.get("/lessons/").status_code == 200
    assert len(checks) == 1                      # by the first of the three only


def test_a_tampered_cookie_opens_no_session(app, client, auth):
    auth.login()
    cookie = _cookie(client, app)
    assert client.get("/lessons/").status_code == 200
    payload, rest = cookie.split(".", 1)
    forged = payload[:-1] + ("A" if payload[-1] != "A" else "B") + "." + rest
    client.set_cookie("session", forged)
    reply = client.get("/lessons/")
    assert reply.status_code == 302 and "/auth/login" in reply.headers["Location"]


def test_a_kept_cookie_past_its_age_is_checked_again(app, client, auth, monkeypatch):
    auth.login()
    assert client.get("/lessons/").status_code == 200
    later = session_cookie.time.time() + app.permanent_session_lifetime.total_seconds() + 60
    monkeypatch.setattr(session_cookie.time, "time", lambda: later)
    checks = _count_checks(monkeypatch)
    reply = client.get("/lessons/")
    assert len(checks) == 1                      # checked again, and refused as too old
    assert reply.status_code == 302 and "/auth/login" in reply.headers["Location"]


def test_a_request_that_changes_its_session_leaves_the_kept_one_alone(app, client, auth):
    auth.login()
    cookie = _cookie(client, app)
    interface = app.session_interface
    with app.test_request_context(headers={"Cookie": f"session={cookie}"}):
        first = interface.open_session(app, request)
        first.setdefault("_flashes", []).append(("message", "one"))
        first["user_id"] = -1
        second = interface.open_session(app, request)
    assert "_flashes" not in second and second["user_id"] != -1


def test_signing_out_still_ends_the_session(app, client, auth):
    auth.login()
    cookie = _cookie(client, app)
    assert client.get("/lessons/").status_code == 200
    auth.logout()
    client.set_cookie("session", cookie)         # the old cookie, kept by the process, sent again
    reply = client.get("/lessons/")
    assert reply.status_code == 302 and "/auth/login" in reply.headers["Location"]


def test_the_kept_cookies_are_bounded(app, monkeypatch):
    monkeypatch.setattr(session_cookie, "KEPT_COOKIES", 3)
    interface = app.session_interface
    serializer = interface.get_signing_serializer(app)
    for n in range(6):
        with app.test_request_context(headers={"Cookie": f"session={serializer.dumps({'n': n})}"}):
            assert interface.open_session(app, request)["n"] == n
    assert len(interface._kept) == 3
