"""A workbook's XML parts scanned before openpyxl reads them: whole, strict, and in bounds.

openpyxl builds each row's cells, each styles list and each sheet's merged
ranges in memory before a caller sees any of them, and its read-only mode
spells out every missing row up to the next one named.  So each XML part is
parsed first as a stream (xmlparts), keeping nothing: a part that is not
well-formed, rows out of order or past the last row a sheet has, a row of
more cells than a sheet has columns, more cells than a table of cards needs,
a cell or a shared string of more elements than text takes, or a part of
more other elements than a workbook's styles and lists have, stops the
reading here, with its place, before openpyxl is given the file.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from typing import Any
from xml.sax.handler import ContentHandler

from defusedxml.ElementTree import fromstring

from publish.app.sheets import limits
from publish.app.sheets.limits import SheetError
from publish.app.sheets.xmlparts import NotXml, local, stream, too_deep

REDO = "open it in the spreadsheet program and save it again, or export the cards again"
"""What to do with a damaged workbook."""

_REF = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]{1,7})")
_ITEMS = {"sheetData": "c", "sst": "si"}
"""The parts' long lists and their items (a sheet's cells, the shared strings), bounded by
MAX_CELLS; everything else by MAX_PART_ELEMENTS."""
_SMALL_PART = 1024 * 1024
"""The largest workbook list or relationships part read to name a sheet in a message."""


def scan(archive: zipfile.ZipFile) -> None:
    """Every XML part of the workbook scanned; SheetError at the first place out of bounds."""
    items = [0]
    for info in archive.infolist():
        if info.is_dir():
            continue
        try:
            _Part(info.filename, items).scan(archive)
        except NotXml:  # a picture...: openpyxl finds no element in it either
            continue
        except _InSheet as found:
            name = _sheet_names(archive).get(info.filename)
            where = f"{info.filename}, row {found.row}" if name is None else None
            message = str(found) if where is None else f"{where}: {found}"
            raise SheetError(message, name, found.row if name else 0,
                             found.col if name else 0) from None


class _InSheet(ValueError):
    """A place in a sheet's rows that is out of bounds (its sheet named by the caller)."""

    def __init__(self, message: str, row: int, col: int) -> None:
        super().__init__(message)
        self.row, self.col = row, col


class _Part(ContentHandler):
    """One part's scan, as SAX events: where it is (in a list of items, in an item), and
    its counts."""

    def __init__(self, name: str, items: list[int]) -> None:
        super().__init__()
        self.name = name
        self.items = items
        """Items of long lists in the whole workbook so far (one number, shared)."""
        self.list_tag: str | None = None
        self.started = False
        """Whether an element began: a part no element began in is no XML (a picture)."""
        self.depth = self.item_depth = self.item_elements = self.others = 0
        self.row = self.col = self.row_cells = 0

    def scan(self, archive: zipfile.ZipFile) -> None:
        stream(archive, self.name, self, REDO)

    def startElementNS(self, name: tuple[str | None, str], qname: Any, attrs: Any) -> None:
        tag = name[1]
        self.started = True
        self.depth += 1
        if self.depth > limits.MAX_XML_DEPTH:
            raise too_deep(self.name, REDO)
        if self.item_depth:
            self.item_depth += 1
            self.item_elements += 1
            if self.item_elements > limits.MAX_CELL_ELEMENTS:
                raise self.out(f"more than {limits.MAX_CELL_ELEMENTS:,} XML elements in one "
                               "cell or string: no spreadsheet program writes so many")
        elif self.list_tag == "sheetData" and tag == "row":
            self.new_row(attrs.get((None, "r")))
        elif self.list_tag is not None and tag == _ITEMS[self.list_tag]:
            self.new_item(attrs.get((None, "r")))
        elif tag in _ITEMS and self.list_tag is None:
            self.list_tag = tag
        else:
            self.others += 1
            if self.others > limits.MAX_PART_ELEMENTS:
                raise SheetError(f"its part {self.name} has more than "
                                 f"{limits.MAX_PART_ELEMENTS:,} XML elements besides cells: "
                                 f"it is not read; {REDO}")

    def endElementNS(self, name: tuple[str | None, str], qname: Any) -> None:
        self.depth -= 1
        if self.item_depth:
            self.item_depth -= 1
        elif name[1] == self.list_tag:
            self.list_tag = None

    def new_row(self, number: str | None) -> None:
        row = self.row + 1 if number is None else _whole(number)
        if row is None or row <= self.row or row > limits.MAX_SHEET_ROWS:
            raise _InSheet(f"a row numbered {str(number)[:20]!r} after row {self.row}: rows "
                           f"go in order, from 1 to {limits.MAX_SHEET_ROWS:,}; {REDO}",
                           max(1, self.row), 1)
        self.row, self.col, self.row_cells = row, 0, 0

    def new_item(self, ref: str | None) -> None:
        self.item_depth, self.item_elements = 1, 0
        if self.list_tag == "sheetData":
            self.row_cells += 1
            col = self.col + 1 if ref is None else _column(ref, self.row)
            if col is None or col <= self.col or col > limits.MAX_SHEET_COLUMNS \
                    or self.row_cells > limits.MAX_SHEET_COLUMNS:
                raise self.out(f"a cell {str(ref)[:20]!r} after column {self.col} of row "
                               f"{self.row}: a row's cells go in order, at most "
                               f"{limits.MAX_SHEET_COLUMNS:,}; {REDO}")
            self.col = col
        self.items[0] += 1
        if self.items[0] > limits.MAX_CELLS:
            raise self.out(f"more than {limits.MAX_CELLS:,} cells in the workbook: it is not "
                           "a table of cards; remove what is not")

    def out(self, message: str) -> Exception:
        if self.list_tag == "sheetData":
            return _InSheet(message, self.row, max(1, self.col))
        return SheetError(f"its part {self.name}: {message}")


def _whole(text: str) -> int | None:
    try:
        number = float(text)  # openpyxl takes "7.0" for 7
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


def _column(ref: str, row: int) -> int | None:
    """The column of a cell reference ("AB12": 28) if it is in ``row``."""
    found = _REF.fullmatch(ref)
    if found is None or int(found[2]) != row:
        return None
    col = 0
    for letter in found[1].upper():
        col = col * 26 + ord(letter) - ord("A") + 1
    return col


_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def _sheet_names(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each worksheet part's sheet name, as the workbook lists them (empty if the list
    cannot be read: a message then names the part)."""
    try:
        book = next(r.get("Target", "") for r in _small_xml(archive, "_rels/.rels")
                    if r.get("Type", "").endswith("/officeDocument")).lstrip("/")
        folder, name = posixpath.split(book)
        rels = _small_xml(archive, posixpath.join(folder, "_rels", f"{name}.rels"))
        parts = {r.get("Id"): _target(folder, r.get("Target", "")) for r in rels}
        return {parts[sheet.get(_REL)]: str(sheet.get("name"))
                for sheet in _small_xml(archive, book).iter()
                if local(sheet.tag) == "sheet" and sheet.get(_REL) in parts}
    except (KeyError, StopIteration, ValueError, SyntaxError, zipfile.BadZipFile):
        return {}


def _target(folder: str, target: str) -> str:
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(folder, target))


def _small_xml(archive: zipfile.ZipFile, part: str) -> Any:
    if archive.getinfo(part).file_size > _SMALL_PART:
        raise ValueError(f"{part} is too large to read for a name")
    return fromstring(archive.read(part), forbid_dtd=True)
