"""The columns of a game's table, their headers read back, and which holds a place of a
card entry."""

from __future__ import annotations

import pytest

from publish.app.sheets.columns import columns_for, header_for, parse_header
from publish.model.load import load_config


@pytest.fixture
def config(demo):
    return load_config(demo / "cards" / "demo")[0]


def test_a_column_for_each_key_block_part_and_deck(config):
    headers = [c.header for c in columns_for(config, 2, True, csv=False)]
    assert headers == ["number", "name", "kind", "ideology", "tags", "copies alpha",
                       "copies beta", "text 1 kind", "text 1", "text 1 effect", "text 2 kind",
                       "text 2", "text 2 effect", "text_size", "shrink_to_fit", "notes"]
    assert [c.header for c in columns_for(config, 1, False, csv=True)][:2] == ["deck", "number"]


@pytest.mark.parametrize(("header", "csv", "found"), [
    ("copies beta", False, ("copies", "beta", None, "text")),
    ("text 3 effect", False, ("text", None, 2, "effect")),
    ("text  2", False, ("text", None, 1, "text")),
    ("text 1 kind", False, ("text", None, 0, "kind")),
    ("ideology", False, ("ideology", None, None, "text")),
    ("deck", True, ("deck", None, None, "text")),
    ("deck", False, None),
    ("text 0", False, None),
    ("text", False, None),  # this game's text is in blocks
    ("copies gamma", False, None),
    ("cost", False, None),
])
def test_headers_are_read_back(config, header, csv, found):
    column = parse_header(header, config, csv)
    assert (column and (column.key, column.deck, column.block, column.part)) == found


@pytest.mark.parametrize(("path", "header"), [
    ((), "number"), (("kind",), "kind"), (("copies",), "copies alpha"),
    (("copies", "beta"), "copies beta"), (("text", 0), "text 1 kind"),
    (("text", 1, "direct"), "text 2"), (("text", 0, "effect", 0, "do"), "text 1 effect"),
    (("tags", 2), "tags")])
def test_each_place_of_an_entry_is_in_a_column(path, header):
    assert header_for(path, "alpha") == header
