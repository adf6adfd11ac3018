"""The SQLite database through sqlite-utils: one connection per request on `g`.

The schema is created and migrated on first use; `PRAGMA user_version`
records which migrations have run.
"""
from __future__ import annotations

import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

try:
    import fcntl
except ImportError:      # not on Windows: there the trainer runs one process
    fcntl = None  # type: ignore[assignment]

import click
import sqlite_utils
from flask import current_app, g


def _v1(db: sqlite_utils.Database) -> None:
    db["users"].create({"id": int, "username": str, "password_hash": str, "role": str,
                        "created_at": str}, pk="id", not_null={"username", "password_hash", "role"})
    db["users"].create_index(["username"], unique=True)
    db["attempts"].create({
        "id": int, "user_id": int, "lesson": str, "cell": str, "step": str, "answer": str,
        "correct": int, "rule": str, "message": str, "elapsed_ms": int, "created_at": str,
    }, pk="id", foreign_keys=[("user_id", "users", "id")])
    db["attempts"].create_index(["user_id", "lesson"])
    # Where each trainee is in each cell: the accepted dealer steps, the
    # last answer and its feedback, so a reload restores the notebook.
    db["cell_state"].create({
        "user_id": int, "lesson": str, "cell": str, "steps": str, "answer": str,
        "feedback": str, "correct": int, "done": int, "runs": int, "updated_at": str,
    }, pk=("user_id", "lesson", "cell"), foreign_keys=[("user_id", "users", "id")])


def _v2(db: sqlite_utils.Database) -> None:
    # Sign-out and a password change bump the epoch: every older cookie is void.
    db["users"].add_column("session_epoch", int, not_null_default=0)
    # Failed sign-ins, by user name and by client address, for the rate limit.
    db["login_failures"].create({"key": str, "at": float}, not_null={"key", "at"})
    db["login_failures"].create_index(["key", "at"])


def _v3(db: sqlite_utils.Database) -> None:
    # Hints that teach: which level a wrong step was answered with (1 the rule,
    # 2 a leading question, 3 the step due; NULL for a right step or an answer),
    # and a table cell's wrong steps in a row since its last right one.
    db["attempts"].add_column("hint_level", int)
    db["cell_state"].add_column("wrong_in_a_row", int, not_null_default=0)


def _v4_auditions(db: sqlite_utils.Database) -> None:
    # Auditions (webapp/trainee/auditions.py): an instructor's definition, each
    # trainee's run of it (the drawn seeds, the dealt hands, where the run is)
    # and every step of the run, right, wrong, made for the trainee or missed.
    db["auditions"].create({
        "id": int, "title": str, "author_id": int, "kinds": str, "hands": int, "minutes": int,
        "pass_mark": int, "open": int, "created_at": str, "updated_at": str,
    }, pk="id", not_null={"title", "author_id", "kinds", "hands", "minutes", "pass_mark"},
        foreign_keys=[("author_id", "users", "id")])
    db["auditions_runs"].create({
        "id": int, "audition_id": int, "user_id": int, "seeds": str, "cells": str, "hand": int,
        "steps": str, "posts": int, "started_at": str, "deadline": str, "finished_at": str,
        "status": str, "right": int, "total": int, "score": int, "passed": int, "certificate": str,
    }, pk="id", not_null={"audition_id", "user_id", "seeds", "cells", "started_at", "deadline", "status"},
        foreign_keys=[("audition_id", "auditions", "id"), ("user_id", "users", "id")])
    db["auditions_runs"].create_index(["audition_id", "user_id"])
    db["auditions_runs"].create_index(["certificate"], unique=True)
    db["audition_steps"].create({
        "id": int, "run_id": int, "hand": int, "position": int, "step": str, "outcome": str,
        "rule": str, "message": str, "explanation": str, "elapsed_ms": int, "created_at": str,
    }, pk="id", not_null={"run_id", "hand", "position", "outcome"},
        foreign_keys=[("run_id", "auditions_runs", "id")])
    db["audition_steps"].create_index(["run_id", "id"])



def _v5_cohorts(db: sqlite_utils.Database) -> None:
    # Accounts made with a one-time password must choose their own at first sign-in.
    db["users"].add_column("must_change_password", int, not_null_default=0)
    db["cohorts"].create({"id": int, "name": str, "created_by": int, "created_at": str}, pk="id",
                         not_null={"name"}, foreign_keys=[("created_by", "users", "id")])
    db["cohorts"].create_index(["name"], unique=True)
    db["cohort_members"].create({"cohort_id": int, "user_id": int, "added_at": str}, pk=("cohort_id", "user_id"),
                                foreign_keys=[("cohort_id", "cohorts", "id"), ("user_id", "users", "id")])
    # What a cohort is asked to do: `kind` names what `target` is ('lesson': a lesson's
    # slug), so other kinds of work (auditions) can be assigned the same way later.
    # `due` is a date (YYYY-MM-DD): due by the end of that day, UTC.
    db["assignments"].create({"id": int, "cohort_id": int, "kind": str, "target": str, "due": str,
                              "created_at": str}, pk="id", not_null={"cohort_id", "kind", "target", "due"},
                             foreign_keys=[("cohort_id", "cohorts", "id")])
    db["assignments"].create_index(["cohort_id", "kind", "target"], unique=True)



def _v6_lessons(db: sqlite_utils.Database) -> None:
    # The editor (webapp/instructor/authoring.py): a lesson's draft until it is published,
    # every earlier version, and an instructor's preview hands (never attempts).
    db["lesson_drafts"].create({"slug": str, "text": str, "saved_by": int, "saved_at": str},
                               pk="slug", not_null={"text"})
    db["lesson_versions"].create({"id": int, "slug": str, "text": str, "action": str, "user_id": int,
                                  "created_at": str}, pk="id", not_null={"slug", "text", "action"})
    db["lesson_versions"].create_index(["slug", "id"])
    db["lesson_previews"].create({"user_id": int, "token": str, "slug": str, "text": str, "cells": str,
                                  "updated_at": str}, pk=("user_id", "token"),
                                 foreign_keys=[("user_id", "users", "id")])
    # Which version of a cell a trainee's stored hand or answer belongs to
    # (lessonfile.Cell.fingerprint): a changed cell restarts with a notice.
    db["cell_state"].add_column("fingerprint", str)



def _v7_drills(db: sqlite_utils.Database) -> None:
    # Drill cells (webapp/trainee/drill_cells.py): the seed of the hand a trainee is
    # dealing, and on every attempt the seed it was made on, so any attempt
    # can be replayed exactly (engine.drills.poker.generate(game, wants, seed, house)).
    db["cell_state"].add_column("seed", int)
    db["attempts"].add_column("seed", int)


def _v8_step_speed(db: sqlite_utils.Database) -> None:
    # Every dealer step's reply shows the lesson's score (store.lesson_score):
    # counted from the index alone, not from every attempt's row (issue 15).
    db["attempts"].create_index(["user_id", "lesson", "correct"])


def _v9_sprints(db: sqlite_utils.Database) -> None:
    # Sprints (webapp/trainee/sprints.py): a timed set of generated items. Only what the
    # trainee did is stored: the set's kind, seed, size and house (the items are
    # engine.sprints.generate(kind, seed, n, house) again, so a run is replayable),
    # and per item the server's times it was shown and answered, the answer given
    # and whether it was right. (run_id, number) is the primary key: a second tab
    # or a double click never counts an item twice.
    db["sprint_runs"].create({
        "id": int, "user_id": int, "kind": str, "seed": int, "n": int, "house": str, "seconds": int,
        "feedback": str, "numbers": str, "timed": int, "redo_of": int, "lesson": str, "cell": str,
        "started_at": str, "deadline": str, "finished_at": str, "audition_run_id": int,
    }, pk="id", not_null={"user_id", "kind", "seed", "n", "house", "feedback", "numbers", "timed", "started_at"},
        foreign_keys=[("user_id", "users", "id"), ("redo_of", "sprint_runs", "id"),
                      ("audition_run_id", "auditions_runs", "id")])
    db["sprint_runs"].create_index(["user_id", "kind"])
    # An audition's sprint part (JSON: kind, n, seconds, accuracy; NULL: none) is
    # run once per audition run: two tabs starting it find the same sprint run.
    db["sprint_runs"].create_index(["audition_run_id"], unique=True)
    db["auditions"].add_column("sprint", str)
    db["sprint_items"].create({
        "run_id": int, "number": int, "kind": str, "rule": str, "shown_at": str, "answered_at": str,
        "answer": str, "correct": int, "ms": int,
    }, pk=("run_id", "number"), not_null={"run_id", "number", "kind", "shown_at"},
        foreign_keys=[("run_id", "sprint_runs", "id")])


def _v10_drill_credit(db: sqlite_utils.Database) -> None:
    # Issue 29: a drill dealt to the end stays done through *Deal a new hand*
    # (webapp/trainee/notebook.py). Before, the new hand cleared `done`; a new hand was
    # dealt only once the last was over, so attempts on another seed than the
    # current one mean the drill was done: its credit is given back. Data only.
    db.conn.execute(
        "update cell_state set done = 1 where done = 0 and seed is not null and exists (select 1 from attempts a "
        "where a.user_id = cell_state.user_id and a.lesson = cell_state.lesson and a.cell = cell_state.cell "
        "and a.seed is not null and a.seed != cell_state.seed)")


def _v11_retakes(db: sqlite_utils.Database) -> None:
    # Issue 30. Retakes limited by the instructor: at most `max_runs` runs of an
    # audition per trainee (0: no limit) and `cooldown_hours` between a finished
    # run and the next start (0: none); each run's attempt number, numbered for
    # the runs already there in the order they began.
    db["auditions"].add_column("max_runs", int, not_null_default=0)
    db["auditions"].add_column("cooldown_hours", int, not_null_default=0)
    db["auditions_runs"].add_column("attempt", int, not_null_default=1)
    db.conn.execute("update auditions_runs set attempt = (select count(*) from auditions_runs r where "
                    "r.audition_id = auditions_runs.audition_id and r.user_id = auditions_runs.user_id "
                    "and r.id <= auditions_runs.id)")
    # One-time passwords expire (webapp/auth.py): when one was set. Those set
    # before this migration count from now.
    db["users"].add_column("password_set_at", str)
    db.conn.execute("update users set password_set_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
                    "where must_change_password = 1")
    # Posting bounded (webapp/posting.py): each user's token bucket, shared by
    # every worker process because it lives here.
    db["post_buckets"].create({"user_id": int, "tokens": float, "at": float}, pk="user_id",
                              not_null={"tokens", "at"})
    # Bounded windows (webapp/history.py): a trainee's last attempts per rule, per
    # cell and overall, and a rule's misses and right answers by time, each read
    # from an index in time that does not grow with the trainee's history.
    db["attempts"].create_index(["user_id", "id"])
    db["attempts"].create_index(["user_id", "rule", "id"])
    db["attempts"].create_index(["user_id", "rule", "correct", "created_at"])
    db["attempts"].create_index(["user_id", "lesson", "cell", "id"])


def _v12_lesson_totals(db: sqlite_utils.Database) -> None:
    # Issue 30, a check's CPU: every step and answer shows the lesson's score, and
    # counting the trainee's attempts in the lesson grew with the history (6.6 ms
    # at 100,000). Each (user, lesson)'s attempts and right ones are kept here by
    # triggers, so every writer of attempts (the app, an import, a test's straight
    # insert, a delete) keeps them exact; the score reads one row.
    db["lesson_totals"].create({"user_id": int, "lesson": str, "attempts": int, "correct": int},
                               pk=("user_id", "lesson"), not_null={"attempts", "correct"})
    db.conn.execute("insert into lesson_totals (user_id, lesson, attempts, correct) select user_id, lesson, "
                    "count(*), coalesce(sum(correct), 0) from attempts group by user_id, lesson")
    db.conn.execute("create trigger attempts_total_insert after insert on attempts begin "
                    "insert into lesson_totals (user_id, lesson, attempts, correct) "
                    "values (new.user_id, new.lesson, 1, coalesce(new.correct, 0)) "
                    "on conflict (user_id, lesson) do update set attempts = attempts + 1, "
                    "correct = correct + coalesce(new.correct, 0); end")
    db.conn.execute("create trigger attempts_total_delete after delete on attempts begin "
                    "update lesson_totals set attempts = attempts - 1, correct = correct - coalesce(old.correct, 0) "
                    "where user_id = old.user_id and lesson = old.lesson; end")
    db.conn.execute("create trigger attempts_total_update after update of user_id, lesson, correct on attempts "
                    "begin update lesson_totals set attempts = attempts - 1, "
                    "correct = correct - coalesce(old.correct, 0) where user_id = old.user_id and lesson = old.lesson; "
                    "insert into lesson_totals (user_id, lesson, attempts, correct) "
                    "values (new.user_id, new.lesson, 1, coalesce(new.correct, 0)) "
                    "on conflict (user_id, lesson) do update set attempts = attempts + 1, "
                    "correct = correct + coalesce(new.correct, 0); end")


def _v13_audit(db: sqlite_utils.Database) -> None:
    # Issue 33: the audit trail (webapp/audit.py). No foreign keys: a line
    # outlives the account or thing it describes.
    db["audit"].create({"id": int, "at": str, "actor_id": int, "actor": str, "action": str, "thing": str,
                        "thing_id": str, "label": str, "detail": str}, pk="id",
                       not_null={"at", "actor", "action", "thing", "thing_id", "label", "detail"})
    db["audit"].create_index(["thing", "id"])


def _v14_table_tests(db: sqlite_utils.Database) -> None:
    # Issue 33: observed table tests (webapp/table_tests.py). Rubrics are house
    # data kept as TOML texts, every version a row (never changed; the newest of
    # a name is the one in use). A table test is a chain of versions: `series`
    # is its first version's id; a correction adds a version and marks the old
    # one superseded. `nonce` is the form's own number: a form posted twice
    # finds the test the first post made. Pass weights: every change a row.
    db["rubrics"].create({"id": int, "name": str, "version": int, "text": str, "title": str, "author_id": int,
                          "author": str, "created_at": str}, pk="id",
                         not_null={"name", "version", "text", "title", "created_at"})
    db["rubrics"].create_index(["name", "version"], unique=True)
    db["table_tests"].create({
        "id": int, "series": int, "version": int, "user_id": int, "game": str, "rubric_id": int,
        "scores": str, "comments": str, "overall": str, "passed": int, "status": str, "nonce": str,
        "created_by": int, "created_at": str, "updated_at": str,
        "signed_by": int, "signed_by_name": str, "signed_at": str,
        "second_by": int, "second_by_name": str, "second_at": str,
        "reason": str, "changes": str, "superseded_by": int,
    }, pk="id", not_null={"user_id", "game", "rubric_id", "scores", "comments", "overall", "status", "created_at"},
        foreign_keys=[("user_id", "users", "id"), ("rubric_id", "rubrics", "id")])
    db["table_tests"].create_index(["user_id", "series", "version"])
    db["table_tests"].create_index(["series", "version"], unique=True)
    db["table_tests"].create_index(["nonce"], unique=True)
    db["pass_weights"].create({"id": int, "written": int, "drills": int, "audition": int, "table_test": int,
                               "pass_mark": int, "set_by": int, "set_by_name": str, "set_at": str}, pk="id",
                              not_null={"written", "drills", "audition", "table_test", "pass_mark", "set_at"})
    from webapp.table_tests import seed_default
    seed_default(db.conn)       # version 1 of the default rubric, rubrics/dealing.toml


def _v15_accommodations(db: sqlite_utils.Database) -> None:
    # Issue 33: accommodations (webapp/accommodations.py), one row per set, change
    # or end, never edited; the latest row of a trainee is the one in force unless
    # it ends it. `set_by_name` is copied so the history stays readable.
    db["accommodations"].create({
        "id": int, "user_id": int, "action": str, "extra_time_pct": int, "extra_attempts": int, "reason": str,
        "set_by": int, "set_by_name": str, "set_at": str,
    }, pk="id", not_null={"user_id", "action", "extra_time_pct", "extra_attempts", "reason", "set_by_name",
                          "set_at"}, foreign_keys=[("user_id", "users", "id")])
    db["accommodations"].create_index(["user_id", "id"])
    # What a run was given when it started (a later change never rewrites a result):
    # the extra time applied to its clock and the accommodation row in force.
    for table in ("auditions_runs", "sprint_runs"):
        db[table].add_column("extra_time_pct", int, not_null_default=0)
        db[table].add_column("accommodation_id", int)


def _v16_sprint_item_users(db: sqlite_utils.Database) -> None:
    # Issue 30, bounded sprint reads (webapp/sprint_store.py): readiness weighs a
    # kind's last 30 items, but items named only their run, so finding a
    # trainee's newest meant reading all of them. Each item now carries its
    # run's user, set by a trigger (every writer, a test's straight insert
    # included), and an index leads to a trainee's newest items of a kind.
    db["sprint_items"].add_column("user_id", int)
    db.conn.execute("update sprint_items set user_id = (select user_id from sprint_runs r where r.id = run_id)")
    db.conn.execute("create trigger sprint_items_user after insert on sprint_items when new.user_id is null begin "
                    "update sprint_items set user_id = (select user_id from sprint_runs r where r.id = new.run_id) "
                    "where run_id = new.run_id and number = new.number; end")
    db["sprint_items"].create_index(["user_id", "kind", "answered_at"])


def _v17_downs(db: sqlite_utils.Database) -> None:
    # Downs (issue 32, webapp/trainee/downs.py): a run of hands at one table. A
    # down is worked out by the engine from its spec and seed alone, so a run
    # stores only what the trainee did: the spec (the cell's TOML, so an edited
    # lesson never changes a run begun on it), the seed, where the run is (the
    # hand, its accepted steps, the prompts answered in it, `posts` the
    # staleness counter), the time spent dealing (`active_ms`, counted between
    # posts, webapp/down_store.py) and every posted step and answer with its
    # hand number, right or wrong, rule and time. An audition's down part is a
    # run with `audition_run_id` (one per audition run) and `auditions.down`.
    db["down_runs"].create({
        "id": int, "user_id": int, "lesson": str, "cell": str, "title": str, "spec": str, "seed": int,
        "hands": int, "minutes": int, "exam": int, "audition_run_id": int, "hand": int, "steps": str,
        "answered": str, "wrong_in_a_row": int, "posts": int, "active_ms": int, "last_at": str,
        "started_at": str, "stopped_at": str, "ended_at": str, "status": str,
    }, pk="id", not_null={"user_id", "spec", "seed", "hand", "steps", "answered", "posts", "active_ms",
                          "started_at", "status"},
        foreign_keys=[("user_id", "users", "id"), ("audition_run_id", "auditions_runs", "id")])
    db["down_runs"].create_index(["user_id", "lesson", "cell"])
    db["down_runs"].create_index(["audition_run_id"], unique=True)
    db["down_steps"].create({
        "id": int, "run_id": int, "hand": int, "position": int, "what": str, "ask": str, "step": str,
        "payload": str, "correct": int, "first_try": int, "rule": str, "message": str, "elapsed_ms": int,
        "created_at": str,
    }, pk="id", not_null={"run_id", "hand", "position", "what", "correct", "first_try"},
        foreign_keys=[("run_id", "down_runs", "id")])
    db["down_steps"].create_index(["run_id", "hand", "id"])
    db["auditions"].add_column("down", str)


def _v18_down_accommodations(db: sqlite_utils.Database) -> None:
    # Issue 33, accommodations on downs (webapp/down_store.py, time_limit_ms): a
    # run keeps the extra time it was given when it started (like
    # auditions_runs.extra_time_pct), so a later change never rewrites it.
    db["down_runs"].add_column("extra_time_pct", int, not_null_default=0)
    db["down_runs"].add_column("accommodation_id", int)


MIGRATIONS = [_v1, _v2, _v3, _v4_auditions, _v5_cohorts, _v6_lessons, _v7_drills, _v8_step_speed, _v9_sprints,
              _v10_drill_credit, _v11_retakes, _v12_lesson_totals, _v13_audit, _v14_table_tests,
              _v15_accommodations, _v16_sprint_item_users, _v17_downs,
              _v18_down_accommodations]


def migrate(db: sqlite_utils.Database) -> int:
    """Run the migrations this database has not seen; return the version."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
        with db.conn:
            migration(db)
            db.execute(f"PRAGMA user_version = {number}")
    return len(MIGRATIONS)


# PRAGMA synchronous (README, "Capacity"): in WAL mode NORMAL syncs the log to
# disk at checkpoints, not at every commit. A commit then survives the app or a
# worker crashing, but a power cut or an OS crash may undo the commits since the
# last checkpoint (never corrupting the file). FULL syncs every commit: about
# 3 ms of disk wait each, under the write lock every worker queues for.
SYNCHRONOUS = ("NORMAL", "FULL", "EXTRA")


class Connection(sqlite3.Connection):
    """A connection that knows its database file, for the writers' queue."""
    path: str | None = None


def connect(path: str, synchronous: str = "NORMAL") -> sqlite_utils.Database:
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"SQLITE_SYNCHRONOUS must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
    if path != ":memory:" and not os.path.exists(path):
        # Created owner-only; SQLite gives its -wal and -shm files the same mode.
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    conn = sqlite3.connect(path, timeout=10, factory=Connection)
    conn.path = path
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    return sqlite_utils.Database(conn)


@contextmanager
def immediate(conn: sqlite3.Connection) -> Iterator[None]:
    """One unit of work under SQLite's write lock, taken before anything is
    read (BEGIN IMMEDIATE): a second request waits, then sees the first's
    result. Writes inside use plain SQL, because sqlite-utils commits as it goes.

    The requests that would wait queue first on a writers' lock (a thread lock,
    then `flock` on DATABASE.writers across worker processes): SQLite's own wait
    polls, sleeping up to 25 ms at a time while the lock is long free, which
    under a class's load left a core idle and put those sleeps in the slowest
    replies. The queue wakes the next writer at once; SQLite's lock stays the
    guarantee (other programs, the command line)."""
    if conn.in_transaction:
        conn.commit()
    with _writers(getattr(conn, "path", None)):
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


_queue_lock = threading.Lock()
_queues: OrderedDict[tuple[int, str], tuple[threading.RLock, int]] = OrderedDict()


@contextmanager
def _writers(path: str | None) -> Iterator[None]:
    """This process's place in the writers' queue of `path` (see immediate).
    Queues are kept for the few most recent databases (tests make many)."""
    if path is None or path == ":memory:" or fcntl is None:
        yield
        return
    key = (os.getpid(), path)           # a forked worker opens its own lock file
    with _queue_lock:
        if key not in _queues:
            _queues[key] = (threading.RLock(), os.open(f"{path}.writers", os.O_CREAT | os.O_RDWR, 0o600))
            for old in [k for k in _queues if k != key][:max(0, len(_queues) - KEPT_DATABASES)]:
                old_lock, old_fd = _queues[old]
                if old_lock.acquire(blocking=False):       # never one a thread is using
                    del _queues[old]
                    if old[0] == os.getpid():
                        os.close(old_fd)
                    old_lock.release()
        _queues.move_to_end(key)
        lock, fd = _queues[key]
    with lock:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        g.db = _thread_connection(current_app.config["DATABASE"],
                                  str(current_app.config.get("SQLITE_SYNCHRONOUS") or "NORMAL").upper())
    return g.db


# Each thread keeps its connections for the next request: opening one, and the
# WAL checkpoint SQLite runs whenever the last connection to a database
# closes, cost more than a request. Kept per process (a forked worker opens
# its own) and for the few most recent databases only (tests make many).
_local = threading.local()
KEPT_DATABASES = 4
_inherited: list[OrderedDict[str, sqlite_utils.Database]] = []


def close_kept() -> None:
    """Close this thread's kept connections (the server's master, before it forks workers)."""
    kept = getattr(_local, "kept", None)
    while kept:
        kept.popitem()[1].conn.close()


def _thread_connection(path: str, synchronous: str = "NORMAL") -> sqlite_utils.Database:
    kept: OrderedDict[str, sqlite_utils.Database] | None = getattr(_local, "kept", None)
    if kept is None or getattr(_local, "pid", None) != os.getpid():
        if kept:
            # Made before a fork: the parent's. Never used, and never closed
            # here either (SQLite must not close a parent's connection in a child).
            _inherited.append(kept)
        kept = _local.kept = OrderedDict()
        _local.pid = os.getpid()
    db = kept.pop(path, None)
    if db is None or path == ":memory:":
        db = connect(path, synchronous)
    kept[path] = db
    while len(kept) > KEPT_DATABASES:
        kept.popitem(last=False)[1].conn.close()
    return db


def close_db(_exc=None) -> None:
    """End the request's use of its connection: whatever it left uncommitted
    is rolled back (as closing did), the connection stays with its thread."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


@click.command("init-db")
def init_db_command() -> None:
    """Create or migrate the database."""
    click.echo(f"Database at schema version {migrate(get_db())}.")


@contextmanager
def _migration_lock(path: str) -> Iterator[None]:
    """One process at a time migrates (several workers may start at once): an
    exclusive lock on `DATABASE.lock`; the next one then finds nothing to do."""
    if path == ":memory:" or fcntl is None:
        yield
        return
    fd = os.open(f"{path}.lock", os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)           # closing releases the lock


def init_app(app) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
    with _migration_lock(app.config["DATABASE"]), app.app_context():
        migrate(get_db())
    path = app.config["DATABASE"]
    for name in (path, f"{path}-wal", f"{path}-shm"):
        if path != ":memory:" and os.path.exists(name):
            os.chmod(name, 0o600)  # databases made before this release were world-readable
