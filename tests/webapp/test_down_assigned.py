"""A down assigned to a cohort (issue 32): offered by the assign form, listed
on the trainee's progress with its due date, done once a down of that cell
has ended; each trainee's downs on their dashboard page and its CSV."""
from __future__ import annotations

from datetime import date

from webapp.db import get_db
from webapp.instructor import roster

from .test_auditions import client_as
from .test_downs import CELL, LESSON, plain_seed, post_due, start  # noqa: F401 (plain_seed: a fixture)


def test_an_assigned_down_is_due_then_done_and_on_the_dashboard(app, plain_seed):
    with app.app_context():
        cohort = roster.create_cohort(get_db(), "Morning", 2)
        roster.add_member(get_db(), cohort, 1)
    teacher = client_as(app, "instructor")
    target = f"{LESSON}/{CELL}"
    page = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True)
    assert f'<option value="{target}">' in page
    r = teacher.post(f"/cohorts/{cohort}/assignments", data={"down": "nope/nope", "due": "2030-01-10"})
    assert r.status_code == 422 and "Choose a lesson&#39;s down" in r.get_data(as_text=True)
    assert teacher.post(f"/cohorts/{cohort}/assignments", data={"down": target, "due": "2030-01-10"}).status_code == 302
    trainee = client_as(app, "trainee")
    row = trainee.get("/progress/").get_data(as_text=True).split(f'data-down="{target}"', 1)[1].split("</tr>", 1)[0]
    assert "not dealt to the end yet" in row and "10 Jan 2030" in row
    run_id = start(trainee)
    for _ in range(3):
        assert post_due(trainee, app, run_id).status_code == 200
    trainee.post(f"/downs/runs/{run_id}/stop", data={"end": "1"})
    row = trainee.get("/progress/").get_data(as_text=True).split(f'data-down="{target}"', 1)[1].split("</tr>", 1)[0]
    assert "best 100% right at the first try over 0 hands" in " ".join(row.split()) and "done" in row
    page = teacher.get(f"/cohorts/{cohort}/trainees/1").get_data(as_text=True)
    table = page.split('data-testid="downs"', 1)[1].split("</table>", 1)[0] if 'data-testid="downs"' in page \
        else page.split("Downs", 1)[1]
    assert "A Hold&#39;em down: twelve hands" in table and "ended" in table
    assert f"/downs/runs/{run_id}/summary" in page
    csv = teacher.get(f"/cohorts/{cohort}/trainees/1/csv/downs")
    assert csv.status_code == 200 and "accuracy_pct" in csv.get_data(as_text=True)
    cohort_page = teacher.get(f"/cohorts/{cohort}").get_data(as_text=True).split('data-testid="cohort-downs"', 1)[1]
    assert "trainee" in cohort_page.split("</table>", 1)[0] and "ended" in cohort_page.split("</table>", 1)[0]
    csv = teacher.get(f"/cohorts/{cohort}/csv/downs").get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert csv[0].startswith("trainee,down,started_at,status,hands") and csv[1].startswith("trainee,")
    assert teacher.get(f"/downs/runs/{run_id}/summary").status_code == 200
    assert teacher.get(f"/downs/runs/{run_id}/hands/1").status_code == 200
