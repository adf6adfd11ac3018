"""Progress for the trainee, the class for the instructor (role checked here).

Mastery per rule and per game and the *Practise next* review list are
computed from the attempts table by webapp/mastery.py (see its docstring).
"""
from __future__ import annotations

from flask import Blueprint, g, render_template

from webapp.instructor import charts, dashboard
from webapp import history, mastery, sprint_store, store
from webapp.auth import instructor_required, login_required
from webapp.db import get_db
from webapp.instructor.assigned import assigned_work
from webapp.lessonfile import suggested_order
from webapp.trainee.notebook import library

bp = Blueprint("progress", __name__, url_prefix="/progress")

PRACTISE_MAX = 10


def _per_lesson(user_id: int) -> list:
    return [(lesson, store.lesson_score(user_id, lesson.slug, [c.id for c in lesson.interactive_cells]))
            for lesson in suggested_order(library().lessons.values())]


def _class_missed(trainee_ids: list[int], limit: int = 10) -> list[dict]:
    """The rules the class missed most: each trainee's counts from the index, summed."""
    total: dict[str, int] = {}
    for user_id in trainee_ids:
        for row in history.rules_missed(user_id, limit=None):
            total[row["rule"]] = total.get(row["rule"], 0) + row["misses"]
    ranked = sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    return [{"rule": rule, "misses": n} for rule, n in ranked]


class _CellsByRule:
    """Which cells' attempts (anyone's) cite a rule, most attempted first:
    only lesson and cell names, nothing about who answered. Looked up per
    rule, and only when a review item has no drill, cell or question of its
    own (mastery.practice_cell's last resort), never for every rule at once."""

    def get(self, rule: str, default: list) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in get_db().execute(
            "select lesson, cell, count(*) as n from attempts where rule = ? group by lesson, cell "
            "order by n desc, lesson, cell limit 20", [rule])] or default


@bp.get("/")
@login_required
def mine():
    user_id, lib, at = g.user["id"], library(), mastery.now()
    per_rule = history.last_per_rule(user_id)      # bounded windows (webapp/history.py, issue 30)
    items = history.review_items(user_id, per_rule)
    due = mastery.practise_next(items, at)
    fresh = mastery.just_missed(items, at)
    now = (due + fresh)[:PRACTISE_MAX]
    cells = _CellsByRule()
    practise = [(item, mastery.practice_cell(item, lib, cells)) for item in now]
    rules = mastery.by_rule(per_rule)
    rule_levels = {m.key: m for m in rules}
    recent = [{**row, "where": mastery.cell_title(lib, row["lesson"], row["cell"])} for row in get_db().query(
        "select lesson, cell, step, answer, correct, rule, message, elapsed_ms, created_at from attempts "
        "where user_id = ? order by id desc limit 30", [user_id])]
    return render_template("trainee/progress/mine.html", rows=_per_lesson(user_id), recent=recent,
                           missed=history.rules_missed(user_id), practise=practise,
                           more_due=len(due) + len(fresh) - len(practise), fresh=len(fresh), at=at,
                           later=[i for i in mastery.coming_back(items, at) if i not in fresh],
                           rules=rules, levels=mastery.LEVELS,
                           games=[m.capped(rule_levels) for m in mastery.by_game(history.last_per_cell(user_id),
                                                                                 mastery.game_of_cells(lib))],
                           rule_window=mastery.RULE_WINDOW, game_window=mastery.GAME_WINDOW,
                           work=assigned_work(user_id), **_sprint_readiness(user_id))


def _sprint_readiness(user_id: int) -> dict:
    """The trainee's sprint readiness per kind (webapp/sprint_store.py), a chart
    of it over time per kind, and the weakest kind to sprint next."""
    found = sprint_store.results_for_days(user_id)          # one bounded read for both (issue 30)
    ready = sprint_store.readiness_in(found, user_id)
    days = {r.kind: sprint_store.readiness_by_day(found[(user_id, r.kind)], r.kind) for r in ready}
    return {"ready": dashboard.readiness_table([(g.user["username"], r) for r in ready]),
            "ready_charts": [charts.columns(
                f"readiness-{r.kind}", f"Readiness in {r.kind}, by day",
                "Bars: your readiness (0 to 100) at the end of each day you sprinted this kind.",
                [(day, value, str(value)) for day, value in days[r.kind]], top=100) for r in ready],
            "sprint_next": sprint_store.weakest(ready)}


@bp.get("/class")
@instructor_required
def class_view():
    trainees = list(get_db().query("select id, username from users where role = 'trainee' order by username"))
    table = [(t, _per_lesson(t["id"])) for t in trainees]
    weakest = [(t, mastery.weakest(mastery.by_rule(history.last_per_rule(t["id"])))) for t in trainees]
    return render_template("trainee/progress/class.html", table=table, lessons=list(library().lessons.values()),
                           missed=_class_missed([t["id"] for t in trainees]), weakest=weakest, rule_window=mastery.RULE_WINDOW)
