"""Instructors write lessons in the browser: the same plain-text files as
lessons/, checked by the same loader before anything is saved."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for

from webapp.auth import instructor_required
from webapp.lessonfile import LessonError, is_lesson_name, parse_lesson

bp = Blueprint("authoring", __name__, url_prefix="/author")
MAX_BYTES = 512 * 1024
TEMPLATE = '''+++
title = "New lesson"
summary = "One line for the lesson list."
order = 100
+++

# A heading

Explain the rule here, citing it by number (for example 8.17.4(a)).

```question
id = "first-question"
ask = "split"
prompt = "Two players tie for a pot of 15; the smallest chip is 5. How much does each get?"
pot = 15
winners = [2, 7]
button = 5
lowest_chip = 5
```
'''


def lesson_path(slug: str) -> Path:
    if not is_lesson_name(slug):
        abort(404)
    return Path(current_app.config["LESSONS_DIR"]) / f"{slug}.md"


def check(text: str, slug: str):
    """(lesson, error): the loader's verdict on the text, as lessons/SLUG.md."""
    try:
        return parse_lesson(text, path=f"lessons/{slug}.md", slug=slug,
                            folder=current_app.config["LESSONS_DIR"]), None
    except LessonError as exc:
        return None, exc


@bp.get("/")
@instructor_required
def index():
    folder = Path(current_app.config["LESSONS_DIR"])
    files = sorted(p.stem for p in folder.glob("*.md") if p.name.lower() != "readme.md")
    return render_template("authoring/index.html", files=files)


@bp.route("/new", methods=("GET", "POST"))
@instructor_required
def new():
    slug = request.form.get("slug", "").strip().lower()
    text = request.form.get("text", TEMPLATE).replace("\r\n", "\n")
    error = None
    if request.method == "POST":
        if not is_lesson_name(slug):
            error = "File name: lower-case letters, digits and dashes, e.g. holdem-03-side-pots."
        elif lesson_path(slug).exists():
            error = f"lessons/{slug}.md already exists: open it from the list to edit it."
        else:
            return _save(slug, text, creating=True)
    return render_template("authoring/edit.html", slug=slug, text=text, creating=True, error=error,
                           lesson=None, problem=None)


@bp.route("/<slug>", methods=("GET", "POST"))
@instructor_required
def edit(slug):
    path = lesson_path(slug)
    if request.method == "POST":
        return _save(slug, request.form.get("text", "").replace("\r\n", "\n"), creating=False)
    if not path.exists():
        abort(404)
    text = path.read_text(encoding="utf-8")
    lesson, problem = check(text, slug)
    return render_template("authoring/edit.html", slug=slug, text=text, creating=False, error=None,
                           lesson=lesson, problem=problem)


def _save(slug: str, text: str, creating: bool):
    """Save only a lesson the loader accepts; otherwise keep the text on screen."""
    lesson, problem = check(text, slug)
    error = None
    if len(text.encode("utf-8")) > MAX_BYTES:
        lesson, error = None, f"A lesson may be at most {MAX_BYTES // 1024} KB."
    if lesson is None or request.form.get("action") == "check":
        status = 422 if lesson is None else 200
        return render_template("authoring/edit.html", slug=slug, text=text, creating=creating,
                               error=error, lesson=lesson, problem=problem), status
    path = lesson_path(slug)
    tmp = path.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    flash(f"Saved lessons/{slug}.md.")
    return redirect(url_for("authoring.edit", slug=slug))
