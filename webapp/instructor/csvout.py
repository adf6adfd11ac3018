"""A dashboard table as a CSV download (GUIDE.md, "CSV files").

- UTF-8 **with** a byte-order mark: Excel opens a BOM-less UTF-8 CSV as the
  local code page and garbles names like "Zoë"; LibreOffice, Google Sheets,
  pandas (`encoding="utf-8-sig"`) and Python's csv read the BOM correctly.
- RFC 4180 quoting by Python's csv module (fields with commas, quotes or
  line breaks are quoted, quotes doubled), CRLF line ends.
- Formula injection: a text cell that begins with = + - @ (or a tab or
  carriage return) gets a leading apostrophe, so a spreadsheet shows it as
  text instead of running it (OWASP "CSV injection"). Numbers are written
  as numbers and never changed.
- A rule column keeps the number the engine cited and is followed by its
  short name (`rule_name`), so a person reading the file sees what the rule is.
"""
from __future__ import annotations

import csv
import io
import re

from collections.abc import Callable, Iterator, Sequence

from flask import Response, stream_with_context

from engine import rule_name
from webapp.instructor.dashboard import Table

BOM = "\ufeff"
RISKY = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value) -> object:
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(RISKY):
        return "'" + value
    return value


def _header_and_row(table: Table) -> tuple[list[str], Callable[[Sequence[object]], list[object]]]:
    """The file's header, and how a row is written: each rule column (fmt "rule") is followed
    by `KEY_name`, the rule's short name (engine.rule_name), for a person reading the file; the
    number stays as it was for a program (issue 29 finding 6)."""
    named = {i for i, c in enumerate(table.columns) if c.fmt == "rule"}
    header = [key for i, c in enumerate(table.columns) for key in ((c.key, f"{c.key}_name") if i in named else (c.key,))]

    def row(values: Sequence[object]) -> list[object]:
        return [safe_cell(v) for i, value in enumerate(values)
                for v in ((value, rule_name(str(value)) if value else "") if i in named else (value,))]
    return header, row


def to_csv(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header, row = _header_and_row(table)
    writer.writerow(header)
    writer.writerows(row(values) for values in table.rows)
    return BOM + out.getvalue()


def chunks(table: Table, rows_per_chunk: int = 500) -> Iterator[bytes]:
    """The CSV in pieces of a few hundred rows, for rows read as they are written."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    out.write(BOM)
    header, row = _header_and_row(table)
    writer.writerow(header)
    for n, values in enumerate(table.rows, start=1):
        writer.writerow(row(values))
        if n % rows_per_chunk == 0:
            yield out.getvalue().encode("utf-8")
            out.seek(0)
            out.truncate()
    yield out.getvalue().encode("utf-8")


def download(table: Table, stem: str) -> Response:
    """The table as an attachment named `stem-TABLE.csv` (ASCII letters, digits and dashes only).
    A table whose rows are an iterator (every raw attempt) is streamed as it is
    read (issue 30): the reply starts at once and memory stays flat."""
    name = re.sub(r"[^A-Za-z0-9-]+", "-", f"{stem}-{table.name}").strip("-") + ".csv"
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}
    if not isinstance(table.rows, list):
        return Response(stream_with_context(chunks(table)), mimetype="text/csv", headers=headers)
    return Response(to_csv(table).encode("utf-8"), mimetype="text/csv", headers=headers)
