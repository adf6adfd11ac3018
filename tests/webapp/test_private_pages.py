"""Issue 30: a signed-in user's pages are never stored by the browser, so Back
on a shared training-room PC after sign-out shows nothing of the last user."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("path", ["/progress/", "/auth/password", "/auditions/", "/lessons/"])
def test_every_page_for_a_signed_in_user_is_no_store(client, auth, path):
    auth.login("instructor")
    r = client.get(path)
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"


def test_static_files_stay_cacheable_and_signed_out_pages_are_not_forced(client, auth):
    assert "no-store" not in client.get("/auth/login").headers.get("Cache-Control", "")
    auth.login()
    assert "no-store" not in client.get("/static/notebook.js").headers.get("Cache-Control", "")


def test_the_certificate_check_is_never_stored_even_signed_out(client):
    assert client.get("/auditions/verify?number=X").headers["Cache-Control"] == "no-store"
