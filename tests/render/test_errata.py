"""Errata sheets: only the changed cards' faces, with every copy and the game's backs."""

from __future__ import annotations

from pathlib import Path

from pdftext import page_texts, squash
from publish.model.load import load_game
from publish.render.decks import SheetSpec
from publish.render.edition import EditionContext
from publish.render.errata import Errata, ErrataLine, errata_faces, errata_title, render_errata
from publish.render.pdf import write_pdf


def context_of(project: Path) -> EditionContext:
    game, problems = load_game(project, "moon")
    assert game is not None and not problems, problems
    return EditionContext.make(project, game, "en")


def test_only_the_named_cards_are_laid_out_with_their_copies(moon):
    faces, backs = errata_faces(context_of(moon), {"002", "080"})
    assert [f.number for f in faces] == ["002", "002", "080"]
    assert [b.id for b in backs] == ["main", "main", "main"]


def test_the_sheet_has_a_cover_then_fronts_and_backs(moon, tmp_path):
    game_yaml = moon / "cards" / "moon" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "backs: none", "backs: long-edge"), encoding="utf-8")
    context = context_of(moon)
    errata = Errata(errata_title(context), "v1", "v2",
                    (ErrataLine("050", "Lantern", ("fields",)),),
                    (ErrataLine("051", "Travelling Pack", ("removed",)),))
    pdf = tmp_path / "errata.pdf"
    pdf.write_bytes(write_pdf(render_errata(context, SheetSpec(errata.title, ()), errata),
                              "errata"))
    cover, front, back = page_texts(pdf)
    assert squash("Moon: errata") in squash(cover) and "TravellingPack" in squash(cover)
    assert "Lantern" in front and "Lantern" not in back and "verso" in back


def test_only_removed_cards_make_a_cover_alone(moon, tmp_path):
    context = context_of(moon)
    errata = Errata("Moon: errata", "v1", "v2", (), (ErrataLine("051", "Pack", ("removed",)),))
    pdf = tmp_path / "errata.pdf"
    pdf.write_bytes(write_pdf(render_errata(context, SheetSpec(errata.title, ()), errata),
                              "errata"))
    assert len(page_texts(pdf)) == 1
