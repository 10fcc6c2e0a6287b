"""A game in another edition's words: cards, game.yaml words, fallbacks marked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from demo_en import translate, with_english
from publish.app.catalogs.extract import card_messages
from publish.core.problems import ProblemsFound
from publish.i18n.catalog import read_catalog
from publish.i18n.translate import (
    TEMPLATE_LOCALE,
    Translator,
    domains_for,
    localize,
    plural_form,
    translator,
)
from publish.model.load import load_game
from publish.render.env import environment


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


POLISH = """\
msgid ""
msgstr ""
"Language: pl\\n"
"Plural-Forms: nplurals=3; "
"plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} karta"
msgstr[1] "{n} karty"
msgstr[2] "{n} kart"

msgid "Index"
msgstr "Indeks"
"""


def polish(tmp_path) -> Translator:
    """A Polish edition's shared words, from a tiny catalog (three plural forms)."""
    path = tmp_path / "templates.po"
    path.write_text(POLISH, encoding="utf-8")
    polish = read_catalog(path, "pl", project=path.parent)
    return Translator("pl", "fr", {"templates": polish}, {"templates": path})


@pytest.mark.parametrize(("n", "words"), [(1, "1 karta"), (2, "2 karty"), (4, "4 karty"),
                                          (5, "5 kart"), (12, "12 kart"), (22, "22 karty"),
                                          (25, "25 kart"), (0, "0 kart")])
def test_a_count_takes_the_catalogs_plural_form(tmp_path, n, words):
    assert polish(tmp_path).ngettext("{n} card", "{n} cards", n).format(n=n) == words


def test_templates_print_counts_through_the_editions_plural_forms(tmp_path):
    (tmp_path / "templates" / "_common").mkdir(parents=True)
    env = environment(tmp_path, "game", polish(tmp_path))
    template = env.from_string("{{ _('Index') }}: {{ ngettext('{n} card', '{n} cards', n)"
                               ".format(n=n) }}")
    assert [template.render(n=n) for n in (1, 3, 7)] == [
        "Indeks: 1 karta", "Indeks: 3 karty", "Indeks: 7 kart"]
    english = environment(tmp_path, "game").from_string(
        "{{ ngettext('{n} card', '{n} cards', n).format(n=n) }}")
    assert [english.render(n=n) for n in (1, 3)] == ["1 card", "3 cards"]


def test_an_untranslated_count_falls_back_to_the_english_forms_and_is_recorded(tmp_path):
    words = Translator("pl", "fr")
    assert words.ngettext("{n} deck", "{n} decks", 1) == "{n} deck"
    assert words.ngettext("{n} deck", "{n} decks", 5) == "{n} decks"
    assert ("templates", None, "{n} deck") in words.untranslated


@pytest.mark.parametrize(("forms", "n", "locale", "word"), [
    (["estrutural", "estruturais"], 68, "pt-BR", "estruturais"),
    (["estrutural", "estruturais"], 1, "pt-BR", "estrutural"),
    (["structural"], 68, "en", "structural"),
    (["strukturalna", "strukturalne", "strukturalnych"], 3, "pl", "strukturalne"),
    (["strukturalna", "strukturalne", "strukturalnych"], 68, "pl", "strukturalnych"),
])
def test_a_game_word_after_a_number_takes_its_plural_form(forms, n, locale, word):
    assert plural_form(forms, n, locale) == word


def test_a_kinds_forms_after_a_number_come_from_the_cards_catalog(demo_en):
    game, words = english_game(demo_en)
    source, _ = load_game(demo_en, "demo")
    for kind_id, kind in game.config.card_kinds.items():
        forms = source.config.card_kinds[kind_id].count_forms()
        assert kind.count_forms() == [f"EN {forms[0]}", f"EN {forms[-1]}"]
    assert not {w for w in words.untranslated if "counted" in (w[1] or "")}


def test_the_shared_words_are_english_so_each_other_language_needs_their_catalog(demo):
    game, _ = load_game(demo, "demo")  # its source is pt-BR
    assert TEMPLATE_LOCALE == "en"
    assert domains_for(game, "pt-BR") == ["templates"]
    assert "templates" not in domains_for(game, "en")
    locales = game.config.locales.model_copy(update={"source": "en", "editions": ["en"]})
    english = replace(game, config=game.config.model_copy(update={"locales": locales}))
    assert domains_for(english, "en") == []


def test_a_licence_id_in_words_is_translated_an_identifier_is_not(demo_docs):
    config = demo_docs / "cards" / "demo" / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "id: CC0-1.0", "id: Todos os direitos reservados"), encoding="utf-8")
    translate(with_english(demo_docs))
    game, _ = english_game(demo_docs)
    assert game.config.licence.id == "EN Todos os direitos reservados"  # the footer's words
    catalog = card_messages(load_game(demo_docs, "demo")[0])
    assert catalog.get("Todos os direitos reservados", context="licence id") is not None


def test_a_licence_identifier_is_no_message(demo_en):
    game, _ = english_game(demo_en)
    assert game.config.licence.id == "CC0-1.0"
    catalog = card_messages(load_game(demo_en, "demo")[0])
    assert not [m for m in catalog if m.context == "licence id"]
