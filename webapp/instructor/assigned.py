"""Work an instructor assigns to a cohort, by kind: a lesson, an audition, a sprint or a down.

Each kind is one handler in KINDS — what the assign form offers, how to
title and link a target, and whether a trainee has done it — so the views
and templates never branch on the kind, and a new kind of work is one more
entry. Rows (`assignments`: cohort, kind, target, due) are webapp/instructor/roster.py's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from flask import url_for

from engine import SPRINT_KINDS, whole_number
from webapp import audition_store, down_store, mastery, sprint_store, store
from webapp.instructor import dashboard, roster
from webapp.trainee.sprint_cells import MIX, kind_title, valid_kind
from webapp.db import get_db


@dataclass(frozen=True)
class Kind:
    """How to handle one kind of assigned work; `target` is the text stored in the row."""
    label: str                                        # the assign form's field name and label
    refused: str                                      # said when the target is not one of choices()
    choices: Callable[[], dict[str, str]]             # target -> title, what may be assigned now
    title: Callable[[str], str | None]                # None: the target is gone
    url: Callable[[str], str]
    score: Callable[[int, str], tuple[Any, bool]]     # (what the trainee's score partial shows, done)
    partial: str                                      # template that shows `score`


def _lessons():
    from webapp.trainee.notebook import library     # here: notebook imports this module
    return library().lessons


def _lesson_score(user_id: int, slug: str) -> tuple[Any, bool]:
    score = store.lesson_score(user_id, slug, [c.id for c in _lessons()[slug].interactive_cells])
    return score, score["complete"]


def audition_of(target: str) -> audition_store.Audition | None:
    number = whole_number(target)
    return audition_store.get_audition(number) if number is not None and str(number) == target else None


def _audition_title(target: str) -> str | None:
    audition = audition_of(target)
    return None if audition is None else audition.title + ("" if audition.open else " (closed)")


def _audition_url(target: str) -> str:
    """Its row in the open auditions; once closed it is listed no more, so
    the trainee's own runs (their results and certificates) instead."""
    audition = audition_of(target)
    shown = f"audition-{target}" if audition is not None and audition.open else "my-runs-h"
    return url_for("auditions.index", _anchor=shown)


def settled_runs(audition_id: int, user_id: int | None = None) -> list[audition_store.Run]:
    """The runs, each past its deadline finished first (audition_store.settle), so a score is final."""
    return [(audition_store.settle(r.id) or r) if r.running else r
            for r in audition_store.runs_of(audition_id=audition_id, user_id=user_id)]


def _audition_score(user_id: int, target: str) -> tuple[Any, bool]:
    best = dashboard.best_of(settled_runs(int(target), user_id))
    return best, best.passed


def _sprint_title(kind: str) -> str | None:
    return f"Sprint: {kind_title(kind)}" if valid_kind(kind) else None


def _sprint_score(user_id: int, kind: str) -> tuple[Any, bool]:
    """The trainee's best timed run of the kind; done once they have finished one."""
    return sprint_store.best(user_id, kind), sprint_store.finished_timed(user_id, kind)


def _down_cells() -> dict[str, str]:
    """Every lesson's down cell as "slug/cell-id" -> its title."""
    return {f"{lesson.slug}/{cell.id}": f"Down: {cell.engine.title or cell.id} ({lesson.title})"
            for lesson in _lessons().values() for cell in lesson.interactive_cells if cell.kind == "down"}


def _down_url(target: str) -> str:
    slug, _, cell = target.partition("/")
    return url_for("notebook.lesson_page", slug=slug, _anchor=f"cell-{cell}")


def _down_score(user_id: int, target: str) -> tuple[Any, bool]:
    """The trainee's best ended down of that cell (accuracy, then pace); done once one has ended."""
    slug, _, cell = target.partition("/")
    runs = [r for r in down_store.runs_of(user_id=user_id, lesson=slug, cell=cell) if r.ended]
    best = down_store.best_of(runs, {r.id: down_store.run_score(r) for r in runs})
    return best, best is not None


KINDS: dict[str, Kind] = {
    "lesson": Kind(
        "Lesson", "Choose a lesson to assign.",
        lambda: {slug: lesson.title for slug, lesson in _lessons().items()},
        lambda slug: getattr(_lessons().get(slug), "title", None),
        lambda slug: url_for("notebook.lesson_page", slug=slug), _lesson_score, "trainee/lessons/_score.html"),
    "audition": Kind(
        "Audition", "Choose an open audition to assign: that one does not exist or is closed.",
        lambda: {str(a.id): a.title for a in audition_store.auditions(open_only=True)},
        _audition_title, lambda target: _audition_url(target),
        _audition_score, "trainee/auditions/_best.html"),
    "sprint": Kind(
        "Sprint", "Choose a sprint kind to assign (or the mix).",
        lambda: {k: f"Sprint: {kind_title(k)}" for k in (*SPRINT_KINDS, MIX)},
        _sprint_title, lambda kind: url_for("sprints.index", kind=kind), _sprint_score, "trainee/sprints/_best.html"),
    "down": Kind(
        "Down", "Choose a lesson's down to assign.", _down_cells, lambda target: _down_cells().get(target),
        _down_url, _down_score, "trainee/downs/_best.html"),
}


def title_of(a: roster.Assignment) -> str:
    return KINDS[a.kind].title(a.target) or f"{a.target} (no longer there)"


@dataclass(frozen=True)
class Work:
    """One piece of work assigned to a trainee, as their pages show it."""
    kind: str
    target: str
    title: str
    url: str
    item: roster.Assigned
    status: str                # done, due or overdue
    score: Any
    partial: str


def assigned_work(user_id: int) -> list[Work]:
    """What the user's cohorts assigned, earliest due first (work since
    deleted is left out); status by UTC days (roster.Assigned.status)."""
    today = mastery.now().date()
    work = []
    for (kind, target), item in roster.assigned_to(get_db(), user_id).items():
        handler = KINDS[kind]
        name = handler.title(target)
        if name is None:
            continue
        score, done = handler.score(user_id, target)
        work.append(Work(kind, target, name, handler.url(target), item, item.status(today, done), score,
                         handler.partial))
    return sorted(work, key=lambda w: (w.item.due, w.title))
