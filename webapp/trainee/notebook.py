"""Lessons as notebooks: the lesson list, the notebook page and its cells.

Every interactive cell posts to its own endpoint; htmx swaps the cell's
fragment in place. The engine decides; this module replays the stored
state, asks, stores the attempt and renders.
"""
from __future__ import annotations

from flask import (Blueprint, abort, current_app, g, redirect, render_template, request, url_for)
from markupsafe import Markup

from engine import MalformedAnswer, ScenarioError, Step, whole_number
from webapp.trainee import drill_cells, hands, sprint_cells, step_reply
from webapp import down_store, sprint_store, store
from webapp.instructor.assigned import assigned_work
from webapp.auth import is_staff, login_required
from webapp.trainee.drawn_table import (LAYOUTS, PLACE_WORD, board_label, box_label, card_name, seat_label,
                                        seat_layout, split_tools)
from webapp.lessonfile import FAMILIES, load_library, suggested_order
from webapp.markdown_cells import render_markdown  # noqa: F401  (kept importable here)

bp = Blueprint("notebook", __name__, url_prefix="/lessons")

def library():
    """The lesson library, looked up once per request: a dashboard naming
    hundreds of cells asked for it once per name (issue 30), and with no
    recheck window (tests, benches) each ask walked the lessons folder."""
    if "library" not in g:
        g.library = load_library(current_app.config["LESSONS_DIR"], current_app.config["LESSONS_RECHECK_SECONDS"])
    return g.library


def get_lesson(slug: str):
    lesson = library().lessons.get(slug)
    if lesson is None:
        abort(404)
    return lesson


def get_cell(lesson, cell_id: str, kind: str | tuple[str, ...] | None = None):
    cell = lesson.cell(cell_id)
    if cell is None:
        abort(404)
    if kind is not None and cell.kind not in ((kind,) if isinstance(kind, str) else kind):
        abort(400)
    return cell


def load_cell(slug: str, cell_id: str, kind: str):
    """The lesson, the cell and this trainee's state in it."""
    lesson = get_lesson(slug)
    cell = get_cell(lesson, cell_id, kind)
    return lesson, cell, g.user["id"], store.get_state(g.user["id"], slug, cell_id)


@bp.get("/")
@login_required
def index():
    """The curriculum: lessons grouped by family, families in the suggested
    order (FAMILIES), lessons by their `order`, with progress per family."""
    lib = library()
    families: dict[str, dict] = {}
    for lesson in suggested_order(lib.lessons.values()):
        ids = [c.id for c in lesson.interactive_cells]
        score = store.lesson_score(g.user["id"], lesson.slug, ids)
        group = families.setdefault(lesson.family, {"key": lesson.family, "name": FAMILIES[lesson.family],
                                                    "rows": [], "done": 0, "cells": 0, "complete": 0})
        group["rows"].append((lesson, score))
        group["done"] += score["done"]
        group["cells"] += score["cells"]
        group["complete"] += int(score["complete"])
    errors = lib.errors if is_staff(g.user) else []
    ordered = [families[key] for key in FAMILIES if key in families]
    work = assigned_work(g.user["id"])
    return render_template("trainee/lessons/index.html", families=ordered, errors=errors,
                           broken=len(lib.errors), work=work,
                           due={w.target: w for w in work if w.kind == "lesson"})


@bp.get("/<slug>")
@login_required
def lesson_page(slug):
    lesson = get_lesson(slug)
    states = store.lesson_states(g.user["id"], slug)
    cells = []
    for cell in lesson.cells:
        if cell.kind == "markdown":
            cells.append({"cell": cell, "html": Markup(cell.html)})
        elif cell.kind == "sprint":
            cells.append(sprint_context(lesson, cell, states.get(cell.id) or store.get_state(g.user["id"], slug, cell.id)))
        elif cell.kind == "down":
            cells.append(down_context(lesson, cell, states.get(cell.id) or store.get_state(g.user["id"], slug, cell.id)))
        else:
            state = states.get(cell.id)
            if state is None or (cell.kind == "drill" and state["seed"] is None):
                state = current_state(g.user["id"], slug, cell)
            cells.append(cell_context(lesson, cell, state))
    current = next((c["cell"].id for c in cells if c["cell"].interactive and not c["state"]["done"]), None)
    score = store.lesson_score(g.user["id"], slug, [c.id for c in lesson.interactive_cells])
    # A first visit opens at the top, on the lesson's teaching text; a trainee
    # who has worked in it resumes at the first exercise not yet solved (issue 29).
    resume = bool(score["attempts"]) and current is not None
    return render_template("trainee/lessons/notebook.html", lesson=lesson, cells=cells, current=current,
                           score=score, resume=resume)


# Shown in a cell whose scenario or question the instructor changed (store.restart_if_changed).
CHANGED = {True: "This exercise was changed by your instructor; the hand starts again.",
           False: "This exercise was changed by your instructor; answer it again."}


def current_state(user_id: int, slug: str, cell) -> dict:
    """This trainee's state in a cell. A drill cell shown for the first time
    gets its first hand's seed here, stored before the hand is shown."""
    state = store.get_state(user_id, slug, cell.id)
    if cell.kind == "drill" and state["seed"] is None:
        state = store.claim_seed(user_id, slug, cell.id, drill_cells.new_seed(cell.engine))
    return state


def table_hand(cell, state, pause: str | None = None):
    """(the cell's hand with the trainee's stored steps, a notice or None);
    kept between requests by webapp.trainee.hands, so a step replays nothing.
    `pause`: the betting round the hand waits before (`pending_questions`)."""
    try:
        return hands.replay(cell.engine, state["steps"], pause), None
    except ScenarioError:
        # A hand stored before cells had fingerprints no longer replays: start again.
        state["steps"], state["done"] = [], 0
        return cell.engine.new_hand(), CHANGED[True]


def dealt_hand(cell, state, pause: str | None = None):
    """A table or drill cell's hand with the stored steps, owned by this
    request (a step may change it): handed back to webapp.trainee.hands only when
    cell_context renders it."""
    table = drill_cells.as_table(cell, state)[0] if cell.kind == "drill" else cell
    return table_hand(table, state, pause)[0]


def pending_questions(lesson, cell, user_id: int) -> list:
    """The questions asked at a point of this table cell's hand (`at`,
    engine.questions.checkpoints) that this trainee has not answered yet, the earliest
    point first. The hand stops at each until its question is answered."""
    asked = [q for q in lesson.interactive_cells if q.after == cell.id and q.checkpoint is not None]
    return sorted((q for q in asked if store.get_state(user_id, lesson.slug, q.id)["answer"] is None),
                  key=lambda q: q.checkpoint.steps)


def _pause(pending: list, steps: int) -> str | None:
    """The betting round the hand waits before: the next point still ahead
    (or reached) that stands before a round's first decision."""
    ahead = [q.checkpoint for q in pending if q.checkpoint.steps >= steps]
    return ahead[0].pause if ahead else None


def _waiting_for(pending: list, steps: int):
    """The question the hand stands waiting for after `steps` dealer steps, or None."""
    return next((q for q in pending if q.checkpoint.steps == steps), None)


def waiting_notice(question) -> str:
    ask = question.engine.prompt
    return (f"The hand waits here, {question.checkpoint.label}: answer the question below first "
            f"(“{ask}”). Right or wrong, once your answer is shown the hand goes on.")


def cell_context(lesson, cell, state, message=None, ok=None, rule=None, notice=None, hand=None,
                 stops: bool = True, pending: list | None = None) -> dict:
    """What a cell's template draws. `hand`: a table cell's hand already
    replayed to `state`'s steps by the caller (the step it checked applied).
    `stops`: a table cell stops where a question is asked (`at`); not in an
    instructor's preview, which shows every question at once. `pending`: the
    table's unanswered questions (pending_questions) when the caller has just
    read them, so a step reads them once (issue 30: a check's look-ups once)."""
    # The seat tool the trainee had chosen stays chosen when the cell comes back.
    tool = request.form.get("tool") if request.method == "POST" else None
    ctx = {"lesson": lesson, "cell": cell, "state": state, "message": message, "ok": ok,
           "rule": rule, "notice": notice, "tool": tool, "drill": None}
    if store.restart_if_changed(state, cell.fingerprint):
        ctx["notice"] = CHANGED[cell.dealt]
    if cell.kind == "drill":
        # The trainee's hand of the drill, shown and dealt as a table cell.
        ctx["drill"] = cell.engine
        ctx["cell"], edited = drill_cells.as_table(cell, state)
        ctx["notice"] = ctx["notice"] or edited
        cell = ctx["cell"]
    if cell.kind == "table":
        if not stops or ctx["drill"]:
            pending = []
        elif pending is None:
            pending = pending_questions(lesson, cell, state["user_id"])
        if hand is None:
            hand, edited = table_hand(cell, state, _pause(pending, len(state["steps"])))
            ctx["notice"] = edited or ctx["notice"]
        waiting = _waiting_for(pending, len(state["steps"]))
        if waiting is not None:
            # Drawn whole (a notice), with the question opened below (_render_cell).
            ctx["notice"], ctx["waiting"] = ctx["notice"] or waiting_notice(waiting), waiting
        ctx["hand"] = hand
        ctx["view"] = hand.view()
        ctx["layout"] = LAYOUTS[hand.layout](len(ctx["view"][hand.layout]))
        ctx["labels"] = cell.engine.step_kinds["labels"]
        ctx["ruling"] = hand.ruling_prompt()     # the rulings offered, never which is right
        # Read; the template uses only what a step never changes (its kinds, its words).
        hands.keep(cell.engine, state["steps"], hand)
    else:
        ctx["question"] = cell.engine
        ctx["locked"] = _locked_by(lesson, cell, state["user_id"])
        if state["feedback"] and message is None:
            # The stored result, with the question's rule (its name beside its number) as when it was checked.
            ctx["message"], ctx["ok"] = state["feedback"], bool(state["correct"])
            ctx["rule"] = ctx["rule"] or getattr(cell.engine, "rule", None)
    return ctx


def sprint_context(lesson, cell, state) -> dict:
    """A sprint cell: its plan, a Start button (sprints.start) and the trainee's
    best in its kind; done once a run started from it is finished."""
    return {"lesson": lesson, "cell": cell, "state": state, "plan": cell.engine,
            "title": sprint_cells.kind_title(cell.engine.kind),
            "best": sprint_store.best(state["user_id"], cell.engine.kind)}


def down_context(lesson, cell, state) -> dict:
    """A down cell: its plan, a Start button (downs.start), the trainee's open
    run (Resume) and last ended one with its score."""
    runs = down_store.runs_of(user_id=state["user_id"], lesson=lesson.slug, cell=cell.id)
    ended = next((r for r in runs if r.ended), None)
    return {"lesson": lesson, "cell": cell, "state": state, "plan": cell.engine,
            "open_run": next((r for r in runs if not r.ended), None),
            "last": (ended, down_store.run_score(ended)) if ended is not None else None}


def _locked_by(lesson, cell, user_id: int):
    """The table cell whose hand this question is about, while the trainee has
    not dealt it to the end: the question would show cards not yet dealt."""
    if not cell.after:
        return None
    table = lesson.cell(cell.after)
    dealt = store.get_state(user_id, lesson.slug, cell.after)
    if cell.checkpoint is not None:
        # Asked at a point of the hand: open once the hand has come to it.
        return None if dealt["done"] or len(dealt["steps"]) >= cell.checkpoint.steps else table
    return None if dealt["done"] else table


def _render_cell(ctx, status=200):
    template = ctx["hand"].cell_template if ctx["cell"].kind == "table" else "trainee/lessons/_question_cell.html"
    lesson = ctx["lesson"]
    if not request.headers.get("HX-Request"):
        return redirect(url_for("notebook.lesson_page", slug=lesson.slug, _anchor=f"cell-{ctx['cell'].id}"))
    if "score" not in ctx:
        ctx["score"] = _score(lesson)
    html = render_template(template, c=ctx)
    if ctx["cell"].kind == "table" and (ctx["state"]["done"] or ctx.get("waiting")):
        # The hand is dealt, or stands at a question's point: the questions about it open in place.
        steps = len(ctx["state"]["steps"])
        for cell in lesson.interactive_cells:
            if cell.after == ctx["cell"].id and (ctx["state"]["done"] or cell is ctx.get("waiting")
                                                 or (cell.checkpoint and cell.checkpoint.steps == steps)):
                opened = cell_context(lesson, cell, store.get_state(g.user["id"], lesson.slug, cell.id))
                html += render_template("trainee/lessons/_question_cell.html", c={**opened, "oob": True})
    elif ctx["cell"].kind == "question" and ctx.get("release") is not None:
        # The answer is given: the hand that waited for it goes on, drawn again in place.
        table = ctx["release"]
        dealt = store.get_state(g.user["id"], lesson.slug, table.id)
        if len(dealt["steps"]) == ctx["cell"].checkpoint.steps and not dealt["done"]:
            went_on = cell_context(lesson, table, dealt)
            html += render_template(went_on["hand"].cell_template, c={**went_on, "oob": True})
    return html, status


def _score(lesson) -> dict:
    return store.lesson_score(g.user["id"], lesson.slug, [c.id for c in lesson.interactive_cells])


def _render_step(ctx, before, accepted):
    """A checked step's reply: only what it changed (webapp.trainee.step_reply), else the whole cell."""
    ctx["score"] = _score(ctx["lesson"])
    return step_reply.reply(ctx, before, accepted) or _render_cell(ctx)


STALE = ("This cell had moved on (another tab, or a double click). It now shows where it really is; "
         "nothing was recorded.")
UNREADABLE = "This page is out of date or was not sent whole: reload it (nothing was recorded)."
UNSEEN = "This drill's hand is not on this page yet: reload the page (nothing was recorded)."


def _counter(form, name: str, required: bool = True) -> int | None:
    """The page's view of the cell: `at` (steps in the hand) or `rev` (attempts
    in the cell). A request whose counter no longer matches is stale."""
    raw = form.get(name)
    if raw is None and not required:
        return None
    value = whole_number(raw)
    if value is None:
        raise ValueError(UNREADABLE)
    return value


@bp.post("/<slug>/cells/<cell_id>/step")
@login_required
def step(slug, cell_id):
    """One dealer step in a table cell, checked and stored as one transaction."""
    lesson = get_lesson(slug)
    cell = get_cell(lesson, cell_id, ("table", "drill"))
    user, form = g.user["id"], request.form
    try:
        proposed = _parse_step(form, cell.engine.step_kinds, cell.engine.procedure.layout)
        at, rev = _counter(form, "at"), _counter(form, "rev", required=False)
    except ValueError as exc:
        return _render_cell(cell_context(lesson, cell, store.get_state(user, slug, cell_id),
                                         message=str(exc), ok=False), 422)
    with store.cell_transaction(user, slug, cell_id) as state:
        # A drill's page stores its hand's seed before showing it: none stored, no page showed it.
        unseen = cell.kind == "drill" and state["seed"] is None
        restarted = store.restart_if_changed(state, cell.fingerprint)
        pending = [] if cell.kind == "drill" else pending_questions(lesson, cell, user)
        hand = dealt_hand(cell, state, _pause(pending, len(state["steps"])))
        waiting = _waiting_for(pending, len(state["steps"]))
        if unseen:
            refused = UNSEEN
        elif at != len(state["steps"]) or rev not in (None, state["runs"]):
            refused = STALE
        elif hand.finished:
            refused = "This hand is over. Use Restart cell to deal it again."
        elif waiting is not None:
            # Nothing changes and nothing is recorded: the hand waits for the question.
            refused = (f"Answer the question below first: “{waiting.engine.prompt}”. The hand waits "
                       f"{waiting.checkpoint.label} until it is answered.")
        else:
            refused = None
            before = None if restarted else step_reply.Before.shown(hand, cell, form)
            verdict = hand.propose(proposed)
            state["runs"] += 1
            if verdict.ok:
                state["steps"].append(proposed.to_dict())
                # Done once dealt to the end: a drill's next hand keeps the credit (issue 29).
                state["done"] = int(state["done"] or hand.finished)
                state["wrong_in_a_row"], level = 0, None
            else:
                # Hints that teach: the 1st wrong step in a row names the rule,
                # the 2nd asks a leading question, from the 3rd the due step.
                state["wrong_in_a_row"] = (state.get("wrong_in_a_row") or 0) + 1
                level = min(state["wrong_in_a_row"], 3)
            shown = verdict.message if level is None else verdict.hint(level)
            store.record_attempt(user, slug, cell_id, step=str(proposed), correct=verdict.ok,
                                 rule=verdict.rule, message=shown, hint_level=level,
                                 elapsed_ms=store.elapsed(form.get("elapsed_ms")), seed=state["seed"])
            store.save_state(state)
    if refused:
        return _render_cell(cell_context(lesson, cell, state, ok=False, message=refused, hand=hand,
                                         pending=pending), 409)
    message = shown
    if verdict.ok and hand.finished:
        message = f"{message} Hand complete."
    # A step answers no question: the questions it read as pending still are.
    return _render_step(cell_context(lesson, cell, state, message=message, ok=verdict.ok, rule=verdict.rule,
                                     hand=hand, notice=CHANGED[True] if restarted else None, pending=pending),
                        before,
                        proposed if verdict.ok else None)


def _parse_step(form, kinds: dict, places: str = "seats") -> Step:
    """A posted form as a dealer step: a seat tool plus the seat clicked, or
    an action button, or ticked seats for a step that takes several, or the
    ruling chosen for a step that rules on a player's action. `places` is the
    procedure's word for its places ("seats", "boxes"), as the screen says it."""
    labels = kinds["labels"]
    if form.get("seat_step"):
        # A seat number in one of the rows of seat steps (drawn_table.SEAT_ROWS): "take_discard:4".
        kind, _, place = form.get("seat_step").partition(":")
        seat = whole_number(place)
        if kind not in kinds["seat"] or seat is None:
            raise ValueError("Choose a dealer action first.")
        return Step(kind, seat=seat)
    kind = form.get("kind") or form.get("tool")
    if kind not in labels:
        raise ValueError("Choose a dealer action first.")
    if kind in kinds.get("choice", ()):
        choice = (form.get("ruling") or "").strip()
        if not choice or len(choice) > 40:
            raise ValueError(f"{labels[kind]}: choose a ruling first.")
        return Step(kind, choice=choice)
    if kind in kinds["seat"]:
        seat = whole_number(form.get("seat"))
        if seat is None:
            raise ValueError(f"{labels[kind]}: click the {PLACE_WORD[places]} it applies to.")
        return Step(kind, seat=seat)
    if kind in kinds["seats"]:
        seats = [whole_number(s) for s in form.getlist("winners")]
        if not seats or None in seats:
            raise ValueError(f"{labels[kind]}: tick the {places} it applies to first.")
        return Step(kind, seats=tuple(sorted(set(seats))))
    return Step(kind)


@bp.post("/<slug>/cells/<cell_id>/answer")
@login_required
def answer(slug, cell_id):
    """An answer to a question cell, checked and stored as one transaction."""
    lesson = get_lesson(slug)
    cell = get_cell(lesson, cell_id, "question")
    question, user = cell.engine, g.user["id"]
    if _locked_by(lesson, cell, user):
        return _render_cell(cell_context(lesson, cell, store.get_state(user, slug, cell_id)), 409)
    form = {k: (request.form.getlist(k) if k == "seats" else v) for k, v in request.form.items()}
    try:
        reply = question.parse(form)
        rev = _counter(request.form, "rev")
    except (MalformedAnswer, ValueError) as exc:
        return _render_cell(cell_context(lesson, cell, store.get_state(user, slug, cell_id),
                                         message=str(exc), ok=False), 422)
    verdict = question.check(reply)
    elapsed = store.elapsed(request.form.get("elapsed_ms"))
    said = verdict.message
    if question.timed and elapsed is not None:
        # An amount the table asks is timed, as a dealer is: the seconds it took, with the result.
        said = f"{said} Answered in {elapsed / 1000:.1f} s."
    with store.cell_transaction(user, slug, cell_id) as state:
        changed = store.restart_if_changed(state, cell.fingerprint)   # answered on the old question
        stale = changed or rev != state["runs"]
        if not stale:
            state["runs"] += 1
            state["answer"] = {str(k): v for k, v in reply.items()} if isinstance(reply, dict) else reply
            state["feedback"], state["correct"] = said, int(verdict.ok)
            state["done"] = int(state["done"] or verdict.ok)
            store.record_attempt(user, slug, cell_id, answer=question.format_answer(reply),
                                 correct=verdict.ok, rule=verdict.rule, message=said, elapsed_ms=elapsed)
            store.save_state(state)
    if stale:
        return _render_cell(cell_context(lesson, cell, state, message=None if changed else STALE, ok=False,
                                         notice=CHANGED[False] if changed else None), 409)
    ctx = cell_context(lesson, cell, state, message=said, ok=verdict.ok, rule=verdict.rule)
    if cell.checkpoint is not None:
        # An answer, right or wrong, releases the hand that waited at this question's point.
        ctx["release"] = lesson.cell(cell.after)
    return _render_cell(ctx)


@bp.post("/<slug>/cells/<cell_id>/reset")
@login_required
def reset_cell(slug, cell_id):
    lesson = get_lesson(slug)
    cell = get_cell(lesson, cell_id)
    store.reset(g.user["id"], slug, cell_id)
    return _render_cell(cell_context(lesson, cell, current_state(g.user["id"], slug, cell),
                                     notice="Cell restarted. Your earlier attempts stay in your record."))


def _deal_refused(cell, state, at: int | None, rev: int | None, old: int | None) -> str | None:
    """Why *Deal a new hand* is refused for the cell as `state` has it, if it is."""
    if state["seed"] is None:
        return UNSEEN
    if at != len(state["steps"]) or rev != state["runs"] or state["seed"] != old:
        return STALE
    if not dealt_hand(cell, state).finished:
        return "Deal this hand to the end first (or use Restart cell to start it again)."
    return None


@bp.post("/<slug>/cells/<cell_id>/deal")
@login_required
def deal_new_hand(slug, cell_id):
    """A drill's next hand, once this one is dealt to the end: a new seed drawn
    by the server, stored with the staleness checks of a step."""
    lesson = get_lesson(slug)
    cell = get_cell(lesson, cell_id, "drill")
    user = g.user["id"]
    try:
        at, rev = _counter(request.form, "at"), _counter(request.form, "rev")
    except ValueError as exc:
        return _render_cell(cell_context(lesson, cell, store.get_state(user, slug, cell_id),
                                         message=str(exc), ok=False), 422)
    # The cheap checks first, on the state as read (issue 30): a stale or early
    # post is refused before a hand is dealt, and checked again under the lock.
    seen = store.get_state(user, slug, cell_id)
    old = seen["seed"]
    refused = _deal_refused(cell, seen, at, rev, old)
    if refused:
        return _render_cell(cell_context(lesson, cell, seen, ok=False, message=refused), 409)
    seed = drill_cells.new_seed(cell.engine, old)      # dealt outside the write lock
    with store.cell_transaction(user, slug, cell_id) as state:
        refused = _deal_refused(cell, state, at, rev, old)
        if not refused:
            # `done` stays: the drill was dealt to the end once, and more practice
            # must never show as less progress (issue 29, finding 2).
            state.update(seed=seed, steps=[], wrong_in_a_row=0)
            store.save_state(state)
    if refused:
        return _render_cell(cell_context(lesson, cell, state, ok=False, message=refused), 409)
    return _render_cell(cell_context(lesson, cell, state, notice="A new hand is dealt. Your earlier "
                                                                  "hands stay in your record."))


@bp.post("/<slug>/reset")
@login_required
def reset_lesson(slug):
    get_lesson(slug)
    store.reset(g.user["id"], slug)
    return redirect(url_for("notebook.lesson_page", slug=slug))


_question_tables: dict[tuple[str, str], Markup] = {}
QUESTION_TABLES_KEPT = 2048


def question_table(cell) -> Markup:
    """A question cell's drawn table (trainee/lessons/_table.html), drawn once per
    process: it is the same for every trainee and every answer, and it was
    a quarter of an answer's CPU. Keyed by the cell's id and fingerprint, so
    a cell changed on disk is drawn anew."""
    key = (cell.id, cell.fingerprint)
    html = _question_tables.get(key)
    if html is None:
        table = cell.engine.display.get("table")
        html = Markup("")
        if table:
            html = Markup(render_template("trainee/lessons/_table.html", view=table,
                                          layout=seat_layout(len(table["seats"]))))
        if len(_question_tables) >= QUESTION_TABLES_KEPT:
            _question_tables.clear()
        _question_tables[key] = html
    return html


for _helper in (seat_layout, seat_label, box_label, board_label, card_name, question_table, split_tools):
    bp.add_app_template_global(_helper, _helper.__name__)
