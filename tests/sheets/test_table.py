"""`publish cards --format csv|xlsx|ods`: every card one row, every key a column, and an
export that would lose anything refused."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from conftest import declare, give, run
from publish.load import load_config
from publish.sheets.table import card_sheets

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
