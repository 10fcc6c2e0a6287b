"""Card entries found in a deck file's text, and the text with some of them replaced,
removed or added, every other byte as it was."""

from __future__ import annotations

import pytest

from publish.app.sheets.spans import Span, entry_spans, splice

DECK = """\
# a heading comment
deck: alpha
cards:
  # ---- first section
  - number: "001"
    name: One
    notes: |
      two lines
      # not a comment: the note's text

  # a comment inside, at the end of the card
  # ---- second section
  - number: "002"
    name: Two  # an end-of-line comment
    text: [{direct: x}]
  - number: "003"
    name: Three
"""


def test_an_entry_runs_from_its_dash_to_its_last_value():
    assert entry_spans(DECK) == [Span(4, 8, 2), Span(12, 14, 2), Span(15, 16, 2)]
    kept = DECK.replace("notes: |", "notes: |+")  # its blank line is the note's: kept there
    assert entry_spans(kept)[0] == Span(4, 8, 2)
    assert splice(kept, entry_spans(kept), {}, set(), {}) == kept


def test_splicing_keeps_the_comments_between_entries_with_what_follows():
    spans = entry_spans(DECK)
    text = splice(DECK, spans, {2: '  - number: "003"\n    name: Trois\n'}, {0},
                  {-1: ['  - number: "000"\n    name: Zero\n'],
                   1: ['  - number: "002a"\n    name: Between\n']})
    assert text == """\
# a heading comment
deck: alpha
cards:
  # ---- first section
  - number: "000"
    name: Zero

  # a comment inside, at the end of the card
  # ---- second section
  - number: "002"
    name: Two  # an end-of-line comment
    text: [{direct: x}]
  - number: "002a"
    name: Between
  - number: "003"
    name: Trois
"""


def test_nothing_asked_gives_the_same_text_and_a_missing_last_line_break_is_mended():
    text = DECK.rstrip("\n")
    spans = entry_spans(text)
    assert splice(text, spans, {}, set(), {}) == text
    assert splice(text, spans, {}, set(), {2: ["  - x: 1\n"]}).endswith("Three\n  - x: 1\n")


def test_a_file_with_windows_line_ends_keeps_them():
    text = DECK.replace("\n", "\r\n")
    spliced = splice(text, entry_spans(text), {1: '  - number: "002"\n    name: Deux\n'}, set(),
                     {2: ['  - number: "004"\n']})
    assert spliced == text.replace(
        '  - number: "002"\r\n    name: Two  # an end-of-line comment\r\n    text: [{direct: '
        'x}]\r\n', '  - number: "002"\r\n    name: Deux\r\n') + '  - number: "004"\r\n'


@pytest.mark.parametrize(("text", "said"), [
    ("deck: a\ncards: [{number: '001'}]\n", "not a block list"),
    ("deck: a\ncards:\n  -\n    number: '001'\n", "line 4: a card does not start on its dash"),
])
def test_a_layout_it_cannot_edit_is_refused(text, said):
    with pytest.raises(ValueError, match=said):
        entry_spans(text)
