"""ODS (LibreOffice Calc's own format): written through odfpy, read as a stream.

odfpy is the OpenDocument library pandas writes ODS with; it is imported
here only, when a spreadsheet is written.  Reading does not use it: odfpy
prints a damaged file's whole XML to the terminal and returns the part it
could parse, and builds the whole document in memory before a limit could
be checked.  The table is read instead from content.xml as a stream of
elements (xmlparts), strictly, every limit checked as rows and cells come
(limits).  Reading follows what Calc writes: repeated rows and columns, a
paragraph per line of a cell, numbers as values, comments left out.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import IO, Any

from publish.app.sheets import limits
from publish.app.sheets.limits import SheetError, SheetRows
from publish.app.sheets.values import ErrorValue
from publish.app.sheets.xlsx import WIDEST, widths
from publish.app.sheets.xmlparts import elements, read_part

_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"
_CELLS = (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell")
_MIMETYPES = ("application/vnd.oasis.opendocument.spreadsheet",
              "application/vnd.oasis.opendocument.spreadsheet-template")
REDO = "open it in LibreOffice Calc and save it again, or export the cards again"
"""What to do with a damaged file."""


def write(sheets: list[tuple[str, list[list[Any]]]]) -> bytes:
    """A spreadsheet with one table per (name, rows): a bold header, columns as wide as
    their text, long text wrapped; text cells are text, numbers numbers."""
    from odf.opendocument import OpenDocumentSpreadsheet

    doc = OpenDocumentSpreadsheet()
    styles = _styles(doc)
    for name, rows in sheets:
        doc.spreadsheet.addElement(_table(name, rows, styles, doc))
    out = io.BytesIO()
    doc.write(out)
    return out.getvalue()


def _styles(doc: Any) -> dict[str, Any]:
    from odf.style import Style, TableCellProperties, TextProperties

    bold = Style(name="header", family="table-cell")
    bold.addElement(TextProperties(fontweight="bold"))
    wrap = Style(name="wrapped", family="table-cell")
    wrap.addElement(TableCellProperties(wrapoption="wrap", verticalalign="top"))
    for style in (bold, wrap):
        doc.automaticstyles.addElement(style)
    return {"header": bold, "wrapped": wrap, "columns": {}}


def _column_style(doc: Any, styles: dict[str, Any], width: int) -> Any:
    from odf.style import Style, TableColumnProperties

    if width not in styles["columns"]:
        style = Style(name=f"column{width}", family="table-column")
        style.addElement(TableColumnProperties(columnwidth=f"{0.22 * (width + 2):.2f}cm"))
        doc.automaticstyles.addElement(style)
        styles["columns"][width] = style
    return styles["columns"][width]


def _table(name: str, rows: list[list[Any]], styles: dict[str, Any], doc: Any) -> Any:
    from odf.table import Table, TableColumn, TableRow

    table = Table(name=name)
    wide = widths(rows)
    for width in wide:
        table.addElement(TableColumn(stylename=_column_style(doc, styles, width)))
    for number, row in enumerate(rows):
        element = TableRow()
        for index, value in enumerate(row):
            style = (styles["header"] if number == 0
                     else styles["wrapped"] if wide[index] >= WIDEST else None)
            element.addElement(_cell(value, style))
        table.addElement(element)
    return table


def _cell(value: Any, style: Any) -> Any:
    from odf import teletype
    from odf.table import TableCell
    from odf.text import P

    extra = {"stylename": style} if style is not None else {}
    if value is None:
        return TableCell(**extra)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        cell = TableCell(valuetype="float", value=value, **extra)
        cell.addElement(P(text=str(value)))
        return cell
    cell = TableCell(valuetype="string", **extra)
    for line in str(value).split("\n"):
        paragraph = P()
        teletype.addTextToElement(paragraph, line)
        cell.addElement(paragraph)
    return cell


def read(source: IO[bytes]) -> list[tuple[str, list[list[Any]]]]:
    """Each table's name and rows of values; SheetError, at its place, for a file that is
    damaged or past a limit (limits): then nothing of it is read."""
    try:
        archive = zipfile.ZipFile(source)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise SheetError(f"not an ODS file (a zip archive): {exc}; {REDO}") from None
    with archive:
        limits.check_archive(archive, "ods")
        _check_package(archive)
        return _Reader().read(elements(archive, "content.xml", REDO))


def _check_package(archive: zipfile.ZipFile) -> None:
    """An ODS spreadsheet, not encrypted, with its content.xml."""
    names = set(archive.namelist())
    if "mimetype" in names:
        kind = read_part(archive, "mimetype", REDO).decode("ascii", "replace").strip()
        if kind not in _MIMETYPES:
            raise SheetError(f"an OpenDocument file of another kind ({kind[:80]}), not a "
                             "spreadsheet: save the table from LibreOffice Calc as .ods")
    if "META-INF/manifest.xml" in names and b"encryption-data" in read_part(
            archive, "META-INF/manifest.xml", REDO):
        raise SheetError("saved with a password, so its cells cannot be read: save it again "
                         "without one (File > Properties > Security in Calc)")
    if "content.xml" not in names:
        raise SheetError(f"its content.xml, which holds the tables, is missing; {REDO}")


class _Reader:
    """The tables of content.xml, read as its elements come: a cell's value when the cell
    ends, a row's cells when the row ends; every element done with is let go."""

    def __init__(self) -> None:
        self.budget = limits.Budget()
        self.tables: list[tuple[str, list[list[Any]]]] = []
        self.sheet: SheetRows | None = None
        self.row: _Row | None = None
        self.cell_depth = 0
        self.cell_elements = 0

    def read(self, parsed: Iterator[tuple[str, Any]]) -> list[tuple[str, list[list[Any]]]]:
        open_elements: list[Any] = []
        for event, element in parsed:
            if event == "start":
                open_elements.append(element)
                self.start(element)
                continue
            open_elements.pop()
            keep = self.end(element)
            if not keep and open_elements:
                open_elements[-1].remove(element)  # the only child left: no search
        return self.tables

    def start(self, element: Any) -> None:
        tag = element.tag
        if self.cell_depth:
            self.cell_depth += 1
            self.cell_elements += 1
            if self.cell_elements > limits.MAX_CELL_ELEMENTS:
                raise self.error(f"more than {limits.MAX_CELL_ELEMENTS:,} XML elements in "
                                 "one cell: it is not a cell Calc writes")
        elif tag in _CELLS and self.row is not None:
            self.cell_depth, self.cell_elements = 1, 0
            self.row.elements += 1
            if self.row.elements > limits.MAX_SHEET_COLUMNS:
                raise self.error(f"more than {limits.MAX_SHEET_COLUMNS:,} cells in one row: "
                                 "it is not a row Calc writes")
        elif tag == f"{_TABLE}table-row" and self.sheet is not None:
            self.row = _Row(self.sheet.name, self.sheet.next_row)
        elif tag == f"{_TABLE}table":
            if self.sheet is not None:
                raise SheetError(f"a table inside table {self.sheet.name}: not a spreadsheet "
                                 f"Calc writes; {REDO}")
            name = limits.check_cell(None, 0, 0, str(element.get(f"{_TABLE}name", "")))
            self.sheet = SheetRows(name, self.budget)

    def end(self, element: Any) -> bool:
        """Whether to keep the element (a cell's content, until the cell ends)."""
        tag = element.tag
        if self.cell_depth > 1:
            self.cell_depth -= 1
            return True
        if self.cell_depth == 1 and self.row is not None:
            self.cell_depth = 0
            repeat = self.repeat(element, f"{_TABLE}number-columns-repeated")
            self.row.add(_value(element, self.row), repeat)
        elif tag == f"{_TABLE}table-row" and self.row is not None and self.sheet is not None:
            self.sheet.add(self.row.cells, self.repeat(element, f"{_TABLE}number-rows-repeated"))
            self.row = None
        elif tag == f"{_TABLE}table" and self.sheet is not None:
            self.tables.append((str(self.sheet.name), self.sheet.rows))
            self.sheet = None
        return False

    def repeat(self, element: Any, attribute: str) -> int:
        text = element.get(attribute, "1")
        if not text.isdigit() or int(text) < 1:
            raise self.error(f"a repeat count of {text[:20]!r} ({attribute.rpartition('}')[2]})"
                             f": not a count Calc writes; {REDO}")
        return int(text)

    def error(self, message: str) -> SheetError:
        row = self.row
        if row is None:
            return SheetError(message, self.sheet.name if self.sheet else None)
        return SheetError(message, row.sheet, row.line, row.column)


class _Row:
    """A row's cells as they come: empty ones counted, and kept only before a value."""

    def __init__(self, sheet: str | None, line: int) -> None:
        self.sheet, self.line = sheet, line
        self.cells: list[Any] = []
        self.empty = 0
        self.elements = 0

    @property
    def column(self) -> int:
        """The column (from 1) of the next cell."""
        return len(self.cells) + self.empty + 1

    def add(self, value: Any, repeat: int) -> None:
        if value is None:
            self.empty += repeat
            return
        limits.check_column(self.sheet, self.line, self.column, repeat)
        self.cells += [None] * self.empty + [value] * repeat
        self.empty = 0


_NUMBERS = ("float", "percentage", "currency")


def _value(cell: Any, row: _Row) -> Any:
    """A cell's value: a number, a date's or a time's text, TRUE or FALSE, an error (a
    formula's), or its paragraphs' text a line each (None: empty)."""
    kind = cell.get(f"{_OFFICE}value-type")
    if cell.get(f"{_CALCEXT}value-type") == "error":
        return ErrorValue(_text(cell, row) or "#ERROR")
    if kind in _NUMBERS:
        text = cell.get(f"{_OFFICE}value", "")
        try:
            number = float(text)
        except ValueError:
            raise SheetError(f"a number cell whose value is {text[:40]!r}, not a number; "
                             f"{REDO}", row.sheet, row.line, row.column) from None
        return int(number) if number.is_integer() else number
    if kind == "boolean":
        return str(cell.get(f"{_OFFICE}boolean-value", "")).upper() or None
    if kind in ("date", "time"):
        return cell.get(f"{_OFFICE}{kind}-value") or None
    return _text(cell, row) or None


def _text(cell: Any, row: _Row) -> str:
    lines = [_paragraph(child, row) for child in cell if child.tag == f"{_TEXT}p"]
    return limits.check_cell(row.sheet, row.line, row.column, "\n".join(lines))


def _paragraph(element: Any, row: _Row) -> str:
    """A paragraph's text, with its spaces (text:s, c of them), tabs and line breaks
    spelt out, as odfpy's teletype reads them; never longer than a cell may be."""
    parts: list[str] = [element.text or ""]
    size = len(parts[0])
    for child in element:
        tag = child.tag
        if tag == f"{_TEXT}s":
            count = child.get(f"{_TEXT}c", "1")
            spaces = int(count) if count.isdigit() else 1
            text = " " * min(spaces, limits.MAX_CELL_CHARS + 1 - size)
        elif tag in (f"{_TEXT}tab", f"{_TEXT}line-break"):
            text = "\t" if tag == f"{_TEXT}tab" else "\n"
        elif tag == f"{_OFFICE}annotation":
            text = ""
        else:
            text = _paragraph(child, row)
        parts += [text, child.tail or ""]
        size += len(text) + len(child.tail or "")
        if size > limits.MAX_CELL_CHARS:
            raise limits.too_long(row.sheet, row.line, row.column)
    return "".join(parts)
