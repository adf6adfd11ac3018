"""Issue 30: user names are stored NFKC and refused when they look like an
existing one (webapp/names.py's skeleton: Cyrillic, Greek, dotless i, 0/1)."""
from __future__ import annotations

import html

import pytest

from webapp.auth import create_user
from webapp.db import get_db
from webapp.names import normalise, skeleton
from webapp.instructor.roster import Refused, read_names

from .test_auditions import client_as
from .test_cohorts import new_cohort


@pytest.mark.parametrize("like, real", [("ınstructor", "instructor"), ("trаinee", "trainee"),
                                        ("ТRAINEE", "trainee"), ("ＴＲＡＩＮＥＥ", "trainee"),
                                        ("οlga", "olga"), ("Ann1", "annl"), ("İnstructor", "instructor")])
def test_look_alikes_share_a_skeleton(like, real):
    assert skeleton(like) == skeleton(real)


@pytest.mark.parametrize("a, b", [("José", "Jose"), ("Zoë", "Zoe"), ("Ann", "Anne"), ("Дмитрий", "Dmitry")])
def test_different_names_stay_different(a, b):
    assert skeleton(a) != skeleton(b)


def test_names_are_stored_nfkc():
    assert normalise(" ＴＲＡＩＮＥＥ ") == "TRAINEE"
    assert read_names("ﬁona\n") == [(1, "fiona")]


def test_a_list_with_two_look_alike_names_is_refused_by_line():
    with pytest.raises(Refused) as exc:
        read_names("anna\nаnna\n")
    assert exc.value.problems[0].startswith("line 2: 'аnna' is already on line 1")


def test_an_import_of_a_look_alike_of_an_existing_account_makes_nothing(app):
    teacher = client_as(app, "instructor")
    cohort = new_cohort(teacher)
    r = teacher.post(f"/cohorts/{cohort}/import", data={"names": "Dee\ntrаinee\n"})
    page = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 422 and "line 2: 'trаinee' is taken by an existing account ('trainee'), or looks" in page
    with app.app_context():
        assert get_db().execute("select count(*) from users where username = 'Dee'").fetchone()[0] == 0


def test_the_command_line_refuses_a_look_alike_too(app):
    with app.app_context(), pytest.raises(ValueError, match="looks like"):
        create_user(get_db(), "ınstructor", "a-long-password", "instructor")
