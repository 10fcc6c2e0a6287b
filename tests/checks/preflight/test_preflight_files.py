"""Preflight of pictures and of files the toolchain and WeasyPrint really write."""

from __future__ import annotations

from pathlib import Path

import pytest

from printfiles import BLEED, PROFILES, TRIM, picture
from publish.checks.preflight.expectation import Expectation
from publish.checks.preflight.run import preflight

MPC = Expectation(trim=TRIM, bleed=3.048, pixels=(822, 1122), dpi=300)
"""MakePlayingCards' poker card: 822 x 1122 px (0.12 in of bleed), 300 dpi."""
TGC = Expectation(trim=TRIM, bleed=BLEED, dpi=300)
"""The Game Crafter's poker card: 825 x 1125 px at 300 dpi, 1/8 in of bleed."""


def said(path: Path, expected: Expectation) -> list[str]:
    return [str(f) for f in preflight(path, expected, deck="main", cards={1: "card 001"},
                                      shown=Path(path.name))]


def test_a_picture_of_the_right_size_and_resolution_passes(tmp_path):
    assert said(picture(tmp_path / "mpc.png", (822, 1122)), MPC) == []
    assert said(picture(tmp_path / "tgc.png", (825, 1125)), TGC) == []


def test_a_picture_a_service_would_rescale_is_named(tmp_path):
    """MakePlayingCards silently rescales an 825 x 1125 picture (The Game Crafter's size)."""
    assert said(picture(tmp_path / "tgc.png", (825, 1125)), MPC) == [
        "tgc.png, page 1 (card 001, deck main): 825 x 1125 px, expected 822 x 1122 px"]


def test_a_picture_at_150_dpi_is_named_for_its_size_and_its_resolution(tmp_path):
    path = picture(tmp_path / "soft.png", (413, 563), dpi=150)
    assert said(path, TGC) == [
        "soft.png, page 1 (card 001, deck main): 413 x 563 px, expected 825 x 1125 px",
        "soft.png, page 1 (card 001, deck main): declares 150 x 150 dpi, expected 300",
        "soft.png, page 1 (card 001, deck main): 413 x 563 px over 69.8 x 95.2 mm prints at "
        "150 ppi, below 300"]


def test_an_rgb_picture_for_a_cmyk_service_is_named_and_a_cmyk_jpeg_passes(tmp_path):
    cmyk = Expectation(trim=TRIM, bleed=BLEED, dpi=300, colour="cmyk")
    assert said(picture(tmp_path / "rgb.png", (825, 1125)), cmyk) == [
        "rgb.png, page 1 (card 001, deck main): colour mode RGB, expected CMYK"]
    assert said(picture(tmp_path / "cmyk.jpg", (825, 1125), "CMYK"), cmyk) == []


def test_a_file_that_is_no_picture_is_one_message(tmp_path):
    (tmp_path / "card.png").write_bytes(b"not a png")
    [line] = said(tmp_path / "card.png", TGC)
    assert line.startswith("card.png, page 1 (card 001, deck main): not a picture Pillow can "
                           "read")
    (tmp_path / "card.svg").write_text("<svg/>")
    assert said(tmp_path / "card.svg", TGC) == [
        "card.svg: neither a PDF nor a PNG or JPEG picture: not checked"]


CARD = """<title>card</title><style>
@color-profile device-cmyk {{ src: url({profile}); components: cyan magenta yellow black }}
@page {{ size: 63.5mm 88.9mm; bleed: 3.175mm; margin: 0 }}
body {{ margin: 0; color: device-cmyk(0 0 0 1) }}
div {{ background: device-cmyk(0.6 0.4 0.4 1); height: 20mm }}</style><div></div><p>A card</p>"""


def weasyprint_card(path: Path, variant: str) -> Path:
    from weasyprint import HTML

    profile = next(p for p in PROFILES if p.is_file())
    HTML(string=CARD.format(profile=profile.as_uri())).write_pdf(path, pdf_variant=variant)
    return path


def test_weasyprint_pdf_x_4_in_cmyk_passes(tmp_path):
    x4 = Expectation(trim=TRIM, bleed=BLEED, colour="cmyk", variant="pdf/x-4", ink_limit=300)
    assert said(weasyprint_card(tmp_path / "x4.pdf", "pdf/x-4"), x4) == []


def test_weasyprint_pdf_x_1a_names_itself_otherwise_than_iso_15930_4(tmp_path):
    """WeasyPrint 70 writes GTS_PDFXVersion "PDF/X-1a:2003"; ISO 15930-4 asks for
    "PDF/X-1:2003" there, the "a" going in GTS_PDFXConformance: the print-shop build has
    to set it right, and preflight says so until it does."""
    x1a = Expectation(trim=TRIM, bleed=BLEED, colour="cmyk", variant="pdf/x-1a",
                      ink_limit=240)
    assert said(weasyprint_card(tmp_path / "x1a.pdf", "pdf/x-1a"), x1a) == [
        "x1a.pdf (deck main): GTS_PDFXVersion is 'PDF/X-1a:2003', expected 'PDF/X-1:2003'"]


def test_the_print_shop_files_of_a_real_game_pass_as_the_game_crafter_takes_them(
        harbourlight_built):
    """`publish build` of Harbourlight: every print-shop PDF and picture is clean for The
    Game Crafter (RGB, poker with 1/8 in bleed, pictures of 825 x 1125 px at 300 dpi)."""
    folder = harbourlight_built / "build" / "harbourlight" / "en"
    files = sorted(folder.glob("printshop/**/*.pdf")) + sorted(folder.glob("printshop/**/*.png"))
    assert len(files) > 10
    found = [str(f) for path in files for f in preflight(path, TGC)]
    assert found == []


@pytest.mark.parametrize("limit, lines", [(300, 0), (150, 1)])
def test_the_ink_limit_is_held_to_what_the_page_really_carries(tmp_path, limit, lines):
    x4 = Expectation(trim=TRIM, bleed=BLEED, colour="cmyk", variant="pdf/x-4", ink_limit=limit)
    assert len(said(weasyprint_card(tmp_path / "x4.pdf", "pdf/x-4"), x4)) == lines
