"""Spreadsheet files as grids, and places in them named as a spreadsheet names them."""

from __future__ import annotations

from pathlib import Path

import pytest

from publish.app.sheets.grid import Cell, Sheet, column_letter, format_of, read, write
from publish.core.problems import ProblemsFound


@pytest.mark.parametrize(("index", "letters"), [(1, "A"), (3, "C"), (26, "Z"), (27, "AA"),
                                                (52, "AZ"), (702, "ZZ"), (703, "AAA")])
def test_columns_are_lettered_as_spreadsheets_letter_them(index, letters):
    assert column_letter(index) == letters


def test_a_cell_reads_as_file_sheet_and_cell():
    path = Path("cards.xlsx")
    assert str(Cell(path, 14, 3, "main")) == "cards.xlsx: main!C14"
    assert str(Cell(Path("cards.csv"), 14, 3)) == "cards.csv: C14"
    assert str(Cell(path, 0, 0, "main")) == "cards.xlsx: sheet main"
    assert str(Cell(Path("cards.csv"), 0, 0)) == "cards.csv"


def test_only_spreadsheet_extensions_are_read():
    with pytest.raises(ProblemsFound, match=r"give a \.csv, \.xlsx or \.ods file \(did you "
                                            r"mean 'xlsx'\?\)"):
        format_of(Path("cards.xlx"))
    assert format_of(Path("CARDS.XLSX")) == "xlsx"


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_a_file_that_is_not_the_format_says_so(fmt):
    with pytest.raises(ProblemsFound, match=f"cards.{fmt}: cannot read it as {fmt.upper()}"):
        read(fmt, b"number,name\n", Path(f"cards.{fmt}"))


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "ods"])
def test_every_format_gives_back_the_cells_it_was_given(fmt):
    rows = [["number", "name", "cost", "text"],
            ["001", "Scout", 3, "Two  spaces,\nand a second line"],
            ["002", None, 0, "a, \"quoted\" word"]]
    back = read(fmt, write(fmt, [Sheet(None if fmt == "csv" else "main", rows)]),
                Path(f"x.{fmt}"))
    expected = rows if fmt != "csv" else [[None if v is None else str(v) for v in row]
                                          for row in rows]
    assert [sheet.rows for sheet in back] == [expected]
    assert back[0].name == (None if fmt == "csv" else "main")
