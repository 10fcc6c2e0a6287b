"""The website's anchors: made from the source language, the same in every edition; the
printed documents' ids as they were."""

from __future__ import annotations

from conftest import REPO
from publish.docs.rules import rules_of
from publish.render.edition import EditionContext


def ids(game, locale: str, stable: bool) -> tuple[list[list[str]], list[str]]:
    edition = rules_of(EditionContext.make(REPO, game, locale), stable_ids=stable, faces=False)
    headings = [[h.id for h in source.headings] for source in edition.chapters]
    terms = sorted(a for t in edition.terms.values() for a in t.anchors if a.startswith("term-"))
    return headings, terms


def test_stable_ids_are_the_same_in_both_editions_of_agencia(agencia):
    source, translated = ids(agencia, "pt-BR", True), ids(agencia, "en", True)
    assert source == translated
    assert "02-modo-simples--preparacao" in source[0][1]  # the Portuguese heading's words
    assert "term-revolta" in source[1]


def test_the_printed_editions_keep_ids_made_from_their_own_words(agencia):
    source, translated = ids(agencia, "pt-BR", False), ids(agencia, "en", False)
    assert translated[0] != source[0]  # the English manual's ids are English, as before
    assert "02-modo-simples--setup" in translated[0][1]
