"""Spreadsheets whose size explodes: each limit read before anything is unpacked or spelt
out, and passing one is a message at its place (publish/app/sheets/limits.py).

`make test` runs each case of issue 46's probe small; ``pytest -m fuzz`` runs them at the
probe's size, each in a fresh interpreter whose time and peak memory are measured against
30 s and 1 GB.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import hostile
import pytest

from publish.app.sheets import limits
from publish.app.sheets.grid import read, read_file
from publish.core.problems import ProblemsFound


def refused(fmt: str, data: bytes) -> str:
    """The one problem reading ``data`` gives, as printed."""
    with pytest.raises(ProblemsFound) as found:
        read(fmt, data, Path(f"cards.{fmt}"))
    (problem,) = found.value.problems
    return str(problem)


def test_an_ods_cell_repeated_past_the_columns_is_refused_at_the_cell():
    data = hostile.ods_repeats(columns=10_000, rows=1_000_000)  # the probe's: 3.9 GB, 36 s
    assert len(data) < 3000
    assert refused("ods", data) == (
        "cards.ods: main!A2: a value repeated 10,000 times across, to column 10,000, past the "
        "limit of 500 columns of a table of cards: remove the columns past it")


def test_an_ods_row_repeated_past_the_rows_or_the_cells_is_refused_where_it_passes():
    assert refused("ods", hostile.ods_repeats(columns=1, rows=1_000_000)).startswith(
        "cards.ods: main!A10002: a value in row 10,002, past the limit of 10,001 rows")
    assert refused("ods", hostile.ods_repeats(columns=100, rows=1_000_000)).startswith(
        "cards.ods: main!A3001: more than 300,000 cells in the file by this row")


def test_empty_padding_is_counted_not_spelt_out():
    """Calc pads a sheet to a million rows of a thousand empty cells: nothing to keep."""
    padding = ('<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
               'table:number-columns-repeated="16384"/></table:table-row>')
    data = hostile.ods(f'<table:table table:name="main"><table:table-row>'
                       f'{hostile.ods_cell("number")}</table:table-row>{padding}</table:table>')
    assert read("ods", data, Path("cards.ods"))[0].rows == [["number"]]


def test_a_workbook_part_that_unpacks_a_hundred_times_its_size_is_not_unpacked():
    data = hostile.xlsx_cells(200_000)  # the probe's held 20 M cells in 1.5 MB
    said = refused("xlsx", data)
    assert said.startswith("cards.xlsx: cannot read it as XLSX: its part "
                           "xl/worksheets/sheet1.xml unpacks to ")
    assert "times its packed size (at most 100 times" in said


def test_a_workbook_over_the_unpacked_limit_is_not_unpacked():
    data = hostile.xlsx_cells(limits.MAX_UNPACKED_BYTES // 15, method=zipfile.ZIP_STORED)
    assert refused("xlsx", data).startswith(
        "cards.xlsx: cannot read it as XLSX: its parts unpack to more than 33,554,432 bytes")


@pytest.mark.parametrize("fmt", ["ods", "xlsx"])
def test_a_workbook_of_more_parts_than_any_is_not_opened_part_by_part(fmt):
    many = {f"x/{n}.xml": b"<x/>" for n in range(limits.MAX_PARTS)}
    data = hostile.ods_content("<x/>", many) if fmt == "ods" else \
        hostile.xlsx(hostile.sheet_rows([]), parts=many)
    assert refused(fmt, data).startswith(f"cards.{fmt}: cannot read it as {fmt.upper()}: it "
                                         "has 10,00")


def test_more_cells_than_a_table_of_cards_are_refused_before_openpyxl_reads_them():
    data = hostile.xlsx_cells(limits.MAX_CELLS + 100, method=zipfile.ZIP_STORED)
    assert refused("xlsx", data) == (
        "cards.xlsx: main!CU3001: more than 300,000 cells in the workbook: it is not a table of "
        "cards; remove what is not")


@pytest.mark.parametrize(("rows", "said"), [
    (b'<row r="3"/><row r="2"/>', "main!A3: a row numbered '2' after row 3: rows go in order"),
    (b'<row r="99999999"/>', "main!A1: a row numbered '99999999' after row 1"),
    (b'<row r="2"><c r="B2"/><c r="A2"/></row>', "main!B2: a cell 'A2' after column 2 of row 2"),
    (b'<row r="2"><c r="A3"/></row>', "main!A2: a cell 'A3' after column 0 of row 2"),
    (b'<row r="2">' + b"<c/>" * 16_385 + b"</row>", "main!XFD2: a cell 'None' after column "
                                                    "16384 of row 2"),
    (b'<row r="2"><c t="inlineStr"><is>' + b"<r><t>x</t></r>" * 600 + b"</is></c></row>",
     "main!A2: more than 1,000 XML elements in one cell or string"),
])
def test_rows_and_cells_no_spreadsheet_program_writes_are_refused_at_their_place(rows, said):
    """openpyxl would spell out every missing row, or hold a whole row in memory, or drop a
    row out of order: none of them is given to it."""
    assert refused("xlsx", hostile.xlsx(hostile.sheet_rows([rows]))).startswith(
        f"cards.xlsx: {said}")


def test_every_part_is_scanned_that_is_xml_whatever_its_name_or_encoding():
    """A picture is no XML and is left alone; a sheet in UTF-16, or behind blank lines, is
    XML all the same (openpyxl would read it), and is scanned."""
    picture = {"xl/media/image1.png": b"\x89PNG\r\n\x1a\n" + bytes(100)}
    good = hostile.xlsx(hostile.sheet_rows([b'<row r="2">' + hostile.inline("A2", "001")
                                            + b"</row>"]), parts=picture)
    assert read("xlsx", good, Path("cards.xlsx"))[0].rows == [["number", "name"], ["001"]]
    disorder = b"".join(hostile.sheet_rows([b'<row r="3"/><row r="2"/>'])).decode()
    for sheet in (disorder.encode("utf-16"), b"\n" * 100 + disorder.split("?>", 1)[1].encode()):
        assert refused("xlsx", hostile.xlsx([sheet])).startswith(
            "cards.xlsx: main!A3: a row numbered '2' after row 3")


def test_a_part_of_more_elements_than_styles_have_is_not_given_to_openpyxl():
    styles = (f'<styleSheet xmlns="{hostile.MAIN}"><cellXfs>'.encode()
              + b"<xf/>" * (limits.MAX_PART_ELEMENTS + 1) + b"</cellXfs></styleSheet>")
    data = hostile.xlsx(hostile.sheet_rows([]), method=zipfile.ZIP_STORED,
                        parts={"xl/styles.xml": styles})
    assert refused("xlsx", data) == (
        "cards.xlsx: cannot read it as XLSX: its part xl/styles.xml has more than 200,000 XML "
        "elements besides cells: it is not read; open it in the spreadsheet program and save "
        "it again, or export the cards again")


@pytest.mark.parametrize("fmt", ["ods", "xlsx"])
def test_xml_nested_deeper_than_any_spreadsheet_is_refused(fmt):
    """A million nested elements would be a million-deep tree, and a walk of it recursion."""
    deep = "<text:span>" * 1000 + "x" + "</text:span>" * 1000
    data = hostile.ods(f'<table:table table:name="main"><table:table-row>'
                       f'{hostile.ods_cell(deep)}</table:table-row></table:table>') \
        if fmt == "ods" else hostile.xlsx(hostile.sheet_rows([]), parts={
            "xl/styles.xml": f'<styleSheet xmlns="{hostile.MAIN}">'.encode() + b"<x>" * 1000
            + b"</x>" * 1000 + b"</styleSheet>"})
    part = "content.xml" if fmt == "ods" else "xl/styles.xml"
    assert refused(fmt, data).startswith(f"cards.{fmt}: cannot read it as {fmt.upper()}: its "
                                         f"part {part} nests its XML more than 100 deep")


def test_a_huge_string_is_refused_unread_and_a_long_cell_at_its_cell():
    assert "its part xl/sharedStrings.xml unpacks to 41,943,1" in refused(
        "xlsx", hostile.xlsx_string(40 * 1024 * 1024))  # the probe's: 400 MB, 8 GB
    long = hostile.xlsx(hostile.sheet_rows([b'<row r="2">' + hostile.inline("B2", "x" * 100_001)
                                            + b"</row>"]))
    assert refused("xlsx", long) == ("cards.xlsx: main!B2: a cell of more than 100,000 "
                                     "characters, the limit for a value of a deck file: "
                                     "shorten it")


def test_csv_rows_past_the_limit_stop_the_reading_there():
    data = hostile.csv_rows(20_000)  # the probe's: a million rows, 3.6 GB
    assert refused("csv", data).startswith("cards.csv: A10002: a value in row 10,002, past "
                                           "the limit of 10,001 rows")
    wide = b"number\n" + b",".join([b"1"] * 600) + b"\n"
    assert refused("csv", wide).startswith("cards.csv: WB2: a value in column 600, past the "
                                           "limit of 500 columns")
    cell = b"number,name\n001," + b"y" * 120_000 + b"\n"
    assert refused("csv", cell).startswith("cards.csv: B2: a cell of more than 100,000 "
                                           "characters")


def test_a_file_over_the_size_limit_is_not_read(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes(hostile.csv_rows(1) + b"\n" * limits.MAX_FILE_BYTES)
    with pytest.raises(ProblemsFound, match=r"cards.csv: the file is over 16,777,216 bytes"):
        read_file(path)


# ----------------------------------------------------------------- the probe's sizes


PROBE = {
    "cards.ods": lambda: hostile.ods_repeats(columns=10_000, rows=10_000),
    "bomb.xlsx": lambda: hostile.xlsx_cells(20_000_000),
    "string.xlsx": lambda: hostile.xlsx_string(400 * 1024 * 1024),
    "rows.csv": lambda: hostile.csv_rows(1_000_000),
    "short-rows.csv": lambda: b"number,name\n" + b"007,x\n" * 1_000_000,
}
"""The rows of issue 46's table (its ODS, XLSX and CSV rows) at the probe's size."""


@pytest.mark.fuzz
@pytest.mark.parametrize("name", list(PROBE))
def test_the_probe_s_spreadsheets_are_refused_in_seconds_and_megabytes(moon, tmp_path, name):
    sheet = tmp_path / name
    sheet.write_bytes(PROBE[name]())
    status, seconds, peak_mb, output = measured(
        [sys.executable, "-m", "publish", "import", "--project", str(moon), str(sheet),
         "--dry-run"])
    print(f"\n{name}: {sheet.stat().st_size:,} bytes: exit {status}, {seconds:.1f} s, "
          f"{peak_mb:.0f} MB: {output.strip()[:200]}")
    assert status == 1 and output.startswith(f"{sheet}: "), output
    assert seconds < 30 and peak_mb < 1024


def measured(command: list[str], timeout: float = 60.0) -> tuple[int, float, float, str]:
    """A command's exit status, wall time, peak resident memory (MB, from wait4) and output,
    in a fresh process held to 3 GB of address space and killed after ``timeout``."""
    cap = 3 * 1024 ** 3
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                   preexec_fn=lambda: resource.setrlimit(
                                       resource.RLIMIT_AS, (cap, cap)))
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
            time.sleep(0.02)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        output = out.read().decode("utf-8", "replace")
    return process.returncode, seconds, usage.ru_maxrss / 1024, output
