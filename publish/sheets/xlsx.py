"""XLSX (Excel, LibreOffice, Google Sheets, Numbers) through openpyxl.

openpyxl is imported here only, when a workbook is read or written: it takes
a tenth of a second that no other command should pay.
"""

from __future__ import annotations

import io
from datetime import date, datetime, time
from typing import IO, Any

WIDEST = 60
"""Columns wider than this many characters wrap their text instead."""


def write(sheets: list[tuple[str, list[list[Any]]]]) -> bytes:
    """A workbook with one sheet per (name, rows): a bold, frozen header row, columns as
    wide as their text, long text wrapped; text cells are text ("001" stays "001")."""
    from openpyxl import Workbook

    book = Workbook()
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
    for cells in sheet.iter_rows(min_row=2):
        for cell in cells:
            if isinstance(cell.value, str):
                cell.number_format = "@"
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
    """Each sheet's name and rows of values (a formula gives the value last computed)."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(source, data_only=True)
    except Exception as exc:  # openpyxl raises zip, XML and its own errors alike
        raise ValueError(f"{type(exc).__name__}: {exc}") from exc
    return [(sheet.title, [[_value(v) for v in row] for row in sheet.iter_rows(values_only=True)])
            for sheet in book.worksheets]


def _value(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\r\n", "\n") or None
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return value
