"""Pictures in image fields: every one a build would trip on is a located problem, coarse
art a warning, and an edition without its own picture uses the source locale's."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from bombs import PEAK_MB, SECONDS, measured, write_png
from PIL import Image

from conftest import declare, give, run
from publish.model import images
from publish.model.images import MAX_PIXELS, check_pictures, picture_for, picture_url
from publish.model.load import load_game

ART = "fields:\n  art: {type: image, print_mm: [50, 40]}\n"


def picture(project: Path, name: str, size: tuple[int, int] = (600, 480)) -> None:
    path = project / "cards" / "demo" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, (200, 40, 40)).save(path)


def checked(project: Path):
    game, found = load_game(project, "demo")
    assert not found, found
    return game, *check_pictures(game)


def test_a_picture_sharp_enough_for_its_printed_size_passes(demo):
    declare(demo, ART)
    give(demo, "Primeira", "art: art/001.png")
    picture(demo, "art/001.png")  # 600 px over 50 mm: 305 dpi
    _, problems, warnings = checked(demo)
    assert problems == [] and warnings == []


def test_a_coarse_picture_is_a_warning_with_what_print_wants(demo):
    declare(demo, ART)
    give(demo, "Primeira", "art: art/001.png")
    picture(demo, "art/001.png", (300, 240))
    _, problems, warnings = checked(demo)
    assert problems == []
    assert [str(w).split(": ", 1)[1] for w in warnings] == [
        "card 001 art: art/001.png is 300x240 px, 152 dpi at 50x40 mm; print wants 300 dpi "
        "(591x472 px or more)"]
    assert str(warnings[0].location).endswith("alpha.yaml:5:10")
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 0 and "warning: card 001 art" in result.output
    assert "no problems, 1 warning(s)" in result.output


def test_without_a_printed_size_the_whole_card_with_bleed_is_assumed(demo):
    declare(demo, "fields:\n  art: {type: image}\n")
    give(demo, "Primeira", "art: art/001.png")
    picture(demo, "art/001.png", (600, 480))
    _, _, warnings = checked(demo)
    assert "at 69x94 mm" in str(warnings[0])  # poker, 63x88, and 3 mm of bleed each side


def test_missing_outside_and_unreadable_pictures_are_problems(demo, tmp_path):
    declare(demo, ART)
    give(demo, "Primeira", "art: art/gone.png")
    give(demo, "Segunda", "art: ../../../outside.png")
    give(demo, "Terceira", "art: art/broken.jpg")
    (demo / "cards" / "demo" / "art").mkdir()
    (demo / "cards" / "demo" / "art" / "broken.jpg").write_text("not a picture")
    picture(demo, "../../outside.png")
    _, problems, _ = checked(demo)
    said = [p.message for p in problems]
    assert said[0] == "card 001 art: no file art/gone.png in demo/; add it or correct the path"
    assert said[1].startswith("card 002 art: ../../../outside.png is outside the game folder")
    assert said[2].startswith("card 003 art: art/broken.jpg cannot be read as JPG")
    result = run("build", "decks", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1 and "no file art/gone.png" in result.output


def test_an_svg_must_be_a_drawing_and_has_no_resolution(demo):
    declare(demo, ART)
    give(demo, "Primeira", "art: art/a.svg")
    give(demo, "Segunda", "art: art/b.svg")
    folder = demo / "cards" / "demo" / "art"
    folder.mkdir()
    (folder / "a.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="4" '
                                  'height="4"/>')
    (folder / "b.svg").write_text("<html/>")
    _, problems, warnings = checked(demo)
    assert [p.message for p in problems] == [
        "card 002 art: art/b.svg cannot be read as SVG (its root element is <html>, not <svg>); "
        "save it again from an image editor"]
    assert warnings == []


def test_per_edition_pictures_fall_back_on_the_source_locale(demo):
    declare(demo, ART)
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("editions: [pt-BR]",
                                                       "editions: [pt-BR, en]"))
    give(demo, "Primeira", "art: {pt-BR: art/pt.png, en: art/en.png}")
    give(demo, "Segunda", "art: {en: art/en.png}")
    picture(demo, "art/pt.png")
    picture(demo, "art/en.png")
    game, problems, _ = checked(demo)
    first = game.card("001").fields["art"]
    assert picture_for(game, first, "en") == game.root / "art/en.png"
    assert picture_for(game, first, "fr") == game.root / "art/pt.png"
    assert [p.message for p in problems] == [
        "card 002 art: no file for the source locale pt-BR, which editions without their own "
        "fall back on; add 'pt-BR: <file>'"]


def test_a_picture_url_changes_with_the_pictures_contents(demo):
    picture(demo, "art/001.png")
    path = demo / "cards" / "demo" / "art" / "001.png"
    before = picture_url(path, demo)
    assert before.startswith(path.resolve().as_uri() + "?v=")
    picture(demo, "art/001.png", (601, 480))
    assert picture_url(path, demo) != before


@pytest.mark.parametrize(("size", "said"), [
    ((30_000, 30_000), "900,000,000 pixels"),  # past Pillow's own error: its count
    ((8_000, 6_000), "8,000 x 6,000 px"),  # past ours, short of Pillow's warning
])
def test_a_picture_over_the_pixel_limit_is_a_problem_read_from_its_header(demo, size, said):
    declare(demo, ART)
    give(demo, "Primeira", "art: art/001.png")
    write_png(demo / "cards" / "demo" / "art" / "001.png", *size)  # the header: never decoded
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        _, problems, _ = checked(demo)
    assert [str(w.message) for w in warned] == []  # no DecompressionBombWarning
    assert [p.message for p in problems] == [
        f"card 001 art: art/001.png is {said}, over the limit of {MAX_PIXELS:,} pixels (width "
        "times height) a picture may have: scale it down (it prints at 591x472 px at 300 dpi)"]
    assert str(problems[0].location).endswith("alpha.yaml:5:10")


def test_a_picture_file_over_the_size_limit_is_refused_before_it_is_read(demo, monkeypatch):
    monkeypatch.setattr(images, "MAX_PICTURE_BYTES", 100)
    declare(demo, ART)
    give(demo, "Primeira", "art: art/001.png")
    size = write_png(demo / "cards" / "demo" / "art" / "001.png", 20_000, 100, whole=True)
    _, problems, _ = checked(demo)
    assert [p.message for p in problems] == [
        f"card 001 art: art/001.png: the file is {size:,} bytes, over the limit of 100 for a "
        "source file: scale it down, or save it compressed"]


@pytest.mark.fuzz
@pytest.mark.parametrize("size", [(30_000, 30_000), (12_000, 12_000)])
def test_the_probes_picture_bombs_fail_a_build_at_once(demo_docs, size):
    declare(demo_docs, ART)
    give(demo_docs, "Primeira", "art: art/001.png")
    art = demo_docs / "cards" / "demo" / "art" / "001.png"
    assert write_png(art, *size, whole=True) < 200_000
    done = measured(["build", "--project", str(demo_docs), "--game", "demo"])
    assert done.status == 1, done.output
    assert "alpha.yaml:5:10: card 001 art: art/001.png is " in done.output
    assert "Decompression" not in done.output
    assert done.seconds < SECONDS and done.peak_mb < PEAK_MB, done


def test_a_build_says_the_coarse_picture_warning_once_before_it_prints(demo_docs):
    declare(demo_docs, ART)
    give(demo_docs, "Primeira", "art: art/001.png")
    picture(demo_docs, "art/001.png", (300, 240))
    said = "card 001 art: art/001.png is 300x240 px, 152 dpi at 50x40 mm; print wants 300 dpi"
    for command in (["build", "--jobs", "1"], ["build", "decks", "--jobs", "1"]):
        result = run(*command[:1], "--project", str(demo_docs), "--game", "demo",
                     *command[1:])
        assert result.exit_code == 0, result.output
        assert result.output.count(said) == 1, (command, result.output)
        assert "alpha.yaml:5:10: warning: " + said in result.output
    assert str(demo_docs / "build" / "demo") in result.output  # the group's --game and
    assert "agencia" not in result.output  # --project, not the folder the test runs in
