"""A game in another edition's words: cards, game.yaml words, fallbacks marked."""

from __future__ import annotations

import pytest

from demo_en import translate, with_english
from publish.i18n.translate import localize, translator
from publish.load import load_game
from publish.problems import ProblemsFound


def english_game(project):
    game, _ = load_game(project, "demo")
    words = translator(game, "en")
    return localize(game, words), words


def test_cards_and_game_words_come_from_the_catalog(demo_en):
    game, _ = english_game(demo_en)
    first = game.card("001")
    assert first.name == "First" and first.blocks[0].text == "Draw 1 card."
    assert first.untranslated == frozenset()
    assert game.card("002").notes == "EN Uma *observação*."
    assert game.config.decks["alpha"].name == "EN Alpha"
    assert game.config.groups.values["red"].name == "Red"
    assert game.config.tags["compra"].name == "EN Cartas que fazem comprar"
    assert game.card("001").blocks[0].effect == load_game(demo_en, "demo")[0].card(
        "001").blocks[0].effect  # the engine's data is the same in every edition


def test_a_missing_or_fuzzy_translation_falls_back_to_the_source_and_is_recorded(demo_docs):
    translate(with_english(demo_docs), skip=lambda ctxt, _: ctxt == "card 001 name")
    game, words = english_game(demo_docs)
    assert game.card("001").name == "Primeira"
    assert game.card("001").untranslated == frozenset({"name"})
    assert ("cards", "card 001 name", "Primeira") in words.untranslated


def test_the_source_edition_is_the_game_as_loaded(demo):
    game, _ = load_game(demo, "demo")
    assert localize(game, translator(game, "pt-BR")) is game


def test_an_edition_the_game_does_not_publish_is_an_error_naming_game_yaml(demo):
    game, _ = load_game(demo, "demo")
    with pytest.raises(ProblemsFound) as found:
        translator(game, "fr")
    problem = found.value.problems[0]
    assert problem.location.path.name == "game.yaml" and "'fr' is not an edition" in str(problem)
