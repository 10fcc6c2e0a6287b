"""Agência's English edition: complete catalogs, and decks, manual and summaries in English."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO, run
from pdffonts import declared_version, font_kinds, subset_clashes
from pdftext import bookmarks, page_texts, squash
from publish.app.catalogs.workflow import status
from publish.docs.rules import read_rules
from publish.i18n.translate import localize, translator


@pytest.fixture(scope="module")
def game(agencia):
    return agencia

@pytest.fixture(scope="module")
def english(game):
    return localize(game, translator(game, "en"))


@pytest.fixture(scope="module")
def built(agencia_editions) -> Path:
    """The English decks built strictly (refused if any word is missing) beside the
    English manual and summaries of the session's build."""
    result = run("build", "decks", "--project", str(agencia_editions), "--game", "agencia",
                 "--locale", "en", "--strict")
    assert result.exit_code == 0, result.output
    return agencia_editions / "build" / "agencia" / "en"


def test_the_english_catalogs_are_complete_and_follow_the_glossary(game):
    report = status(REPO, game, ["en"])[0]
    assert [p.describe() for p in report.pending] == []
    assert [m.describe() for m in report.misuses] == []
    assert report.stale_templates == []  # locale/*.pot match the sources


def test_every_card_is_translated_and_the_engine_data_is_shared(game, english):
    for source, card in zip(game.cards, english.cards, strict=True):
        assert card.untranslated == frozenset(), card.number
        assert [b.effect for b in card.blocks] == [b.effect for b in source.blocks]


def test_every_english_card_name_is_on_the_english_decks(built, english):
    text = squash(" ".join(page_texts(built / "decks-all.pdf")))
    missing = [(c.number, c.name) for c in english.cards if squash(c.name) not in text]
    assert not missing


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&amp;", "&").replace("&#39;", "'")


def test_every_english_name_and_effect_text_is_in_the_english_manual(built, game, english):
    edition = read_rules(game, "en", project=REPO)
    text = squash(" ".join(page_texts(built / "manual.pdf")))
    missing = [(c.number, c.name) for c in english.cards if squash(c.name) not in text]
    missing += [(c.number, plain(str(edition.markdown.effect_html(c))))
                for c in edition.game.cards
                if squash(plain(str(edition.markdown.effect_html(c)))) not in text]
    assert not missing


def test_the_english_manual_is_in_english_throughout(built, game):
    titles = {title for _, title, _ in bookmarks(built / "manual.pdf")}
    assert {"Complete List of Cards", "Cards by Effect", "Index", "Colophon"} <= titles
    assert page_texts(built / "manual.pdf")[1].startswith("Contents")
    edition = read_rules(game, "en", project=REPO)
    html = "".join(str(edition.markdown.render(s)) for s in edition.chapters + edition.summaries)
    assert 'class="untranslated"' not in html
    for word in (" cartas ", " jogador ", " estrutura ", " partida "):
        assert word not in plain(html), word


def test_the_english_summaries_fit_their_pages(built):
    pages = {p.stem: len(page_texts(p)) for p in built.glob("summary-*.pdf")}
    assert pages == {"summary-simples": 1, "summary-bourdieu": 2, "summary-hegemonia": 1}


@pytest.mark.parametrize("name", ["manual.pdf", "decks-all.pdf"])
def test_the_joined_pdfs_are_valid_by_the_letter_of_iso_32000(built, name):
    """Joined from PDFs laid out apart, the manual and the all-decks PDF give each font
    subset a tag of its own (9.6.4) and declare the version their OpenType font files need
    (1.6, table 126); qpdf and Ghostscript, which did not write them, read them cleanly."""
    data = (built / name).read_bytes()
    assert subset_clashes(data) == {}
    assert "FontFile3/OpenType" in font_kinds(data)
    assert declared_version(data) >= (1, 6)
    checked = subprocess.run(["qpdf", "--check", str(built / name)], capture_output=True,
                             text=True, timeout=300, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert shutil.which("gs"), "Ghostscript (system-packages.txt) is missing"
    drawn = subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-o", "/dev/null",
                            "-sDEVICE=nullpage", str(built / name)], capture_output=True,
                           text=True, timeout=600, check=False)
    assert (drawn.returncode, drawn.stdout + drawn.stderr) == (0, "")
