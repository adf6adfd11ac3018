"""Issue 30, a check's CPU: the lesson score after every step and answer reads
the (user, lesson) totals the database keeps by triggers (_v12_lesson_totals),
not a count of the trainee's whole history; the totals stay exact for every
writer of attempts and for a database from before them."""
from __future__ import annotations

import random

from webapp.db import MIGRATIONS, _v12_lesson_totals, connect, migrate

ATTEMPT = ("insert into attempts (user_id, lesson, cell, step, answer, correct, rule, message, created_at) "
           "values (?, ?, 'c', '', '', ?, '', '', 't')")


def counted(db) -> dict:
    """The totals as counting every attempt gives them (what the score read before)."""
    return {(u, lesson): (n, right) for u, lesson, n, right in db.execute(
        "select user_id, lesson, count(*), coalesce(sum(correct), 0) from attempts group by 1, 2").fetchall()}


def kept(db) -> dict:
    return {(u, lesson): (n, right) for u, lesson, n, right in db.execute(
        "select user_id, lesson, attempts, correct from lesson_totals where attempts > 0").fetchall()}


def old_database(tmp_path):
    db = connect(str(tmp_path / "old.db"))
    for number, step in enumerate(MIGRATIONS[:MIGRATIONS.index(_v12_lesson_totals)], start=1):
        step(db)
        db.execute(f"PRAGMA user_version = {number}")
    db.conn.commit()
    for user in (1, 2):
        db.conn.execute("insert into users (id, username, password_hash, role) values (?, ?, 'x', 'trainee')",
                        [user, f"u{user}"])
    return db


def test_totals_from_the_history_before_them_and_exact_after_every_kind_of_write(tmp_path):
    db = old_database(tmp_path)
    rng = random.Random(7)
    for _ in range(300):
        db.conn.execute(ATTEMPT, [rng.choice((1, 2)), rng.choice(("a", "b")), int(rng.random() < 0.7)])
    db.conn.commit()
    assert migrate(db) == len(MIGRATIONS)
    assert kept(db) == counted(db) and len(counted(db)) == 4
    with db.conn:
        for _ in range(200):
            db.conn.execute(ATTEMPT, [rng.choice((1, 2)), rng.choice(("a", "b", "c")), int(rng.random() < 0.5)])
        db.conn.execute("delete from attempts where id % 7 = 0")
        db.conn.execute("update attempts set correct = 1 - correct where id % 5 = 0")
        db.conn.execute("update attempts set lesson = 'b' where id % 11 = 0")
    assert kept(db) == counted(db)
    with db.conn:
        db.conn.execute("delete from attempts where user_id = 2")
    assert kept(db) == counted(db) and all(u == 1 for u, _ in kept(db))


def test_a_check_shows_the_score_from_the_kept_totals(client, auth):
    """The score a step's reply shows counts the attempts stored outside the app too."""
    auth.login()
    from webapp.db import get_db
    from webapp.store import lesson_score
    with client.application.app_context():
        db = get_db()
        user = db.execute("select id from users where username = 'trainee'").fetchone()[0]
        for right in (1, 1, 0):
            db.conn.execute(ATTEMPT.replace("'c'", "'deal-a-hand'"), [user, "holdem-01-dealing-a-hand", right])
        db.conn.commit()
        score = lesson_score(user, "holdem-01-dealing-a-hand", ["deal-a-hand"])
    assert (score["attempts"], score["correct"], score["score"]) == (3, 2, 67)
