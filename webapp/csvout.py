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

from flask import Response

from webapp.dashboard import Table

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


def download(table: Table, stem: str) -> Response:
    """The table as an attachment named `stem-TABLE.csv` (ASCII letters, digits and dashes only)."""
    name = re.sub(r"[^A-Za-z0-9-]+", "-", f"{stem}-{table.name}").strip("-") + ".csv"
    return Response(to_csv(table).encode("utf-8"), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "no-store"})
