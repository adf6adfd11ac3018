"""Observed table tests on a tablet at the table, rubrics and pass weights (issue 33).

Instructors record and sign a trainee's test (reached from the trainee's page
in a cohort); an admin countersigns where the rubric asks, edits rubrics (a
TOML text checked on save) and sets the pass weights. A trainee reads their
own signed tests under *My progress*; anyone else's answers 404. Every role is
checked here, on the server; the rules about a signed test are in
webapp/table_tests.py, so no route can change one.
"""
from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for

from webapp import rubric, table_tests
from webapp.auth import admin_required, instructor_required, is_staff, login_required
from webapp.instructor.cohorts import _cohort, _member

bp = Blueprint("table_tests", __name__)
MAX_RUBRIC = 64 * 1024


def _test(test_id: int) -> table_tests.TableTest:
    test = table_tests.get_test(test_id)
    if test is None:
        abort(404)
    return test


def _form_page(test: table_tests.TableTest | None, version: table_tests.RubricVersion, *, user_id: int,
               username: str, values: dict, error: str = "", action: str, correcting: bool = False,
               cohort_id: int | None = None):
    rub = version.rubric
    scores = rubric.read_scores(rub, values) if values else (test.scores if test else {})
    outcome = rubric.score(rub, scores)
    return render_template("instructor/table_tests/form.html", test=test, version=version, rub=rub,
                           username=username, user_id=user_id, values=values, scores=scores, outcome=outcome,
                           games=table_tests.games(), error=error, action=action, correcting=correcting,
                           nonce=values.get("nonce") or table_tests.new_nonce(), cohort_id=cohort_id,
                           history=table_tests.versions(test.series) if test else []), (422 if error else 200)


@bp.route("/cohorts/<int:cohort_id>/trainees/<int:user_id>/table-tests/new", methods=("GET", "POST"))
@instructor_required
def new(cohort_id, user_id):
    """A new test of a trainee in this cohort, on the newest version of the chosen rubric."""
    member = _member(_cohort(cohort_id).id, user_id)
    rubrics = {r.id: r for r in table_tests.current_rubrics()}
    chosen = request.values.get("rubric_id", "")[:20]
    version = rubrics.get(int(chosen)) if chosen.isdigit() else None
    version = version or next(iter(rubrics.values()))
    here = url_for("table_tests.new", cohort_id=cohort_id, user_id=user_id, rubric_id=version.id)
    if request.method == "POST":
        sign = request.form.get("action") == "sign"
        try:
            form = table_tests.read_form(request.form, version.rubric)
            test_id = table_tests.create(member.id, version.id, form, sign, request.form.get("confirm", ""))
        except table_tests.Refused as exc:
            return _form_page(None, version, user_id=member.id, username=member.username, values=request.form,
                              error=str(exc), action=here, cohort_id=cohort_id)
        flash("Table test signed." if sign else "Table test saved as a draft: sign it when the test is over.")
        return redirect(url_for("table_tests.test_page", test_id=test_id))
    return _form_page(None, version, user_id=member.id, username=member.username, values={}, action=here,
                      cohort_id=cohort_id)


@bp.route("/table-tests/<int:test_id>", methods=("GET", "POST"))
@instructor_required
def test_page(test_id):
    """A test: a draft is edited and signed here; a signed one is shown, never changed."""
    test = _test(test_id)
    version = table_tests.rubric_version(test.rubric_id)
    assert version is not None
    here = url_for("table_tests.test_page", test_id=test.id)
    if request.method == "POST":
        sign = request.form.get("action") == "sign"
        if not test.editable:
            if sign:
                return redirect(here)       # the signature posted twice: signed once, nothing more
            return render_template("instructor/table_tests/show.html", test=test, rub=version.rubric, version=version,
                                   history=table_tests.versions(test.series), error=str(table_tests.locked(test))), 409
        try:
            form = table_tests.read_form(request.form, version.rubric)
            table_tests.update_draft(test.id, form, sign, request.form.get("confirm", ""))
        except table_tests.Refused as exc:
            return _form_page(test, version, user_id=test.user_id, username=test.username, values=request.form,
                              error=str(exc), action=here)
        flash("Table test signed." if sign else "Draft saved.")
        return redirect(here)
    if test.editable:
        return _form_page(test, version, user_id=test.user_id, username=test.username, values={}, action=here)
    return render_template("instructor/table_tests/show.html", test=test, rub=version.rubric, version=version,
                           history=table_tests.versions(test.series), error="")


@bp.route("/table-tests/<int:test_id>/correct", methods=("GET", "POST"))
@instructor_required
def correct(test_id):
    """A correction of a signed test: a new version, with what changed and why."""
    test = _test(test_id)
    version = table_tests.rubric_version(test.rubric_id)
    assert version is not None
    here = url_for("table_tests.correct", test_id=test.id)
    if test.editable or test.superseded_by is not None:
        flash("Only the newest signed version of a test is corrected." if test.superseded_by
              else "A draft is edited, not corrected.")
        return redirect(url_for("table_tests.test_page", test_id=test.superseded_by or test.id))
    if request.method == "POST":
        try:
            form = table_tests.read_form(request.form, version.rubric)
            new_id = table_tests.correct(test.id, form, request.form.get("reason", ""), request.form.get("confirm", ""))
        except table_tests.Refused as exc:
            return _form_page(test, version, user_id=test.user_id, username=test.username, values=request.form,
                              error=str(exc), action=here, correcting=True)
        flash("Correction signed: a new version; the earlier one is kept.")
        return redirect(url_for("table_tests.test_page", test_id=new_id))
    values = {"game": test.game, "overall": test.overall,
              **{f"score-{k}": str(v) for k, v in test.scores.items()},
              **{f"comment-{k}": v for k, v in test.comments.items()}}
    return _form_page(test, version, user_id=test.user_id, username=test.username, values=values, action=here,
                      correcting=True)


@bp.post("/table-tests/<int:test_id>/countersign")
@admin_required
def countersign(test_id):
    test = _test(test_id)
    try:
        done = table_tests.countersign(test.id)
    except table_tests.Refused as exc:
        flash(str(exc))
    else:
        flash("Second signature added." if done else "No second signature was due.")
    return redirect(url_for("table_tests.test_page", test_id=test.id))


# --- the trainee's own tests -------------------------------------------------------------------

@bp.get("/progress/table-tests")
@login_required
def mine():
    return render_template("trainee/table_tests/mine.html", tests=table_tests.tests_of(g.user["id"], signed_only=True))


@bp.get("/progress/table-tests/<int:test_id>")
@login_required
def mine_one(test_id):
    """One of the trainee's signed tests, every version; another trainee's (or a draft) is 404."""
    test = table_tests.get_test(test_id)
    if test is None or test.status == table_tests.DRAFT or (test.user_id != g.user["id"] and not is_staff(g.user)):
        abort(404)
    version = table_tests.rubric_version(test.rubric_id)
    assert version is not None
    return render_template("trainee/table_tests/one.html", test=test, rub=version.rubric, version=version,
                           history=[t for t in table_tests.versions(test.series) if t.status != table_tests.DRAFT])


# --- rubrics and weights (admins) ----------------------------------------------------------------

@bp.get("/rubrics/")
@admin_required
def rubrics():
    return render_template("instructor/table_tests/rubrics.html", rubrics=table_tests.current_rubrics(),
                           waiting=table_tests.waiting())


@bp.route("/rubrics/<name>/edit", methods=("GET", "POST"))
@admin_required
def edit_rubric(name):
    """The rubric's TOML in a text box, checked on save: a bad text is shown back with why, nothing saved."""
    versions = table_tests.rubric_versions(name)
    if not versions:
        abort(404)
    text, error = versions[0].text, ""
    if request.method == "POST":
        text = request.form.get("text", "")[:MAX_RUBRIC].replace("\r\n", "\n")
        try:
            saved = table_tests.save_rubric(name, text)
        except rubric.RubricError as exc:
            error = str(exc)
        else:
            flash(f"Saved as version {saved.version}." if saved.version != versions[0].version
                  else "Nothing changed: the text is the newest version's.")
            return redirect(url_for("table_tests.edit_rubric", name=name))
    return render_template("instructor/table_tests/edit_rubric.html", name=name, versions=versions, text=text,
                           error=error), (422 if error else 200)


@bp.get("/rubrics/<name>/versions/<int:version>")
@admin_required
def rubric_version(name, version):
    found = [v for v in table_tests.rubric_versions(name) if v.version == version]
    if not found:
        abort(404)
    return render_template("instructor/table_tests/rubric_version.html", version=found[0], rub=found[0].rubric)


@bp.route("/cohorts/weights", methods=("GET", "POST"))
@admin_required
def weights():
    """The weights of the combined pass status (written, drills, audition, table test) and the pass mark."""
    error, values = "", {}
    if request.method == "POST":
        values = {k: request.form.get(k, "")[:10] for k, _ in (*rubric.WEIGHT_PARTS, ("pass_mark", ""))}
        try:
            table_tests.save_weights(rubric.read_weights(values))
        except rubric.RubricError as exc:
            error = str(exc)
        else:
            flash("Pass weights saved.")
            return redirect(url_for("table_tests.weights"))
    current = table_tests.current_weights()
    return render_template("instructor/table_tests/weights.html", current=current, parts=rubric.WEIGHT_PARTS,
                           values=values or {**current.weights.parts(), "pass_mark": current.weights.pass_mark},
                           history=table_tests.weights_history(), error=error), (422 if error else 200)
