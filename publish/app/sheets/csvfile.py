"""CSV: one table, UTF-8, every cell text (what a card holds keeps its newlines, quoted).

A cell whose text a spreadsheet program would take for a formula (it starts
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, and is not a plain
number) is written with an apostrophe before it, as OWASP's advice on CSV
injection has it, and read back without: Excel and Calc show it as the text
it is, and an export imported again changes nothing.  A text that starts
with apostrophes and then one of those gets one apostrophe more, so that
every text comes back as it went.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from publish.app.sheets import limits
from publish.app.sheets.limits import SheetRows
from publish.core.problems import PublishError

_FORMULA = re.compile(r"'*[=+\-@\t\r]")
"""A text a spreadsheet program would evaluate, behind any apostrophes guarding it."""
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
"""A plain number (``-1``): a spreadsheet program reads it as one, not as a formula."""


def guarded(text: str) -> str:
    """The cell that holds ``text``: an apostrophe before a formula's first character."""
    if _FORMULA.match(text) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def unguarded(cell: str) -> str:
    """The text a cell holds: the apostrophe ``guarded`` put before a formula taken off."""
    if cell.startswith("'") and _FORMULA.match(cell, 1):
        return cell[1:]
    return cell


def write(rows: list[list[Any]]) -> bytes:
    """The rows as CSV (comma-separated, "\\n" line ends, quotes only where needed)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    quoting = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for row in rows:
        cells = ["" if value is None else guarded(_text(value)) for value in row]
        # the csv module quotes a line break of the line terminator's only: a row holding a
        # lone carriage return is quoted whole, or a reader would end the row there
        (quoting if any("\r" in cell for cell in cells) else writer).writerow(cells)
    return out.getvalue().encode("utf-8")


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class CsvError(PublishError, ValueError):
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
    return [limits.check_cell(None, line, col, unguarded(cell.replace("\r\n", "\n"))) or None
            for col, cell in enumerate(row, 1)]
