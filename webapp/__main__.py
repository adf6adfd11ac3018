"""`python -m webapp`: create/migrate the database, make demo accounts on
first start, print the URL and serve with gunicorn, one worker process per
core.

Everything that must happen once happens here, in the master process,
before any worker is forked: the migration, the secret key, the demo
accounts (printed once) and the lesson library. The workers are forked
from this process with the app already built (gunicorn's preload), each
serving several threads; they share the one SQLite database in WAL mode.
"""
from __future__ import annotations

import argparse
import os

from webapp import create_app
from webapp.auth import ensure_demo_accounts
from webapp.db import close_kept, get_db
from webapp.lessonfile import load_library


def default_workers() -> int:
    """TRAINER_WORKERS, or one worker process per core."""
    return int(os.environ.get("TRAINER_WORKERS") or os.cpu_count() or 1)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m webapp", description="Run the dealer trainer.")
    parser.add_argument("--host", default=os.environ.get("TRAINER_HOST", "127.0.0.1"),
                        help="address to listen on (0.0.0.0 for the whole network); default 127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("TRAINER_PORT", "5000")))
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="worker processes (default: TRAINER_WORKERS, or one per core)")
    parser.add_argument("--threads", type=int, default=int(os.environ.get("TRAINER_THREADS", "2")),
                        help="threads per worker (default: TRAINER_THREADS, or 2)")
    parser.add_argument("--worker-class", choices=("gthread", "sync"),
                        default=os.environ.get("TRAINER_WORKER_CLASS", "gthread"),
                        help="gthread (default: threads, kept-alive connections) or sync (one request at a "
                             "time per worker, a new connection per request)")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.threads < 1:
        parser.error("--workers and --threads must be at least 1")
    app = create_app()
    with app.app_context():
        made = ensure_demo_accounts(get_db())
    load_library(app.config["LESSONS_DIR"])     # read once, shared by the forked workers
    close_kept()                                # each worker opens its own connections
    print(f"Database: {app.config['DATABASE']}")
    if made:
        print("Demo accounts (shown once; passwords are stored only as hashes):")
        for username, password, role in made:
            print(f"  {role:<10} user: {username:<10} password: {password}")
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    threads = f"{args.threads} threads" if args.worker_class == "gthread" else "1 request at a time (sync)"
    print(f"Dealer trainer running at http://{shown}:{args.port}/  ({args.workers} worker processes x "
          f"{threads}; Ctrl+C to stop)", flush=True)
    serve(app, args.host, args.port, args.workers, args.threads, args.worker_class)


def serve(app, host: str, port: int, workers: int, threads: int, worker_class: str = "gthread") -> None:
    """Serve `app` with gunicorn: `workers` processes forked from this one, `threads` each."""
    from gunicorn.app.base import BaseApplication

    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    settings = {"bind": bind, "workers": workers, "threads": threads if worker_class == "gthread" else 1,
                "worker_class": worker_class,
                "preload_app": True, "timeout": 60, "graceful_timeout": 10, "keepalive": 5,
                "loglevel": "warning"}
    if os.environ.get("TRAINER_HAND_STATS"):
        settings["worker_exit"] = _print_hand_stats

    class Server(BaseApplication):
        def load_config(self) -> None:
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self):
            return app

    Server().run()


def _print_hand_stats(_server, _worker) -> None:
    """A worker's kept-hands look-ups as it exits, for bench/load.py's hit rate."""
    from webapp import hands
    print(hands.stats(), flush=True)


if __name__ == "__main__":
    main()
