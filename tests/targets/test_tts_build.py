"""`publish build tts`: the saved object maps every copy of every card to its cell on a sheet.

Agência (pt-BR) is built once at a low resolution (cards 100 px wide) with local
addresses; Harbourlight once through the command line at the default
resolution, with --base-url.  A cell cut from a sheet where the JSON says a
card is must look like that card's own print-shop image, scaled down, more
than like any other card's.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import REPO, run
from publish.app import commands
from publish.build.run import make
from publish.i18n.translate import in_locale
from publish.model.load import load_game
from publish.model.services import load_services
from publish.render.edition import EditionContext
from publish.render.place import single_pdf
from publish.render.printshop import PageSpec, pixels, product_box, rasterise
from publish.render.tts import COLUMNS, MAX_PX, PER_SHEET, ROWS
from publish.targets.base import Work
from publish.targets.tts import TtsOptions

WIDTH = 100
CELL = (WIDTH, 140)  # a 63 x 88 mm card 100 px wide
BASE = "https://example.org/tidewatch/"


def copy_project(tmp: Path) -> Path:
    for folder in ("cards", "templates", "fonts"):
        shutil.copytree(REPO / folder, tmp / folder)
    return tmp


@pytest.fixture(scope="module")
def agencia_built(tmp_path_factory):
    """(project, game as loaded, the saved object, the tts folder)."""
    project = copy_project(tmp_path_factory.mktemp("tts-agencia"))
    game, problems = load_game(project, "agencia")
    assert not problems
    said: list[str] = []
    make(project, Work(project, game), "tts", "pt-BR", TtsOptions(width=WIDTH), say=said.append)
    out = project / "build" / "agencia" / "pt-BR" / "tts"
    total = sum(c.copies[d] for d in game.config.decks for c in game.deck_cards(d))
    # five decks of at most 70 distinct cards each: one sheet each (BackIsHidden)
    assert said[-1] == (f"  tts saved object (pt-BR): {len(game.config.decks)} decks, {total} "
                        f"cards, 5 sheets (forced)")
    return project, game, json.loads((out / "agencia-pt-BR.json").read_text("utf-8")), out


@pytest.fixture(scope="module")
def harbourlight_built(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("tts-harbourlight"))
    out = project / "build" / "harbourlight" / "en" / "tts"
    out.mkdir(parents=True)
    (out / "market-faces-2.png").write_bytes(b"a sheet an earlier build made")
    (out / "notes.txt").write_text("the designer's own file")
    result = run("build", "tts", "--project", str(project), "--game", "harbourlight",
                 "--base-url", BASE.rstrip("/"))
    assert result.exit_code == 0, result.output
    game, _ = load_game(project, "harbourlight")
    return project, game, json.loads((out / "harbourlight-en.json").read_text("utf-8")), out


def contained(state: dict) -> list[dict]:
    return state.get("ContainedObjects", [state])


@pytest.mark.parametrize("built", ["agencia_built", "harbourlight_built"])
def test_every_copy_of_every_card_is_in_its_deck(built, request):
    _, game, data, _ = request.getfixturevalue(built)
    assert isinstance(data["ObjectStates"], list)
    decks = [d for d in game.config.decks if game.deck_cards(d)]
    assert len(data["ObjectStates"]) == len(decks)
    for deck, state in zip(decks, data["ObjectStates"], strict=True):
        cards = contained(state)
        assert state["Nickname"] == in_locale(game, game.config.locales.source)[0] \
            .config.decks[deck].name
        assert len(cards) == sum(c.copies[deck] for c in game.deck_cards(deck))
        assert [c["CardID"] for c in cards] == (state["DeckIDs"] if "DeckIDs" in state
                                                 else [state["CardID"]])
        for card in game.deck_cards(deck):
            assert sum(c["Description"] == card.number for c in cards) == card.copies[deck]
    every = sum(len(contained(state)) for state in data["ObjectStates"])
    assert every == sum(c.copies[d] for d in game.config.decks for c in game.deck_cards(d))


def test_agencias_decks_hold_all_their_copies(agencia_built):
    _, game, data, _ = agencia_built
    for state, (deck, spec) in zip(data["ObjectStates"], game.config.decks.items(), strict=True):
        if spec.expect and spec.expect.cards is not None:  # game.yaml's count, with copies
            assert len(state["ContainedObjects"]) == spec.expect.cards, deck


def sheet_image(url: str) -> Image.Image:
    assert url.startswith("file:///"), url
    path = Path(url.removeprefix("file://"))
    assert path.is_file(), url
    return Image.open(path)


def test_local_addresses_are_the_files_in_the_tts_folder(agencia_built):
    _, _, data, out = agencia_built
    for state in data["ObjectStates"]:
        for entry in state["CustomDeck"].values():
            for url in (entry["FaceURL"], entry["BackURL"]):
                assert Path(url.removeprefix("file://")).parent == out.resolve()
                sheet_image(url)


def test_sheets_are_rgb_within_4096_px_with_a_grid_of_at_most_10_by_7(agencia_built):
    _, game, data, _ = agencia_built
    keys = []
    for state in data["ObjectStates"]:
        for key, entry in state["CustomDeck"].items():
            keys.append(key)
            assert entry["NumWidth"] <= COLUMNS and entry["NumHeight"] <= ROWS
            with sheet_image(entry["FaceURL"]) as image:
                assert image.mode == "RGB"
                assert image.size == (entry["NumWidth"] * CELL[0], entry["NumHeight"] * CELL[1])
                assert max(image.size) <= MAX_PX
    assert len(keys) == len(set(keys))  # a sheet key is unique in the saved object
    for state, deck in zip(data["ObjectStates"], game.config.decks, strict=True):
        distinct = len(game.deck_cards(deck))
        assert len(state["CustomDeck"]) == -(-distinct // PER_SHEET), deck


def cell(entry: dict, index: int) -> Image.Image:
    x, y = (index % entry["NumWidth"]) * CELL[0], (index // entry["NumWidth"]) * CELL[1]
    with sheet_image(entry["FaceURL"]) as image:
        return image.convert("RGB").crop((x, y, x + CELL[0], y + CELL[1]))


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0 to 255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def printshop_faces(project: Path, game, deck: str, numbers: set[str]) -> dict[str, Image.Image]:
    """The print-shop PNGs of these cards of ``deck`` (300 dpi, with bleed), trimmed and
    scaled down to a cell."""
    tgc = load_services()["tgc"]
    service = product_box(tgc.name, tgc.spec.products["poker"])
    pdf, items = single_pdf(EditionContext.make(project, game, "pt-BR"),
                            PageSpec(deck, service, cards=frozenset(numbers)))
    bleed = round(service.bleed / 25.4 * service.dpi)
    faces = {}
    for item, png in zip(items, rasterise(pdf, service.dpi, pixels(service)), strict=True):
        image = Image.open(io.BytesIO(png)).convert("RGB")
        image = image.crop((bleed, bleed, image.width - bleed, image.height - bleed))
        faces[item["card"]["number"]] = image.resize(CELL, Image.Resampling.LANCZOS)
    return faces


def test_the_cell_of_each_card_shows_that_card(agencia_built):
    project, game, data, _ = agencia_built
    for deck, state in zip(game.config.decks, data["ObjectStates"], strict=True):
        numbers = [c.number for c in game.deck_cards(deck)]
        sample = {numbers[0], numbers[len(numbers) // 2], numbers[-1], *numbers[PER_SHEET:]}
        faces = printshop_faces(project, game, deck, sample)
        seen = set()
        for card in state["ContainedObjects"]:
            if card["Description"] not in sample:
                continue
            key, index = divmod(card["CardID"], 100)
            found = cell(state["CustomDeck"][str(key)], index)
            scores = {number: difference(found, face) for number, face in faces.items()}
            own = scores.pop(card["Description"])
            assert own < 15 and own * 1.5 < min(scores.values()), (
                deck, card["Description"], own, scores)
            seen.add(card["Description"])
        assert seen == sample


def test_the_back_is_the_hidden_card_and_no_cell_is_kept_for_it(agencia_built):
    """BackIsHidden: TTS shows the back for a hidden card, so a full sheet holds 70 cards."""
    _, _, data, _ = agencia_built
    full = 0
    for state in data["ObjectStates"]:
        for key, entry in state["CustomDeck"].items():
            assert entry["BackIsHidden"] is True
            with sheet_image(entry["BackURL"]) as back:
                assert back.size == CELL
            ids = {c["CardID"] % 100 for c in state["ContainedObjects"]
                   if c["CardID"] // 100 == int(key)}
            cells = entry["NumWidth"] * entry["NumHeight"]
            assert max(ids) < cells and cells - len(ids) < entry["NumWidth"]
            full += len(ids) == COLUMNS * ROWS
    assert full, "a deck of 70 distinct cards fills a sheet"


def test_web_addresses_name_the_files_under_the_base(harbourlight_built):
    _, _, data, out = harbourlight_built
    urls = [url for state in data["ObjectStates"]
            for entry in contained(state)[0]["CustomDeck"].values()
            for url in (entry["FaceURL"], entry["BackURL"])]
    assert urls and all(url.startswith(BASE) for url in urls)
    for url in urls:
        assert (out / url.removeprefix(BASE)).is_file(), url


def test_the_default_resolution_keeps_a_full_sheet_within_4096_px(harbourlight_built):
    _, _, data, out = harbourlight_built
    for state in data["ObjectStates"]:
        for entry in contained(state)[0]["CustomDeck"].values():
            with Image.open(out / entry["FaceURL"].removeprefix(BASE)) as image:
                assert image.size == (entry["NumWidth"] * 409, entry["NumHeight"] * 572)
    with Image.open(out / "harbourlight-en.png") as thumbnail:
        assert thumbnail.size == (256, 256)


def test_a_sheet_no_longer_made_is_removed_and_other_files_are_left(harbourlight_built):
    _, _, _, out = harbourlight_built
    assert not (out / "market-faces-2.png").exists()
    assert (out / "notes.txt").is_file()


def test_tts_is_made_only_when_asked_for():
    assert "tts" in commands.target_names(default=False)


def test_a_card_width_too_wide_for_a_sheet_fails_saying_so(tmp_path):
    project = copy_project(tmp_path)
    result = run("build", "tts", "--project", str(project), "--game", "harbourlight",
                 "--card-width", "500")
    assert result.exit_code == 1
    assert "a card 500 px wide does not fit" in result.output
    assert not (project / "build" / "harbourlight" / "en" / "tts").exists()
