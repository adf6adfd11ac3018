"""The audit trail's core (issue 33): lines are written in the change's own
transaction, name the actor, and outlive what they describe."""
import pytest

from webapp import audit
from webapp.db import get_db


def test_a_line_names_the_actor_and_outlives_the_account(app):
    with app.app_context():
        db = get_db()
        actor = db.execute("select id from users where username = 'instructor'").fetchone()[0]
        gone = db.execute("select id from users where username = 'trainee2'").fetchone()[0]
        with db.conn:
            audit.record(db, "removed", "account", gone, "trainee trainee2", "left the course", actor_id=actor)
            db.execute("delete from users where id = ?", [gone])
        [line] = audit.lines(db)
        assert (line.actor, line.action, line.thing, line.thing_id, line.label, line.detail) == (
            "instructor", "removed", "account", str(gone), "trainee trainee2", "left the course")


def test_a_rolled_back_change_leaves_no_line(app):
    with app.app_context():
        db = get_db()
        with pytest.raises(RuntimeError), db.conn:
            audit.record(db, "created", "cohort", 1, "cohort Spring")
            raise RuntimeError("the change failed")
        assert audit.lines(db) == []


@pytest.mark.parametrize("action, thing", [("edited", "cohort"), ("created", "spaceship")])
def test_unknown_words_are_refused(app, action, thing):
    with app.app_context(), pytest.raises(ValueError, match="must be one of"):
        audit.record(get_db(), action, thing, 1, "x")


def test_lines_filter_by_thing_and_page_back(app):
    with app.app_context():
        db = get_db()
        with db.conn:
            for n in range(5):
                audit.record(db, "created", "cohort" if n % 2 else "lesson", n, f"thing {n}")
        assert [line.thing_id for line in audit.lines(db, "cohort")] == ["3", "1"]
        newest = audit.lines(db, limit=2)
        assert [line.thing_id for line in newest] == ["4", "3"]
        assert [line.thing_id for line in audit.lines(db, limit=2, before=newest[-1].id)] == ["2", "1"]
