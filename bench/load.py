"""Load benchmark: a class of simulated trainees dealing hands and answering questions on the server.

    .venv/bin/python bench/load.py --trainees 50 --seconds 60 [--workers N] [--threads T] [--https] [--wrong 0.2]
        [--answers 0.2] [--new-connections] [--rate 300]

Starts the trainer as `python -m webapp` serves it (scripts/serve.sh) on a
free loopback port, with a temporary database and a copy of the lessons
folder, so nothing of the real install is touched. It creates --trainees
trainee accounts; each simulated trainee signs in, opens its lesson and,
with no think time, posts to it: a dealer step to its table cell (the step
the engine says is due -- the script deals the same cell in-process to
know it -- or with probability --wrong a wrong one), or with probability
--answers an answer to one of the lesson's question cells (the engine's
right answer, worked out in-process from the cell's scenario, or with
probability --wrong a wrong one; a question about the table cell's hand
only once that hand is dealt to the end, as the page allows). A hand dealt
to the end is restarted (Restart cell). Every post carries the page's CSRF
token and its `at`/`rev` counters, and a step the version of the cell the page
drew (`cell_version`), as the browser's form does. Nothing is ever read from
the pages but the CSRF token and that version: they hold no answers.

With --rate R the class posts R times a second in all, each trainee on a
fixed schedule (50 trainees at 300/s: one post every 167 ms each) whatever
the server's latency, and a post sent late counts from when it was due (a
restart of a finished hand is not a check: the check after it follows at once). Without
it the loop is closed: with no think time and N trainees, latency is N
divided by throughput (Little's law), so 50 trainees can only see p95 under
100 ms from a server checking well over 500 a second; --rate asks instead how
fast a given load is answered.

To leave the two cores to the server, the generator is one thread with one
keep-alive socket per trainee, a selector and a minimal HTTP/1.1 client
(no http.client objects per request), and each question's right and wrong
forms are built once.

It prints, for steps, answers and both: checks per second (posts the
server answered 200), latency p50/p95/p99 and errors (any other status, or
a refused connection); the server's CPU seconds (its granian master and
workers, from /proc) and the generator's own, and the server's CPU per
check; the kept-hands cache's hit rate (webapp/trainee/hands.py, counted by the
workers); and then it verifies that every acknowledged step and answer,
right or wrong, is an attempt in the database, trainee by trainee. Only
loopback; the trainee count and the duration are bounded (at most 200
trainees, 600 s).
"""
from __future__ import annotations

import argparse
import heapq
import os
import random
import re
import secrets
import selectors
import shutil
import socket
import ssl
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.steps import Step  # noqa: E402

MAX_TRAINEES, MAX_SECONDS, MAX_RATE = 200, 600, 2000
PASSWORD = "load-test-password-1"
# (lesson, table cell) the trainees deal, round robin: several games, both procedures.
CELLS = (("holdem-01-dealing-a-hand", "deal-a-hand"), ("omaha-01-four-cards-two-plus-three", None),
         ("stud-01-seven-card-stud", None), ("draw-01-draw-with-a-kitty", None),
         ("casino-01-casino-holdem", None), ("holdem-03-all-ins-and-side-pots", None))
CSRF = re.compile(rb'name="csrf_token" value="([^"]+)"')
CELL_VERSION = re.compile(rb'name="cell_version" value="([^"]+)"')
KINDS = ("step", "answer")
Form = list[tuple[str, str]]


def cell_version(page: bytes, cell: str) -> str:
    """The version of `cell` the lesson page drew, as its step form sends it."""
    start = page.find(f'id="cell-{cell}"'.encode())
    found = CELL_VERSION.search(page, start) if start >= 0 else None
    if found is None:
        raise RuntimeError(f"the lesson page has no step form with a cell_version for cell {cell}")
    return found.group(1).decode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------- answers

def right_form(question: Any) -> Form:
    """The form fields of the engine's own answer to `question`, as the
    question cell's inputs post them (engine/questions/base.py parse)."""
    answer, kind = question.answer, question.input
    if kind in ("seat", "amount"):
        return [(kind, str(answer))]
    if kind == "chips":          # an amount the table asks: one field, "135" or "200 / 210" (issue 32)
        return [("amount", str(answer))]
    if kind == "choice":
        return [("choice", str(answer))]
    if kind in ("seats", "cards"):
        return [("seats", str(v)) for v in answer]
    if kind == "grid":
        return [("seats", f"{row}.{col}") for row, seats in sorted(answer.items())
                for col in (seats or ("none",))]
    return [(f"amount-{k}", str(v)) for k, v in answer.items()]      # amounts, places


def _variants(question: Any, rng: random.Random) -> Form:
    """One changed copy of the right answer's form (maybe still right: the caller checks)."""
    form = right_form(question)
    values = [str(v) for v, _ in question.choices]
    kind = question.input
    if kind in ("seat", "choice"):
        return [(form[0][0], rng.choice(values))] if values else form
    if kind in ("seats", "cards"):
        ticked = {v for _, v in form}
        other = rng.choice(values) if values else ""
        ticked ^= {other}
        if kind == "cards" and len(ticked) != 5:
            ticked = set(rng.sample(values, 5)) if len(values) >= 5 else ticked
        return [("seats", v) for v in sorted(ticked)] or [("seats", rng.choice(values))]
    if kind == "grid":
        i = rng.randrange(len(form))
        row = form[i][1].split(".")[0]
        return form[:i] + [("seats", f"{row}.{rng.choice(values)}")] + form[i + 1:]
    if kind == "places" and len(form) > 1:
        i, j = rng.sample(range(len(form)), 2)
        swapped = list(form)
        swapped[i], swapped[j] = (form[i][0], form[j][1]), (form[j][0], form[i][1])
        return swapped
    if kind == "chips":
        parts = form[0][1].split(" / ")
        i = rng.randrange(len(parts))
        parts[i] = str(int(parts[i]) + rng.choice((1, 2, 5)))
        return [("amount", " / ".join(parts))]
    i = rng.randrange(len(form))
    name, value = form[i]
    return form[:i] + [(name, str(int(value) + rng.choice((1, 2, 5))))] + form[i + 1:]


def judged(question: Any, form: Form) -> bool | None:
    """What the engine says of this form: True right, False wrong, None not an answer."""
    from engine.questions.base import MalformedAnswer
    fields: dict[str, Any] = {}
    for name, value in form:
        if name == "seats":
            fields.setdefault("seats", []).append(value)
        else:
            fields[name] = value
    try:
        return bool(question.check(question.parse(fields)).ok)
    except MalformedAnswer:
        return None


def wrong_forms(question: Any, rng: random.Random, count: int = 4) -> list[Form]:
    """Up to `count` different well-formed answers the engine marks wrong."""
    found: list[Form] = []
    for _ in range(40 * count):
        form = _variants(question, rng)
        if form not in found and judged(question, form) is False:
            found.append(form)
            if len(found) == count:
                break
    return found


@dataclass
class Asked:
    """A question cell a trainee answers: its forms (built once) and its `rev` counter."""
    slug: str
    cell: str
    after: str | None        # the table cell whose finished hand it asks about, if any
    right: Form
    wrong: list[Form]
    runs: int = 0
    # `at`: the dealer steps after which the table stops for it until it is answered (issue 27)
    stop: int | None = None


# ---------------------------------------------------------------- HTTP

def request_bytes(method: str, path: str, cookie: str, form: Form | None, htmx: bool, referer: str = "") -> bytes:
    """One HTTP/1.1 request, keep-alive, as the browser's htmx form posts it
    (over HTTPS a browser names the page it posts from, and the CSRF check
    wants that page to be the trainer's own)."""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if referer:
        head += f"Referer: {referer}\r\n"
    if cookie:
        head += f"Cookie: {cookie}\r\n"
    if htmx:
        head += "HX-Request: true\r\n"
    if form is None:
        return (head + "\r\n").encode()
    body = urllib.parse.urlencode(form).encode()
    head += f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n"
    return head.encode() + body


class Reply:
    """An HTTP/1.1 response read as it arrives: `feed` says when it is complete."""
    __slots__ = ("data", "status", "end", "length", "chunked", "close", "cookie")

    def __init__(self) -> None:
        self.data = b""
        self.status = 0
        self.end = -1           # where the body starts, once the head is in
        self.length = -1
        self.chunked = False
        self.close = False
        self.cookie = ""

    def feed(self, data: bytes) -> bool:
        self.data += data
        if self.end < 0:
            cut = self.data.find(b"\r\n\r\n")
            if cut < 0:
                return False
            self.end = cut + 4
            lines = self.data[:cut].split(b"\r\n")
            self.status = int(lines[0].split(b" ", 2)[1])
            for line in lines[1:]:
                name, _, value = line.partition(b":")
                name = name.strip().lower()
                if name == b"content-length":
                    self.length = int(value)
                elif name == b"transfer-encoding" and b"chunked" in value.lower():
                    self.chunked = True
                elif name == b"connection" and b"close" in value.lower():
                    self.close = True
                elif name == b"set-cookie":
                    self.cookie = value.strip().split(b";", 1)[0].decode()
        if self.chunked:
            return self.data.endswith(b"0\r\n\r\n")
        return len(self.data) - self.end >= max(self.length, 0)

    @property
    def body(self) -> bytes:
        return self.data[self.end:]


# ---------------------------------------------------------------- trainees

@dataclass
class Trainee:
    """One simulated trainee: its socket, cookie, token, its table cell's hand and its questions."""
    username: str
    slug: str
    cell: str
    engine: Any
    questions: list[Asked]
    port: int
    rng: random.Random
    cookie: str = ""
    token: str = ""
    version: str = ""                     # the cell's version (cell_version) the page drew
    sock: socket.socket | None = None
    steps: list[dict] = field(default_factory=list)
    runs: int = 0
    hand: Any = None
    # What is in flight: kind ("step", "answer", "reset"), right?, the step or question, when sent.
    pending: tuple[str, bool, Any, float] | None = None
    request: bytes = b""
    reply: Reply = field(default_factory=Reply)
    acked: Counter = field(default_factory=Counter)        # (kind, right) -> count
    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: list[str] = field(default_factory=list)
    connections: int = 0
    due: float = 0.0                      # with --rate: when this trainee's next post is due
    tls: ssl.SSLContext | None = None     # with --https

    @property
    def referer(self) -> str:
        """The page a browser posts from: named over HTTPS only (Referrer-Policy same-origin)."""
        return f"https://127.0.0.1/lessons/{self.slug}" if self.tls is not None else ""

    def connect(self) -> None:
        if self.sock is not None:
            self.sock.close()
        self.connections += 1
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.tls is not None:
            self.sock = self.tls.wrap_socket(self.sock, server_hostname="localhost")
        self.reply = Reply()

    def send(self, data: bytes) -> None:
        """Send a request on the kept connection, on a new one if the server closed it."""
        self.request, self.reply = data, Reply()
        for attempt in (1, 2):
            try:
                if self.sock is None:
                    self.connect()
                assert self.sock is not None
                self.sock.sendall(data)
                return
            except OSError:
                self.sock = None
                if attempt == 2:
                    raise

    def blocking(self, method: str, path: str, form: Form | None = None, htmx: bool = False) -> Reply:
        """One request answered before anything else (signing in, restarting)."""
        for attempt in (1, 2):
            self.send(request_bytes(method, path, self.cookie, form, htmx, self.referer))
            assert self.sock is not None
            while True:
                data = self.sock.recv(65536)
                if not data or self.reply.feed(data):
                    break
            if data:
                break
            self.sock = None                  # closed before answering: once more on a new one
            if attempt == 2:
                raise ConnectionError(f"{method} {path}: connection closed")
        self.finish_reply()
        return self.reply

    def finish_reply(self) -> None:
        if self.reply.cookie:
            self.cookie = self.reply.cookie
        if self.reply.close and self.sock is not None:
            self.sock.close()
            self.sock = None

    def sign_in(self) -> None:
        self.sock, self.cookie = None, ""
        token = CSRF.search(self.blocking("GET", "/auth/login").body)
        assert token is not None
        reply = self.blocking("POST", "/auth/login", [("csrf_token", token.group(1).decode()),
                                                      ("username", self.username), ("password", PASSWORD)])
        if reply.status not in (302, 303):
            raise RuntimeError(f"{self.username} could not sign in: {reply.status}")
        body = self.blocking("GET", f"/lessons/{self.slug}").body
        page = CSRF.search(body)
        assert page is not None
        self.token = page.group(1).decode()
        self.version = cell_version(body, self.cell)
        self.restart()

    def restart(self) -> None:
        reply = self.blocking("POST", f"/lessons/{self.slug}/cells/{self.cell}/reset",
                              [("csrf_token", self.token)], htmx=True)
        if reply.status != 200:
            self.errors.append(f"reset {reply.status}")
        self.steps, self.runs = [], 0
        self.hand = self.engine.new_hand()

    def step_form(self, step: Step) -> Form:
        info = self.hand.step_kinds_info()
        fields = [("csrf_token", self.token), ("at", str(len(self.steps))), ("rev", str(self.runs)),
                  ("elapsed_ms", str(self.rng.randint(300, 4000))), ("cell_version", self.version)]
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

    def open_questions(self) -> list[Asked]:
        """The questions the page lets this trainee answer now."""
        finished = self.hand.expected() is None
        dealt = len(self.steps)
        return [q for q in self.questions if not q.after or (q.after == self.cell and (
            finished or (q.stop is not None and dealt >= q.stop)))]

    def stopped_by(self) -> list[Asked]:
        """The questions the table stands waiting for: asked here (`at`) and never answered."""
        return [q for q in self.questions
                if q.after == self.cell and q.stop == len(self.steps) and not q.runs]

    def next_request(self, wrong_share: float, answer_share: float) -> bytes:
        """The next post (and what it is, in `pending`): an answer, a step, or a restart."""
        exp = self.hand.expected()
        right = self.rng.random() >= wrong_share
        questions = self.stopped_by() if exp is not None else []
        questions = questions or (self.open_questions() if exp is None or self.rng.random() < answer_share
                                  else [])
        if questions and (exp is not None or self.rng.random() < 0.5):
            q = self.rng.choice(questions)
            right = right or not q.wrong
            form = q.right if right else self.rng.choice(q.wrong)
            self.pending = ("answer", right, q, time.perf_counter())
            fields = [("csrf_token", self.token), ("rev", str(q.runs)),
                      ("elapsed_ms", str(self.rng.randint(300, 4000))), *form]
            return request_bytes("POST", f"/lessons/{q.slug}/cells/{q.cell}/answer", self.cookie, fields, True,
                                 self.referer)
        if exp is None:
            self.pending = ("reset", True, None, time.perf_counter())
            return request_bytes("POST", f"/lessons/{self.slug}/cells/{self.cell}/reset", self.cookie,
                                 [("csrf_token", self.token)], True, self.referer)
        due = exp.step()
        step = due if right else self.wrong(due)
        self.pending = ("step", right, step, time.perf_counter())
        return request_bytes("POST", f"/lessons/{self.slug}/cells/{self.cell}/step", self.cookie,
                             self.step_form(step), True, self.referer)

    def answered(self) -> None:
        """The server answered what was pending: count it and follow it in-process."""
        assert self.pending is not None
        kind, right, what, sent = self.pending
        status = self.reply.status
        self.finish_reply()
        self.pending = None
        if kind == "reset":
            if status != 200:
                self.errors.append(f"reset {status}")
            self.steps, self.runs = [], 0
            self.hand = self.engine.new_hand()
            return
        self.latencies[kind].append(time.perf_counter() - sent)
        if status != 200:
            self.errors.append(f"{kind} {status}")
            self.sign_in()            # start over from what the server has
            return
        self.acked[kind, right] += 1
        if kind == "answer":
            what.runs += 1
            return
        self.runs += 1
        if right:
            verdict = self.hand.propose(what)
            assert verdict.ok, verdict.message
            self.steps.append(what.to_dict())


def questions_of(lesson: Any, rng: random.Random) -> list[Asked]:
    """The lesson's question cells with their right and wrong forms, built once."""
    return [Asked(lesson.slug, c.id, c.after, right_form(c.engine), wrong_forms(c.engine, rng),
                  stop=c.checkpoint.steps if c.checkpoint is not None else None)
            for c in lesson.cells if c.kind == "question"]


def run(trainees: list[Trainee], seconds: float, wrong_share: float, answer_share: float,
        new_connections: bool = False, rate: float | None = None) -> None:
    """Every trainee posts, one request in flight each, until `seconds` are up: one thread, one selector.
    `new_connections`: each post on a new connection, so any worker may get it (a proxy
    that keeps no connections to the trainer). `rate`: posts per second for the whole
    class, each trainee posting on a fixed schedule (an open loop) instead of as soon as
    its last reply came; a post sent late counts its latency from when it was due, so a
    slow server cannot hide its queue by slowing the generator down."""
    sel = selectors.DefaultSelector()
    start = time.perf_counter()
    stop = start + seconds
    interval = len(trainees) / rate if rate else 0.0
    waiting: list[tuple[float, int, Trainee]] = []      # (due, tie-break, trainee): a heap

    def post(t: Trainee, late_counts: bool = True) -> None:
        if new_connections:
            t.connect()
        t.send(t.next_request(wrong_share, answer_share))
        if interval and late_counts:
            assert t.pending is not None
            t.pending = (*t.pending[:3], min(t.due, t.pending[3]))
        assert t.sock is not None
        sel.register(t.sock, selectors.EVENT_READ, t)

    def next_post(t: Trainee, after_restart: bool = False) -> None:
        if not interval or after_restart:     # a restart is not a check: the check follows at once
            post(t, late_counts=not after_restart)
            return
        t.due += interval
        if t.due <= time.perf_counter():
            post(t)
        else:
            heapq.heappush(waiting, (t.due, id(t), t))

    for i, t in enumerate(trainees):
        t.due = start + interval * i / len(trainees)
        if interval:
            heapq.heappush(waiting, (t.due, id(t), t))
        else:
            post(t)
    active = len(trainees)
    while active:
        now = time.perf_counter()
        if now >= stop and waiting:           # nobody waits past the end for a slot
            active -= len(waiting)
            waiting.clear()
        while waiting and waiting[0][0] <= now:
            t = heapq.heappop(waiting)[2]
            if now >= stop:
                active -= 1
                continue
            post(t)
        if not active:
            break
        timeout = max(0.0, min(waiting[0][0], stop) - now) if waiting else 1
        for key, _ in sel.select(timeout=timeout):
            t = key.data
            try:
                data = received(t.sock)
            except OSError:
                data = b""
            if data and not t.reply.feed(data):
                continue
            sel.unregister(key.fileobj)
            try:
                if not data:                   # closed before answering: once more on a new connection
                    t.sock.close()
                    t.sock = None
                    if t.reply.data:
                        raise ConnectionError("connection closed mid-response")
                    t.send(t.request)
                    sel.register(t.sock, selectors.EVENT_READ, t)
                    continue
                restarted = t.pending is not None and t.pending[0] == "reset"
                t.answered()
                if time.perf_counter() < stop:
                    next_post(t, restarted)
                    continue
            except Exception as exc:          # counted, and the trainee signs in again
                t.errors.append(f"{type(exc).__name__}: {exc}")
                t.pending = None
                try:
                    t.sign_in()
                    if time.perf_counter() < stop:
                        next_post(t)
                        continue
                except Exception as again:
                    t.errors.append(f"{type(again).__name__}: {again}")
            active -= 1
    sel.close()


def received(sock: socket.socket) -> bytes:
    """What a readable socket holds; over TLS, also what the TLS layer has
    already decrypted, which the selector cannot see."""
    data = sock.recv(65536)
    while data and isinstance(sock, ssl.SSLSocket) and sock.pending():
        data += sock.recv(65536)
    return data


def self_signed(folder: str) -> tuple[str, str]:
    """A certificate and key for localhost, made with openssl, for --https."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=localhost", "-keyout", key, "-out", cert], check=True, capture_output=True)
    return cert, key


# ---------------------------------------------------------------- measuring

def cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and of its children it has waited for (/proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def server_cpu(master: int) -> float:
    """CPU seconds of the server's master process, its live workers and the workers it reaped."""
    total = cpu_seconds(master)
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as handle:
                    if int(handle.read().rsplit(")", 1)[1].split()[1]) == master:
                        total += cpu_seconds(int(name))
            except (OSError, ValueError):
                continue
    return total


def stored_attempts(database: str) -> Counter:
    """(username, kind, right) -> attempts in the database."""
    conn = sqlite3.connect(database)
    rows = conn.execute("select u.username, case when a.step != '' then 'step' else 'answer' end, a.correct, "
                        "count(*) from attempts a join users u on u.id = a.user_id group by 1, 2, 3")
    stored = Counter({(user, kind, bool(right)): n for user, kind, right, n in rows})
    conn.close()
    return stored


def missing(acked: Counter, stored: Counter) -> dict:
    """Every acknowledged (username, kind, right) with fewer attempts stored than acknowledged."""
    return {key: (n, stored.get(key, 0)) for key, n in acked.items() if stored.get(key, 0) < n}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


HAND_STATS = re.compile(r"kept hands: hits (\d+) caught up (\d+) replayed (\d+)")


def hand_stats(lines: list[str]) -> tuple[int, int, int]:
    """The kept-hands cache's counts summed over the workers' exit lines."""
    totals = [0, 0, 0]
    for line in lines:
        found = HAND_STATS.search(line)
        if found:
            totals = [a + int(b) for a, b in zip(totals, found.groups())]
    return totals[0], totals[1], totals[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trainees", type=int, default=20, help=f"simulated trainees (1-{MAX_TRAINEES})")
    parser.add_argument("--seconds", type=float, default=60, help=f"how long they deal (at most {MAX_SECONDS})")
    parser.add_argument("--workers", type=int, default=None,
                        help="server worker processes (default: the server's own default)")
    parser.add_argument("--threads", type=int, default=None,
                        help="threads per worker (default: the server's own default)")
    parser.add_argument("--wrong", type=float, default=0.2, help="share of wrong steps and answers (default 0.2)")
    parser.add_argument("--answers", type=float, default=0.2,
                        help="share of posts that answer a question cell (default 0.2)")
    parser.add_argument("--new-connections", action="store_true",
                        help="a new connection per post, as behind a proxy without keep-alive: any worker "
                             "may get any trainee's next step")
    parser.add_argument("--rate", type=float, default=None,
                        help="posts per second for the whole class, on a fixed schedule (default: none, "
                             "every trainee posts again as soon as answered)")
    parser.add_argument("--https", action="store_true",
                        help="serve HTTPS (--certfile/--keyfile, a self-signed certificate) and post over TLS")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.trainees <= MAX_TRAINEES or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--trainees must be 1-{MAX_TRAINEES} and --seconds 0-{MAX_SECONDS}")
    if not 0 <= args.wrong <= 1 or not 0 <= args.answers <= 1:
        parser.error("--wrong and --answers are shares from 0 to 1")
    if args.rate is not None and not 0 < args.rate <= MAX_RATE:
        parser.error(f"--rate must be above 0 and at most {MAX_RATE}")

    tmp = tempfile.mkdtemp(prefix="trainer-load-")
    lessons = os.path.join(tmp, "lessons")
    shutil.copytree(os.path.join(ROOT, "lessons"), lessons)
    database = os.path.join(tmp, "trainer.db")
    # The simulated trainees post with no think time (50 at 300/s: 6 a second each, for minutes),
    # past the per-user posting limit (webapp/posting.py: 3 a second after 40) that no person
    # meets; it is raised, not turned off, so every post still pays for its bucket.
    env = dict(os.environ, TRAINER_DATABASE=database, TRAINER_LESSONS_DIR=lessons,
               TRAINER_SECRET_KEY=secrets.token_hex(32), TRAINER_HAND_STATS="1", TRAINER_POST_PER_SECOND="1000")
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
    rng = random.Random(args.seed)
    cells = []
    for slug, cell_id in CELLS:
        lesson = library.lessons[slug]
        cell = lesson.cell(cell_id) if cell_id else next(c for c in lesson.cells if c.kind == "table")
        cells.append((slug, cell.id, cell.engine, lesson))

    port = free_port()
    command = [sys.executable, "-m", "webapp", "--host", "127.0.0.1", "--port", str(port)]
    if args.workers is not None:
        command += ["--workers", str(args.workers)]
    if args.threads is not None:
        command += ["--threads", str(args.threads)]
    tls = None
    if args.https:
        cert, key = self_signed(tmp)
        command += ["--certfile", cert, "--keyfile", key]
        tls = ssl.create_default_context(cafile=cert)
        tls.check_hostname = False
    server = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
    output: list[str] = []
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            line = server.stdout.readline()
            output.append(line.rstrip())
            if "running at" in line or not line:
                break
        banner = output[-1] if output else ""
        threading.Thread(target=lambda: output.extend(server.stdout), daemon=True).start()   # keep draining
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        trainees = []
        for i in range(args.trainees):
            slug, cell_id, engine, lesson = cells[i % len(cells)]
            trainees.append(Trainee(f"load{i:03}", slug, cell_id, engine, questions_of(lesson, rng), port=port,
                                    rng=random.Random(args.seed + i), tls=tls))
        for t in trainees:
            t.sign_in()
        connected = sum(t.connections for t in trainees)
        server_before, own_before = server_cpu(server.pid), time.process_time()
        began = time.perf_counter()
        run(trainees, args.seconds, args.wrong, args.answers, args.new_connections, args.rate)
        took = time.perf_counter() - began
        server_used, own_used = server_cpu(server.pid) - server_before, time.process_time() - own_before
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        time.sleep(0.2)          # the drain thread reads the workers' last lines

    acked = Counter({(t.username, kind, right): n for t in trainees for (kind, right), n in t.acked.items()})
    stored = stored_attempts(database)
    lost = missing(acked, stored)
    errors = [e for t in trainees for e in t.errors]
    print(f"Server: {' '.join(command[1:])} ({banner})")
    print(f"Machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          "after the run (the load generator runs on the same cores)")
    print(f"{args.trainees} trainees, {took:.1f} s, {args.answers:.0%} answers, {args.wrong:.0%} wrong, "
          + (f"{args.rate:g} posts/s offered on a fixed schedule" if args.rate else "no think time")
          + (", a new connection per post" if args.new_connections else "")
          + (", over HTTPS" if args.https else ""))
    total = sum(acked.values())
    for label, kinds in (("steps", ("step",)), ("answers", ("answer",)), ("all", KINDS)):
        latencies = [x for t in trainees for k in kinds for x in t.latencies[k]]
        count = sum(n for (_, k, _), n in acked.items() if k in kinds)
        wrong = sum(n for (_, k, right), n in acked.items() if k in kinds and not right)
        failed = sum(1 for e in errors if e.split(" ", 1)[0] in kinds)
        print(f"{label:<8} {count:>7} ({wrong} wrong)  checks/s {count / took:6.1f}   "
              f"p50 {percentile(latencies, .5) * 1000:4.0f} ms   p95 {percentile(latencies, .95) * 1000:4.0f} ms   "
              f"p99 {percentile(latencies, .99) * 1000:4.0f} ms   errors {failed}")
    print(f"errors {len(errors)}" + (": " + "; ".join(errors[:5]) if errors else ""))
    print(f"CPU: server {server_used:.1f} s ({server_used / max(total, 1) * 1000:.2f} ms per check), "
          f"load generator {own_used:.1f} s ({own_used / max(total, 1) * 1000:.2f} ms per check)")
    hits, caught_up, replayed = hand_stats(output)
    looked = hits + caught_up + replayed
    if looked:
        print(f"kept hands: {hits / looked:.0%} kept, {caught_up / looked:.0%} caught up a few steps, "
              f"{replayed / looked:.0%} replayed ({looked} look-ups, all workers)")
    print(f"connections opened during the run: {sum(t.connections for t in trainees) - connected} "
          "(a kept-alive connection stays with one worker, and so does its trainee's hand)")
    print(f"acknowledged {total}, in the database {sum(stored.values())}: "
          + ("every acknowledged step and answer is stored" if not lost else f"MISSING {lost}"))
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if lost or errors else 0


if __name__ == "__main__":
    sys.exit(main())
