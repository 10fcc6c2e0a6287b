"""CSV as spreadsheet programs write it: UTF-8 (with or without a byte-order mark), commas
or, in some locales, semicolons."""

from __future__ import annotations

import pytest

from publish.sheets.csvfile import read, write


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

