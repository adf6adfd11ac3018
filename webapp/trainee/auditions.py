"""Auditions as the trainee takes them: the list, starting a run, dealing its
hands against the clock, the result and the certificate (issue 12, item 4).

An instructor defines an audition (webapp/instructor/auditions.py). A trainee
starts it: the server draws each hand's seed in secret and deals the hands with
the drill generator (engine.drills.poker), and the trainee deals them on the same
drawn table as a lesson's table cell. During the audition nothing teaches:
a wrong step gets a neutral "counted" and no rule or hint, the engine makes
the step due for the trainee ("dealt for you") and the hand goes on. The
server keeps the clock: a step after the deadline is refused and the run is
finished, the steps not made counted as missed. Storage and scoring:
webapp/audition_store.py. The blueprint is shared: the instructor's routes
join it from webapp/instructor/auditions.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import (Blueprint, abort, flash, g, redirect, render_template, request, url_for)

from engine import DrillError, TableCell
from webapp import audition_store as ast
from webapp import accommodations, down_store, sprint_store, store
from webapp.db import get_db
from webapp.instructor.assigned import assigned_work
from webapp.audition_store import Audition, Run
from webapp.auth import is_staff, login_required
from webapp.mastery import now, parse_time
from webapp.trainee.notebook import LAYOUTS, STALE, _counter, _parse_step

bp = Blueprint("auditions", __name__, url_prefix="/auditions")
WRONG = "Not the step due — counted as an error. The step due was dealt for you; the hand goes on."
TIME_UP = "Time is up: this step was not counted. The audition is finished."
OVER = "This audition is over; nothing more is recorded."
DONE = "Audition complete."



def _audition_or_404(audition_id: int) -> Audition:
    audition = ast.get_audition(audition_id)
    if audition is None:
        abort(404)
    return audition


@bp.get("/")
@login_required
def index():
    """Open auditions (those assigned to the user marked with their due date) and one's own
    runs; instructors also see every audition."""
    mine = [ast.settle(r.id) or r for r in ast.runs_of(user_id=g.user["id"])]
    instructor = is_staff(g.user)
    listed = ast.auditions(open_only=not instructor)
    due = {int(w.target): w for w in assigned_work(g.user["id"]) if w.kind == "audition"}
    return render_template("trainee/auditions/index.html", auditions=listed, runs=mine,
                           titles={a.id: a.title for a in ast.auditions()},
                           running={r.audition_id: r for r in mine if r.running}, due=due,
                           accommodation=accommodations.current(get_db(), g.user["id"]))


@bp.post("/<int:audition_id>/start")
@login_required
def start(audition_id: int):
    audition = _audition_or_404(audition_id)
    if not audition.open:
        flash("This audition is closed: ask your instructor to open it.")
        return redirect(url_for("auditions.index"))
    try:
        run_id = ast.start_run(audition, g.user["id"])
    except DrillError as exc:
        flash(f"The hands of this audition could not be dealt ({exc}). Tell your instructor.")
        return redirect(url_for("auditions.index"))
    except ast.AuditionChanged:
        flash("This audition was changed or closed just now: check it and start again.")
        return redirect(url_for("auditions.index"))
    except ast.RetakeRefused as exc:
        flash(str(exc))
        return redirect(url_for("auditions.index"))
    return redirect(url_for("auditions.run_page", run_id=run_id))


def _own_run(run_id: int, instructors: bool = False) -> Run:
    """The run, if it is the user's own (or, where allowed, the user is an
    instructor); otherwise 404, so another trainee learns nothing of it."""
    run = ast.settle(run_id)
    if run is None or (run.user_id != g.user["id"] and not (instructors and is_staff(g.user))):
        abort(404)
    return run


@dataclass
class HandCell:
    """A run's current hand in the shape the lesson table cell template reads."""
    id: str
    engine: TableCell


def hand_context(run: Run, audition: Audition, message: str | None = None, ok: bool | None = None,
                 rule: str | None = None, notice: str | None = None) -> dict[str, Any]:
    number = run.hand + 1
    title = f"Hand {number} of {len(run.cells)}: {audition.kind_of(run.hand).table_name}"
    engine, hand = ast.current_hand(run, title)
    view = hand.view()
    return {"cell": HandCell(f"hand-{number}", engine), "hand": hand, "view": view,
            "state": {"steps": run.steps, "runs": run.posts, "done": 0},
            "layout": LAYOUTS[hand.layout](len(view[hand.layout])), "labels": engine.step_kinds["labels"],
            "ruling": hand.ruling_prompt(), "tool": request.form.get("tool") if request.method == "POST" else None,
            "message": message, "ok": ok, "rule": rule, "notice": notice, "exam": True,
            "step_url": url_for("auditions.step", run_id=run.id)}


@bp.get("/runs/<int:run_id>")
@login_required
def run_page(run_id: int):
    run = _own_run(run_id)
    if not run.running:
        return redirect(url_for("auditions.result", run_id=run_id))
    audition = ast.get_audition(run.audition_id)
    assert audition is not None
    if audition.sprint and run.user_id == g.user["id"]:
        # The sprint part first: started on the first visit, its own clock within the audition's.
        part = audition.sprint
        sprint_id = sprint_store.start_for_audition(run.user_id, run.id, part.kind, part.n, part.seconds,
                                                    run.extra_time_pct, run.accommodation_id)
        if not sprint_store.current(sprint_id)[0].finished:
            return redirect(url_for("sprints.run_page", run_id=sprint_id))
    if audition.down and run.user_id == g.user["id"]:
        # The down part next: hand after hand at one table, no hints (webapp/trainee/downs.py).
        part = audition.down
        down_id = down_store.start(run.user_id, "", "", f"{audition.title}: the down", part.spec(),
                                   down_store.new_seed(), hands=part.hands, minutes=None, exam=True,
                                   audition_run_id=run.id,
                                   clock=accommodations.Timing(0, run.extra_time_pct, run.accommodation_id))
        found = down_store.get_run(down_id)
        if found is not None and not found.ended:
            return redirect(url_for("downs.run_page", run_id=down_id))
    return render_template("trainee/auditions/run.html", run=run, audition=audition, c=hand_context(run, audition))


def _reply(run: Run, audition: Audition, status: int, **said: Any):
    """The hand as it now stands (or, when the run is over, the way to the
    result), as an htmx fragment; a plain post goes back to the run's page."""
    if not request.headers.get("HX-Request"):
        if said.get("message"):
            flash(said["message"])
        return redirect(url_for("auditions.run_page", run_id=run.id))
    if not run.running:
        return render_template("trainee/auditions/_over.html", run=run, message=said.get("message")), status
    ctx = hand_context(run, audition, **said)
    return render_template(ctx["hand"].cell_template, c=ctx), status


@bp.post("/runs/<int:run_id>/step")
@login_required
def step(run_id: int):
    """One dealer step of an audition, checked and stored as one transaction."""
    run = _own_run(run_id)
    audition = ast.get_audition(run.audition_id)
    assert audition is not None
    if not run.running:   # over, or just now timed out (settled by _own_run)
        return _reply(run, audition, 409, message=TIME_UP if run.status == "timed-out" else OVER)
    try:
        proposed = _parse_step(request.form, ast.table(run.cells[run.hand]).step_kinds)
        at, rev = _counter(request.form, "at"), _counter(request.form, "rev")
    except ValueError as exc:
        return _reply(run, audition, 422, message=str(exc), ok=False)
    with ast.run_transaction(run_id) as locked:
        assert locked is not None
        run = locked
        if not run.running:
            said, status = {"message": TIME_UP if run.status == "timed-out" else OVER}, 409
        elif now() > parse_time(run.deadline):
            ast.finish(run, audition, "timed-out")
            ast.save_run(run)
            said, status = {"message": TIME_UP}, 409
        elif at != len(run.steps) or rev != run.posts:
            said, status = {"message": STALE, "ok": False}, 409
        else:
            said, status = _deal(run, audition, proposed, store.elapsed(request.form.get("elapsed_ms"))), 200
            ast.save_run(run)
    return _reply(run, audition, status, **said)


def _deal(run: Run, audition: Audition, proposed: Any, elapsed_ms: int | None) -> dict[str, Any]:
    """Apply one posted step to the run: right, or wrong and then made by the
    engine. Returns what the trainee is shown (never the rule of a wrong step)."""
    _, hand = ast.current_hand(run)
    number = run.hand + 1
    said = hand.describe(proposed)
    verdict = hand.propose(proposed)
    run.posts += 1
    if verdict.ok:
        run.right += 1
        run.steps.append(proposed.to_dict())
        ast.record(run.id, ast.StepRecord(number, hand.step_count, said, "right", verdict.rule, verdict.message,
                                          verdict.message, elapsed_ms))
        shown: dict[str, Any] = {"message": verdict.message, "ok": True, "rule": verdict.rule}
    else:
        exp = hand.expected()
        assert exp is not None, "a refused step leaves a step due"
        ast.record(run.id, ast.StepRecord(number, hand.step_count + 1, said, "wrong", verdict.rule, WRONG,
                                          verdict.message, elapsed_ms))
        made = exp.step()
        dealt = hand.propose(made)
        assert dealt.ok, dealt.message
        run.steps.append(made.to_dict())
        ast.record(run.id, ast.StepRecord(number, hand.step_count, hand.describe(made), "dealt", exp.rule,
                                          "dealt for you", dealt.message))
        shown = {"message": WRONG, "ok": False}
    if hand.finished:
        run.hand, run.steps = run.hand + 1, []
        shown["notice"] = f"Hand {number} is dealt."
        if run.hand == len(run.cells):
            ast.finish(run, audition, "finished")
            shown["message"] = f"{shown['message']} {DONE}"
    return shown


# --- results and certificates ---------------------------------------------------


@bp.get("/runs/<int:run_id>/result")
@login_required
def result(run_id: int):
    """Score, pass or fail, time used and every step with its rule: after the
    audition the engine's explanations are shown."""
    run = _own_run(run_id, instructors=True)
    if run.running and run.user_id == g.user["id"]:
        return redirect(url_for("auditions.run_page", run_id=run_id))
    audition = ast.get_audition(run.audition_id)
    assert audition is not None
    records = ast.steps_of(run_id)
    hands = [(n + 1, audition.kind_of(n), [r for r in records if r.hand == n + 1]) for n in range(len(run.cells))]
    sprint = sprint_store.for_audition(run.id) if audition.sprint else None
    # The reason for an accommodation is for staff only (webapp/accommodations.py).
    staff_note = accommodations.get(get_db(), run.accommodation_id) if is_staff(g.user) else None
    return render_template("trainee/auditions/result.html", run=run, audition=audition, hands=hands, sprint=sprint,
                           sprint_result=audition.sprint.result(run.id) if audition.sprint else None,
                           accommodation=staff_note, accommodation_words=accommodations.words,
                           down=down_store.for_audition(run.id) if audition.down else None,
                           down_result=audition.down.result(run.id) if audition.down else None)


@bp.get("/runs/<int:run_id>/certificate")
@login_required
def certificate(run_id: int):
    """A passed audition's printable certificate: the trainee's own, or any for an instructor."""
    run = _own_run(run_id, instructors=True)
    if not run.passed or not run.certificate:
        abort(404)
    audition = ast.get_audition(run.audition_id)
    assert audition is not None
    return render_template("trainee/auditions/certificate.html", run=run, audition=audition)

