"""An edition's context makes each shared part once: the faces of a deck (a partial rebuild
asks for them twice), the icons (shared by the editions of one process), the options."""

from __future__ import annotations

from pathlib import Path

import pytest

import publish.render.edition
from publish.model.load import load_game
from publish.render.decks import DeckOptions, SheetSpec, lay_out_sheets, resolved
from publish.targets.base import Work


@pytest.fixture
def work(demo_en: Path) -> Work:
    game, problems = load_game(demo_en, "demo")
    assert game is not None and not problems
    return Work(demo_en, game)


def test_the_sheets_of_a_deck_make_each_face_of_the_deck_once(work, monkeypatch):
    made = []
    real = publish.render.edition.face_context

    def counting(game, card, *rest):
        made.append(card.number)
        return real(game, card, *rest)

    monkeypatch.setattr(publish.render.edition, "face_context", counting)
    context = work.edition("en")
    sheets = lay_out_sheets(context, SheetSpec("t", ("alpha",), DeckOptions()))
    assert sheets.pages == 1 and sheets.faces["alpha"].laid_out == len(
        sheets.faces["alpha"].anchors)  # each distinct face and the back, once
    assert sorted(made) == sorted(card.number for card in work.game.deck_cards("alpha"))
    assert context.deck_faces("alpha")[0][0].name == "First"  # in the edition's words


def test_each_edition_is_made_once_a_process_and_shares_the_icons(work, monkeypatch):
    read = []
    real = publish.render.edition.read_icons
    monkeypatch.setattr(publish.render.edition, "read_icons",
                        lambda game: read.append(game.id) or real(game))
    english, source = work.edition("en"), work.edition("pt-BR")
    assert work.edition("en") is english and english.game.cards[0].name == "First"
    assert english.icons is source.icons and read == ["demo"]
    assert english.env is english.env


def test_options_are_resolved_for_the_edition_once(work):
    context = work.edition("en")
    options = resolved(context, DeckOptions())
    assert options.edition == "en" and options.size == "poker" and options.backs == "none"
    assert resolved(context, DeckOptions()) is options


def test_the_contexts_stay_in_their_process(work):
    import pickle

    work.edition("en")
    assert pickle.loads(pickle.dumps(work))._editions == {}
