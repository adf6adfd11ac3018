"""Auditions: an instructor's timed test at the table, scored against a pass
mark, with a printable certificate for a pass (issue 12, item 4).

An instructor defines an audition (hand kinds: a game, a house and optional
drill wants; how many hands; a time limit; a pass mark). A trainee starts it:
the server draws each hand's seed in secret and deals the hands with the
drill generator (engine.drills.poker), and the trainee deals them on the same
drawn table as a lesson's table cell. During the audition nothing teaches:
a wrong step gets a neutral "counted" and no rule or hint, the engine makes
the step due for the trainee ("dealt for you") and the hand goes on. The
server keeps the clock: a step after the deadline is refused and the run is
finished, the steps not made counted as missed. Storage and scoring:
webapp/audition_store.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import (Blueprint, abort, flash, g, redirect, render_template, request, url_for)

from engine import (DrillError, GAMES, Game, PROFILES, SPRINT_KINDS, TableCell, WANTS, generate, plan,
                    whole_number)
from webapp import audition_store as ast
from webapp import sprint_store, store
from webapp.instructor.assigned import assigned_work
from webapp.audition_store import Audition, Definition, HandKind, Run, SprintPart
from webapp.auth import instructor_required, is_staff, login_required
from webapp.mastery import now, parse_time
from webapp.trainee.notebook import LAYOUTS, STALE, _counter, _parse_step
from webapp.trainee.sprint_cells import MIX, items, kind_title, valid_kind

bp = Blueprint("auditions", __name__, url_prefix="/auditions")

MAX_KINDS = 4
LIMITS = {"hands": (1, 20), "minutes": (1, 240), "pass_mark": (1, 100), "max_runs": (0, 20),
          "cooldown_hours": (0, 720)}
# Retakes (issue 30): max_runs 0 and cooldown_hours 0 mean no limit.
DEFAULTS = {"hands": "3", "minutes": "20", "pass_mark": "80", "max_runs": "0", "cooldown_hours": "0"}
# The optional sprint part (SprintPart): items, seconds for the set, percent right to pass.
SPRINT_LIMITS = {"sprint_n": (1, 50), "sprint_seconds": (10, 1800), "sprint_accuracy": (1, 100)}
SPRINT_DEFAULTS = {"sprint_n": "10", "sprint_seconds": "120", "sprint_accuracy": "90"}
MAX_TITLE = 120
MAX_WANTS = 200
# The poker games the drill generator deals (a banked game has its own procedure).
GAME_CHOICES = [(name, game.title) for name, game in GAMES.items() if isinstance(game, Game)]
HOUSES = list(PROFILES)
WRONG = "Not the step due — counted as an error. The step due was dealt for you; the hand goes on."
TIME_UP = "Time is up: this step was not counted. The audition is finished."
OVER = "This audition is over; nothing more is recorded."
DONE = "Audition complete."


# --- defining an audition --------------------------------------------------------


def _whole(form: Any, name: str, errors: dict[str, str]) -> int:
    low, high = {**LIMITS, **SPRINT_LIMITS}[name]
    value = whole_number(form.get(name, {**DEFAULTS, **SPRINT_DEFAULTS}[name]))
    if value is None or not low <= value <= high:
        errors[name] = f"Enter a whole number from {low} to {high}."
        return low
    return value


def read_definition(form: Any) -> tuple[Definition | None, dict[str, str]]:
    """The form as a checked Definition, or the errors by field name. Each
    hand kind's wants are checked by the drill generator: a want the game or
    house never gives is refused with the generator's reason (DrillError)."""
    errors: dict[str, str] = {}
    title = " ".join(str(form.get("title", "")).split())
    if not title or len(title) > MAX_TITLE:
        errors["title"] = f"Give the audition a title (at most {MAX_TITLE} characters)."
    numbers = {name: _whole(form, name, errors) for name in LIMITS}
    kinds = []
    for i in range(MAX_KINDS):
        game = str(form.get(f"game-{i}", "")).strip()
        if not game:
            continue
        house = str(form.get(f"house-{i}", "main")).strip()
        raw = str(form.get(f"wants-{i}", ""))
        if game not in GAMES or not isinstance(GAMES[game], Game):
            errors[f"game-{i}"] = "Choose a game from the list."
            continue
        if house not in PROFILES:
            errors[f"house-{i}"] = "Choose a house profile from the list."
            continue
        if len(raw) > MAX_WANTS:
            errors[f"wants-{i}"] = f"At most {MAX_WANTS} characters."
            continue
        wants = tuple(w.strip() for w in raw.split(",") if w.strip())
        try:
            plan(game, wants, house, any_hand=True)
            if wants:   # wants the rules allow may still never come together: try one deal
                generate(game, wants, 1, house)
        except DrillError as exc:
            errors[f"wants-{i}"] = str(exc)
            continue
        kinds.append(HandKind(game, house, wants))
    if not kinds and not any(k.startswith(("game-", "house-", "wants-")) for k in errors):
        errors["game-0"] = "Choose at least one game."
    sprint = _sprint_part(form, errors)
    if errors:
        return None, errors
    return Definition(title, tuple(kinds), numbers["hands"], numbers["minutes"], numbers["pass_mark"],
                      open=bool(form.get("open")), sprint=sprint, max_runs=numbers["max_runs"],
                      cooldown_hours=numbers["cooldown_hours"]), {}


def _sprint_part(form: Any, errors: dict[str, str]) -> SprintPart | None:
    """The optional sprint part: a kind (or the mix), how many items, the set's
    seconds and the percent right to pass; a set the engine cannot draw is refused."""
    kind = str(form.get("sprint_kind", "")).strip()
    if not kind:
        return None
    if not valid_kind(kind):
        errors["sprint_kind"] = "Choose a sprint kind from the list."
        return None
    part = SprintPart(kind, *(_whole(form, name, errors) for name in SPRINT_LIMITS))
    try:
        items(kind, 1, part.n, "main")
    except ValueError as exc:
        errors["sprint_n"] = str(exc)
    return part


def _form_values(audition: Audition | None) -> dict[str, str]:
    """An audition as the form shows it (a new one: the defaults, pass mark 80)."""
    if audition is None:
        return {**DEFAULTS, **SPRINT_DEFAULTS, "open": "1", "house-0": "main"}
    values = {"title": audition.title, "hands": str(audition.hands), "minutes": str(audition.minutes),
              "pass_mark": str(audition.pass_mark), "open": "1" if audition.open else "", **SPRINT_DEFAULTS,
              "max_runs": str(audition.max_runs), "cooldown_hours": str(audition.cooldown_hours)}
    if audition.sprint:
        part = audition.sprint
        values.update(sprint_kind=part.kind, sprint_n=str(part.n), sprint_seconds=str(part.seconds),
                      sprint_accuracy=str(part.accuracy))
    for i, kind in enumerate(audition.kinds):
        values.update({f"game-{i}": kind.game, f"house-{i}": kind.house, f"wants-{i}": ", ".join(kind.wants)})
    return values


def _edit_page(audition: Audition | None, values: dict[str, str], errors: dict[str, str], status: int = 200):
    return render_template("trainee/auditions/define.html", audition=audition, values=values, errors=errors,
                           games=GAME_CHOICES, houses=HOUSES, wants=WANTS, kinds=range(MAX_KINDS),
                           limits={**LIMITS, **SPRINT_LIMITS},
                           sprint_kinds=[(k, kind_title(k)) for k in (*SPRINT_KINDS, MIX)]), status


def _audition_or_404(audition_id: int) -> Audition:
    audition = ast.get_audition(audition_id)
    if audition is None:
        abort(404)
    return audition


@bp.route("/new", methods=("GET", "POST"))
@instructor_required
def new():
    if request.method == "GET":
        return _edit_page(None, _form_values(None), {})
    definition, errors = read_definition(request.form)
    if definition is None:
        return _edit_page(None, request.form.to_dict(), errors, 422)
    audition_id = ast.save_audition(definition, g.user["id"])
    flash(f"Audition “{definition.title}” saved.")
    return redirect(url_for("auditions.audition_page", audition_id=audition_id))


@bp.route("/<int:audition_id>/edit", methods=("GET", "POST"))
@instructor_required
def edit(audition_id: int):
    """Change an audition while nobody has started it: a trainee's result is
    always against the audition they took."""
    audition = _audition_or_404(audition_id)
    if request.method == "GET":
        if ast.started(audition_id):
            flash("This audition has been started, so it can no longer be changed. Define a new one instead.")
            return redirect(url_for("auditions.audition_page", audition_id=audition_id))
        return _edit_page(audition, _form_values(audition), {})
    definition, errors = read_definition(request.form)
    if definition is None:
        return _edit_page(audition, request.form.to_dict(), errors, 422)
    if ast.save_audition(definition, g.user["id"], audition_id) is None:
        errors["title"] = ("Not saved: a trainee has started this audition since you opened the form, so it "
                           "can no longer be changed. Define a new one instead.")
        return _edit_page(audition, request.form.to_dict(), errors, 409)
    flash(f"Audition “{definition.title}” saved.")
    return redirect(url_for("auditions.audition_page", audition_id=audition_id))


@bp.get("/<int:audition_id>")
@instructor_required
def audition_page(audition_id: int):
    """The audition as set, and every run of it with its result."""
    audition = _audition_or_404(audition_id)
    runs = [ast.settle(r.id) or r for r in ast.runs_of(audition_id=audition_id)]
    return render_template("trainee/auditions/audition.html", audition=audition, runs=runs)


@bp.post("/<int:audition_id>/open")
@instructor_required
def set_open(audition_id: int):
    """Open an audition to trainees, or close it (runs under way go on)."""
    audition = _audition_or_404(audition_id)
    ast.set_open(audition_id, request.form.get("open") == "1")
    flash(f"“{audition.title}” is now {'open' if request.form.get('open') == '1' else 'closed'}.")
    return redirect(url_for("auditions.audition_page", audition_id=audition_id))


# --- taking one -------------------------------------------------------------------


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
                           running={r.audition_id: r for r in mine if r.running}, due=due)


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
        sprint_id = sprint_store.start_for_audition(run.user_id, run.id, part.kind, part.n, part.seconds)
        if not sprint_store.current(sprint_id)[0].finished:
            return redirect(url_for("sprints.run_page", run_id=sprint_id))
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
    return render_template("trainee/auditions/result.html", run=run, audition=audition, hands=hands, sprint=sprint,
                           sprint_result=audition.sprint.result(run.id) if audition.sprint else None)


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


@bp.get("/verify")
@instructor_required
def verify():
    """Check a certificate by its number: who passed what, when, with what score."""
    raw = request.args.get("number", "")
    found = ast.find_certificate(raw) if raw.strip() else None
    audition = ast.get_audition(found.audition_id) if found else None
    status = 404 if raw.strip() and found is None else 200
    return render_template("trainee/auditions/verify.html", number=raw[:80], run=found, audition=audition,
                           asked=bool(raw.strip())), status
