"""`publish build printshop --service S`: each service in its folder, in its page order, at
the game's size, refused by name without it; images of cards gone are removed, nothing else."""

from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pytest

from conftest import REPO, run
from pdftext import page_texts
from publish.model.load import load_game


@pytest.fixture
def shop(demo_docs: Path) -> Path:
    """The demo game with Agência's card templates, printed at tarot size."""
    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    game_yaml = demo_docs / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "print: {default_size: tarot}\n")
    return demo_docs


def copies(project: Path) -> int:
    game = load_game(project, "demo")[0]
    return sum(card.copies["alpha"] for card in game.deck_cards("alpha"))


def build(project: Path, *extra: str):
    return run("build", "printshop", "--project", str(project), "--game", "demo", *extra)


def test_drivethrucards_gets_back_front_pages_for_every_copy_at_tarot_size(shop):
    result = build(shop, "--service", "dtc")
    assert result.exit_code == 0, result.output
    out = shop / "build" / "demo" / "pt-BR" / "printshop" / "dtc"
    with pikepdf.open(out / "alpha.pdf") as pdf:
        assert len(pdf.pages) == 2 * copies(shop)  # a back and a front for every copy
        trim = [float(v) for v in pdf.pages[0].TrimBox]
        assert trim == pytest.approx([0, 0, 69.85 / 25.4 * 72, 120.65 / 25.4 * 72], abs=0.05)
        # ISO 15930-4: the part in the version key, the level in the conformance key
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1:2003"
        assert str(pdf.docinfo["/GTS_PDFXConformance"]) == "PDF/X-1a:2003"
    texts = page_texts(out / "alpha.pdf")
    assert "Primeira" not in texts[0] and "Primeira" in texts[1]  # back, then front


def test_fronts_and_backs_apart_for_the_european_printer(shop):
    assert build(shop, "--service", "eu-fogra39").exit_code == 0
    out = shop / "build" / "demo" / "pt-BR" / "printshop" / "eu-fogra39"
    with pikepdf.open(out / "alpha-front.pdf") as fronts, \
            pikepdf.open(out / "alpha-back.pdf") as backs:
        distinct = len(load_game(shop, "demo")[0].deck_cards("alpha"))
        assert len(fronts.pages) == len(backs.pages) == distinct < copies(shop)
        trim = [float(v) for v in fronts.pages[0].TrimBox]
        assert trim == pytest.approx([0, 0, 70 / 25.4 * 72, 120 / 25.4 * 72], abs=0.05)


def test_each_service_writes_its_own_folder_and_removes_only_the_images_it_wrote(shop):
    assert build(shop, "--service", "tgc").exit_code == 0
    assert build(shop, "--service", "mpc").exit_code == 0
    out = shop / "build" / "demo" / "pt-BR" / "printshop"
    from PIL import Image

    assert Image.open(out / "tgc" / "alpha" / "front-001.png").size == (900, 1500)
    assert Image.open(out / "mpc" / "alpha" / "front-001.png").size == (897, 1497)
    mine = out / "tgc" / "alpha" / "notes.txt"
    mine.write_text("the designer's own file")
    deck = shop / "cards" / "demo" / "decks" / "alpha.yaml"
    text = deck.read_text(encoding="utf-8")
    start = text.index('  - number: "001"')
    deck.write_text(text[:start] + text[text.index('  - number: "002"'):], encoding="utf-8")
    game_yaml = shop / "cards" / "demo" / "game.yaml"
    game_yaml.write_text("".join(line for line in game_yaml.read_text().splitlines(True)
                                 if "expect:" not in line and "cards_each" not in line))
    result = build(shop, "--service", "tgc")
    assert result.exit_code == 0, result.output
    assert not (out / "tgc" / "alpha" / "front-001.png").exists()
    assert (out / "tgc" / "alpha" / "front-002.png").is_file() and mine.is_file()
    assert (out / "mpc" / "alpha" / "front-001.png").is_file()  # another service's: untouched


def test_a_service_without_the_games_size_is_refused_by_name(shop):
    folder = shop / "cards" / "demo" / "services"
    folder.mkdir()
    (folder / "pokeronly.yaml").write_text(
        "name: Poker Only Prints\nsource: https://example.org\nproducts:\n"
        "  poker: {trim: [63, 88], bleed: 3}\nfiles: {form: png, name: \"{deck}/{card}\"}\n")
    result = build(shop, "--service", "pokeronly")
    assert result.exit_code != 0
    assert "Poker Only Prints (pokeronly) has no product for tarot cards; it offers poker" \
        in result.output
    assert "game.yaml" in result.output
    unknown = build(shop, "--service", "nowhere")
    assert unknown.exit_code != 0 and "unknown service 'nowhere'" in unknown.output
