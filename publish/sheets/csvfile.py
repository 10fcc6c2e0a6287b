"""CSV: one table, UTF-8, every cell text (what a card holds keeps its newlines, quoted)."""

from __future__ import annotations

import csv
import io
from typing import Any


def write(rows: list[list[Any]]) -> bytes:
    """The rows as CSV (comma-separated, "\\n" line ends, quotes only where needed)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if value is None else _text(value) for value in row])
    return out.getvalue().encode("utf-8")


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read(data: bytes) -> list[list[str | None]]:
    """The rows of a CSV file (a byte-order mark, as Excel writes, is skipped); empty cells
    are None.  Excel's semicolon-separated CSV (some locales) is read as well."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as "
                         "CSV UTF-8") from exc
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as exc:
        raise ValueError(str(exc)) from exc
    return [[cell.replace("\r\n", "\n") or None for cell in row] for row in rows]
