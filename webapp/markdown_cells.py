"""Explanation cells as HTML: CommonMark in linear time, then sanitised.

markdown-it-py follows CommonMark (as Jupyter's notebooks do) and parses in
time linear in its input, so hostile text (3,000 `[`, 16 KB of `<a `) costs
milliseconds, where the former Python-Markdown took seconds (issue 30). Its
HTML then goes through nh3 with the rules of lessons/README.md "Explanation
cells". A lesson's cells are rendered once, when the lesson is read
(webapp.lessonfile), never per view; a cell or paragraph over the limits
below fails the lesson check at its file:line.
"""
from __future__ import annotations

import time

import nh3
from markdown_it import MarkdownIt
from markupsafe import Markup

from webapp.same_origin import same_origin

# Far above any explanation a trainee reads at once; a lesson is at most 512 KB.
MAX_CELL_CHARS = 32 * 1024
MAX_PARAGRAPH_CHARS = 8 * 1024
MAX_RENDER_SECONDS = 0.25    # CPU for one cell, parsed and cleaned: milliseconds in practice

# What CommonMark produces plus what lessons use; everything else (script,
# style, iframe, event handlers, javascript:/data: links) is dropped by nh3.
ALLOWED_TAGS = {"a", "abbr", "acronym", "b", "blockquote", "code", "em", "i", "li", "ol", "strong", "ul",
                "p", "h1", "h2", "h3", "h4", "pre", "hr", "br", "table", "thead", "tbody", "tr", "th", "td",
                "img", "dl", "dt", "dd", "sup", "sub", "span", "kbd"}
ALLOWED_ATTRS = {"a": {"href", "title"}, "img": {"src", "alt", "title"}, "span": {"class"},
                 "th": {"align", "style"}, "td": {"align", "style"}, "abbr": {"title"}, "acronym": {"title"},
                 "ol": {"start"}}
URL_SCHEMES = {"http", "https", "mailto"}

# CommonMark with raw HTML (cleaned after) and GitHub-style tables, as lessons use.
_PARSER = MarkdownIt("commonmark", {"html": True}).enable("table")
# Every link becomes an <a>, so nh3 alone decides which addresses stay (a
# `javascript:` link keeps its words and loses its href, not shown as source).
_PARSER.validateLink = lambda url: True  # type: ignore[method-assign]


class MarkdownTooBig(ValueError):
    """A cell or paragraph over the limits; `line` counts from the cell's first line."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def _local_images_only(tag: str, attribute: str, value: str) -> str | None:
    """Images come from this server only: a remote image would tell a third
    party who opened the lesson (and the CSP would block it anyway)."""
    if tag == "img" and attribute == "src":
        return same_origin(value)     # resolved as a browser does (webapp/same_origin.py)
    if tag in ("td", "th") and attribute == "style":   # markdown-it's column alignment, nothing else
        return value if value in ("text-align:left", "text-align:right", "text-align:center") else None
    return value


def oversize(text: str) -> MarkdownTooBig | None:
    """Why `text` is too big to be one explanation cell, or None: checked
    before parsing, so the check's own cost is one pass over the text."""
    if len(text) > MAX_CELL_CHARS:
        return MarkdownTooBig(0, f"an explanation cell may hold at most {MAX_CELL_CHARS // 1024} KB of text "
                                 f"(this one has {len(text) // 1024} KB): split it with a heading or a cell")
    start, size = 0, 0
    for i, line in enumerate(text.split("\n")):
        if not line.strip():
            start, size = i + 1, 0
            continue
        size += len(line) + 1
        if size > MAX_PARAGRAPH_CHARS:
            return MarkdownTooBig(start, f"a paragraph may hold at most {MAX_PARAGRAPH_CHARS // 1024} KB of "
                                         "text: break it with blank lines")
    return None


def render_markdown(text: str) -> Markup:
    """Instructors' Markdown, sanitised: lessons may be written in the browser."""
    html = _PARSER.render(text)
    return Markup(nh3.clean(html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRS, url_schemes=URL_SCHEMES,
                            attribute_filter=_local_images_only, link_rel="noopener noreferrer"))


def render_cell(text: str) -> Markup:
    """One explanation cell, refused (MarkdownTooBig) over the size limits or
    when it takes longer than MAX_RENDER_SECONDS."""
    problem = oversize(text)
    if problem is not None:
        raise problem
    began = time.thread_time()      # this thread's CPU: a busy machine slows no lesson into a refusal
    html = render_markdown(text)
    if time.thread_time() - began > MAX_RENDER_SECONDS:
        raise MarkdownTooBig(0, f"this explanation cell takes more than {MAX_RENDER_SECONDS} s to render: "
                                "split it or simplify its Markdown")
    return html
