"""How much of a spreadsheet is read, checked before anything is unpacked or spelt out.

A spreadsheet comes back from someone else's machine, so its size is not
trusted: a few kilobytes of ODS can repeat a cell a billion times, a zip
entry can unpack to gigabytes, a CSV file can hold a million rows.  Each
limit below is read from what a file declares (its size, a zip entry's
unpacked size, a repeat count) or counted as rows and cells are read, and
passing one stops the reading with a message at the place it was passed.
The limits are those of a game: `load.MAX_CARDS` cards, `yamlsource.MAX_CHARS`
characters in a value.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from typing import Any

from publish.core.problems import PublishError
from publish.core.yamlsource import MAX_CHARS
from publish.model.load import MAX_CARDS

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A spreadsheet file's size (CSV, XLSX or ODS): a larger one is not read at all.  The
largest game of this repository, 214 cards, makes a 57 KB CSV file and a 43 KB workbook, so
a game of MAX_CARDS such cards fits three times over."""

MAX_UNPACKED_BYTES = 32 * 1024 * 1024
"""What a workbook's parts unpack to, all together, by the sizes its zip directory declares
(zipfile reads no part past its declared size): checked before any part is unpacked.  ODS,
the wordiest, takes 1.5 KB of XML a card of that game, 15 MB for MAX_CARDS such cards."""

MAX_RATIO = 100
"""How many times its packed size a part larger than RATIO_FLOOR may unpack to.  The XML of
a spreadsheet packs 7 to 20 times (that game's: 7 in XLSX, 16 in ODS); a zip bomb's parts,
hundreds to a thousand times."""

MAX_PARTS = 10_000
"""Parts (zip entries) of a workbook: Excel and Calc write a few, and a few more a sheet or
picture; each is opened and scanned, so a file of a million tiny ones would take minutes."""

RATIO_FLOOR = 1024 * 1024
"""Below this unpacked size a part's ratio is not judged (a small part costs nothing)."""

MAX_ROWS = MAX_CARDS + 1
"""Rows of a sheet, counted to its last row holding a value: a header and a row per card.
Empty rows after it are padding (Calc writes a million), counted but never kept."""

MAX_COLUMNS = 500
"""Columns of a row, counted to its last cell holding a value.  A game's table has eleven
keys, a column per field and per deck and three per text block: a hundred is a lot."""

MAX_CELLS = 300_000
"""Cells of a whole file, counted to each row's last value (in XLSX, every cell element,
empty ones too): MAX_CARDS cards of thirty columns (that game's table has 22).  Reading takes
about 20 microseconds a cell, so no table within the limits takes more than seconds."""

MAX_CELL_CHARS = MAX_CHARS
"""Characters in a cell: a cell becomes one value of a deck file, which holds no longer."""

MAX_PART_ELEMENTS = 200_000
"""XML elements of a workbook part that are not cells (styles, the list of sheets, merged
ranges, validations): openpyxl makes an object of each, about a kilobyte.  Excel itself
stops at 64,000 cell formats, about three elements each."""

MAX_CELL_ELEMENTS = 1_000
"""XML elements inside one cell (its value, its runs of formatted text, its spaces): a
card's text with a hundred changes of style takes about 400."""

MAX_XML_DEPTH = 100
"""How deep a workbook's XML may nest: Calc and Excel nest about a dozen deep (a drawing's
text, fifteen); deeper, a parser's tree and the readers' walks of it would grow without
bound."""

MAX_SHEET_ROWS = 1_048_576
"""The last row of a sheet in Excel and Calc: a workbook naming a row past it is damaged."""

MAX_SHEET_COLUMNS = 16_384
"""The last column of a sheet in Excel and Calc (XFD): a row of more cells is damaged."""


class SheetError(PublishError, ValueError):
    """A spreadsheet that cannot be read, and where that shows: a sheet (None: the file, or a
    CSV file's one table) and, from 1, a row and a column (0: the whole sheet or file)."""

    def __init__(self, message: str, sheet: str | None = None, row: int = 0,
                 col: int = 0) -> None:
        super().__init__(message)
        self.sheet, self.row, self.col = sheet, row, col


def check_archive(archive: zipfile.ZipFile, fmt: str) -> None:
    """A workbook's zip directory within MAX_PARTS, MAX_UNPACKED_BYTES and MAX_RATIO, before
    any part of it is unpacked; SheetError naming the part if not."""
    if len(archive.infolist()) > MAX_PARTS:
        raise SheetError(f"it has {len(archive.infolist()):,} parts, more than the "
                         f"{MAX_PARTS:,} of any workbook: it is not read; save it again from "
                         "the spreadsheet program")
    total = 0
    for info in archive.infolist():
        total += info.file_size
        packed = max(1, info.compress_size)
        if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * packed:
            raise SheetError(f"its part {info.filename} unpacks to {info.file_size:,} bytes, "
                             f"{info.file_size // packed:,} times its packed size (at most "
                             f"{MAX_RATIO} times: a spreadsheet program's {fmt.upper()} packs "
                             "far less): it is not read; save it again from the spreadsheet "
                             "program")
        if total > MAX_UNPACKED_BYTES:
            raise SheetError(f"its parts unpack to more than {MAX_UNPACKED_BYTES:,} bytes (the "
                             f"limit for a table of cards; {info.filename} passes it): it is "
                             "not read; remove what is not cards (pictures, other sheets)")


@dataclass
class Budget:
    """What one file has used of MAX_CELLS, counted as its rows are read."""

    cells: int = 0


@dataclass
class SheetRows:
    """A sheet's rows as they are read, every limit checked where it is passed: empty rows
    are counted and kept only when a row with a value follows (trailing ones are padding),
    and each row loses its trailing empty cells."""

    name: str | None
    budget: Budget
    rows: list[list[Any]] = field(default_factory=list)
    empty: int = 0
    """Empty rows read since the last row kept."""

    @property
    def next_row(self) -> int:
        """The number (from 1) of the next row read."""
        return len(self.rows) + self.empty + 1

    def skip(self, count: int) -> None:
        """``count`` empty rows."""
        self.empty += count

    def add(self, cells: list[Any], repeat: int = 1) -> None:
        """A row of cells (trailing empty ones dropped), ``repeat`` times."""
        while cells and cells[-1] is None:
            cells.pop()
        if not cells:
            self.skip(repeat)
            return
        for _ in range(repeat):
            line = self.next_row
            if line > MAX_ROWS:
                raise SheetError(f"a value in row {line:,}, past the limit of {MAX_ROWS:,} rows "
                                 f"(a header and a row per card; a game has at most "
                                 f"{MAX_CARDS:,} cards): remove the rows past it", self.name,
                                 line, 1)
            self.budget.cells += len(cells)
            if self.budget.cells > MAX_CELLS:
                raise SheetError(f"more than {MAX_CELLS:,} cells in the file by this row: it "
                                 "is not a table of cards; remove what is not", self.name,
                                 line, 1)
            self.rows.extend([] for _ in range(self.empty))
            self.empty = 0
            self.rows.append(list(cells))


def check_cell(sheet: str | None, row: int, col: int, text: str) -> str:
    """``text``, if a cell may hold it (MAX_CELL_CHARS); SheetError at the cell if not."""
    if len(text) > MAX_CELL_CHARS:
        raise too_long(sheet, row, col)
    return text


def too_long(sheet: str | None, row: int, col: int) -> SheetError:
    """The error of a cell longer than MAX_CELL_CHARS."""
    return SheetError(f"a cell of more than {MAX_CELL_CHARS:,} characters, the limit for a "
                      "value of a deck file: shorten it", sheet, row, col)


def check_column(sheet: str | None, row: int, col: int, repeat: int = 1) -> None:
    """SheetError at the cell if a value in column ``col`` (repeated ``repeat`` times across)
    reaches past MAX_COLUMNS."""
    last = col + repeat - 1
    if last > MAX_COLUMNS:
        said = f"a value in column {last:,}" if repeat == 1 else \
            f"a value repeated {repeat:,} times across, to column {last:,}"
        raise SheetError(f"{said}, past the limit of {MAX_COLUMNS} columns of a table of "
                         "cards: remove the columns past it", sheet, row, col)
