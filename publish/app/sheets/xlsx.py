"""XLSX (Excel, LibreOffice, Google Sheets, Numbers) through openpyxl.

openpyxl is imported here only, when a workbook is read or written: it takes
a tenth of a second that no other command should pay.  It reads in its
read-only mode, a row at a time, and only a workbook whose parts xlsxscan
has found whole and in bounds.
"""

from __future__ import annotations

import io
import warnings
import zipfile
from datetime import date, datetime, time
from typing import IO, Any

from publish.app.sheets import limits, xlsxscan
from publish.app.sheets.limits import SheetError, SheetRows
from publish.app.sheets.values import ErrorValue

WIDEST = 60
"""Columns wider than this many characters wrap their text instead."""


def write(sheets: list[tuple[str, list[list[Any]]]]) -> bytes:
    """A workbook with one sheet per (name, rows): a bold, frozen header row, columns as
    wide as their text, long text wrapped; text cells are text ("001" stays "001", and
    "=HYPERLINK(...)" is not a formula)."""
    from openpyxl import Workbook

    book = Workbook()
    if book.active is not None:  # the sheet a new workbook starts with
        book.remove(book.active)
    for name, rows in sheets:
        _fill(book.create_sheet(title=name), rows)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _fill(sheet: Any, rows: list[list[Any]]) -> None:
    from openpyxl.styles import Alignment, Font

    wrap = Alignment(wrap_text=True, vertical="top")
    top = Alignment(vertical="top")
    for row in rows:
        sheet.append(row)
    wide = widths(rows)
    for cell in sheet[1]:
        cell.data_type = "s"
    for cells in sheet.iter_rows(min_row=2):
        for cell in cells:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text, even "=1+1" or "#N/A" (openpyxl's guesses)
                cell.number_format = "@"  # and text when edited, as Excel takes "@"
            cell.alignment = wrap if wide[cell.column - 1] >= WIDEST else top
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for index, width in enumerate(wide, start=1):
        sheet.column_dimensions[sheet.cell(1, index).column_letter].width = width + 2
    sheet.freeze_panes = "C2"


def widths(rows: list[list[Any]]) -> list[int]:
    """Each column's width in characters: its longest line, at most WIDEST."""
    columns = max((len(row) for row in rows), default=0)
    widths = [4] * columns
    for row in rows:
        for index, value in enumerate(row):
            longest = max((len(line) for line in str(value or "").split("\n")), default=0)
            widths[index] = min(WIDEST, max(widths[index], longest))
    return widths


def read(source: IO[bytes]) -> list[tuple[str, list[list[Any]]]]:
    """Each sheet's name and rows of values (a formula gives the value last computed, an
    error an ErrorValue); SheetError, at its place, for a file that is damaged or past a
    limit (limits), found before openpyxl reads any of it (xlsxscan)."""
    from openpyxl import load_workbook

    try:
        with zipfile.ZipFile(source) as archive:
            limits.check_archive(archive, "xlsx")
            xlsxscan.scan(archive)
    except (zipfile.BadZipFile, OSError) as exc:
        raise SheetError(f"not an XLSX file (a zip archive): {exc}; {xlsxscan.REDO}") from None
    source.seek(0)
    budget = limits.Budget()
    with warnings.catch_warnings():  # openpyxl warns of what it leaves out, on the terminal
        warnings.simplefilter("ignore")
        try:
            book = load_workbook(source, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises zip, XML and its own errors alike
            said = " ".join(str(exc).split())[:300]
            raise SheetError(f"{type(exc).__name__}: {said}; {xlsxscan.REDO}") from None
        try:
            return [(sheet.title, _rows(sheet, budget)) for sheet in book.worksheets]
        finally:
            book.close()


def _rows(sheet: Any, budget: limits.Budget) -> list[list[Any]]:
    """A sheet's rows, read one at a time; missing rows (and cells) are empty ones."""
    sheet.reset_dimensions()  # a sheet's own dimensions may claim a million columns
    rows = SheetRows(sheet.title, budget)
    for cells in sheet.iter_rows():
        line = rows.next_row
        values = [_value(cell, sheet.title, line, col) for col, cell in enumerate(cells, 1)]
        while values and values[-1] is None:
            values.pop()
        limits.check_column(sheet.title, line, len(values))
        rows.add(values)
    return rows.rows


def _value(cell: Any, sheet: str, line: int, col: int) -> Any:
    value = cell.value
    if value is None:
        return None
    if cell.data_type == "e":
        return ErrorValue(str(value))
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, str):
        return limits.check_cell(sheet, line, col, value.replace("\r\n", "\n")) or None
    return value
