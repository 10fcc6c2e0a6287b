"""Values as cells and back, and what a value means (so an unchanged card is left alone)."""

from __future__ import annotations

import re

import pytest

from conftest import declare
from publish.app.sheets.cells import CellError, flow, from_cell, meaning, number_text, to_cell
from publish.app.sheets.columns import Column
from publish.app.sheets.values import ErrorValue
from publish.model.load import load_config


@pytest.fixture
def config(demo):
    declare(demo, "fields:\n  cost: {type: integer, default: 0}\n  art: {type: image}\n"
                  "  keywords: {type: tags}\n  rarity: {type: choice, choices: [a, b]}\n")
    return load_config(demo / "cards" / "demo")[0]


def test_the_same_card_written_two_ways_means_the_same(config):
    assert meaning("copies", None, "alpha", config) == {"alpha": 1}
    assert meaning("copies", 2, "alpha", config) == meaning("copies", {"alpha": 2}, "beta",
                                                            config)
    assert meaning("kind", None, "alpha", config) == "structural"
    assert meaning("cost", None, "alpha", config) == 0 == meaning("cost", 0, "alpha", config)
    assert meaning("keywords", None, "alpha", config) == meaning("keywords", [], "alpha",
                                                                 config)
    assert meaning("notes", None, "alpha", config) == ""
    assert meaning("text", [{"direct": "x", "effect": [1]}], "alpha", config) == [
        ([("direct", "x")], [1])]


@pytest.mark.parametrize(("value", "number"), [(7, "007"), (7.0, "007"), ("7", "007"),
                                               (" 012 ", "012"), ("1234", "1234"),
                                               ("x1", "x1")])
def test_a_number_a_spreadsheet_stripped_of_its_zeros_gets_them_back(value, number):
    assert number_text(value, 3) == number


@pytest.mark.parametrize(("column", "cell", "value"), [
    (Column("cost", "cost"), "3", 3),
    (Column("cost", "cost"), 3.0, 3),
    (Column("cost", "cost"), "three", "three"),  # the check says it is not a number
    (Column("copies alpha", "copies", deck="alpha"), " 2 ", 2),
    (Column("name", "name"), 1984, "1984"),
    (Column("name", "name"), "  Spaced  ", "  Spaced  "),
    (Column("kind", "kind"), " natural ", "natural"),
    (Column("tags", "tags"), "compra, descarte,", ["compra", "descarte"]),
    (Column("art", "art"), "art/1.png", "art/1.png"),
    (Column("art", "art"), "en: art/1-en.png; fr: art/1-fr.png",
     {"en": "art/1-en.png", "fr": "art/1-fr.png"}),
    (Column("text_size", "text_size"), "9.5", 9.5),
    (Column("notes", "notes"), "a\r\nb", "a\nb"),
    (Column("notes", "notes"), "   ", None),
    (Column("text 1 effect", "text", block=0, part="effect"), "[{do: draw, n: 1}]",
     [{"do": "draw", "n": 1}]),
])
def test_a_cell_is_read_as_its_column_holds(config, column, cell, value):
    assert from_cell(column, cell, config) == value


def test_an_effect_that_is_not_yaml_says_where_in_the_cell(config):
    column = Column("text 1 effect", "text", block=0, part="effect")
    # the parser finds out at the end: the place is just after the last character, on its line
    with pytest.raises(CellError, match=r"YAML syntax error: .*\(line 1, column 11 of the cell"):
        from_cell(column, "[{do: draw", config)
    with pytest.raises(CellError, match="anchors and aliases"):
        from_cell(column, "[&a {do: draw}, *a]", config)


def test_cells_show_what_the_card_is(config):
    entry = {"number": 7, "name": "X", "copies": {"alpha": 2, "beta": 1}, "keywords": ["p", "q"],
             "art": {"pt-BR": "a.png"}, "text": [{"direct": "T", "effect": [{"do": "draw"}]}]}
    shown = {c.header: to_cell(c, entry, "alpha", config) for c in [
        Column("number", "number"), Column("kind", "kind"), Column("cost", "cost"),
        Column("copies beta", "copies", deck="beta"), Column("keywords", "keywords"),
        Column("art", "art"), Column("notes", "notes"),
        Column("text 1 kind", "text", block=0, part="kind"), Column("text 1", "text", block=0),
        Column("text 1 effect", "text", block=0, part="effect"),
        Column("text 2", "text", block=1)]}
    assert shown == {"number": "007", "kind": "structural", "cost": 0, "copies beta": 1,
                     "keywords": "p, q", "art": "pt-BR: a.png", "notes": None,
                     "text 1 kind": "direct", "text 1": "T", "text 1 effect": "[{do: draw}]",
                     "text 2": None}


def test_effects_are_written_as_the_files_write_them():
    assert flow([{"do": "draw", "who": {"among": "opponents"}, "n": 2}]) == \
        "[{do: draw, who: {among: opponents}, n: 2}]"
    assert flow([{"card": "007", "on": "yes"}]) == "[{card: '007', 'on': 'yes'}]"




@pytest.mark.parametrize(("value", "said"), [
    (1.5, "1.5 is not a card number: write its digits as text (007)"),
    (-3, "-3 is not a card number"), (float("inf"), "inf is not a card number"),
    (1e300, "1e+300 is not a card number"),
    (ErrorValue("#DIV/0!"), "the cell shows the error #DIV/0!, not a value"),
])
def test_a_number_cell_that_is_no_card_number_is_a_cell_error(config, value, said):
    with pytest.raises(CellError, match=re.escape(said)):
        from_cell(Column("number", "number"), value, config)


@pytest.mark.parametrize("column", [Column("name", "name"), Column("cost", "cost"),
                                    Column("copies alpha", "copies", deck="alpha"),
                                    Column("text 1", "text", block=0)])
def test_an_error_cell_is_no_value_in_any_column(config, column):
    with pytest.raises(CellError, match=r"shows the error #N/A, not a value: correct its "
                                        r"formula, or type the value"):
        from_cell(column, ErrorValue("#N/A"), config)
