"""Sign in and out; roles are checked on the server for every view."""
from __future__ import annotations

import functools
import secrets
from datetime import datetime, timezone

import click
from flask import Blueprint, flash, g, redirect, render_template, request, session, url_for, abort
from werkzeug.security import check_password_hash, generate_password_hash

from webapp.db import get_db

bp = Blueprint("auth", __name__, url_prefix="/auth")
ROLES = ("trainee", "instructor")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def create_user(db, username: str, password: str, role: str) -> int:
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}")
    return db["users"].insert({"username": username, "password_hash": generate_password_hash(password),
                               "role": role, "created_at": now()}).last_pk


def ensure_demo_accounts(db) -> list[tuple[str, str, str]]:
    """On an empty database make a demo trainee and instructor; passwords are
    generated and returned once (they are stored only as hashes)."""
    if db["users"].count:
        return []
    made = []
    for username, role in (("trainee", "trainee"), ("instructor", "instructor")):
        password = secrets.token_urlsafe(9)
        create_user(db, username, password, role)
        made.append((username, password, role))
    return made


@bp.before_app_request
def load_user() -> None:
    user_id = session.get("user_id")
    g.user = None
    if user_id is not None:
        rows = list(get_db().query("select id, username, role from users where id = ?", [user_id]))
        g.user = rows[0] if rows else None


def login_required(view):
    @functools.wraps(view)
    def wrapped(**kwargs):
        if g.user is None:
            if request.headers.get("HX-Request"):
                return "Your session has ended: sign in again (nothing was recorded).", 401
            return redirect(url_for("auth.login", next=request.path))
        return view(**kwargs)
    return wrapped


def instructor_required(view):
    @functools.wraps(view)
    @login_required
    def wrapped(**kwargs):
        if g.user["role"] != "instructor":
            abort(403)
        return view(**kwargs)
    return wrapped


def _safe_next(target: str | None) -> str:
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return url_for("notebook.index")


@bp.route("/login", methods=("GET", "POST"))
def login():
    error = None
    if request.method == "POST":
        username = request.form.get("username", "").strip()
        password = request.form.get("password", "")
        rows = list(get_db().query("select * from users where username = ?", [username]))
        if not rows or not check_password_hash(rows[0]["password_hash"], password):
            error = "Unknown user name or wrong password."
        else:
            session.clear()
            session["user_id"] = rows[0]["id"]
            return redirect(_safe_next(request.args.get("next")))
    return render_template("auth/login.html", error=error), (401 if error else 200)


@bp.post("/logout")
def logout():
    session.clear()
    flash("Signed out.")
    return redirect(url_for("auth.login"))


@click.command("add-user")
@click.argument("username")
@click.option("--role", type=click.Choice(ROLES), default="trainee")
@click.password_option()
def add_user_command(username, role, password):
    """Add a trainee or instructor account."""
    create_user(get_db(), username, password, role)
    click.echo(f"Added {role} {username}.")


bp.cli.add_command(add_user_command)
