"""Fixtures in the style of Flask's tutorial: `app`, `client`, `auth`."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp import create_app
from webapp.auth import create_user
from webapp.db import MIGRATIONS, connect, get_db
from webapp.trainee.drawn_table import SEAT_ROWS

PASSWORDS = {"trainee": "deal-right-1", "instructor": "teach-well-2", "trainee2": "deal-right-3",
             "admin": "run-school-4"}


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "DATABASE": str(tmp_path / "test.db"),
        "WTF_CSRF_ENABLED": False,
    })
    with app.app_context():
        db = get_db()
        create_user(db, "trainee", PASSWORDS["trainee"], "trainee")
        create_user(db, "instructor", PASSWORDS["instructor"], "instructor")
        create_user(db, "trainee2", PASSWORDS["trainee2"], "trainee")
    yield app


@pytest.fixture
def empty_lessons(app, tmp_path):
    """The app's lessons folder: a new empty one."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    app.config["LESSONS_DIR"] = str(folder)
    return folder


@pytest.fixture
def client(app):
    return app.test_client()


class AuthActions:
    def __init__(self, client):
        self._client = client

    def login(self, username="trainee"):
        return self._client.post("/auth/login", data={"username": username, "password": PASSWORDS[username]})

    def logout(self):
        return self._client.post("/auth/logout")


@pytest.fixture
def auth(client):
    return AuthActions(client)


HX = {"HX-Request": "true"}


def cell_rev(client, slug: str, cell: str) -> str:
    """The cell's attempt counter as the lesson page shows it (the `rev` a form sends)."""
    page = client.get(f"/lessons/{slug}").get_data(as_text=True)
    section = page.split(f'id="cell-{cell}"', 1)[1].split("</section>", 1)[0]
    return re.search(r'name="rev" value="(\d+)"', section).group(1)


def post_answer(client, slug: str, cell: str, data: dict, rev: str | None = None):
    """Answer a question cell as its page would: with the page's `rev`."""
    rev = cell_rev(client, slug, cell) if rev is None else rev
    return client.post(f"/lessons/{slug}/cells/{cell}/answer", data={**data, "rev": rev}, headers=HX)


def step_form(step, **counters) -> dict:
    """A dealer step as the table's controls post it (a seat tool and the
    seat, a seat number in a row of seat steps, ticked winners, a ruling, or
    an action button), with the page's
    counters (`at`, `rev`) as the form sends them."""
    if step.seats:
        data = {"kind": step.kind, "winners": [str(s) for s in step.seats]}
    elif step.seat is not None and step.kind in SEAT_ROWS:
        data = {"seat_step": f"{step.kind}:{step.seat}"}
    elif step.seat is not None:
        data = {"tool": step.kind, "seat": str(step.seat)}
    elif step.choice:
        data = {"kind": step.kind, "ruling": step.choice}
    else:
        data = {"kind": step.kind}
    return {**data, **{name: str(value) for name, value in counters.items()}}


def cells_in(lesson: str) -> int:
    """The interactive cells a lesson file has, counted from its fences."""
    source = Path("lessons", f"{lesson}.md").read_text(encoding="utf-8")
    # A table cell's `amounts = [...]` asks one question per kind listed (issue 32).
    asked = sum(len(re.findall(r'"[^"]+"', m)) for m in re.findall(r"^amounts\s*=\s*\[(.*)\]", source, re.M))
    return len(re.findall(r"^```(?:table|question|drill)\b", source, re.M)) + asked


def migrated_before(path, migration):
    """A database file at `path` taken through every migration before `migration`
    (and committed): a database as one made before that migration was written."""
    db = connect(str(path))
    for number, step in enumerate(MIGRATIONS[:MIGRATIONS.index(migration)], start=1):
        step(db)
        db.execute(f"PRAGMA user_version = {number}")
    db.conn.commit()
    return db
