"""XLSX through openpyxl: text stays text ("001"), numbers numbers, and the sheet is made
to be read: a bold, frozen header, wrapped long text."""

from __future__ import annotations

import io

from openpyxl import load_workbook

from publish.app.sheets.xlsx import read, write


def test_text_numbers_and_lines_come_back_as_they_went():
    rows = [["number", "cost", "size", "text"], ["001", 3, 9.5, "one\ntwo"],
            ["002", None, None, "x" * 80]]
    assert read(io.BytesIO(write([("main", rows)]))) == [("main", rows)]


def test_the_header_is_bold_and_frozen_and_long_text_wraps():
    data = write([("main", [["number", "text"], ["001", "x" * 80]])])
    sheet = load_workbook(io.BytesIO(data))["main"]
    assert sheet["A1"].font.bold and sheet.freeze_panes == "C2"
    assert sheet["B2"].alignment.wrap_text and sheet["A2"].number_format == "@"
    assert sheet["A2"].data_type == "s"
