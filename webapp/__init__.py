"""The dealer trainer web app: lessons as notebooks, checked by the engine."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask, redirect, request, send_file, url_for
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

from webapp import compress, errors
from webapp.session_cookie import KeptSessionInterface

ROOT = Path(__file__).resolve().parent.parent
HTMX_JS = ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js"

csrf = CSRFProtect()
htmx = HTMX()


def _secret_key(instance: Path) -> str:
    """A per-install secret kept in the instance folder, made on first start.
    Several processes starting at once agree on one key: each writes its own
    candidate to a private file and links it into place, which only the first
    can do (a link never replaces a file, and is never seen half written)."""
    path = instance / "secret_key"
    if not path.exists():
        candidate = instance / f"secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass                      # another process made it first: use theirs
        finally:
            candidate.unlink()
    return path.read_text().strip()


STATIC_MAX_AGE = 365 * 24 * 3600


class Trainer(Flask):
    """Flask, with a static file cached by the browser for a year when its URL
    carries the file's version (static_version): a page then loads it once,
    and a release that changes the file changes the URL."""

    def get_send_file_max_age(self, filename: str | None) -> int | None:
        if request.endpoint == "static" and request.args.get("v"):
            return STATIC_MAX_AGE
        return super().get_send_file_max_age(filename)


def create_app(test_config: dict | None = None) -> Flask:
    app = Trainer(__name__, instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    instance = Path(app.instance_path)
    instance.mkdir(mode=0o700, parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=str(instance / "trainer.db"),
        LESSONS_DIR=str(ROOT / "lessons"),
        # A lesson file changed on disk is seen within this many seconds (one look
        # at the folder per second, not per request; the editor's writes at once).
        LESSONS_RECHECK_SECONDS=1.0,
        HTMX_JS=str(HTMX_JS),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # Behind HTTPS set TRAINER_SESSION_COOKIE_SECURE=true (README, "Running it for a class").
        SESSION_COOKIE_SECURE=False,
        # A CSRF token lives as long as the session: a notebook left open all
        # afternoon still works; sign-out ends both.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        MAX_FORM_MEMORY_SIZE=1024 * 1024,
        LOGIN_MAX_FAILURES_PER_USER=10,
        LOGIN_MAX_FAILURES_PER_ADDRESS=100,
        LOGIN_WINDOW_SECONDS=15 * 60,
        # A one-time password (a new account's, or a reset) stops working after this many hours.
        ONE_TIME_PASSWORD_HOURS=72,
        # Posting bounded (webapp/posting.py): each user's step, answer, deal and start
        # posts, at most POST_BURST at once and POST_PER_SECOND after that (0: no limit).
        POST_BURST=40,
        POST_PER_SECOND=3.0,
        # Behind a reverse proxy: how many proxies set X-Forwarded-For/-Proto/-Host
        # (TRAINER_PROXY_FIX=1 behind one nginx). 0 trusts no such header.
        PROXY_FIX=0,
        # NORMAL or FULL (webapp/db.py, README "Capacity"): FULL makes every
        # acknowledged attempt survive a power cut, at a disk sync per commit.
        SQLITE_SYNCHRONOUS="NORMAL",
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("TRAINER")
    else:
        # Tests write lesson files and open them at once; a test of the window sets it.
        app.config["LESSONS_RECHECK_SECONDS"] = 0.0
        # Tests and benches post far faster than people (webapp/posting.py); a test of the limit sets it.
        app.config["POST_PER_SECOND"] = 0
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)

    proxies = int(app.config["PROXY_FIX"] or 0)
    if proxies:
        # The client's own address for the sign-in rate limit, https for redirects.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    app.session_interface = KeptSessionInterface()
    csrf.init_app(app)
    htmx.init_app(app)
    errors.init_app(app)
    compress.init_app(app)

    from engine import rule_label, rule_name
    from webapp.trainee import auditions, downs, notebook, progress, sprints
    from webapp import auth, db
    from webapp.instructor import authoring, cohorts, dashboard, trail
    from webapp.instructor import auditions as audition_setup  # noqa: F401  (its routes join auditions.bp)
    from webapp import mastery
    from webapp.mastery import readable, readable_day
    db.init_app(app)
    app.jinja_env.globals["is_staff"] = auth.is_staff
    # Words for people (issue 29 finding 6): a rule with its short name, a readable date.
    app.jinja_env.filters["rule_label"] = rule_label
    app.jinja_env.filters["when"] = readable
    app.jinja_env.filters["day"] = readable_day
    app.jinja_env.filters["rule_name"] = rule_name
    app.jinja_env.globals["lesson_title"] = lambda slug: mastery.lesson_title(notebook.library(), slug)
    app.jinja_env.globals["cell_name"] = lambda slug, cell: mastery.cell_name(notebook.library(), slug, cell)
    app.jinja_env.globals["page_rows"] = lambda table: dashboard.page_rows(
        table, app.jinja_env.globals["lesson_title"], app.jinja_env.globals["cell_name"])
    app.register_blueprint(auth.bp)
    app.register_blueprint(authoring.bp)
    app.register_blueprint(cohorts.bp)
    app.register_blueprint(trail.bp)
    app.register_blueprint(authoring.vendor)
    app.register_blueprint(notebook.bp)
    app.register_blueprint(progress.bp)
    app.register_blueprint(auditions.bp)
    app.register_blueprint(sprints.bp)
    from webapp.instructor import table_tests
    app.register_blueprint(table_tests.bp)
    from webapp.instructor import record
    app.register_blueprint(record.bp)
    app.register_blueprint(downs.bp)
    from webapp import posting
    posting.init_app(app)       # after the blueprints: the signed-in user is known (auth.load_user)

    from webapp.lessons import check_command
    app.cli.add_command(check_command)

    @app.url_defaults
    def static_version(endpoint: str, values: dict) -> None:
        """url_for('static', ...) gives the file's modification time as `v`."""
        if endpoint == "static" and "filename" in values and "v" not in values:
            try:
                values["v"] = os.stat(os.path.join(app.static_folder or "", values["filename"])).st_mtime_ns
            except OSError:
                pass                  # no such file: the plain URL, which answers 404

    @app.get("/vendor/htmx.min.js")
    def htmx_js():
        """htmx 2.x from the pinned npm package (package.json), never a CDN."""
        return send_file(app.config["HTMX_JS"], mimetype="text/javascript", max_age=3600)

    @app.get("/favicon.ico")
    def favicon():
        """Our own icon (a dealer button on the felt) where browsers look for one."""
        return send_file(ROOT / "static" / "favicon.svg", mimetype="image/svg+xml", max_age=86400)

    @app.get("/")
    def index():
        return redirect(url_for("notebook.index"))

    return app
