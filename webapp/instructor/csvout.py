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
"""
from __future__ import annotations

import csv
import io
import re

from collections.abc import Iterator

from flask import Response, stream_with_context

from webapp.instructor.dashboard import Table

BOM = "\ufeff"
RISKY = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value) -> object:
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(RISKY):
        return "'" + value
    return value


def to_csv(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(table.header)
    writer.writerows([safe_cell(v) for v in row] for row in table.rows)
    return BOM + out.getvalue()


def chunks(table: Table, rows_per_chunk: int = 500) -> Iterator[bytes]:
    """The CSV in pieces of a few hundred rows, for rows read as they are written."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    out.write(BOM)
    writer.writerow(table.header)
    for n, row in enumerate(table.rows, start=1):
        writer.writerow([safe_cell(v) for v in row])
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
