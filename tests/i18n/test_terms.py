"""The glossary keeps each game term to one translation in card texts."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from publish.i18n.terms import forms_pattern, terminology


def test_forms_match_whole_words_and_a_star_any_ending():
    crisis = forms_pattern("crise|crises")
    assert crisis.search("Causa crise.") and crisis.search("CRISES")
    assert not crisis.search("crisers")
    draw = forms_pattern("compr*")
    assert draw.search("compram 2") and not draw.search("descompra")


def test_a_card_text_that_drops_the_glossary_term_is_reported():
    glossary, cards = Catalog(locale="en"), Catalog(locale="en")
    glossary.add("crise|crises", "crisis|crises", context="term")
    cards.add("Causa crise.", "Causes a crisis.", context="card 001 text 1")
    cards.add("Não causa crise.", "Causes no emergency.", context="card 002 text 1")
    cards.add("A crise", "The Emergency", context="card 003 name")  # names are free
    misuses = terminology({"glossary": glossary, "cards": cards})
    assert [m.context for m in misuses] == ["card 002 text 1"]
    assert "crise|crises" in misuses[0].describe()


def test_a_stale_translation_is_fuzzy_not_a_glossary_misuse():
    """A translation made for an older source is pending once, as fuzzy (issue 44)."""
    glossary, cards = Catalog(locale="en"), Catalog(locale="en")
    glossary.add("crise|crises", "crisis|crises", context="term")
    cards.add("Causa crise duas vezes.", "Causes an emergency.", context="card 001 text 1",
              flags=("fuzzy",))
    assert terminology({"glossary": glossary, "cards": cards}) == []
