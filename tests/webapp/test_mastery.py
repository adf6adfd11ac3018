"""Mastery per rule and per game, and the spaced review schedule, with a fake clock."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from webapp import mastery
from webapp.db import get_db
from webapp.lessonfile import load_library


T0 = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)
DAY = timedelta(days=1)
LESSON = "holdem-01-dealing-a-hand"
HX = {"HX-Request": "true"}


class Clock:
    """A fake clock: attempts are stamped with it and the schedule is judged by it."""

    def __init__(self, start=T0):
        self.at = start
        self.attempts: list[dict] = []

    def __call__(self):
        return self.at

    def advance(self, delta):
        self.at += delta

    def attempt(self, rule="8.17.1(a)", correct=True, elapsed_ms=1000, lesson=LESSON, cell="deal-a-hand"):
        self.attempts.append({"id": len(self.attempts) + 1, "lesson": lesson, "cell": cell, "rule": rule,
                              "correct": int(correct), "elapsed_ms": elapsed_ms,
                              "created_at": self.at.isoformat(timespec="milliseconds")})
        self.at += timedelta(seconds=5)

    def due(self, rule="8.17.1(a)"):
        return [i.rule for i in mastery.practise_next(mastery.review_items(self.attempts), self.at)].count(rule) == 1

    def item(self, rule="8.17.1(a)"):
        return mastery.review_items(self.attempts).get(rule)


# --- the review schedule ---------------------------------------------------------------------

def test_a_miss_is_not_shown_before_a_day_and_shown_after():
    clock = Clock()
    clock.attempt(correct=False)
    assert clock.item().interval == DAY and not clock.due()
    clock.advance(DAY - timedelta(minutes=1))
    assert not clock.due()
    assert [i.rule for i in mastery.coming_back(mastery.review_items(clock.attempts), clock.at)] == ["8.17.1(a)"]
    clock.advance(timedelta(minutes=1))
    assert clock.due()
    assert mastery.coming_back(mastery.review_items(clock.attempts), clock.at) == []


def test_right_answers_when_due_grow_the_interval_1_3_7_14_then_retire():
    clock = Clock()
    clock.attempt(correct=False)
    for days, following in ((1, 3), (3, 7), (7, 14)):
        clock.advance(days * DAY)
        assert clock.due()
        clock.attempt(correct=True)
        item = clock.item()
        assert item.interval == following * DAY and not clock.due()
        assert item.due == item.since + following * DAY
    clock.advance(14 * DAY)
    assert clock.due()
    clock.attempt(correct=True)        # the 14-day review answered right: learnt
    assert clock.item() is None
    clock.advance(100 * DAY)
    assert not clock.due()


def test_right_answers_before_the_item_is_due_do_not_move_it():
    clock = Clock()
    clock.attempt(correct=False)
    clock.attempt(correct=True)        # the step put right straight after the miss
    clock.advance(12 * timedelta(hours=1))
    clock.attempt(correct=True)
    assert clock.item().interval == DAY and clock.item().stage == 0
    clock.advance(12 * timedelta(hours=1))
    assert clock.due()


def test_a_miss_resets_the_interval_to_a_day_from_the_miss():
    clock = Clock()
    clock.attempt(correct=False)
    clock.advance(DAY)
    clock.attempt(correct=True)
    clock.advance(3 * DAY)
    clock.attempt(correct=True)
    assert clock.item().interval == 7 * DAY
    clock.advance(2 * DAY)
    missed_at = clock.at
    clock.attempt(correct=False)       # before the 7-day review: back to the start
    item = clock.item()
    assert item.interval == DAY and item.since == missed_at and item.due == missed_at + DAY
    clock.advance(DAY - timedelta(seconds=10))
    assert not clock.due()
    clock.advance(timedelta(seconds=10))
    assert clock.due()


def test_a_rule_never_missed_has_no_review_and_rules_are_independent():
    clock = Clock()
    clock.attempt(rule="8.2.2", correct=True)
    clock.attempt(rule="8.17.1(a)", correct=False)
    clock.advance(DAY)
    clock.attempt(rule="8.2.2", correct=False)
    items = mastery.review_items(clock.attempts)
    assert set(items) == {"8.2.2", "8.17.1(a)"}
    assert clock.due("8.17.1(a)") and not clock.due("8.2.2")


def test_practise_next_lists_the_rules_missed_most_then_most_recently():
    clock = Clock()
    clock.attempt(rule="A", correct=False)
    clock.attempt(rule="B", correct=False)
    clock.attempt(rule="B", correct=False)
    clock.attempt(rule="C", correct=False)
    clock.advance(2 * DAY)
    due = mastery.practise_next(mastery.review_items(clock.attempts), clock.at)
    assert [(i.rule, i.misses) for i in due] == [("B", 2), ("C", 1), ("A", 1)]


def test_the_clock_is_the_apps_when_faked(app):
    with app.app_context():
        assert abs(mastery.now() - datetime.now(timezone.utc)) < timedelta(minutes=1)
        app.config["CLOCK"] = lambda: T0
        assert mastery.now() == T0


# --- mastery -------------------------------------------------------------------------------

def test_rule_mastery_uses_the_last_ten_attempts_only():
    clock = Clock()
    for _ in range(30):
        clock.attempt(correct=False, elapsed_ms=60_000)   # long ago, slow and wrong
    for n in range(10):
        clock.attempt(correct=n != 0, elapsed_ms=1000 * (n + 1))
    [m] = mastery.by_rule(clock.attempts)
    assert (m.attempts, m.right, m.accuracy, m.level) == (10, 9, 90, "secure")
    assert m.median_ms == 5500                          # median of 1..10 s, the slow ones forgotten


def test_rule_mastery_levels_and_weakest_first():
    clock = Clock()
    for _ in range(2):
        clock.attempt(rule="new")
    for ok in (1, 0, 0, 1):
        clock.attempt(rule="weak", correct=ok)
    for ok in (1, 1, 1, 0):
        clock.attempt(rule="fair", correct=ok, elapsed_ms=None)
    rules = mastery.by_rule(clock.attempts)
    assert [(m.key, m.accuracy, m.level) for m in rules] == [
        ("weak", 50, "needs work"), ("fair", 75, "getting there"), ("new", 100, "new")]
    assert rules[1].median_ms is None
    assert [m.key for m in mastery.weakest(rules)] == ["weak", "fair"]


def test_game_mastery_uses_the_last_twenty_attempts_per_game():
    clock = Clock()
    games = {(LESSON, "deal-a-hand"): "holdem", ("stud", "c"): "seven-card-stud"}
    for _ in range(5):
        clock.attempt(correct=False)
    for _ in range(20):
        clock.attempt(correct=True)
    clock.attempt(lesson="stud", cell="c", correct=False)
    clock.attempt(lesson="gone", cell="x", correct=True)
    result = {m.key: m for m in mastery.by_game(clock.attempts, games)}
    assert (result["holdem"].right, result["holdem"].attempts) == (20, 20)
    assert result["holdem"].title == "Hold'em" and result["seven-card-stud"].title == "Seven Card Stud"
    assert result["seven-card-stud"].accuracy == 0
    assert result[mastery.REMOVED].title == "Lessons no longer in the library"


def test_the_game_of_each_lesson_cell(app):
    games = mastery.game_of_cells(load_library(app.config["LESSONS_DIR"]))
    assert games[(LESSON, "deal-a-hand")] == "holdem"
    # every cell of the library has a game or a family
    assert all(g for g in games.values())
    assert any(g.startswith("family:") for g in games.values())
    stud = {g for (slug, _), g in games.items() if slug == "stud-01-seven-card-stud"}
    assert stud == {"seven-card-stud"}
    assert mastery.game_title("casino-holdem") == "Casino Hold'em (banked)"
    assert mastery.game_title("family:reading") == "Hand reading (any game)"


# --- the page ------------------------------------------------------------------------------

def _insert(app, username, rule, correct, at, lesson=LESSON, cell="deal-a-hand", elapsed_ms=2000):
    with app.app_context():
        db = get_db()
        user_id = next(db.query("select id from users where username = ?", [username]))["id"]
        db["attempts"].insert({"user_id": user_id, "lesson": lesson, "cell": cell, "step": "", "answer": "x",
                               "correct": int(correct), "rule": rule, "message": "", "elapsed_ms": elapsed_ms,
                               "created_at": at.isoformat(timespec="milliseconds")})


def test_the_progress_page_shows_practise_next_when_due_with_a_link(app, client, auth):
    clock = Clock()
    app.config["CLOCK"] = clock
    _insert(app, "trainee", "8.17.1(a)", False, T0)
    _insert(app, "trainee2", "9.9.9", False, T0)                  # someone else's miss
    auth.login()
    clock.advance(timedelta(hours=23))
    page = client.get("/progress/").get_data(as_text=True)
    assert "Practise these now" in page                 # just missed: practise now, reviewed tomorrow
    assert "it comes back for review on 2 Mar 2025, 09:00" in page
    clock.advance(timedelta(hours=1))
    page = client.get("/progress/").get_data(as_text=True)
    section = " ".join(page.split('data-testid="practise-next"', 1)[1].split("</section>", 1)[0].split())
    assert ("Rule 8.17.1(a) — Hold&#39;em: before the deal</strong>: due for review: missed 1 of your last 10 "
            "attempts, last on 1 Mar 2025") in section
    # a Hold'em drill exercises 8.17.1(a): practised on new hands rather than the cell missed
    assert 'href="/lessons/holdem-03-all-ins-and-side-pots#cell-drill-side-pots"' in section
    assert "Practise it in a drill (a new hand each time)" in section
    assert "9.9.9" not in page                                    # a trainee sees only their own
    assert "Hold&#39;em" in page and "0 of 1 right (0%)" in page and "2.0 s" in page


def test_the_page_escapes_rules_and_links_a_cell_that_teaches_the_rule(app, client, auth):
    clock = Clock()
    app.config["CLOCK"] = clock
    evil = '<script>alert(1)</script>'
    _insert(app, "trainee", evil, False, T0, lesson="no-such-lesson", cell="gone")
    _insert(app, "trainee", "8.2.2", False, T0, lesson="no-such-lesson", cell="gone")
    _insert(app, "trainee2", "8.2.2", True, T0, cell="deal-a-hand")   # a cell that teaches 8.2.2
    clock.advance(2 * DAY)
    auth.login()
    page = client.get("/progress/").get_data(as_text=True)
    assert evil not in page and "&lt;script&gt;" in page
    section = page.split('data-testid="practise-next"', 1)[1].split("</section>", 1)[0]
    item = section.split('data-rule="8.2.2"', 1)[1].split("</li>", 1)[0]
    assert f'href="/lessons/{LESSON}#cell-deal-a-hand"' in item
    assert "Lessons no longer in the library" in page


def test_a_real_miss_comes_back_the_next_day(app, client, auth):
    auth.login()
    client.post(f"/lessons/{LESSON}/cells/deal-a-hand/step", data={"at": "0", "kind": "burn"}, headers=HX)
    assert "Practise these now" in client.get("/progress/").get_data(as_text=True)
    app.config["CLOCK"] = lambda: datetime.now(timezone.utc) + DAY + timedelta(minutes=1)
    page = client.get("/progress/").get_data(as_text=True)
    assert "Rule 8.17.1(a) — Hold&#39;em: before the deal</strong>" in page and "#cell-drill-side-pots" in page


def test_class_view_shows_each_trainees_weakest_rules(app, client, auth):
    for ok in (0, 0, 1):
        _insert(app, "trainee", "8.2.2", ok, T0)
    for ok in (0, 1, 1, 1):
        _insert(app, "trainee", "8.17.1(a)", ok, T0)
    _insert(app, "trainee", "<b>x</b>", 0, T0)
    auth.login("instructor")
    page = client.get("/progress/class").get_data(as_text=True)
    row = page.split('data-testid="class-weakest"', 1)[1].split("</table>", 1)[0]
    # Each rule with its short name beside its number (issue 29 finding 6).
    assert ("Rule 8.2.2 — who posts the blinds: 1 of 3 right; "
            "Rule 8.17.1(a) — Hold&#39;em: before the deal: 3 of 4 right") in row
    assert "trainee2</td>" in row and "none missed" in row
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    auth.logout()
    auth.login("trainee")
    assert client.get("/progress/class").status_code == 403


@pytest.mark.parametrize("path", ["/progress/", "/progress/class"])
def test_pages_need_sign_in(client, path):
    assert client.get(path).status_code == 302
