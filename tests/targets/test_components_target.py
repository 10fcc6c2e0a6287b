"""`publish build components`: tokens and reference cards imposed on print-and-cut sheets."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import run
from pdftext import page_texts, squash

COMPONENTS = """
components:
  coins:
    name: Moedas
    diameter_mm: 25
    count: 30
  aid:
    name: Resumo
    size: poker
    count: 4
    template: aid.html.j2
"""


@pytest.fixture
def with_components(demo_docs: Path) -> Path:
    game_yaml = demo_docs / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + COMPONENTS)
    templates = demo_docs / "templates" / "demo"
    (templates / "component-coins.html.j2").write_text(
        '<div class="coin">moeda {{ component.number }} de {{ component.count }}</div>')
    (templates / "aid.html.j2").write_text(
        '<div class="aid" style="width: {{ component.w + 2 * component.bleed }}mm">'
        '{{ style.game_name }} · {{ component.name }} {{ component.number }}</div>')
    return demo_docs


def built(project: Path, name: str) -> Path:
    return project / "build" / "demo" / "pt-BR" / name


def test_each_component_gets_its_sheets_every_piece_drawn_by_its_template(with_components):
    result = run("build", "components", "--project", str(with_components))
    assert result.exit_code == 0, result.output
    coins = page_texts(built(with_components, "component-coins.pdf"))
    assert len(coins) == 1  # 7 x 11 tokens of 25 mm fit an A4 sheet
    assert all(f"moeda{n}de30" in squash(coins[0]) for n in range(1, 31))
    aids = squash(" ".join(page_texts(built(with_components, "component-aid.pdf"))))
    assert all(f"Demo·Resumo{n}" in aids for n in range(1, 5))
    assert "Demo·Resumo·1/1" in aids  # the sheet's label


def test_pieces_are_imposed_like_cards_with_cut_guides(with_components):
    result = run("build", "components", "--project", str(with_components), "--component", "aid",
                 "--paper", "letter")
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument(str(built(with_components, "component-aid-letter.pdf")))
    assert len(document) == 1  # 4 poker-sized aids: one sheet of 9
    page = document[0]
    assert (round(page.get_width() * 25.4 / 72, 1), round(page.get_height() * 25.4 / 72, 1)) \
        == (215.9, 279.4)
    document.close()
    assert not built(with_components, "component-coins-letter.pdf").exists()


def test_an_unknown_component_is_named_with_the_games_components(with_components):
    result = run("build", "components", "--project", str(with_components), "--component", "coin")
    assert result.exit_code == 1
    assert "--component coin: demo has no such component (did you mean 'coins'?); its " \
           "components: coins, aid" in result.output


def test_a_component_of_no_size_is_a_located_error(demo_docs: Path):
    game_yaml = demo_docs / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "components:\n  coins: {name: Coins}\n")
    result = run("build", "components", "--project", str(demo_docs))
    assert result.exit_code == 1
    assert "game.yaml:" in result.output and "components.coins" in result.output
    assert "give one of size" in result.output


def test_a_missing_template_names_the_file_to_write(with_components):
    (with_components / "templates" / "demo" / "aid.html.j2").unlink()
    result = run("build", "components", "--project", str(with_components), "--component", "aid")
    assert result.exit_code == 1
    assert "game.yaml:" in result.output and "Traceback" not in result.output
    assert "components.aid: no template aid.html.j2: write templates/demo/aid.html.j2" \
        in result.output
