"""My progress in words for people (issue 29 findings 6 and 7): rule names
beside their numbers, readable dates, lesson and cell titles, what to practise
now and why right after a miss, one definition of the levels, details folded."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from webapp.db import get_db

T0 = datetime(2026, 12, 3, 15, 9, tzinfo=timezone.utc)
LESSON = "holdem-01-dealing-a-hand"


def _insert(app, rule, correct, at, lesson=LESSON, cell="deal-a-hand", username="trainee"):
    with app.app_context():
        db = get_db()
        user_id = next(db.query("select id from users where username = ?", [username]))["id"]
        db["attempts"].insert({"user_id": user_id, "lesson": lesson, "cell": cell, "step": "", "answer": "x",
                               "correct": int(correct), "rule": rule, "message": "", "elapsed_ms": 2000,
                               "created_at": at.isoformat(timespec="milliseconds")})


def _page(app, client, auth, at) -> str:
    app.config["CLOCK"] = lambda: at
    auth.login()
    return " ".join(client.get("/progress/").get_data(as_text=True).split())


def test_rules_are_shown_with_their_short_name_and_dates_and_cells_read_as_words(app, client, auth):
    _insert(app, "8.2.2(a)", False, T0)
    page = _page(app, client, auth, T0 + timedelta(minutes=5))
    assert "8.2.2(a) — who posts the blinds" in page
    assert "3 Dec 2026, 15:09" in page
    assert "2026-12-03" not in page and "T15:09" not in page
    recent = page.split('id="h-recent"', 1)[1]
    assert "Hold&#39;em 1" in recent.split("</tr>", 2)[1] and "deal-a-hand" not in recent


def test_a_drill_and_an_audition_name_their_wants_in_words():
    from webapp.audition_store import HandKind
    kind = HandKind("holdem", "main", ("side-pots >= 2", "odd-chip"))
    assert str(kind) == "Hold'em, with at least two side pots and an odd chip"


def test_a_drill_cell_says_its_wants_in_words(client, auth):
    auth.login()
    page = client.get("/lessons/holdem-03-all-ins-and-side-pots").get_data(as_text=True)
    assert "Drill: every hand is new (at least two side pots)" in page and "side-pots &gt;=" not in page
