"""`publish i18n` and `publish build --locale`: status, fuzzy after an edit, strict, draft marks."""

from __future__ import annotations

import shutil

from conftest import run
from demo_en import translate, with_english
from pdftext import page_texts, squash
from publish.i18n.catalog import po_path, pot_path


def args(project, *rest):
    return (*rest, "--project", str(project), "--game", "demo")


def test_extract_writes_a_template_for_each_domain_with_messages(demo_docs):
    result = run(*args(demo_docs, "i18n", "extract"))
    assert result.exit_code == 0, result.output
    for domain in ("cards", "rules", "templates"):
        assert pot_path(demo_docs / "cards" / "demo", domain).is_file()
    for domain in ("ui", "glossary"):  # no template words of its own, no glossary: no file
        assert not pot_path(demo_docs / "cards" / "demo", domain).exists()


def test_status_of_a_new_edition_lists_every_message_missing(demo_docs):
    with_english(demo_docs)
    result = run(*args(demo_docs, "i18n", "status"))
    assert result.exit_code == 0, result.output
    assert "en: decks/alpha.yaml:4: missing: card 001 name" in result.output
    # everything the game says is missing (its two kinds' names after a number too); the
    # shared template words are English, so the English edition needs none
    assert "(cards 32, rules 24, glossary 1)" in result.output
    assert run(*args(demo_docs, "i18n", "status", "--strict")).exit_code == 1


def test_a_complete_edition_has_nothing_missing_or_fuzzy(demo_en):
    result = run(*args(demo_en, "i18n", "status", "--strict"))
    assert result.exit_code == 0, result.output
    assert "en: 100.0% done, 0 missing, 0 fuzzy, 0 glossary misuses" in result.output


def test_editing_a_source_text_makes_its_translation_fuzzy_and_strict_builds_fail(demo_en):
    deck = demo_en / "cards" / "demo" / "decks" / "alpha.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "- direct: Compre 1 carta.", "- direct: Compre 3 cartas."), encoding="utf-8")
    result = run(*args(demo_en, "i18n", "status"))
    assert "en: decks/alpha.yaml:8: fuzzy: card 001 text 1" in result.output
    assert "1 fuzzy" in result.output
    built = run(*args(demo_en, "build", "summaries", "--locale", "en", "--strict"))
    assert built.exit_code == 1
    assert "card 001 text 1" in built.output and "refused (--strict)" in built.output
    # update keeps the old translation, flagged, with the previous source beside it
    assert run(*args(demo_en, "i18n", "update")).exit_code == 0
    po = po_path(demo_en / "cards" / "demo", "en", "cards").read_text(encoding="utf-8")
    assert ('#| msgid "Compre 1 carta."\nmsgctxt "card 001 text 1"\nmsgid "Compre 3 cartas."\n'
            'msgstr "Draw 1 card."') in po


def test_card_texts_off_the_glossary_are_reported(demo_docs):
    translate(with_english(demo_docs), how=lambda text: {"Uma **crise** acontece quando a "
              "estrutura não pode ser cumprida.": "x"}.get(text, f"EN {text}"))
    # the demo cards never say "crise": the glossary holds card texts only
    assert "0 glossary misuses" in run(*args(demo_docs, "i18n", "status")).output


def test_the_english_edition_is_built_into_its_own_folder_in_english(demo_en):
    result = run(*args(demo_en, "build", "summaries", "--locale", "en"))
    assert result.exit_code == 0, result.output
    text = squash(" ".join(page_texts(demo_en / "build" / "demo" / "en" / "summary-resumo.pdf")))
    assert squash("EN Resumo") in text and "First" in text and "Red" in text
    assert "draft" not in result.output


def test_a_draft_build_marks_what_falls_back_to_the_source(demo_docs):
    translate(with_english(demo_docs), skip=lambda ctxt, msgid: msgid == "Resumo"
              or ctxt == "card 001 name")
    result = run(*args(demo_docs, "build", "summaries", "--locale", "en"))
    assert result.exit_code == 0, result.output
    assert "draft: en:" in result.output and "2 missing" in result.output
    from publish.i18n.translate import localize, translator
    from publish.model.load import load_game

    game, _ = load_game(demo_docs, "demo")
    from publish.docs.rules import read_rules
    from publish.docs.summaries import render_summaries, summary_html  # noqa: F401

    edition = read_rules(game, "en", link_cards=False, project=demo_docs)
    html = str(edition.markdown.render(edition.summaries[0]))
    assert '<span class="untranslated">Resumo</span>' in html
    assert '<span class="untranslated">Primeira</span>' in html
    assert localize(game, translator(game, "en")).card("001").untranslated == {"name"}


def test_a_directive_broken_in_a_translation_points_at_the_po_file(demo_docs):
    translate(with_english(demo_docs), how=lambda text: text.replace("{card 001}", "{card 077}"))
    result = run(*args(demo_docs, "build", "summaries", "--locale", "en"))
    assert result.exit_code == 1
    assert "LC_MESSAGES/rules.po:" in result.output and "no card numbered 077" in result.output


def test_an_unpublished_locale_is_refused(demo_docs):
    result = run(*args(demo_docs, "build", "summaries", "--locale", "fr"))
    assert result.exit_code == 1 and "'fr' is not an edition of demo" in result.output


def test_a_source_edition_needs_the_shared_catalog_of_its_language(demo_docs):
    """The shared words are English: a Portuguese source edition translates them, and
    without their catalog it is a draft (--strict refuses it); the toolchain's maintainers
    make it (`publish i18n shared`), never a game's command."""
    shutil.rmtree(demo_docs / "templates" / "_common" / "locale" / "pt_BR")
    result = run(*args(demo_docs, "i18n", "status", "--locale", "pt-BR"))
    assert "pt-BR: 0.0% done" in result.output and "missing: Contents" in result.output
    strict = run(*args(demo_docs, "build", "decks", "--strict"))
    assert strict.exit_code == 1 and "build refused (--strict): pt-BR" in strict.output
    assert run("i18n", "shared", "--locale", "pt-BR", "--project", str(demo_docs)
               ).exit_code == 0
    written = po_path(demo_docs / "cards" / "demo", "pt-BR", "templates")
    assert written.is_relative_to(demo_docs / "templates" / "_common" / "locale")
    assert 'msgid "Contents"' in written.read_text(encoding="utf-8")
