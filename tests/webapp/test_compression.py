"""Issue 29, finding 10: pages, styles and scripts are sent gzip-compressed to a
browser that accepts it (a lesson's HTML 47.8 KiB, htmx 51.6 KiB), never to one
that does not; and /favicon.ico is ours."""
from __future__ import annotations

import gzip

GZ = {"Accept-Encoding": "gzip, deflate, br"}


def test_html_css_and_js_are_gzipped_when_the_browser_accepts_it(client, auth):
    auth.login()
    for path, kind in (("/lessons/holdem-01-dealing-a-hand", "text/html"), ("/static/trainer.css", "text/css"),
                       ("/static/notebook.js", "text/javascript"), ("/vendor/htmx.min.js", "text/javascript")):
        plain = client.get(path)
        packed = client.get(path, headers=GZ)
        assert plain.status_code == packed.status_code == 200, path
        assert packed.headers.get("Content-Encoding") == "gzip", path
        assert packed.mimetype == kind and "Accept-Encoding" in packed.headers.get("Vary", ""), path
        assert "Content-Encoding" not in plain.headers, path
        body = gzip.decompress(packed.get_data())
        assert body == plain.get_data() and len(packed.get_data()) < len(body) / 2, path
        assert int(packed.headers["Content-Length"]) == len(packed.get_data()), path


def test_small_partial_and_refused_replies_are_sent_as_they_are(client):
    r = client.get("/auth/login", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in r.headers
    r = client.get("/static/trainer.css", headers={**GZ, "Range": "bytes=0-99"})
    assert r.status_code == 206 and "Content-Encoding" not in r.headers and len(r.get_data()) == 100


def test_the_favicon_is_our_own(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml" and b"<svg" in r.get_data()
    page = client.get("/auth/login").get_data(as_text=True)
    assert 'rel="icon"' in page
