"""Text outside the safe zone: `publish check --safe-zone` lays the faces out and warns.

The measurement on made-up pages (every side, clip regions, the slack), and the check on a
game made by `publish new`, whose faces keep their text inside and whose footer is moved
out of the zone to be found.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run
from publish.render.pdfpage import Glyph, Line, Page
from publish.render.safezone import MM, outside

W, H = 63 * MM, 88 * MM  # a poker card, trimmed, in points


def page(*lines: tuple[str, float, float, float, float]) -> Page:
    """A trimmed card holding ``lines``, each its text and box in mm (x0, y0 from the
    bottom left, x1, y1), its glyphs sharing the box."""
    made = []
    for text, x0, y0, x1, y1 in lines:
        step = (x1 - x0) / len(text)
        made.append(Line([Glyph(c, (x0 + i * step) * MM, y0 * MM, (x0 + (i + 1) * step) * MM,
                                y1 * MM, "Vollkorn", 10) for i, c in enumerate(text)]))
    return Page(1, W, H, (0, 0, W, H), made, [])


def test_a_line_inside_the_zone_is_not_said():
    assert outside(page(("Draw a card.", 3.0, 3.0, 60.0, 85.0)), 3) == []


@pytest.mark.parametrize(("box", "by", "side"), [
    ((1.8, 40, 30, 44), 1.2, "left"),
    ((10, 40, 61.5, 44), 1.5, "right"),
    ((10, 86, 30, 87.4), 2.4, "top"),
    ((10, 0.5, 30, 3.5), 2.5, "bottom"),
])
def test_a_line_past_the_zone_is_said_with_its_side_and_how_far(box, by, side):
    found = outside(page(("Draw a card.", *box)), 3)
    assert [(f.text, f.by, f.side) for f in found] == [("Draw a card.", by, side)]


def test_a_zone_of_its_own_and_the_slack_of_a_layout():
    assert outside(page(("№ 001", 2.0, 40, 20, 44)), 2) == []
    assert outside(page(("№ 001", 2.96, 40, 20, 44)), 3) == []  # 0.04 mm: rounding
    assert [f.by for f in outside(page(("№ 001", 2.0, 40, 20, 44)), 2.5)] == [0.5]


def test_what_a_clip_region_hides_does_not_count():
    clip = (3 * MM, 0, W, H)  # the card's own frame cuts the text at 3 mm
    hidden = Line([Glyph(c, x * MM, 40 * MM, (x + 1) * MM, 44 * MM, "Vollkorn", 10, clip)
                   for c, x in zip("ABCDE", (0.0, 1.0, 3.0, 4.0, 5.0), strict=True)])
    assert outside(Page(1, W, H, (0, 0, W, H), [hidden], []), 3) == []


def check(project: Path, *args: str):
    return run("check", "--project", str(project), "--game", "moon", *args)


FOOT = ".face-card .face-foot { position: absolute; left: {{ pad }}mm;"
FOOT_OUT = ".face-card .face-foot { position: absolute; left: {{ 1 - frame }}mm;"


def test_a_new_games_faces_keep_their_text_inside_the_zone(moon):
    result = check(moon, "--safe-zone")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    assert result.output.strip().endswith("no problems")


def test_text_moved_out_of_the_zone_is_a_warning_naming_the_card_the_text_and_how_far(moon):
    css = moon / "templates" / "moon" / "cards.css.j2"
    text = css.read_text(encoding="utf-8")
    assert FOOT in text
    css.write_text(text.replace(FOOT, FOOT_OUT), encoding="utf-8")
    result = check(moon, "--safe-zone")
    assert result.exit_code == 0, result.output  # warnings, not problems
    lines = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(lines) == 6  # each of the six cards, its number's line
    deck = moon / "cards" / "moon" / "decks" / "main.yaml"
    first = lines[0]
    assert first.startswith(f"{deck}:")
    assert 'card 001 (Wandering Scout): text "№ 001" is 1.9 mm outside the safe zone ' \
           "(3 mm inside the trim) at the left" in first
    assert result.output.strip().endswith("no problems, 6 warning(s)")
    # without the option, the faces are not laid out
    assert "warning" not in check(moon).output


def safe_zone(project: Path, mm: str) -> None:
    """Set the game's print.safe_mm (`publish new` writes 3)."""
    game_yaml = project / "cards" / "moon" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "  safe_mm: 3\n" in text
    game_yaml.write_text(text.replace("  safe_mm: 3\n", f"  safe_mm: {mm}\n"), encoding="utf-8")


def test_a_games_own_safe_zone_is_the_one_measured(moon):
    css = moon / "templates" / "moon" / "cards.css.j2"
    css.write_text(css.read_text(encoding="utf-8").replace(FOOT, FOOT_OUT), encoding="utf-8")
    safe_zone(moon, "1")
    result = check(moon, "--safe-zone")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output


def test_a_safe_zone_below_zero_is_said_at_its_line(moon):
    safe_zone(moon, "-1")
    result = check(moon)
    assert result.exit_code == 1
    assert ":12: print.safe_mm: -1 is less than 0.0, the smallest allowed" in result.output
