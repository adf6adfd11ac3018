"""Issue 30, Deliver 4: cohort imports bounded. Over MAX_IMPORT lines is
refused before any line is checked, a refusal lists at most 20 problems and
says how many more, and one-time passwords take a fast salted hash (they are
long and random) so 200 accounts are made in a second or two, their
passwords still shown once and still signing in."""
from __future__ import annotations

import re

import pytest

from webapp import auth
from webapp.instructor import roster
from webapp.db import get_db

from .test_bounded_markdown import within
from .test_cohorts import new_cohort, passwords_on, sign_in, usernames


def test_too_many_lines_is_refused_before_any_line_is_checked(monkeypatch):
    monkeypatch.setattr(roster, "check_name", lambda *a: pytest.fail("a line was checked"))
    with pytest.raises(roster.Refused) as refused:
        roster.read_names("\n".join(f"\x07bad{i}" for i in range(roster.MAX_IMPORT + 2)))
    assert refused.value.problems == ["202 lines: at most 200 names at a time; split the list and import each part"]


def test_a_header_and_200_names_is_not_too_many():
    names = roster.read_names("name\n" + "\n".join(f"t{i}" for i in range(200)))
    assert len(names) == 200


def test_a_refusal_lists_20_problems_then_how_many_more():
    with pytest.raises(roster.Refused) as refused:
        roster.read_names("\n".join(f"\x07bad{i}" for i in range(150)))
    problems = refused.value.problems
    assert len(problems) == 21 and problems[0].startswith("line 1: ") and problems[19].startswith("line 20: ")
    assert problems[-1] == "and 130 more problems"


def test_a_big_import_of_bad_lines_costs_little_and_returns_a_small_page(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    with within(2.0):
        r = teacher.post(f"/cohorts/{cohort}/import", data={"names": "x,y\n" * (500 * 1024 // 4)})
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and "at most 200 names at a time" in page
    assert len(page.encode()) < 700 * 1024      # the pasted text comes back once, no 14 MB list of lines
    with within(2.0):
        r = teacher.post(f"/cohorts/{cohort}/import", data={"names": "\n".join(f"a,{i}" for i in range(200))})
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and "and 180 more problems" in page and "line 21:" not in page


def test_200_accounts_are_made_in_a_second_or_two_and_their_passwords_sign_in(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    before = len(usernames(app))
    with within(5.0):
        r = teacher.post(f"/cohorts/{cohort}/import", data={"names": "\n".join(f"trainee-{i}" for i in range(200))})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "Shown once" in page and r.headers["Cache-Control"] == "no-store"
    made = passwords_on(page)
    assert len(made) == 200 and len(usernames(app)) == before + 200
    with app.app_context():
        stored = get_db().execute("select password_hash from users where username = 'trainee-7'").fetchone()[0]
    assert stored.startswith("otp-sha256$") and made["trainee-7"] not in stored
    client = sign_in(app, "trainee-7", made["trainee-7"])
    assert client.get("/lessons/").headers["Location"] == "/auth/password"
    r = app.test_client().post("/auth/login", data={"username": "trainee-8", "password": made["trainee-7"]})
    assert r.status_code == 401
    assert teacher.get(f"/cohorts/{cohort}").get_data(as_text=True).count(made["trainee-9"]) == 0


def test_one_time_passwords_are_long_and_random_and_checked_by_the_same_path():
    password = auth.one_time_password()
    assert re.fullmatch(r"([a-km-z2-9]{4}-){4}[a-km-z2-9]{4}", password)
    stored = auth.hash_one_time(password)
    assert stored != auth.hash_one_time(password)           # salted
    assert auth.check_password(stored, password) and not auth.check_password(stored, password + "x")
    chosen = "my-own-secret"
    from werkzeug.security import generate_password_hash
    assert auth.check_password(generate_password_hash(chosen), chosen)   # chosen passwords keep the slow hash


def test_a_chosen_password_keeps_the_slow_hash_after_a_one_time_one(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    password = passwords_on(teacher.post(f"/cohorts/{cohort}/trainees", data={"name": "Nia"}).get_data(as_text=True))["Nia"]
    nia = sign_in(app, "Nia", password)
    assert nia.post("/auth/password", data={"new": "my-own-secret", "again": "my-own-secret"}).status_code == 302
    with app.app_context():
        stored = get_db().execute("select password_hash from users where username = 'Nia'").fetchone()[0]
    assert stored.startswith(("scrypt:", "pbkdf2:"))
    sign_in(app, "Nia", "my-own-secret")


def test_a_new_one_time_password_from_a_reset_takes_the_fast_hash_and_signs_in(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    teacher.post(f"/cohorts/{cohort}/trainees", data={"name": "Ola"})
    with app.app_context():
        ola = get_db().execute("select id from users where username = 'Ola'").fetchone()[0]
    fresh = passwords_on(teacher.post(f"/cohorts/{cohort}/trainees/{ola}/password").get_data(as_text=True))["Ola"]
    with app.app_context():
        stored = get_db().execute("select password_hash from users where id = ?", [ola]).fetchone()[0]
    assert stored.startswith("otp-sha256$")
    assert sign_in(app, "Ola", fresh).get("/lessons/").headers["Location"] == "/auth/password"
