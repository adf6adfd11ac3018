"""The lessons folder is looked at once per LESSONS_RECHECK_SECONDS, not per
request: a file changed on disk shows within the window, a lesson published
in the editor shows at once."""
from __future__ import annotations

import pytest

from webapp import lessonfile

from .test_editor import V1, V2, login, post


@pytest.fixture
def lessons(empty_lessons):
    return empty_lessons


@pytest.fixture
def window(app, lessons, monkeypatch):
    app.config["LESSONS_RECHECK_SECONDS"] = 60.0
    clock = [1000.0]
    monkeypatch.setattr(lessonfile.time, "monotonic", lambda: clock[0])
    (lessons / "drill.md").write_text(V1)
    lessonfile.forget(str(lessons))
    return clock


def test_a_file_changed_on_disk_shows_once_the_window_has_passed(app, lessons, window):
    trainee = login(app, "trainee")
    assert "Deal it, citing" not in trainee.get("/lessons/drill").get_data(as_text=True)
    (lessons / "drill.md").write_text(V2)
    window[0] += 30
    assert "Deal it, citing" not in trainee.get("/lessons/drill").get_data(as_text=True)   # not looked yet
    window[0] += 31
    assert "Deal it, citing" in trainee.get("/lessons/drill").get_data(as_text=True)


def test_a_lesson_published_in_the_editor_shows_at_once(app, lessons, window):
    teacher, trainee = login(app), login(app, "trainee")
    assert "Deal it, citing" not in trainee.get("/lessons/drill").get_data(as_text=True)
    assert post(teacher, "drill", V2, "publish").status_code == 302
    assert "Deal it, citing" in trainee.get("/lessons/drill").get_data(as_text=True)


def test_the_served_trainer_waits_a_second_and_tests_not_at_all(app, tmp_path, monkeypatch):
    from webapp import create_app
    assert app.config["LESSONS_RECHECK_SECONDS"] == 0.0
    monkeypatch.setenv("TRAINER_DATABASE", str(tmp_path / "served.db"))
    monkeypatch.setenv("TRAINER_SECRET_KEY", "s" * 64)
    assert create_app().config["LESSONS_RECHECK_SECONDS"] == 1.0
