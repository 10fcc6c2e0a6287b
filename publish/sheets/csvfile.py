"""CSV: one table, UTF-8, every cell text (what a card holds keeps its newlines, quoted)."""

from __future__ import annotations

import csv
import io
from typing import Any

from publish.sheets import limits
from publish.sheets.limits import SheetRows


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


class CsvError(ValueError):
    """A CSV file that cannot be read, and the line (and column) where that shows."""

    def __init__(self, message: str, line: int, col: int = 0) -> None:
        super().__init__(message)
        self.line, self.col = line, col


def read(data: bytes) -> list[list[str | None]]:
    """The rows of a CSV file (a byte-order mark, as Excel writes, is skipped); empty cells
    are None, and a row ends at its last value.  Excel's semicolon-separated CSV (some
    locales) is read as well.  Rows are read one at a time, and the limits checked as they
    come (SheetError at the cell that passes one)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8-sig", "replace")) + 1
        raise CsvError(f"not UTF-8 text (byte 0x{data[exc.start]:02x} here); save it as CSV "
                       "UTF-8", before.count(b"\n") + 1, col) from exc
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = SheetRows(None, limits.Budget())
    try:
        for row in reader:
            rows.add(_cells(row, rows.next_row))
    except csv.Error as exc:  # a cell over the csv module's limit (128 KiB), a NUL...
        raise CsvError(str(exc), max(1, reader.line_num)) from exc
    return rows.rows


def _cells(row: list[str], line: int) -> list[str | None]:
    while row and not row[-1]:
        row.pop()
    limits.check_column(None, line, len(row))
    return [limits.check_cell(None, line, col, cell.replace("\r\n", "\n")) or None
            for col, cell in enumerate(row, 1)]
