"""Server CPU of one dealer-step check, in-process (issue 15).

Creates the app on a temporary database (CSRF on, as in production), signs a
trainee in with Flask's test client and deals a table cell step by step, one
step in five wrong, restarting the cell when the hand is over. Prints the CPU
milliseconds (time.process_time) per check, right and wrong steps apart, the
share spent inside the WSGI app, and the response size; --profile adds a
cProfile top list of the checks alone.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import re
import shutil
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.steps import Step  # noqa: E402

PASSWORD = "bench-step-password-1"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
VERSION = re.compile(r'name="cell_version" value="([^"]+)"')


def form(hand, step: Step, page: dict, at: int, rev: int) -> dict:
    """The step as the table's controls post it, with the page's token, version and counters."""
    info = hand.step_kinds_info()
    fields = {**page, "at": str(at), "rev": str(rev), "elapsed_ms": "1200"}
    if step.kind in info["choice"]:
        return {**fields, "kind": step.kind, "ruling": step.choice}
    if step.kind in info["seat"]:
        return {**fields, "tool": step.kind, "seat": str(step.seat)}
    if step.kind in info["seats"]:
        return {**fields, "kind": step.kind, "winners": [str(s) for s in step.seats]}
    return {**fields, "kind": step.kind}


def wrong(hand, due: Step, rng: random.Random) -> Step:
    """A step that is not the one due (as bench/load.py makes them)."""
    info = hand.step_kinds_info()
    if due.kind in info["seat"] and rng.random() < 0.5:
        return Step(due.kind, seat=rng.choice([s for s in range(1, 11) if s != due.seat]))
    plain = [k for k in info["labels"] if k != due.kind and k not in info["seat"]
             and k not in info["seats"] and k not in info["choice"]]
    return Step(rng.choice(plain))


def time_answers(client, app, args, token: str, inside: list[float], rng: random.Random, profiler) -> list[float]:
    """CPU ms inside the app of `args.answers` answers to the lesson's question cells
    that wait for no hand, right or (one in five) wrong, with the `rev` counter the page keeps."""
    from load import right_form, wrong_forms
    from webapp.lessonfile import load_library
    lesson = load_library(app.config["LESSONS_DIR"]).lessons[args.lesson]
    asked = [(c.id, right_form(c.engine), wrong_forms(c.engine, rng)) for c in lesson.cells
             if c.kind == "question" and not c.after]
    runs = {cell: 0 for cell, _, _ in asked}
    spent: list[float] = []
    headers = {"HX-Request": "true"}
    while asked and len(spent) < args.answers:
        cell, right, wrongs = rng.choice(asked)
        fields = right if rng.random() >= args.wrong or not wrongs else rng.choice(wrongs)
        data: dict[str, list[str]] = {"csrf_token": [token], "rev": [str(runs[cell])], "elapsed_ms": ["1500"]}
        for name, value in fields:
            data.setdefault(name, []).append(value)
        if profiler:
            profiler.enable()
        inside[0] = 0.0
        response = client.post(f"/lessons/{args.lesson}/cells/{cell}/answer", data=data, headers=headers)
        if profiler:
            profiler.disable()
        if response.status_code != 200:
            raise RuntimeError(f"answer to {cell} answered {response.status_code}")
        spent.append(inside[0] * 1000)
        runs[cell] += 1
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=400, help="step checks to time (default 400)")
    parser.add_argument("--lesson", default="holdem-01-dealing-a-hand")
    parser.add_argument("--cell", default="deal-a-hand")
    parser.add_argument("--wrong", type=float, default=0.2, help="share of wrong steps (default 0.2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--answers", type=int, default=0,
                        help="also time this many answers to the lesson's question cells that ask about no hand "
                             "(as bench/load.py posts them, one in five wrong)")
    parser.add_argument("--history", type=int, default=0,
                        help="attempts the trainee already has in the lesson, written straight into the database")
    parser.add_argument("--profile", action="store_true", help="print a cProfile top list of the checks")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()

    from webapp import create_app
    from webapp.auth import create_user
    from webapp.db import get_db

    tmp = tempfile.mkdtemp(prefix="bench-step-")
    try:
        # As bench/load.py's server runs: the lessons folder looked at once a second, and
        # every post paying for its posting bucket (webapp/posting.py) though the limit never trips.
        app = create_app({"SECRET_KEY": "bench", "DATABASE": os.path.join(tmp, "bench.db"),
                          "LESSONS_RECHECK_SECONDS": 1.0, "POST_PER_SECOND": 1000.0})
        with app.app_context():
            create_user(get_db(), "bench", PASSWORD, "trainee")
            if args.history:
                # A long history (issue 30): a check's cost must not grow with it.
                conn = get_db().conn
                user = conn.execute("select id from users where username = 'bench'").fetchone()[0]
                conn.executemany("insert into attempts (user_id, lesson, cell, step, answer, correct, rule, message, "
                                 "created_at) values (?, ?, ?, 'x', '', ?, '', '', '2026-12-01T00:00:00Z')",
                                 [(user, args.lesson, args.cell, i % 4 != 0) for i in range(args.history)])
                conn.commit()
        inside = [0.0]            # CPU seconds spent inside the WSGI app (the server's share)
        wsgi_app = app.wsgi_app

        def timed_app(environ, start_response):
            start = time.process_time()
            try:
                return wsgi_app(environ, start_response)
            finally:
                inside[0] += time.process_time() - start

        app.wsgi_app = timed_app
        client = app.test_client()
        login = client.get("/auth/login").get_data(as_text=True)
        client.post("/auth/login", data={"csrf_token": CSRF.search(login).group(1), "username": "bench",
                                         "password": PASSWORD})
        page = client.get(f"/lessons/{args.lesson}").get_data(as_text=True)
        token = CSRF.search(page).group(1)
        cell_html = page.split(f'id="cell-{args.cell}"', 1)[1]
        version = VERSION.search(cell_html)
        fields = {"csrf_token": token, **({"cell_version": version.group(1)} if version else {})}
        from webapp.lessonfile import load_library
        engine = load_library(app.config["LESSONS_DIR"]).lessons[args.lesson].cell(args.cell).engine
        url = f"/lessons/{args.lesson}/cells/{args.cell}"
        headers = {"HX-Request": "true"}
        rng = random.Random(args.seed)

        def restart():
            client.post(f"{url}/reset", data={"csrf_token": token}, headers=headers)
            return engine.new_hand(), 0, 0

        hand, at, rev = restart()
        times: dict[bool, list[float]] = {True: [], False: []}
        server: list[float] = []
        sizes: dict[bool, list[int]] = {True: [], False: []}
        profiler = cProfile.Profile() if args.profile else None
        while len(times[True]) + len(times[False]) < args.checks:
            exp = hand.expected()
            if exp is None:
                hand, at, rev = restart()
                continue
            due = exp.step()
            right = rng.random() >= args.wrong
            step = due if right else wrong(hand, due, rng)
            data = form(hand, step, fields, at, rev)
            if profiler:
                profiler.enable()
            inside[0] = 0.0
            start = time.process_time()
            response = client.post(f"{url}/step", data=data, headers=headers)
            spent = time.process_time() - start
            server.append(inside[0] * 1000)
            if profiler:
                profiler.disable()
            if response.status_code != 200:
                print(f"step {step} answered {response.status_code}", file=sys.stderr)
                return 1
            times[right].append(spent * 1000)
            sizes[right].append(len(response.get_data()))
            rev += 1
            if right:
                assert hand.propose(step).ok
                at += 1
        every = times[True] + times[False]
        print(f"{args.lesson}/{args.cell}: {len(every)} checks, {len(times[False])} wrong")
        for name, values, size in (("all", every, sizes[True] + sizes[False]),
                                   ("right", times[True], sizes[True]), ("wrong", times[False], sizes[False])):
            if values:
                print(f"  {name:5} CPU ms/check: mean {statistics.fmean(values):.2f}  "
                      f"median {statistics.median(values):.2f}  "
                      f"response {statistics.fmean(size) / 1024:.1f} KiB")
        print(f"  inside the WSGI app (the rest is Flask's test client): mean {statistics.fmean(server):.2f}  "
              f"median {statistics.median(server):.2f}")
        if args.answers:
            answered = time_answers(client, app, args, token, inside, rng, profiler)
            print(f"  answers: {len(answered)}, inside the WSGI app CPU ms/answer: mean {statistics.fmean(answered):.2f}  "
                  f"median {statistics.median(answered):.2f}")
        if profiler:
            stats = pstats.Stats(profiler)
            stats.sort_stats("cumulative").print_stats(args.top)
            stats.sort_stats("tottime").print_stats(args.top)
            if os.environ.get("BENCH_CALLEES"):
                stats.print_callees(*os.environ["BENCH_CALLEES"].split(","))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
