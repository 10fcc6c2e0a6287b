"""Shrink to fit: card text steps down in size where the game or the card allows, and only
as far as stated; the build lists what it shrank; the default stays a failure."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import REPO, run

LONG = "Compre 2 cartas. " * 24
"""Card 004's text made long enough to overflow its box at 10 pt, short enough to fit at 7."""


@pytest.fixture
def project(demo_docs: Path) -> Path:
    """The demo with Agência's card faces, card 004's text too long for its box."""
    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    beta = demo_docs / "cards" / "demo" / "decks" / "beta.yaml"
    beta.write_text(beta.read_text(encoding="utf-8").replace("Compre 2 cartas.", LONG, 1),
                    encoding="utf-8")
    return demo_docs


def allow(project: Path, share: float | None, card: float | None = None) -> None:
    """game.yaml's print.shrink_to_fit, and card 004's own."""
    game = project / "cards" / "demo" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    if share is not None:
        text = (text.replace("print:\n", f"print:\n  shrink_to_fit: {share}\n", 1)
                if "print:\n" in text else text + f"print:\n  shrink_to_fit: {share}\n")
    game.write_text(text, encoding="utf-8")
    if card is not None:
        beta = project / "cards" / "demo" / "decks" / "beta.yaml"
        beta.write_text(beta.read_text(encoding="utf-8").replace(
            '- number: "004"\n', f'- number: "004"\n    shrink_to_fit: {card}\n', 1),
            encoding="utf-8")


def decks(project: Path):
    return run("build", "decks", "--project", str(project), "--game", "demo")


def shrunk_to(output: str) -> float:
    found = re.search(r"card 004 \(beta\): text shrunk from 10 pt to ([\d.]+) pt \((\d+)%\)",
                      output)
    assert found, output
    return float(found[1])


def test_by_default_an_overflow_fails_the_build(project):
    result = decks(project)
    assert result.exit_code == 1
    assert "card 004 (beta): effects overflows its box by" in result.output


def test_a_game_that_allows_it_shrinks_the_card_and_says_by_how_much(project):
    allow(project, 0.7)
    result = decks(project)
    assert result.exit_code == 0, result.output
    size = shrunk_to(result.output)
    assert 7 <= size < 10
    assert "card 001" not in result.output  # the others keep their size


def test_a_floor_too_high_to_fit_fails_at_the_floor(project):
    allow(project, 0.97)
    result = decks(project)
    assert result.exit_code == 1
    assert "card 004 (beta): effects overflows its box by" in result.output


def test_a_card_may_allow_what_its_game_does_not(project):
    allow(project, None, card=0.7)
    result = decks(project)
    assert result.exit_code == 0, result.output
    assert 7 <= shrunk_to(result.output) < 10


def test_a_card_may_refuse_what_its_game_allows(project):
    allow(project, 0.7, card=1)
    assert decks(project).exit_code == 1


def test_the_shrunk_size_is_the_largest_that_fits(project):
    """What the build chose, set as the card's own text_size, fits; 0.2 pt more does not
    (the search stops within 0.1 pt)."""
    allow(project, 0.7)
    size = shrunk_to(decks(project).output)
    beta = project / "cards" / "demo" / "decks" / "beta.yaml"
    text = beta.read_text(encoding="utf-8")
    for tried, fits in ((size, True), (round(size + 0.2, 2), False)):
        beta.write_text(text.replace('- number: "004"\n',
                                     f'- number: "004"\n    text_size: {tried}\n'
                                     '    shrink_to_fit: 1\n', 1), encoding="utf-8")
        assert (decks(project).exit_code == 0) is fits, tried


def test_the_print_shop_files_and_the_preview_shrink_alike(project):
    allow(project, 0.7)
    result = run("build", "printshop", "--project", str(project), "--game", "demo",
                 "--no-images")
    assert result.exit_code == 0, result.output
    assert "card 004 (beta): text shrunk from 10 pt to" in result.output
    shown = run("preview", "004", "--project", str(project), "--game", "demo", "--in-process")
    assert shown.exit_code == 0, shown.output
    assert "note: card 004 (beta): text shrunk from 10 pt to" in shown.output


def test_an_out_of_range_share_is_a_located_error(project):
    allow(project, 1.5)
    result = run("check", "--project", str(project), "--game", "demo")
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+:\d+: .*shrink_to_fit", result.output), result.output


FITTED = ('<div data-fit="name" data-card="001" style="height: {h}mm; position: relative">'
          '<div class="fit" style="position: absolute; top: 0; font-size: 20pt">x</div></div>')


def test_text_is_measured_in_the_box_tree_weasyprint_keeps_for_a_page(demo_docs):
    """WeasyPrint has no public API for a page's boxes: fit reads Page._page_box in one
    place (page_box). A WeasyPrint that moved it fails this test, not a build."""
    from publish.render.fit import overflowing, page_box
    from publish.render.pdf import render

    roomy = render(FITTED.format(h=20), demo_docs, "t", [demo_docs])
    assert page_box(roomy.pages[0]).children
    assert overflowing(roomy) == {}
    tight = render(FITTED.format(h=1), demo_docs, "t", [demo_docs])
    assert set(overflowing(tight)) == {("001", "name")}


def test_a_page_without_its_boxes_is_said_by_name():
    from publish.render.fit import NoBoxTree, page_box

    class Page:  # as a WeasyPrint that no longer keeps _page_box would give it
        pass

    with pytest.raises(NoBoxTree, match=r"no longer keeps a page's boxes in Page\._page_box"):
        page_box(Page())
