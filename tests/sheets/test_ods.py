"""ODS read as LibreOffice Calc writes it: repeated rows and cells, a paragraph per line,
numbers as values, row groups, comments on cells."""

from __future__ import annotations

import io

from odf.office import Annotation
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableHeaderRows, TableRow
from odf.text import P

from publish.sheets.ods import read, write


def cell(text: str | None = None, repeat: int = 1, **value: object) -> TableCell:
    made = TableCell(numbercolumnsrepeated=repeat, **({"valuetype": "string"} if text and not
                                                      value else value))
    for line in (text or "").split("\n") if text else []:
        made.addElement(P(text=line))
    return made


def test_calc_s_repeats_groups_and_comments_are_read_as_cells():
    doc = OpenDocumentSpreadsheet()
    table = Table(name="main")
    header = TableHeaderRows()
    row = TableRow()
    for text in ("number", "name", "cost"):
        row.addElement(cell(text))
    header.addElement(row)
    table.addElement(header)
    row = TableRow(numberrowsrepeated=2)  # two identical rows
    row.addElement(cell("007"))
    row.addElement(cell(repeat=1))
    noted = cell(valuetype="float", value="3")
    note = Annotation()
    note.addElement(P(text="a comment, not the value"))
    noted.addElement(note)
    row.addElement(noted)
    row.addElement(cell(repeat=1020))  # Calc pads rows to the sheet's width
    table.addElement(row)
    table.addElement(TableRow(numberrowsrepeated=3))  # empty rows in between count
    last = TableRow()
    last.addElement(cell("008"))
    last.addElement(cell("Two\nlines"))
    last.addElement(cell(valuetype="float", value="2.5"))
    table.addElement(last)
    padding = TableRow(numberrowsrepeated=1048000)
    padding.addElement(cell(repeat=1024))
    table.addElement(padding)
    doc.spreadsheet.addElement(table)
    out = io.BytesIO()
    doc.write(out)
    assert read(io.BytesIO(out.getvalue())) == [("main", [
        ["number", "name", "cost"], ["007", None, 3], ["007", None, 3], [], [], [],
        ["008", "Two\nlines", 2.5]])]


def test_what_is_written_is_read_back_with_its_types():
    rows = [["number", "cost", "text"], ["001", 3, "  two  spaces\ttab"], [None, 1.5, None]]
    back = [["number", "cost", "text"], ["001", 3, "  two  spaces\ttab"], [None, 1.5]]
    assert read(io.BytesIO(write([("deck", rows)]))) == [("deck", back)]  # no empty tail
