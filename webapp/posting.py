"""Posting bounded (issue 30): each user's step, answer, deal and start posts
pass a token bucket, so no one can pile up attempts (or make the server deal
hand after hand) faster than a person deals.

The bucket holds POST_BURST tokens and refills at POST_PER_SECOND; each post
takes one. It lives in the database (table post_buckets), not in a worker's
memory: the app runs several worker processes on one SQLite file, and a
per-process bucket would let a user post N times faster across N workers.
One UPSERT under the write lock decides and takes the token at once.

The figures (40 at once, 3 a second after that) are far above a fast honest
trainee: dealing a hand is a click or two a second with pauses to read, and
40 in a row covers Run all on a long lesson. Exceeded: HTTP 429 with a
sentence (htmx shows it in the cell), and the view never runs, so nothing is
stored. POST_PER_SECOND = 0 turns the limit off.
"""
from __future__ import annotations

import time

from flask import Flask, abort, current_app, g, request

from webapp.db import get_db, immediate

# The posts that check or deal: each costs the server a check and may store an attempt.
LIMITED = {"notebook.step", "notebook.answer", "notebook.deal_new_hand", "auditions.start", "auditions.step",
           "sprints.start", "sprints.answer", "sprints.redo", "downs.start", "downs.step", "downs.answer"}
TOO_FAST = ("You are posting faster than anyone deals: wait a few seconds and try again. "
            "Nothing was recorded.")

_TAKE = ("insert into post_buckets (user_id, tokens, at) values (:user, :burst - 1, :now) "
         "on conflict (user_id) do update set tokens = min(:burst, tokens + max(0, :now - at) * :rate) - 1, "
         "at = :now where min(:burst, tokens + max(0, :now - at) * :rate) >= 1")


def take_token(user_id: int, now: float | None = None) -> bool:
    """Whether the user may post now; if so, the post's token is taken."""
    rate = float(current_app.config["POST_PER_SECOND"])
    if rate <= 0:
        return True
    conn = get_db().conn
    with immediate(conn):
        taken = conn.execute(_TAKE, {"user": user_id, "burst": float(current_app.config["POST_BURST"]),
                                     "now": time.time() if now is None else now, "rate": rate}).rowcount
    return taken == 1


def limit_posts() -> None:
    """before_request: a limited post over the user's bucket is refused with 429."""
    if request.method != "POST" or request.endpoint not in LIMITED or not g.get("user"):
        return
    if not take_token(int(g.user["id"])):
        abort(429, description=TOO_FAST)


def init_app(app: Flask) -> None:
    app.before_request(limit_posts)
