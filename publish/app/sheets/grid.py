"""Spreadsheets as plain grids of cells, whatever the file format, and places in them.

Each format module (csvfile, xlsx, ods) turns a file into ``Sheet`` grids and
back; everything else works on grids, so the three formats cannot drift apart.
A problem found in a spreadsheet is located as a designer finds it there:
``cards.xlsx: main!C14``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.app.sheets import csvfile, ods, xlsx
from publish.app.sheets.limits import MAX_FILE_BYTES, SheetError
from publish.core.problems import Location, Problem, ProblemsFound, did_you_mean

FORMATS = ("csv", "xlsx", "ods")
"""The spreadsheet formats, by file extension."""

Value = str | int | float | None
"""A cell: text, a number, or None when empty."""


@dataclass
class Sheet:
    """One table: its name (a deck, in a workbook; None in a CSV file) and its rows,
    the first of them the header."""

    name: str | None
    rows: list[list[Value]] = field(default_factory=list)


@dataclass(frozen=True, order=True)
class Cell(Location):
    """A place in a spreadsheet: ``line`` is the row (from 1), ``col`` the column (from 1;
    0 for a whole sheet), ``sheet`` the sheet's name (None in a CSV file)."""

    sheet: str | None = None

    def __str__(self) -> str:
        prefix = f"{self.sheet}!" if self.sheet is not None and self.line else ""
        if not self.line:
            return f"{self.path}: sheet {self.sheet}" if self.sheet is not None else str(self.path)
        return f"{self.path}: {prefix}{column_letter(self.col or 1)}{self.line}"


def column_letter(index: int) -> str:
    """A column's letters as spreadsheets show them: 1 is A, 27 is AA."""
    letters = ""
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def format_of(path: Path) -> str:
    """The format a file's extension names; ProblemsFound for any other."""
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ProblemsFound([Problem(Location(path), f"not a spreadsheet this reads: give a "
                                     f".csv, .xlsx or .ods file{did_you_mean(fmt, FORMATS)}")])
    return fmt


_WRITERS: dict[str, Callable[[list[Sheet]], bytes]] = {
    "csv": lambda sheets: csvfile.write(sheets[0].rows),
    "xlsx": lambda sheets: xlsx.write([(s.name or "cards", s.rows) for s in sheets]),
    "ods": lambda sheets: ods.write([(s.name or "cards", s.rows) for s in sheets]),
}


def write(fmt: str, sheets: list[Sheet]) -> bytes:
    """The file's bytes: a CSV file holds the first sheet only (callers give it one)."""
    return _WRITERS[fmt](sheets)


def read(fmt: str, data: bytes, path: Path) -> list[Sheet]:
    """The sheets of a spreadsheet file's bytes (``path`` names it in messages): all of
    them, or ProblemsFound at the place that stopped the reading (a damaged part, a limit
    passed: publish.app.sheets.limits), and then none."""
    try:
        if fmt == "csv":
            rows: list[list[Value]] = [list(row) for row in csvfile.read(data)]
            return [Sheet(None, rows)]
        reader = xlsx.read if fmt == "xlsx" else ods.read
        return [Sheet(name, rows) for name, rows in reader(io.BytesIO(data))]
    except csvfile.CsvError as exc:
        raise ProblemsFound([Problem(Location(path, exc.line, exc.col), f"cannot read it as "
                                     f"CSV: {exc}")]) from exc
    except SheetError as exc:
        where = Cell(path, exc.row, exc.col, exc.sheet)
        said = str(exc) if exc.row else f"cannot read it as {fmt.upper()}: {exc}"
        raise ProblemsFound([Problem(where, said)]) from exc
    except (ValueError, KeyError, OSError) as exc:
        said = " ".join(str(exc).split())[:300]  # one line, whatever a library said
        raise ProblemsFound([Problem(Location(path), f"cannot read it as {fmt.upper()}: "
                                     f"{said}")]) from exc


def read_file(path: Path) -> list[Sheet]:
    """The sheets of the spreadsheet at ``path``, its format from its extension; a file over
    MAX_FILE_BYTES is not read past the limit."""
    fmt = format_of(path)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ProblemsFound([Problem(Location(path), f"cannot read file: {exc.strerror or exc}")]
                            ) from exc
    if len(data) > MAX_FILE_BYTES:
        raise ProblemsFound([Problem(Location(path), f"the file is over {MAX_FILE_BYTES:,} "
                                     "bytes, the limit for a table of cards: it is not read; "
                                     "keep only the table of cards in it")])
    return read(fmt, data, path)


def cell_text(value: Any) -> str:
    """A cell as text: whole numbers without a decimal point, None as empty."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
