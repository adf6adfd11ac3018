"""One record per trainee for the personnel file (issue 33): a printable page
and a CSV, and the combined pass status the cohort dashboard shows.

The record is a list of sections (`SECTIONS`), each a function from a
trainee's id to rows of the same four columns, so the page and the CSV never
disagree and a new part of the record is one more entry in the list (the
downs of issue 32 are one). CSV columns: trainee, section, item, result,
detail, date (GUIDE.md, "The trainee's record").
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from statistics import mean

from flask import Blueprint, render_template

from engine import get_game, rule_label
from webapp import accommodations, audition_store, down_store, history, mastery, rubric, sprint_store, store, table_tests
from webapp.auth import instructor_required
from webapp.db import get_db
from webapp.instructor.cohorts import _cohort, _member
from webapp.instructor.csvout import download
from webapp.instructor.dashboard import Column, Table
from webapp.instructor.roster import Member
from webapp.lessonfile import suggested_order
from webapp.trainee import down_cells
from webapp.trainee.notebook import library

bp = Blueprint("record", __name__)


@dataclass(frozen=True)
class Row:
    item: str
    result: str
    detail: str = ""
    date: str = ""           # ISO time or day, as stored (the page shows it readable)


@dataclass(frozen=True)
class Section:
    key: str                             # the CSV's `section` value
    title: str
    rows: Callable[[int], list[Row]]
    empty: str


def _lessons(user_id: int) -> list[Row]:
    rows = []
    for lesson in suggested_order(library().lessons.values()):
        score = store.lesson_score(user_id, lesson.slug, [c.id for c in lesson.interactive_cells])
        if score["attempts"] or score["done"]:
            rows.append(Row(lesson.title, "completed" if score["complete"] else f"{score['done']} of {score['cells']} cells",
                            f"{score['score']}% of {score['attempts']} attempts right" if score["attempts"] else ""))
    return rows


def _mastery(user_id: int) -> list[Row]:
    return [Row(rule_label(m.key), m.level, f"{m.accuracy}% right of the last {m.attempts}", m.last_at)
            for m in mastery.by_rule(history.last_per_rule(user_id))]


def _drills(user_id: int) -> list[Row]:
    lib = library()
    drills = {(lesson.slug, cell.id): (lesson.title, cell.id) for lesson in lib.lessons.values()
              for cell in lesson.interactive_cells if cell.kind == "drill"}
    db = get_db()
    done = {(r[0], r[1]) for r in db.execute("select lesson, cell from cell_state where user_id = ? and done = 1",
                                             [user_id])}
    rows = []
    for lesson, cell, n, right, last in db.execute(
            "select lesson, cell, count(*), coalesce(sum(correct), 0), max(created_at) from attempts "
            "where user_id = ? group by lesson, cell order by lesson, cell", [user_id]):
        if (lesson, cell) in drills:
            title, _ = drills[(lesson, cell)]
            rows.append(Row(f"{title}: {mastery.cell_name(lib, lesson, cell)}",
                            "dealt to the end" if (lesson, cell) in done else "started",
                            f"{right} of {n} steps right", last))
    return rows


def _sprints(user_id: int) -> list[Row]:
    return [Row(r.kind, f"readiness {round(r.readiness.readiness)} of 100",
                f"{round(r.readiness.accuracy)}% right, median {round(r.readiness.median_seconds or 0, 1)} s over "
                f"{r.items} items (target {r.target_accuracy}% in {r.target_seconds} s)"
                + ("; missed again and again" if r.readiness.leech else ""))
            for r in sprint_store.readiness_of(user_id)]


def _auditions(user_id: int) -> list[Row]:
    titles = {a.id: a.title for a in audition_store.auditions()}
    return [Row(f"{titles.get(r.audition_id, f'audition {r.audition_id}')} (attempt {r.attempt})",
                r.status if r.running or r.score is None else f"{'passed' if r.passed else 'not passed'}, {r.score}%",
                f"certificate {r.certificate}" if r.certificate else "no certificate", r.finished_at or r.started_at)
            for r in audition_store.runs_of(user_id=user_id)]


def _down_games(run: down_store.Run) -> str:
    spec = down_cells.down_of(down_store.spec_key(run), run.seed).spec
    return ", ".join(get_game(g).title for g in spec.games)


def _down_pace(s: down_store.Score) -> str:
    if s.pace is None:
        return "pace not measured (under a minute of dealing)"
    return f"pace {round(s.pace)} hands an hour, {s.pace_percent}% of the house's {round(s.pace_standard)}"


def _downs(user_id: int) -> list[Row]:
    """Every down run, newest first (webapp/down_store.py): its pace and accuracy
    as the down's summary gives them; an audition's down part says so."""
    rows = []
    for run in down_store.runs_of(user_id=user_id):
        s = down_store.run_score(run)
        part = "; an audition's down part" if run.audition_run_id is not None else ""
        right = f"{s.accuracy}% right at the first try" if s.accuracy is not None else "nothing dealt"
        detail = (f"{s.hands} hand{'s' if s.hands != 1 else ''} dealt; steps {s.steps_first}/{s.steps}, "
                  f"rulings {s.rulings_right}/{s.rulings}, amounts {s.amounts_right}/{s.amounts} right; {_down_pace(s)}"
                  + (f"; with {run.extra_time_pct}% extra time" if run.extra_time_pct else ""))
        rows.append(Row(f"{run.title or 'A down'} ({_down_games(run)}{part})", f"{run.status}, {right}", detail,
                        run.ended_at or run.started_at))
    return rows


def _signed(t: table_tests.TableTest) -> str:
    said = f"signed by {t.signed_by_name} at {t.signed_at}" if t.signed_at else "not signed"
    if t.second_at:
        said += f"; second signature by {t.second_by_name} at {t.second_at}"
    elif t.status == table_tests.COUNTERSIGN:
        said += "; second signature due"
    return said


def _table_tests(user_id: int) -> list[Row]:
    rows = []
    for t, rub in table_tests.on_record(user_id):
        scores = ", ".join(f"{c.title} {t.scores.get(c.key, '-')}" for c in rub.categories)
        corrected = f"; correction by {t.created_by}: {t.changes} (why: {t.reason})" if t.reason else ""
        superseded = "; superseded by a correction" if t.superseded_by else ""
        rows.append(Row(f"Test {t.series} version {t.version}: {t.game_title}", "pass" if t.passed else "fail",
                        f"rubric {t.rubric_title} v{t.rubric_version}: {scores}; {_signed(t)}{corrected}{superseded}",
                        t.signed_at or t.created_at))
    return rows


def _accommodations(user_id: int) -> list[Row]:
    """Every accommodation set, changed or ended (webapp/accommodations.py), the newest first, with its reason."""
    found = accommodations.history(get_db(), user_id)
    return [Row(f"{a.action}{' (in force)' if n == 0 and a.action != 'ended' else ''}",
                "ended" if a.action == "ended" else a.words(), f"by {a.set_by}; reason: {a.reason}", a.set_at)
            for n, a in enumerate(found)]


# The record's parts in order: a new part is one more entry here,
# a function giving Rows; the page, the CSV and GUIDE.md's column list follow it.
SECTIONS: list[Section] = [
    Section("lessons", "Lessons", _lessons, "No lesson started."),
    Section("mastery", "Mastery per rule", _mastery, "No rule practised yet."),
    Section("drills", "Drills", _drills, "No drill dealt yet."),
    Section("sprint-readiness", "Sprint readiness", _sprints, "No sprints yet."),
    Section("downs", "Downs", _downs, "No down dealt yet."),
    Section("auditions", "Auditions", _auditions, "No auditions yet."),
    Section("table-tests", "Observed table tests", _table_tests, "No signed table test yet."),
    Section("accommodations", "Accommodations", _accommodations, "No accommodation given."),
]
CSV_COLUMNS = (Column("trainee", "Trainee"), Column("section", "Section"), Column("item", "Item"),
               Column("result", "Result"), Column("detail", "Detail"), Column("date", "Date (UTC)"))


def record_table(member: Member) -> Table:
    """The whole record as one table: a row per item, sections in SECTIONS order."""
    return Table("record", f"Record of {member.username}", CSV_COLUMNS,
                 [(member.username, s.key, r.item, r.result, r.detail, r.date) for s in SECTIONS for r in s.rows(member.id)])


# --- the combined pass status ------------------------------------------------------------------

def standings(user_ids: list[int]) -> dict[int, tuple[rubric.Standing, table_tests.TableTest | None]]:
    """Each trainee's marks (GUIDE.md, "Pass weights"): written = the share of lesson
    attempts right; drills = mean sprint readiness over the kinds sprinted; audition =
    the best finished score; table test = the newest signed test's rubric score (its
    total of the most it could be)."""
    weights = table_tests.current_weights().weights
    db = get_db()
    written = {r[0]: round(100 * r[2] / r[1]) for r in db.execute(
        f"select user_id, sum(attempts), sum(correct) from lesson_totals where user_id in "
        f"({','.join('?' * len(user_ids))}) group by user_id having sum(attempts) > 0", user_ids)} if user_ids else {}
    ready = sprint_store.readiness_of_many(user_ids)
    tests = table_tests.latest_of_many(user_ids)
    found = {}
    for user_id in user_ids:
        scores = [r.score for r in audition_store.runs_of(user_id=user_id) if not r.running and r.score is not None]
        test = tests.get(user_id)
        outcome = None
        if test is not None:
            version = table_tests.rubric_version(test.rubric_id)
            assert version is not None
            outcome = rubric.score(version.rubric, test.scores)
        marks = {"written": written.get(user_id),
                 "drills": round(mean(r.readiness.readiness for r in ready[user_id])) if ready.get(user_id) else None,
                 "audition": max(scores) if scores else None,
                 "table_test": outcome.percent if outcome else None}
        found[user_id] = (rubric.standing(weights, marks, test.passed if test else None), test)
    return found


STANDING_COLUMNS = (Column("trainee", "Trainee"), Column("written", "Written", "pct"), Column("drills", "Drills", "pct"),
                    Column("audition", "Audition", "pct"), Column("table_test", "Table test", "pct"),
                    Column("table_test_result", "Table test result"), Column("combined", "Combined", "pct"),
                    Column("status", "Status"))


def standing_table(members: list[Member]) -> Table:
    found = standings([m.id for m in members])
    rows = []
    for m in members:
        s, test = found[m.id]
        rows.append((m.username, s.marks["written"], s.marks["drills"], s.marks["audition"], s.marks["table_test"],
                     ("pass" if test.passed else "fail") if test else "", s.combined, s.status))
    weights = table_tests.current_weights().weights
    title = ("Combined pass status (weights: " + ", ".join(f"{k.replace('_', ' ')} {v}%" for k, v in
                                                            weights.parts().items()) + f"; pass mark {weights.pass_mark})")
    return Table("standing", title, STANDING_COLUMNS, rows)


# --- routes ------------------------------------------------------------------------------------

@bp.get("/cohorts/<int:cohort_id>/trainees/<int:user_id>/record")
@instructor_required
def page(cohort_id, user_id):
    cohort = _cohort(cohort_id)
    member = _member(cohort.id, user_id)
    sections = [(s, s.rows(member.id)) for s in SECTIONS]
    return render_template("instructor/record/page.html", cohort=cohort, member=member, sections=sections,
                           tests=table_tests.on_record(member.id), standing=standing_table([member]), printed=mastery.now().isoformat())


@bp.get("/cohorts/<int:cohort_id>/trainees/<int:user_id>/record.csv")
@instructor_required
def csv(cohort_id, user_id):
    member = _member(_cohort(cohort_id).id, user_id)
    return download(record_table(member), f"trainee-{member.id}")
