"""Tagged PDFs (PDF/UA-1): the manual and the summaries read back with pikepdf (the structure
tree) and pdfium (the text each element marks), on Agência's two editions and a new game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tagged_pdf import read_structure, structure_problems

from conftest import REPO, run
from pdftext import page_texts
from publish.render.edition import EditionContext

RULES = REPO / "cards" / "agencia" / "rules" / "pt-BR"


def _words(text: str) -> set[str]:
    """The words of ``text`` but its numerals (a game may print 1 as I: the Alt says what
    the card prints)."""
    return {word for word in re.findall(r"\w+", text.casefold()) if not word.isdigit()}


@pytest.mark.parametrize("locale", ["pt-BR", "en"])
def test_agencias_manual_is_tagged_in_both_editions(agencia_editions, agencia, locale):
    path = agencia_editions / "build" / "agencia" / locale / "manual.pdf"
    assert structure_problems(path) == []
    found = read_structure(path)
    game = EditionContext.make(agencia_editions, agencia, locale).game
    assert found.lang == locale and found.title.startswith(game.config.name)
    # every top bookmark is an H1, in the same order
    firsts = [text for level, text in found.headings if level == 1]
    assert [text for text in firsts if text in found.outline] == found.outline
    # a card drawn in the rules is a Figure whose Alt is the card's text, in the edition
    faces = [(alt, card) for alt in found.figures for card in game.cards
             if card.number in alt and card.name in alt]
    assert faces
    for alt, card in faces:
        assert _words(" ".join(block.text for block in card.blocks)) <= _words(alt), card.number
    # the card lists have column headers, the groups' table row headers
    scopes = {scope for table in found.tables for scope in table}
    assert {"/Column", "/Row"} <= scopes


def test_agencias_headings_are_the_chapters_in_source_order(agencia_editions):
    found = read_structure(agencia_editions / "build" / "agencia" / "pt-BR" / "manual.pdf")
    chapters = []
    for path in sorted(RULES.glob("[0-9]*.md")):
        first = next(line for line in path.read_text(encoding="utf-8").splitlines()
                     if line.startswith("# "))
        chapters.append(first[2:].strip())
    firsts = [text for level, text in found.headings if level == 1]
    assert [text for text in firsts if text in chapters] == chapters


@pytest.mark.parametrize("locale", ["pt-BR", "en"])
def test_agencias_summaries_are_tagged_in_both_editions(agencia_editions, locale):
    summaries = sorted((agencia_editions / "build" / "agencia" / locale).glob("summary-*.pdf"))
    assert summaries
    for path in summaries:
        assert structure_problems(path) == [], path.name
        assert read_structure(path).lang == locale


def _build(project: Path, target: str, *extra: str) -> Path:
    result = run("build", "--force", target, "--project", str(project), "--game", "moon", *extra)
    assert result.exit_code == 0, result.output
    return project / "build" / "moon" / "en"


def test_a_new_games_manual_is_tagged_and_its_print_edition_is_not(moon):
    built = _build(moon, "manual")
    _build(moon, "manual", "--untagged")
    tagged, untagged = built / "manual.pdf", built / "manual-untagged.pdf"
    assert structure_problems(tagged) == []
    found = read_structure(tagged)
    assert found.lang == "en"
    assert "Star" in found.figures  # an icon is read by its name
    assert any("001" in alt for alt in found.figures)  # {face 001 002}
    assert "no structure tree, or MarkInfo/Marked not true" in structure_problems(untagged)
    assert page_texts(tagged) == page_texts(untagged)


def test_a_new_games_summary_is_tagged_and_its_print_edition_is_not(moon):
    built = _build(moon, "summaries")
    _build(moon, "summaries", "--untagged")
    assert structure_problems(built / "summary-quick-reference.pdf") == []
    assert structure_problems(built / "summary-quick-reference-untagged.pdf")


def test_the_tagged_manual_is_reproducible(moon, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    first = (_build(moon, "manual") / "manual.pdf").read_bytes()
    assert (_build(moon, "manual") / "manual.pdf").read_bytes() == first


@pytest.mark.parametrize("made", ["cut from the whole", "laid out part by part"])
def test_the_joined_structure_is_that_of_the_manual_laid_out_whole(demo_docs, tmp_path, made,
                                                                   monkeypatch):
    """Joining tagged parts keeps their structure: the same headings, figures and header
    cells as the finished manual's HTML laid out and tagged as one document."""
    from publish.docs import manual as manual_module
    from publish.docs.manual import ManualOptions, make_manual, whole_html
    from publish.docs.rules import rules_of
    from publish.model.load import load_game
    from publish.render.pdf import render, write_pdf
    from publish.render.splice import tagged
    from publish.render.tagging import alternatives

    if made == "laid out part by part":
        monkeypatch.setattr(manual_module, "first_id", lambda html: None)
    game, _ = load_game(demo_docs, "demo")
    edition = rules_of(EditionContext.make(demo_docs, game, "pt-BR"), tagged=True)
    manual = make_manual(edition, demo_docs, ManualOptions(tagged=True))
    html = whole_html(edition, manual)
    joined, whole = tmp_path / "joined.pdf", tmp_path / "whole.pdf"
    joined.write_bytes(manual.pdf)
    laid = write_pdf(render(html, demo_docs, "w", [demo_docs]), "w", tagged=True)
    whole.write_bytes(tagged(laid, alternatives(html), "w"))
    ours, theirs = read_structure(joined), read_structure(whole)
    assert ours.tree and ours.marked and ours.lang == "pt-BR" and ours.ua_part == "1"
    assert ours.headings == theirs.headings and len(ours.headings) > 3
    assert (ours.figures, ours.tables, ours.outline) == (theirs.figures, theirs.tables,
                                                         theirs.outline)
