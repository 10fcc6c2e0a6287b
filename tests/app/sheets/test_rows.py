"""A table's rows read as cards, every problem with the table itself found and located."""

from __future__ import annotations

from pathlib import Path

import pytest

from publish.app.sheets.grid import Sheet
from publish.app.sheets.rows import read_rows
from publish.model.load import load_config

HEADER = ["number", "name", "ideology", "copies alpha", "copies beta", "text 1 kind",
          "text 1", "text 1 effect", "notes"]
PATH = Path("cards.xlsx")


@pytest.fixture
def config(demo):
    return load_config(demo / "cards" / "demo")[0]


def said(table) -> list[str]:
    return [str(p) for p in table.problems]


def test_a_row_becomes_a_card_s_values(config):
    table = read_rows([Sheet("alpha", [HEADER, [7, "Sétima", None, 2, 0, "direct", "Compre.",
                                                None, None], [None] * 9])], config, PATH)
    assert said(table) == []
    (row,) = table.rows
    assert (row.number, row.deck, row.line) == ("007", "alpha", 2)
    assert row.values == {"name": "Sétima", "copies": {"alpha": 2},
                          "text": [{"direct": "Compre."}]}
    assert row.given == {"name", "ideology", "copies", "text", "notes"} and row.effects
    assert row.cell(PATH, "notes") == row.cell(PATH, "notes")
    assert str(row.cell(PATH, "notes")) == "cards.xlsx: alpha!I2"


def test_the_table_s_own_problems_are_all_found(config):
    sheets = [Sheet("alfa", [HEADER]),
              Sheet("alpha", [[*HEADER, "cst", "name"], ["001", "A"], ["001", "B"]]),
              Sheet("beta", [["name", "notes"], ["X", None]])]
    table = read_rows(sheets, config, PATH)
    assert table.shape_problems
    assert said(table) == [
        "cards.xlsx: sheet alfa: no deck 'alfa' (did you mean 'alpha'?): each sheet is named "
        "after a deck of Demo (alpha, beta); rename or remove it",
        "cards.xlsx: alpha!J1: unknown column 'cst'; the columns are: number, name, kind, "
        "ideology, tags, copies alpha, copies beta, text 1 kind, text 1, text 1 effect, "
        "text 2 kind, text 2, text 2 effect, text 3 kind, text 3, text 3 effect, text_size, "
        "shrink_to_fit, notes (text N kind, text N, text N effect)",
        "cards.xlsx: alpha!K1: column 'name' twice (also column 2): keep one",
        "cards.xlsx: alpha!A3: card 001 is also on alpha!row 2: a number names one card; "
        "give this one another",
        "cards.xlsx: beta!A1: no 'number' column: the first row names the columns, and "
        "'number' says which card each row is",
    ]
    assert [row.values for row in table.rows] == [{"name": "A"}]


def test_numbers_twice_and_rows_without_one(config):
    sheets = [Sheet("alpha", [HEADER, ["001", "A"], ["001", "B"], [None, "C"]])]
    assert said(read_rows(sheets, config, PATH)) == [
        "cards.xlsx: alpha!A3: card 001 is also on alpha!row 2: a number names one card; "
        "give this one another",
        "cards.xlsx: alpha!A4: no number: every card needs its number (the row is a card: "
        "fill it in, or empty the row)"]


def test_a_block_needs_a_known_kind_and_its_text(config):
    sheets = [Sheet("alpha", [HEADER, ["001", "A", None, 1, None, "drect", "x"],
                              ["002", "B", None, 1, None, None, "y"],
                              ["003", "C", None, 1, None, "direct", None, "[{do: x}]"],
                              ["004", "D", None, 1, None, "direct", "z", "[{do: "]])]
    table = read_rows(sheets, config, PATH)
    assert said(table)[:3] == [
        "cards.xlsx: alpha!F2: text 1 kind: unknown kind 'drect' (did you mean 'direct'?); "
        "expected one of: direct, general",
        "cards.xlsx: alpha!F3: text 1 kind: which kind of block is it? One of: direct, general",
        "cards.xlsx: alpha!G4: text 1: the block has no text; write it, or empty the "
        "block's cells",
    ]
    assert said(table)[3].startswith("cards.xlsx: alpha!H5: text 1 effect: YAML syntax error")
    assert all("!text" in row.given for row in table.rows)  # their text is kept as it is
    assert not table.shape_problems


def test_a_csv_row_names_its_deck(config):
    header = ["deck", *HEADER]
    table = read_rows([Sheet(None, [header, ["beta", "001", "A"], ["gamma", "002", "B"],
                                    [None, "003", "C"]])], config, Path("cards.csv"))
    assert said(table) == ["cards.csv: A3: deck: no deck 'gamma'; the decks are: alpha, beta"]
    assert [row.deck for row in table.rows] == ["beta", None, None]
