"""Instructors write lessons in the browser; nothing broken is ever published."""
import pytest

from webapp.instructor.authoring import TEMPLATE
from webapp.instructor.drafts import digest

GOOD = TEMPLATE.replace('title = "New lesson"', 'title = "Split drill"')


@pytest.fixture
def lessons(empty_lessons):
    return empty_lessons


def test_trainees_cannot_author(client, auth, lessons):
    auth.login("trainee")
    assert client.get("/author/").status_code == 403
    assert client.post("/author/new", data={"slug": "x", "text": GOOD}).status_code == 403
    assert not list(lessons.iterdir())


def test_instructor_creates_checks_and_edits(client, auth, lessons):
    auth.login("instructor")
    r = client.post("/author/new", data={"slug": "split-drill", "text": GOOD, "action": "publish"})
    assert r.status_code == 302 and (lessons / "split-drill.md").read_text() == GOOD
    assert b"Split drill" in client.get("/lessons/").data  # the library sees it at once
    broken = GOOD.replace("pot = 15", "pot = fifteen")
    base = digest(GOOD)
    r = client.post("/author/split-drill", data={"text": broken, "action": "publish", "base": base})
    assert r.status_code == 302
    page = client.get("/author/split-drill").get_data(as_text=True)
    assert "lessons/split-drill.md:15: not valid TOML" in page and 'data-error-line="15"' in page
    assert "pot = fifteen" in page                                   # the text is kept as a draft
    assert (lessons / "split-drill.md").read_text() == GOOD          # and the published file is untouched
    r = client.post("/author/split-drill", data={"text": GOOD, "action": "check"})
    assert r.status_code == 200 and "✔ Split drill" in r.get_data(as_text=True)


@pytest.mark.parametrize("slug", ["../etc/passwd", "README", "a/b", "", "readme"])
def test_bad_file_names_are_refused(client, auth, lessons, slug):
    auth.login("instructor")
    r = client.post("/author/new", data={"slug": slug, "text": GOOD, "action": "publish"})
    assert r.status_code == 200 and b"File name" in r.data
    assert not list(lessons.iterdir())


def test_existing_file_is_not_overwritten_by_new(client, auth, lessons):
    (lessons / "taken.md").write_text("keep me")
    auth.login("instructor")
    r = client.post("/author/new", data={"slug": "taken", "text": GOOD, "action": "save"})
    assert b"already exists" in r.data and (lessons / "taken.md").read_text() == "keep me"


def test_an_authored_lesson_reads_hand_histories_from_the_lessons_folder(client, auth, lessons):
    """`phh = "hands/..."` is looked up in LESSONS_DIR, never the working directory."""
    import shutil
    from pathlib import Path
    (lessons / "hands").mkdir()
    shutil.copy(Path(__file__).parents[1] / "engine" / "phh" / "nt_side_pots.phh", lessons / "hands" / "mine.phh")
    text = '+++\ntitle = "Real"\n+++\n\n```table\nid = "real"\nphh = "hands/mine.phh"\n```\n'
    auth.login("instructor")
    r = client.post("/author/new", data={"slug": "real", "text": text, "action": "publish"})
    assert r.status_code == 302 and b"Real" in client.get("/lessons/").data
    r = client.post("/author/real", data={"text": text.replace("mine.phh", "two-side-pots.phh"), "action": "check"})
    assert r.status_code == 422 and "there is no such file in the lessons folder" in r.get_data(as_text=True)
