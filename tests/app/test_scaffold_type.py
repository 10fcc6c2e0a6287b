"""The type of `publish new`'s card templates is readable at every card size we ship: no
glyph of a face, a back or a sheet is printed under 6 pt, as measured in the built PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import empty_project, run
from publish.model.game import CARD_SIZES
from publish.render.pdfpage import read_pages

SMALLEST_PT = 6.0
LONG_NAME = "The Patient Keeper of the Lantern on the Hill"
"""A name long enough (over 44 characters) to be set in the smallest title size."""


@pytest.fixture(scope="module", params=["art", "text"])
def scaffold(request, tmp_path_factory) -> Path:
    """A project holding a game made by `publish new` in one layout, with one card more whose
    name is set in the smallest title size."""
    project = empty_project(tmp_path_factory.mktemp(f"type-{request.param}") / "project")
    result = run("new", "moon", "--project", str(project), "--layout", request.param,
                 "--author", "Jane Doe")
    assert result.exit_code == 0, result.output
    deck = project / "cards" / "moon" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('    name: Lantern\n', f'    name: {LONG_NAME}\n', 1),
                    encoding="utf-8")
    return project


def smallest_type(pdf: Path) -> tuple[float, str]:
    """The smallest printed size of any visible glyph in ``pdf`` and the line it is in."""
    found = (SMALLEST_PT * 10, "")
    for page in read_pages(pdf):
        for line in page.lines:
            for glyph in line.glyphs:
                if not glyph.char.isspace() and glyph.printed < found[0]:
                    found = (glyph.printed, line.text)
    return found


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_no_type_on_the_scaffolds_cards_is_under_6_pt(scaffold: Path, size: str):
    result = run("build", "decks", "--project", str(scaffold), "--game", "moon",
                 "--size", size, "--backs", "long-edge")
    assert result.exit_code == 0, result.output
    built = scaffold / "build" / "moon" / "en"
    [pdf] = built.glob(f"decks-all{'' if size == 'poker' else '-' + size}-long-edge.pdf")
    texts = "".join(line.text for page in read_pages(pdf) for line in page.lines)
    assert LONG_NAME.replace(" ", "")[:20] in texts.replace(" ", "")  # the long title is set
    smallest, line = smallest_type(pdf)
    assert smallest >= SMALLEST_PT - 0.01, f"{size}: {smallest:.2f} pt in {line!r}"
