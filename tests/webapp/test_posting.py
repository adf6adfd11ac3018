"""Issue 30, posting bounded: each user's step, answer, deal and start posts
pass a token bucket kept in the database (webapp/posting.py)."""
from __future__ import annotations

from webapp.posting import TOO_FAST, take_token

from .conftest import HX, step_form
from .test_drills import SLUG, URL, attempts, hand_of, lesson_app, state  # noqa: F401 (fixture)


def test_a_fast_honest_trainee_never_meets_the_limit(app):
    """Run all on a long lesson (40 at once), then 3 a second for ten minutes: all pass."""
    app.config.update(POST_BURST=40, POST_PER_SECOND=3.0)
    with app.test_request_context():
        t = 1000.0
        assert all(take_token(1, t) for _ in range(40))
        assert all(take_token(1, t + 10 + i / 3) for i in range(1800))


def test_posting_faster_than_anyone_deals_is_refused_and_each_user_has_a_bucket(app):
    app.config.update(POST_BURST=40, POST_PER_SECOND=3.0)
    with app.test_request_context():
        t = 1000.0
        assert all(take_token(1, t) for _ in range(40))
        assert not take_token(1, t)                          # the 41st at once
        assert take_token(2, t)                              # another user's own bucket
        assert take_token(1, t + 0.34) and not take_token(1, t + 0.35)  # refilled one, at 3 a second
        passed = sum(take_token(1, t + 1 + i / 6) for i in range(600))  # then 6 a second for 100 s
        assert 290 <= passed <= 310


def test_a_post_over_the_limit_is_429_with_a_sentence_and_stores_nothing(lesson_app, client, auth):
    lesson_app.config.update(POST_BURST=2, POST_PER_SECOND=0.001)
    auth.login()
    client.get(f"/lessons/{SLUG}")
    hand = hand_of(lesson_app, state(lesson_app)["seed"])
    for at in range(2):                                              # two right steps: both stored
        due = hand.expected().step()
        assert hand.propose(due).ok
        assert client.post(f"{URL}/step", data=step_form(due, at=at, rev=at), headers=HX).status_code == 200
    before = (state(lesson_app), attempts(lesson_app))
    assert len(before[1]) == 2
    r = client.post(f"{URL}/step", data=step_form(hand.expected().step(), at=2, rev=2), headers=HX)
    assert r.status_code == 429 and r.get_data(as_text=True) == TOO_FAST
    assert (state(lesson_app), attempts(lesson_app)) == before
    assert client.get(f"/lessons/{SLUG}").status_code == 200          # reading is never limited
