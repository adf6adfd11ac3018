"""Auditions as the instructor sets them up: define and edit one (hand kinds:
a game, a house and optional drill wants; how many hands; a time limit; a pass
mark; retakes; an optional sprint part and down part), open or close it, see its runs, and
verify a certificate number. The routes join the auditions blueprint
(webapp/trainee/auditions.py), so their addresses stay under /auditions.
"""
from __future__ import annotations

from typing import Any

from flask import abort, flash, g, redirect, render_template, request, url_for

from engine import (Down, DownError, DownSpec, DrillError, GAMES, Game, PROFILES, SPRINT_KINDS, WANTS, generate, plan,
                    whole_number)
from webapp import audition_store as ast
from webapp.audition_store import Audition, Definition, DownPart, HandKind, SprintPart
from webapp.auth import instructor_required
from webapp.mastery import now
from webapp.trainee.auditions import _audition_or_404, bp
from webapp.trainee.sprint_cells import MIX, items, kind_title, valid_kind

MAX_KINDS = 4
LIMITS = {"hands": (1, 20), "minutes": (1, 240), "pass_mark": (1, 100), "max_runs": (0, 20),
          "cooldown_hours": (0, 720)}
# Retakes (issue 30): max_runs 0 and cooldown_hours 0 mean no limit.
DEFAULTS = {"hands": "3", "minutes": "20", "pass_mark": "80", "max_runs": "0", "cooldown_hours": "0"}
# The optional sprint part (SprintPart): items, seconds for the set, percent right to pass.
SPRINT_LIMITS = {"sprint_n": (1, 50), "sprint_seconds": (10, 1800), "sprint_accuracy": (1, 100)}
SPRINT_DEFAULTS = {"sprint_n": "10", "sprint_seconds": "120", "sprint_accuracy": "90"}
# The optional down part (DownPart): hands at one table, percent right, percent of the house's pace.
DOWN_LIMITS = {"down_hands": (1, 60), "down_accuracy": (1, 100), "down_pace": (1, 200)}
DOWN_DEFAULTS = {"down_hands": "10", "down_accuracy": "90", "down_pace": "80"}
MAX_TITLE = 120
MAX_WANTS = 200
# The poker games the drill generator deals (a banked game has its own procedure).
GAME_CHOICES = [(name, game.title) for name, game in GAMES.items() if isinstance(game, Game)]
HOUSES = list(PROFILES)


# --- defining an audition --------------------------------------------------------


def _whole(form: Any, name: str, errors: dict[str, str]) -> int:
    low, high = {**LIMITS, **SPRINT_LIMITS, **DOWN_LIMITS}[name]
    value = whole_number(form.get(name, {**DEFAULTS, **SPRINT_DEFAULTS, **DOWN_DEFAULTS}[name]))
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
    down = _down_part(form, errors)
    if errors:
        return None, errors
    return Definition(title, tuple(kinds), numbers["hands"], numbers["minutes"], numbers["pass_mark"],
                      open=bool(form.get("open")), sprint=sprint, max_runs=numbers["max_runs"],
                      cooldown_hours=numbers["cooldown_hours"], down=down), {}


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


def _down_part(form: Any, errors: dict[str, str]) -> DownPart | None:
    """The optional down part: a game, its hands, the percent right and the
    percent of the house's pace to pass; a down the engine refuses is refused."""
    game = str(form.get("down_game", "")).strip()
    if not game:
        return None
    if game not in GAMES or not isinstance(GAMES[game], Game):
        errors["down_game"] = "Choose a game from the list."
        return None
    part = DownPart(game, *(_whole(form, name, errors) for name in DOWN_LIMITS))
    try:
        Down(DownSpec.from_dict(part.spec())).hand(1)
    except (DownError, ValueError, KeyError) as exc:     # a game the down cannot deal
        errors["down_game"] = str(exc)
    return part


def _form_values(audition: Audition | None) -> dict[str, str]:
    """An audition as the form shows it (a new one: the defaults, pass mark 80)."""
    if audition is None:
        return {**DEFAULTS, **SPRINT_DEFAULTS, **DOWN_DEFAULTS, "open": "1", "house-0": "main"}
    values = {"title": audition.title, "hands": str(audition.hands), "minutes": str(audition.minutes),
              "pass_mark": str(audition.pass_mark), "open": "1" if audition.open else "", **SPRINT_DEFAULTS,
              "max_runs": str(audition.max_runs), "cooldown_hours": str(audition.cooldown_hours), **DOWN_DEFAULTS}
    if audition.down:
        d = audition.down
        values.update(down_game=d.game, down_hands=str(d.hands), down_accuracy=str(d.accuracy), down_pace=str(d.pace))
    if audition.sprint:
        part = audition.sprint
        values.update(sprint_kind=part.kind, sprint_n=str(part.n), sprint_seconds=str(part.seconds),
                      sprint_accuracy=str(part.accuracy))
    for i, kind in enumerate(audition.kinds):
        values.update({f"game-{i}": kind.game, f"house-{i}": kind.house, f"wants-{i}": ", ".join(kind.wants)})
    return values


def _edit_page(audition: Audition | None, values: dict[str, str], errors: dict[str, str], status: int = 200):
    return render_template("instructor/auditions/define.html", audition=audition, values=values, errors=errors,
                           games=GAME_CHOICES, houses=HOUSES, wants=WANTS, kinds=range(MAX_KINDS),
                           limits={**LIMITS, **SPRINT_LIMITS, **DOWN_LIMITS},
                           sprint_kinds=[(k, kind_title(k)) for k in (*SPRINT_KINDS, MIX)]), status


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
    return render_template("instructor/auditions/audition.html", audition=audition, runs=runs)


@bp.post("/<int:audition_id>/open")
@instructor_required
def set_open(audition_id: int):
    """Open an audition to trainees, or close it (runs under way go on)."""
    audition = _audition_or_404(audition_id)
    ast.set_open(audition_id, request.form.get("open") == "1")
    flash(f"“{audition.title}” is now {'open' if request.form.get('open') == '1' else 'closed'}.")
    return redirect(url_for("auditions.audition_page", audition_id=audition_id))


# --- taking one -------------------------------------------------------------------


@bp.get("/verify")
@instructor_required
def verify():
    """Check a certificate by its number: who passed what, when, with what score."""
    raw = request.args.get("number", "")
    found = ast.find_certificate(raw) if raw.strip() else None
    audition = ast.get_audition(found.audition_id) if found else None
    status = 404 if raw.strip() and found is None else 200
    return render_template("instructor/auditions/verify.html", number=raw[:80], run=found, audition=audition,
                           asked=bool(raw.strip())), status
