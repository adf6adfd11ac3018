"""Server CPU of the pages that read a trainee's history, at a long history (issue 30).

    .venv/bin/python bench/bench_history.py [--attempts 100000] [--runs 5]

Creates the app on a temporary database, a trainee with --attempts attempts
(written straight into the attempts table, spread over the library's
interactive cells, their rules and 200 days, one in four wrong) in a cohort,
and an instructor; then times, as the instructor or the trainee, each page
whose cost could grow with that history: /progress/ (the trainee's own),
the trainee's lesson list and a lesson page (its cells' states and score),
/progress/class, the cohort's page, /cohorts/N/items, the trainee's page in the cohort, and
the cohort's attempts CSV (read to the end). --sprint-items N also gives the
trainee N answered sprint items (timed runs of 30 over the same 200 days, one
kind each, one in five wrong), which sprint readiness reads on /progress/,
/sprints/, the cohort's page and the trainee's page. Prints the median CPU
milliseconds (time.process_time, the whole request in-process) of --runs
requests each, and the response size. Target (issue 30): every page under
100 ms of CPU. The lessons folder is looked at once per --recheck seconds, 1
as the served trainer does (LESSONS_RECHECK_SECONDS); 0, as tests run, looks
at it on every lookup of the library.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

PASSWORD = "bench-history-password-1"


def fill(db, user_id: int, n: int, library, seed: int = 1) -> None:
    """n attempts of the user over the library's cells, oldest first."""
    rng = random.Random(seed)
    cells = [(lesson.slug, cell.id) for lesson in library.lessons.values() for cell in lesson.interactive_cells]
    rules = ["8.1.5", "8.2.4", "4.1", "8.4.4(b)", "3.2.1(b)", "8.12.5(d)", "9.1", "1.1", "8.2.2", "13.4(a)"] * 3
    rules = [f"{r}#{i}" if i else r for i, r in enumerate(rules)]
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    rows = []
    for i in range(n):
        lesson, cell = rng.choice(cells)
        right = rng.random() >= 0.25
        at = start + timedelta(seconds=i * 200 * 86400 / n)
        rows.append((user_id, lesson, cell, "burn" if i % 2 else "", "" if i % 2 else "a", int(right),
                     rng.choice(rules), "" if right else "Not yet.", rng.randint(300, 9000),
                     at.isoformat(timespec="milliseconds"), None if right else 1))
    db.conn.executemany("insert into attempts (user_id, lesson, cell, step, answer, correct, rule, message, "
                        "elapsed_ms, created_at, hint_level) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.conn.commit()


def fill_sprints(db, user_id: int, n: int, seed: int = 2) -> None:
    """n answered items of the user's timed sprint runs (30 a run), oldest first."""
    from engine import SPRINT_KINDS
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    runs = n // 30

    def stamp(at: datetime) -> str:
        return at.isoformat(timespec="milliseconds")
    for r in range(runs):
        kind, at = rng.choice(list(SPRINT_KINDS)), start + timedelta(seconds=r * 200 * 86400 / runs)
        run = db.conn.execute("insert into sprint_runs (user_id, kind, seed, n, house, seconds, feedback, numbers, "
                              "timed, started_at, deadline, finished_at) values (?, ?, ?, 30, 'main', 120, 'end', "
                              "'[]', 1, ?, ?, ?)", [user_id, kind, r, stamp(at), stamp(at + timedelta(seconds=120)),
                                                    stamp(at + timedelta(seconds=100))]).lastrowid
        db.conn.executemany("insert into sprint_items (run_id, number, kind, rule, shown_at, answered_at, answer, "
                            "correct, ms) values (?, ?, ?, '', ?, ?, '1', ?, ?)",
                            [(run, i, kind, stamp(at + timedelta(seconds=3 * i)), stamp(at + timedelta(seconds=3 * i + 2)),
                              int(rng.random() >= 0.2), rng.randint(800, 6000)) for i in range(30)])
    db.conn.commit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sprint-items", type=int, default=0, help="answered sprint items of the trainee")
    parser.add_argument("--recheck", type=float, default=1.0, help="LESSONS_RECHECK_SECONDS (served: 1)")
    args = parser.parse_args()

    from webapp import create_app
    from webapp.auth import create_user
    from webapp.db import get_db
    from webapp.lessonfile import load_library
    from webapp.instructor import roster

    tmp = tempfile.mkdtemp(prefix="bench-history-")
    try:
        app = create_app({"SECRET_KEY": "bench", "DATABASE": os.path.join(tmp, "bench.db"),
                          "WTF_CSRF_ENABLED": False, "LESSONS_RECHECK_SECONDS": args.recheck})
        with app.app_context():
            db = get_db()
            trainee = create_user(db, "long-history", PASSWORD, "trainee")
            teacher = create_user(db, "teacher", PASSWORD, "instructor")
            cohort = roster.create_cohort(db, "Bench class", teacher)
            roster.add_member(db, cohort, trainee)
            built = time.perf_counter()
            library = load_library(app.config["LESSONS_DIR"])
            fill(db, trainee, args.attempts, library)
            fill_sprints(db, trainee, args.sprint_items)
            print(f"{args.attempts} attempts written in {time.perf_counter() - built:.1f} s")
        lesson = min(library.lessons)
        pages = [("trainee", "/progress/"), ("trainee", "/lessons/"), ("trainee", f"/lessons/{lesson}"), ("trainee", "/sprints/"), ("teacher", "/progress/class"), ("teacher", f"/cohorts/{cohort}"), ("teacher", f"/cohorts/{cohort}/items"),
                 ("teacher", f"/cohorts/{cohort}/trainees/{trainee}"), ("teacher", f"/cohorts/{cohort}/csv/attempts")]
        clients = {}
        for name in ("long-history", "teacher"):
            client = app.test_client()
            client.post("/auth/login", data={"username": name, "password": PASSWORD})
            clients["trainee" if name == "long-history" else "teacher"] = client
        print(f"{'page':<40} {'CPU ms (median)':>16} {'first piece ms':>15} {'bytes':>12}")
        worst = 0.0
        for who, path in pages:
            spent, first, size = [], [], 0
            for _ in range(args.runs):
                start = time.process_time()
                response = clients[who].get(path)
                body = iter(response.response)           # a streamed body: its first piece, then the rest
                size = len(next(body, b""))
                first.append((time.process_time() - start) * 1000)
                size += sum(len(chunk) for chunk in body)
                spent.append((time.process_time() - start) * 1000)
                if response.status_code != 200:
                    print(f"{path} answered {response.status_code}", file=sys.stderr)
                    return 1
            median = statistics.median(spent)
            if not path.endswith("/csv/attempts"):
                worst = max(worst, median)
            print(f"{path:<40} {median:>16.1f} {statistics.median(first):>15.1f} {size:>12}")
        print(f"worst page (the raw CSV apart: it is every attempt, streamed): {worst:.1f} ms of CPU "
              "(target: under 100)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
