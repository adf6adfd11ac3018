"""Error pages in the site's layout, security headers on every response.

A refused request says what happened in the user's words and how to go on;
nothing internal (no traceback, no framework text) reaches the browser. For
htmx requests the reply is one plain sentence that notebook.js shows in the
cell, so the page keeps its state.
"""
from __future__ import annotations

from flask import Flask, g, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from webapp.auth import SESSION_ENDED, current_user

# Only the app's own scripts; inline style attributes place seats round the table.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}

# Files the same for everyone, cached even for a signed-in user; pages never stored even signed out.
CACHEABLE = {"static", "htmx_js", "favicon"}
PRIVATE = {"auditions.verify"}

SAID = {
    400: ("Request not understood", "That request could not be read. Nothing was recorded."),
    403: ("Not for your account", "This page is for instructors. Nothing was changed."),
    404: ("Not found", "There is no such page or lesson. It may have been renamed or removed."),
    405: ("Not allowed", "That page cannot be used that way. Nothing was recorded."),
    413: ("Too large", "That was too large to send. Nothing was recorded."),
    429: ("Too many requests", "Too many requests: wait a minute and try again."),
    500: ("Something went wrong", "The trainer could not finish that request. Nothing was recorded; "
                                 "your earlier work is safe. Try again, or tell your instructor."),
}


def _reply(status: int, message: str | None = None, title: str | None = None):
    default_title, default_message = SAID.get(status, SAID[400] if status < 500 else SAID[500])
    message = message or default_message
    if request.headers.get("HX-Request"):
        return message, status, {"Content-Type": "text/plain; charset=utf-8"}
    if "user" not in g:
        g.user = current_user()
    back, label = ((url_for("notebook.index"), "Back to the lessons") if g.user
                   else (url_for("auth.login"), "Sign in"))
    return render_template("error.html", title=title or default_title, message=message, back=back,
                           back_label=label), status


def http_error(exc: HTTPException):
    """The app's own words for the status, or the sentence a view gave `abort`."""
    own = exc.description if exc.description != type(exc).description else None
    return _reply(exc.code or 500, own)


def csrf_error(exc: CSRFError):
    """A form whose token no longer matches: the session has ended (signed
    out in another tab, or the cookie was lost) or the page is out of date."""
    g.user = current_user()
    if request.endpoint == "auth.login":
        return render_template("auth/login.html", error="This sign-in form had expired: enter your "
                               "name and password again."), 400
    if g.user is None:
        if request.headers.get("HX-Request"):
            return _reply(401, SESSION_ENDED)
        return _reply(401, "Your session has ended: sign in again.", "Session ended")
    return _reply(400, "This page is out of date: reload it and try again. Nothing was recorded.",
                  "Page out of date")


def server_error(exc: InternalServerError):
    return _reply(500)


def security_headers(response):
    """Every response's security headers; a signed-in user's pages are never
    stored (issue 30: Back on a shared training-room PC showed the last user's
    progress, results and certificates). Static files stay cacheable."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if (g.get("user") and request.endpoint not in CACHEABLE) or request.endpoint in PRIVATE:
        response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(InternalServerError, server_error)
    app.after_request(security_headers)
