"""Downs in the browser: a run of hands at one table, dealt step by step (issue 32).

A lesson's ```down cell (webapp/trainee/down_cells.py) starts a run; the run
has its own page, where the trainee deals every step of every hand on the
same drawn table as a table cell (the table cell templates, the step parser
and the kept hands of webapp/trainee/hands.py). Before each hand the events
at the table (arrivals, departures, missed blinds, the dead button) are said
in words and the markers shown at their seats; the hand stops at each of its
prompts (a ruling on an irregularity, an amount asked at the table) until it
is answered, as a lesson's table stops at a question with `at`. When a hand
is dealt to the end and its prompts answered, the next hand is dealt at once.

A wrong step changes nothing (the hints teach, as in a lesson; an audition's
down says only that it was counted). Storage and score: webapp/down_store.py.
A run is its trainee's only: anyone else gets 404; an instructor may see its
summary and its hands.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, current_app, g, redirect, render_template, request, url_for

from engine import MalformedAnswer, TableCell, get_game
from webapp import audition_store, down_store as ds
from webapp.auth import is_staff, login_required
from webapp.lessonfile import load_library, suggested_order
from webapp.trainee import down_cells, hands
from webapp.trainee.drawn_table import LAYOUTS
from webapp.trainee.notebook import STALE, _counter, _parse_step, get_cell, get_lesson
from webapp import store

bp = Blueprint("downs", __name__, url_prefix="/downs")

COUNTED = "Not the step due: counted as an error. Try again."
ENDED = "This down is over; nothing more is recorded."
STOPPED = "This down is stopped: Resume it to deal on (nothing was recorded)."
TIME_UP = "The down's time is up: this post was not counted."
# A seat's marker (engine/table: DownHand.markers, the buttons of 1.1 and 8.1.3(a)) as a badge at the seat.
MARKER_WORDS = {"missed": "missed blind", "absent": "absent", "walking": "player walking", "dealt_out": "dealt out",
                "reserved": "reserved"}


@dataclass
class HandCell:
    """The run's hand in the shape the lesson table cell template reads."""
    id: str
    engine: TableCell


# --- the list, and starting ----------------------------------------------------


def _library():
    return load_library(current_app.config["LESSONS_DIR"], current_app.config["LESSONS_RECHECK_SECONDS"])


@bp.get("/")
@login_required
def index():
    """The downs of the lesson library and the trainee's own runs."""
    cells = [(lesson, cell) for lesson in suggested_order(_library().lessons.values())
             for cell in lesson.interactive_cells if cell.kind == "down"]
    runs = ds.runs_of(user_id=g.user["id"])
    return render_template("trainee/downs/index.html", cells=cells, runs=runs,
                           scores={r.id: ds.run_score(r) for r in runs})


@bp.post("/start")
@login_required
def start():
    """Sit down at a lesson's down: the trainee's unfinished run of it, or a new one."""
    lesson = get_lesson(request.form.get("lesson", "")[:100])
    cell = get_cell(lesson, request.form.get("cell", "")[:100], "down")
    plan: down_cells.DownPlan = cell.engine
    seed = plan.seed if plan.seed is not None else ds.new_seed()
    run_id = ds.start(g.user["id"], lesson.slug, cell.id, plan.title or lesson.title, plan.data, seed,
                      hands=plan.hands, minutes=plan.minutes)
    return redirect(url_for("downs.run_page", run_id=run_id))


def _own(run_id: int, instructors: bool = False) -> ds.Run:
    """The run, if it is the user's (or, where allowed, the user is an instructor); else 404."""
    run = ds.get_run(run_id)
    if run is None or (run.user_id != g.user["id"] and not (instructors and is_staff(g.user))):
        abort(404)
    return run


# --- the hand as it stands -------------------------------------------------------


def _spec(run: ds.Run) -> str:
    return json.dumps(run.spec, sort_keys=True)


def down_hand(run: ds.Run, number: int | None = None) -> Any:
    return down_cells.hand_of(_spec(run), run.seed, number or run.hand)


def prompts(run: ds.Run) -> tuple[down_cells.Prompt, ...]:
    return down_cells.prompts_of(_spec(run), run.seed, run.hand)


def pending(run: ds.Run) -> list[down_cells.Prompt]:
    return [p for p in prompts(run) if p.index not in run.answered]


def waiting_for(run: ds.Run) -> down_cells.Prompt | None:
    """The prompt the hand stands waiting for, or None."""
    steps = len(run.steps)
    return next((p for p in pending(run) if p.checkpoint.steps == steps), None)


def _pause(run: ds.Run) -> str | None:
    ahead = [p.checkpoint for p in pending(run) if p.checkpoint.steps >= len(run.steps)]
    return ahead[0].pause if ahead else None


def table_of(run: ds.Run, number: int | None = None) -> TableCell:
    return down_cells.table_of(_spec(run), run.seed, number or run.hand)


def current(run: ds.Run) -> tuple[Any, Any]:
    """(the DownHand, its procedure replayed to the run's steps; a kept one when there is one)."""
    return down_hand(run), hands.replay(table_of(run), run.steps, _pause(run))


def pace_standard(run: ds.Run) -> float:
    return down_cells.pace_standard(_spec(run), run.seed, run.hands_dealt)


def _markers(dh: Any) -> dict[int, list[str]]:
    return {int(seat): [MARKER_WORDS.get(k, k.replace("_", " ")) for k in keys] for seat, keys in dh.markers.items()}


def play_context(run: ds.Run, message: str | None = None, ok: bool | None = None, rule: str | None = None,
                 notice: str | None = None, said_to: str = "table", hand: Any = None) -> dict[str, Any]:
    """What the run's page (or a reply) draws: the status, the table and the prompt waited for.
    `said_to`: where the message goes, the table ("table") or the prompt ("prompt")."""
    ctx: dict[str, Any] = {"run": run, "score": ds.run_score(run), "limit_ms": ds.time_limit_ms(run),
                           "after": _after(run)}
    if run.ended or run.stopped:
        return {**ctx, "message": message, "ok": ok, "notice": notice}
    dh, procedure = (down_hand(run), hand) if hand is not None else current(run)
    view = procedure.view()
    engine = table_of(run)
    table = {"cell": HandCell("down-hand", engine), "hand": procedure, "view": view,
             "state": {"steps": run.steps, "runs": run.posts, "done": 0},
             "layout": LAYOUTS[procedure.layout](len(view[procedure.layout])), "labels": engine.step_kinds["labels"],
             "ruling": procedure.ruling_prompt(), "tool": request.form.get("tool") if request.method == "POST" else None,
             # Drawn as an audition's hand is: no Restart (a down's hand is never dealt again) and
             # no count of the hand's steps (it would tell how long the hand runs).
             "exam": True, "markers": _markers(dh),
             "step_url": url_for("downs.step", run_id=run.id), "notice": notice}
    waiting = waiting_for(run)
    question = None
    if waiting is not None:
        question = {"cell": waiting, "question": waiting.question, "locked": None,
                    "state": {"runs": run.posts, "answer": None, "done": 0},
                    "answer_url": url_for("downs.answer", run_id=run.id)}
        table["notice"] = " ".join(filter(None, (notice, f"The hand waits here, {waiting.checkpoint.label}: "
                                                          "answer below first.")))
    if said_to == "prompt" and question is not None:
        question.update(message=message, ok=ok, rule=rule)
    else:
        table.update(message=message, ok=ok, rule=rule)
    hands.keep(engine, run.steps, procedure)
    return {**ctx, "dh": dh, "game": get_game(dh.game).title, "c": table, "q": question}


# --- the run's page and its posts -----------------------------------------------


@bp.get("/runs/<int:run_id>")
@login_required
def run_page(run_id: int):
    run = _own(run_id)
    if run.ended:
        return redirect(_after(run))
    return render_template("trainee/downs/run.html", p=play_context(run))


def _after(run: ds.Run) -> str:
    """Where an ended down leads: its summary, or an audition's down part back to the audition."""
    if run.audition_run_id is not None:
        return url_for("auditions.run_page", run_id=run.audition_run_id)
    return url_for("downs.summary", run_id=run.id)


def _audition_running(run: ds.Run) -> bool:
    exam = audition_store.settle(run.audition_run_id) if run.audition_run_id is not None else None
    return exam is not None and exam.running


def _reply(run: ds.Run, main: str, status: int = 200, **said: Any):
    """Every part of the play that a post may change (the status, the table,
    the prompt), the one posted to swapped in place, the others out of band."""
    if not request.headers.get("HX-Request"):
        return redirect(url_for("downs.run_page", run_id=run.id))
    ctx = play_context(run, said_to=main, **said)
    return render_template("trainee/downs/_play.html", p=ctx, main=main), status


def _refusal(run: ds.Run) -> str | None:
    """Why no post is taken now, if none is: the run over, stopped, or its time up (then ended)."""
    if run.ended:
        return ENDED
    if run.stopped:
        return STOPPED
    if ds.limit_reached(run) or (run.audition_run_id is not None and not _audition_running(run)):
        _finish(run)
        return TIME_UP
    return None


def _finish(run: ds.Run) -> None:
    ds.end(run)
    ds.mark_cell_done(run)


def _advance(run: ds.Run, procedure: Any) -> str | None:
    """After a post: a hand dealt to the end with its prompts answered gives
    way to the next (dealt at once), or the down ends. What to say, if anything."""
    misdeal = down_hand(run).misdeal      # called at its prompt: the cards are dealt again (9.1.1(a))
    if not (procedure.finished or misdeal) or pending(run):
        return None
    number = run.hand
    run.hand, run.steps, run.answered, run.wrong_in_a_row = run.hand + 1, [], [], 0
    said = f"Hand {number} is a misdeal: the cards are dealt again" if misdeal else f"Hand {number} is dealt"
    if ds.limit_reached(run):
        _finish(run)
        return f"{said}. The down is complete: see your summary."
    return f"{said}; hand {run.hand} is ready."


@bp.post("/runs/<int:run_id>/step")
@login_required
def step(run_id: int):
    """One dealer step of the hand being dealt, checked and stored as one transaction."""
    run = _own(run_id)
    try:
        at, rev = _counter(request.form, "at"), _counter(request.form, "rev")
        proposed = _parse_step(request.form, table_of(run).step_kinds) if not (run.ended or run.stopped) else None
    except ValueError as exc:
        return _reply(run, "table", 422, message=str(exc), ok=False)
    hand, said = None, {}
    with ds.run_transaction(run_id) as locked:
        assert locked is not None
        run = locked
        refused = _refusal(run)
        if refused is None and (at != len(run.steps) or rev != run.posts):
            refused = STALE
        if refused is None:
            waiting = waiting_for(run)
            if waiting is not None:
                refused = (f"Answer the question below first: “{waiting.question.prompt}”. The hand waits "
                           f"{waiting.checkpoint.label} until it is answered.")
        if refused is None and proposed is not None:
            said, hand = _deal(run, proposed, store.elapsed(request.form.get("elapsed_ms")))
        ds.save_run(run)
    if refused is not None:
        return _reply(run, "table", 409, message=refused, ok=False)
    same = said.pop("same_hand")
    return _reply(run, "table", hand=hand if same and not run.ended else None, **said)


def _deal(run: ds.Run, proposed: Any, elapsed_ms: int | None) -> tuple[dict[str, Any], Any]:
    """Apply one step: right, it is appended; wrong, nothing changes. Returns
    what the trainee is shown and the hand (the next hand's when one was dealt)."""
    _, procedure = current(run)
    said_step = procedure.describe(proposed)
    position = len(run.steps) + 1
    first = run.wrong_in_a_row == 0
    verdict = procedure.propose(proposed)
    ds.tick(run)
    run.posts += 1
    if verdict.ok:
        run.steps.append(proposed.to_dict())
        run.wrong_in_a_row, shown = 0, verdict.message
    else:
        run.wrong_in_a_row += 1
        shown = COUNTED if run.exam else verdict.hint(min(run.wrong_in_a_row, 3))
    ruling = proposed.kind in table_of(run).step_kinds.get("choice", ())
    ds.record(run.id, ds.Record(run.hand, position, "step", said_step, verdict.ok, first, verdict.rule,
                                shown, ask="ruling" if ruling else "",
                                payload=json.dumps(proposed.to_dict()) if verdict.ok else "",
                                elapsed_ms=elapsed_ms))
    notice = _advance(run, procedure)
    said: dict[str, Any] = {"message": shown, "ok": verdict.ok, "rule": None if run.exam and not verdict.ok
                            else verdict.rule, "notice": notice, "same_hand": notice is None}
    return said, procedure


@bp.post("/runs/<int:run_id>/answer")
@login_required
def answer(run_id: int):
    """The answer to the prompt the hand waits for: checked, stored once, the hand goes on."""
    run = _own(run_id)
    form = {k: (request.form.getlist(k) if k == "seats" else v) for k, v in request.form.items()}
    try:
        rev = _counter(request.form, "rev")
    except ValueError as exc:
        return _reply(run, "prompt", 422, message=str(exc), ok=False)
    with ds.run_transaction(run_id) as locked:
        assert locked is not None
        run = locked
        refused = _refusal(run)
        if refused is None and rev != run.posts:
            refused = STALE
        waiting = waiting_for(run) if refused is None else None
        if refused is None and waiting is None:
            refused = "No question is waiting now (nothing was recorded)."
        said: dict[str, Any] = {}
        if refused is None and waiting is not None:
            try:
                reply = waiting.question.parse(form)
            except (MalformedAnswer, ValueError) as exc:
                said = {"message": str(exc), "ok": False, "status": 422}
            else:
                verdict = waiting.question.check(reply)
                elapsed = store.elapsed(request.form.get("elapsed_ms"))
                message = "Answer taken; it is marked at the end." if run.exam else verdict.message
                if getattr(waiting.question, "timed", False) and elapsed is not None:
                    # An amount the table asks is timed, as a dealer is (as in a lesson's table cell).
                    message = f"{message} Answered in {elapsed / 1000:.1f} s."
                ds.tick(run)
                run.posts += 1
                run.answered.append(waiting.index)
                ds.record(run.id, ds.Record(run.hand, waiting.index, "answer", waiting.question.format_answer(reply),
                                            verdict.ok, True, verdict.rule, message, ask=waiting.ask,
                                            payload=json.dumps(reply, default=str), elapsed_ms=elapsed))
                _, procedure = current(run)
                notice = _advance(run, procedure)
                said = ({"notice": " ".join(filter(None, (message, notice)))} if run.exam else
                        {"message": message, "ok": verdict.ok, "rule": verdict.rule, "notice": notice})
        ds.save_run(run)
    if refused is not None:
        return _reply(run, "prompt", 409, message=refused, ok=False)
    status = said.pop("status", 200)
    # The answer's verdict is shown at the table, which goes on (the prompt is gone).
    return _reply(run, "prompt", status, **said)


@bp.post("/runs/<int:run_id>/stop")
@login_required
def stop(run_id: int):
    """Stop for now (the clock stops; nothing is lost), or end the down (`end`): the summary."""
    own = _own(run_id)
    # An audition's down is not stopped (the audition's clock runs on): it may only be ended.
    ending = request.form.get("end") == "1" or own.exam
    with ds.run_transaction(run_id) as run:
        assert run is not None
        if not run.ended:
            if ending:
                _finish(run)
            else:
                ds.stop(run)
            ds.save_run(run)
    return redirect(_after(own) if ending else url_for("downs.run_page", run_id=run_id))


@bp.post("/runs/<int:run_id>/resume")
@login_required
def resume(run_id: int):
    _own(run_id)
    with ds.run_transaction(run_id) as run:
        assert run is not None
        ds.resume(run)
        ds.save_run(run)
    return redirect(url_for("downs.run_page", run_id=run_id))


# --- the summary, and a hand as it was dealt ----------------------------------------


@bp.get("/runs/<int:run_id>/summary")
@login_required
def summary(run_id: int):
    """Pace, accuracy (by rule) and the hands to look at again; also while the
    run is stopped, as the score so far."""
    run = _own(run_id, instructors=True)
    if run.exam and run.user_id == g.user["id"] and _audition_running(run):
        return redirect(_after(run))       # an audition's working is shown once it is over
    records = ds.records_of(run.id)
    per_hand: dict[int, list[ds.Record]] = {}
    for rec in records:
        per_hand.setdefault(rec.hand, []).append(rec)
    return render_template("trainee/downs/summary.html", run=run, score=ds.score(run, records, pace_standard(run)),
                           per_hand=per_hand)


@bp.get("/runs/<int:run_id>/hands/<int:number>")
@login_required
def hand_page(run_id: int, number: int):
    """One hand of the run reopened as it was dealt: the events before it, the
    table after the trainee's right steps, every post with its verdict (read only)."""
    run = _own(run_id, instructors=True)
    if not 1 <= number <= run.hand:
        abort(404)
    dh = down_hand(run, number)
    steps = ds.accepted_steps(run.id, number)
    procedure = hands.replay(table_of(run, number), steps)
    view = procedure.view()
    page = render_template("trainee/downs/hand.html", run=run, number=number, dh=dh, view=view,
                           layout=LAYOUTS[procedure.layout](len(view[procedure.layout])),
                           records=ds.records_of(run.id, number), markers=_markers(dh))
    hands.keep(table_of(run, number), steps, procedure)
    return page
