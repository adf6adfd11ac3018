"""The audit trail for admins (issue 33): a page to read it, newest first, one
kind of thing at a time and paged by `before`, and the whole of it as a CSV.

Admins only, checked on the server. Read-only on purpose: the app has no
route that changes or deletes a line (webapp/audit.py writes them, in the
transaction of the change they describe).
"""
from __future__ import annotations

from collections.abc import Iterator

from flask import Blueprint, render_template, request

from engine import whole_number
from webapp import audit
from webapp.auth import admin_required
from webapp.db import get_db
from webapp.instructor.csvout import download
from webapp.instructor.dashboard import Column, Table

bp = Blueprint("audit", __name__, url_prefix="/audit")
PAGE = 50
# The CSV's columns (GUIDE.md, "The audit trail"): the stored values, newest line first.
COLUMNS = (Column("id", "Line"), Column("at", "When (UTC)", "when"), Column("actor", "Who"),
           Column("action", "Did"), Column("thing", "Kind of thing"), Column("thing_id", "Its id"),
           Column("label", "What"), Column("detail", "Detail"))


def _asked() -> tuple[str | None, int | None]:
    """The filter and page asked for; anything else is read as none."""
    thing = request.args.get("thing", "")[:40]
    before = whole_number(request.args.get("before", "")[:20])
    return (thing if thing in audit.THINGS else None), (before or None)


def _row(line: audit.Line) -> tuple:
    return (line.id, line.at, line.actor, line.action, line.thing, line.thing_id, line.label, line.detail)


@bp.get("/")
@admin_required
def index():
    thing, before = _asked()
    found = audit.lines(get_db(), thing, PAGE + 1, before)
    return render_template("admin/audit.html", lines=found[:PAGE], older=found[PAGE - 1].id if len(found) > PAGE else None,
                           thing=thing, before=before, things=[(t, audit.THING_WORDS.get(t, t)) for t in audit.THINGS],
                           thing_words=audit.THING_WORDS, action_words=audit.ACTION_WORDS)


@bp.get("/audit.csv")
@admin_required
def csv():
    """Every line (of one kind of thing, if asked), streamed as it is read."""
    thing, _ = _asked()
    rows: Iterator[tuple] = (_row(line) for line in audit.every_line(get_db(), thing))
    return download(Table(f"audit-trail{'-' + thing if thing else ''}", "Audit trail", COLUMNS, rows), "trainer")
