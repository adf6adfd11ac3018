"""Issue 30: a dashboard page's cost does not grow with how many lessons and
cells it names. The library is looked up once per request (it was once per
name shown, each a walk of the lessons folder when no recheck window is set),
and table cells are formatted in one pass in Python (dashboard.page_rows)
rather than by a template macro per cell, showing exactly what the macro did."""
from __future__ import annotations

from engine import rule_label
from webapp import lessonfile
from webapp.db import get_db
from webapp.instructor import dashboard
from webapp.instructor.dashboard import Column, Table
from webapp.trainee.notebook import library

from .test_cohorts import new_cohort, roster_id, sign_in


def _attempts_over_many_cells(app, user_id: int) -> int:
    """One attempt in each of the library's interactive cells (the newest a
    wrong answer with markup in it); the number of cells."""
    with app.test_request_context():
        cells = [(lesson.slug, cell.id) for lesson in library().lessons.values() for cell in lesson.interactive_cells]
        conn = get_db().conn
        conn.executemany("insert into attempts (user_id, lesson, cell, step, answer, correct, rule, message, "
                         "elapsed_ms, created_at) values (?, ?, ?, '', ?, ?, '8.1.5', '', 1500, ?)",
                         [(user_id, slug, cell, "<b>1</b>" if i == len(cells) - 1 else "a", int(i < len(cells) - 1),
                           f"2026-11-{1 + i % 28:02d}T10:00:00.000+00:00") for i, (slug, cell) in enumerate(cells)])
        conn.commit()
    return len(cells)


def test_a_dashboard_page_looks_at_the_lessons_folder_once(app, monkeypatch):
    assert app.config["LESSONS_RECHECK_SECONDS"] == 0.0          # every look walks the folder
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    trainee = roster_id(app, "trainee")
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(trainee)})
    assert _attempts_over_many_cells(app, trainee) > 100
    walks = []
    walk = lessonfile._folder_key
    monkeypatch.setattr(lessonfile, "_folder_key", lambda folder: walks.append(folder) or walk(folder))
    for page in (f"/cohorts/{cohort}/trainees/{trainee}", f"/cohorts/{cohort}/items", f"/cohorts/{cohort}"):
        walks.clear()
        r = teacher.get(page)
        assert r.status_code == 200
        assert len(walks) == 1, (page, len(walks))
    walks.clear()
    assert sign_in(app, "trainee").get("/progress/").status_code == 200 and len(walks) == 1


def test_a_trainees_page_shows_titles_and_escapes_what_was_typed(app):
    teacher = sign_in(app, "instructor")
    cohort = new_cohort(teacher)
    trainee = roster_id(app, "trainee")
    teacher.post(f"/cohorts/{cohort}/members", data={"user_id": str(trainee)})
    _attempts_over_many_cells(app, trainee)
    page = teacher.get(f"/cohorts/{cohort}/trainees/{trainee}").get_data(as_text=True)
    assert "<td>&lt;b&gt;1&lt;/b&gt;</td>" in page and "<b>1</b>" not in page
    assert '<td class="num">1.5 s</td>' in page and "<td>1 Nov 2026, 10:00</td>" in page
    assert "<td>Hold&#39;em 1: dealing a hand</td>" in page


def test_page_rows_show_each_format_as_the_page_did():
    columns = (Column("lesson", "Lesson", "lesson"), Column("cell", "Cell", "cell"), Column("n", "N", "int"),
               Column("pct", "Share", "pct"), Column("ms", "Time", "ms"), Column("at", "When", "when"),
               Column("day", "Day", "day"), Column("rule", "Rule", "rule"), Column("text", "Text"))
    table = Table("t", "T", columns, [
        ("holdem", "deal", 0, 75, 1250, "2026-12-03T15:09:00.000+00:00", "2026-12-03", "8.1.5", "a<b"),
        ("gone", "x", None, "", None, "", None, "", "")])
    rows = dashboard.page_rows(table, lambda slug: f"title of {slug}", lambda slug, cell: f"{cell} in {slug}")
    assert rows[0] == ["title of holdem", "deal in holdem", "0", "75%", "1.2 s", "3 Dec 2026, 15:09", "3 Dec 2026",
                       rule_label("8.1.5"), "a<b"]              # "a<b" is escaped by the template, as every value
    assert rule_label("8.1.5") != "8.1.5"
    assert rows[1] == ["title of gone", "x in gone"] + ["\u2013"] * 6 + ["\u2013"]
