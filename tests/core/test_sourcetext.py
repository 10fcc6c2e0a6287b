"""Offsets become the line and column an editor shows: a line ends at LF, CR LF or a lone CR."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run
from publish.core.problems import ProblemsFound
from publish.core.sourcetext import Positions, decode


@pytest.mark.parametrize(("text", "places"), [
    ("a\rb\rc", [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]),
    ("a\r\nb\n", [(1, 1), (1, 2), (1, 2), (2, 1), (2, 2), (2, 2)]),
    ("a\rb\r", [(1, 1), (1, 2), (2, 1), (2, 2), (2, 2)]),
    ("a\nb", [(1, 1), (1, 2), (2, 1), (2, 2)]),
    ("a\u2028b\x85c\n", [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 6)]),
])
def test_a_lone_carriage_return_ends_a_line_and_a_cr_lf_is_one_line_end(text, places):
    positions = Positions(text)
    assert [positions.at(i) for i in range(len(text) + 1)] == places


def test_a_byte_that_is_not_utf8_after_a_lone_carriage_return_is_on_the_next_line():
    with pytest.raises(ProblemsFound) as info:
        decode(Path("x.md"), b"first\rsecond \xff\n")
    assert str(info.value.problems[0]).startswith("x.md:2:8: not UTF-8 text (byte 0xff)")


def test_a_yaml_error_after_a_lone_carriage_return_is_where_an_editor_shows_it(demo):
    beta = demo / "cards" / "demo" / "decks" / "beta.yaml"
    beta.write_bytes(b"deck: beta\rcards: [1\r")
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert (f"{beta}:2:10: YAML syntax error: did not find expected ',' or ']' (parsing a "
            "flow sequence that starts at line 2, column 8)") in result.output


def test_a_chapter_with_lone_carriage_returns_is_located_inside_it(demo):
    chapter = demo / "cards" / "demo" / "rules" / "pt-BR" / "04-extra.md"
    chapter.write_bytes(b"# Extra\r\rSome text\r{card 999}\r")
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert f"{chapter}:4:1: {{card 999}}: no card numbered 999" in result.output
    # line 4 is inside the file: sourcetext counts its lines as markdown-it does
    assert Positions(chapter.read_bytes().decode()).at(len("# Extra\r\rSome text\r")) == (4, 1)
