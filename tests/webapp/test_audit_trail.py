"""The audit trail's hooks and its admin page (issue 33): every change an
instructor, an admin or the command line makes writes exactly one line naming
the actor and the thing; a refused change writes none; admins alone read and
export it; a line outlives what it names and no route changes one."""
from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest

from webapp import audit
from webapp.auth import create_user
from webapp.db import get_db

from .conftest import PASSWORDS

ROOT = Path(__file__).resolve().parents[2]
LESSON = ('+++\ntitle = "Audit drill"\n+++\n\n# Dealing\n\nDeal it.\n\n```question\nid = "split"\nask = "split"\n'
          'prompt = "Two players tie for 15; the smallest chip is 5."\npot = 15\nwinners = [2, 7]\nbutton = 5\n'
          'lowest_chip = 5\n```\n')
AUDITION = {"title": "Heads-up check", "game-0": "holdem", "house-0": "main", "wants-0": "", "hands": "2",
            "minutes": "20", "pass_mark": "80", "open": "1"}


@pytest.fixture
def school(app, tmp_path):
    """The conftest app with an admin and a lessons folder of its own."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    app.config["LESSONS_DIR"] = str(folder)
    with app.app_context():
        create_user(get_db(), "admin", PASSWORDS["admin"], "admin")
    return app


def login(app, name):
    client = app.test_client()
    assert client.post("/auth/login", data={"username": name, "password": PASSWORDS[name]}).status_code == 302
    return client


def newest(app) -> int:
    with app.app_context():
        found = audit.lines(get_db(), limit=1)
    return found[0].id if found else 0


def since(app, start: int) -> list[audit.Line]:
    """The lines written after line `start`, oldest first."""
    with app.app_context():
        return [line for line in reversed(audit.lines(get_db(), limit=1000)) if line.id > start]


def one_line(app, start: int) -> audit.Line:
    found = since(app, start)
    assert len(found) == 1, found
    return found[0]


def user_id(app, name: str) -> int:
    with app.app_context():
        return get_db().execute("select id from users where username = ?", [name]).fetchone()[0]


def cohort(app, client, name="Morning") -> int:
    r = client.post("/cohorts/", data={"name": name})
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(r.headers["Location"].rsplit("/", 1)[1])


# ------------------------------------------------------------------ accounts

def test_the_command_line_adds_an_account_and_sets_a_password(school):
    runner, start = school.test_cli_runner(), newest(school)
    r = runner.invoke(args=["auth", "add-user", "head", "--role", "admin", "--password", "long-enough"])
    assert r.exit_code == 0, r.output
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing, line.label) == ("command line", "created", "account", "admin head")
    assert line.thing_id == str(user_id(school, "head")) and "add-user" in line.detail
    start = newest(school)
    assert runner.invoke(args=["auth", "add-user", "HEAD", "--password", "long-enough"]).exit_code != 0
    assert runner.invoke(args=["auth", "set-password", "nobody", "--password", "long-enough"]).exit_code != 0
    assert runner.invoke(args=["auth", "set-password", "head", "--password", "short"]).exit_code != 0
    assert since(school, start) == []                  # refused: no line
    assert runner.invoke(args=["auth", "set-password", "head", "--password", "new-long-one"]).exit_code == 0
    line = one_line(school, start)
    assert (line.actor, line.action, line.label) == ("command line", "password_reset", "admin head")
    assert "new-long-one" not in line.detail


def test_the_demo_accounts_of_a_first_start(tmp_path):
    from webapp import create_app
    from webapp.auth import ensure_demo_accounts
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "t.db")})
    with app.app_context():
        made = ensure_demo_accounts(get_db())
        assert ensure_demo_accounts(get_db()) == []          # once only
        found = list(reversed(audit.lines(get_db())))
    assert [(f.actor, f.action, f.label) for f in found] == [("command line", "created", f"{role} {name}")
                                                             for name, _, role in made]
    assert all(password not in f.detail for f, (_, password, _) in zip(found, made))


def test_changing_ones_own_password(school):
    client, start = login(school, "trainee"), newest(school)
    r = client.post("/auth/password", data={"current": "wrong-password", "new": "a-new-one-9", "again": "a-new-one-9"})
    assert r.status_code == 422 and since(school, start) == []
    client.post("/auth/password", data={"current": PASSWORDS["trainee"], "new": "a-new-one-9", "again": "a-new-one-9"})
    line = one_line(school, start)
    assert (line.actor, line.action, line.label) == ("trainee", "changed", "trainee trainee")
    assert "own password" in line.detail and "a-new-one-9" not in line.detail


def test_cohorts_trainees_and_password_resets(school):
    teacher, start = login(school, "instructor"), newest(school)
    morning = cohort(school, teacher)
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing, line.label) == ("instructor", "created", "cohort", "cohort Morning")
    start = newest(school)
    assert teacher.post("/cohorts/", data={"name": "morning"}).status_code == 422       # taken
    assert since(school, start) == []

    r = teacher.post(f"/cohorts/{morning}/trainees", data={"name": "Zoë"})
    password = re.search(r"[a-z2-9]{4}(?:-[a-z2-9]{4}){4}", r.get_data(as_text=True)).group(0)
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing, line.label) == ("instructor", "created", "account", "trainee Zoë")
    assert "cohort Morning" in line.detail and password not in line.detail
    start = newest(school)
    assert teacher.post(f"/cohorts/{morning}/trainees", data={"name": "zoë"}).status_code == 422
    assert since(school, start) == []

    r = teacher.post(f"/cohorts/{morning}/import", data={"names": "Ann\nBen"})
    assert r.status_code == 200
    made = since(school, start)       # an import: one line per account it made
    assert [(m.actor, m.action, m.label) for m in made] == [("instructor", "created", "trainee Ann"),
                                                           ("instructor", "created", "trainee Ben")]
    start = newest(school)
    assert teacher.post(f"/cohorts/{morning}/import", data={"names": "Cara\nAnn"}).status_code == 422
    assert since(school, start) == []              # all or none: Ann is taken, Cara is not made either

    ann = user_id(school, "Ann")
    r = teacher.post(f"/cohorts/{morning}/trainees/{ann}/password")
    password = re.search(r"[a-z2-9]{4}(?:-[a-z2-9]{4}){4}", r.get_data(as_text=True)).group(0)
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing, line.label) == ("instructor", "password_reset", "account",
                                                                 "trainee Ann")
    assert password not in line.detail and "one-time" in line.detail


def test_admins_make_instructors_and_reset_their_passwords(school):
    admin, start = login(school, "admin"), newest(school)
    assert admin.post("/cohorts/instructors", data={"name": "Dana", "role": "instructor"}).status_code == 200
    line = one_line(school, start)
    assert (line.actor, line.action, line.label) == ("admin", "created", "instructor Dana")
    start = newest(school)
    assert admin.post("/cohorts/instructors", data={"name": "Dana", "role": "admin"}).status_code == 422
    assert admin.post("/cohorts/instructors", data={"name": "Eve", "role": "trainee"}).status_code == 422
    assert since(school, start) == []
    assert admin.post(f"/cohorts/instructors/{user_id(school, 'Dana')}/password").status_code == 200
    line = one_line(school, start)
    assert (line.actor, line.action, line.label) == ("admin", "password_reset", "instructor Dana")
    # an instructor may not: refused, no line
    start = newest(school)
    assert login(school, "instructor").post(f"/cohorts/instructors/{user_id(school, 'Dana')}/password").status_code == 403
    assert since(school, start) == []


# ------------------------------------------------------------------ memberships and assignments

def test_members_join_and_leave(school):
    teacher = login(school, "instructor")
    morning = cohort(school, teacher)
    trainee, start = user_id(school, "trainee"), newest(school)
    teacher.post(f"/cohorts/{morning}/members", data={"user_id": trainee})
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing, line.label) == ("instructor", "created", "member",
                                                                 "trainee trainee in cohort Morning")
    start = newest(school)
    teacher.post(f"/cohorts/{morning}/members", data={"user_id": trainee})                 # already in: nothing
    assert teacher.post(f"/cohorts/{morning}/members", data={"user_id": user_id(school, "instructor")}).status_code == 422
    assert since(school, start) == []
    teacher.post(f"/cohorts/{morning}/members/{trainee}/remove")
    line = one_line(school, start)
    assert (line.actor, line.action, line.label) == ("instructor", "removed", "trainee trainee in cohort Morning")


def test_assignments_and_their_due_dates(school):
    shutil.copy(ROOT / "lessons" / "holdem-01-dealing-a-hand.md", school.config["LESSONS_DIR"])
    teacher = login(school, "instructor")
    morning = cohort(school, teacher)
    start = newest(school)
    form = {"lesson": "holdem-01-dealing-a-hand", "due": "2030-01-01"}
    assert teacher.post(f"/cohorts/{morning}/assignments", data=form).status_code == 302
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing) == ("instructor", "created", "assignment")
    assert line.label.startswith("lesson ") and line.label.endswith(" for cohort Morning")
    assert "holdem-01" not in line.label and line.detail == "assigned, due 1 Jan 2030"   # its title, not its file
    start = newest(school)
    assert teacher.post(f"/cohorts/{morning}/assignments", data=form).status_code == 302   # the same due date
    assert teacher.post(f"/cohorts/{morning}/assignments", data={**form, "due": "2001-01-01"}).status_code == 422
    assert since(school, start) == []
    teacher.post(f"/cohorts/{morning}/assignments", data={**form, "due": "2030-02-01"})
    line = one_line(school, start)
    assert (line.action, line.detail) == ("changed", "due: 1 Jan 2030 -> 1 Feb 2030")
    start = newest(school)
    assert teacher.post(f"/cohorts/{morning}/assignments/{line.thing_id}/remove").status_code == 302
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing) == ("instructor", "removed", "assignment")
    assert "was due 1 Feb 2030" in line.detail


# ------------------------------------------------------------------ lessons

def base_of(client, slug: str) -> str:
    return re.search(r'name="base" value="([^"]*)"', client.get(f"/author/{slug}").get_data(as_text=True)).group(1)


def test_lessons_drafted_published_renamed_restored_and_deleted(school):
    teacher, start = login(school, "instructor"), newest(school)
    assert teacher.post("/author/new", data={"slug": "drill", "text": LESSON, "action": "save"}).status_code == 302
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing, line.thing_id) == ("instructor", "created", "lesson", "drill")
    assert line.label == "lesson Audit drill (drill)" and "draft saved" in line.detail
    start = newest(school)
    assert teacher.post("/author/new", data={"slug": "drill", "text": LESSON, "action": "save"}).status_code == 200
    assert teacher.post("/author/drill", data={"text": LESSON + "x\n", "action": "save", "base": "stale"}).status_code == 409
    assert since(school, start) == []                                  # exists already; a stale base
    text = LESSON.replace("Deal it.", "Deal it, citing 8.1.")
    teacher.post("/author/drill", data={"text": text, "action": "publish", "base": base_of(teacher, "drill")})
    line = one_line(school, start)
    assert (line.action, line.label) == ("created", "lesson Audit drill (drill)"), line
    assert line.detail == f"published, trainees see it now: {len(text.splitlines())} lines added, 0 removed"
    start = newest(school)
    teacher.post("/author/drill/rename", data={"new_slug": "drill-two"})
    line = one_line(school, start)
    assert (line.action, line.thing_id, line.detail) == ("changed", "drill-two",
                                                          "file: lessons/drill.md -> lessons/drill-two.md")
    start = newest(school)
    with school.app_context():
        first = get_db().execute("select min(id) from lesson_versions").fetchone()[0]
    teacher.post(f"/author/drill-two/versions/{first}/restore", data={"base": base_of(teacher, "drill-two")})
    line = one_line(school, start)
    assert line.action == "changed" and f"version {first}" in line.detail and "restored as the draft" in line.detail
    start = newest(school)
    assert teacher.post("/author/drill-two/delete", data={"confirm": "nope"}).status_code == 422
    assert since(school, start) == []
    teacher.post("/author/drill-two/delete", data={"confirm": "drill-two"})
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing_id) == ("instructor", "removed", "drill-two")
    assert "unpublished draft" in line.detail


def test_a_draft_whose_header_does_not_load_is_named_by_its_file(school):
    teacher, start = login(school, "instructor"), newest(school)
    deep = "+++\ntitle = " + "[" * 3000 + "]" * 3000 + "\n+++\n"
    assert teacher.post("/author/new", data={"slug": "deep", "text": deep, "action": "save"}).status_code == 302
    line = one_line(school, start)
    assert (line.action, line.label) == ("created", "lesson deep")


def test_lessons_import_on_the_command_line(tmp_path):
    from webapp import create_app
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "t.db"),
                      "LESSONS_DIR": str(lessons)})
    runner, out = app.test_cli_runner(), tmp_path / "h.ipynb"
    assert runner.invoke(args=["lessons", "export", "holdem-01-dealing-a-hand", "-o", str(out)]).exit_code == 0
    start = newest(app)
    assert runner.invoke(args=["lessons", "import", str(out), "--name", "holdem-01-dealing-a-hand"]).exit_code == 1
    assert since(app, start) == []                                   # exists: refused without --replace
    assert runner.invoke(args=["lessons", "import", str(out), "--name", "copy-of-holdem"]).exit_code == 0
    line = one_line(app, start)
    assert (line.actor, line.action, line.thing_id) == ("command line", "created", "copy-of-holdem")
    assert "h.ipynb" in line.detail and line.label.endswith("(copy-of-holdem)")


# ------------------------------------------------------------------ auditions

def test_auditions_defined_changed_and_closed(school):
    teacher, start = login(school, "instructor"), newest(school)
    assert teacher.post("/auditions/new", data=AUDITION).status_code == 302
    line = one_line(school, start)
    assert (line.actor, line.action, line.thing, line.label) == ("instructor", "created", "audition",
                                                                 "audition Heads-up check")
    assert "pass mark: 80%" in line.detail
    start = newest(school)
    assert teacher.post(f"/auditions/{line.thing_id}/edit", data={**AUDITION, "pass_mark": "900"}).status_code == 422
    assert teacher.post(f"/auditions/{line.thing_id}/edit", data=AUDITION).status_code == 302     # as it was
    assert since(school, start) == []
    teacher.post(f"/auditions/{line.thing_id}/edit", data={**AUDITION, "pass_mark": "90", "minutes": "30"})
    changed = one_line(school, start)
    assert (changed.action, changed.detail) == ("changed", "minutes: 20 -> 30; pass mark: 80% -> 90%")
    start = newest(school)
    teacher.post(f"/auditions/{line.thing_id}/open", data={"open": "0"})
    closed = one_line(school, start)
    assert (closed.action, closed.detail) == ("changed", "open: yes -> no")
    start = newest(school)
    teacher.post(f"/auditions/{line.thing_id}/open", data={"open": "0"})          # closed already: no change
    assert since(school, start) == []


# ------------------------------------------------------------------ kept, never changed

def test_lines_outlive_what_they_name(school):
    teacher = login(school, "instructor")
    morning = cohort(school, teacher)
    teacher.post(f"/cohorts/{morning}/trainees", data={"name": "Leaver"})
    teacher.post("/author/new", data={"slug": "gone", "text": LESSON, "action": "save"})
    teacher.post("/author/gone/delete", data={"confirm": "gone"})
    with school.app_context():
        db = get_db()
        with db.conn:       # no route removes an account or a cohort today; the database may
            db.execute("delete from cohort_members")
            db.execute("delete from users where username = 'Leaver'")
            db.execute("delete from cohorts")
        labels = [(line.action, line.label) for line in audit.lines(db)]
    assert ("created", "trainee Leaver") in labels and ("created", "cohort Morning") in labels
    assert ("created", "lesson Audit drill (gone)") in labels and ("removed", "lesson Audit drill (gone)") in labels
    page = login(school, "admin").get("/audit/").get_data(as_text=True)
    assert "trainee Leaver" in page and "cohort Morning" in page and "lesson Audit drill (gone)" in page


def test_no_route_changes_or_deletes_a_line(school):
    """The trail's own routes only read; nothing in the app but audit.record writes the table."""
    assert {m for r in school.url_map.iter_rules() if r.endpoint.startswith("audit.")
            for m in r.methods} <= {"GET", "HEAD", "OPTIONS"}
    writes = re.compile(r"(insert\s+(or\s+\w+\s+)?into|update|delete\s+from|drop\s+table)\s+[\"'\[]?audit\b", re.I)
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "webapp").rglob("*.py")
             if writes.search(p.read_text(encoding="utf-8"))]
    assert found == ["webapp/audit.py"]


# ------------------------------------------------------------------ the admin's page and CSV

@pytest.mark.parametrize("role", ["trainee", "instructor"])
def test_only_admins_read_or_export_it(school, role):
    client = login(school, role)
    for url in ("/audit/", "/audit/audit.csv", "/audit/?thing=account"):
        r = client.get(url)
        assert r.status_code == 403 and "Instructors" not in r.get_data(as_text=True), (role, url)
    assert "/audit/" not in client.get("/lessons/").get_data(as_text=True)     # not in their navigation
    assert app_anonymous(school).get("/audit/").status_code == 302


def app_anonymous(app):
    return app.test_client()


def seed(app, n: int) -> None:
    with app.app_context():
        db = get_db()
        actor = user_id(app, "instructor")
        with db.conn:
            for i in range(n):
                audit.record(db, "created", "cohort" if i % 2 else "lesson", i, f"thing {i}",
                             "=cmd()" if i == 0 else f"detail {i}", actor_id=actor)


def test_the_page_newest_first_filtered_and_paged(school):
    seed(school, 60)
    admin = login(school, "admin")
    page = admin.get("/lessons/").get_data(as_text=True)
    assert 'href="/audit/"' in page                                          # in the admin's navigation
    page = admin.get("/audit/").get_data(as_text=True)
    shown = re.findall(r"thing (\d+)<", page)
    assert shown == [str(n) for n in range(59, 9, -1)]                       # 50 a page, newest first
    assert re.search(r"<time datetime=\"[0-9T:Z-]+\">\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d</time>", page)
    assert ">instructor<" in page and "Older lines" in page
    older = re.search(r'href="(/audit/\?before=\d+)"', page).group(1)
    shown = re.findall(r"thing (\d+)<", admin.get(older).get_data(as_text=True))
    assert shown == [str(n) for n in range(9, -1, -1)]
    page = admin.get("/audit/?thing=cohort").get_data(as_text=True)
    assert re.findall(r"thing (\d+)<", page) == [str(n) for n in range(59, 0, -2)]
    assert '<option value="cohort" selected>' in page and "Older lines" not in page
    assert admin.get("/audit/?thing=spaceship&before=x").status_code == 200   # read as no filter


GUIDE_COLUMNS = ("id", "at", "actor", "action", "thing", "thing_id", "label", "detail")


def test_the_csv_columns_streamed_and_documented(school):
    seed(school, 3)
    r = login(school, "admin").get("/audit/audit.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv" and r.is_streamed
    assert 'filename="trainer-audit-trail.csv"' in r.headers["Content-Disposition"]
    text = r.get_data(as_text=True)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert tuple(rows[0]) == GUIDE_COLUMNS
    assert [row[6] for row in rows[1:]] == ["thing 2", "thing 1", "thing 0"]
    assert rows[-1][2:6] == ["instructor", "created", "lesson", "0"] and rows[-1][7] == "'=cmd()"   # formula guard
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", rows[1][1])
    only = list(csv.reader(io.StringIO(login(school, "admin").get("/audit/audit.csv?thing=cohort")
                                       .get_data(as_text=True)[1:])))
    assert [row[6] for row in only[1:]] == ["thing 1"]
    guide = (ROOT / "GUIDE.md").read_text(encoding="utf-8")
    section = guide.split("### The audit trail", 1)[1].split("\n## ", 1)[0]
    assert all(f"`{column}`" in section for column in GUIDE_COLUMNS)
