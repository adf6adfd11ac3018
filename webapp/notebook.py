"""Lessons as notebooks: the lesson list, the notebook page and its cells.

Every interactive cell posts to its own endpoint; htmx swaps the cell's
fragment in place. The engine decides; this module replays the stored
state, asks, stores the attempt and renders.
"""
from __future__ import annotations

import math

import bleach
import markdown as md
from flask import (Blueprint, abort, current_app, g, redirect, render_template, request, url_for)
from markupsafe import Markup

from engine.hand import ScenarioError, Step
from engine.questions import MalformedAnswer
from webapp import store
from webapp.auth import login_required
from webapp.lessonfile import load_library

bp = Blueprint("notebook", __name__, url_prefix="/lessons")

ALLOWED_TAGS = sorted(set(bleach.sanitizer.ALLOWED_TAGS) | {
    "p", "h1", "h2", "h3", "h4", "pre", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "img",
    "dl", "dt", "dd", "sup", "sub", "span", "kbd"})
ALLOWED_ATTRS = {"a": ["href", "title"], "img": ["src", "alt", "title"], "span": ["class"],
                 "th": ["align"], "td": ["align"]}


def render_markdown(text: str) -> Markup:
    """Instructors' Markdown, sanitised: lessons may be written in the browser."""
    html = md.markdown(text, extensions=["tables", "fenced_code"])
    return Markup(bleach.clean(html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRS))


def library():
    return load_library(current_app.config["LESSONS_DIR"])


def get_lesson(slug: str):
    lesson = library().lessons.get(slug)
    if lesson is None:
        abort(404)
    return lesson


def get_cell(lesson, cell_id: str, kind: str | None = None):
    cell = lesson.cell(cell_id)
    if cell is None:
        abort(404)
    if kind is not None and cell.kind != kind:
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
    lib = library()
    rows = []
    for lesson in lib.lessons.values():
        ids = [c.id for c in lesson.interactive_cells]
        rows.append((lesson, store.lesson_score(g.user["id"], lesson.slug, ids)))
    errors = lib.errors if g.user["role"] == "instructor" else []
    return render_template("lessons/index.html", rows=rows, errors=errors,
                           broken=len(lib.errors))


@bp.get("/<slug>")
@login_required
def lesson_page(slug):
    lesson = get_lesson(slug)
    states = store.lesson_states(g.user["id"], slug)
    cells = []
    for cell in lesson.cells:
        if cell.kind == "markdown":
            cells.append({"cell": cell, "html": render_markdown(cell.source)})
        else:
            cells.append(cell_context(lesson, cell, states.get(cell.id) or
                                      store.get_state(g.user["id"], slug, cell.id)))
    current = next((c["cell"].id for c in cells if c["cell"].interactive and not c["state"]["done"]), None)
    score = store.lesson_score(g.user["id"], slug, [c.id for c in lesson.interactive_cells])
    return render_template("lessons/notebook.html", lesson=lesson, cells=cells, current=current,
                           score=score)


def cell_context(lesson, cell, state, message=None, ok=None, rule=None, notice=None) -> dict:
    # The seat tool the trainee had chosen stays chosen when the cell comes back.
    tool = request.form.get("tool") if request.method == "POST" else None
    ctx = {"lesson": lesson, "cell": cell, "state": state, "message": message, "ok": ok,
           "rule": rule, "notice": notice, "tool": tool}
    if cell.kind == "table":
        hand = cell.engine.new_hand()
        try:
            hand.replay(Step.from_dict(s) for s in state["steps"])
        except ScenarioError:
            # The lesson changed under a stored hand: start the hand again.
            hand = cell.engine.new_hand()
            state["steps"], state["done"] = [], 0
            ctx["notice"] = "This lesson was edited since your last visit; the hand starts again."
        ctx["hand"] = hand
        ctx["view"] = hand.view()
        ctx["layout"] = LAYOUTS[hand.layout](len(ctx["view"][hand.layout]))
        ctx["labels"] = cell.engine.step_kinds["labels"]
    else:
        ctx["question"] = cell.engine
        if state["feedback"] and message is None:
            ctx["message"], ctx["ok"] = state["feedback"], bool(state["correct"])
    return ctx


def seat_layout(n: int) -> dict:
    """Seat positions round an oval table, seat 1 at the dealer's left."""
    positions = {}
    for seat in range(1, n + 1):
        angle = math.pi / 2 + (seat - 0.5) * 2 * math.pi / n  # dealer sits at the bottom
        positions[seat] = (round(50 + 44 * math.cos(angle), 1), round(50 + 40 * math.sin(angle), 1))
    return positions


def box_layout(n: int) -> dict:
    """Banked-game boxes in an arc facing the dealer; box 1 on the dealer's left."""
    positions = {}
    for box in range(1, n + 1):
        angle = math.radians(20 + (box - 1) * 140 / max(n - 1, 1))
        positions[box] = (round(50 + 42 * math.cos(angle), 1), round(28 + 58 * math.sin(angle), 1))
    return positions


# A procedure's places on the drawn table, by the view's key for them.
LAYOUTS = {"seats": seat_layout, "boxes": box_layout}


def _render_cell(ctx, status=200):
    template = ctx["hand"].cell_template if ctx["cell"].kind == "table" else "lessons/_question_cell.html"
    lesson = ctx["lesson"]
    if not request.headers.get("HX-Request"):
        return redirect(url_for("notebook.lesson_page", slug=lesson.slug, _anchor=f"cell-{ctx['cell'].id}"))
    ctx["score"] = store.lesson_score(g.user["id"], lesson.slug, [c.id for c in lesson.interactive_cells])
    return render_template(template, c=ctx), status


@bp.post("/<slug>/cells/<cell_id>/step")
@login_required
def step(slug, cell_id):
    """One dealer step in a table cell."""
    lesson, cell, user, state = load_cell(slug, cell_id, "table")
    ctx = cell_context(lesson, cell, state)
    hand = ctx["hand"]
    form = request.form
    try:
        proposed = _parse_step(form, cell.engine.step_kinds)
        at = int(form.get("at", ""))
    except ValueError as exc:
        return _render_cell(cell_context(lesson, cell, state, message=str(exc), ok=False, notice=None), 422)
    if at != len(state["steps"]):
        return _render_cell(cell_context(
            lesson, cell, state, ok=False,
            message="This table had moved on (another tab, or a double click). It now shows where "
                    "the hand really is; nothing was recorded."), 409)
    if hand.finished:
        return _render_cell(cell_context(lesson, cell, state, ok=False,
                                         message="This hand is over. Use Restart cell to deal it again."), 409)
    verdict = hand.propose(proposed)
    state["runs"] += 1
    if verdict.ok:
        state["steps"].append(proposed.to_dict())
        state["done"] = int(hand.finished)
    store.record_attempt(user, slug, cell_id, step=str(proposed), correct=verdict.ok, rule=verdict.rule,
                         message=verdict.message, elapsed_ms=store.elapsed(form.get("elapsed_ms"), state))
    store.save_state(state)
    message = verdict.message
    if verdict.ok and hand.finished:
        message = f"{message} Hand complete."
    return _render_cell(cell_context(lesson, cell, state, message=message, ok=verdict.ok, rule=verdict.rule))


def _parse_step(form, kinds: dict) -> Step:
    """A posted form as a dealer step: a seat tool plus the seat clicked, or
    an action button, or ticked seats for a step that takes several."""
    labels = kinds["labels"]
    kind = form.get("kind") or form.get("tool")
    if kind not in labels:
        raise ValueError("Choose a dealer action first.")
    if kind in kinds["seat"]:
        seat = form.get("seat", "")
        if not seat.isdigit():
            raise ValueError(f"{labels[kind]}: click the seat it applies to.")
        return Step(kind, seat=int(seat))
    if kind in kinds["seats"]:
        seats = form.getlist("winners")
        if not seats or not all(s.isdigit() for s in seats):
            raise ValueError(f"{labels[kind]}: tick the seat(s) it applies to first.")
        return Step(kind, seats=tuple(sorted({int(s) for s in seats})))
    return Step(kind)


@bp.post("/<slug>/cells/<cell_id>/answer")
@login_required
def answer(slug, cell_id):
    """An answer to a question cell."""
    lesson, cell, user, state = load_cell(slug, cell_id, "question")
    question = cell.engine
    form = {k: (request.form.getlist(k) if k == "seats" else v) for k, v in request.form.items()}
    try:
        reply = question.parse(form)
    except MalformedAnswer as exc:
        return _render_cell(cell_context(lesson, cell, state, message=str(exc), ok=False), 422)
    verdict = question.check(reply)
    state["runs"] += 1
    state["answer"] = {str(k): v for k, v in reply.items()} if isinstance(reply, dict) else reply
    state["feedback"], state["correct"] = verdict.message, int(verdict.ok)
    state["done"] = int(state["done"] or verdict.ok)
    store.record_attempt(user, slug, cell_id, answer=question.format_answer(reply), correct=verdict.ok,
                         rule=verdict.rule, message=verdict.message,
                         elapsed_ms=store.elapsed(request.form.get("elapsed_ms"), state))
    store.save_state(state)
    return _render_cell(cell_context(lesson, cell, state, message=verdict.message, ok=verdict.ok,
                                     rule=verdict.rule))


@bp.post("/<slug>/cells/<cell_id>/reset")
@login_required
def reset_cell(slug, cell_id):
    lesson = get_lesson(slug)
    cell = get_cell(lesson, cell_id)
    store.reset(g.user["id"], slug, cell_id)
    return _render_cell(cell_context(lesson, cell, store.get_state(g.user["id"], slug, cell_id),
                                     notice="Cell restarted. Your earlier attempts stay in your record."))


@bp.post("/<slug>/reset")
@login_required
def reset_lesson(slug):
    get_lesson(slug)
    store.reset(g.user["id"], slug)
    return redirect(url_for("notebook.lesson_page", slug=slug))


bp.add_app_template_global(seat_layout, "seat_layout")
