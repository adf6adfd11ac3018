"""Flask's signed-cookie session, with each cookie's signature checked once.

A trainee's browser sends the same session cookie with every click, and
Flask checks its signature and decodes it on every request (about a tenth
of a step check's CPU, README "Capacity"). What a cookie decodes to depends
only on the cookie and the secret key, so each process keeps what it
decoded for a cookie it has seen and verified, until that cookie's age
limit. Sessions are still ended the usual way: `auth.current_user` compares
the cookie's epoch with the user's on every request.
"""
from __future__ import annotations

import copy
import time

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

KEPT_COOKIES = 4096


class KeptSessionInterface(SecureCookieSessionInterface):
    """A cookie that verified once opens without its signature checked again."""

    def __init__(self) -> None:
        # cookie -> (its data, the time it stops being valid)
        self._kept: dict[str, tuple[dict, float]] = {}

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if not app.secret_key:
            return None                      # as Flask: no key, no session
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        kept = self._kept.get(cookie)
        if kept is None or kept[1] <= time.time():
            serializer = self.get_signing_serializer(app)
            assert serializer is not None
            max_age = app.permanent_session_lifetime.total_seconds()
            try:
                data, signed_at = serializer.loads(cookie, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            kept = (data, signed_at.timestamp() + max_age)
            if len(self._kept) >= KEPT_COOKIES:
                try:
                    self._kept.pop(next(iter(self._kept)), None)   # the oldest seen
                except (RuntimeError, StopIteration):
                    pass                     # another thread changed it meanwhile: next time
            self._kept[cookie] = kept
        # A copy: a request that changes its session (a flash message) must not change what is kept.
        return self.session_class(copy.deepcopy(kept[0]))
