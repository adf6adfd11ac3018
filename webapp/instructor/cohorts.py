"""Cohorts and the class dashboard (instructors and admins); instructor
accounts (admins only). Every view checks the role on the server.

Every instructor sees every cohort: a small school shares its classes
(GUIDE.md, "Cohorts"). A trainee's page is reached only through a cohort the
trainee is in. One-time passwords are shown once, in the reply to the form
that made them (never stored in clear, never on a later page).
"""
from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

from flask import Blueprint, abort, flash, g, make_response, redirect, render_template, request, url_for

from engine import rule_label, whole_number
from webapp import accommodations, audition_store, down_store, history, sprint_store, table_tests
from webapp.instructor import charts, dashboard, roster
from webapp.instructor.assigned import KINDS, audition_of, settled_runs, title_of
from webapp.auth import STAFF, admin_required, instructor_required
from webapp.instructor.csvout import download
from webapp.db import get_db
from webapp.mastery import now, readable_day
from webapp.trainee.notebook import library

bp = Blueprint("cohorts", __name__, url_prefix="/cohorts")
SHOWN_ATTEMPTS = 200
MAX_UPLOAD = 512 * 1024


def _cohort(cohort_id: int) -> roster.Cohort:
    cohort = roster.get_cohort(get_db(), cohort_id)
    if cohort is None:
        abort(404)
    return cohort


def _member(cohort_id: int, user_id: int) -> roster.Member:
    found = [m for m in roster.members(get_db(), cohort_id) if m.id == user_id]
    if not found:
        abort(404)
    return found[0]


def _attempts(user_ids: list[int], lesson: str | None = None) -> list[dict]:
    """Each trainee's most recent attempts (webapp/history.py's bounded window,
    issue 30): the pages' cost does not grow with a trainee's history."""
    return history.recent(user_ids, lesson)


def _all_attempts(user_ids: list[int]) -> Iterator[dict]:
    """Every attempt of the users, oldest first, read row by row for a streamed CSV."""
    if not user_ids:
        return
    cur = get_db().conn.execute(f"select {dashboard.ATTEMPT_COLUMNS} from attempts where user_id in "
                                f"({','.join('?' * len(user_ids))}) order by id", user_ids)
    names = [d[0] for d in cur.description]
    for row in cur:
        yield dict(zip(names, row))


def _matrix(cohort: roster.Cohort) -> dashboard.Matrix:
    db, lib = get_db(), library()
    trainees = roster.members(db, cohort.id)
    ids = [t.id for t in trainees]
    marks = ",".join("?" * len(ids))
    # Each trainee's attempts and right ones per lesson, as the database keeps them (webapp/db.py,
    # _v12_lesson_totals): a row per lesson tried, not a count of every attempt (issue 30).
    scores = list(db.execute(f"select user_id, lesson, attempts, correct from lesson_totals "
                             f"where user_id in ({marks}) and attempts > 0 order by user_id, lesson", ids)) if ids else []
    done = list(db.execute(f"select user_id, lesson, cell from cell_state where done = 1 and user_id in ({marks})",
                           ids)) if ids else []
    assigned = roster.assignments(db, cohort.id)
    columns = dashboard.lesson_columns(lib, assigned, {s for _, s, _, _ in scores})
    auditions = [dashboard.AuditionColumn(audition.id, audition.title, a.due) for a in assigned
                 if a.kind == "audition" and (audition := audition_of(a.target)) is not None]
    runs = [r for a in auditions for r in settled_runs(a.id) if r.user_id in ids]
    return dashboard.matrix(trainees, columns, done, scores, now().date(), auditions, runs)


def _readiness(members: list[roster.Member]) -> dashboard.Table:
    """Sprint readiness per trainee and kind (webapp/sprint_store.py), leeches flagged."""
    ready = sprint_store.readiness_of_many([m.id for m in members])
    return dashboard.readiness_table([(m.username, r) for m in members for r in ready[m.id]])


def _downs(members: list[roster.Member]) -> dashboard.Table:
    """Every down of the cohort's trainees (webapp/down_store.py), by trainee, newest first."""
    found = down_store.runs_of_users([m.id for m in members])
    return dashboard.down_results(((r, down_store.run_score(r)) for m in members for r in found.get(m.id, [])),
                                  {m.id: m.username for m in members})


def _one_time(accounts: list[roster.NewAccount], back: str, back_label: str):
    """The page that shows new passwords: its only showing, never cached."""
    response = make_response(render_template("instructor/cohorts/accounts.html", accounts=accounts, back=back,
                                             back_label=back_label))
    response.headers["Cache-Control"] = "no-store"
    return response


# The due date the assign form offers: a week from today (a class's usual rhythm), never today.
DUE_AHEAD = timedelta(days=7)


def _standing(cohort: roster.Cohort) -> dashboard.Table:
    """Each trainee's combined pass status from the admin's weights (webapp/instructor/record.py)."""
    from webapp.instructor import record      # record builds on this module's cohort lookups
    return record.standing_table(roster.members(get_db(), cohort.id))


def _cohort_page(cohort: roster.Cohort, status: int = 200, **form):
    db = get_db()
    return render_template(
        "instructor/cohorts/cohort.html", cohort=cohort, m=_matrix(cohort), outside=roster.trainees_outside(db, cohort.id),
        standing=_standing(cohort),
        ready=_readiness(roster.members(db, cohort.id)), downs=_downs(roster.members(db, cohort.id)),
        assigned=[(a, title_of(a)) for a in roster.assignments(db, cohort.id)], kinds=KINDS,
        choices={kind: handler.choices() for kind, handler in KINDS.items()}, today=now().date(),
        due=now().date() + DUE_AHEAD, form=form), status


# --- cohorts and their trainees -------------------------------------------------------------

@bp.route("/", methods=("GET", "POST"))
@instructor_required
def index():
    error, name = None, ""
    if request.method == "POST":
        name = request.form.get("name", "")[:200]
        try:
            cohort_id = roster.create_cohort(get_db(), name, g.user["id"])
        except roster.Refused as exc:
            error = str(exc)
        else:
            flash(f"Cohort {name.strip()!r} created. Add its trainees below.")
            return redirect(url_for("cohorts.cohort", cohort_id=cohort_id))
    return render_template("instructor/cohorts/index.html", cohorts=roster.cohorts(get_db()), error=error,
                           name=name), (422 if error else 200)


@bp.get("/<int:cohort_id>")
@instructor_required
def cohort(cohort_id):
    return _cohort_page(_cohort(cohort_id))


@bp.post("/<int:cohort_id>/trainees")
@instructor_required
def add_trainee(cohort_id):
    """One new trainee account, with a one-time password."""
    cohort = _cohort(cohort_id)
    name = request.form.get("name", "")[:200].strip()
    try:
        why = roster.check_name(name)
        if why:
            raise roster.Refused([f"New trainee: {why}."])
        made = roster.create_accounts(get_db(), [(1, name)], "trainee", cohort.id)
    except roster.Refused as exc:
        return _cohort_page(cohort, 422, add_error=str(exc).replace("line 1: ", ""), add_name=name)
    return _one_time(made, url_for("cohorts.cohort", cohort_id=cohort.id), f"Back to {cohort.name}")


@bp.post("/<int:cohort_id>/import")
@instructor_required
def import_trainees(cohort_id):
    """Many new trainees from a CSV file or pasted names: all made, or none."""
    cohort = _cohort(cohort_id)
    pasted = request.form.get("names", "")[:MAX_UPLOAD]
    upload = request.files.get("file")
    filename = None
    try:
        if upload is not None and upload.filename:
            filename = upload.filename[:200]
            raw = upload.read(MAX_UPLOAD + 1)
            if len(raw) > MAX_UPLOAD:
                raise roster.Refused([f"The file is larger than {MAX_UPLOAD // 1024} KB."])
            pasted = roster.decode(raw)   # refused: its names come back in the box, to correct
        made = roster.create_accounts(get_db(), roster.read_names(pasted), "trainee", cohort.id)
    except roster.Refused as exc:
        return _cohort_page(cohort, 422, import_errors=exc.problems, pasted=pasted, import_file=filename)
    return _one_time(made, url_for("cohorts.cohort", cohort_id=cohort.id), f"Back to {cohort.name}")


@bp.post("/<int:cohort_id>/members")
@instructor_required
def add_member(cohort_id):
    cohort = _cohort(cohort_id)
    try:
        roster.add_member(get_db(), cohort.id, whole_number(request.form.get("user_id", "")[:20]) or 0)
    except roster.Refused:
        return _cohort_page(cohort, 422, member_error="Choose a trainee account to add.")
    flash("Trainee added to the cohort.")
    return redirect(url_for("cohorts.cohort", cohort_id=cohort.id))


@bp.post("/<int:cohort_id>/members/<int:user_id>/remove")
@instructor_required
def remove_member(cohort_id, user_id):
    member = _member(_cohort(cohort_id).id, user_id)
    roster.remove_member(get_db(), cohort_id, member.id)
    flash(f"{member.username} left the cohort; the account and its attempts stay.")
    return redirect(url_for("cohorts.cohort", cohort_id=cohort_id))


@bp.post("/<int:cohort_id>/trainees/<int:user_id>/password")
@instructor_required
def reset_trainee(cohort_id, user_id):
    member = _member(_cohort(cohort_id).id, user_id)
    made = roster.reset_password(get_db(), member.id)
    return _one_time([made], url_for("cohorts.trainee", cohort_id=cohort_id, user_id=user_id),
                     f"Back to {member.username}")


@bp.post("/<int:cohort_id>/assignments")
@instructor_required
def assign(cohort_id):
    """Assign a lesson, an audition or a sprint: the form has one choice per kind (assigned.KINDS), one of them set."""
    cohort = _cohort(cohort_id)
    chosen = {kind: request.form.get(kind, "")[:200] for kind in KINDS}
    picked = [(kind, target) for kind, target in chosen.items() if target]
    try:
        if len(picked) != 1:
            raise roster.Refused(["Choose one lesson, audition, sprint or down to assign" +
                                  (", not several." if picked else ".")])
        kind, target = picked[0]
        name = KINDS[kind].choices().get(target)
        if name is None:
            raise roster.Refused([KINDS[kind].refused])
        due = roster.read_due(request.form.get("due", "")[:40], today=now().date())
        roster.assign(get_db(), cohort.id, kind, target, due, title=name)
    except roster.Refused as exc:
        return _cohort_page(cohort, 422, assign_error=str(exc), assign_chosen=chosen)
    flash(f"Assigned {name}, due {readable_day(due)}.")
    return redirect(url_for("cohorts.cohort", cohort_id=cohort.id))


@bp.post("/<int:cohort_id>/assignments/<int:assignment_id>/remove")
@instructor_required
def unassign(cohort_id, assignment_id):
    cohort = _cohort(cohort_id)
    found = [a for a in roster.assignments(get_db(), cohort.id) if a.id == assignment_id]
    if not found or not roster.unassign(get_db(), cohort.id, assignment_id, title=title_of(found[0])):
        abort(404)
    flash("Assignment removed; the trainees' work in it stays.")
    return redirect(url_for("cohorts.cohort", cohort_id=cohort_id))


# --- the dashboard --------------------------------------------------------------------------

def _items(cohort: roster.Cohort, lesson: str | None):
    ids = [m.id for m in roster.members(get_db(), cohort.id)]
    return dashboard.item_analysis(_attempts(ids, lesson))


def _missed_chart(chart_id: str, table: dashboard.Table, title: str) -> charts.Chart:
    top = table.rows[:10]
    return charts.rows(chart_id, title, f"Bars: misses per rule, the {len(top)} missed most.",
                       [(f"Rule {rule_label(r[0])}", r[1], str(r[1])) for r in top])


@bp.get("/<int:cohort_id>/items")
@instructor_required
def items(cohort_id):
    cohort = _cohort(cohort_id)
    lesson = request.args.get("lesson", "")[:200] or None
    if lesson is not None and lesson not in library().lessons:
        lesson = None
    by_cell, by_rule = _items(cohort, lesson)
    ids = [m.id for m in roster.members(get_db(), cohort.id)]
    missed = dashboard.rules_missed(_attempts(ids, lesson))
    return render_template("instructor/cohorts/items.html", cohort=cohort, by_cell=by_cell, by_rule=by_rule,
                           lessons=list(library().lessons.values()), lesson=lesson,
                           chart=_missed_chart("class-missed", missed, "Rules the cohort missed most"))


def _trainee_tables(member: roster.Member) -> dict[str, dashboard.Table]:
    attempts = _attempts([member.id])
    tables = {t.name: t for t in (dashboard.attempts_table(attempts, {member.id: member.username}),
                                  dashboard.by_day(attempts), dashboard.rules_missed(attempts),
                                  dashboard.cell_times(attempts))}
    auditions = audition_store.auditions()
    tables["auditions"] = dashboard.audition_results(audition_store.runs_of(user_id=member.id),
                                                     {a.id: a.title for a in auditions},
                                                     {a.id: a.max_runs for a in auditions})
    tables["sprint-readiness"] = _readiness([member])
    tables["downs"] = dashboard.down_results((r, down_store.run_score(r))
                                             for r in down_store.runs_of(user_id=member.id))
    return tables


@bp.get("/<int:cohort_id>/trainees/<int:user_id>")
@instructor_required
def trainee(cohort_id, user_id):
    cohort = _cohort(cohort_id)
    return _trainee_page(cohort, _member(cohort.id, user_id))


def _trainee_page(cohort: roster.Cohort, member: roster.Member, status: int = 200, **form):
    """The trainee's page; `form` carries a refused form's error and what was typed."""
    tables = _trainee_tables(member)
    days = tables["by-day"]
    accuracy = charts.columns("accuracy", "Accuracy by day",
                              "Bars: the share of attempts that were right, one bar per day.",
                              [(readable_day(r[0]), r[3] or 0, f"{r[3]}%") for r in days.rows], top=100)
    speed = charts.columns("speed", "Median time by day", "Bars: the median thinking time in seconds, one per day.",
                           [(readable_day(r[0]), (r[4] or 0) / 1000, f"{(r[4] or 0) / 1000:.1f} s") for r in days.rows])
    recent = tables["attempts"]
    shown = dashboard.Table(recent.name, recent.title, recent.columns, recent.rows[-SHOWN_ATTEMPTS:][::-1])
    total = get_db().execute("select count(*) from attempts where user_id = ?", [member.id]).fetchone()[0]
    return render_template("instructor/cohorts/trainee.html", cohort=cohort, member=member, tables=tables, shown=shown,
                           total=total, accuracy=accuracy, speed=speed, table_tests=table_tests.tests_of(member.id),
                           down_runs=down_store.runs_of(user_id=member.id),
                           missed=_missed_chart("missed", tables["rules-missed"], "Rules missed most"),
                           accommodation=accommodations.current(get_db(), member.id),
                           accommodations=accommodations.history(get_db(), member.id),
                           limits=(accommodations.MAX_EXTRA_TIME_PCT, accommodations.MAX_EXTRA_ATTEMPTS,
                                   accommodations.MAX_REASON), form=form), status


# --- accommodations (issue 33) --------------------------------------------------------------

@bp.post("/<int:cohort_id>/trainees/<int:user_id>/accommodation")
@instructor_required
def set_accommodation(cohort_id, user_id):
    """Give the trainee extra time or attempts, or change what they have: a new row, audited."""
    cohort = _cohort(cohort_id)
    member = _member(cohort.id, user_id)
    typed = {k: request.form.get(k, "")[:1000] for k in ("extra_time_pct", "extra_attempts", "reason")}
    try:
        wanted = accommodations.read_form(typed)
    except accommodations.Refused as exc:
        return _trainee_page(cohort, member, 422, accommodation_error=str(exc), **typed)
    given = accommodations.give(get_db(), member.id, wanted, g.user["id"])
    flash(f"{member.username} now has {given.words()}, from their next audition or sprint.")
    return redirect(url_for("cohorts.trainee", cohort_id=cohort.id, user_id=member.id, _anchor="accommodation-h"))


@bp.post("/<int:cohort_id>/trainees/<int:user_id>/accommodation/end")
@instructor_required
def end_accommodation(cohort_id, user_id):
    cohort = _cohort(cohort_id)
    member = _member(cohort.id, user_id)
    if accommodations.end(get_db(), member.id, request.form.get("reason", "")[:1000], g.user["id"]):
        flash(f"{member.username}'s accommodation ended; runs already started keep theirs.")
    else:
        flash(f"{member.username} has no accommodation to end.")
    return redirect(url_for("cohorts.trainee", cohort_id=cohort.id, user_id=member.id, _anchor="accommodation-h"))


# --- CSV ------------------------------------------------------------------------------------

def _cohort_tables(cohort: roster.Cohort) -> dict:
    """Each cohort CSV by name: made only when asked for."""
    def attempts():
        members = roster.members(get_db(), cohort.id)
        return dashboard.attempts_table(_all_attempts([m.id for m in members]), {m.id: m.username for m in members})
    return {
        "matrix": lambda: dashboard.matrix_table(_matrix(cohort)),
        "items-by-cell": lambda: _items(cohort, request.args.get("lesson") or None)[0],
        "items-by-rule": lambda: _items(cohort, request.args.get("lesson") or None)[1],
        "attempts": attempts,
        "sprint-readiness": lambda: _readiness(roster.members(get_db(), cohort.id)),
        "standing": lambda: _standing(cohort),
        "downs": lambda: _downs(roster.members(get_db(), cohort.id)),
    }


@bp.get("/<int:cohort_id>/csv/<name>")
@instructor_required
def cohort_csv(cohort_id, name):
    cohort = _cohort(cohort_id)
    make = _cohort_tables(cohort).get(name)
    if make is None:
        abort(404)
    return download(make(), f"cohort-{cohort.id}")


@bp.get("/<int:cohort_id>/trainees/<int:user_id>/csv/<name>")
@instructor_required
def trainee_csv(cohort_id, user_id, name):
    member = _member(_cohort(cohort_id).id, user_id)
    if name == "attempts":      # every attempt, streamed (issue 30)
        return download(dashboard.attempts_table(_all_attempts([member.id]), {member.id: member.username}),
                        f"trainee-{member.id}")
    table = _trainee_tables(member).get(name)
    if table is None:
        abort(404)
    return download(table, f"trainee-{member.id}")


# --- instructors (admins only) --------------------------------------------------------------

def _staff() -> list[dict]:
    return list(get_db().query("select id, username, role, must_change_password from users where role in "
                               f"({','.join('?' * len(STAFF))}) order by username", list(STAFF)))


@bp.route("/instructors", methods=("GET", "POST"))
@admin_required
def instructors():
    error, name = None, ""
    if request.method == "POST":
        name = request.form.get("name", "")[:200].strip()
        role = request.form.get("role", "instructor")
        try:
            why = roster.check_name(name)
            if why:
                raise roster.Refused([f"New account: {why}."])
            if role not in STAFF:
                raise roster.Refused(["Choose instructor or admin."])
            made = roster.create_accounts(get_db(), [(1, name)], role)
        except roster.Refused as exc:
            error = str(exc).replace("line 1: ", "")
        else:
            return _one_time(made, url_for("cohorts.instructors"), "Back to instructors")
    return render_template("instructor/cohorts/instructors.html", staff=_staff(), error=error, name=name), (422 if error else 200)


@bp.post("/instructors/<int:user_id>/password")
@admin_required
def reset_instructor(user_id):
    """A new one-time password for an instructor (or another admin)."""
    if not any(s["id"] == user_id for s in _staff()):
        abort(404)
    return _one_time([roster.reset_password(get_db(), user_id)], url_for("cohorts.instructors"),
                     "Back to instructors")
