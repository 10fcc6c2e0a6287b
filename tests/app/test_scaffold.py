"""`publish new`: a game that checks and builds at once, in every layout and card size.

The new game is made in a project with no game in it (only the shared
templates and fonts every build needs), checked and built through the
command line, and its PDFs are read back: every face shows its card's title,
cost, type line and text, and, in the art layout, a picture.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from conftest import empty_project, run
from pdftext import page_texts, squash
from publish.app.scaffold import LAYOUTS, NewGame, fill, substitutions
from publish.render.geometry import CARD_SIZES

GAME = "moonfall"


def new(project: Path, *args: str):
    return run("new", *args, "--project", str(project), "--author", "Jane Doe")


def cards_of(project: Path, game: str = GAME) -> list[dict]:
    """Every card of the new game, read from its deck files, with its deck."""
    found = []
    for path in sorted((project / "cards" / game / "decks").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += [dict(card, deck=data["deck"]) for card in data["cards"]]
    return found


def card_texts(card: dict) -> list[str]:
    """The card's text blocks as written, icon tokens left out (they print as icons)."""
    blocks = card["text"] if isinstance(card["text"], list) else [{"text": card["text"]}]
    return [next(iter(block.values())).replace(":star:", "") for block in blocks]


def corner_texts(pdf: Path, width_mm: float = 11, height_mm: float = 13) -> list[str]:
    """Per page, the text whose glyphs sit in the top left corner of the trimmed card."""
    mm = 72 / 25.4
    document = pdfium.PdfDocument(str(pdf))
    found = []
    try:
        for page in document:
            top = page.get_trimbox()[3]
            text = page.get_textpage()
            chars = []
            for i in range(text.count_chars()):
                left, bottom, right, upper = text.get_charbox(i)
                x, y = (left + right) / 2, (bottom + upper) / 2
                if x < width_mm * mm and y > top - height_mm * mm:
                    chars.append(text.get_text_range(i, 1))
            found.append("".join(chars).strip())
    finally:
        document.close()
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    """`publish new moonfall`, then `publish check` and `publish build`, as a designer would."""
    project = empty_project(tmp_path_factory.mktemp("new") / "project")
    made = new(project, GAME)
    assert made.exit_code == 0, made.output
    checked = run("check", "--project", str(project), "--game", GAME)
    assert checked.exit_code == 0, checked.output
    assert "no problems" in checked.output and "warning" not in checked.output  # 300 dpi
    result = run("build", "--project", str(project), "--game", GAME)
    assert result.exit_code == 0, result.output
    return project, made.output


def test_new_says_what_it_made_and_what_to_edit(built):
    project, output = built
    assert f"created the game '{GAME}' (art layout, written in en)" in output
    assert "All rights reserved" in output and "Jane Doe" in output
    assert f"publish check --game {GAME}" in output
    assert f"publish build --game {GAME}" in output and "docs/templates.md" in output
    config = yaml.safe_load((project / "cards" / GAME / "game.yaml").read_text(encoding="utf-8"))
    assert config["name"] == "Moonfall"
    assert config["licence"]["id"] == "All rights reserved"
    assert "Jane Doe" in config["licence"]["attribution"]
    assert (project / "templates" / GAME / "cards.html.j2").is_file()


def test_every_face_shows_title_cost_type_line_and_text(built):
    project, _ = built
    config = yaml.safe_load((project / "cards" / GAME / "game.yaml").read_text(encoding="utf-8"))
    out = project / "build" / GAME / "en"
    cards = cards_of(project)
    assert len(cards) >= 4
    for card in cards:
        pages = page_texts(out / f"deck-{card['deck']}.pdf")
        page = next((p for p in pages if f"№ {card['number']}" in p), None)
        assert page is not None, f"card {card['number']} is on no page of its deck"
        flat = squash(page)
        assert squash(card["name"]) in flat
        assert all(squash(text) in flat for text in card_texts(card)), card["number"]
        assert config["card_kinds"][card["kind"]]["name"].upper() in page  # the type line
        if card.get("flavour"):
            assert squash(card["flavour"]) in flat


def test_the_cost_is_printed_in_the_corner(built):
    """One card a page in the print-shop files: the corner holds the cost, and only it."""
    project, _ = built
    printshop = project / "build" / GAME / "en" / "printshop"
    for deck in ("main", "starter"):
        cards = sorted((c for c in cards_of(project) if c["deck"] == deck),
                       key=lambda c: c["number"])
        corners = corner_texts(printshop / "tgc" / f"{deck}.pdf")
        assert corners == [str(c["cost"]) for c in cards] + [""]  # the back has no cost


def test_every_face_has_its_picture(built):
    project, _ = built
    out = project / "build" / GAME / "en"
    for deck in {card["deck"] for card in cards_of(project)}:
        reader = PdfReader(out / f"deck-{deck}.pdf")
        shown = {card["number"] for card in cards_of(project) if card["deck"] == deck}
        pictures = {image.image.tobytes() for page in reader.pages for image in page.images}
        assert len(pictures) >= len(shown), deck  # one picture per card at least
        assert all((project / "cards" / GAME / card["art"]).is_file()
                   for card in cards_of(project))


def test_the_build_makes_every_output(built):
    project, _ = built
    out = project / "build" / GAME / "en"
    for name in ("decks-all.pdf", "manual.pdf", "summary-quick-reference.pdf"):
        assert (out / name).is_file(), name
    for card in cards_of(project):
        assert (out / "printshop" / "tgc" / card["deck"] / f"front-{card['number']}.png"
                ).is_file()


def test_the_deck_files_follow_the_schema_written_for_editors(built):
    project, _ = built
    folder = project / "cards" / GAME
    schema = json.loads((folder / "deck.schema.json").read_text(encoding="utf-8"))
    for path in sorted((folder / "decks").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert text.splitlines()[0] == "# yaml-language-server: $schema=../deck.schema.json"
        jsonschema.validate(yaml.safe_load(text), schema)


def test_an_existing_game_is_never_overwritten(built):
    project, _ = built
    game_yaml = project / "cards" / GAME / "game.yaml"
    before = game_yaml.read_text(encoding="utf-8")
    result = new(project, GAME)
    assert result.exit_code == 1
    assert f"cards/{GAME}/ and templates/{GAME}/ already exist" in result.output
    assert "never overwrites" in result.output and "Choose another name" in result.output
    assert game_yaml.read_text(encoding="utf-8") == before


def test_templates_of_that_name_alone_also_stop_it(tmp_path):
    project = empty_project(tmp_path / "project")
    (project / "templates" / "comet").mkdir()
    result = new(project, "comet")
    assert result.exit_code == 1
    assert "templates/comet/ already exists" in result.output
    assert not (project / "cards" / "comet").exists()


@pytest.mark.parametrize(("name", "suggested"), [
    ("Moonfall", "moonfall"), ("star traders", "star-traders"), ("1st-game", "st-game"),
    ("dash-", "dash"), ("double--hyphen", "double-hyphen"), ("_common", "common"),
    ("../outside", "outside"), ("a" * 41, "a" * 40), ("jeu_été", "jeu-ete"),
])
def test_a_name_that_is_no_folder_safe_id_is_refused(tmp_path, name, suggested):
    project = empty_project(tmp_path / "project")
    result = new(project, name)
    assert result.exit_code == 1
    assert f"'{name}' cannot name a game" in result.output
    assert f"try: publish new {suggested}" in result.output
    assert sorted(p.name for p in (project / "cards").iterdir()) == []
    assert sorted(p.name for p in (project / "templates").iterdir()) == ["_common"]


def test_a_folder_that_is_no_project_is_refused(tmp_path):
    result = run("new", GAME, "--project", str(tmp_path))
    assert result.exit_code == 1
    assert "no cards/ folder" in result.output and "mkdir cards" in result.output


def test_a_bad_locale_is_refused(tmp_path):
    result = new(empty_project(tmp_path / "project"), GAME, "--locale", "French")
    assert result.exit_code == 1
    assert "'French' is not a locale tag" in result.output


def build_decks(project: Path, game: str, *args: str) -> Path:
    checked = run("check", "--project", str(project), "--game", game)
    assert checked.exit_code == 0, checked.output
    result = run("build", "decks", "--project", str(project), "--game", game, *args)
    assert result.exit_code == 0, result.output
    return project / "build" / game


@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_layout_checks_and_builds(tmp_path, layout):
    project = empty_project(tmp_path / "project")
    made = new(project, "comet", "--layout", layout)
    assert made.exit_code == 0, made.output
    out = build_decks(project, "comet") / "en"
    text = "\n".join(page_texts(out / "deck-main.pdf"))
    for card in cards_of(project, "comet"):
        if card["deck"] == "main":
            assert all(squash(block) in squash(text) for block in card_texts(card))
    pictures = [image for page in PdfReader(out / "deck-main.pdf").pages for image in page.images]
    if layout == "art":
        assert pictures
    else:  # the text layout has no pictures, and labels its text blocks
        assert pictures == [] and not (project / "cards" / "comet" / "art").exists()
        assert "PLAY" in text and "ONGOING" in text


@pytest.mark.parametrize("size", [s for s in CARD_SIZES if s != "poker"])
def test_the_default_face_fits_every_card_size(tmp_path, size):
    project = empty_project(tmp_path / "project")
    assert new(project, "comet").exit_code == 0
    out = build_decks(project, "comet", "--size", size) / "en"
    pdf = out / f"deck-main-{size}.pdf"
    text = squash("\n".join(page_texts(pdf)))
    assert all(squash(card["name"]) in text
               for card in cards_of(project, "comet") if card["deck"] == "main")
    assert PdfReader(pdf).pages[0].images


def test_another_source_language_is_filed_under_its_tag(tmp_path):
    project = empty_project(tmp_path / "project")
    made = new(project, "lune", "--locale", "fr", "--layout", "text")
    assert made.exit_code == 0, made.output
    assert "filed as fr" in made.output
    game = project / "cards" / "lune"
    config = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    assert config["locales"] == {"source": "fr", "editions": ["fr"]}
    assert list(config["typography"]) == ["fr"]
    assert (game / "rules" / "fr" / "01-how-to-play.md").is_file()
    assert "no fr catalog" not in made.output  # the shared words ship in French
    assert (build_decks(project, "lune", "--strict") / "fr" / "deck-main.pdf").is_file()


def test_a_language_without_shared_words_is_told_how_to_get_them(tmp_path):
    project = empty_project(tmp_path / "project")
    made = new(project, "luna", "--locale", "it", "--layout", "text")
    assert made.exit_code == 0, made.output
    assert "have no it catalog yet: publish i18n shared --locale it makes it" in made.output
    japanese = new(project, "tsuki", "--locale", "ja", "--layout", "text")
    assert "have no ja catalog" not in japanese.output  # it ships


def test_words_with_quotes_stay_data_in_yaml():
    values = substitutions(NewGame("x", author='Zoë "Z" O\'Neil: a \\ b', title="A: B"))
    text = fill('author: "@@author@@"\nname: "@@name@@"\n', values, Path("game.yaml"),
                yaml_file=True)
    assert yaml.safe_load(text) == {"author": 'Zoë "Z" O\'Neil: a \\ b', "name": "A: B"}


def test_an_unknown_marker_is_a_scaffold_bug_named_with_its_file():
    with pytest.raises(ValueError, match=r"x\.md: unknown marker @@nope@@"):
        fill("@@nope@@", {"id": "x"}, Path("x.md"))


def test_black_and_white_decks_print_the_art_in_grey(tmp_path):
    from PIL import Image

    project = empty_project(tmp_path / "project")
    assert new(project, "comet", "--layout", "art").exit_code == 0
    art = sorted((project / "cards" / "comet" / "art").glob("*.png"))
    for picture in art:  # a saturated red picture, so grey cannot be the picture's own
        Image.new("RGB", Image.open(picture).size, (220, 20, 30)).save(picture)
    out = build_decks(project, "comet", "--bw") / "en"
    reader = PdfReader(out / "deck-main-bw.pdf")
    pictures = [image for page in reader.pages for image in page.images]
    assert pictures
    for image in pictures:
        assert image.image.mode == "L", (image.name, image.image.mode)
        assert abs(image.image.getpixel((0, 0)) - round(0.299 * 220 + 0.587 * 20
                                                            + 0.114 * 30)) <= 2
