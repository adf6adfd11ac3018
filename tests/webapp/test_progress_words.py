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


# --- finding 7: the page right after practice ---

def test_right_after_misses_practise_next_says_what_to_practise_now_and_why(app, client, auth):
    for rule in ("8.2.2(a)", "8.17.1(a)"):
        _insert(app, rule, False, T0)
    page = _page(app, client, auth, T0 + timedelta(minutes=2))
    section = page.split('data-testid="practise-next"', 1)[1].split("</section>", 1)[0]
    assert "Nothing is due" not in section
    assert "Practise these now" in section and "you just missed" in section
    item = section.split('data-rule="8.2.2(a)"', 1)[1].split("</li>", 1)[0]
    assert "who posts the blinds" in item and "href=" in item and "4 Dec 2026, 15:09" in item
    assert "Coming back later" not in section          # the just-missed are not listed twice


def test_rules_coming_back_later_are_a_list(app, client, auth):
    _insert(app, "8.2.2(a)", False, T0)
    _insert(app, "8.2.2(a)", True, T0 + timedelta(days=1, minutes=1))      # reviewed: comes back in 3 days
    page = _page(app, client, auth, T0 + timedelta(days=1, minutes=2))
    section = page.split('data-testid="practise-next"', 1)[1].split("</section>", 1)[0]
    later = section.split('data-testid="later"', 1)[1].split("</ul>", 1)[0]
    assert "<li>" in later and "8.2.2(a) — who posts the blinds" in later and "7 Dec 2026, 15:10" in later


def test_levels_are_consistent_and_explained_on_the_page(app):
    from webapp.mastery import Mastery, by_game, by_rule
    assert Mastery("r", "r", 2, 1, None, "").level == "needs work"        # 50%: as weak as 2 of 3
    assert Mastery("r", "r", 3, 2, None, "").level == "needs work"
    assert Mastery("r", "r", 2, 2, None, "").level == "new"               # too few to judge, none missed
    at = T0.isoformat()
    attempts = [{"id": i, "lesson": LESSON, "cell": "c", "rule": "8.17.1(a)" if i else "8.2.2(a)",
                 "correct": 1, "elapsed_ms": 1, "created_at": at} for i in range(20)]
    attempts += [{"id": 20 + i, "lesson": "other", "cell": "c", "rule": "8.2.2(a)", "correct": 0,
                  "elapsed_ms": 1, "created_at": at} for i in range(3)]
    rules = {m.key: m for m in by_rule(attempts)}
    [game] = [m for m in by_game(attempts, {(LESSON, "c"): "holdem"}) if m.key == "holdem"]
    assert rules["8.2.2(a)"].level == "needs work" and game.accuracy == 100
    assert game.capped(rules).level == "getting there" and "8.2.2(a)" in game.capped(rules).held_by


def test_the_page_defines_the_levels_and_folds_its_details(app, client, auth):
    _insert(app, "8.2.2(a)", False, T0)
    page = _page(app, client, auth, T0 + timedelta(minutes=2))
    assert 'data-testid="levels"' in page and "needs work" in page.split('data-testid="levels"', 1)[1]
    for heading in ("h-ready", "h-games", "h-rules", "h-lessons", "h-missed", "h-recent"):
        before = page.split(f'id="{heading}"', 1)[0]
        assert before.rsplit("<details", 1)[1].split(">", 1)[0].find("open") == -1, heading
        assert before.count("<details") > before.count("</details>"), heading


def test_a_miss_already_put_right_is_not_asked_again_now(app, client, auth):
    _insert(app, "8.2.2(a)", False, T0)
    _insert(app, "8.17.1(a)", False, T0)
    _insert(app, "8.17.1(a)", True, T0 + timedelta(seconds=30))
    page = _page(app, client, auth, T0 + timedelta(minutes=2))
    section = page.split('data-testid="practise-next"', 1)[1].split("</section>", 1)[0]
    assert 'data-rule="8.2.2(a)"' in section and 'data-rule="8.17.1(a)"' not in section.split("later")[0]


# --- the lesson cell's feedback and the due dates (issue 29 finding 6, the rest) ---

def test_a_lesson_cells_feedback_names_the_rule_beside_its_number(client, auth):
    """A wrong step's result cites its rule with the short name from the engine's one table."""
    from engine import rule_name
    from .conftest import HX, step_form
    from .test_step_reply import CELL, SLUG, engine_cell, wrong_step
    auth.login()
    engine = engine_cell()
    hand = engine.new_hand()
    step = wrong_step(hand, engine.step_kinds)
    rule = hand.propose(step).rule
    assert rule and rule_name(rule)
    reply = client.post(f"/lessons/{SLUG}/cells/{CELL}/step", data=step_form(step, at=0, rev=0), headers=HX)
    feedback = reply.get_data(as_text=True).split('data-testid="feedback"', 1)[1].split("</div>", 1)[0]
    assert "✘" in feedback and rule in feedback
    assert rule_name(rule).replace("'", "&#39;") in feedback


def test_readable_day():
    from datetime import date
    from webapp.mastery import readable_day
    assert readable_day(date(2026, 12, 1)) == "1 Dec 2026" == readable_day("2026-12-01T10:00:00")
