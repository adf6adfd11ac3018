"""Load benchmark: a class of simulated trainees dealing hands on the production server.

    .venv/bin/python bench/load.py [--trainees 20] [--seconds 60] [--workers N] [--wrong 0.2]

Starts the trainer as `python -m webapp` serves it (scripts/serve.sh) on a
free loopback port, with a temporary database and a copy of the lessons
folder, so nothing of the real install is touched. It creates --trainees
trainee accounts, and each simulated trainee (one thread, one keep-alive
http.client connection) signs in, opens its lesson, and posts dealer steps
to a table cell with no think time: the step the engine says is due
(the script deals the same cell in-process to know it), or with
probability --wrong a wrong one. A hand dealt to the end is restarted
(Restart cell). Every post carries the page's CSRF token and its `at` and
`rev` counters, as the browser's form does.

It prints checks per second (posted steps the server answered 200),
latency p50/p95/p99, errors (any other status, or a refused connection),
and then verifies that every acknowledged step is an attempt in the
database, trainee by trainee. Only loopback; the trainee count and the
duration are bounded (at most 200 trainees, 600 s).
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.hand import Step  # noqa: E402

MAX_TRAINEES, MAX_SECONDS = 200, 600
PASSWORD = "load-test-password-1"
# (lesson, table cell) the trainees deal, round robin: several games, both procedures.
CELLS = (("holdem-01-dealing-a-hand", "deal-a-hand"), ("omaha-01-four-cards-two-plus-three", None),
         ("stud-01-seven-card-stud", None), ("draw-01-draw-with-a-kitty", None),
         ("casino-01-casino-holdem", None), ("holdem-03-all-ins-and-side-pots", None))
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Trainee:
    """One simulated trainee: its connection, cookie, token and its cell's hand."""
    username: str
    slug: str
    cell: str
    engine: object
    port: int
    rng: random.Random
    cookie: str = ""
    token: str = ""
    steps: list[dict] = field(default_factory=list)
    runs: int = 0
    hand: object = None
    acked: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def request(self, method: str, path: str, form: list[tuple[str, str]] | None = None,
                htmx: bool = False) -> tuple[int, str]:
        body = urllib.parse.urlencode(form) if form is not None else None
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode()
                break
            except (ConnectionError, http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, text

    def sign_in(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        _, page = self.request("GET", "/auth/login")
        token = CSRF.search(page).group(1)
        status, _ = self.request("POST", "/auth/login", [("csrf_token", token), ("username", self.username),
                                                          ("password", PASSWORD)])
        if status not in (302, 303):
            raise RuntimeError(f"{self.username} could not sign in: {status}")
        _, page = self.request("GET", f"/lessons/{self.slug}")
        self.token = CSRF.search(page).group(1)
        self.restart()

    def restart(self) -> None:
        status, _ = self.request("POST", f"/lessons/{self.slug}/cells/{self.cell}/reset",
                                 [("csrf_token", self.token)], htmx=True)
        if status != 200:
            self.errors.append(f"reset {status}")
        self.steps, self.runs = [], 0
        self.hand = self.engine.new_hand()

    def form(self, step: Step) -> list[tuple[str, str]]:
        info = self.hand.step_kinds_info()
        fields = [("csrf_token", self.token), ("at", str(len(self.steps))), ("rev", str(self.runs)),
                  ("elapsed_ms", str(self.rng.randint(300, 4000)))]
        if step.kind in info["choice"]:
            return fields + [("kind", step.kind), ("ruling", step.choice)]
        if step.kind in info["seat"]:
            return fields + [("tool", step.kind), ("seat", str(step.seat))]
        if step.kind in info["seats"]:
            return fields + [("kind", step.kind)] + [("winners", str(s)) for s in step.seats]
        return fields + [("kind", step.kind)]

    def wrong(self, due: Step) -> Step:
        """A step that is not the one due: another table action, or the right tool on another seat."""
        info = self.hand.step_kinds_info()
        if due.kind in info["seat"] and self.rng.random() < 0.5:
            seats = [s for s in range(1, 11) if s != due.seat]
            return Step(due.kind, seat=self.rng.choice(seats))
        plain = [k for k in info["labels"] if k != due.kind and k not in info["seat"]
                 and k not in info["seats"] and k not in info["choice"]]
        return Step(self.rng.choice(plain))

    def one_step(self, wrong_share: float) -> None:
        exp = self.hand.expected()
        if exp is None:
            self.restart()
            return
        due = exp.step()
        right = self.rng.random() >= wrong_share
        step = due if right else self.wrong(due)
        start = time.perf_counter()
        status, _ = self.request("POST", f"/lessons/{self.slug}/cells/{self.cell}/step", self.form(step),
                                 htmx=True)
        self.latencies.append(time.perf_counter() - start)
        if status != 200:
            self.errors.append(f"step {status}")
            self.sign_in()            # start over from what the server has
            return
        self.acked += 1
        self.runs += 1
        if right:
            assert self.hand.propose(step).ok
            self.steps.append(step.to_dict())


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trainees", type=int, default=20, help=f"simulated trainees (1-{MAX_TRAINEES})")
    parser.add_argument("--seconds", type=float, default=60, help=f"how long they deal (at most {MAX_SECONDS})")
    parser.add_argument("--workers", type=int, default=None,
                        help="server worker processes (default: the server's own default)")
    parser.add_argument("--wrong", type=float, default=0.2, help="share of wrong steps (default 0.2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.trainees <= MAX_TRAINEES or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--trainees must be 1-{MAX_TRAINEES} and --seconds 0-{MAX_SECONDS}")

    tmp = tempfile.mkdtemp(prefix="trainer-load-")
    lessons = os.path.join(tmp, "lessons")
    shutil.copytree(os.path.join(ROOT, "lessons"), lessons)
    database = os.path.join(tmp, "trainer.db")
    env = dict(os.environ, TRAINER_DATABASE=database, TRAINER_LESSONS_DIR=lessons,
               TRAINER_SECRET_KEY=secrets.token_hex(32))
    os.environ.update(TRAINER_DATABASE=database, TRAINER_LESSONS_DIR=lessons,
                      TRAINER_SECRET_KEY=env["TRAINER_SECRET_KEY"])
    from webapp import create_app
    from webapp.auth import create_user
    from webapp.db import get_db
    from webapp.lessonfile import load_library

    app = create_app()
    with app.app_context():
        for i in range(args.trainees):
            create_user(get_db(), f"load{i:03}", PASSWORD, "trainee")
    library = load_library(lessons)
    cells = []
    for slug, cell_id in CELLS:
        lesson = library.lessons[slug]
        cell = lesson.cell(cell_id) if cell_id else next(c for c in lesson.cells if c.kind == "table")
        cells.append((slug, cell.id, cell.engine))

    port = free_port()
    command = [sys.executable, "-m", "webapp", "--host", "127.0.0.1", "--port", str(port)]
    if args.workers is not None:
        command += ["--workers", str(args.workers)]
    server = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
    try:
        banner = []
        deadline = time.time() + 60
        while time.time() < deadline:
            line = server.stdout.readline()
            banner.append(line.rstrip())
            if "running at" in line or not line:
                break
        threading.Thread(target=server.stdout.read, daemon=True).start()   # keep the pipe drained
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        trainees = [Trainee(f"load{i:03}", *cells[i % len(cells)], port=port, rng=random.Random(args.seed + i))
                    for i in range(args.trainees)]
        for t in trainees:
            t.sign_in()
        stop = time.perf_counter() + args.seconds

        def work(t: Trainee) -> None:
            while time.perf_counter() < stop:
                try:
                    t.one_step(args.wrong)
                except Exception as exc:          # counted, and the trainee signs in again
                    t.errors.append(f"{type(exc).__name__}: {exc}")
                    try:
                        t.sign_in()
                    except Exception:
                        time.sleep(0.5)

        began = time.perf_counter()
        threads = [threading.Thread(target=work, args=(t,)) for t in trainees]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        took = time.perf_counter() - began
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()

    latencies = [x for t in trainees for x in t.latencies]
    acked = sum(t.acked for t in trainees)
    errors = [e for t in trainees for e in t.errors]
    conn = sqlite3.connect(database)
    stored = dict(conn.execute("select u.username, count(a.id) from users u left join attempts a "
                               "on a.user_id = u.id and a.step != '' group by u.id"))
    conn.close()
    lost = {t.username: (t.acked, stored.get(t.username, 0)) for t in trainees
            if stored.get(t.username, 0) < t.acked}
    print(f"Server: {' '.join(command[1:])} ({banner[-1] if banner else ''})")
    print(f"Machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          "after the run (the load generator runs on the same cores)")
    print(f"{args.trainees} trainees, {took:.0f} s, {args.wrong:.0%} wrong steps, no think time")
    print(f"checks/s {acked / took:.1f}   p50 {percentile(latencies, .5) * 1000:.0f} ms   "
          f"p95 {percentile(latencies, .95) * 1000:.0f} ms   p99 {percentile(latencies, .99) * 1000:.0f} ms   "
          f"errors {len(errors)}")
    if errors:
        print("  first errors: " + "; ".join(errors[:5]))
    print(f"acknowledged {acked}, in the database {sum(stored.get(t.username, 0) for t in trainees)}: "
          + ("every acknowledged attempt is stored" if not lost else f"MISSING for {lost}"))
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
