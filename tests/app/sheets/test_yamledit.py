"""Card entries edited and written back in the YAML they came in: comments, key order,
quotes and flow style kept, new values styled as their neighbours, and text PyYAML would
read as something else quoted."""

from __future__ import annotations

import pytest
import yaml
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from publish.app.sheets.yamledit import (
    edit,
    flowing,
    house_order,
    house_styles,
    load_entries,
    new_entry,
    render,
    scalar,
)
from publish.model.load import load_config

DECK = """\
deck: alpha
cards:
  - number: "001"
    name: One  # the first
    ideology: red
    copies: {alpha: 2, beta: 1}
    text:
      - direct: Compre 1 carta.
        effect: [{do: draw, n: 1}]
      - general: 'Quoted.'
    notes: "A note."
  # ---- next section
  - number: "002"
    name: Two
    tags: [compra]
    text:
      - direct: Descarte.
"""


@pytest.fixture
def config(demo):
    return load_config(demo / "cards" / "demo")[0]


@pytest.mark.parametrize(("text", "written"), [
    ("plain words", "plain words"), ("yes", '"yes"'), ("on", '"on"'), ("007", '"007"'),
    ("1_000", '"1_000"'), ("2024-01-01", '"2024-01-01"'), ("null", '"null"'),
    ("a: b", "'a: b'"), ("two\nlines", "|-"),
])
def test_new_text_reads_back_as_the_same_text(text, written):
    out = render({"x": scalar(text, None)}, 0)
    assert out.startswith(f"- x: {written}\n")
    assert yaml.safe_load(out) == [{"x": text}]


def test_a_change_keeps_everything_else_of_the_card(config):
    entries = load_entries(DECK)
    first = entries[0]
    styles = house_styles(entries)
    edit(first, {"name": "Uno", "notes": "Another note.", "ideology": None,
                 "copies": {"alpha": 3, "beta": 1},
                 "text": [{"direct": "Compre 1 carta.", "effect": [{"do": "draw", "n": 1}]},
                          {"general": "Changed."}, {"direct": "New block.", "effect": []}]},
         house_order(entries, config), styles)
    assert render(first, 2) == """\
  - number: "001"
    name: Uno  # the first
    copies: {alpha: 3, beta: 1}
    text:
      - direct: Compre 1 carta.
        effect: [{do: draw, n: 1}]
      - general: 'Changed.'
      - direct: New block.
        effect: []
    notes: "Another note."
"""


def test_the_comment_after_a_card_is_the_next_section_s_and_is_left_out():
    entries = load_entries(DECK)
    assert render(entries[0], 2).endswith('notes: "A note."\n')
    assert render(entries[1], 0).startswith('- number: "002"\n  name: Two\n')


def test_a_new_key_goes_where_the_file_writes_it(config):
    entries = load_entries(DECK)
    order = house_order(entries, config)
    assert order == ["number", "name", "kind", "tags", "ideology", "copies", "text",
                     "text_size", "shrink_to_fit", "notes"]
    second = entries[1]
    edit(second, {"ideology": "blue", "notes": "New."}, order, house_styles(entries))
    assert list(second) == ["number", "name", "tags", "ideology", "text", "notes"]
    assert isinstance(second["notes"], DoubleQuotedScalarString)  # as the file's notes are


def test_a_new_card_is_written_in_the_file_s_order_and_styles(config):
    entries = load_entries(DECK)
    made = new_entry({"text": [{"general": "G."}], "number": "003", "copies": 2,
                      "name": "Três", "tags": ["compra", "descarte"], "notes": "N."},
                     house_order(entries, config), house_styles(entries))
    assert render(made, 2) == """\
  - number: "003"
    name: Três
    tags: [compra, descarte]
    copies: 2
    text:
      - general: 'G.'
    notes: "N."
"""


def test_structures_are_written_in_flow_style():
    assert render({"e": flowing([{"do": "draw", "card": "007"}])}, 0) == \
        "- e: [{do: draw, card: \"007\"}]\n"
    assert isinstance(scalar("a\nb", DoubleQuotedScalarString), LiteralScalarString)

