"""Cohorts, one-time passwords, assignments, the class dashboard and its CSV files."""
from __future__ import annotations

import csv
import io
import re
import threading
from datetime import datetime, timezone
from pathlib import Path

import pytest

from webapp.instructor import charts, dashboard, roster
from webapp.instructor.assigned import KINDS
from webapp.auth import create_user
from webapp.instructor.csvout import safe_cell, to_csv
from webapp.db import get_db

from .conftest import HX, PASSWORDS, cells_in, post_answer

ROOT = Path(__file__).resolve().parents[2]
LESSON = "holdem-01-dealing-a-hand"
SPLIT = {"amount-2": "35", "amount-5": "30", "amount-8": "35"}
ADMIN = ("boss", "admin-pass-1")


def sign_in(app, name, password=None):
    client = app.test_client()
    r = client.post("/auth/login", data={"username": name, "password": password or PASSWORDS[name]})
    assert r.status_code == 302, r.get_data(as_text=True)
    return client


def new_cohort(client, name="Evening class") -> int:
    r = client.post("/cohorts/", data={"name": name})
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(r.headers["Location"].rsplit("/", 1)[1])


def passwords_on(page: str) -> dict[str, str]:
    return dict(re.findall(r"<tr><td>([^<]+)</td><td>\w+</td><td><code class=\"password\">([^<]+)</code>", page))


def usernames(app) -> list[str]:
    with app.app_context():
        return [r[0] for r in get_db().execute("select username from users order by id")]


@pytest.fixture
def admin(app):
    with app.app_context():
        create_user(get_db(), *ADMIN, "admin")
    return sign_in(app, *ADMIN)


# ---------------------------------------------------------------- cohorts and accounts

def test_an_instructor_creates_a_cohort_and_imports_trainees_from_csv(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    assert teacher.post("/cohorts/", data={"name": "evening CLASS"}).status_code == 422   # same name, other case
    csv_file = "name,email\nZoë Brandt,z@example.org\n\n\"O'Neil, Pat\",p@example.org\n".encode()
    r = teacher.post(f"/cohorts/{cohort}/import", data={"file": (io.BytesIO(b"\xef\xbb\xbf" + csv_file), "c.csv")},
                     content_type="multipart/form-data")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "Shown once" in page and r.headers["Cache-Control"] == "no-store"
    made = passwords_on(page)
    assert set(made) == {"Zoë Brandt", "O&#39;Neil, Pat"}
    # the one-time passwords are never shown again
    later = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    assert "Zoë Brandt" in later and not any(p in later for p in made.values())
    with app.app_context():
        assert all(r[0] == 1 for r in get_db().execute(
            "select must_change_password from users where username like 'Zo%' or username like 'O''Neil%'"))


def test_pasted_names_one_per_line_and_bad_rows_reported_by_line_with_nothing_created(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    before = usernames(app)
    pasted = "Ann\nBen\n\nann\ntrainee\nx,y\n\x07bell\nCara\n"
    r = teacher.post(f"/cohorts/{cohort}/import", data={"names": pasted})
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and "Nothing was created" in page
    assert "line 4: &#39;ann&#39; is already on line 1" in page
    assert "line 6: 2 columns" in page and "line 7: the name has a control character" in page
    assert usernames(app) == before                # nothing made ...
    assert "Ann\nBen" in page                      # ... and the pasted text stays
    # a name only the database knows (in another case) is refused the same way, all or nothing
    r = teacher.post(f"/cohorts/{cohort}/import", data={"names": "Dee\nTRAINEE2\n"})
    assert r.status_code == 422 and "line 2: &#39;TRAINEE2&#39; is taken by an existing account" in r.get_data(as_text=True)
    assert usernames(app) == before
    r = teacher.post(f"/cohorts/{cohort}/import", data={"file": (io.BytesIO("name\nJosé\n".encode("latin-1")), "x.csv")},
                     content_type="multipart/form-data")
    assert r.status_code == 422 and "line 2: this is not UTF-8" in r.get_data(as_text=True)
    r = teacher.post(f"/cohorts/{cohort}/import", data={"names": "name\n"})
    assert r.status_code == 422 and "no names" in r.get_data(as_text=True)
    assert usernames(app) == before


def test_read_names_header_and_plain_lists():
    assert roster.read_names("Ann\n\n Ben \nnamesake\n") == [(1, "Ann"), (3, "Ben"), (4, "namesake")]
    assert roster.read_names("email,NAME\na@x,Ann\nb@x, Ben \n") == [(2, "Ann"), (3, "Ben")]
    assert roster.read_names("email;name\na@x;Ann\n") == [(2, "Ann")]        # Excel's "CSV" in many locales
    assert roster.read_names("name\temail\nAnn\ta@x\n") == [(2, "Ann")]
    with pytest.raises(roster.Refused) as refused:
        roster.read_names('"multi\nline"\nEve\n=cmd\n')
    assert refused.value.problems == ["line 1: the name has a control character in it"]
    with pytest.raises(roster.Refused) as refused:
        roster.read_names("name\n\n")
    assert refused.value.problems == ["no names: paste one name per line, or a CSV file with a header `name`"]
    with pytest.raises(roster.Refused, match="at most 200"):
        roster.read_names("\n".join(f"t{i}" for i in range(201)))


def test_the_one_time_password_must_be_changed_at_first_sign_in(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    r = teacher.post(f"/cohorts/{cohort}/trainees", data={"name": "Nia"})
    password = passwords_on(r.get_data(as_text=True))["Nia"]
    nia = sign_in(app, "Nia", password)
    for path in ("/lessons/", "/progress/", f"/lessons/{LESSON}"):
        r = nia.get(path)
        assert r.status_code == 302 and r.headers["Location"] == "/auth/password", path
    r = nia.post(f"/lessons/{LESSON}/cells/three-way-split/answer", data={**SPLIT, "rev": "0"}, headers=HX)
    assert r.status_code == 403 and "Choose your own password first" in r.get_data(as_text=True)
    page = nia.get("/auth/password").get_data(as_text=True)
    assert "You signed in with a one-time password" in page
    r = nia.post("/auth/password", data={"new": password, "again": password})
    assert r.status_code == 422 and "not the one-time password" in r.get_data(as_text=True)
    r = nia.post("/auth/password", data={"new": "my-own-secret", "again": "my-own-secret"})
    assert r.status_code == 302
    assert nia.get("/lessons/").status_code == 200
    with app.app_context():
        assert get_db().execute("select must_change_password from users where username = 'Nia'").fetchone()[0] == 0
    # a reset gives a new one-time password and signs Nia out everywhere
    nia_id = roster_id(app, "Nia")
    r = teacher.post(f"/cohorts/{cohort}/trainees/{nia_id}/password")
    fresh = passwords_on(r.get_data(as_text=True))["Nia"]
    assert nia.get("/lessons/").status_code == 302
    assert sign_in(app, "Nia", fresh).get("/lessons/").headers["Location"] == "/auth/password"


def test_the_same_import_sent_twice_at_once_makes_each_account_once(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    twin = app.test_client()
    twin.set_cookie("session", teacher.get_cookie("session").value)
    barrier, replies = threading.Barrier(2), []

    def send(client):
        barrier.wait()
        replies.append(client.post(f"/cohorts/{cohort}/import", data={"names": "Ann\nBen\nCara\n"}))

    threads = [threading.Thread(target=send, args=(c,)) for c in (teacher, twin)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status_code for r in replies) == [200, 422]
    assert [len(passwords_on(r.get_data(as_text=True))) for r in replies if r.status_code == 200] == [3]
    with app.app_context():
        assert get_db().execute("select count(*) from users where username in ('Ann', 'Ben', 'Cara')").fetchone()[0] == 3
        assert get_db().execute("select count(*) from cohort_members").fetchone()[0] == 3


def roster_id(app, name: str) -> int:
    with app.app_context():
        return get_db().execute("select id from users where username = ?", [name]).fetchone()[0]


def test_adding_one_trainee_refuses_a_taken_name_and_an_existing_trainee_can_join(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    r = teacher.post(f"/cohorts/{cohort}/trainees", data={"name": "Trainee"})
    assert r.status_code == 422 and "taken by an existing account" in r.get_data(as_text=True)
    r = teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(roster_id(app, "instructor"))})
    assert r.status_code == 422
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(roster_id(app, "trainee"))})
    assert ">trainee</a>" in teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    with app.app_context():
        assert roster.is_member(get_db(), cohort, roster_id(app, "trainee"))


# ---------------------------------------------------------------- roles

def test_admin_instructor_and_trainee_access(app, admin):
    teacher = sign_in(app, "instructor")
    trainee = sign_in(app, "trainee")
    cohort = new_cohort(admin, "Admins' class")                 # an admin can do what instructors do
    assert teacher.get(f"/cohorts/{cohort}").status_code == 200   # every instructor sees every cohort
    refused = teacher.get("/cohorts/instructors")
    assert refused.status_code == 403 and "This page is for admins" in refused.get_data(as_text=True)
    before = usernames(app)
    assert teacher.post("/cohorts/instructors", data={"name": "sneaky", "role": "admin"}).status_code == 403
    assert usernames(app) == before
    for path in ("/cohorts/", f"/cohorts/{cohort}", f"/cohorts/{cohort}/items", f"/cohorts/{cohort}/csv/attempts"):
        assert trainee.get(path).status_code == 403, path
    assert trainee.post(f"/cohorts/{cohort}/trainees", data={"name": "x"}).status_code == 403
    # the admin manages instructors
    r = admin.post("/cohorts/instructors", data={"name": "Ms Lee", "role": "instructor"})
    lee = passwords_on(r.get_data(as_text=True))["Ms Lee"]
    assert admin.post("/cohorts/instructors", data={"name": "Ms Lee"}).status_code == 422
    assert admin.post("/cohorts/instructors", data={"name": "x", "role": "trainee"}).status_code == 422
    assert sign_in(app, "Ms Lee", lee).get("/cohorts/").headers["Location"] == "/auth/password"
    r = admin.post(f"/cohorts/instructors/{roster_id(app, 'instructor')}/password")
    assert r.status_code == 200 and "instructor" in passwords_on(r.get_data(as_text=True))
    assert teacher.get("/cohorts/").status_code == 302            # signed out by the reset
    assert admin.post(f"/cohorts/instructors/{roster_id(app, 'trainee')}/password").status_code == 404
    # a trainee's page is reached only through a cohort the trainee is in
    assert admin.get(f"/cohorts/{cohort}/trainees/{roster_id(app, 'trainee')}").status_code == 404
    assert "Instructors</a>" in admin.get("/lessons/").get_data(as_text=True)


def test_the_add_user_command_makes_an_admin(app):
    r = app.test_cli_runner().invoke(args=["auth", "add-user", "head", "--role", "admin", "--password", "long-enough"])
    assert r.exit_code == 0 and "Added admin head" in r.output
    assert sign_in(app, "head", "long-enough").get("/cohorts/instructors").status_code == 200


# ---------------------------------------------------------------- assignments

def test_assigned_lessons_show_due_and_overdue_by_the_clock(app):
    app.config["CLOCK"] = lambda: datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)   # a past due date is refused
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(roster_id(app, "trainee"))})
    assert teacher.post(f"/cohorts/{cohort}/assignments", data={"lesson": "nope", "due": "2026-12-01"}).status_code == 422
    assert teacher.post(f"/cohorts/{cohort}/assignments", data={"lesson": LESSON, "due": "soon"}).status_code == 422
    assert teacher.post(f"/cohorts/{cohort}/assignments", data={"lesson": LESSON, "due": "2026-12-01"}).status_code == 302
    app.config["CLOCK"] = lambda: datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)
    trainee, other = sign_in(app, "trainee"), sign_in(app, "trainee2")
    page = trainee.get("/lessons/").get_data(as_text=True)
    assert "Assigned to you" in page and "due 1 Dec 2026" in page and "overdue" not in page
    assert "Assigned to you" not in other.get("/lessons/").get_data(as_text=True)
    app.config["CLOCK"] = lambda: datetime(2026, 12, 2, 0, 1, tzinfo=timezone.utc)
    for path in ("/lessons/", "/progress/"):
        assert "overdue: was due 1 Dec 2026" in trainee.get(path).get_data(as_text=True), path
    matrix = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    assert re.search(rf'data-lesson="{LESSON}" data-trainee="trainee" class="overdue"', matrix)
    # assigning again moves the due date; the trainee is no longer late
    teacher.post(f"/cohorts/{cohort}/assignments", data={"lesson": LESSON, "due": "2026-12-05"})
    with app.app_context():
        assert [a.due.isoformat() for a in roster.assignments(get_db(), cohort)] == ["2026-12-05"]
    assert "due 5 Dec 2026" in trainee.get("/progress/").get_data(as_text=True)


def test_an_assigned_audition_is_due_then_overdue_then_done_in_the_matrix_and_its_csv(app):
    from .test_auditions import deal, define, start
    app.config["CLOCK"] = lambda: datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)   # a past due date is refused
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(roster_id(app, "trainee"))})
    audition, closed = define(app, title="Hold'em final"), define(app, title="Not yet", open="")
    page = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    assert f'<option value="{audition}">Hold&#39;em final</option>' in page and "Not yet" not in page

    def assign(**data):
        return teacher.post(f"/cohorts/{cohort}/assignments", data={"due": "2026-12-01", **data})
    for bad, said in (({"audition": str(closed)}, "does not exist or is closed"),
                      ({"audition": "999"}, "does not exist or is closed"),
                      ({"audition": f"0{audition}"}, "does not exist or is closed"),
                      ({"audition": str(audition), "lesson": LESSON}, "not several"),
                      ({}, "Choose one lesson, audition, sprint or down to assign.")):
        r = assign(**bad)
        assert r.status_code == 422 and said in r.get_data(as_text=True), bad
    with app.app_context():
        assert roster.assignments(get_db(), cohort) == []                 # nothing stored
    assert assign(audition=str(audition)).status_code == 302

    app.config["CLOCK"] = lambda: datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)
    trainee = sign_in(app, "trainee")
    link = f'<a href="/auditions/#audition-{audition}">Hold&#39;em final</a>'
    for path in ("/lessons/", "/progress/"):
        page = trainee.get(path).get_data(as_text=True)
        assert link in page and "due 1 Dec 2026" in page and "overdue" not in page, path
    listed = trainee.get("/auditions/").get_data(as_text=True)
    assert re.search(rf'id="audition-{audition}".*?Assigned:.*?due 1 Dec 2026</span>', listed, re.S)

    app.config["CLOCK"] = lambda: datetime(2026, 12, 2, 0, 1, tzinfo=timezone.utc)
    start(trainee, audition)                                              # left unfinished...
    app.config["CLOCK"] = lambda: datetime(2026, 12, 2, 0, 30, tzinfo=timezone.utc)   # ...past its 10 minutes
    for path in ("/lessons/", "/progress/"):
        assert "overdue: was due 1 Dec 2026" in trainee.get(path).get_data(as_text=True), path
    matrix = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    cell = re.search(rf'data-audition="{audition}" data-trainee="trainee" class="overdue">\s*([^<]+)<', matrix)
    assert cell and cell.group(1).split() == ["best", "0%", "·", "fail"]

    deal(app, trainee, start(trainee, audition))                          # a pass: done, never overdue
    for path in ("/lessons/", "/progress/"):
        page = trainee.get(path).get_data(as_text=True)
        assert "done (was due 1 Dec 2026)" in page and "overdue" not in page, path
    assert re.search(r"best 100%.*?passed</strong> at attempt 2\s*<span class=\"meta\">\(2 runs\)",
                     trainee.get("/progress/").get_data(as_text=True), re.S)
    matrix = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    cell = re.search(rf'data-audition="{audition}" data-trainee="trainee" class="ok">\s*([^<]+)<span class="meta">'
                     r"\((\d) runs\)</span>\s*([^<]+)<", matrix)
    assert cell and cell.group(1).split() + [cell.group(2)] + cell.group(3).split() == [
        "best", "100%", "·", "pass", "at", "attempt", "2", "2", "✔"]       # the timed-out run was attempt 1
    deal(app, trainee, start(trainee, audition), wrong_at=range(100))    # a later fail leaves the pass
    matrix = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    cell = re.search(rf'data-audition="{audition}" data-trainee="trainee" class="ok">\s*([^<]+)<span class="meta">'
                     r"\((\d) runs\)", matrix)
    assert cell and cell.group(1).split() == ["best", "100%", "·", "pass", "at", "attempt", "2"] and cell.group(2) == "3"
    rows = read_csv(teacher.get(f"/cohorts/{cohort}/csv/matrix"))
    assert rows[0][-1] == "kind"
    assert rows[1:] == [["trainee", str(audition), "Hold'em final", "2026-12-01", "", "", "yes", "3", "", "100",
                         "no", "audition"]]     # 3 finished runs

    teacher.post(f"/auditions/{audition}/open", data={"open": "0"})    # closed: its link goes to the results
    for path in ("/lessons/", "/progress/"):
        page = trainee.get(path).get_data(as_text=True)
        assert '<a href="/auditions/#my-runs-h">Hold&#39;em final (closed)</a>' in page, path
    assert 'id="my-runs-h"' in trainee.get("/auditions/").get_data(as_text=True)
    teacher.post(f"/auditions/{audition}/open", data={"open": "1"})
    assign(audition=str(audition), due="2026-12-20")                     # again: a new due date
    with app.app_context():
        (a,) = roster.assignments(get_db(), cohort)
    assert a.due.isoformat() == "2026-12-20" and "Hold&#39;em final" in teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    assert teacher.post(f"/cohorts/{cohort}/assignments/{a.id}/remove").status_code == 302
    assert link not in trainee.get("/progress/").get_data(as_text=True)


def test_every_assignable_kind_has_a_handler():
    assert set(KINDS) == set(roster.KINDS)


# ---------------------------------------------------------------- the dashboard's numbers

def add_attempts(app, rows):
    """rows: (user, cell, correct, rule, answer, elapsed_ms, created_at)."""
    with app.app_context():
        db = get_db()
        for user, cell, correct, rule, answer, ms, at in rows:
            db.conn.execute("insert into attempts (user_id, lesson, cell, step, answer, correct, rule, message, "
                            "elapsed_ms, created_at) values (?, ?, ?, '', ?, ?, ?, '', ?, ?)",
                            [user, LESSON, cell, answer, int(correct), rule, ms, at])
        db.conn.commit()


KNOWN = [  # user 1 (trainee), user 3 (trainee2)
    (1, "who-wins", 0, "8.1.1", "seat 3", 4000, "2026-11-01T10:00:00"),
    (1, "who-wins", 0, "8.1.1", "seat 3", 3000, "2026-11-01T10:01:00"),
    (1, "who-wins", 1, "8.1.1", "seats 1, 8", 2000, "2026-11-02T10:00:00"),
    (3, "who-wins", 1, "8.1.1", "seats 1, 8", 1000, "2026-11-02T11:00:00"),
    (3, "three-way-split", 0, "8.1.5", "=HYPERLINK(\"x\")", None, "2026-11-02T11:05:00"),
    (3, "three-way-split", 1, "8.1.5", "35, 30, 35", 6000, "2026-11-02T11:06:00"),
    (3, "three-way-split", 0, "8.1.5", "+1", 500, "2026-11-02T11:07:00"),
]


def test_item_analysis_numbers_on_known_attempts():
    rows = [{"id": i, "user_id": u, "lesson": LESSON, "cell": c, "step": "", "answer": a, "correct": ok, "rule": r,
             "hint_level": None, "elapsed_ms": ms, "created_at": at} for i, (u, c, ok, r, a, ms, at) in enumerate(KNOWN)]
    by_cell, by_rule = dashboard.item_analysis(rows)
    cells = {row[1]: dict(zip(by_cell.header, row)) for row in by_cell.rows}
    who = cells["who-wins"]
    # first tries: trainee's 1st (wrong), trainee2's 1st (right): 1 of 2
    assert (who["trainees"], who["attempts"], who["first_tries"], who["first_try_right"], who["first_try_pct"]) == \
        (2, 4, 2, 1, 50)
    assert who["median_ms"] == 2500 and who["wrong_most"] == "seat 3 (2)"
    split = cells["three-way-split"]
    # first try wrong; the one after the right answer is a first try again (wrong): 0 of 2
    assert (split["attempts"], split["first_tries"], split["first_try_right"], split["first_try_pct"]) == (3, 2, 0, 0)
    assert split["median_ms"] == 3250 and split["wrong_most"] == '+1 (1) | =HYPERLINK("x") (1)'
    assert [r[1] for r in by_cell.rows] == ["three-way-split", "who-wins"]          # hardest first
    assert [r[0] for r in by_rule.rows] == ["8.1.5", "8.1.1"]
    days = dashboard.by_day([r for r in rows if r["user_id"] == 1])
    assert days.rows == [("2026-11-01", 2, 0, 0, 3500), ("2026-11-02", 1, 1, 100, 2000)]
    missed = dashboard.rules_missed(rows)
    assert missed.rows[0] == ("8.1.1", 2, 4, "2026-11-01T10:01:00")


def test_matrix_item_pages_and_trainee_page(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    for name in ("trainee", "trainee2"):
        teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(roster_id(app, name))})
    teacher.post(f"/cohorts/{cohort}/assignments", data={"lesson": LESSON, "due": "2030-01-01"})
    add_attempts(app, KNOWN)
    trainee = sign_in(app, "trainee")
    post_answer(trainee, LESSON, "three-way-split", SPLIT)    # right first time: 1 cell done
    page = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    cell = re.search(rf'data-lesson="{LESSON}" data-trainee="trainee" class="">\s*([^<]+)<', page).group(1)
    assert cell.split() == [f"1/{cells_in(LESSON)}", "·", "50%"]                       # 2 right of 4 attempts
    items = teacher.get(f"/cohorts/{cohort}/items?lesson={LESSON}").get_data(as_text=True)
    assert "First-try accuracy" in items and "seat 3 (2)" in items and 'role="img"' in items
    assert "<title id=\"class-missed-title\">Rules the cohort missed most</title>" in items
    t1 = teacher.get(f"/cohorts/{cohort}/trainees/1").get_data(as_text=True)
    assert "<td>1 Nov 2026</td>" in t1 and "2026-11-01" not in t1 and "Rule 8.1.1 — choosing a seat: 2." in t1 and "No auditions yet." in t1
    assert 'aria-labelledby="accuracy-title accuracy-desc"' in t1 and "<td class=\"num\">3.5 s</td>" in t1
    assert teacher.get(f"/cohorts/{cohort}/trainees/2").status_code == 404     # the instructor is no member


def test_a_trainees_page_lists_their_audition_runs_only(app):
    from .test_auditions import define, start
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": "1"})
    audition = define(app, title="Hold'em final")
    start(sign_in(app, "trainee"), audition)
    page = teacher.get(f"/cohorts/{cohort}/trainees/1").get_data(as_text=True)
    assert "Audition results" in page and "Hold&#39;em final" in page and "running" in page
    csv_text = teacher.get(f"/cohorts/{cohort}/trainees/1/csv/auditions").get_data(as_text=True)
    lines = csv_text.splitlines()
    assert lines[0] == "\ufeffaudition,started_at,status,score,passed,time_used,certificate,attempt,accommodation"
    assert len(lines) == 2 and lines[1].startswith("Hold'em final,") and ",running,,no," in lines[1]
    assert lines[1].endswith(",1,")                         # attempt 1, no accommodation
    start(sign_in(app, "trainee2"), audition)                 # another trainee's run is not on this page
    assert len(teacher.get(f"/cohorts/{cohort}/trainees/1/csv/auditions").get_data(as_text=True).splitlines()) == 2


# ---------------------------------------------------------------- CSV

def read_csv(response) -> list[list[str]]:
    raw = response.get_data()
    assert raw.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_csv_exports_are_utf8_quoted_and_formula_safe(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    made = passwords_on(teacher.post(f"/cohorts/{cohort}/import", data={"names": '"Zoë, the ""ace"""\n'})
                        .get_data(as_text=True))
    zoe = roster_id(app, "Zoë, the \"ace\"")
    assert len(made) == 1
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": "3"})
    add_attempts(app, [(zoe, *row[1:]) for row in KNOWN[4:]] + [(3, *KNOWN[0][1:])])
    r = teacher.get(f"/cohorts/{cohort}/csv/attempts")
    assert r.mimetype == "text/csv" and r.headers["Content-Disposition"] == f'attachment; filename="cohort-{cohort}-attempts.csv"'
    rows = read_csv(r)
    # Each rule column is followed by the rule's short name (issue 29 finding 6).
    keys = [c.key for c in dashboard.ATTEMPTS_COLUMNS]
    assert rows[0] == keys[:keys.index("rule") + 1] + ["rule_name"] + keys[keys.index("rule") + 1:]
    answers = {row[5] for row in rows[1:]}
    assert "'=HYPERLINK(\"x\")" in answers and "'+1" in answers and "35, 30, 35" in answers
    assert {row[1] for row in rows[1:]} == {"Zoë, the \"ace\"", "trainee2"}
    assert b'"Zo\xc3\xab, the ""ace"""' in r.get_data()              # quoted, quotes doubled, UTF-8
    matrix = read_csv(teacher.get(f"/cohorts/{cohort}/csv/matrix"))
    assert matrix[0] == [c.key for c in dashboard.MATRIX_COLUMNS] and len(matrix) == 3
    for name in ("items-by-cell", "items-by-rule"):
        assert read_csv(teacher.get(f"/cohorts/{cohort}/csv/{name}"))[1:], name
    for name in ("attempts", "by-day", "rules-missed", "cell-times"):
        assert teacher.get(f"/cohorts/{cohort}/trainees/{zoe}/csv/{name}").status_code == 200, name
    assert teacher.get(f"/cohorts/{cohort}/csv/users").status_code == 404
    assert teacher.get(f"/cohorts/{cohort}/trainees/1/csv/attempts").status_code == 404   # not a member


@pytest.mark.parametrize("value, written", [
    ("=1+1", "'=1+1"), ("+44 20", "'+44 20"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"),
    ("a=b", "a=b"), (-2, -2), (None, ""), ("", ""),
])
def test_formula_injection_guard(value, written):
    assert safe_cell(value) == written


def test_every_csv_column_is_documented_in_the_guide():
    guide = (ROOT / "GUIDE.md").read_text()
    section = guide.split("## CSV files", 1)[1].split("\n## ", 1)[0]
    for columns in (dashboard.MATRIX_COLUMNS, dashboard.CELL_COLUMNS, dashboard.RULE_COLUMNS,
                    dashboard.ATTEMPTS_COLUMNS, dashboard.DAY_COLUMNS, dashboard.MISSED_COLUMNS,
                    dashboard.CELL_TIME_COLUMNS):
        for column in columns:
            assert f"`{column.key}`" in section, column.key
            if column.fmt == "rule":
                assert f"`{column.key}_name`" in section, column.key
    table = dashboard.Table("t", "T", (dashboard.Column("a", "A"),), [("x\ny",)])
    assert to_csv(table) == '\ufeffa\r\n"x\ny"\r\n'


def test_charts_scale_their_bars():
    chart = charts.columns("c", "T", "S", [("d1", 50, "50%"), ("d2", 100, "100%")], top=100)
    assert chart.bars[1].h == 2 * chart.bars[0].h and chart.bars[1].y < chart.bars[0].y
    flat = charts.rows("r", "T", "S", [("Rule 1", 4, "4"), ("Rule 2", 1, "1")])
    assert flat.bars[0].w == 4 * flat.bars[1].w


def test_item_analysis_and_trainee_pages_read_as_words_csv_keeps_ids(app):
    """Issue 29 finding 6: lesson and cell titles, rule names and readable
    dates on the pages; the CSV keeps the ids and ISO times."""
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(roster_id(app, "trainee"))})
    add_attempts(app, KNOWN)
    items = teacher.get(f"/cohorts/{cohort}/items?lesson={LESSON}").get_data(as_text=True)
    table = items.split('data-testid="items-by-cell"', 1)[1].split("</table>", 1)[0]
    assert "Hold&#39;em 1: dealing a hand" in table and f"<td>{LESSON}</td>" not in table
    assert "8.1.1 — choosing a seat" in items
    t1 = teacher.get(f"/cohorts/{cohort}/trainees/1").get_data(as_text=True)
    assert "1 Nov 2026, 10:01" in t1 and "2026-11-01T10:01" not in t1
    assert f"<td>{LESSON}</td>" not in t1
    csv_text = teacher.get(f"/cohorts/{cohort}/trainees/1/csv/attempts").get_data(as_text=True)
    assert "2026-11-01T10:01:00" in csv_text and LESSON in csv_text
    # The charts of rules missed and every CSV citing a rule name it beside its number.
    for page, chart_id in ((t1, "missed"), (items, "class-missed")):
        chart = page.split(f'data-testid="chart-{chart_id}"', 1)[1].split("</svg>", 1)[0]
        assert ">Rule 8.1.1 — choosing a seat</text>" in chart and ">Rule 8.1.1</text>" not in chart
    for url in (f"/cohorts/{cohort}/trainees/1/csv/attempts", f"/cohorts/{cohort}/trainees/1/csv/rules-missed",
                f"/cohorts/{cohort}/csv/items-by-rule?lesson={LESSON}"):
        rows = list(csv.reader(io.StringIO(teacher.get(url).get_data(as_text=True).lstrip("\ufeff"))))
        at = rows[0].index("rule")
        assert rows[0][at + 1] == "rule_name" and ["8.1.1", "choosing a seat"] in [r[at:at + 2] for r in rows], url
