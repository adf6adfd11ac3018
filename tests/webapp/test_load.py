"""bench/load.py's own logic: the answers it posts are the engine's right
(and wrong) answers, its HTTP reader reads what an HTTP/1.1 server sends, and its
check after a run finds an acknowledged attempt missing from the database."""
from __future__ import annotations

import importlib.util
import os
import random
import socket
import sys
import threading
import time
from collections import Counter

import pytest

from webapp import store
from webapp.db import get_db
from webapp.lessonfile import load_library

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("bench_load", os.path.join(ROOT, "bench", "load.py"))
load = sys.modules["bench_load"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(load)


def question_cells():
    library = load_library(os.path.join(ROOT, "lessons"))
    return [(f"{slug}/{cell.id}", cell.engine) for slug, lesson in sorted(library.lessons.items())
            for cell in lesson.cells if cell.kind == "question"]


QUESTIONS = question_cells()


@pytest.mark.parametrize("name,question", QUESTIONS, ids=[n for n, _ in QUESTIONS])
def test_the_right_form_is_the_engines_answer_and_wrong_forms_are_wrong(name, question):
    assert load.judged(question, load.right_form(question)) is True, name
    for form in load.wrong_forms(question, random.Random(7)):
        assert form != load.right_form(question)
        assert load.judged(question, form) is False, (name, form)


def test_every_input_kind_gets_wrong_answers():
    """A question kind the picker cannot get wrong would post only right answers."""
    without = {q.input for _, q in QUESTIONS} - {q.input for _, q in QUESTIONS
                                                if load.wrong_forms(q, random.Random(7))}
    assert without == set()


def test_the_load_lessons_have_questions_open_before_and_after_the_hand():
    library = load_library(os.path.join(ROOT, "lessons"))
    asked = [q for slug, _ in load.CELLS for q in load.questions_of(library.lessons[slug], random.Random(1))]
    assert any(not q.after for q in asked) and any(q.after for q in asked)
    assert all(q.wrong for q in asked)


def test_judged_tells_a_malformed_form_from_a_wrong_one():
    question = next(q for _, q in QUESTIONS if q.input == "seat")
    assert load.judged(question, [("seat", "x")]) is None


def test_the_reader_waits_for_the_whole_body_and_keeps_the_cookie():
    reply = load.Reply()
    head = (b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\nSet-Cookie: session=abc; HttpOnly; Path=/\r\n"
            b"Connection: close\r\n\r\n")
    assert not reply.feed(head[:20])
    assert not reply.feed(head[20:] + b"01234")
    assert reply.feed(b"56789")
    assert (reply.status, reply.body, reply.cookie, reply.close) == (200, b"0123456789", "session=abc", True)


def test_the_reader_reads_a_chunked_body_to_its_last_chunk():
    reply = load.Reply()
    assert not reply.feed(b"HTTP/1.1 409 CONFLICT\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
    assert reply.feed(b"0\r\n\r\n")
    assert reply.status == 409 and not reply.close


def test_a_request_carries_the_form_cookie_and_htmx_header():
    data = load.request_bytes("POST", "/x", "session=abc", [("a", "1 2"), ("seats", "3")], True)
    head, body = data.split(b"\r\n\r\n")
    assert body == b"a=1+2&seats=3"
    assert b"Content-Length: 13" in head and b"Cookie: session=abc" in head and b"HX-Request: true" in head


def test_the_lost_attempt_check_finds_a_missing_row(app):
    with app.app_context():
        user = get_db().execute("select id from users where username = 'trainee'").fetchone()[0]
        store.record_attempt(user, "l", "c", step="burn", correct=True, rule="", message="", elapsed_ms=1)
        store.record_attempt(user, "l", "q", answer="seat 2", correct=False, rule="", message="", elapsed_ms=1)
        get_db().conn.commit()
    stored = load.stored_attempts(app.config["DATABASE"])
    assert stored == Counter({("trainee", "step", True): 1, ("trainee", "answer", False): 1})
    acked = Counter({("trainee", "step", True): 1, ("trainee", "answer", False): 1})
    assert load.missing(acked, stored) == {}
    acked["trainee", "answer", False] += 1          # acknowledged twice, stored once
    acked["trainee2", "step", False] += 1           # never stored
    assert load.missing(acked, stored) == {("trainee", "answer", False): (2, 1), ("trainee2", "step", False): (1, 0)}


def test_hand_stats_sum_the_workers_exit_lines():
    lines = ["kept hands: hits 5 caught up 1 replayed 2", "noise", "[x] kept hands: hits 3 caught up 0 replayed 4"]
    assert load.hand_stats(lines) == (8, 1, 6)


def test_cpu_seconds_reads_this_process():
    busy = sum(i * i for i in range(200_000))
    assert busy and load.cpu_seconds(os.getpid()) > 0


class _Paced:
    """A stand-in trainee for `run`: one socket pair, the other end answering 200 at once."""

    def __init__(self, served: list[int]):
        self.sock, self.peer = socket.socketpair()
        self.served, self.pending, self.request, self.due = served, None, b"", 0.0
        self.reply, self.errors, self.posts = load.Reply(), [], 0
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while self.peer.recv(1024):
            self.served.append(1)
            self.peer.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")

    def next_request(self, wrong_share, answer_share):
        self.pending = ("step", True, None, time.perf_counter())
        return b"POST / HTTP/1.1\r\n\r\n"

    def send(self, data):
        self.posts += 1
        self.request, self.reply = data, load.Reply()
        self.sock.sendall(data)

    def answered(self):
        self.pending = None


def test_a_rate_paces_the_posts_and_no_rate_does_not():
    paced = [_Paced([]) for _ in range(4)]
    load.run(paced, 0.5, 0, 0, rate=20)
    posts = sum(t.posts for t in paced)
    assert 0 < posts <= 20 * 0.5 + len(paced)          # never ahead of the schedule
    free = [_Paced([]) for _ in range(4)]
    load.run(free, 0.5, 0, 0)
    assert sum(t.posts for t in free) > 4 * posts       # a closed loop posts as fast as answered


def test_over_https_a_trainee_speaks_tls_and_names_the_page_it_posts_from(tmp_path):
    import ssl
    cert, key = load.self_signed(str(tmp_path))
    server_side = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_side.load_cert_chain(cert, key)
    listener = socket.create_server(("127.0.0.1", 0))
    seen = []

    def serve():
        conn, _ = listener.accept()
        with server_side.wrap_socket(conn, server_side=True) as tls:
            seen.append(tls.recv(65536))
            tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nSet-Cookie: session=s1; Secure\r\n\r\nok")
    threading.Thread(target=serve, daemon=True).start()
    client = ssl.create_default_context(cafile=cert)
    client.check_hostname = False
    t = load.Trainee("u", "holdem-01", "deal", None, [], port=listener.getsockname()[1], rng=random.Random(1),
                     tls=client)
    reply = t.blocking("POST", "/x", [("a", "1")], htmx=True)
    assert (reply.status, reply.body, t.cookie) == (200, b"ok", "session=s1")
    assert b"Referer: https://127.0.0.1/lessons/holdem-01\r\n" in seen[0]
    assert "Referer" not in load.request_bytes("POST", "/x", "", [], True).decode()   # plain http: none
    listener.close()


def test_each_trainee_sends_the_version_of_its_cell_the_page_drew(client, auth):
    """The step form's cell_version, read from the lesson page as a browser's form holds it:
    with it the server sends only what changed (webapp/trainee/step_reply.py)."""
    auth.login()
    library = load_library(os.path.join(ROOT, "lessons"))
    for slug, cell_id in load.CELLS:
        lesson = library.lessons[slug]
        table = [c for c in lesson.cells if c.kind == "table" and (cell_id is None or c.id == cell_id)]
        page = client.get(f"/lessons/{slug}").data
        for cell in table:
            assert load.cell_version(page, cell.id) == cell.fingerprint
    with pytest.raises(RuntimeError, match="no step form"):
        load.cell_version(b'<section id="cell-x">', "x")
