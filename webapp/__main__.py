"""`python -m webapp`: create/migrate the database, make demo accounts on
first start, print the URL and serve with granian, one worker process per
core and one more.

Everything that must happen once happens here, in the master process,
before any worker is forked: the migration, the secret key, the demo
accounts (printed once) and the lesson library. The workers are forked
from this process with the app already built, each running it in a few
threads; they share the one SQLite database in WAL mode. granian reads and
writes HTTP in Rust, which costs less CPU per request than a Python server
(README, Capacity).
"""
from __future__ import annotations

import argparse
import logging
import os

from webapp import create_app
from webapp.auth import ensure_demo_accounts
from webapp.db import close_kept, get_db
from webapp.lessonfile import load_library


def default_workers() -> int:
    """TRAINER_WORKERS, or one worker process per core and one more: with one
    thread each (threads in a process take turns on its interpreter lock,
    README "Capacity"), the extra one keeps a core busy while another worker
    waits, e.g. on a password hash or the database's write lock."""
    return int(os.environ.get("TRAINER_WORKERS") or (os.cpu_count() or 1) + 1)


def compile_templates(app) -> None:
    """Compile every page template once, before the workers fork: a worker's first
    lesson page otherwise spends 0.15-0.5 s compiling them, most of a cold page's
    0.8 s first-paint budget on a slow phone connection (issue 29, bench/bench_first_paint.py)."""
    for name in app.jinja_env.list_templates(extensions=("html",)):
        app.jinja_env.get_template(name)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m webapp", description="Run the dealer trainer.")
    parser.add_argument("--host", default=os.environ.get("TRAINER_HOST", "127.0.0.1"),
                        help="address to listen on (0.0.0.0 for the whole network); default 127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("TRAINER_PORT", "5000")))
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="worker processes (default: TRAINER_WORKERS, or one per core and one more)")
    parser.add_argument("--threads", type=int, default=int(os.environ.get("TRAINER_THREADS", "1")),
                        help="threads per worker (default: TRAINER_THREADS, or 1)")
    parser.add_argument("--certfile", default=os.environ.get("TRAINER_CERTFILE"),
                        help="serve HTTPS with this certificate (PEM file, the chain after it); needs --keyfile")
    parser.add_argument("--keyfile", default=os.environ.get("TRAINER_KEYFILE"),
                        help="the certificate's private key (PEM file, PKCS#8, not encrypted)")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.threads < 1:
        parser.error("--workers and --threads must be at least 1")
    if bool(args.certfile) != bool(args.keyfile):
        parser.error("HTTPS needs both --certfile and --keyfile (or TRAINER_CERTFILE and TRAINER_KEYFILE)")
    for given in filter(None, (args.certfile, args.keyfile)):
        if not os.access(given, os.R_OK):
            parser.error(f"cannot read {given}")
    app = create_app()
    if args.certfile:
        app.config["SESSION_COOKIE_SECURE"] = True      # the cookie never travels over plain HTTP
    with app.app_context():
        made = ensure_demo_accounts(get_db())
    load_library(app.config["LESSONS_DIR"])     # read once, shared by the forked workers
    compile_templates(app)
    close_kept()                                # each worker opens its own connections
    print(f"Database: {app.config['DATABASE']}")
    if made:
        print("Demo accounts (shown once; passwords are stored only as hashes):")
        for username, password, role in made:
            print(f"  {role:<10} user: {username:<10} password: {password}")
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    scheme = "https" if args.certfile else "http"
    print(f"Dealer trainer running at {scheme}://{shown}:{args.port}/  ({args.workers} worker processes x "
          f"{args.threads} thread{'s' if args.threads > 1 else ''} each; Ctrl+C to stop)", flush=True)
    serve(app, args.host, args.port, args.workers, args.threads, args.certfile, args.keyfile)


_PRELOADED = None


def serve(app, host: str, port: int, workers: int, threads: int,
          certfile: str | None = None, keyfile: str | None = None) -> None:
    """Serve `app` with granian: `workers` processes forked from this one,
    `threads` each running the app; a worker that dies is started again, and
    one that has not stopped 10 s after it was asked to is killed. With a
    certificate, HTTPS: a browser's kept-alive connection then reaches one
    worker directly, which keeps its trainee's hand (README, Capacity)."""
    from pathlib import Path

    from granian import Granian
    from granian.constants import Interfaces, SSLProtocols
    from granian.log import LogLevels

    global _PRELOADED
    _PRELOADED = app
    _quiet_meant_warning(workers)
    Granian("webapp:create_app", address=host, port=port, interface=Interfaces.WSGI,
            workers=workers, blocking_threads=threads, websockets=False,
            respawn_failed_workers=True, workers_kill_timeout=10,
            ssl_cert=Path(certfile) if certfile else None, ssl_key=Path(keyfile) if keyfile else None,
            ssl_protocol_min=SSLProtocols.tls12,       # older tablets in a training room speak TLS 1.2
            log_level=LogLevels.warning).serve(target_loader=_worker_app)


class _OneMoreWorkerMeant(logging.Filter):
    """granian warns when the workers outnumber the cores; the default's one
    extra worker is meant and measured (README, Capacity)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "workers appears to be higher than" not in record.getMessage()


def _quiet_meant_warning(workers: int) -> None:
    """Leave that warning out when `workers` is at most the default. On the
    logger itself: granian's logging set-up replaces handlers, not filters."""
    if workers <= (os.cpu_count() or 1) + 1:
        granian_log = logging.getLogger("_granian")
        if not any(isinstance(f, _OneMoreWorkerMeant) for f in granian_log.filters):
            granian_log.addFilter(_OneMoreWorkerMeant())


def _worker_app(_target: str):
    """The app a worker runs: the one built before the fork (or, where
    workers are spawned rather than forked, a new one)."""
    app = _PRELOADED or create_app()
    if os.environ.get("TRAINER_HAND_STATS"):
        from multiprocessing.util import Finalize
        Finalize(None, _print_hand_stats, exitpriority=10)
    return app


def _print_hand_stats() -> None:
    """A worker's kept-hands look-ups as it exits, for bench/load.py's hit rate."""
    from webapp.trainee import hands
    print(hands.stats(), flush=True)


if __name__ == "__main__":
    main()
