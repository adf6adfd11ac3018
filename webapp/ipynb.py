"""Lessons as Jupyter notebooks and back (nbformat 4), as pure functions.

A lesson's explanation becomes Markdown cells; each interactive cell
(```table, ```question, any kind in lessonfile.CELL_TYPES) becomes a raw
cell holding its TOML, with its kind in the cell's metadata; the header
(title, summary, order, family, and the header's own text) goes in the
notebook's metadata under "dealer_trainer". Importing rebuilds the lesson
text and validates it with the library's loader; a problem is reported as
the notebook's cell number.
"""
from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from webapp.lessonfile import CELL_TYPES, FENCE_RE, LessonError, parse_lesson

KEY = "dealer_trainer"     # our metadata's key, in the notebook and in each raw cell
# A notebook of a lesson at its size cap (lessonfile.MAX_LESSON_BYTES) is well under
# this; JSON nested deeper than a notebook ever is, is refused, never a traceback.
MAX_NOTEBOOK_BYTES = 1024 * 1024
MAX_JSON_DEPTH = 32
HEADER_KEYS = ("title", "summary", "order", "family")
TOML_MIME = "application/toml"


class IpynbError(ValueError):
    """A notebook that is not a lesson, located as FILE: cell N."""

    def __init__(self, shown: str, cell: int | None, message: str):
        where = f"{shown}: cell {cell}" if cell is not None else shown
        super().__init__(f"{where}: {message}")
        self.cell, self.message = cell, message


@dataclass
class Block:
    """A run of a lesson file: Markdown text, or one interactive cell's TOML."""
    kind: str          # "markdown" or a CELL_TYPES kind
    text: str
    line: int          # the file line the block starts on (a cell: its fence)


@dataclass
class Split:
    header: str | None                       # the TOML between +++ lines
    blocks: list[Block] = field(default_factory=list)


def split_lesson(text: str) -> Split:
    """The lesson text cut where lessonfile.parse_lesson cuts it."""
    lines = text.splitlines()
    header, start = None, 0
    if lines and lines[0].strip() == "+++":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "+++"), None)
        if end is not None:
            header, start = "\n".join(lines[1:end]), end + 1
    split, buffer, buffer_line, i = Split(header), [], start + 1, start

    def flush() -> None:
        chunk = "\n".join(buffer).strip("\n")
        if chunk.strip():
            split.blocks.append(Block("markdown", chunk, buffer_line))
    while i < len(lines):
        match = FENCE_RE.match(lines[i])
        if match and match.group(1) in CELL_TYPES:
            flush()
            j = i + 1
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            split.blocks.append(Block(match.group(1), "\n".join(lines[i + 1:j]), i + 1))
            i = j + 1
            buffer, buffer_line = [], i + 1
            continue
        buffer.append(lines[i])
        i += 1
    flush()
    return split


def _cell_id(block: Block, n: int, used: set[str]) -> str:
    """nbformat 4.5 cell ids: the lesson cell's id where it has one."""
    wanted = f"md-{n}"
    if block.kind != "markdown":
        try:
            value = tomllib.loads(block.text).get("id")
        except tomllib.TOMLDecodeError:
            value = None
        if isinstance(value, str) and value and len(value) <= 64:
            wanted = value
    cell_id, k = wanted, 2
    while cell_id in used:
        cell_id, k = f"{wanted}-{k}", k + 1
    used.add(cell_id)
    return cell_id


def to_notebook(text: str) -> dict:
    """A lesson's text as an nbformat 4 notebook (a JSON-ready dict)."""
    split = split_lesson(text)
    meta: dict = {}
    if split.header is not None:
        try:
            parsed = tomllib.loads(split.header)
        except tomllib.TOMLDecodeError:
            parsed = {}
        meta = {k: parsed[k] for k in HEADER_KEYS if k in parsed}
        meta["header"] = split.header
    cells, used = [], set()
    for n, block in enumerate(split.blocks, start=1):
        cell = {"id": _cell_id(block, n, used), "metadata": {}, "source": block.text}
        if block.kind == "markdown":
            cell["cell_type"] = "markdown"
        else:
            cell.update(cell_type="raw", metadata={KEY: {"kind": block.kind}, "format": TOML_MIME})
        cells.append(cell)
    return {"nbformat": 4, "nbformat_minor": 5, "cells": cells,
            "metadata": {KEY: meta, "language_info": {"name": "markdown"}}}


def dumps(notebook: dict) -> str:
    """As Jupyter writes a notebook: one-space indent, UTF-8, a final newline."""
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


@dataclass
class Imported:
    text: str
    cell_of_line: list[int]     # the notebook cell (1-based) each lesson line came from; 0 the header


def _depth(value: object) -> int:
    """How deeply lists and tables nest in parsed JSON (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if deepest > MAX_JSON_DEPTH:
            return deepest
        stack += [(child, depth + 1) for child in children]
    return deepest


def load_notebook(raw: bytes, shown: str) -> object:
    """A notebook file's JSON, or IpynbError: too big, not UTF-8, not JSON,
    or nested too deeply (each checked before the next costs anything)."""
    if len(raw) > MAX_NOTEBOOK_BYTES:
        raise IpynbError(shown, None, f"a notebook may be at most {MAX_NOTEBOOK_BYTES // 1024} KB: split the "
                                      "lesson into two")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise IpynbError(shown, None, "not a notebook: the file is not UTF-8 text") from None
    except RecursionError:
        raise IpynbError(shown, None, f"not a lesson notebook: its JSON is nested more than "
                                      f"{MAX_JSON_DEPTH} deep") from None
    except ValueError as exc:
        raise IpynbError(shown, None, f"not a notebook: not valid JSON ({exc})") from None
    if _depth(data) > MAX_JSON_DEPTH:
        raise IpynbError(shown, None, f"not a lesson notebook: its JSON is nested more than {MAX_JSON_DEPTH} deep")
    return data


def _table(value: object, shown: str, cell: int | None, what: str) -> dict:
    """`value` if it is a JSON object (absent: an empty one), else IpynbError naming `what`."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise IpynbError(shown, cell, f"{what} must be a JSON object {{...}}, not a {type(value).__name__}")
    return value


def _source(cell: dict, shown: str, n: int) -> str:
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        return "".join(source)
    if isinstance(source, str):
        return source
    raise IpynbError(shown, n, "the cell's source must be text or a list of lines of text")


def _header(meta: dict) -> str:
    if isinstance(meta.get("header"), str):
        return meta["header"]
    lines = []
    for key in HEADER_KEYS:
        if key in meta:
            lines.append(f"{key} = {json.dumps(meta[key], ensure_ascii=False)}")
    return "\n".join(lines)


def from_notebook(notebook: object, shown: str) -> Imported:
    """The lesson text a notebook holds; IpynbError for what is no lesson."""
    if not isinstance(notebook, dict) or notebook.get("nbformat") != 4 or not isinstance(notebook.get("cells"), list):
        raise IpynbError(shown, None, "not a Jupyter notebook in format 4 (nbformat 4)")
    meta = _table(_table(notebook.get("metadata"), shown, None, "the notebook's metadata").get(KEY), shown, None,
                  f"the notebook's metadata {KEY!r}")
    parts, cell_of_line = ["+++", _header(meta), "+++", ""], []
    cell_of_line += [0] * (len(parts[1].splitlines()) + 3)
    for n, cell in enumerate(notebook["cells"], start=1):
        if not isinstance(cell, dict):
            raise IpynbError(shown, n, "not a notebook cell")
        source = _source(cell, shown, n).strip("\n")
        kind = cell.get("cell_type")
        if kind == "markdown":
            if not source.strip():
                continue
            block = source.splitlines()
        elif kind == "raw":
            cell_meta = _table(cell.get("metadata"), shown, n, "the cell's metadata").get(KEY, {})
            lesson_kind = cell_meta.get("kind") if isinstance(cell_meta, dict) else None
            if not isinstance(lesson_kind, str) or lesson_kind not in CELL_TYPES:
                raise IpynbError(shown, n, f"a raw cell needs metadata {KEY}.kind, one of "
                                           f"{', '.join(CELL_TYPES)} (found {lesson_kind!r})")
            if any(line.strip() == "```" for line in source.splitlines()):
                raise IpynbError(shown, n, "a line of ``` alone would close the cell early")
            block = [f"```{lesson_kind}", *source.splitlines(), "```"]
        else:
            raise IpynbError(shown, n, f"a {kind} cell: lessons hold Markdown and raw (TOML) cells only; "
                                       "make it Markdown or delete it")
        parts += [*block, ""]
        cell_of_line += [n] * (len(block) + 1)
    return Imported("\n".join(parts), cell_of_line)


def check_import(imported: Imported, shown: str, slug: str, folder: str | Path | None):
    """The lesson the library's loader makes of the imported text; its
    file:line errors become the notebook's cell numbers."""
    try:
        return parse_lesson(imported.text, path=shown, slug=slug, folder=folder)
    except RecursionError:
        raise IpynbError(shown, None, "the lesson's TOML is nested too deeply") from None
    except (LessonError, ValueError, TypeError, KeyError) as exc:
        if not isinstance(exc, LessonError):     # as read_lesson: whatever the cause, a message
            raise IpynbError(shown, None, f"cannot be loaded: {type(exc).__name__}") from None
        lines = imported.cell_of_line
        cell = lines[exc.line - 1] if 1 < exc.line <= len(lines) else None
        if cell is None:
            raise IpynbError(shown, None, exc.message) from None
        if cell == 0:
            raise IpynbError(shown, None, f"the lesson header (notebook metadata {KEY}): {exc.message}") from None
        first = lines.index(cell) + 1                      # the lesson line the cell starts on
        raw = imported.text.splitlines()[first - 1].startswith("```")
        within = exc.line - first + (0 if raw else 1)      # a raw cell's fence is not in the notebook
        raise IpynbError(shown, cell, f"line {within}: {exc.message}" if within > 0 else exc.message) from None
