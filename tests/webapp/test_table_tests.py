"""Observed table tests, rubrics, pass weights and the trainee's record (issue 33):
each role rule and each state change, a signature posted twice, the CSV columns."""
from __future__ import annotations

import csv
import io
import re

import pytest

from webapp import rubric
from webapp.db import get_db

from .test_downs import plain_seed  # noqa: F401  (a fixture: a down whose first hand asks nothing)
from .test_trust import make_app, signed_in, with_a_cohort

CATEGORIES = ("procedure", "pitch", "pot_and_rake", "reading_hands", "game_control", "pace", "conduct")


def scores(**changed: int) -> dict[str, str]:
    return {f"score-{k}": str(changed.get(k, 3)) for k in CATEGORIES}


def record_test(client, sign: bool, confirm: str = "pass", user_id: int = 1, csrf: str = "", **changed: int) -> str:
    """Open the new-test form for a trainee of cohort 1, fill it and post it; the Location it answers."""
    page = client.get(f"/cohorts/1/trainees/{user_id}/table-tests/new").get_data(as_text=True)
    nonce = re.search(r'name="nonce" value="(\w+)"', page).group(1)
    r = client.post(f"/cohorts/1/trainees/{user_id}/table-tests/new",
                    data={"game": "holdem", "nonce": nonce, "action": "sign" if sign else "save", "confirm": confirm,
                          "overall": "Steady hands.", "comment-pitch": "Low and flat.", **scores(**changed)},
                    headers={"X-CSRFToken": csrf} if csrf else {})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"]


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, csrf=False)
    with_a_cohort(app)
    return app


def rows(app, sql, args=()):
    with app.app_context():
        return [tuple(r) for r in get_db().execute(sql, list(args)).fetchall()]


# --- the rubric, pure -------------------------------------------------------------------------

def test_the_default_rubric_has_the_dealing_categories_and_a_descriptor_per_level():
    r = rubric.parse(rubric.default_text(), "rubrics/dealing.toml")
    assert [c.key for c in r.categories] == list(CATEGORIES)
    assert all(len(c.levels) == 4 and all(c.levels) for c in r.categories)
    assert r.pass_level == 3 and not r.second_sign_off
    assert {c.key for c in r.categories if c.must_pass} == {"procedure", "pot_and_rake", "reading_hands", "conduct"}


@pytest.mark.parametrize("change, said", [
    (("title =", "titel ="), "dealing.toml:6: 'titel' is not a rubric field"),
    (("key = \"pitch\"", "key = \"pitch\"\ncolour = 1"), "category 2: 'colour' is not a category field"),
    (("pass_level = 3", "pass_level = 5"), "'pass_level' must be one of 1, 2, 3, 4"),
    (("key = \"pace\"", "key = \"pitch\""), "category key 'pitch' is used twice"),
    (("  \"Well under house pace; the game waits for the dealer.\",\n", ""), "(pace): 'levels' must be 4 descriptors"),
    (("must_pass = true", "must_pass = false"), "no category has must_pass = true"),
    (("second_sign_off = false", "second_sign_off = \"yes\""), "'second_sign_off' must be true or false"),
    (("[[category]]", "[[category"), "not valid TOML"),
    (("pass_level = 3", "pass_level = " + "[" * 3000 + "]" * 3000), "nested too deeply"),
])
def test_a_rubric_that_cannot_be_used_is_refused_with_where_and_why(change, said):
    text = rubric.default_text().replace(*change)
    with pytest.raises(rubric.RubricError) as caught:
        rubric.parse(text, "rubrics/dealing.toml")
    assert said in str(caught.value)


def test_pass_needs_every_category_scored_and_the_must_pass_ones_at_the_pass_level():
    r = rubric.parse(rubric.default_text())
    every = {k: 3 for k in CATEGORIES}
    assert rubric.score(r, every).passed and rubric.score(r, every).percent == 75
    assert rubric.score(r, {**every, "pitch": 1}).passed            # pitch is not must-pass
    low = rubric.score(r, {**every, "conduct": 2})
    assert not low.passed and low.below == ("Conduct",)
    missing = rubric.score(r, {k: 4 for k in CATEGORIES[:-1]})
    assert not missing.passed and missing.unscored == ("Conduct",)
    assert rubric.read_scores(r, {"score-pitch": "4", "score-pace": "5", "score-conduct": "²"}) == {"pitch": 4}


def test_the_combined_status_weighs_the_parts_and_a_failed_table_test_fails():
    w = rubric.Weights()
    assert sum(w.parts().values()) == 100
    full = {"written": 80, "drills": 70, "audition": 90, "table_test": 75}
    s = rubric.standing(w, full, True)
    assert s.combined == round((20 * 80 + 20 * 70 + 30 * 90 + 30 * 75) / 100) and s.status == "pass"
    assert rubric.standing(w, full, False).status == "table test failed"
    assert rubric.standing(w, {**full, "audition": None}, True).status == "not complete"
    assert rubric.standing(w, {**full, "written": 0, "drills": 0}, True).status == "below the mark"
    no_written = rubric.Weights(written=0, drills=30, audition=40, table_test=30)
    assert rubric.standing(no_written, {**full, "written": None}, True).status == "pass"
    with pytest.raises(rubric.RubricError, match="add up to 90"):
        rubric.read_weights({"written": "10", "drills": "20", "audition": "30", "table_test": "30", "pass_mark": "70"})
    with pytest.raises(rubric.RubricError, match="Pass mark"):
        rubric.read_weights({"written": "10", "drills": "30", "audition": "30", "table_test": "30", "pass_mark": "-1"})


# --- recording and signing --------------------------------------------------------------------

def test_an_instructor_records_and_signs_a_test_once_however_often_it_is_posted(app):
    instructor, _ = signed_in(app, "instructor")
    page = instructor.get("/cohorts/1/trainees/1/table-tests/new").get_data(as_text=True)
    assert "Keeps every card" not in page and "Deals every step in order" in page    # descriptors shown
    nonce = re.search(r'name="nonce" value="(\w+)"', page).group(1)
    form = {"game": "holdem", "nonce": nonce, "action": "sign", "confirm": "pass", "overall": "Good.", **scores()}
    first = instructor.post("/cohorts/1/trainees/1/table-tests/new", data=form)
    again = instructor.post("/cohorts/1/trainees/1/table-tests/new", data=form)
    assert first.headers["Location"] == again.headers["Location"] == "/table-tests/1"
    assert rows(app, "select status, signed_by_name, passed from table_tests") == [("signed", "instructor", 1)]
    assert rows(app, "select action from audit where thing = 'table_test' order by id") == [("created",), ("signed",)]
    shown = instructor.get("/table-tests/1").get_data(as_text=True)
    assert "Signed by <strong>instructor</strong>" in shown and "PASS" in shown


def test_signing_needs_every_score_and_the_confirmed_result(app):
    instructor, _ = signed_in(app, "instructor")
    page = instructor.get("/cohorts/1/trainees/1/table-tests/new").get_data(as_text=True)
    nonce = re.search(r'name="nonce" value="(\w+)"', page).group(1)
    base = {"game": "holdem", "nonce": nonce, "action": "sign"}
    r = instructor.post("/cohorts/1/trainees/1/table-tests/new", data={**base, "confirm": "pass", "score-pitch": "3"})
    assert r.status_code == 422 and "Not every category is scored" in r.get_data(as_text=True)
    # conduct below the pass level: the result is FAIL, and confirming PASS signs nothing
    r = instructor.post("/cohorts/1/trainees/1/table-tests/new", data={**base, "confirm": "pass", **scores(conduct=2)})
    assert r.status_code == 422 and "confirm the result, FAIL" in r.get_data(as_text=True)
    r = instructor.post("/cohorts/1/trainees/1/table-tests/new", data={**base, "game": "chess", **scores()})
    assert r.status_code == 422 and "Choose the game" in r.get_data(as_text=True)
    assert rows(app, "select count(*) from table_tests") == [(0,)]
    assert record_test(instructor, sign=True, confirm="fail", conduct=2) == "/table-tests/1"
    assert rows(app, "select passed from table_tests") == [(0,)]


def test_a_draft_is_edited_then_signed_once_and_a_signed_test_is_never_changed(app):
    instructor, _ = signed_in(app, "instructor")
    assert record_test(instructor, sign=False, pace=2) == "/table-tests/1"
    page = instructor.get("/table-tests/1").get_data(as_text=True)
    nonce = re.search(r'name="nonce" value="(\w+)"', page).group(1)
    form = {"game": "omaha", "nonce": nonce, "overall": "Better.", **scores(pace=4)}
    assert instructor.post("/table-tests/1", data={**form, "action": "save"}).status_code == 302
    assert rows(app, "select game, status from table_tests") == [("omaha", "draft")]
    sign = {**form, "action": "sign", "confirm": "pass"}
    assert instructor.post("/table-tests/1", data=sign).status_code == 302
    assert instructor.post("/table-tests/1", data=sign).status_code == 302     # posted twice: signed once
    assert rows(app, "select action from audit where thing = 'table_test' order by id") == [
        ("created",), ("changed",), ("changed",), ("signed",)]
    before = rows(app, "select * from table_tests")
    for who in ("instructor", "admin"):
        client, _ = signed_in(app, who)
        r = client.post("/table-tests/1", data={**form, "action": "save", **scores(pace=1)})
        assert r.status_code == 409 and "cannot be changed" in r.get_data(as_text=True)
    assert rows(app, "select * from table_tests") == before


def test_a_correction_is_a_new_signed_version_saying_who_what_and_why(app):
    instructor, _ = signed_in(app, "instructor")
    record_test(instructor, sign=True)
    admin, _ = signed_in(app, "admin")
    page = admin.get("/table-tests/1/correct").get_data(as_text=True)
    nonce = re.search(r'name="nonce" value="(\w+)"', page).group(1)
    form = {"game": "holdem", "nonce": nonce, "confirm": "pass", "overall": "Steady hands.",
            "comment-pitch": "Low and flat.", **scores(pitch=4)}
    r = admin.post("/table-tests/1/correct", data=form)
    assert r.status_code == 422 and "say why" in r.get_data(as_text=True)
    form["reason"] = "Pitch was marked on the wrong row."
    assert admin.post("/table-tests/1/correct", data=form).headers["Location"] == "/table-tests/2"
    assert admin.post("/table-tests/1/correct", data=form).headers["Location"] == "/table-tests/2"   # twice: one
    assert rows(app, "select id, series, version, superseded_by, signed_by_name, changes, reason from table_tests") == [
        (1, 1, 1, 2, "instructor", None, None),
        (2, 1, 2, None, "admin", "Pitch 3 -> 4", "Pitch was marked on the wrong row.")]
    old = instructor.get("/table-tests/1").get_data(as_text=True)
    assert "This version was corrected" in old and "Signed by <strong>instructor</strong>" in old
    # the old version cannot be corrected again, nor the new one "corrected" with no change
    assert instructor.get("/table-tests/1/correct").headers["Location"] == "/table-tests/2"
    page = instructor.get("/table-tests/2/correct").get_data(as_text=True)
    same = {**form, "nonce": re.search(r'name="nonce" value="(\w+)"', page).group(1)}
    r = instructor.post("/table-tests/2/correct", data=same)
    assert r.status_code == 422 and "Nothing was changed" in r.get_data(as_text=True)
    assert rows(app, "select action, detail from audit where action = 'corrected'") == [
        ("corrected", "why: Pitch was marked on the wrong row.; what: Pitch 3 -> 4")]


def test_a_second_signature_when_the_rubric_asks_for_one(app):
    admin, _ = signed_in(app, "admin")
    text = rubric.default_text().replace("second_sign_off = false", "second_sign_off = true")
    assert admin.post("/rubrics/dealing/edit", data={"text": text}).status_code == 302
    instructor, _ = signed_in(app, "instructor")
    page = instructor.get("/cohorts/1/trainees/1/table-tests/new").get_data(as_text=True)
    assert "version 2" in page and "An admin signs after you" in page
    record_test(instructor, sign=True)
    assert rows(app, "select status from table_tests") == [("countersign",)]
    assert 'href="/table-tests/1">trainee: test 1' in admin.get("/rubrics/").get_data(as_text=True)
    assert instructor.post("/table-tests/1/countersign").status_code == 403
    trainee, _ = signed_in(app, "trainee")
    assert trainee.post("/table-tests/1/countersign").status_code == 403
    assert admin.post("/table-tests/1/countersign").status_code == 302
    assert admin.post("/table-tests/1/countersign").status_code == 302       # twice: one signature
    assert rows(app, "select status, second_by_name from table_tests") == [("signed", "admin")]
    assert 'href="/table-tests/1"' not in admin.get("/rubrics/").get_data(as_text=True)
    assert rows(app, "select count(*) from audit where action = 'signed'") == [(2,)]
    # an admin who observed a test cannot also give it the second signature
    record_test(admin, sign=True)
    admin.post("/table-tests/2/countersign")
    assert rows(app, "select status from table_tests where id = 2") == [("countersign",)]


# --- who sees what ----------------------------------------------------------------------------

def test_a_trainee_sees_their_own_signed_tests_only_and_cannot_sign(app):
    instructor, _ = signed_in(app, "instructor")
    record_test(instructor, sign=True)
    record_test(instructor, sign=False)
    trainee, _ = signed_in(app, "trainee")
    mine = trainee.get("/progress/table-tests").get_data(as_text=True)
    assert "/progress/table-tests/1" in mine and "/progress/table-tests/2" not in mine
    one = trainee.get("/progress/table-tests/1").get_data(as_text=True)
    assert "Low and flat." in one and "Steady hands." in one and "Signed by <strong>instructor</strong>" in one
    assert trainee.get("/progress/table-tests/2").status_code == 404                 # a draft
    other, _ = signed_in(app, "trainee2")
    assert other.get("/progress/table-tests/1").status_code == 404
    assert "/progress/table-tests/1" not in other.get("/progress/table-tests").get_data(as_text=True)
    before = rows(app, "select * from table_tests")
    for url in ("/table-tests/2", "/cohorts/1/trainees/1/table-tests/new", "/table-tests/1/correct"):
        r = trainee.post(url, data={"game": "holdem", "nonce": "x1", "action": "sign", "confirm": "pass", **scores()})
        assert r.status_code == 403, url
        assert trainee.get(url).status_code == 403, url
    assert rows(app, "select * from table_tests") == before


def test_a_test_is_opened_only_for_a_trainee_of_the_cohort(app):
    instructor, _ = signed_in(app, "instructor")
    assert instructor.get("/cohorts/1/trainees/3/table-tests/new").status_code == 404   # trainee2: not a member
    assert instructor.get("/table-tests/9").status_code == 404


# --- rubrics and weights ----------------------------------------------------------------------

def test_an_admin_edits_a_rubric_each_save_a_version_the_old_ones_readable(app):
    admin, _ = signed_in(app, "admin")
    v1 = rubric.default_text()
    r = admin.post("/rubrics/dealing/edit", data={"text": v1.replace("title = \"Poker dealing\"", "titel = 1")})
    assert r.status_code == 422 and "dealing:6: &#39;titel&#39; is not a rubric field" in r.get_data(as_text=True)
    assert rows(app, "select count(*) from rubrics") == [(1,)]
    assert admin.post("/rubrics/dealing/edit", data={"text": v1}).status_code == 302      # unchanged: no version
    assert rows(app, "select count(*) from rubrics") == [(1,)]
    v2 = v1.replace("title = \"Poker dealing\"", "title = \"Poker dealing, 2027\"")
    assert admin.post("/rubrics/dealing/edit", data={"text": v2}).status_code == 302
    assert rows(app, "select version, title, author from rubrics order by version") == [
        (1, "Poker dealing", "shipped default"), (2, "Poker dealing, 2027", "admin")]
    assert "<h1>Poker dealing <span" in admin.get("/rubrics/dealing/versions/1").get_data(as_text=True)
    assert rows(app, "select action, thing, label from audit where thing = 'rubric'") == [("changed", "rubric", "rubric dealing version 2")]
    instructor, _ = signed_in(app, "instructor")
    assert instructor.post("/rubrics/dealing/edit", data={"text": v1}).status_code == 403
    assert instructor.get("/rubrics/").status_code == 403


def test_a_test_keeps_the_rubric_version_it_was_scored_on(app):
    instructor, _ = signed_in(app, "instructor")
    record_test(instructor, sign=True)
    admin, _ = signed_in(app, "admin")
    v2 = rubric.default_text().replace("title = \"Pitch\"", "title = \"Card pitch\"")
    admin.post("/rubrics/dealing/edit", data={"text": v2})
    shown = instructor.get("/table-tests/1").get_data(as_text=True)
    assert "(version 1)" in shown and ">Pitch" in shown and "Card pitch" not in shown


def test_pass_weights_are_set_by_an_admin_kept_and_audited(app):
    admin, _ = signed_in(app, "admin")
    assert "pass mark 75" in admin.get("/cohorts/weights").get_data(as_text=True)
    bad = {"written": "10", "drills": "10", "audition": "40", "table_test": "30", "pass_mark": "70"}
    r = admin.post("/cohorts/weights", data=bad)
    assert r.status_code == 422 and "add up to 90" in r.get_data(as_text=True)
    good = {**bad, "written": "20"}
    assert admin.post("/cohorts/weights", data=good).status_code == 302
    assert rows(app, "select written, drills, audition, table_test, pass_mark, set_by_name from pass_weights") == [
        (20, 10, 40, 30, 70, "admin")]
    assert rows(app, "select thing, detail from audit where thing = 'weights'") == [
        ("weights", "written 20, drills 10, audition 40, table_test 30; pass mark 70")]
    instructor, _ = signed_in(app, "instructor")
    assert instructor.post("/cohorts/weights", data=good).status_code == 403


# --- the record and the dashboard -------------------------------------------------------------

def read_csv(response) -> list[dict]:
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(text[1:])))


def test_the_record_csv_has_the_documented_columns_and_every_section(app):
    instructor, _ = signed_in(app, "instructor")
    trainee, _ = signed_in(app, "trainee")
    trainee.post("/lessons/holdem-01-dealing-a-hand/cells/deal-a-hand/step",
                 data={"at": "0", "tool": "move_button", "seat": "9"}, headers={"HX-Request": "true"})
    record_test(instructor, sign=True)
    assert instructor.post("/cohorts/1/trainees/1/accommodation",
                           data={"extra_time_pct": "25", "extra_attempts": "1", "reason": "Dyslexia, assessed."}
                           ).status_code == 302
    r = instructor.get("/cohorts/1/trainees/1/record.csv")
    assert r.headers["Content-Disposition"] == 'attachment; filename="trainee-1-record.csv"'
    found = read_csv(r)
    assert list(found[0]) == ["trainee", "section", "item", "result", "detail", "date"]
    sections = {row["section"] for row in found}
    assert {"lessons", "mastery", "table-tests"} <= sections
    test = next(row for row in found if row["section"] == "table-tests")
    assert test["item"] == "Test 1 version 1: Hold'em" and test["result"] == "pass"
    assert "rubric Poker dealing v1: Procedure 3, Pitch 3" in test["detail"] and "signed by instructor" in test["detail"]
    given = next(row for row in found if row["section"] == "accommodations")
    assert (given["item"], given["result"]) == ("set (in force)", "25% extra time and 1 extra attempt")
    assert given["detail"] == "by instructor; reason: Dyslexia, assessed."
    rule = next(row for row in found if row["section"] == "mastery")
    assert " — " in rule["item"]            # the rule with its name (engine rule_label)
    page = instructor.get("/cohorts/1/trainees/1/record").get_data(as_text=True)
    for key in ("standing", "lessons", "mastery", "drills", "sprint-readiness", "downs", "auditions", "table-tests",
                "accommodations"):
        assert f'data-testid="section-{key}"' in page, key
    assert "record.css" in page
    assert signed_in(app, "trainee")[0].get("/cohorts/1/trainees/1/record.csv").status_code == 403


def test_the_cohort_dashboard_shows_each_trainees_table_test_and_combined_status(app):
    instructor, _ = signed_in(app, "instructor")
    page = instructor.get("/cohorts/1").get_data(as_text=True)
    assert 'data-testid="standing"' in page and "not complete" in page
    record_test(instructor, sign=True, confirm="fail", conduct=1)
    found = read_csv(instructor.get("/cohorts/1/csv/standing"))
    assert list(found[0]) == ["trainee", "written", "drills", "audition", "table_test", "table_test_result",
                              "combined", "status"]
    assert found[0]["trainee"] == "trainee" and found[0]["table_test_result"] == "fail"
    assert found[0]["table_test"] == str(round(100 * (6 * 3 + 1) / 28))
    admin, _ = signed_in(app, "admin")
    admin.post("/cohorts/weights", data={"written": "0", "drills": "0", "audition": "0", "table_test": "100",
                                         "pass_mark": "50"})
    assert read_csv(instructor.get("/cohorts/1/csv/standing"))[0]["status"] == "table test failed"


def test_the_record_gives_each_down_with_its_pace_and_accuracy(app, plain_seed):
    from .test_downs import post_due
    from .test_downs import start as start_down
    instructor, _ = signed_in(app, "instructor")
    assert not [r for r in read_csv(instructor.get("/cohorts/1/trainees/1/record.csv")) if r["section"] == "downs"]
    trainee, _ = signed_in(app, "trainee")
    down_id = start_down(trainee)
    assert post_due(trainee, app, down_id).status_code == 200
    found = [r for r in read_csv(instructor.get("/cohorts/1/trainees/1/record.csv")) if r["section"] == "downs"]
    assert len(found) == 1
    down = found[0]
    assert down["item"] == "A Hold'em down: twelve hands (Hold'em)" and "audition" not in down["item"]
    assert down["result"] == "dealing, 100% right at the first try"
    assert down["detail"].startswith("0 hands dealt; steps 1/1, rulings 0/0, amounts 0/0 right; ")
    assert "pace not measured" in down["detail"] and down["date"]
    page = instructor.get("/cohorts/1/trainees/1/record").get_data(as_text=True)
    section = page.split('data-testid="section-downs"', 1)[1].split("</section>", 1)[0]
    assert "100% right at the first try" in section and "twelve hands (Hold&#39;em)" in section


def test_a_corrected_version_waiting_for_its_second_signature_is_never_countersigned(app):
    """The old version of a corrected test is kept as it was: a second signature posted to it changes nothing."""
    admin, _ = signed_in(app, "admin")
    text = rubric.default_text().replace("second_sign_off = false", "second_sign_off = true")
    assert admin.post("/rubrics/dealing/edit", data={"text": text}).status_code == 302
    instructor, _ = signed_in(app, "instructor")
    record_test(instructor, sign=True)
    page = instructor.get("/table-tests/1/correct").get_data(as_text=True)
    nonce = re.search(r'name="nonce" value="(\w+)"', page).group(1)
    r = instructor.post("/table-tests/1/correct", data={
        "game": "holdem", "nonce": nonce, "confirm": "pass", "overall": "Steady hands.",
        "comment-pitch": "Low and flat.", "reason": "Pitch on the wrong row.", **scores(pitch=4)})
    assert r.headers["Location"] == "/table-tests/2"
    admin.post("/table-tests/1/countersign")
    assert rows(app, "select id, status, second_by_name from table_tests order by id") == [
        (1, "countersign", None), (2, "countersign", None)]
