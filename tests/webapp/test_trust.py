"""A class can trust every number: no 500s, no lost or doubled attempts,
every route's role and CSRF checks, sessions that really end, and a hostile
lesson file that hurts only itself."""
from __future__ import annotations

import re
import shutil
import stat
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp import create_app
from webapp.auth import create_user, set_password
from webapp.db import get_db

from .conftest import HX, PASSWORDS, cells_in, post_answer

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_RUBRIC = (ROOT / "rubrics" / "dealing.toml").read_text(encoding="utf-8")
LESSON = "holdem-01-dealing-a-hand"
TABLE, QUESTION = "deal-a-hand", "three-way-split"

# Every route of the app and who may use it. A new route fails
# test_every_route_has_a_policy until it is placed here.
POLICY = {
    "index": "public", "htmx_js": "public", "static": "public", "favicon": "public",
    "auth.login": "public", "auth.logout": "public", "auth.password": "signed-in",
    "notebook.index": "signed-in", "notebook.lesson_page": "signed-in", "notebook.step": "signed-in",
    "notebook.answer": "signed-in", "notebook.reset_cell": "signed-in", "notebook.reset_lesson": "signed-in",
    "notebook.deal_new_hand": "signed-in",
    "progress.mine": "signed-in", "progress.class_view": "instructor",
    "authoring.index": "instructor", "authoring.new": "instructor", "authoring.edit": "instructor",
    # Auditions: "owner" is the trainee who took the run (an instructor may see its result and
    # certificate); anyone else gets 404 and learns nothing of it.
    "auditions.index": "signed-in", "auditions.start": "signed-in", "auditions.new": "instructor",
    "auditions.edit": "instructor", "auditions.audition_page": "instructor", "auditions.set_open": "instructor",
    "auditions.verify": "instructor", "auditions.run_page": "owner", "auditions.step": "owner",
    "auditions.result": "owner", "auditions.certificate": "owner",
    # Sprints: a run is its trainee's ("owner"); anyone else, instructors too, gets 404.
    "sprints.index": "signed-in", "sprints.start": "signed-in", "sprints.run_page": "owner",
    "sprints.answer": "owner", "sprints.redo": "owner",
    # Downs: a run is its trainee's ("owner"); an instructor may see its summary and hands.
    "downs.index": "signed-in", "downs.start": "signed-in", "downs.run_page": "owner", "downs.step": "owner",
    "downs.answer": "owner", "downs.stop": "owner", "downs.resume": "owner", "downs.summary": "owner",
    "downs.hand_page": "owner",
    # "instructor": instructors and admins; "admin": admins only
    "cohorts.index": "instructor", "cohorts.cohort": "instructor", "cohorts.add_trainee": "instructor",
    "cohorts.import_trainees": "instructor", "cohorts.add_member": "instructor",
    "cohorts.remove_member": "instructor", "cohorts.reset_trainee": "instructor", "cohorts.assign": "instructor",
    "cohorts.unassign": "instructor", "cohorts.items": "instructor", "cohorts.trainee": "instructor",
    "cohorts.cohort_csv": "instructor", "cohorts.trainee_csv": "instructor",
    "cohorts.set_accommodation": "instructor", "cohorts.end_accommodation": "instructor",
    "cohorts.instructors": "admin", "cohorts.reset_instructor": "admin",
    "authoring.rename": "instructor", "authoring.delete": "instructor", "authoring.versions": "instructor",
    "authoring.restore": "instructor", "authoring.preview": "instructor", "authoring.preview_step": "instructor",
    "authoring.preview_answer": "instructor", "authoring.preview_reset": "instructor",
    "editor_vendor.asset": "public",
    # The audit trail (issue 33): read and exported by admins only; no route changes a line.
    "audit.index": "admin", "audit.csv": "admin",
    # Observed table tests (issue 33): recorded, signed and corrected by instructors; a second
    # signature, rubrics and pass weights by admins; a trainee reads only their own signed tests.
    "table_tests.new": "instructor", "table_tests.test_page": "instructor", "table_tests.correct": "instructor",
    "table_tests.countersign": "admin", "table_tests.mine": "signed-in", "table_tests.mine_one": "owner",
    "table_tests.rubrics": "admin", "table_tests.edit_rubric": "admin", "table_tests.rubric_version": "admin",
    "table_tests.weights": "admin", "record.page": "instructor", "record.csv": "instructor",
}
STAFF = ("instructor", "admin")
ARGS = {"slug": LESSON, "cell_id": TABLE, "filename": "trainer.css", "cohort_id": 1, "user_id": 1,
        "assignment_id": 1, "name": "attempts",
        "audition_id": 1, "run_id": 1, "token": "0" * 20, "version_id": 1, "test_id": 1, "version": 1, "number": 1}
# Resetting a password here would lock the matrix's own accounts out: those go to a user that is not there.
DRILL_LESSON, DRILL = "holdem-03-all-ins-and-side-pots", "drill-side-pots"
ENDPOINT_ARGS = {"notebook.answer": {"cell_id": QUESTION},
                 "notebook.deal_new_hand": {"slug": DRILL_LESSON, "cell_id": DRILL}, "cohorts.reset_trainee": {"user_id": 99},
                 "cohorts.reset_instructor": {"user_id": 99},
                 "editor_vendor.asset": {"name": "codemirror.js"},
                 "table_tests.edit_rubric": {"name": "dealing"}, "table_tests.rubric_version": {"name": "dealing"}}
AUDITION = {"title": "Fuzz audition", "game-0": "holdem", "house-0": "main", "wants-0": "heads-up", "hands": "2",
            "minutes": "240", "pass_mark": "80", "open": "1"}
COHORT_TABLES = ("cohorts", "cohort_members", "assignments")


def make_app(tmp_path: Path, csrf: bool = True, **config):
    lessons = tmp_path / "lessons"
    if not lessons.exists():
        shutil.copytree(ROOT / "lessons", lessons)
    app = create_app({"TESTING": True, "SECRET_KEY": "trust", "DATABASE": str(tmp_path / "t.db"),
                      "LESSONS_DIR": str(lessons), "WTF_CSRF_ENABLED": csrf, **config})
    with app.app_context():
        for name, password in PASSWORDS.items():
            create_user(get_db(), name, password, name if name in STAFF else "trainee")
    return app


def with_a_cohort(app):
    """Cohort 1 with the trainee in it and the lesson (and audition 1, if defined) assigned, for the cohort routes."""
    from datetime import date
    from webapp.instructor import roster
    with app.app_context():
        db = get_db()
        cohort = roster.create_cohort(db, "Morning", 2)
        roster.add_member(db, cohort, 1)
        roster.assign(db, cohort, "lesson", LESSON, date(2030, 1, 1))
        if db.execute("select 1 from auditions where id = 1").fetchone():
            roster.assign(db, cohort, "audition", "1", date(2030, 1, 1))


def token(client, path="/auth/login") -> str:
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def signed_in(app, name: str | None):
    """A test client signed in as `name` (None: anonymous) and its CSRF token."""
    client = app.test_client()
    if name is not None:
        r = client.post("/auth/login", data={"username": name, "password": PASSWORDS[name],
                                             "csrf_token": token(client)})
        assert r.status_code == 302, r.get_data(as_text=True)
    return client, token(client, "/auth/login" if name is None else "/progress/")


def snapshot(app) -> dict:
    """Everything a request could wrongly change: the stored rows and the lesson files."""
    with app.app_context():
        db = get_db()
        rows = {t: [tuple(r.values()) for r in db.query(f"select * from {t} order by rowid")]
                for t in ("users", "attempts", "cell_state", "auditions", "auditions_runs", "audition_steps",
                          *COHORT_TABLES, "lesson_drafts", "lesson_versions", "lesson_previews",
                          "sprint_runs", "sprint_items", "accommodations", "rubrics", "table_tests",
                          "pass_weights", "audit", "down_runs", "down_steps")}
    folder = Path(app.config["LESSONS_DIR"])
    rows["files"] = sorted((p.relative_to(folder).as_posix(), p.read_bytes()) for p in folder.rglob("*") if p.is_file())
    return rows


def with_a_table_test(app) -> None:
    """Table test 1 of the trainee, signed by the instructor (needs cohort 1: with_a_cohort)."""
    from tests.webapp.test_table_tests import record_test
    instructor, csrf = signed_in(app, "instructor")
    assert record_test(instructor, sign=True, csrf=csrf) == "/table-tests/1"


def sprint_with_a_run(app) -> None:
    """Sprint run 1, started by the trainee (its first item shown)."""
    trainee, csrf = signed_in(app, "trainee")
    r = trainee.post("/sprints/start", data={"kind": "mix"}, headers={"X-CSRFToken": csrf})
    assert r.headers["Location"] == "/sprints/runs/1"
    assert trainee.get("/sprints/runs/1").status_code == 200


def down_with_a_run(app) -> None:
    """Down run 1, started by the trainee from the lesson's down cell."""
    trainee, csrf = signed_in(app, "trainee")
    r = trainee.post("/downs/start", data={"lesson": "table-02-a-down", "cell": "holdem-down"},
                     headers={"X-CSRFToken": csrf})
    assert r.headers["Location"] == "/downs/runs/1"
    assert trainee.get("/downs/runs/1").status_code == 200


def audition_with_a_run(app) -> None:
    """Audition 1, defined by the instructor, and run 1 of it, started by the trainee."""
    instructor, csrf = signed_in(app, "instructor")
    trainee, trainee_csrf = signed_in(app, "trainee")
    assert instructor.post("/auditions/new", data=AUDITION, headers={"X-CSRFToken": csrf}).status_code == 302
    r = trainee.post("/auditions/1/start", headers={"X-CSRFToken": trainee_csrf})
    assert r.headers["Location"] == "/auditions/runs/1"


# ---------------------------------------------------------------- fuzzing

NUMBERS = st.one_of(
    st.sampled_from(["0", "1", "2", "4", "9", "30", "35", "40", " 7 "]),
    st.sampled_from(["²", "٣", "１", "-1", "1e3", "0x10", "", "9" * 5000, "99999999999999999999", "nan", "inf",
                     "1.5", "\x00", "seat"]))
TEXT = st.one_of(NUMBERS, st.text(max_size=40))
KINDS = st.sampled_from(["move_button", "post_blind", "pitch", "burn", "flop", "award", "collect", "x", ""])
DEEP = st.integers(1, 1200).map(lambda n: "[" * n + "]" * n)
TOML_VALUES = st.one_of(NUMBERS, DEEP, st.sampled_from(["inf", "-inf", "nan", "1e400", "1e300", "9" * 5000,
                                                        "{a = {b = {c = 1}}}", '"x"', "[1, 2, 3]", "true"]))
TOML_KEYS = st.sampled_from(["pot", "button", "winners", "lowest_chip", "table_seats", "seats", "seed",
                             "button_was", "players", "hand"])


def lesson_text(ask, key, value, table):
    cell = "table" if table else "question"
    body = (f'id = "q"\nask = "{ask}"\npot = 15\nwinners = [2, 7]\nbutton = 5\n{key} = {value}\n' if not table
            else f'id = "t"\ngame = "holdem"\nseed = 3\n{key} = {value}\n')
    return f'+++\ntitle = "Fuzz"\n+++\n\n```{cell}\n{body}```\n'


LESSON_TEXTS = st.one_of(
    st.builds(lesson_text, st.sampled_from(["split", "winner", "rake", "pots", "first_to_act"]), TOML_KEYS,
              TOML_VALUES, st.booleans()),
    st.text(max_size=200),
)
FORMS = {
    "step": st.fixed_dictionaries({"at": NUMBERS, "kind": KINDS, "seat": NUMBERS},
                                  optional={"tool": KINDS, "rev": NUMBERS, "winners": st.lists(NUMBERS, max_size=3),
                                            "elapsed_ms": NUMBERS}),
    "answer": st.builds(lambda rev, fields: {"rev": rev, **fields}, st.one_of(st.just("0"), NUMBERS),
                        st.dictionaries(st.sampled_from(["seat", "seats", "choice", "amount", "amount-0", "amount-1",
                                                         "amount-2", "amount-5", "amount-8", "elapsed_ms"]),
                                        NUMBERS, min_size=1, max_size=4)),
    "login": st.fixed_dictionaries({"username": TEXT, "password": TEXT}),
    "author": st.fixed_dictionaries({"slug": st.one_of(TEXT, st.just("fuzz-lesson"), st.just("probe\n")),
                                     "text": LESSON_TEXTS, "action": st.sampled_from(["check", "save", "publish",
                                                                                      "preview"])},
                                    optional={"base": st.one_of(TEXT, st.just(""))}),
    "editor": st.fixed_dictionaries({}, optional={"new_slug": st.one_of(TEXT, st.just("fuzz-renamed")),
                                                  "confirm": st.one_of(TEXT, st.just(LESSON)),
                                                  "base": TEXT, "at": NUMBERS, "kind": KINDS, "seat": NUMBERS,
                                                  "text": LESSON_TEXTS, "slug": TEXT}),
    "password": st.fixed_dictionaries({"current": TEXT, "new": TEXT, "again": TEXT}),
    "audition": st.fixed_dictionaries(
        {"title": st.one_of(TEXT, st.just("An audition")),
         "game-0": st.sampled_from(["holdem", "razz", "casino-holdem", "", "x", "holdem\n"]),
         "house-0": st.sampled_from(["main", "second", "", "nope"]),
         "wants-0": st.one_of(st.sampled_from(["", "heads-up", "split-pot, odd-chip", "side-pots >= 99", "no-low",
                                               "side-pots >= 1e9", "exposed-card", ",,,", "heads-up," * 40]),
                              st.text(max_size=30)),
         "hands": NUMBERS, "minutes": NUMBERS, "pass_mark": NUMBERS},
        optional={"game-1": st.sampled_from(["omaha", "x"]), "wants-1": TEXT, "open": st.just("1")}),
    "cohort": st.fixed_dictionaries({"name": TEXT}),
    "trainee": st.fixed_dictionaries({"name": TEXT}),
    "import": st.fixed_dictionaries({"names": st.one_of(
        st.lists(TEXT, max_size=3).map("\n".join), st.lists(TEXT, max_size=3).map(lambda n: "name,x\n" + "\n".join(n)),
        st.sampled_from(["name\n", '"a\nb"', "a,b\n", "\x00", "=cmd()", "x\n" * 300, '"unclosed']))}),
    "assign": st.fixed_dictionaries({"due": st.one_of(st.sampled_from(["2026-12-01", "1999-01-01", "2026-02-30",
                                                                       "20261201", "9999-12-31"]), TEXT)},
                                    optional={"lesson": st.one_of(st.just(LESSON), TEXT),
                                              "audition": st.one_of(st.sampled_from(["1", "01", "2", "1 ", "0"]),
                                                                    NUMBERS, TEXT)}),
    "member": st.fixed_dictionaries({"user_id": NUMBERS}),
    "staff": st.fixed_dictionaries({"name": TEXT, "role": st.sampled_from(["instructor", "admin", "trainee", ""])}),
    "table_test": st.fixed_dictionaries(
        {"game": st.one_of(st.sampled_from(["holdem", "casino-holdem", "omaha", "", "chess", "holdem\n"]), TEXT),
         "nonce": st.one_of(st.sampled_from(["abc123", "", "²", "x" * 60, "a b"]), TEXT),
         "action": st.sampled_from(["save", "sign", "", "x"]),
         "confirm": st.one_of(st.sampled_from(["pass", "fail", ""]), TEXT)},
        optional={**{f"score-{key}": NUMBERS for key in ("procedure", "pitch", "pot_and_rake", "reading_hands",
                                                         "game_control", "pace", "conduct", "nope")},
                  "comment-pitch": TEXT, "overall": st.one_of(TEXT, st.just("x" * 5000)), "reason": TEXT}),
    "rubric": st.fixed_dictionaries({"text": st.one_of(
        st.builds(lambda old, new: DEFAULT_RUBRIC.replace(old, new, 1),
                  st.sampled_from(["pass_level = 3", "must_pass = true", "title = \"Pitch\"", "levels = [",
                                   "second_sign_off = false", "[[category]]", "key = \"pace\""]),
                  st.one_of(TOML_VALUES.map(lambda v: f"pass_level = {v}"), TOML_VALUES.map(lambda v: f"x = {v}"),
                            TOML_VALUES.map(lambda v: f"levels = {v}"), TEXT)),
        DEEP.map(lambda d: f"title = {d}"), st.text(max_size=200))}),
    "weights": st.fixed_dictionaries({k: NUMBERS for k in ("written", "drills", "audition", "table_test",
                                                           "pass_mark")}),
}
CELLS = st.sampled_from([(LESSON, TABLE), (LESSON, QUESTION), (LESSON, "first-on-flop"), (LESSON, "who-wins"),
                         ("holdem-03-all-ins-and-side-pots", "side-pot-sizes"), (LESSON, "nope"), (DRILL_LESSON, DRILL),
                         ("no-such-lesson", TABLE), (LESSON + "\n", TABLE)])
REQUESTS = {
    "step": st.tuples(CELLS, FORMS["step"]),
    "answer": st.tuples(st.sampled_from([(LESSON, c) for c in ("first-on-flop", "who-wins", QUESTION)]
                                        + [("holdem-03-all-ins-and-side-pots", "side-pot-sizes"),
                                           ("holdem-02-commission", "rake-blinds-only"), (LESSON, TABLE)]),
                        FORMS["answer"]),
    "reset": st.tuples(CELLS, st.just({})),
    "deal": st.tuples(CELLS, st.fixed_dictionaries({}, optional={"at": NUMBERS, "rev": NUMBERS})),
    "login": st.tuples(st.text(max_size=30).map(lambda n: ("/" + n, "")), FORMS["login"]),
    "author": st.tuples(st.sampled_from([("new", ""), (LESSON, ""), ("fuzz-lesson", ""), ("probe%0A", ""),
                                         ("readme%0A", "")]), FORMS["author"]),
    "password": st.tuples(st.just(("", "")), FORMS["password"]),
    "editor": st.tuples(st.sampled_from([(f"/author/{LESSON}/rename", ""), (f"/author/{LESSON}/delete", ""),
                                         (f"/author/{LESSON}/versions/1/restore", ""), ("/author/-preview", ""),
                                         ("/author/-preview/" + "0" * 20 + f"/cells/{TABLE}/step", ""),
                                         ("/author/nope/rename", ""), ("/author/%0A/delete", "")]),
                        FORMS["editor"]),
    "cohort": st.tuples(st.just(("/cohorts/", "")), FORMS["cohort"]),
    "trainee": st.tuples(st.sampled_from([("/cohorts/1/trainees", ""), ("/cohorts/9/trainees", "")]), FORMS["trainee"]),
    "import": st.tuples(st.sampled_from([("/cohorts/1/import", ""), ("/cohorts/9/import", "")]), FORMS["import"]),
    "assign": st.tuples(st.sampled_from([("/cohorts/1/assignments", ""), ("/cohorts/9/assignments", "")]),
                        FORMS["assign"]),
    "member": st.tuples(st.sampled_from([("/cohorts/1/members", ""), ("/cohorts/1/members/3/remove", "")]),
                        FORMS["member"]),
    "staff": st.tuples(st.just(("/cohorts/instructors", "")), FORMS["staff"]),
    "get": st.tuples(st.sampled_from(["/lessons/", "/progress/", "/progress/class", "/author/",
                                      f"/lessons/{LESSON}", "/lessons/%C2%B2", "/author/%0A", "/author/new", f"/author/{LESSON}/versions",
                                      f"/author/{LESSON}/delete", "/vendor/codemirror/x.js",
                                      "/vendor/codemirror/markdown.js", "/auditions/",
                                      "/auditions/1", "/auditions/9", "/auditions/runs/1", "/auditions/runs/1/result",
                                      "/auditions/runs/1/certificate", "/auditions/runs/99/result",
                                      "/auditions/1/edit", "/cohorts/",
                                      "/cohorts/1", "/cohorts/1/items?lesson=%00", "/cohorts/1/items?lesson=" + LESSON,
                                      "/cohorts/1/trainees/1", "/cohorts/1/trainees/2", "/cohorts/1/csv/matrix",
                                      "/cohorts/1/csv/items-by-rule?lesson=x", "/cohorts/1/trainees/1/csv/by-day",
                                      "/cohorts/2/csv/attempts", "/cohorts/instructors", "/progress/table-tests",
                                      "/progress/table-tests/1", "/table-tests/1", "/table-tests/1/correct",
                                      "/cohorts/1/trainees/1/record", "/cohorts/1/trainees/1/record.csv",
                                      "/cohorts/1/trainees/3/record", "/cohorts/1/csv/standing", "/rubrics/",
                                      "/rubrics/dealing/versions/1", "/rubrics/dealing/versions/9",
                                      "/cohorts/weights"]), st.just({})),
    "audition": st.tuples(st.sampled_from([("new", ""), ("1/edit", ""), ("7/edit", "")]), FORMS["audition"]),
    "audition_step": st.tuples(st.sampled_from([("runs/1", ""), ("runs/2", ""), ("runs/77", "")]), FORMS["step"]),
    "table_test": st.tuples(st.sampled_from([("/cohorts/1/trainees/1/table-tests/new", ""),
                                             ("/cohorts/1/trainees/3/table-tests/new", ""), ("/table-tests/1", ""),
                                             ("/table-tests/1/correct", ""), ("/table-tests/1/countersign", ""),
                                             ("/table-tests/9/correct", "")]), FORMS["table_test"]),
    "rubric": st.tuples(st.sampled_from([("/rubrics/dealing/edit", ""), ("/rubrics/nope/edit", "")]), FORMS["rubric"]),
    "weights": st.tuples(st.just(("/cohorts/weights", "")), FORMS["weights"]),
    "verify": st.tuples(st.just(("/auditions/verify", "")),
                        st.fixed_dictionaries({"number": st.one_of(TEXT, st.just("AAAA-AAAA-AAAA-AAAA-AAAA"))})),
}


def url_for_request(kind, where):
    if kind in ("step", "answer", "reset", "deal"):
        return f"/lessons/{where[0]}/cells/{where[1]}/{kind}"
    if kind == "login":
        return "/auth/login?next=" + where[0]
    if kind == "author":
        return "/author/new" if where[0] == "new" else f"/author/{where[0]}"
    if kind in ("audition", "audition_step"):
        return f"/auditions/{where[0]}" + ("/step" if kind == "audition_step" else "")
    if kind in FORMS and kind not in ("password", "step", "answer", "login", "author"):
        return where[0]
    return "/auth/password"


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("fuzz"), LOGIN_MAX_FAILURES_PER_ADDRESS=10**6,
                   LOGIN_MAX_FAILURES_PER_USER=10**6)
    audition_with_a_run(app)
    with_a_cohort(app)
    with_a_table_test(app)
    return app, {name: signed_in(app, name) for name in (None, "trainee", "instructor", "admin")}


@pytest.mark.parametrize("kind", sorted(REQUESTS))
def test_fuzzed_requests_never_500_and_refusals_change_nothing(fuzz_app, kind):
    """Every route that takes input, as anonymous, trainee and instructor, with
    a valid CSRF token: never a 500, and a refused request changes nothing."""
    app, clients = fuzz_app

    @settings(max_examples=150 if kind in ("step", "answer", "author", "audition_step", "editor") else 40, deadline=None,
              suppress_health_check=list(HealthCheck), database=None)
    @given(role=st.sampled_from([None, "trainee", "instructor", "admin"]), request=REQUESTS[kind], hx=st.booleans())
    def one(role, request, hx):
        fuzz_one(app, clients, kind, role, request, hx)

    one()


def fuzz_one(app, clients, kind, role, request, hx):
    client, csrf = clients[role]
    where, form = request
    before = snapshot(app)
    headers = {"X-CSRFToken": csrf, **(HX if hx else {})}
    if kind == "get":
        r = client.get(where, headers=headers)
    elif kind == "verify":
        r = client.get(where[0], query_string=form, headers=headers)
    else:
        r = client.post(url_for_request(kind, where), data=form, headers=headers)
    assert r.status_code < 500, (kind, where, form)
    if r.status_code >= 400 or role is None:
        after = snapshot(app)
        assert after == before, (kind, where, form, r.status_code)
    body = r.get_data(as_text=True)
    assert "Traceback" not in body and "invalid literal" not in body and "werkzeug" not in body.lower()


# ---------------------------------------------------------- concurrency

def clients_sharing_a_session(app, n):
    first, _ = signed_in(app, "trainee")
    cookie = first.get_cookie("session")
    clients = []
    for _ in range(n):
        c = app.test_client()
        c.set_cookie("session", cookie.value)
        clients.append(c)
    return clients


def at_once(posts):
    """Run the posts in threads released together; their responses in order."""
    barrier = threading.Barrier(len(posts))
    responses = [None] * len(posts)

    def go(i, post):
        barrier.wait()
        responses[i] = post()

    threads = [threading.Thread(target=go, args=(i, p)) for i, p in enumerate(posts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return responses


def stored(app):
    with app.app_context():
        db = get_db()
        attempts = list(db.query("select step, correct from attempts order by id"))
        states = list(db.query("select steps, runs from cell_state where cell = ?", [TABLE]))
    return attempts, states


def test_the_same_step_posted_at_once_is_recorded_once(tmp_path):
    app = make_app(tmp_path, csrf=False)
    url = f"/lessons/{LESSON}/cells/{TABLE}/step"
    for trial in range(10):
        clients = clients_sharing_a_session(app, 6)
        data = {"at": "0", "rev": "0", "tool": "move_button", "seat": "9"}
        responses = at_once([lambda c=c: c.post(url, data=data, headers=HX) for c in clients])
        codes = sorted(r.status_code for r in responses)
        assert codes == [200] + [409] * 5, codes
        attempts, states = stored(app)
        assert len(attempts) == 1 and states[0]["steps"].count("move_button") == 1
        clients[0].post(f"/lessons/{LESSON}/cells/{TABLE}/reset", headers=HX)
        with app.app_context():
            get_db().conn.execute("delete from attempts")
            get_db().conn.commit()


@pytest.mark.parametrize("with_rev", [True, False])
def test_a_right_and_a_wrong_step_at_once_keep_the_record_true(tmp_path, with_rev):
    app = make_app(tmp_path, csrf=False)
    url = f"/lessons/{LESSON}/cells/{TABLE}/step"
    right = {"at": "0", "tool": "move_button", "seat": "9"}
    wrong = {"at": "0", "kind": "burn"}
    if with_rev:
        right["rev"] = wrong["rev"] = "0"
    for trial in range(15):
        a, b = clients_sharing_a_session(app, 2)
        responses = at_once([lambda: a.post(url, data=right, headers=HX), lambda: b.post(url, data=wrong, headers=HX)])
        ok = [r for r in responses if r.status_code == 200]
        attempts, states = stored(app)
        assert len(attempts) == len(ok)                       # every acknowledged attempt, no other
        right_ok = responses[0].status_code == 200
        assert ("move_button" in (states[0]["steps"] if states else "")) == right_ok
        assert all(r.status_code in (200, 409) for r in responses)
        if with_rev:
            assert len(ok) == 1
        elif right_ok:
            assert "✔" in responses[0].get_data(as_text=True)
        a.post(f"/lessons/{LESSON}/cells/{TABLE}/reset", headers=HX)
        with app.app_context():
            get_db().conn.execute("delete from attempts")
            get_db().conn.commit()


def test_the_same_answer_posted_at_once_is_recorded_once(tmp_path):
    app = make_app(tmp_path, csrf=False)
    url = f"/lessons/{LESSON}/cells/{QUESTION}/answer"
    clients = clients_sharing_a_session(app, 5)
    data = {"rev": "0", "amount-2": "35", "amount-5": "30", "amount-8": "35"}
    responses = at_once([lambda c=c: c.post(url, data=data, headers=HX) for c in clients])
    assert sorted(r.status_code for r in responses) == [200, 409, 409, 409, 409]
    with app.app_context():
        assert get_db().execute("select count(*) from attempts").fetchone()[0] == 1


# ------------------------------------------------------ roles and CSRF

def rule_urls(app):
    """(endpoint, method, url) for every route of the app, from its URL map."""
    for rule in app.url_map.iter_rules():
        args = {k: ENDPOINT_ARGS.get(rule.endpoint, {}).get(k, ARGS[k]) for k in rule.arguments}
        with app.test_request_context():
            from flask import url_for
            url = url_for(rule.endpoint, **args)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield rule.endpoint, method, url


def test_every_route_has_a_policy(tmp_path):
    app = make_app(tmp_path)
    assert {r.endpoint for r in app.url_map.iter_rules()} == set(POLICY)


def test_role_by_route_matrix(tmp_path):
    app = make_app(tmp_path, csrf=False)
    audition_with_a_run(app)
    sprint_with_a_run(app)
    down_with_a_run(app)
    with_a_cohort(app)
    with_a_table_test(app)
    owner, _ = signed_in(app, "trainee")
    owner.post(f"/lessons/{LESSON}/cells/{TABLE}/step", data={"at": "0", "tool": "move_button", "seat": "9"},
               headers=HX)
    with app.app_context():
        owners_rows = list(get_db().query("select * from attempts where user_id = 1"))
    for role in (None, "trainee2", "instructor", "admin", "trainee"):
        for endpoint, method, url in rule_urls(app):
            client, _ = signed_in(app, role)
            before = snapshot(app)
            r = client.open(url, method=method, data={"text": ""})
            need = POLICY[endpoint]
            where = (role, endpoint, method, r.status_code)
            assert r.status_code < 500, where
            if role is None and need != "public":
                assert r.status_code == 302 and "/auth/login" in r.headers["Location"], where
                assert snapshot(app) == before, where
            elif (need == "instructor" and role not in STAFF) or (need == "admin" and role != "admin"):
                assert r.status_code == 403 and "Back to the lessons" in r.get_data(as_text=True), where
                assert snapshot(app) == before, where
            elif need == "owner" and role == "trainee2":
                assert r.status_code == 404 and snapshot(app) == before, where
            elif need != "public":
                assert r.status_code not in (401, 403), where
                assert "/auth/login" not in r.headers.get("Location", ""), where
            if role == "trainee2":  # another trainee never sees or changes the owner's record
                assert "Button to seat 9" not in r.get_data(as_text=True), where
                with app.app_context():
                    assert list(get_db().query("select * from attempts where user_id = 1")) == owners_rows


def test_every_state_changing_route_needs_the_csrf_token(tmp_path):
    app = make_app(tmp_path, csrf=True)
    client, good = signed_in(app, "instructor")
    posts = [(e, u) for e, m, u in rule_urls(app) if m == "POST"]
    assert {e for e, _ in posts} >= {"notebook.step", "notebook.answer", "notebook.reset_cell",
                                     "notebook.reset_lesson", "notebook.deal_new_hand", "authoring.new", "authoring.edit", "auth.login",
                                     "auth.logout", "auth.password", "auditions.new", "auditions.edit",
                                     "auditions.set_open", "auditions.start", "auditions.step"}
    for endpoint, url in posts:
        for headers in ({}, {"X-CSRFToken": "forged"}, HX):
            before = snapshot(app)
            r = client.post(url, data={"at": "0", "tool": "move_button", "seat": "9", "slug": "x-y",
                                       "text": "x", "action": "save", "rev": "0"}, headers=headers)
            assert r.status_code == 400, (endpoint, headers, r.status_code)
            assert snapshot(app) == before, endpoint
    # with the token the same client still works: the refusals did not end its session
    r = client.post(f"/lessons/{LESSON}/cells/{TABLE}/step", data={"at": "0", "tool": "move_button", "seat": "9"},
                    headers={**HX, "X-CSRFToken": good})
    assert r.status_code == 200


def test_an_old_notebook_still_works_and_an_ended_session_says_sign_in_again(tmp_path):
    app = make_app(tmp_path, csrf=True)
    client, csrf = signed_in(app, "trainee")
    # hours later (the token has no time limit of its own): the step is taken
    app.config["WTF_CSRF_TIME_LIMIT"] = None
    r = client.post(f"/lessons/{LESSON}/cells/{TABLE}/step", data={"at": "0", "tool": "move_button", "seat": "9"},
                    headers={**HX, "X-CSRFToken": csrf})
    assert r.status_code == 200
    # signed out in another tab: this tab's next step is told to sign in again, nothing recorded
    other = app.test_client()
    other.set_cookie("session", client.get_cookie("session").value)
    other.post("/auth/logout", headers={"X-CSRFToken": csrf})
    before = snapshot(app)
    r = client.post(f"/lessons/{LESSON}/cells/{TABLE}/step", data={"at": "1", "tool": "post_blind", "seat": "1"},
                    headers={**HX, "X-CSRFToken": csrf})
    assert r.status_code == 401 and r.get_data(as_text=True).startswith("Your session has ended: sign in again")
    assert r.mimetype == "text/plain" and snapshot(app) == before
    r = client.get(f"/lessons/{LESSON}")
    assert r.status_code == 302 and "/auth/login?next=" in r.headers["Location"]


# ------------------------------------------------------ sign-in

def test_next_is_only_a_path_on_this_site(tmp_path):
    app = make_app(tmp_path, csrf=False)
    for target in ["/%09/evil.example/", "//evil.example/", "/\\evil.example", "https://evil.example/",
                   "/%0A/evil.example", "javascript:alert(1)", "/\t/evil.example", " /x"]:
        client = app.test_client()
        r = client.post(f"/auth/login?next={target}", data={"username": "trainee",
                                                             "password": PASSWORDS["trainee"]})
        assert r.status_code == 302 and r.headers["Location"] == "/lessons/", target
    r = app.test_client().post(f"/auth/login?next=/lessons/{LESSON}%23cell-x",
                               data={"username": "trainee", "password": PASSWORDS["trainee"]})
    assert r.headers["Location"] == f"/lessons/{LESSON}#cell-x"


def test_sign_out_and_a_password_change_revoke_every_earlier_cookie(tmp_path):
    app = make_app(tmp_path, csrf=False)
    client, _ = signed_in(app, "trainee")
    cookie = client.get_cookie("session").value
    client.post("/auth/logout")
    replay = app.test_client()
    replay.set_cookie("session", cookie)
    assert replay.get("/progress/").status_code == 302
    r = replay.post(f"/lessons/{LESSON}/cells/{TABLE}/step", data={"at": "0", "tool": "move_button", "seat": "9"},
                    headers=HX)
    assert r.status_code == 401 and snapshot(app)["attempts"] == []
    # a password change (command line or page) signs out every device but the one that changed it
    laptop, _ = signed_in(app, "trainee")
    tablet, _ = signed_in(app, "trainee")
    r = laptop.post("/auth/password", data={"current": PASSWORDS["trainee"], "new": "a-new-secret",
                                            "again": "a-new-secret"})
    assert r.status_code == 302
    assert laptop.get("/progress/").status_code == 200 and tablet.get("/progress/").status_code == 302
    with app.app_context():
        set_password(get_db(), "trainee", "third-secret")
    assert laptop.get("/progress/").status_code == 302


def test_sign_in_is_rate_limited_per_user_name_and_address(tmp_path):
    app = make_app(tmp_path, csrf=False, LOGIN_MAX_FAILURES_PER_USER=5, LOGIN_MAX_FAILURES_PER_ADDRESS=8)
    client = app.test_client()
    for _ in range(5):
        assert client.post("/auth/login", data={"username": "trainee", "password": "guess"}).status_code == 401
    r = client.post("/auth/login", data={"username": "trainee", "password": PASSWORDS["trainee"]})
    assert r.status_code == 429 and "Too many failed sign-ins" in r.get_data(as_text=True)
    # other user names from the same address: allowed until the address's own limit
    assert client.post("/auth/login", data={"username": "trainee2", "password": "x"}).status_code == 401
    assert client.post("/auth/login", data={"username": "nobody", "password": "x"}).status_code == 401
    assert client.post("/auth/login", data={"username": "trainee2", "password": "y"}).status_code == 401
    r = client.post("/auth/login", data={"username": "instructor", "password": PASSWORDS["instructor"]})
    assert r.status_code == 429
    # from another address the first user name stays locked, the others sign in
    other = {"REMOTE_ADDR": "10.1.2.3"}
    assert client.post("/auth/login", data={"username": "trainee", "password": PASSWORDS["trainee"]},
                       environ_base=other).status_code == 429
    assert client.post("/auth/login", data={"username": "instructor", "password": PASSWORDS["instructor"]},
                       environ_base=other).status_code == 302


def test_unknown_and_known_user_names_cost_the_same_work(tmp_path, monkeypatch):
    app = make_app(tmp_path, csrf=False)
    import webapp.auth as auth
    checked = []
    real = auth.check_password_hash
    monkeypatch.setattr(auth, "check_password_hash", lambda h, p: checked.append(h.split("$")[0]) or real(h, p))
    client = app.test_client()
    client.post("/auth/login", data={"username": "trainee", "password": "wrong-one"})
    client.post("/auth/login", data={"username": "no-such-user", "password": "wrong-one"})
    assert len(checked) == 2 and checked[0] == checked[1]   # one hash of the same method each


def test_passwords_have_a_minimum_length(tmp_path):
    app = make_app(tmp_path, csrf=False)
    with app.app_context():
        for short in ("", "1234567"):
            with pytest.raises(ValueError, match="at least 8"):
                create_user(get_db(), "short", short, "trainee")
    r = app.test_cli_runner().invoke(args=["auth", "add-user", "empty", "--password", ""])
    assert r.exit_code != 0 and "at least 8" in r.output


# ------------------------------------------------------ answers

def test_unicode_digits_and_huge_numbers_are_refused_in_words(tmp_path):
    app = make_app(tmp_path, csrf=False)
    client, _ = signed_in(app, "trainee")
    cases = [("first-on-flop", {"seat": "²"}), ("who-wins", {"seats": ["²"]}),
             (QUESTION, {"amount-2": "²", "amount-5": "30", "amount-8": "35"}),
             (QUESTION, {"amount-2": "9" * 5000, "amount-5": "30", "amount-8": "35"})]
    for cell, data in cases:
        r = post_answer(client, LESSON, cell, data)
        assert r.status_code == 422, cell
        assert re.search(r"Choose|Tick|Enter", r.get_data(as_text=True))
    r = client.post(f"/lessons/{LESSON}/cells/{TABLE}/step", data={"at": "x", "tool": "move_button", "seat": "9"},
                    headers=HX)
    assert r.status_code == 422 and "reload" in r.get_data(as_text=True)
    assert "invalid literal" not in r.get_data(as_text=True)
    assert snapshot(app)["attempts"] == []


def test_a_wrong_answer_alone_never_completes_a_question(tmp_path):
    app = make_app(tmp_path, csrf=False)
    client, _ = signed_in(app, "trainee")
    for data in ({"amount-2": "30", "amount-5": "30", "amount-8": "40"}, {"amount-2": "0", "amount-5": "0",
                                                                          "amount-8": "100"}):
        r = post_answer(client, LESSON, QUESTION, data)
        assert "✘" in r.get_data(as_text=True) and 'data-done="0"' in r.get_data(as_text=True)
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    assert f"0 of {cells_in(LESSON)} cells done" in page


def test_a_stale_page_cannot_overwrite_a_right_answer(tmp_path):
    app = make_app(tmp_path, csrf=False)
    client, _ = signed_in(app, "trainee")
    old_rev = "0"                                       # both tabs opened before any answer
    r = post_answer(client, LESSON, QUESTION, {"amount-2": "35", "amount-5": "30", "amount-8": "35"}, rev=old_rev)
    assert "✔" in r.get_data(as_text=True)
    r = post_answer(client, LESSON, QUESTION, {"amount-2": "1", "amount-5": "1", "amount-8": "98"}, rev=old_rev)
    assert r.status_code == 409 and "moved on" in r.get_data(as_text=True)
    with app.app_context():
        state = next(get_db().query("select answer, correct, runs from cell_state where cell = ?", [QUESTION]))
        assert state["correct"] == 1 and state["runs"] == 1 and '"2": 35' in state["answer"]
        assert get_db().execute("select count(*) from attempts").fetchone()[0] == 1


# ------------------------------------------------------ lesson files

HOSTILE = {
    "deep.md": '+++\ntitle = "Deep"\n+++\n\n```question\nid = "q"\nask = "split"\npot = ' + "[" * 900 + "]" * 900 + "\n```\n",
    "inf.md": '+++\ntitle = "Inf"\n+++\n\n```question\nid = "q"\nask = "split"\npot = inf\nwinners = [1, 2]\nbutton = 3\n```\n',
    "big.md": '+++\ntitle = "Big"\n+++\n\n```question\nid = "q"\nask = "split"\npot = 1e300\nwinners = [1, 2]\nbutton = 3\n```\n',
    "long.md": '+++\ntitle = "Long"\n+++\n\n```question\nid = "q"\nask = "split"\npot = ' + "9" * 5000 + "\n```\n",
    "seats.md": '+++\ntitle = "Seats"\n+++\n\n```table\nid = "t"\ngame = "holdem"\nseats = {"1" = ["A", 1e300]}\n```\n',
    "Bad Name.md": '+++\ntitle = "Name"\n+++\n\n```question\nid = "q"\nask = "split"\npot = 10\nwinners = [1, 2]\nbutton = 3\n```\n',
    "binary.md": b"\xff\xfe\x00junk",
}


def test_hostile_lesson_files_hurt_only_themselves(tmp_path):
    app = make_app(tmp_path, csrf=False)
    folder = Path(app.config["LESSONS_DIR"])
    for name, text in HOSTILE.items():
        (folder / name).write_bytes(text if isinstance(text, bytes) else text.encode())
    instructor, _ = signed_in(app, "instructor")
    page = instructor.get("/lessons/").get_data(as_text=True)
    for name in HOSTILE:
        assert f"lessons/{name}" in page, name
    assert "Hold&#39;em 1: dealing a hand" in page
    trainee, _ = signed_in(app, "trainee")
    for url in ("/lessons/", f"/lessons/{LESSON}", "/progress/"):
        assert trainee.get(url).status_code == 200
    assert instructor.get("/progress/class").status_code == 200
    r = post_answer(trainee, LESSON, QUESTION, {"amount-2": "35", "amount-5": "30", "amount-8": "35"})
    assert "✔" in r.get_data(as_text=True)
    for text in HOSTILE.values():
        if isinstance(text, str) and "Bad Name" not in text and "Name" not in text:
            r = instructor.post("/author/new", data={"slug": "probe", "text": text, "action": "check"})
            assert r.status_code == 422 and "lessons/probe.md:" in r.get_data(as_text=True)


@pytest.mark.parametrize("slug", ["probe%0A", "readme%0A", "probe%0D", "probe%20"])
def test_lesson_names_with_a_trailing_newline_are_refused(tmp_path, slug):
    app = make_app(tmp_path, csrf=False)
    instructor, _ = signed_in(app, "instructor")
    before = sorted(p.name for p in Path(app.config["LESSONS_DIR"]).iterdir())
    from webapp.instructor.authoring import TEMPLATE
    r = instructor.post(f"/author/{slug}", data={"text": TEMPLATE, "action": "save"})
    assert r.status_code == 404 and "Back to the lessons" in r.get_data(as_text=True)
    r = instructor.post("/author/new", data={"slug": slug.replace("%0A", "\n").replace("%0D", "\r"),
                                             "text": TEMPLATE, "action": "save"})
    after = sorted(p.name for p in Path(app.config["LESSONS_DIR"]).iterdir())
    assert not [name for name in after if re.search(r"\s", name)]     # typed spaces are trimmed, never kept
    assert set(after) - set(before) <= {"probe.md"}


# ------------------------------------------------------ the server's replies

def test_security_headers_and_a_private_database(tmp_path):
    app = make_app(tmp_path, csrf=False)
    r = app.test_client().get("/auth/login")
    assert r.headers["X-Frame-Options"] == "DENY" and r.headers["Referrer-Policy"] == "same-origin"
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    assert stat.S_IMODE((tmp_path / "t.db").stat().st_mode) == 0o600
    assert "onsubmit=" not in app.test_client().get("/auth/login").get_data(as_text=True)


def test_the_secure_cookie_flag_is_a_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_SESSION_COOKIE_SECURE", "true")
    monkeypatch.setenv("TRAINER_DATABASE", str(tmp_path / "s.db"))
    monkeypatch.setenv("TRAINER_SECRET_KEY", "s")
    app = create_app()
    assert app.config["SESSION_COOKIE_SECURE"] is True


@pytest.mark.parametrize("path, method, status, words", [
    ("/lessons/no-such-lesson", "GET", 404, "no such page or lesson"),
    ("/progress/class", "GET", 403, "for instructors"),
    ("/lessons/", "POST", 405, "cannot be used that way"),
])
def test_error_pages_are_in_the_layout_with_a_way_back(tmp_path, path, method, status, words):
    app = make_app(tmp_path, csrf=False)
    client, _ = signed_in(app, "trainee")
    r = client.open(path, method=method)
    page = r.get_data(as_text=True)
    assert r.status_code == status and words in page
    assert 'class="topbar"' in page and "Back to the lessons" in page
    assert "Werkzeug" not in page and "The requested URL" not in page
    r = client.open(path, method=method, headers=HX)
    assert r.status_code == status and r.mimetype == "text/plain" and words in r.get_data(as_text=True)


def test_a_server_error_page_says_nothing_internal(tmp_path):
    app = make_app(tmp_path, csrf=False)
    app.config["TESTING"] = False
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    r = app.test_client().get("/boom")
    page = r.get_data(as_text=True)
    assert r.status_code == 500 and "Something went wrong" in page and "secret internals" not in page
    assert 'class="topbar"' in page and r.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("text, kept, gone", [
    ("<script>alert(1)</script>Hi", "Hi", "<script"),
    ('<img src="/x.png" onerror="alert(1)">', 'src="/x.png"', "onerror"),
    ("[a](javascript:alert(1))", ">a</a>", "javascript:"),
    ("[a](data:text/html;base64,PHNjcmlwdD4=)", ">a</a>", "data:"),
    ("![remote](https://tracker.example/p.png)", 'alt="remote"', "tracker.example"),
    ('<a href="https://rules.example/" onclick="x()">rules</a>', 'href="https://rules.example/"', "onclick"),
    ("<iframe src=/x></iframe><style>body{}</style>text", "text", "<iframe"),
    ("| a |\n|---|\n| <kbd>b</kbd> |", "<kbd>b</kbd>", "<script"),
])
def test_lesson_markdown_is_sanitised(text, kept, gone):
    from webapp.trainee.notebook import render_markdown
    html = str(render_markdown(text))
    assert kept in html and gone not in html
