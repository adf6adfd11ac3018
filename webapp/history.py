"""A trainee's history read through bounded windows (issue 30), so that no
page's cost grows with how many attempts a trainee has made.

Each read walks an index (migration _v11_retakes) and takes a fixed number
of rows per key: a trainee's last `RULE_WINDOW` attempts per rule and last
`GAME_WINDOW` per cell (all that mastery by rule and by game look at:
webapp/mastery.py), the distinct rules and cells found by skipping along the
index one key at a time (a query per key, none per attempt); a review item
from the rule's last miss and at most one right answer per rung of the
ladder; and for the dashboards, each trainee's last `HISTORY_WINDOW`
attempts. "Last" is by id, the order attempts are stored in.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from webapp.db import get_db
from webapp.mastery import GAME_WINDOW, INTERVALS, RULE_WINDOW, ReviewItem, parse_time

# The dashboards (item analysis, a trainee's page, the class's weakest rules)
# read each trainee's most recent attempts, this many: months of daily practice.
HISTORY_WINDOW = 2000
COLUMNS = "id, user_id, lesson, cell, step, answer, correct, rule, hint_level, elapsed_ms, created_at"


def _keys(user_id: int, columns: tuple[str, ...], where: str = "") -> list[tuple]:
    """The distinct values of `columns` in the user's attempts, one index seek each."""
    names = ", ".join(columns)
    found: list[tuple] = []
    last: tuple = ("",) * len(columns)
    conn = get_db().conn
    while True:
        row = conn.execute(f"select {names} from attempts where user_id = ? and ({names}) > ({', '.join('?' * len(columns))})"
                           f"{where} order by {names} limit 1", [user_id, *last]).fetchone()
        if row is None:
            return found
        last = tuple(row)
        found.append(last)


def _rows(sql: str, args: list[Any]) -> list[dict]:
    cur = get_db().conn.execute(sql, args)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def last_per_rule(user_id: int, n: int = RULE_WINDOW) -> list[dict]:
    """The user's last `n` attempts citing each rule."""
    rows: list[dict] = []
    for (rule,) in _keys(user_id, ("rule",)):
        rows += _rows(f"select {COLUMNS} from attempts where user_id = ? and rule = ? order by id desc limit ?",
                      [user_id, rule, n])
    return rows


def last_per_cell(user_id: int, n: int = GAME_WINDOW) -> list[dict]:
    """The user's last `n` attempts in each cell (a game's last n are among its cells')."""
    rows: list[dict] = []
    for lesson, cell in _keys(user_id, ("lesson", "cell")):
        rows += _rows(f"select {COLUMNS} from attempts where user_id = ? and lesson = ? and cell = ? "
                      "order by id desc limit ?", [user_id, lesson, cell, n])
    return rows


def recent(user_ids: list[int], lesson: str | None = None, n: int = HISTORY_WINDOW) -> list[dict]:
    """Each user's last `n` attempts (in `lesson` if given), oldest first."""
    rows: list[dict] = []
    for user_id in user_ids:
        where, args = ("user_id = ? and lesson = ?", [user_id, lesson]) if lesson else ("user_id = ?", [user_id])
        rows += _rows(f"select {COLUMNS} from attempts where {where} order by id desc limit ?", [*args, n])
    rows.sort(key=lambda a: a["id"])
    return rows


def review_items(user_id: int, per_rule: list[dict]) -> dict[str, ReviewItem]:
    """The open review items as mastery.review_items replays them, read from
    each rule's last miss and the first right answer at or after each due
    time (a miss restarts the ladder, so nothing before it counts)."""
    conn = get_db().conn
    windows: dict[str, list[dict]] = {}
    for a in per_rule:
        windows.setdefault(a["rule"], []).append(a)
    items: dict[str, ReviewItem] = {}
    for rule, window in windows.items():
        if not rule:
            continue
        miss = conn.execute("select created_at, lesson, cell, id from attempts where user_id = ? and rule = ? and "
                            "correct = 0 order by created_at desc, id desc limit 1", [user_id, rule]).fetchone()
        if miss is None:
            continue
        at = parse_time(miss[0])
        item: ReviewItem | None = ReviewItem(rule, 0, at, at, miss[1], miss[2])
        while item is not None:
            due = item.due
            early = (due - timedelta(seconds=1)).isoformat(timespec="milliseconds")
            rights = conn.execute("select created_at from attempts where user_id = ? and rule = ? and correct = 1 "
                                  "and created_at >= ? order by created_at limit 20", [user_id, rule, early])
            found = next((parse_time(r[0]) for r in rights if parse_time(r[0]) >= due), None)
            if found is None:
                break
            if item.stage + 1 >= len(INTERVALS):
                item = None
            else:
                item.stage, item.since = item.stage + 1, found
        if item is not None:
            # put right: a right answer since the miss that was not a due review
            # (each due one moved the item up a stage), as mastery.review_items marks it
            rights_since = conn.execute(
                "select count(*) from attempts where user_id = ? and rule = ? and correct = 1 and "
                "(created_at > ? or (created_at = ? and id > ?))", [user_id, rule, miss[0], miss[0], miss[3]]).fetchone()[0]
            item.put_right = rights_since > item.stage
            window.sort(key=lambda a: a["id"])
            item.misses = [int(bool(a["correct"])) for a in window][-RULE_WINDOW:].count(0)
            items[rule] = item
    return items


def rules_missed(user_id: int, limit: int | None = 10) -> list[dict]:
    """The rules the user missed most, counted on the (user, rule, correct) index."""
    conn = get_db().conn
    counts = [{"rule": rule, "misses": conn.execute(
        "select count(*) from attempts where user_id = ? and rule = ? and correct = 0", [user_id, rule]).fetchone()[0]}
        for (rule,) in _keys(user_id, ("rule",), " and rule != ''")]
    return sorted((c for c in counts if c["misses"]), key=lambda c: (-c["misses"], c["rule"]))[:limit]
