"""ODS (LibreOffice Calc's own format) through odfpy.

odfpy is the OpenDocument library pandas reads and writes ODS with; it is
imported here only, when a spreadsheet is read or written.  Reading follows
what Calc writes: repeated rows and columns, a paragraph per line of a cell,
numbers as values.
"""

from __future__ import annotations

import io
from typing import IO, Any

from publish.sheets.xlsx import WIDEST, widths

_MOST = 10_000
"""Repeated rows or columns beyond this are empty padding (Calc writes a million)."""


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
    """Each table's name and rows of values."""
    from odf.opendocument import load
    from odf.table import Table

    try:
        doc = load(source)
    except Exception as exc:  # odfpy raises zip, XML and key errors alike
        raise ValueError(f"{type(exc).__name__}: {exc}") from exc
    return [(str(table.getAttribute("name")), _rows(table))
            for table in doc.spreadsheet.getElementsByType(Table)]


def _rows(table: Any) -> list[list[Any]]:
    """The table's rows, row groups opened, repeats spelt out, trailing empties dropped."""
    rows: list[list[Any]] = []
    for element in _row_elements(table):
        row = _cells(element)
        repeat = _repeat(element.getAttribute("numberrowsrepeated"), not row)
        rows.extend(list(row) for _ in range(repeat))
    while rows and not any(v is not None for v in rows[-1]):
        rows.pop()
    return rows


def _repeat(attribute: Any, empty: bool) -> int:
    """How many times a row or cell repeats: empty padding to the sheet's end counts none."""
    count = int(attribute or 1)
    return 0 if empty and count >= _MOST else min(count, _MOST)


def _row_elements(parent: Any) -> list[Any]:
    found = []
    for child in parent.childNodes:
        tag = getattr(child, "qname", (None, None))[1]
        if tag == "table-row":
            found.append(child)
        elif tag in ("table-header-rows", "table-rows", "table-row-group"):
            found.extend(_row_elements(child))
    return found


def _cells(row: Any) -> list[Any]:
    cells: list[Any] = []
    for child in row.childNodes:
        tag = getattr(child, "qname", (None, None))[1]
        if tag not in ("table-cell", "covered-table-cell"):
            continue
        value = _value(child)
        cells.extend([value] * _repeat(child.getAttribute("numbercolumnsrepeated"),
                                       value is None))
    while cells and cells[-1] is None:
        cells.pop()
    return cells


def _value(cell: Any) -> Any:
    from odf import teletype

    kind = cell.getAttribute("valuetype")
    if kind in ("float", "percentage", "currency"):
        number = float(cell.getAttribute("value"))
        return int(number) if number.is_integer() else number
    if kind == "boolean":
        return str(cell.getAttribute("booleanvalue")).upper()
    if kind in ("date", "time"):
        return cell.getAttribute("datevalue") or cell.getAttribute("timevalue")
    lines = [teletype.extractText(child) for child in cell.childNodes
             if getattr(child, "qname", (None, None))[1] == "p"]
    return "\n".join(lines) or None
