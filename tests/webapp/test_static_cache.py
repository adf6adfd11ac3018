"""Static files: a page links them with their version, and a versioned URL
is cached by the browser (one request per release, not per page)."""
from __future__ import annotations

import os
import re


def test_pages_link_static_files_by_version_and_those_are_cached(client, auth, app):
    auth.login()
    page = client.get("/lessons/holdem-01-dealing-a-hand").get_data(as_text=True)
    linked = re.search(r'href="(/static/trainer\.css\?v=(\d+))"', page)
    assert linked is not None
    assert int(linked.group(2)) == os.stat(os.path.join(app.static_folder, "trainer.css")).st_mtime_ns
    reply = client.get(linked.group(1))
    assert reply.status_code == 200 and "max-age=31536000" in reply.headers["Cache-Control"]


def test_an_unversioned_static_url_is_revalidated(client):
    reply = client.get("/static/trainer.css")
    assert reply.status_code == 200 and "max-age=31536000" not in reply.headers.get("Cache-Control", "")


def test_a_missing_static_file_still_answers_404(client, app):
    with app.test_request_context("/"):
        from flask import url_for
        url = url_for("static", filename="no-such.css")
    assert url == "/static/no-such.css" and client.get(url).status_code == 404
