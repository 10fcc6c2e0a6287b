"""Rendering regression: selected pages against stored reference images.

An unintended visual change (template, CSS, fonts, typography) fails here.
After an intended change, look at the new images, then refresh them with
UPDATE_REFERENCES=1 pytest tests/render/test_visual.py, review and commit them.
With the variable set the test writes the references and fails, saying so: a run
that wrote its own reference has compared nothing, so it must never pass.
"""

from __future__ import annotations

import io
import os
import sys

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from conftest import FIXTURES, REPO
from publish.model.game import TextBlock
from publish.model.load import load_game
from publish.render.decks import DeckOptions, SheetSpec, lay_out_sheets
from publish.render.edition import EditionContext

REFERENCES = FIXTURES / "reference"
DPI = 40
# A pixel counts as changed when a channel moves by more than this (anti-aliasing noise
# stays well under it); a page fails when more than MAX_CHANGED of its pixels change:
# 0.03 % is about 46 pixels of a 40 dpi A4 page, while changing one word of one card's
# effect text ("mais" to "menos") changes 0.11 %.
CHANNEL_TOLERANCE = 40
MAX_CHANGED = 0.0003

CASES = {
    "historico-colour-p1": ("historico", DeckOptions()),
    "social-bw-p1": ("social", DeckOptions(bw=True)),
    "principal-letter-p1": ("principal", DeckOptions(paper="letter")),
}


@pytest.fixture(scope="module")
def game():
    loaded, _ = load_game(REPO, "agencia")
    return loaded


def first_page(game, deck: str, options: DeckOptions) -> Image.Image:
    context = EditionContext.make(REPO, game, game.config.locales.source)
    pdf = lay_out_sheets(context, SheetSpec("visual", (deck,), options)).pdf
    document = pdfium.PdfDocument(pdf)
    try:
        return document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()


def changed_fraction(a: Image.Image, b: Image.Image) -> float:
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a, b).convert("L").point(
        lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
    return diff.histogram()[255] / (a.size[0] * a.size[1])


def write_reference(image: Image.Image, reference) -> None:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    reference.write_bytes(buffer.getvalue())


@pytest.mark.parametrize("name", sorted(CASES))
def test_page_matches_its_reference(game, name):
    deck, options = CASES[name]
    image = first_page(game, deck, options)
    reference = REFERENCES / f"{name}.png"
    if os.environ.get("UPDATE_REFERENCES"):
        write_reference(image, reference)
        pytest.fail(f"{name}: wrote {reference}; review it, commit it, and "
                    "run again without UPDATE_REFERENCES to compare")
    assert reference.exists(), f"no reference {reference.name}: run with UPDATE_REFERENCES=1"
    fraction = changed_fraction(image, Image.open(reference).convert("RGB"))
    assert fraction <= MAX_CHANGED, f"{name}: {fraction:.2%} of pixels changed"


def test_a_one_word_change_is_caught(game):
    card = game.card("070")  # on the first page of the histórico deck
    saved = card.blocks
    card.blocks = [TextBlock("direct", saved[0].text.replace("mais", "menos")), *saved[1:]]
    try:
        image = first_page(game, "historico", DeckOptions())
    finally:
        card.blocks = saved
    reference = Image.open(REFERENCES / "historico-colour-p1.png").convert("RGB")
    assert changed_fraction(image, reference) > MAX_CHANGED


def test_updating_the_references_never_passes(game, tmp_path, monkeypatch):
    """With UPDATE_REFERENCES the reference is written, and the test fails saying so."""
    monkeypatch.setattr(sys.modules[__name__], "REFERENCES", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "first_page",
                        lambda *_: Image.new("RGB", (8, 8), "white"))
    monkeypatch.setenv("UPDATE_REFERENCES", "1")
    with pytest.raises(pytest.fail.Exception, match="review it, commit it"):
        test_page_matches_its_reference(game, "historico-colour-p1")
    assert (tmp_path / "historico-colour-p1.png").is_file()
