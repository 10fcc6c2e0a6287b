"""ODS read as LibreOffice Calc writes it: repeated rows and cells, a paragraph per line,
numbers as values, row groups, comments on cells."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import hostile
import pytest
from odf.office import Annotation
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableHeaderRows, TableRow
from odf.text import P

from conftest import empty_project, run
from publish.app.sheets.limits import SheetError
from publish.app.sheets.ods import read, write
from publish.app.sheets.values import ErrorValue


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


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[Path, bytes]:
    """A project holding the moon game, and its cards exported as ODS (read-only: the cases
    import them with --dry-run, and each checks that no deck file changed)."""
    project = empty_project(tmp_path_factory.mktemp("moon") / "project")
    assert run("new", "moon", "--project", str(project), "--author", "A").exit_code == 0
    sheet = project / "cards.ods"
    assert run("cards", "--project", str(project), "--format", "ods", "-o",
               str(sheet)).exit_code == 0
    return project, sheet.read_bytes()


def damaged(data: bytes, how: str) -> bytes:
    """The ODS file with its content.xml damaged ``how``: cut at a fraction ("cut 0.5"),
    bytes put in ("bytes 0.3 <bad>"), a closing tag or a part taken out, a DTD put in."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    content = archive.read("content.xml")
    parts = {name: archive.read(name) for name in archive.namelist()}
    verb, _, rest = how.partition(" ")
    if verb == "cut":
        parts["content.xml"] = content[:int(len(content) * float(rest))]
    elif verb == "bytes":
        where, insert = rest.split(" ", 1)
        at = int(len(content) * float(where))
        parts["content.xml"] = content[:at] + insert.encode().decode("unicode_escape").encode(
            "latin-1") + content[at:]
    elif verb == "unclose":
        parts["content.xml"] = content.replace(rest.encode(), b"", 1)
    elif verb == "drop":
        del parts[rest]
    elif verb == "dtd":
        parts["content.xml"] = content.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY a "aaaa">]>',
                                               1)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as made:
        for name, part in parts.items():
            made.writestr(name, part)
    return out.getvalue()


DAMAGE = [f"cut {n / 10}" for n in range(1, 10)] + [
    f"bytes {where} {what}" for where in (0.2, 0.5, 0.8)
    for what in (r"\xff\xfe", r"\x00", "<", "</table:table>")] + [
    "unclose </table:table-row>", "unclose </table:table>", "unclose </text:p>",
    "unclose </office:document-content>", "drop content.xml", "dtd"]
"""Ways to damage a spreadsheet: odfpy imported 32 of the probe's 46 such files as partial
tables (3 with cards removed, exit 0) and printed their whole XML."""


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_ods_is_one_message_and_nothing_imported(exported, tmp_path, capfd, how):
    project, data = exported
    before = {p: p.read_bytes() for p in (project / "cards").rglob("*.yaml")}
    sheet = tmp_path / "cards.ods"
    sheet.write_bytes(damaged(data, how))
    result = run("import", "--project", str(project), str(sheet), "--dry-run")
    printed = capfd.readouterr()
    assert result.exit_code == 1
    (line,) = result.output.splitlines()
    assert line.startswith(f"{sheet}: cannot read it as ODS: ")
    assert len(line) < 300 and "SAX" not in line and "<table" not in line
    assert printed.out == printed.err == ""  # nothing behind click's back, as odfpy printed
    assert {p: p.read_bytes() for p in before} == before


def test_an_error_cell_is_read_as_one_and_a_bad_number_is_located():
    error = ('<table:table-cell table:formula="of:=1/0" office:value-type="float" '
             'office:value="0" calcext:value-type="error"><text:p>#DIV/0!</text:p>'
             '</table:table-cell>')
    bad = ('<table:table-cell office:value-type="float" office:value="x"><text:p>x</text:p>'
           '</table:table-cell>')

    def table(cells: str) -> bytes:
        return hostile.ods(f'<table:table table:name="main"><table:table-row>{cells}'
                           '</table:table-row></table:table>')

    ((_, [[value]]),) = read(io.BytesIO(table(error)))
    assert isinstance(value, ErrorValue) and value == "#DIV/0!"
    with pytest.raises(SheetError) as found:
        read(io.BytesIO(table(error + bad)))
    assert (found.value.sheet, found.value.row, found.value.col) == ("main", 1, 2)
    assert str(found.value).startswith("a number cell whose value is 'x', not a number")
