"""Issue 29: rough edges a new trainee and instructor hit (findings 4, 5, 10)."""
from __future__ import annotations

import re

from .conftest import post_answer
from .test_cohorts import LESSON, SPLIT


def test_a_first_visit_opens_at_the_top_and_a_return_resumes_with_a_note(app, client, auth):
    """Finding 5: the first visit shows the lesson's teaching text; a returning
    visit goes to the first exercise not yet solved, and says so."""
    auth.login()
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    assert 'data-resume="0"' in page and 'data-testid="resume-note"' not in page
    assert post_answer(client, LESSON, "three-way-split", SPLIT).status_code == 200
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    current = re.search(r'data-current="([^"]*)"', page).group(1)
    assert current and 'data-resume="1"' in page
    note = page.split('data-testid="resume-note"', 1)[1]
    assert "where you left off" in note.split("</p>", 1)[0]
    assert note.split("</p>", 1)[1].lstrip().startswith("<section") and f'id="cell-{current}"' in \
        note.split("</p>", 1)[1].split(">", 1)[0]


def _teacher_with_cohort(app):
    from .test_cohorts import new_cohort, sign_in
    teacher = sign_in(app, "instructor")
    return teacher, new_cohort(teacher)


def test_a_refused_csv_import_keeps_the_files_names_and_says_so_at_the_top(app):
    """Finding 4: the message is at the top of the page, the file's names are offered again."""
    import io
    teacher, cohort = _teacher_with_cohort(app)
    text = "name\nAda\ntrainee\nCyd\n"          # trainee: a name already taken
    r = teacher.post(f"/cohorts/{cohort}/import", data={"file": (io.BytesIO(text.encode()), "class.csv")},
                     content_type="multipart/form-data")
    page = r.get_data(as_text=True)
    assert r.status_code == 422
    top = page.split('data-testid="import-errors"', 1)
    assert len(top) == 2 and "Progress by trainee and lesson" not in top[0].split("<main", 1)[1] \
        and "Progress by trainee and lesson" in top[1]
    assert "Nothing was created" in top[1].split("</div>", 1)[0] and 'href="#import-form"' in top[1]
    box = page.split('name="names"', 1)[1].split("</textarea>", 1)[0]
    assert "Ada" in box and "Cyd" in box and "class.csv" in page


def test_a_due_date_defaults_to_a_week_ahead_and_a_past_one_is_refused(app):
    """Finding 10: not today by default; a day already past is refused with a message."""
    from datetime import datetime, timezone
    app.config["CLOCK"] = lambda: datetime(2026, 12, 3, 10, 0, tzinfo=timezone.utc)
    teacher, cohort = _teacher_with_cohort(app)
    page = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    assert 'name="due" required value="2026-12-10" min="2026-12-03"' in page
    r = teacher.post(f"/cohorts/{cohort}/assignments", data={"lesson": LESSON, "due": "2026-12-02"})
    assert r.status_code == 422 and "2026-12-02 is already past" in r.get_data(as_text=True)
    assert teacher.post(f"/cohorts/{cohort}/assignments",
                        data={"lesson": LESSON, "due": "2026-12-03"}).status_code == 302


def test_the_suggested_order_numbers_each_series_in_turn_and_my_progress_follows_it(app, client, auth):
    """Finding 10: Hold'em 2 before Hold'em 3; *My progress* lists lessons as *Lessons* does."""
    from webapp.lessonfile import load_library, suggested_order
    ordered = suggested_order(load_library(app.config["LESSONS_DIR"]).lessons.values())
    seen: dict[str, int] = {}
    for lesson in ordered:
        numbered = re.match(r"(.+?) (\d+): ", lesson.title)
        if numbered:
            series, n = numbered.group(1), int(numbered.group(2))
            assert n > seen.get(series, 0), f"{lesson.title} comes after {series} {seen[series]}"
            seen[series] = n
    auth.login()
    titles = [lesson.title for lesson in ordered]

    def listed(path: str) -> list[str]:
        page = client.get(path).get_data(as_text=True)
        found = [t for t in re.findall(r'href="/lessons/[^"#]+">(?:<strong>)?([^<]+)<', page)]
        import html
        return [html.unescape(t) for t in found if html.unescape(t) in titles]
    assert listed("/lessons/") == titles
    assert listed("/progress/") == titles


def test_the_library_check_refuses_a_button_at_a_seat_not_at_the_table():
    """Finding 10: button_was = 77 at a 10-seat table is the lesson's error, at its line."""
    import pytest

    from webapp.lessonfile import LessonError, parse_lesson
    from .test_hints import LESSON as HINTS
    good = HINTS.split("```table", 2)
    text = good[0] + "```table" + good[1].replace("button_was = 1", "button_was = 77")
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "lessons/b.md")
    assert str(caught.value).startswith("lessons/b.md:8: table cell 'holdem': button_was = 77 is not a seat"), \
        str(caught.value)
    assert "1 to 10" in str(caught.value)
    for seat in (2, 10):            # an empty seat may have had the button (it moves on clockwise)
        parse_lesson(good[0] + "```table" + good[1].replace("button_was = 1", f"button_was = {seat}"), "b.md")
