"""What a table asks of the deck files, decided on meaning: a card changes only where a
cell says something else than its YAML, and a column or deck left out is left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from publish.app.sheets.grid import Sheet
from publish.app.sheets.plan import copies_form, deck_files, plan
from publish.app.sheets.rows import read_rows
from publish.app.sheets.table import card_sheets
from publish.model.load import load_config

PATH = Path("cards.csv")


@pytest.fixture
def game(demo):
    game_dir = demo / "cards" / "demo"
    return game_dir, load_config(game_dir)[0]


def exported(game) -> list[list]:
    return card_sheets(*game, csv=True)[0].rows


def planned(game, rows):
    game_dir, config = game
    table = read_rows([Sheet(None, rows)], config, PATH)
    assert [str(p) for p in table.problems] == []
    changes, problems = plan(deck_files(game_dir), table, config, PATH)
    assert problems == []
    return {c.number: (c.source, c.target, c.keys) for c in changes}


def test_the_table_as_exported_asks_for_nothing(game):
    assert planned(game, exported(game)) == {}


def test_a_changed_cell_changes_that_key_only(game):
    rows = exported(game)
    header = rows[0]
    rows[2][header.index("name")] = "Outra"
    rows[2][header.index("notes")] = None
    rows[4][header.index("copies beta")] = 3  # 998: alpha 2, beta 1 -> 3
    assert planned(game, rows) == {
        "002": ((0, 1), 0, {"name": "Outra", "notes": None}),
        "998": ((0, 3), 0, {"copies": {"alpha": 2, "beta": 3}}),
    }


def test_a_card_moved_to_another_deck_takes_its_copies_along(game):
    rows = exported(game)
    header = rows[0]
    rows[3][header.index("deck")] = "beta"
    rows[3][header.index("copies alpha")] = None
    rows[3][header.index("copies beta")] = 2
    assert planned(game, rows) == {"003": ((0, 2), 1, {"copies": 2})}


def test_a_column_left_out_keeps_what_the_yaml_says(game):
    rows = exported(game)
    keep = [i for i, h in enumerate(rows[0]) if h not in ("notes", "ideology", "copies beta")]
    assert planned(game, [[row[i] for i in keep] for row in rows]) == {}


def test_a_deck_without_rows_is_left_alone_and_a_missing_row_is_a_removed_card(game):
    rows = [row for row in exported(game) if row[0] != "beta"]
    del rows[1]  # card 001
    assert planned(game, rows) == {"001": ((0, 0), None, {})}


def test_a_new_card_goes_to_the_deck_it_is_dealt_into(game):
    rows = exported(game)
    header = rows[0]
    new = [None] * len(header)
    for key, value in {"number": "006", "name": "Sexta", "copies beta": 1,
                       "text 1 kind": "direct", "text 1": "Compre."}.items():
        new[header.index(key)] = value
    assert planned(game, [*rows, new]) == {
        "006": (None, 1, {"number": "006", "name": "Sexta",
                          "text": [{"direct": "Compre."}]})}


@pytest.mark.parametrize(("copies", "old", "written"), [
    ({"alpha": 1}, None, None), ({"alpha": 3}, None, 3), ({"alpha": 3}, 2, 3),
    ({"alpha": 1}, {"alpha": 2}, {"alpha": 1}), ({"beta": 2}, None, {"beta": 2}),
    (None, 4, None)])
def test_copies_are_written_in_the_shortest_form_the_file_allows(game, copies, old, written):
    assert copies_form(copies, "alpha", old, game[1]) == written

