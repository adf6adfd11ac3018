"""The lesson editor: drafts, publishing only a valid lesson, versions,
rename and delete with confirmation, two instructors at once, and a preview
that deals without writing attempts."""
from __future__ import annotations

import re

import pytest

from webapp.auth import create_user
from webapp.db import get_db
from webapp.instructor.drafts import digest
from webapp.lessonfile import parse_lesson

from .conftest import HX, PASSWORDS, step_form

TABLE = '''```table
id = "deal"
title = "Deal one hand"
seed = 20261130
button_was = 7
blinds = [1, 2]
seats = { 2 = ["Ann", 200], 4 = ["Ben", 200], 5 = ["Cara", 200] }
actions = ["call", "fold", "check", "check", "check", "check", "check", "check", "check"]
```
'''
QUESTION = '''```question
id = "split"
ask = "split"
prompt = "Two players tie for 15; the smallest chip is 5."
pot = 15
winners = [2, 7]
button = 5
lowest_chip = 5
```
'''
V1 = f'+++\ntitle = "Editor drill"\n+++\n\n# Dealing\n\nDeal it.\n\n{TABLE}\n{QUESTION}'
V2 = V1.replace("Deal it.", "Deal it, citing 8.1.")


@pytest.fixture
def lessons(app, tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    app.config["LESSONS_DIR"] = str(folder)
    with app.app_context():
        create_user(get_db(), "instructor2", "teach-well-4", "instructor")
    return folder


def login(app, name="instructor"):
    client = app.test_client()
    password = PASSWORDS.get(name, "teach-well-4")
    assert client.post("/auth/login", data={"username": name, "password": password}).status_code == 302
    return client


def base_of(page: str) -> str:
    return re.search(r'name="base" value="([^"]*)"', page).group(1)


def post(client, slug, text, action, base=None):
    if base is None:
        base = base_of(client.get(f"/author/{slug}").get_data(as_text=True))
    return client.post(f"/author/{slug}", data={"text": text, "action": action, "base": base})


def rows(app, table):
    with app.app_context():
        return list(get_db().query(f"select * from {table} order by rowid"))


def test_a_new_lesson_is_a_draft_until_it_is_published_valid(app, lessons):
    teacher, trainee = login(app), login(app, "trainee")
    broken = V1.replace("pot = 15", "pot = fifteen")
    r = teacher.post("/author/new", data={"slug": "drill", "text": broken, "action": "save"})
    assert r.status_code == 302 and not (lessons / "drill.md").exists()      # kept, not published
    assert "drill" in teacher.get("/author/").get_data(as_text=True)
    page = teacher.get("/author/drill").get_data(as_text=True)
    assert "pot = fifteen" in page and "Draft" in page and 'data-error-line="' in page
    assert trainee.get("/lessons/drill").status_code == 404
    r = post(teacher, "drill", broken, "publish")
    assert r.status_code == 302 and not (lessons / "drill.md").exists()      # refused: not valid
    assert "Not published" in teacher.get("/author/drill").get_data(as_text=True)
    assert post(teacher, "drill", V1, "publish").status_code == 302
    assert (lessons / "drill.md").read_text() == V1
    assert trainee.get("/lessons/drill").status_code == 200
    assert rows(app, "lesson_drafts") == []


def test_a_draft_of_a_published_lesson_leaves_trainees_on_the_published_text(app, lessons):
    (lessons / "drill.md").write_text(V1)
    teacher, trainee = login(app), login(app, "trainee")
    assert post(teacher, "drill", V2, "save").status_code == 302
    assert (lessons / "drill.md").read_text() == V1
    assert "Deal it, citing" not in trainee.get("/lessons/drill").get_data(as_text=True)
    assert "Deal it, citing" in teacher.get("/author/drill").get_data(as_text=True)   # the draft opens
    assert post(teacher, "drill", V2, "publish").status_code == 302
    assert "Deal it, citing" in trainee.get("/lessons/drill").get_data(as_text=True)
    actions = [v["action"] for v in rows(app, "lesson_versions")]
    assert actions == ["as found", "published"]                      # the original file is kept too


def test_an_earlier_version_is_restored_as_a_draft_and_published(app, lessons):
    (lessons / "drill.md").write_text(V1)
    teacher = login(app)
    assert post(teacher, "drill", V2, "publish").status_code == 302
    page = teacher.get("/author/drill/versions").get_data(as_text=True)
    first = rows(app, "lesson_versions")[0]
    assert first["text"] == V1 and f'data-version="{first["id"]}"' in page
    r = teacher.post(f"/author/drill/versions/{first['id']}/restore", data={"base": digest(V2)})
    assert r.status_code == 302 and (lessons / "drill.md").read_text() == V2     # a draft, not yet live
    assert post(teacher, "drill", V1, "publish").status_code == 302
    assert (lessons / "drill.md").read_text() == V1
    # A restore from a page opened before someone's save is refused.
    r = teacher.post(f"/author/drill/versions/{first['id']}/restore", data={"base": digest(V2)})
    assert r.status_code == 303 and rows(app, "lesson_drafts") == []


def test_two_instructors_editing_at_once_never_overwrite_in_silence(app, lessons):
    (lessons / "drill.md").write_text(V1)
    ann, ben = login(app), login(app, "instructor2")
    base = base_of(ann.get("/author/drill").get_data(as_text=True))
    assert base == base_of(ben.get("/author/drill").get_data(as_text=True)) == digest(V1)
    assert post(ann, "drill", V2, "save", base).status_code == 302
    mine = V1.replace("Deal it.", "Ben's words.")
    r = post(ben, "drill", mine, "publish", base)
    page = r.get_data(as_text=True)
    assert r.status_code == 409 and "Not saved: instructor saved this lesson" in page
    assert "Ben&#39;s words." in page                                       # his text is on screen
    assert (lessons / "drill.md").read_text() == V1                          # nothing overwritten
    assert rows(app, "lesson_drafts")[0]["text"] == V2
    # Reopened, Ben sees Ann's draft and saves on top of it.
    assert post(ben, "drill", mine, "save").status_code == 302
    assert rows(app, "lesson_drafts")[0]["text"] == mine


def test_rename_moves_the_file_the_versions_and_the_trainees_progress(app, lessons):
    (lessons / "drill.md").write_text(V1)
    teacher, trainee = login(app), login(app, "trainee")
    trainee.post("/lessons/drill/cells/split/answer", data={"amount-2": "10", "amount-7": "5", "rev": "0"},
                 headers=HX)
    teacher.post("/cohorts/", data={"name": "Evening class"})
    assert teacher.post("/cohorts/1/assignments", data={"lesson": "drill", "due": "2099-12-24"}).status_code == 302
    assert "New file name" in teacher.get("/author/drill/rename").get_data(as_text=True)
    r = teacher.post("/author/drill/rename", data={"new_slug": "Bad Name"})
    assert r.status_code == 422 and (lessons / "drill.md").exists()
    (lessons / "taken.md").write_text(V1.replace("Editor drill", "Taken"))
    assert teacher.post("/author/drill/rename", data={"new_slug": "taken"}).status_code == 422
    r = teacher.post("/author/drill/rename", data={"new_slug": "drill-two"})
    assert r.status_code == 302 and r.location.endswith("/author/drill-two")
    assert not (lessons / "drill.md").exists() and (lessons / "drill-two.md").read_text() == V1
    assert {s["lesson"] for s in rows(app, "cell_state")} == {"drill-two"}
    assert {a["lesson"] for a in rows(app, "attempts")} == {"drill-two"}
    assert [a["target"] for a in rows(app, "assignments")] == ["drill-two"]     # the cohort's assignment follows


def test_delete_asks_for_confirmation_keeps_a_version_and_can_be_undone(app, lessons):
    (lessons / "drill.md").write_text(V1)
    teacher, trainee = login(app), login(app, "trainee")
    assert "Type <code>drill</code> to confirm" in teacher.get("/author/drill/delete").get_data(as_text=True)
    assert teacher.post("/author/drill/delete", data={"confirm": "nope"}).status_code == 422
    assert (lessons / "drill.md").exists()
    assert trainee.post("/author/drill/delete", data={"confirm": "drill"}).status_code == 403
    r = teacher.post("/author/drill/delete", data={"confirm": "drill"})
    assert r.status_code == 302 and not (lessons / "drill.md").exists()
    assert trainee.get("/lessons/drill").status_code == 404
    assert teacher.get("/author/drill").status_code == 404
    index = teacher.get("/author/").get_data(as_text=True)
    assert 'data-testid="deleted"' in index and "/author/drill/versions" in index
    last = rows(app, "lesson_versions")[-1]
    assert last["action"] == "deleted" and last["text"] == V1
    r = teacher.post(f"/author/drill/versions/{last['id']}/restore", data={"base": ""})
    assert r.status_code == 302
    assert post(teacher, "drill", V1, "publish").status_code == 302
    assert (lessons / "drill.md").read_text() == V1


def test_the_preview_renders_and_deals_without_writing_attempts(app, lessons):
    (lessons / "drill.md").write_text(V1)
    teacher = login(app)
    before = (rows(app, "attempts"), rows(app, "cell_state"))
    r = teacher.post("/author/-preview", data={"slug": "drill", "text": V2}, headers=HX)
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and "Deal it, citing 8.1." in html and 'id="cell-deal"' in html
    step_url = re.search(r'hx-post="(/author/-preview/[0-9a-f]+/cells/deal/step)"', html).group(1)
    assert "/lessons/drill/cells" not in html                               # never a trainee's route
    hand = parse_lesson(V2, slug="drill").cell("deal").engine.new_hand()
    first = hand.expected().step()
    r = teacher.post(step_url, data={**step_form(first), "at": "0"}, headers=HX)
    assert r.status_code == 200 and "✔" in r.get_data(as_text=True)
    assert 'name="at" value="1"' in r.get_data(as_text=True)               # the step shows as made
    # Only what the step changed comes back (webapp/trainee/step_reply.py), as in a trainee's notebook.
    assert r.headers["HX-Retarget"] == "#cell-deal--out" and "<section" not in r.get_data(as_text=True)
    hand.propose(first)
    r = teacher.post(step_url, data={**step_form(hand.expected().step()), "at": "1"}, headers=HX)
    assert r.status_code == 200 and 'name="at" value="2"' in r.get_data(as_text=True)
    r = teacher.post(step_url, data={**step_form(first), "at": "0"}, headers=HX)
    assert r.status_code == 409                                             # a stale page is refused
    answer_url = step_url.replace("/deal/step", "/split/answer")
    r = teacher.post(answer_url, data={"amount-2": "5", "amount-7": "10"}, headers=HX)
    assert r.status_code == 200 and "✔" in r.get_data(as_text=True)
    r = teacher.post(step_url.replace("/step", "/reset"), headers=HX)
    assert r.status_code == 200 and 'name="at" value="0"' in r.get_data(as_text=True)
    assert (rows(app, "attempts"), rows(app, "cell_state")) == before
    # Another instructor cannot deal in this preview; a trainee cannot preview at all.
    assert login(app, "instructor2").post(step_url, data={"kind": "x", "at": "0"}, headers=HX).status_code == 404
    trainee = login(app, "trainee")
    assert trainee.post("/author/-preview", data={"slug": "drill", "text": V2}, headers=HX).status_code == 403


def test_the_preview_of_a_broken_lesson_marks_the_line(app, lessons):
    teacher = login(app)
    r = teacher.post("/author/-preview", data={"slug": "x", "text": V1.replace("pot = 15", "pot = ")}, headers=HX)
    html = r.get_data(as_text=True)
    line = V1.splitlines().index("pot = 15") + 1
    assert r.status_code == 200 and f'data-error-line="{line}"' in html and "not valid TOML" in html
    r = teacher.post("/author/new", data={"slug": "x", "text": V1, "action": "preview"})
    assert r.status_code == 200 and 'data-testid="preview"' in r.get_data(as_text=True)


def test_the_editor_component_is_served_from_the_npm_package(client):
    r = client.get("/vendor/codemirror/codemirror.js")
    assert r.status_code == 200 and r.mimetype == "text/javascript" and b"CodeMirror" in r.data
    assert client.get("/vendor/codemirror/..%2Fpackage.json").status_code == 404
    assert client.get("/vendor/codemirror/package.json").status_code == 404


def test_two_publishes_at_the_same_moment_keep_exactly_one(app, lessons):
    """Posted together on the same base: one is published, the other refused."""
    from .test_trust import at_once
    (lessons / "drill.md").write_text(V1)
    ann, ben = login(app), login(app, "instructor2")
    texts = [V2, V1.replace("Deal it.", "Ben's words.")]
    r1, r2 = at_once([lambda: post(ann, "drill", texts[0], "publish", digest(V1)),
                      lambda: post(ben, "drill", texts[1], "publish", digest(V1))])
    assert sorted([r1.status_code, r2.status_code]) == [302, 409]
    winner = texts[0] if r1.status_code == 302 else texts[1]
    assert (lessons / "drill.md").read_text() == winner
    assert [v["text"] for v in rows(app, "lesson_versions")] == [V1, winner]


def test_the_editor_lists_lessons_by_title_with_the_file_name_secondary(app, lessons):
    """Issue 29 finding 6: titles for people, the file name beside them."""
    teacher = login(app)
    assert teacher.post("/author/new", data={"slug": "drill", "text": V1, "action": "publish"}).status_code == 302
    index = teacher.get("/author/").get_data(as_text=True)
    files = index.split('data-testid="lesson-files"', 1)[1].split("</ul>", 1)[0]
    assert '<a href="/author/drill">Editor drill</a>' in files
    assert '<span class="meta">lessons/drill.md</span>' in files
