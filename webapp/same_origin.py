"""Whether a URL in lesson text stays on this server, read as a browser reads
it (the WHATWG URL standard), not as Python's urlsplit does: a browser first
strips leading and trailing spaces and control characters, removes every tab
and newline, and for http(s) treats a backslash as a slash. So `/\\evil.example/p`,
` //evil.example/p` and `/\\t/evil.example/p` all name another host (issue 30).
Kept apart from the Markdown renderer so any renderer's sanitiser can call it."""
from __future__ import annotations

from urllib.parse import urlsplit

_C0_AND_SPACE = "".join(chr(c) for c in range(0x21))
_REMOVED = str.maketrans("", "", "\t\n\r")


def as_browser_reads(value: str) -> str:
    """The URL text after the browser's own clean-up, before it is resolved."""
    return value.strip(_C0_AND_SPACE).translate(_REMOVED).replace("\\", "/")


def same_origin(value: str) -> str | None:
    """`value` as a browser would read it if it resolves against this page to
    this server (a path, relative or absolute); None if it names a scheme or
    another host."""
    url = as_browser_reads(value)
    if url.startswith("//") or any(ord(ch) < 0x20 or ord(ch) == 0x7f for ch in url):
        return None
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or ":" in url.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]:
        return None
    return url
