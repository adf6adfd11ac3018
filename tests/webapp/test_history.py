"""Issue 30: the bounded reads (webapp/history.py) give what mastery's replay
of the whole history gives: mastery by rule and game, the review items."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from webapp import history, mastery
from webapp.db import get_db

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
RULES = ["8.1.5", "8.2.4", "4.1", "9.1", ""]
CELLS = [("a", "x"), ("a", "y"), ("b", "x"), ("c", "z")]


def _fill(app, seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    at = T0
    with app.app_context():
        conn = get_db().conn
        for _ in range(n):
            at += timedelta(hours=rng.choice([0.01, 1, 5, 20, 50, 200]))
            lesson, cell = rng.choice(CELLS)
            conn.execute("insert into attempts (user_id, lesson, cell, step, answer, correct, rule, message, "
                         "elapsed_ms, created_at) values (1, ?, ?, 's', '', ?, ?, '', ?, ?)",
                         [lesson, cell, int(rng.random() < 0.7), rng.choice(RULES), rng.randint(100, 5000),
                          at.isoformat(timespec="milliseconds")])
        conn.execute("insert into attempts (user_id, lesson, cell, correct, rule, created_at) "
                     "values (2, 'a', 'x', 0, '8.1.5', ?)", [T0.isoformat()])     # another trainee's
        conn.commit()
        return list(get_db().query("select * from attempts where user_id = 1 order by id"))


@pytest.mark.parametrize("seed", range(6))
def test_bounded_reads_agree_with_the_whole_history(app, seed):
    every = _fill(app, seed, 300)
    games = {c: f"game-{c[0]}" for c in CELLS}
    with app.app_context():
        per_rule = history.last_per_rule(1)
        assert len(per_rule) <= mastery.RULE_WINDOW * len(RULES)
        assert mastery.by_rule(per_rule) == mastery.by_rule(every)
        assert mastery.by_game(history.last_per_cell(1), games) == mastery.by_game(every, games)
        assert history.review_items(1, per_rule) == mastery.review_items(every)
        missed = history.rules_missed(1)
        assert missed == sorted(({"rule": r, "misses": sum(1 for a in every if a["rule"] == r and not a["correct"])}
                                 for r in RULES if r and any(a["rule"] == r and not a["correct"] for a in every)),
                                key=lambda m: (-m["misses"], m["rule"]))
        assert [a["id"] for a in history.recent([1], n=50)] == [a["id"] for a in every[-50:]]
