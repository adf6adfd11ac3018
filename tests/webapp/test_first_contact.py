"""Issue 29, finding 9: first contact. A new browser is not told its session
ended; a one-time password is typed once; the first sign-in lands on the
lessons without news of other devices."""
from __future__ import annotations

from .test_cohorts import new_cohort, passwords_on, sign_in


def test_a_new_browser_is_asked_to_sign_in_not_told_its_session_ended(app, client):
    r = client.get("/lessons/")
    assert r.status_code == 302 and r.headers["Location"].startswith("/auth/login")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "session has ended" not in page and "Sign in" in page


def test_a_session_that_did_end_still_says_so(app, client, auth):
    auth.login()
    with client.session_transaction() as kept:
        cookie = dict(kept)
    auth.logout()
    with client.session_transaction() as sess:
        sess.update(cookie)                 # the old cookie, its epoch ended by the sign-out
    r = client.get("/lessons/", follow_redirects=True)
    assert "Your session has ended: sign in again." in r.get_data(as_text=True)


def test_a_one_time_password_is_typed_once_and_the_first_sign_in_lands_on_the_lessons(app):
    teacher = sign_in(app, "instructor")
    r = teacher.post(f"/cohorts/{new_cohort(teacher)}/trainees", data={"name": "Ana"})
    password = passwords_on(r.get_data(as_text=True))["Ana"]
    ana = sign_in(app, "Ana", password)
    page = ana.get("/auth/password").get_data(as_text=True)
    assert 'name="current"' not in page and "Choose your own password" in page
    r = ana.post("/auth/password", data={"new": password, "again": password})
    assert r.status_code == 422 and "not the one-time password" in r.get_data(as_text=True)
    r = ana.post("/auth/password", data={"new": "ana-own-secret", "again": "ana-own-secret"})
    assert r.status_code == 302 and r.headers["Location"] == "/lessons/"
    page = ana.get("/lessons/").get_data(as_text=True)
    assert "Other devices" not in page and "Your password is set" in page
    # later changes still ask for the current password, and say what they did
    r = ana.post("/auth/password", data={"new": "ana-newer-secret", "again": "ana-newer-secret"})
    assert r.status_code == 422 and "current password is not right" in r.get_data(as_text=True)
    r = ana.post("/auth/password", data={"current": "ana-own-secret", "new": "ana-newer-secret",
                                        "again": "ana-newer-secret"}, follow_redirects=True)
    assert "Other devices signed in as you are signed out" in r.get_data(as_text=True)
