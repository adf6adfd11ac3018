"""Serving with several worker processes: what must happen once happens once."""
from __future__ import annotations

import multiprocessing
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request

import pytest

from webapp import _secret_key, create_app
from webapp.__main__ import default_workers
from webapp.db import MIGRATIONS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _start_app(database: str, barrier) -> None:
    barrier.wait()
    create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": database})


def _read_key(folder: str, barrier, out) -> None:
    barrier.wait()
    from pathlib import Path
    out.put(_secret_key(Path(folder)))


def _together(target, args_for, n: int = 6) -> list:
    ctx = multiprocessing.get_context("fork")
    barrier, out = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=target, args=(*args_for, barrier, out)[:target.__code__.co_argcount])
             for _ in range(n)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert all(p.exitcode == 0 for p in procs), [p.exitcode for p in procs]
    return [out.get(timeout=5) for _ in range(out.qsize())] if target is _read_key else []


def test_workers_starting_at_once_migrate_a_new_database_once(tmp_path):
    database = str(tmp_path / "trainer.db")
    _together(_start_app, (database,))
    conn = sqlite3.connect(database)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    tables = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
    assert sorted(tables) == sorted(set(tables)) and "attempts" in tables
    conn.close()


def test_workers_starting_at_once_agree_on_one_secret_key(tmp_path):
    keys = _together(_read_key, (str(tmp_path),))
    assert len(keys) == 6 and len(set(keys)) == 1 and len(keys[0]) == 64
    assert sorted(os.listdir(tmp_path)) == ["secret_key"]           # no candidate left behind
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_worker_count_defaults_to_the_cores_or_the_setting(monkeypatch):
    monkeypatch.delenv("TRAINER_WORKERS", raising=False)
    assert default_workers() == (os.cpu_count() or 1) + 1
    monkeypatch.setenv("TRAINER_WORKERS", "3")
    assert default_workers() == 3


def _start_server(tmp_path, *args: str) -> tuple[int, subprocess.Popen]:
    """`python -m webapp` on a free loopback port and a new database."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, TRAINER_DATABASE=str(tmp_path / "t.db"), TRAINER_SECRET_KEY="k" * 64,
               TRAINER_LESSONS_DIR=os.path.join(ROOT, "lessons"))
    return port, subprocess.Popen([sys.executable, "-m", "webapp", "--port", str(port), *args], cwd=ROOT,
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _signed_in_lessons_page(base: str, username: str, password: str) -> str:
    """Sign in through the real server as a browser does (cookie, CSRF token from the form)."""
    import http.cookiejar
    import re
    import urllib.parse
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    form = opener.open(f"{base}/auth/login", timeout=10).read().decode()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
    data = urllib.parse.urlencode({"csrf_token": token, "username": username, "password": password})
    return opener.open(f"{base}/auth/login", data.encode(), timeout=10).read().decode()


def test_the_server_runs_several_workers_and_prints_the_demo_accounts_once(tmp_path):
    port, server = _start_server(tmp_path, "--workers", "2", "--threads", "2")
    printed = []
    try:
        for line in server.stdout:                       # up to "running at": the accounts come first
            printed.append(line)
            if "running at" in line:
                break
        password = next(line.split()[-1] for line in printed if "user: trainee" in line)
        status, deadline = None, time.monotonic() + 180     # a busy machine starts slowly
        while time.monotonic() < deadline and server.poll() is None:
            try:
                status = urllib.request.urlopen(f"http://127.0.0.1:{port}/auth/login", timeout=5).status
                break
            except OSError:
                time.sleep(0.1)
        assert status == 200
        workers = subprocess.run(["ps", "-o", "pid=", "--ppid", str(server.pid)], capture_output=True,
                                 text=True).stdout.split()
        assert len(workers) == 2
        page = _signed_in_lessons_page(f"http://127.0.0.1:{port}", "trainee", password)
        assert "Sign out" in page and "Hold&#39;em 1: dealing a hand" in page    # the lessons list, signed in
    finally:
        server.terminate()
        output = "".join(printed) + server.communicate(timeout=30)[0]
    assert output.count("Demo accounts") == 1 and output.count("user: trainee") == 1
    assert server.returncode is not None                 # stopped when asked


def test_a_thread_keeps_its_connection_and_a_request_leaves_nothing_open(app):
    from webapp.db import get_db
    with app.app_context():
        first = get_db()
        first.conn.execute("insert into login_failures (key, at) values ('x', 1)")   # not committed
    with app.app_context():
        second = get_db()
        assert second is first                          # kept for the thread's next request
        assert not second.conn.in_transaction
        assert second.execute("select count(*) from login_failures").fetchone()[0] == 0   # rolled back


def test_connections_are_kept_for_a_few_databases_only(tmp_path):
    from webapp import db
    made = [db._thread_connection(str(tmp_path / f"{i}.db")) for i in range(db.KEPT_DATABASES + 2)]
    assert len(db._local.kept) == db.KEPT_DATABASES
    with __import__("pytest").raises(sqlite3.ProgrammingError):
        made[0].execute("select 1")                     # the oldest was closed


def _address_seen(app, headers):
    from flask import request
    seen = {}

    @app.get("/_address_for_test")
    def address():
        seen["addr"], seen["scheme"] = request.remote_addr, request.scheme
        return ""
    app.test_client().get("/_address_for_test", headers=headers, environ_base={"REMOTE_ADDR": "127.0.0.1"})
    return seen


def test_behind_a_proxy_the_client_address_comes_from_the_proxy_only_when_configured(tmp_path):
    headers = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
    plain = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "a.db")})
    assert _address_seen(plain, headers) == {"addr": "127.0.0.1", "scheme": "http"}
    proxied = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "b.db"),
                          "PROXY_FIX": 1})
    assert _address_seen(proxied, headers) == {"addr": "203.0.113.7", "scheme": "https"}


def test_with_a_certificate_the_server_speaks_https_and_the_cookie_is_secure(tmp_path):
    import http.client
    import ssl
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=localhost", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    port, server = _start_server(tmp_path, "--workers", "1", "--certfile", str(cert), "--keyfile", str(key))
    try:
        printed = []
        for line in server.stdout:                       # up to the line with the address
            printed.append(line)
            if "running at" in line:
                break
        assert "running at https://" in printed[-1]
        context = ssl.create_default_context(cafile=str(cert))
        context.check_hostname = False
        reply, deadline = None, time.monotonic() + 180
        while reply is None and time.monotonic() < deadline and server.poll() is None:
            try:
                reply = urllib.request.urlopen(f"https://127.0.0.1:{port}/auth/login", timeout=5, context=context)
            except OSError:
                time.sleep(0.1)
        assert reply is not None and reply.status == 200, printed
        assert "Secure" in reply.headers["Set-Cookie"]              # the session cookie never goes over http
        with pytest.raises((OSError, http.client.HTTPException)):   # plain http is not answered as a page
            urllib.request.urlopen(f"http://127.0.0.1:{port}/auth/login", timeout=5).read()
    finally:
        server.terminate()
        server.communicate(timeout=30)


def test_half_a_certificate_is_refused_with_a_message(tmp_path):
    run = subprocess.run([sys.executable, "-m", "webapp", "--certfile", str(tmp_path / "cert.pem")], cwd=ROOT,
                         env=dict(os.environ, TRAINER_DATABASE=str(tmp_path / "t.db")), capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 2 and "needs both --certfile and --keyfile" in run.stderr
    (tmp_path / "k.pem").write_text("x")
    run = subprocess.run([sys.executable, "-m", "webapp", "--certfile", str(tmp_path / "nope.pem"), "--keyfile",
                          str(tmp_path / "k.pem")], cwd=ROOT, env=dict(os.environ, TRAINER_DATABASE=str(tmp_path / "t.db")),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "cannot read" in run.stderr and "nope.pem" in run.stderr


def test_the_default_extra_worker_is_not_warned_about_and_more_workers_are(monkeypatch):
    import logging

    from webapp.__main__ import _quiet_meant_warning
    granian_log = logging.getLogger("_granian")
    monkeypatch.setattr(granian_log, "filters", [])
    cores = os.cpu_count() or 1
    warned = logging.LogRecord("_granian", logging.WARNING, "", 0, "Configured number of workers appears to be "
                               "higher than the amount of CPU cores available.", None, None)
    other = logging.LogRecord("_granian", logging.WARNING, "", 0, "Killing worker-1", None, None)
    _quiet_meant_warning(cores + 2)
    assert granian_log.filter(warned)                           # more than the default: granian's warning stays
    _quiet_meant_warning(cores + 1)
    _quiet_meant_warning(cores + 1)
    assert not granian_log.filter(warned) and granian_log.filter(other) and len(granian_log.filters) == 1


def test_the_server_compiles_every_page_template_before_the_workers_fork(tmp_path, monkeypatch):
    """A worker's first lesson page finds its templates compiled (issue 29: a cold page's first paint)."""
    import webapp.__main__ as server
    served = {}
    monkeypatch.setenv("TRAINER_DATABASE", str(tmp_path / "t.db"))
    monkeypatch.setenv("TRAINER_SECRET_KEY", "k" * 64)
    monkeypatch.setattr(server, "serve", lambda app, *args, **kw: served.setdefault("app", app))
    server.main(["--workers", "1"])
    env = served["app"].jinja_env
    names = env.list_templates(extensions=("html",))
    assert "trainee/lessons/notebook.html" in names
    assert {t.name for t in env.cache.values()} >= set(names)
