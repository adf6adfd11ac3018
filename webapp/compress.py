"""Replies gzip-compressed for a browser that accepts it (issue 29): a
lesson's HTML is about 48 KiB and htmx about 52 KiB, a fifth of that packed,
which on a phone's slow connection is most of a cold page's wait.

Only whole 200 replies of text kinds (HTML, CSS, JavaScript, SVG, JSON)
larger than MIN_SIZE; never a range or a reply already encoded. Every reply
of those kinds says `Vary: Accept-Encoding`, so a cache keeps both forms.
A static file's packed body is kept per process, keyed by its path and
ETag (it changes only with the file). The CSRF token in a page is signed
with the time, so it differs from one reply to the next (no fixed secret
for a compression side channel to guess at).
"""
from __future__ import annotations

import gzip
from collections import OrderedDict

from flask import Flask, Response, request

COMPRESSIBLE = frozenset({"text/html", "text/css", "text/javascript", "application/javascript",
                          "application/json", "image/svg+xml", "text/plain"})
MIN_SIZE = 1024           # smaller replies gain less than the header costs
LEVEL = 6                 # zlib's default: most of level 9's gain for a third of its time
STATIC_KEPT = 64          # packed static files kept per process

_packed_static: OrderedDict[tuple[str, str], bytes] = OrderedDict()


def _packed(response: Response, body: bytes) -> bytes:
    etag = response.get_etag()[0]
    if not (request.endpoint in ("static", "htmx_js") and etag):
        return gzip.compress(body, LEVEL, mtime=0)
    key = (request.path, etag)
    packed = _packed_static.get(key)
    if packed is None:
        packed = _packed_static[key] = gzip.compress(body, LEVEL, mtime=0)
        if len(_packed_static) > STATIC_KEPT:
            _packed_static.popitem(last=False)
    return packed


def compress(response: Response) -> Response:
    """after_request: the reply gzip-compressed when that is worth it and accepted."""
    if response.mimetype not in COMPRESSIBLE:
        return response
    response.vary.add("Accept-Encoding")
    if (response.status_code != 200 or "Content-Encoding" in response.headers
            or "Content-Range" in response.headers or not request.accept_encodings.quality("gzip")):
        return response
    length = response.calculate_content_length()
    if length is not None and length < MIN_SIZE:
        return response
    response.direct_passthrough = False          # a static file: read it, to pack it
    body = response.get_data()
    if len(body) < MIN_SIZE:
        return response
    response.set_data(_packed(response, body))
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag:                                     # another body, so another tag (RFC 9110 8.8.3)
        response.set_etag(etag + "-gz", weak)
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
