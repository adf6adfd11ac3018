"""Sprints in the browser: the *Sprints* page, a run's page and its answers.

A trainee picks a kind (or the mix) and runs a two-minute set; a lesson's
```sprint cell starts a set as the cell describes it. The server keeps the
items and the clocks (webapp/sprint_store.py): the page gets the situation
only, and each answer swaps the next item in place (htmx). A run is its
trainee's only: anyone else gets 404 and learns nothing of it.
"""
from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, request, url_for

from engine import SPRINT_KINDS as KINDS, get_house, sprint_target, whole_number
from webapp import accommodations, audition_store, sprint_store
from webapp.db import get_db
from webapp.trainee import sprint_cells
from webapp.instructor.assigned import assigned_work
from webapp.auth import login_required
from webapp.mastery import now
from webapp.trainee.notebook import get_cell, get_lesson

bp = Blueprint("sprints", __name__, url_prefix="/sprints")
# Kinds whose answer is how many of each chip (not an amount): their chip
# buttons would add values, so the page offers typed counts and *Next count*.
COUNTED = frozenset({"change"})


def _owned(run_id: int) -> sprint_store.Run:
    run = sprint_store.get_run(run_id)
    if run is None or run.user_id != g.user["id"]:
        abort(404)
    return run


def _kinds() -> list[tuple[str, str]]:
    return [(k, sprint_cells.kind_title(k)) for k in (*KINDS, sprint_cells.MIX)]


@bp.get("/")
@login_required
def index():
    chosen = request.args.get("kind", "")[:200]
    return render_template("trainee/sprints/index.html", **_index_context(chosen if sprint_cells.valid_kind(chosen) else ""))


def _index_context(chosen: str = "") -> dict:
    """The kinds with their targets (house fields), the trainee's readiness, bests and recent runs."""
    user = g.user["id"]
    house = get_house("main")
    ready = {r.kind: r for r in sprint_store.readiness_of(user)}
    return {"kinds": _kinds(), "titles": dict(_kinds()), "targets": {k: sprint_target(house, k) for k in KINDS}, "ready": ready,
            "bests": {k: sprint_store.best(user, k) for k, _ in _kinds()}, "chosen": chosen,
            "weakest": sprint_store.weakest(list(ready.values())), "runs": sprint_store.recent_runs(user),
            "seconds": sprint_store.PAGE_SECONDS,
            "extended": accommodations.timing(get_db(), user, sprint_store.PAGE_SECONDS),
            "due": {w.target: w for w in assigned_work(user) if w.kind == "sprint"}}


@bp.post("/start")
@login_required
def start():
    """A new set: the page's two-minute sprint of a kind, or a lesson's sprint cell."""
    form = request.form
    slug, cell_id = form.get("lesson", "")[:100], form.get("cell", "")[:100]
    if slug or cell_id:
        cell = get_cell(get_lesson(slug), cell_id, "sprint")
        plan = cell.engine
        kind, n, seconds, feedback, house = plan.kind, plan.n, plan.seconds, plan.feedback, plan.house
    else:
        kind, feedback = form.get("kind", "")[:200], form.get("feedback", "now")
        n, seconds, house = sprint_store.PAGE_N, sprint_store.PAGE_SECONDS, "main"
        if not sprint_cells.valid_kind(kind) or feedback not in sprint_cells.FEEDBACK:
            return render_template("trainee/sprints/index.html", **_index_context(), error="Choose a kind to sprint."), 422
    try:
        run_id = sprint_store.start(g.user["id"], kind, n, seconds, feedback, house, lesson=slug, cell=cell_id)
    except ValueError as exc:       # a set the engine could not draw from this seed: say so, store nothing
        return render_template("trainee/sprints/index.html", **_index_context(),
                               error=f"This sprint could not be drawn ({exc}). Try again, or tell your instructor."), 422
    return redirect(url_for("sprints.run_page", run_id=run_id))


def _context(run_id: int, message: str = "", ok: bool | None = None, shown: str = "") -> dict:
    """What the run's page (or its swapped part) draws: the item asked, or the result."""
    run, number, asked = sprint_store.current(run_id)
    done = sprint_store.answers(run.id)
    ctx = {"run": run, "number": number, "item": run.item(number) if number is not None else None,
           "position": run.numbers.index(number) + 1 if number is not None else None, "asked": asked,
           "message": message, "ok": ok, "shown": shown, "title": sprint_cells.kind_title(run.kind),
           "chips": get_house(run.house).chip_denominations, "at": now(),
           "counted": number is not None and run.item(number).kind in COUNTED,
           "left": run.seconds_left(now()), "lesson": get_lesson(run.lesson) if run.lesson else None}
    if run.audition_run_id is not None:
        # An audition's sprint part: its working is shown only once the whole audition is over.
        exam = audition_store.settle(run.audition_run_id)
        ctx.update(audition_run=exam, exam_running=exam is not None and exam.running)
    if run.finished:
        answered = [done[n] for n in run.numbers if n in done and done[n].answered_at is not None]
        ctx.update(rows=[(run.item(n), done.get(n)) for n in run.numbers],
                   right=sum(1 for a in answered if a.correct), answered=len(answered),
                   misses=[run.item(a.number) for a in answered if a.correct is False],
                   median=sprint_store.median_seconds(answered),
                   best=sprint_store.best(run.user_id, run.kind) if run.timed else None,
                   redo_of=sprint_store.get_run(run.redo_of) if run.redo_of else None)
    return ctx


@bp.get("/runs/<int:run_id>")
@login_required
def run_page(run_id):
    _owned(run_id)
    return render_template("trainee/sprints/run.html", c=_context(run_id))


@bp.post("/runs/<int:run_id>/answer")
@login_required
def answer(run_id):
    """One item's answer: checked by the engine, stored once, the next item back."""
    _owned(run_id)
    number = whole_number(request.form.get("number"))
    given = request.form.get("answer", "")
    if number is None or not given.strip():
        return _reply(_context(run_id, "Type an amount (or build it with the chips), then Enter.", False), 422)
    outcome = sprint_store.answer(run_id, number, given)
    if not outcome.counted:
        return _reply(_context(run_id, outcome.refused, False), 422 if outcome.verdict else 409)
    run = sprint_store.get_run(run_id)
    assert run is not None and outcome.verdict is not None
    time = f" ({outcome.ms / 1000:.1f} s)" if outcome.ms is not None else ""
    if run.feedback == "now":
        message, ok = outcome.verdict.message + time, outcome.verdict.correct
    else:
        message, ok = f"Answer {given.strip()[:40]} taken{time}; right or wrong at the end.", None
    return _reply(_context(run_id, message, ok, shown=given.strip()[:40]))


def _reply(ctx: dict, status: int = 200):
    if not request.headers.get("HX-Request"):
        return redirect(url_for("sprints.run_page", run_id=ctx["run"].id))
    return render_template("trainee/sprints/_run.html", c=ctx, oob=True), status


@bp.post("/runs/<int:run_id>/redo")
@login_required
def redo(run_id):
    """The misses of a finished run again, untimed (no readiness counted)."""
    run = _owned(run_id)
    if not run.finished or run.audition_run_id is not None:
        abort(409)          # an audition's sprint is not redone
    new = sprint_store.redo(run)
    if new is None:
        return redirect(url_for("sprints.run_page", run_id=run.id))
    return redirect(url_for("sprints.run_page", run_id=new))
