"""`publish build box`: a tuck box per deck, measured from the PDF it writes."""

from __future__ import annotations

import ctypes
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import run
from pdftext import page_texts, squash
from publish.model.load import load_game

MM = 25.4 / 72  # millimetres in a PDF point


def drawn_lines(pdf: Path) -> tuple[list, list]:
    """(dashed, solid) stroked straight segments of the first page, in mm from its top-left
    corner, read by PDFium from the drawn paths (not from what wrote them)."""
    document = pdfium.PdfDocument(str(pdf))
    page = document[0]
    height = page.get_height()
    dashed, solid = [], []
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
        if not stroke.value:
            continue
        matrix, points = obj.get_matrix(), []
        for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
            segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
            x, y = ctypes.c_float(), ctypes.c_float()
            pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
            px, py = matrix.on_point(x.value, y.value)
            points.append((pdfium_c.FPDFPathSegment_GetType(segment), px * MM,
                           (height - py) * MM))
        into = dashed if pdfium_c.FPDFPageObj_GetDashCount(obj.raw) > 0 else solid
        into += [((x0, y0), (x1, y1)) for (_, x0, y0), (kind, x1, y1) in pairwise(points)
                 if kind == pdfium_c.FPDF_SEGMENT_LINETO]
    document.close()
    return dashed, solid


def fold_xs(pdf: Path) -> list[float]:
    """Where the vertical fold lines are, left to right (mm)."""
    dashed, _ = drawn_lines(pdf)
    return sorted({round(a[0], 2) for a, b in dashed if abs(a[0] - b[0]) < 0.01})


def gaps(values: list[float]) -> list[float]:
    return [b - a for a, b in pairwise(values)]


def box_pdf(project: Path, deck: str) -> Path:
    return project / "build" / "demo" / "pt-BR" / f"box-{deck}.pdf"


def set_print(project: Path, settings: str) -> None:
    game_yaml = project / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + f"print: {{{settings}}}\n")


def cards_in(project: Path, deck: str) -> int:
    game, problems = load_game(project, "demo")
    assert game is not None, problems
    return sum(card.copies[deck] for card in game.deck_cards(deck))


def test_a_box_per_deck_whose_sides_take_the_decks_thickness(demo_docs: Path):
    result = run("build", "box", "--project", str(demo_docs))
    assert result.exit_code == 0, result.output
    for deck in ("alpha", "beta"):
        depth = cards_in(demo_docs, deck) * 0.32 + 2.0  # the documented defaults
        # front, side, back, side: the folds between them, then the glue flap's
        assert gaps(fold_xs(box_pdf(demo_docs, deck))) == pytest.approx(
            [depth, 63 + 2.0, depth], abs=0.02)


def test_the_card_thickness_and_clearance_of_game_yaml_size_the_box(demo_docs: Path):
    set_print(demo_docs, "card_thickness_mm: 0.6, box_clearance_mm: 3")
    result = run("build", "box", "--project", str(demo_docs), "--deck", "alpha", "--size",
                 "tarot")
    assert result.exit_code == 0, result.output
    pdf = demo_docs / "build" / "demo" / "pt-BR" / "box-alpha-tarot.pdf"
    depth = cards_in(demo_docs, "alpha") * 0.6 + 3
    assert gaps(fold_xs(pdf)) == pytest.approx([depth, 70 + 3, depth], abs=0.02)
    dashed, _ = drawn_lines(pdf)
    ys = sorted({round(a[1], 2) for a, b in dashed if abs(a[1] - b[1]) < 0.01})
    assert gaps(ys) == pytest.approx([depth, 120 + 3], abs=0.02)  # lid, then the panels
    assert not (demo_docs / "build" / "demo" / "pt-BR" / "box-beta.pdf").exists()


def test_the_box_speaks_the_editions_words_and_names_game_and_deck(demo_docs: Path):
    set_print(demo_docs, "card_thickness_mm: 2")  # sides wide enough for the names
    assert run("build", "box", "--project", str(demo_docs), "--deck", "beta").exit_code == 0
    text = squash(page_texts(box_pdf(demo_docs, "beta"))[0])
    count = cards_in(demo_docs, "beta")
    assert squash(f"Caixa para {count} cartas de 63 × 88 mm, com 2 mm de espessura") in text
    assert squash("Corte nas linhas contínuas, dobre nas linhas tracejadas") in text
    assert text.count("Beta") >= 4 and "Demo" in text  # legend, back, both sides
    assert squash(f"{count} CARTAS") in text and "COLA" in text  # set in capitals


def test_a_thin_decks_sides_and_lid_stay_bare(demo_docs: Path):
    assert run("build", "box", "--project", str(demo_docs), "--deck", "beta").exit_code == 0
    text = squash(page_texts(box_pdf(demo_docs, "beta"))[0])  # 3 cards: 3 mm deep
    assert text.count("Beta·Demo") == 0 and text.count("Beta") >= 2  # legend and back


def test_a_thickness_that_is_no_length_is_a_located_error(demo_docs: Path):
    set_print(demo_docs, "card_thickness_mm: 0")
    result = run("build", "box", "--project", str(demo_docs))
    assert result.exit_code == 1
    assert "game.yaml:" in result.output
    assert "print.card_thickness_mm: Input should be greater than 0" in result.output


def test_a_box_too_big_for_the_paper_is_refused_by_name_with_the_size_it_needs(demo_docs: Path):
    set_print(demo_docs, "card_thickness_mm: 3, box_clearance_mm: 10")
    result = run("build", "box", "--project", str(demo_docs), "--deck", "alpha", "--size",
                 "tarot")
    assert result.exit_code == 1
    words = " ".join(result.output.split())
    assert "deck alpha (Alpha): the tuck box's net needs a sheet of at least" in words
    assert "a4 is 210 x 297 mm either way round" in words
    assert "Traceback" not in result.output
    assert not list((demo_docs / "build").rglob("box-*.pdf"))


def test_a_named_picture_goes_on_the_front_and_a_missing_one_is_named(demo_docs: Path):
    from PIL import Image

    game = demo_docs / "cards" / "demo"
    Image.new("RGB", (60, 80), "#336699").save(game / "box-front.png")
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(
        "    name: Alpha\n", "    name: Alpha\n    box_art: box-front.png\n"))
    assert run("build", "box", "--project", str(demo_docs), "--deck", "alpha").exit_code == 0
    document = pdfium.PdfDocument(str(box_pdf(demo_docs, "alpha")))
    images = [o for o in document[0].get_objects(max_depth=8)
              if o.type == pdfium_c.FPDF_PAGEOBJ_IMAGE]
    assert len(images) == 1
    document.close()
    (game / "box-front.png").unlink()
    result = run("build", "box", "--project", str(demo_docs), "--deck", "alpha")
    assert result.exit_code == 1
    assert "decks.alpha.box_art: no picture 'box-front.png'" in result.output
    checked = run("check", "--project", str(demo_docs))  # said before any build, at its line
    assert checked.exit_code == 1
    assert "game.yaml:21:" in checked.output and "decks.alpha.box_art" in checked.output


def test_letter_paper_gets_its_own_file(demo_docs: Path):
    result = run("build", "box", "--project", str(demo_docs), "--deck", "beta", "--paper",
                 "letter")
    assert result.exit_code == 0, result.output
    pdf = demo_docs / "build" / "demo" / "pt-BR" / "box-beta-letter.pdf"
    page = pdfium.PdfDocument(str(pdf))[0]
    assert (page.get_width() * MM, page.get_height() * MM) == pytest.approx((215.9, 279.4),
                                                                           abs=0.05)


def test_a_picture_outside_the_games_folder_is_refused(demo_docs: Path):
    (demo_docs / "outside.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    game_yaml = demo_docs / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(
        "    name: Alpha\n", "    name: Alpha\n    box_art: ../../outside.png\n"))
    result = run("build", "box", "--project", str(demo_docs), "--deck", "alpha")
    assert result.exit_code == 1
    assert "decks.alpha.box_art: no picture '../../outside.png' in the game's folder" \
        in result.output
