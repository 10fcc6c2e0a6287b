"""Proof guides (`--proof`): the trim, the bleed and the safe zone drawn over every face.

Measured in the pictures the toolchain writes, on a game made by `publish new`: at 254 dpi
a millimetre is ten pixels, so a guide's place is read to a tenth of a millimetre.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy
import pytest
from PIL import Image

from conftest import empty_project, run
from publish.model.load import load_game
from publish.render.decks import DeckOptions
from publish.render.edition import EditionContext
from publish.render.place import single_pdf
from publish.render.printshop import PageSpec, pixels, proof_service, rasterise
from publish.targets.gallery import GalleryOptions

DPI = 254  # 10 px a millimetre
MAGENTA = (230, 0, 126)  # the trim
CYAN = (0, 146, 214)  # the safe zone


@pytest.fixture(scope="module")
def moon(tmp_path_factory) -> Path:
    """A project holding 'moon', as `publish new` writes it."""
    project = empty_project(tmp_path_factory.mktemp("proof") / "project")
    result = run("new", "moon", "--project", str(project), "--author", "Jane Doe")
    assert result.exit_code == 0, result.output
    return project


def columns_of(image: Image.Image, colour: tuple[int, int, int], share: float,
               tolerance: int = 40) -> list[int]:
    """The pixel columns at least ``share`` of whose pixels are ``colour``: each of the
    pixel's red, green and blue within ``tolerance`` of it (counted with numpy, a page at
    254 dpi being millions of pixels)."""
    rgb = numpy.asarray(image.convert("RGB"), dtype=numpy.int16)
    close = (numpy.abs(rgb - numpy.array(colour, dtype=numpy.int16)) <= tolerance).all(axis=2)
    counts = close.sum(axis=0)
    height = rgb.shape[0]
    return [int(x) for x in range(rgb.shape[1]) if counts[x] >= share * height]


def rows_of(image: Image.Image, colour: tuple[int, int, int], share: float) -> list[int]:
    return columns_of(image.transpose(Image.Transpose.TRANSPOSE), colour, share)


def spans(xs: list[int]) -> list[float]:
    """Runs of neighbouring columns, each as its middle (mm, at DPI)."""
    runs: list[list[int]] = []
    for x in xs:
        if runs and x == runs[-1][-1] + 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    return [round((run[0] + run[-1] + 1) / 2 / 10, 1) for run in runs]


def at(found: list[float], expected: list[float]) -> bool:
    """``found`` is ``expected`` to a pixel (0.1 mm)."""
    return len(found) == len(expected) and all(
        abs(a - b) <= 0.11 for a, b in zip(found, expected, strict=True))


def preview(project: Path, *args: str) -> Image.Image:
    result = run("preview", "001", "--project", str(project), "--game", "moon", "--in-process",
                 "--dpi", str(DPI), *args)
    assert result.exit_code == 0, result.output
    return Image.open(result.output.split()[0])


def test_the_proof_preview_draws_the_trim_and_the_safe_zone_at_their_millimetre(moon):
    image = preview(moon, "--proof")
    assert image.size == (690, 940)  # 63 x 88 mm and 3 mm of bleed each side
    # the trim: 3 mm in from the bleed's edge, 3 + 63 mm; a solid line, all along the card
    assert at(spans(columns_of(image, MAGENTA, 0.8)), [3.0, 66.0])
    assert at(spans(rows_of(image, MAGENTA, 0.6)), [3.0, 91.0])
    # the safe zone: 3 mm inside the trim, dashed (about half of its length drawn)
    assert at(spans(columns_of(image, CYAN, 0.35)), [6.0, 63.0])
    assert at(spans(rows_of(image, CYAN, 0.35)), [6.0, 88.0])


def test_the_bleed_is_tinted_out_to_the_cards_edge_and_the_trimmed_card_is_not(moon):
    proof = preview(moon, "--proof").convert("RGB")
    game, _ = load_game(moon, "moon")
    context = EditionContext.make(moon, game, "en")
    card = game.cards[0].number
    service = proof_service(game, DPI)
    spec = PageSpec("main", service, cards=frozenset({card}))
    pdf = single_pdf(context, spec)[0]
    plain = Image.open(io.BytesIO(rasterise(pdf, DPI, pixels(service))[0])).convert("RGB")
    assert plain.size == proof.size
    for x, y in ((5, 470), (15, 470), (345, 15), (684, 935)):  # in the bleed
        assert proof.getpixel((x, y)) != plain.getpixel((x, y)), (x, y)
    for x, y in ((100, 470), (345, 300), (600, 800)):  # inside the trim, off the guides
        assert proof.getpixel((x, y)) == plain.getpixel((x, y)), (x, y)


def test_a_games_safe_zone_moves_the_dashed_line(moon, tmp_path):
    game_yaml = moon / "cards" / "moon" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "  safe_mm: 3\n" in text  # as `publish new` writes it
    try:
        game_yaml.write_text(text.replace("  safe_mm: 3\n", "  safe_mm: 5\n"), encoding="utf-8")
        image = preview(moon, "--proof")
    finally:
        game_yaml.write_text(text, encoding="utf-8")
    assert at(spans(columns_of(image, CYAN, 0.35)), [8.0, 61.0])
    assert at(spans(columns_of(image, MAGENTA, 0.8)), [3.0, 66.0])


def test_a_proof_preview_has_its_own_name_and_the_plain_one_no_guides(moon):
    plain = preview(moon)
    proof_path = moon / "build" / "moon" / "en" / "preview" / "001-proof.png"
    assert Path(plain.filename) == moon / "build" / "moon" / "en" / "preview" / "001.png"
    assert proof_path.is_file()
    assert plain.size == (630, 880)  # trimmed, as before
    assert columns_of(plain, CYAN, 0.35) == [] and columns_of(plain, MAGENTA, 0.8) == []


def test_proof_decks_are_written_beside_the_print_files_never_over_them(moon):
    out = moon / "build" / "moon" / "en"
    assert run("build", "decks", "--project", str(moon), "--game", "moon").exit_code == 0
    plain = {p.name: p.read_bytes() for p in out.glob("*.pdf")}
    result = run("build", "decks", "--proof", "--project", str(moon), "--game", "moon")
    assert result.exit_code == 0, result.output
    assert {p.name: p.read_bytes() for p in out.glob("*.pdf") if "proof" not in p.name} == plain
    assert sorted(p.name for p in out.glob("*-proof.pdf")) == [
        "deck-main-proof.pdf", "deck-starter-proof.pdf", "decks-all-proof.pdf"]
    page = Image.open(io.BytesIO(rasterise((out / "deck-main-proof.pdf").read_bytes(), 100)[0]))
    before = Image.open(io.BytesIO(rasterise(plain["deck-main.pdf"], 100)[0]))
    assert columns_of(page, MAGENTA, 0.2) and not columns_of(before, MAGENTA, 0.2)
    assert columns_of(page, CYAN, 0.1) and not columns_of(before, CYAN, 0.1)


def test_the_proof_gallery_has_its_own_folder_and_shows_the_bleed(moon):
    result = run("build", "gallery", "--proof", "--project", str(moon), "--game", "moon")
    assert result.exit_code == 0, result.output
    out = moon / "build" / "moon" / "en"
    assert (out / "gallery-proof" / "index.html").is_file()
    assert not (out / "gallery").exists()
    image = Image.open(out / "gallery-proof" / "images" / "001.png")
    assert image.size == (272, 370)  # 69 x 94 mm (the card and its bleed) at 100 dpi
    # a 0.2 mm line is under a pixel at 100 dpi: blended, but there, 3 mm in from each side
    left, right = columns_of(image, MAGENTA, 0.6, tolerance=100)
    assert abs(left + 0.5 - 3 / 25.4 * 100) <= 1 and abs(right + 0.5 - 66 / 25.4 * 100) <= 1


def test_proof_is_the_last_suffix_of_a_decks_file_and_the_gallery_has_its_folder(moon):
    game, _ = load_game(moon, "moon")
    options = DeckOptions(paper="letter", bw=True, proof=True).for_game(game)
    assert options.suffix == "-letter-bw-proof"
    assert DeckOptions(proof=True).for_game(game).suffix == "-proof"
    assert DeckOptions().for_game(game).suffix == ""
    assert (GalleryOptions().folder, GalleryOptions(proof=True).folder) == (
        "gallery", "gallery-proof")


def test_a_sheet_of_backs_gets_guides_on_its_backs_only_never_on_the_page(moon):
    result = run("build", "decks", "--proof", "--backs", "long-edge", "--deck", "main",
                 "--project", str(moon), "--game", "moon")
    assert result.exit_code == 0, result.output
    pdf = (moon / "build" / "moon" / "en" / "deck-main-long-edge-proof.pdf").read_bytes()
    fronts, backs = (Image.open(io.BytesIO(png)).convert("RGB") for png in rasterise(pdf, DPI))
    assert columns_of(backs, MAGENTA, 0.2) and columns_of(backs, CYAN, 0.1)
    # the page of backs is an element of class "back" too: nothing is drawn in its margin
    for y in (200, 400, 600):  # mm / 10, down the left margin
        assert backs.getpixel((10, y)) == (255, 255, 255), y
        assert fronts.getpixel((10, y)) == (255, 255, 255), y
