"""Observed table tests and their rubrics in the database (issue 33).

A rubric is a TOML text (webapp/rubric.py checks it); each save adds a
version, none is ever changed. A table test is a chain of versions (`series`
is the first version's id). A draft may be edited; once signed it is never
changed again: a correction adds a version that names who changed what and
why, and the old version stays readable. Every change is written to the audit
trail (webapp/audit.py) in the change's own transaction, under the write lock
(webapp/db.py, immediate), so a form posted twice does one thing: the form's
`nonce` finds the test the first post made, and signing a signed test is a no-op.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from engine import CASINO_HOLDEM, GAMES
from webapp import audit, rubric
from webapp.auth import now
from webapp.db import get_db, immediate

DEFAULT_RUBRIC = "dealing"
MAX_COMMENT = 2000
# A test's statuses: a draft is the observer's to edit; "countersign" waits for
# an admin's second signature (the rubric's second_sign_off); "signed" is final.
DRAFT, COUNTERSIGN, SIGNED = "draft", "countersign", "signed"
STATUS_WORDS = {DRAFT: "draft, not signed", COUNTERSIGN: "signed, waiting for an admin's second signature",
                SIGNED: "signed"}


def games() -> dict[str, str]:
    """The games a table test can be of: every poker game the engine deals, and Casino Hold'em."""
    return {**{key: game.title for key, game in GAMES.items()}, CASINO_HOLDEM.name: CASINO_HOLDEM.title}


class Refused(Exception):
    """A change the record does not allow (a signed test edited, a bad form): the message says why."""


# --- rubrics ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class RubricVersion:
    id: int
    name: str
    version: int
    text: str
    title: str
    author: str
    created_at: str

    @property
    def rubric(self) -> rubric.Rubric:
        return rubric.parse(self.text, f"{self.name} version {self.version}")


_RUBRIC_COLUMNS = "id, name, version, text, title, coalesce(author, ''), created_at"


def seed_default(conn) -> None:
    """Version 1 of the default rubric, from rubrics/dealing.toml (the migration calls this)."""
    text = rubric.default_text()
    conn.execute("insert into rubrics (name, version, text, title, author, created_at) values (?, 1, ?, ?, ?, ?)",
                 [DEFAULT_RUBRIC, text, rubric.parse(text).title, "shipped default", now()])


def rubric_version(rubric_id: int) -> RubricVersion | None:
    row = get_db().execute(f"select {_RUBRIC_COLUMNS} from rubrics where id = ?", [rubric_id]).fetchone()
    return RubricVersion(*row) if row else None


def rubric_versions(name: str) -> list[RubricVersion]:
    """Every version of a rubric, newest first."""
    return [RubricVersion(*row) for row in get_db().execute(
        f"select {_RUBRIC_COLUMNS} from rubrics where name = ? order by version desc", [name])]


def current_rubrics() -> list[RubricVersion]:
    """The newest version of each rubric, by name."""
    return [RubricVersion(*row) for row in get_db().execute(
        f"select {_RUBRIC_COLUMNS} from rubrics r where version = (select max(version) from rubrics "
        "where name = r.name) order by name")]


def save_rubric(name: str, text: str) -> RubricVersion:
    """A new version of rubric `name` (RubricError if the text is not a rubric);
    the same text as the newest version adds nothing."""
    parsed = rubric.parse(text, name)
    db = get_db()
    with immediate(db.conn):
        newest = db.execute("select version, text from rubrics where name = ? order by version desc limit 1",
                            [name]).fetchone()
        if newest and newest[1] == text:
            row = db.execute("select id from rubrics where name = ? and version = ?", [name, newest[0]]).fetchone()
        else:
            version = (newest[0] if newest else 0) + 1
            row = db.execute("insert into rubrics (name, version, text, title, author_id, author, created_at) values "
                             "(?, ?, ?, ?, ?, (select username from users where id = ?), ?) returning id",
                             [name, version, text, parsed.title, _actor(), _actor(), now()]).fetchone()
            audit.record(db, "created" if version == 1 else "changed", "rubric", row[0],
                         f"rubric {name} version {version}", f"title {parsed.title!r}")
    found = rubric_version(row[0])
    assert found is not None
    return found


def _actor() -> int | None:
    from flask import g
    user = g.get("user")
    return user["id"] if user else None


# --- table tests -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TableTest:
    id: int
    series: int
    version: int
    user_id: int
    username: str
    game: str
    rubric_id: int
    scores: dict[str, int]
    comments: dict[str, str]
    overall: str
    passed: bool
    status: str
    created_by: str
    created_at: str
    signed_by_name: str | None
    signed_at: str | None
    second_by_name: str | None
    second_at: str | None
    reason: str
    changes: str
    superseded_by: int | None
    rubric_title: str = ""
    rubric_version: int = 0

    @property
    def game_title(self) -> str:
        return games().get(self.game, self.game)

    @property
    def status_words(self) -> str:
        return STATUS_WORDS.get(self.status, self.status)

    @property
    def editable(self) -> bool:
        return self.status == DRAFT

    @property
    def counts(self) -> bool:
        """Signed (and countersigned where the rubric asks) and not superseded: on the record."""
        return self.status == SIGNED and self.superseded_by is None

    @property
    def label(self) -> str:
        return f"table test {self.series} v{self.version} of {self.username}"


_TEST_SELECT = (
    "select t.id, t.series, t.version, t.user_id, u.username, t.game, t.rubric_id, t.scores, t.comments, t.overall, "
    "t.passed, t.status, coalesce(c.username, ''), t.created_at, t.signed_by_name, t.signed_at, t.second_by_name, "
    "t.second_at, coalesce(t.reason, ''), coalesce(t.changes, ''), t.superseded_by, r.title, r.version "
    "from table_tests t join users u on u.id = t.user_id join rubrics r on r.id = t.rubric_id "
    "left join users c on c.id = t.created_by")


def _test(row) -> TableTest:
    values = list(row)
    values[7] = json.loads(values[7])
    values[8] = json.loads(values[8])
    values[10] = bool(values[10])
    return TableTest(*values)


def get_test(test_id: int) -> TableTest | None:
    row = get_db().execute(f"{_TEST_SELECT} where t.id = ?", [test_id]).fetchone()
    return _test(row) if row else None


def tests_of(user_id: int, signed_only: bool = False) -> list[TableTest]:
    """A trainee's tests, the newest version of each, newest test first
    (signed_only: drafts left out, as the trainee sees them)."""
    where = " and t.status != 'draft'" if signed_only else ""
    return [_test(row) for row in get_db().execute(
        f"{_TEST_SELECT} where t.user_id = ? and t.superseded_by is null{where} order by t.series desc", [user_id])]


def versions(series: int) -> list[TableTest]:
    """Every version of one test, the newest first."""
    return [_test(row) for row in get_db().execute(f"{_TEST_SELECT} where t.series = ? order by t.version desc",
                                                   [series])]


def on_record(user_id: int) -> list[tuple[TableTest, rubric.Rubric]]:
    """Every signed version of the trainee's tests (corrected ones too), each with the
    rubric version it was scored on: what the personnel file keeps."""
    found = []
    for latest in tests_of(user_id, signed_only=True):
        for test in versions(latest.series):
            version = rubric_version(test.rubric_id)
            if test.status != DRAFT and version is not None:
                found.append((test, version.rubric))
    return found


def waiting() -> list[TableTest]:
    """Tests signed by their observer and waiting for an admin's second signature, oldest first."""
    return [_test(row) for row in get_db().execute(
        f"{_TEST_SELECT} where t.status = 'countersign' and t.superseded_by is null order by t.signed_at")]


def latest_of_many(user_ids: list[int]) -> dict[int, TableTest]:
    """Each trainee's newest test that counts (signed, not superseded), for the dashboard."""
    if not user_ids:
        return {}
    found: dict[int, TableTest] = {}
    for row in get_db().execute(f"{_TEST_SELECT} where t.user_id in ({','.join('?' * len(user_ids))}) "
                                "and t.status = 'signed' and t.superseded_by is null order by t.signed_at",
                                user_ids):
        test = _test(row)
        found[test.user_id] = test
    return found


@dataclass(frozen=True)
class Form:
    """What the test form says: the game, the scores and comments, and whether to sign."""
    game: str
    scores: dict[str, int]
    comments: dict[str, str]
    overall: str
    nonce: str


def new_nonce() -> str:
    return secrets.token_hex(12)


def read_form(form, rub: rubric.Rubric) -> Form:
    """The form's fields, bounded; Refused if the game is not one the engine deals."""
    game = (form.get("game") or "")[:60]
    if game not in games():
        raise Refused("Choose the game the trainee dealt.")
    comments = {c.key: (form.get(f"comment-{c.key}") or "").strip()[:MAX_COMMENT] for c in rub.categories}
    nonce = (form.get("nonce") or "")[:40]
    if not (nonce.isascii() and nonce.isalnum()):
        raise Refused("This form is out of date: open the test again.")
    return Form(game, rubric.read_scores(rub, form), {k: v for k, v in comments.items() if v},
                (form.get("overall") or "").strip()[:MAX_COMMENT], nonce)


def _sign_status(rub: rubric.Rubric) -> str:
    return COUNTERSIGN if rub.second_sign_off else SIGNED


def _check_sign(rub: rubric.Rubric, form: Form, confirm: str) -> rubric.Outcome:
    outcome = rubric.score(rub, form.scores)
    if outcome.unscored:
        raise Refused("Nothing was signed. " + outcome.why(rub.pass_level))
    if confirm != ("pass" if outcome.passed else "fail"):
        raise Refused(f"Nothing was signed: tick the box to confirm the result, {'PASS' if outcome.passed else 'FAIL'} "
                      f"({outcome.why(rub.pass_level)})")
    return outcome


def _signature(db, status: str) -> list:
    user = _actor()
    name = db.execute("select username from users where id = ?", [user]).fetchone()[0]
    return [status, user, name, now()]


def create(user_id: int, rubric_id: int, form: Form, sign: bool, confirm: str = "") -> int:
    """A new test (a draft, or signed at once): its id. The same form posted again
    (its nonce) returns the first post's test and changes nothing."""
    found = rubric_version(rubric_id)
    if found is None:
        raise Refused("Choose a rubric.")
    rub = found.rubric
    outcome = _check_sign(rub, form, confirm) if sign else rubric.score(rub, form.scores)
    db = get_db()
    with immediate(db.conn):
        done = db.execute("select id from table_tests where nonce = ?", [form.nonce]).fetchone()
        if done:
            return int(done[0])
        at = now()
        test_id = db.execute(
            "insert into table_tests (series, version, user_id, game, rubric_id, scores, comments, overall, passed, "
            "status, nonce, created_by, created_at, updated_at) values (0, 1, ?, ?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?, ?) "
            "returning id", [user_id, form.game, rubric_id, json.dumps(form.scores), json.dumps(form.comments),
                             form.overall, int(outcome.passed), form.nonce, _actor(), at, at]).fetchone()[0]
        db.execute("update table_tests set series = id where id = ?", [test_id])
        name = db.execute("select username from users where id = ?", [user_id]).fetchone()[0]
        label = f"table test {test_id} v1 of {name}"
        audit.record(db, "created", "table_test", test_id, label,
                     f"{games()[form.game]}, rubric {found.name} v{found.version}")
        if sign:
            _sign(db, test_id, rub, outcome, label)
    return int(test_id)


def _sign(db, test_id: int, rub: rubric.Rubric, outcome: rubric.Outcome, label: str) -> None:
    db.execute("update table_tests set status = ?, signed_by = ?, signed_by_name = ?, signed_at = ? where id = ?",
               [*_signature(db, _sign_status(rub)), test_id])
    audit.record(db, "signed", "table_test", test_id, label,
                 f"{'pass' if outcome.passed else 'fail'}, {outcome.total}/{outcome.most}"
                 + ("; an admin's second signature is due" if rub.second_sign_off else ""))


def locked(test: TableTest) -> Refused:
    return Refused(f"Test {test.series} version {test.version} is {test.status_words}: it cannot be changed. "
                   "A correction makes a new version that says who changed what and why.")


def update_draft(test_id: int, form: Form, sign: bool, confirm: str = "") -> None:
    """Save a draft's new scores and comments (and sign it, if asked). Refused once it is signed."""
    test = get_test(test_id)
    if test is None:
        raise Refused("No such test.")
    found = rubric_version(test.rubric_id)
    assert found is not None
    rub = found.rubric
    outcome = _check_sign(rub, form, confirm) if sign else rubric.score(rub, form.scores)
    db = get_db()
    with immediate(db.conn):
        status = db.execute("select status from table_tests where id = ?", [test_id]).fetchone()[0]
        if status != DRAFT:
            if sign:
                return          # a second post of the signature: already signed
            raise locked(test)
        db.execute("update table_tests set game = ?, scores = ?, comments = ?, overall = ?, passed = ?, updated_at = ? "
                   "where id = ?", [form.game, json.dumps(form.scores), json.dumps(form.comments), form.overall,
                                    int(outcome.passed), now(), test_id])
        audit.record(db, "changed", "table_test", test_id, test.label, _changes(rub, test, form, outcome.passed))
        if sign:
            _sign(db, test_id, rub, outcome, test.label)


def countersign(test_id: int) -> bool:
    """An admin's second signature; False if there was none due (already given, a draft, or a corrected version)."""
    test = get_test(test_id)
    if test is None:
        raise Refused("No such test.")
    db = get_db()
    with immediate(db.conn):
        status, signer, superseded = db.execute("select status, signed_by, superseded_by from table_tests "
                                                "where id = ?", [test_id]).fetchone()
        if status != COUNTERSIGN or superseded is not None:     # a corrected version stays as it was
            return False
        if signer == _actor():
            raise Refused("The second signature must be another person's than the observer's.")
        _, user, name, at = _signature(db, SIGNED)
        db.execute("update table_tests set status = 'signed', second_by = ?, second_by_name = ?, second_at = ? "
                   "where id = ?", [user, name, at, test_id])
        audit.record(db, "signed", "table_test", test_id, test.label, "second signature")
    return True


def correct(test_id: int, form: Form, reason: str, confirm: str) -> int:
    """A correction of a signed test: a new version, signed by whoever corrects it,
    saying what changed and why; the old version is kept and marked superseded.
    Returns the new version's id (the first post's, if the form is posted twice)."""
    test = get_test(test_id)
    if test is None:
        raise Refused("No such test.")
    reason = reason.strip()[:MAX_COMMENT]
    if not reason:
        raise Refused("Nothing was changed: say why the test is corrected.")
    found = rubric_version(test.rubric_id)
    assert found is not None
    rub = found.rubric
    outcome = _check_sign(rub, form, confirm)
    changes = _changes(rub, test, form, outcome.passed)
    db = get_db()
    with immediate(db.conn):
        done = db.execute("select id from table_tests where nonce = ?", [form.nonce]).fetchone()
        if done:
            return int(done[0])
        status, superseded = db.execute("select status, superseded_by from table_tests where id = ?",
                                        [test_id]).fetchone()
        if status == DRAFT:
            raise Refused("A draft is edited, not corrected.")
        if superseded is not None:
            raise Refused(f"Version {test.version} has already been corrected: correct the newest version.")
        if not changes:
            raise Refused("Nothing was changed: the correction is the same as the signed test.")
        at = now()
        new_id = db.execute(
            "insert into table_tests (series, version, user_id, game, rubric_id, scores, comments, overall, passed, "
            "status, nonce, created_by, created_at, updated_at, reason, changes) "
            "values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?, ?, ?, ?) returning id",
            [test.series, test.version + 1, test.user_id, form.game, test.rubric_id, json.dumps(form.scores),
             json.dumps(form.comments), form.overall, int(outcome.passed), form.nonce, _actor(), at, at, reason,
             changes]).fetchone()[0]
        db.execute("update table_tests set superseded_by = ? where id = ?", [new_id, test_id])
        label = f"table test {test.series} v{test.version + 1} of {test.username}"
        audit.record(db, "corrected", "table_test", new_id, label, f"why: {reason}; what: {changes}")
        _sign(db, new_id, rub, outcome, label)
    return int(new_id)


def _changes(rub: rubric.Rubric, old: TableTest, form: Form, passed: bool) -> str:
    """What differs between a test and a form, in words: "Pitch 2 -> 3; overall comment changed"."""
    said: list[str] = []
    if old.game != form.game:
        said.append(f"game {games().get(old.game, old.game)} -> {games()[form.game]}")
    for c in rub.categories:
        before, after = old.scores.get(c.key), form.scores.get(c.key)
        if before != after:
            said.append(f"{c.title} {before or '-'} -> {after or '-'}")
        if old.comments.get(c.key, "") != form.comments.get(c.key, ""):
            said.append(f"{c.title} comment changed")
    if old.overall != form.overall:
        said.append("overall comment changed")
    if old.passed != passed:
        said.append(f"result {'pass' if old.passed else 'fail'} -> {'pass' if passed else 'fail'}")
    return "; ".join(said)


# --- pass weights ----------------------------------------------------------------------------

@dataclass(frozen=True)
class WeightsVersion:
    weights: rubric.Weights
    set_by: str
    set_at: str


def current_weights() -> WeightsVersion:
    """The weights an admin set last, or the documented default (rubric.Weights())."""
    row = get_db().execute("select written, drills, audition, table_test, pass_mark, coalesce(set_by_name, ''), "
                           "set_at from pass_weights order by id desc limit 1").fetchone()
    if row is None:
        return WeightsVersion(rubric.Weights(), "", "")
    return WeightsVersion(rubric.Weights(*row[:5]), row[5], row[6])


def weights_history() -> list[WeightsVersion]:
    return [WeightsVersion(rubric.Weights(*row[:5]), row[5], row[6]) for row in get_db().execute(
        "select written, drills, audition, table_test, pass_mark, coalesce(set_by_name, ''), set_at "
        "from pass_weights order by id desc")]


def save_weights(weights: rubric.Weights) -> None:
    db = get_db()
    with immediate(db.conn):
        user = _actor()
        name = db.execute("select username from users where id = ?", [user]).fetchone()
        db.execute("insert into pass_weights (written, drills, audition, table_test, pass_mark, set_by, set_by_name, "
                   "set_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
                   [*weights.parts().values(), weights.pass_mark, user, name[0] if name else "", now()])
        audit.record(db, "changed", "weights", "pass", "pass weights",
                     ", ".join(f"{k} {v}" for k, v in weights.parts().items()) + f"; pass mark {weights.pass_mark}")
