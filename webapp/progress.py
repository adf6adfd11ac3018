"""Progress for the trainee, the class for the instructor (role checked here)."""
from __future__ import annotations

from flask import Blueprint, g, render_template

from webapp import store
from webapp.auth import instructor_required, login_required
from webapp.db import get_db
from webapp.notebook import library

bp = Blueprint("progress", __name__, url_prefix="/progress")


def _per_lesson(user_id: int) -> list:
    return [(lesson, store.lesson_score(user_id, lesson.slug, [c.id for c in lesson.interactive_cells]))
            for lesson in library().lessons.values()]


def _rules_missed(user_id: int | None = None) -> list:
    sql = ("select rule, count(*) as misses from attempts where correct = 0 and rule != ''"
           + (" and user_id = ?" if user_id is not None else "")
           + " group by rule order by misses desc, rule limit 10")
    return list(get_db().query(sql, [user_id] if user_id is not None else []))


@bp.get("/")
@login_required
def mine():
    recent = list(get_db().query(
        "select lesson, cell, step, answer, correct, rule, message, elapsed_ms, created_at from attempts "
        "where user_id = ? order by id desc limit 30", [g.user["id"]]))
    return render_template("progress/mine.html", rows=_per_lesson(g.user["id"]), recent=recent,
                           missed=_rules_missed(g.user["id"]))


@bp.get("/class")
@instructor_required
def class_view():
    trainees = list(get_db().query("select id, username from users where role = 'trainee' order by username"))
    table = [(t, _per_lesson(t["id"])) for t in trainees]
    return render_template("progress/class.html", table=table, lessons=list(library().lessons.values()),
                           missed=_rules_missed())
