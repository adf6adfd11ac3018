"""Sign in and out; roles are checked on the server for every view.

A session cookie names the user and the user's *session epoch*; signing out
or changing the password bumps the epoch, so every earlier cookie of that
user stops working at once (a copied cookie cannot outlive a sign-out).
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import time
from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

import click
from flask.cli import with_appcontext
from flask import (Blueprint, abort, current_app, flash, g, redirect, render_template, request, session,
                   url_for)
from werkzeug.security import check_password_hash, generate_password_hash

from webapp import audit
from webapp.db import get_db
from webapp.mastery import now as mastery_now, parse_time
from webapp.names import normalise, skeleton

bp = Blueprint("auth", __name__, url_prefix="/auth")
ROLES = ("trainee", "instructor", "admin")
# Who may teach: an admin can do everything an instructor can, and manages instructors.
STAFF = ("instructor", "admin")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
# Checked against when the user name is unknown, so both cases cost one hash.
_DUMMY_HASH = generate_password_hash(secrets.token_urlsafe(16))
SESSION_ENDED = "Your session has ended: sign in again. Nothing was recorded."


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def check_new_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise ValueError(f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise ValueError(f"a password may have at most {MAX_PASSWORD} characters")


def create_user(db, username: str, password: str, role: str, *, one_time: bool = False,
                audited: str | None = None) -> int:
    """A new account; with `one_time` its owner must choose a new password at first sign-in.
    `audited` is the audit trail's detail (the command line, the demo accounts), written in
    the same transaction; None writes no line (tests and benches seeding a database)."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}")
    check_new_password(password)
    username = normalise(username)
    like = [row[0] for row in db.execute("select username from users") if skeleton(row[0]) == skeleton(username)]
    if like:
        raise ValueError(f"the user name {username!r} is taken by, or looks like, the existing {like[0]!r}")
    made = now()
    # Plain SQL in one transaction: sqlite-utils' insert would commit before the audit line.
    with db.conn:
        user_id = db.conn.execute(
            "insert into users (username, password_hash, role, created_at, must_change_password, password_set_at) "
            "values (?, ?, ?, ?, ?, ?)", [username, generate_password_hash(password), role, made, int(one_time),
                                          made if one_time else None]).lastrowid
        if audited is not None:
            audit.record(db, "created", "account", user_id, f"{role} {username}", audited)
    return int(user_id or 0)


def one_time_password() -> str:
    """A password to read out or hand over on paper: 5 groups of 4 from an
    alphabet without look-alikes (no 0/O, 1/l/I), 100 random bits: too many
    to guess even from a fast hash (hash_one_time)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(5))


# A one-time password is long and random, so a salted SHA-256 guards it as well
# as a slow hash guards a chosen one, at a millionth of the cost: 200 accounts
# imported in milliseconds, not a minute (issue 30). The tag tells check_password.
ONE_TIME_SCHEME = "otp-sha256"


def hash_one_time(password: str) -> str:
    """The stored hash of a generated one-time password (never of a chosen one)."""
    salt = secrets.token_hex(16)
    digest = hashlib.sha256(f"{salt}${password}".encode("utf-8")).hexdigest()
    return f"{ONE_TIME_SCHEME}${salt}${digest}"


def check_password(stored: str, password: str) -> bool:
    """Whether `password` is the one `stored` hashes, whichever scheme made it.
    A one-time hash is checked fast and then a slow dummy hash is checked too,
    so a sign-in costs the same whether the account has one (nothing to learn
    from the time taken)."""
    scheme, _, rest = stored.partition("$")
    if scheme != ONE_TIME_SCHEME:
        return check_password_hash(stored, password)
    salt, _, digest = rest.partition("$")
    check_password_hash(_DUMMY_HASH, password)
    mine = hashlib.sha256(f"{salt}${password}".encode("utf-8")).hexdigest()
    return hmac.compare_digest(mine, digest)


def set_password(db, username: str, password: str, *, one_time: bool = False, generated: bool = False) -> None:
    """A new password also signs the user out everywhere; a `one_time` one
    (set by an instructor or admin) must be changed at the next sign-in. A
    `generated` one (one_time_password) takes the fast hash. The audit trail
    says who set it (never the password) in the same transaction."""
    check_new_password(password)
    hashed = hash_one_time(password) if generated else generate_password_hash(password)
    with db.conn:
        row = db.conn.execute("select id, role from users where username = ?", [username]).fetchone()
        if row is None:
            raise ValueError(f"no user named {username!r}")
        db.conn.execute(
            "update users set password_hash = ?, session_epoch = session_epoch + 1, must_change_password = ?, "
            "password_set_at = ? where id = ?", [hashed, int(one_time), now() if one_time else None, row[0]])
        user = g.get("user")
        if one_time:
            action, detail = "password_reset", "a new one-time password, to be changed at the next sign-in; " \
                                               "every session of theirs ended"
        elif user is not None and user["id"] == row[0]:
            action, detail = "changed", "changed their own password; their other sessions ended"
        else:
            action, detail = "password_reset", ("password set" + (" on the command line" if user is None else "")
                                                + "; every session of theirs ended")
        audit.record(db, action, "account", row[0], f"{row[1]} {username}", detail)


def one_time_expired(user: dict) -> bool:
    """Whether the user's one-time password is older than ONE_TIME_PASSWORD_HOURS
    (issue 30: a password handed out on paper should not work for ever)."""
    if not user["must_change_password"] or not user.get("password_set_at"):
        return False
    hours = float(current_app.config["ONE_TIME_PASSWORD_HOURS"])
    return mastery_now() - parse_time(user["password_set_at"]) > timedelta(hours=hours)


def ensure_demo_accounts(db) -> list[tuple[str, str, str]]:
    """On an empty database make a demo trainee and instructor; passwords are
    generated and returned once (they are stored only as hashes)."""
    if db["users"].count:
        return []
    made = []
    for username, role in (("trainee", "trainee"), ("instructor", "instructor")):
        password = secrets.token_urlsafe(9)
        create_user(db, username, password, role, audited="demo account, made at the first start")
        made.append((username, password, role))
    return made


def current_user():
    """The signed-in user, if the cookie's epoch is still the user's."""
    user_id, epoch = session.get("user_id"), session.get("epoch")
    if not isinstance(user_id, int) or not isinstance(epoch, int):
        return None
    rows = list(get_db().query(
        "select id, username, role, must_change_password from users where id = ? and session_epoch = ?",
        [user_id, epoch]))
    return rows[0] if rows else None


# What a user with a one-time password may still reach: the page to change it, and the way out.
UNTIL_CHANGED = {"auth.password", "auth.logout", "auth.login", "static", "htmx_js"}


@bp.before_app_request
def load_user():
    """Also holds a user with a one-time password at the password page."""
    g.user = current_user()
    if g.user is not None and g.user["must_change_password"] and request.endpoint not in UNTIL_CHANGED:
        if request.headers.get("HX-Request"):
            return (CHANGE_FIRST, 403, {"Content-Type": "text/plain; charset=utf-8"})
        return redirect(url_for("auth.password"))
    return None


CHANGE_FIRST = "Choose your own password first (Password page). Nothing was recorded."


def is_staff(user) -> bool:
    return user is not None and user["role"] in STAFF


def session_ended():
    """What a request from an ended session gets: a sentence for htmx (the
    page keeps its state), the sign-in page for a plain request."""
    if request.headers.get("HX-Request"):
        return SESSION_ENDED, 401, {"Content-Type": "text/plain; charset=utf-8"}
    if "user_id" in session:
        # Only a browser that was signed in has a session to end: a new one is
        # just asked to sign in (issue 29, finding 9).
        flash("Your session has ended: sign in again.")
    return redirect(url_for("auth.login", next=request.path))


def login_required(view):
    @functools.wraps(view)
    def wrapped(**kwargs):
        if g.user is None:
            return session_ended()
        return view(**kwargs)
    return wrapped


def role_required(*roles: str, refusal: str | None = None):
    """A view for these roles only (checked on the server; others get 403)."""
    def decorate(view):
        @functools.wraps(view)
        @login_required
        def wrapped(**kwargs):
            if g.user["role"] not in roles:
                abort(403, description=refusal)
            return view(**kwargs)
        return wrapped
    return decorate


instructor_required = role_required(*STAFF)
admin_required = role_required("admin", refusal="This page is for admins. Nothing was changed.")


def safe_next(target: str | None) -> str:
    """Only a path on this site: no scheme or host, no `//` or `/\\` (browsers
    read both as another host), no control characters (browsers drop tabs
    and newlines, so `/\\t/evil.example` would become `//evil.example`)."""
    fallback = url_for("notebook.index")
    if not target or len(target) > 2000 or not target.startswith("/"):
        return fallback
    if any(ord(ch) < 0x21 or ch == "\\" or ord(ch) == 0x7f for ch in target):
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return fallback
    return target


class RateLimit:
    """Failed sign-ins per user name and per client address in a sliding
    window (standard practice; the rulebooks say nothing about web sign-in).
    Settings: LOGIN_MAX_FAILURES_PER_USER, LOGIN_MAX_FAILURES_PER_ADDRESS,
    LOGIN_WINDOW_SECONDS."""

    def __init__(self, db, username: str, address: str):
        self.db, cfg = db, current_app.config
        self.window = float(cfg["LOGIN_WINDOW_SECONDS"])
        self.keys = {f"user:{username.lower()}": int(cfg["LOGIN_MAX_FAILURES_PER_USER"]),
                     f"addr:{address}": int(cfg["LOGIN_MAX_FAILURES_PER_ADDRESS"])}

    def blocked_for(self) -> int:
        """Seconds until a sign-in may be tried again (0: now)."""
        since = time.time() - self.window
        wait = 0.0
        for key, limit in self.keys.items():
            rows = self.db.execute("select at from login_failures where key = ? and at > ? order by at desc "
                                   "limit 1 offset ?", [key, since, limit - 1]).fetchall()
            if rows:
                wait = max(wait, rows[0][0] + self.window - time.time())
        return max(0, round(wait + 0.5))

    def failed(self) -> None:
        at = time.time()
        with self.db.conn:
            self.db.conn.execute("delete from login_failures where at < ?", [at - self.window])
            self.db.conn.executemany("insert into login_failures (key, at) values (?, ?)",
                                     [(key, at) for key in self.keys])

    def succeeded(self) -> None:
        with self.db.conn:
            self.db.conn.execute("delete from login_failures where key = ?",
                                 [next(iter(self.keys))])


@bp.route("/login", methods=("GET", "POST"))
def login():
    error, status = None, 200
    if request.method == "POST":
        username = request.form.get("username", "").strip()[:100]
        password = request.form.get("password", "")[:MAX_PASSWORD + 1]
        db = get_db()
        limit = RateLimit(db, username, request.remote_addr or "unknown")
        wait = limit.blocked_for()
        if wait:
            minutes = max(1, round(wait / 60))
            error, status = (f"Too many failed sign-ins. Wait {minutes} minute{'s' if minutes > 1 else ''} "
                             "and try again, or ask your instructor to reset your password."), 429
        else:
            rows = list(db.query("select * from users where username = ?", [username]))
            stored = rows[0]["password_hash"] if rows else _DUMMY_HASH
            right = check_password(stored, password) and bool(rows)
            if right and one_time_expired(rows[0]):
                limit.succeeded()
                hours = current_app.config["ONE_TIME_PASSWORD_HOURS"]
                error, status = (f"This one-time password has expired: one-time passwords last {hours} hours. "
                                 "Ask your instructor for a new one."), 401
            elif right:
                limit.succeeded()
                session.clear()
                session["user_id"], session["epoch"] = rows[0]["id"], rows[0]["session_epoch"]
                return redirect(safe_next(request.args.get("next")))
            else:
                limit.failed()
                error, status = "Unknown user name or wrong password.", 401
    return render_template("auth/login.html", error=error), status


@bp.post("/logout")
def logout():
    user = g.user or current_user()
    if user is not None:
        with get_db().conn as conn:
            conn.execute("update users set session_epoch = session_epoch + 1 where id = ?", [user["id"]])
    session.clear()
    flash("Signed out.")
    return redirect(url_for("auth.login"))


@bp.route("/password", methods=("GET", "POST"))
@login_required
def password():
    """Change one's own password; every other signed-in device is signed out.
    A one-time password is not asked for again: a session of a user who must
    change it began by signing in with it (setting one bumps the epoch)."""
    error = None
    forced = bool(g.user["must_change_password"])
    if request.method == "POST":
        form = request.form
        rows = list(get_db().query("select password_hash from users where id = ?", [g.user["id"]]))
        stored = rows[0]["password_hash"]
        if forced and check_password(stored, form.get("new", "")[:MAX_PASSWORD + 1]):
            error = "Choose a new password, not the one-time password you were given."
        elif not forced and not check_password(stored, form.get("current", "")[:MAX_PASSWORD + 1]):
            error = "Your current password is not right."
        elif form.get("new", "") != form.get("again", ""):
            error = "The two new passwords differ."
        else:
            try:
                set_password(get_db(), g.user["username"], form.get("new", ""))
            except ValueError as exc:
                error = f"Not changed: {exc}."
            else:
                epoch = get_db().execute("select session_epoch from users where id = ?",
                                         [g.user["id"]]).fetchone()[0]
                session["epoch"] = epoch
                if forced:       # a first sign-in: no other device to speak of; on to the lessons
                    flash("Your password is set. Here are your lessons.")
                    return redirect(url_for("notebook.index"))
                flash("Password changed. Other devices signed in as you are signed out.")
                return redirect(url_for("progress.mine"))
    return render_template("auth/password.html", error=error, min_length=MIN_PASSWORD,
                           forced=forced), (422 if error else 200)


@click.command("add-user")
@click.argument("username")
@click.option("--role", type=click.Choice(ROLES), default="trainee")
@click.password_option()
@with_appcontext
def add_user_command(username, role, password):
    """Add a trainee, instructor or admin account."""
    try:
        create_user(get_db(), username, password, role, audited="added on the command line (auth add-user)")
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    click.echo(f"Added {role} {username}.")


@click.command("set-password")
@click.argument("username")
@click.password_option()
@with_appcontext
def set_password_command(username, password):
    """Set a user's password (also signs them out everywhere)."""
    try:
        set_password(get_db(), username, password)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Password of {username} changed; their earlier sessions are signed out.")


bp.cli.add_command(add_user_command)
bp.cli.add_command(set_password_command)
