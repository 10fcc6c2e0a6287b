"""The manual, built from the demo project's rules: contents, card list, links, index, paper."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import FIXTURES, run, with_docs
from pdftext import bookmarks, contents_entries, internal_links, page_texts, squash
from publish.docs.manual import part_names


def build(project, *extra):
    result = run("build", "manual", "--project", str(project), "--game", "demo", *extra)
    assert result.exit_code == 0, result.output
    return project / "build" / "demo" / "pt-BR"


@pytest.fixture(scope="module")
def manual_project(tmp_path_factory) -> Path:
    """The demo project with its manual built once, at a set SOURCE_DATE_EPOCH, for the
    tests that only read the manual (none of them writes to the project)."""
    project = tmp_path_factory.mktemp("manual") / "project"
    shutil.copytree(FIXTURES / "projects" / "demo", project)
    with_docs(project)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", "1700000000")
        build(project)
    return project


@pytest.fixture
def manual(manual_project):
    return manual_project / "build" / "demo" / "pt-BR" / "manual.pdf"


def test_every_card_name_and_effect_text_is_in_the_manual(manual, manual_project):
    from publish.model.load import load_game

    game, _ = load_game(manual_project, "demo")
    text = squash("".join(page_texts(manual)))
    for card in game.cards:
        assert squash(card.name) in text
        for block in card.blocks:
            assert squash(block.text) in text, (card.number, block.text)


def test_contents_point_at_the_pages_where_the_headings_are(manual):
    pages = page_texts(manual)
    contents = next(i for i, t in enumerate(pages) if t.startswith("Sumário"))
    entries = contents_entries(pages[contents])
    marks = {(title, page) for _, title, page in bookmarks(manual)}
    assert len(entries) >= 10
    for title, page in entries:
        assert (title, page) in marks, (title, page)
        assert title in pages[page - 1]


def test_every_section_has_a_bookmark(manual):
    titles = [(depth, title) for depth, title, _ in bookmarks(manual)]
    assert (0, "Regras") in titles and (1, "Crises") in titles and (2, "Vermelho") in titles
    assert (0, "Lista completa de cartas") in titles and (1, "Beta") in titles
    assert (0, "Índice remissivo") in titles and (0, "Colofão") in titles


def test_card_references_link_to_the_card_list(manual):
    pages = page_texts(manual)
    cards_page = next(i for i, t in enumerate(pages) if t.startswith("Lista completa de cartas"))
    links = [link for link in internal_links(manual) if link[1].startswith("card-")]
    assert {dest for _, dest, _ in links} >= {"card-001", "card-002", "card-998"}
    for page, dest, target in links:
        assert target > cards_page, (page, dest)
        assert dest.removeprefix("card-") in pages[target - 1]


def test_index_lists_the_pages_of_each_glossary_term(manual):
    pages = page_texts(manual)
    index = next(t for t in pages if t.startswith("Índice remissivo"))
    glossary = 1 + next(i for i, t in enumerate(pages) if t.startswith("Glossário"))
    rules = 1 + next(i for i, t in enumerate(pages) if t.startswith("Regras"))
    assert f"Crise {rules}, {glossary}" in index
    assert f"Estrutura {rules}, {glossary}" in index


def test_colophon_gives_edition_licence_and_build_date(manual):
    """The manual built with SOURCE_DATE_EPOCH=1700000000 (``manual_project``)."""
    text = page_texts(manual)[-1]
    assert "Colofão" in text and "1.0" in text and "CC0" in text
    assert "14 de novembro de 2023" in text


def test_letter_paper_is_a_separate_output(demo_docs):
    path = build(demo_docs, "--paper", "letter") / "manual-letter.pdf"
    box = PdfReader(path).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_renaming_a_card_renames_it_in_manual_and_summary(demo_docs):
    deck = demo_docs / "cards" / "demo" / "decks" / "alpha.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Primeira", "name: Inaugural"),
                    encoding="utf-8")
    out = build(demo_docs)
    assert run("build", "summaries", "--project", str(demo_docs), "--game", "demo").exit_code == 0
    for pdf in ("manual.pdf", "summary-resumo.pdf"):
        text = "".join(page_texts(out / pdf))
        assert "Inaugural" in text and "Primeira" not in text, pdf


def test_a_reference_to_a_missing_card_fails_with_the_markdown_place(demo_docs):
    chapter = demo_docs / "cards" / "demo" / "rules" / "pt-BR" / "02-glossario.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nVeja {card 077}.\n",
                       encoding="utf-8")
    result = run("build", "manual", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 1
    assert f"{chapter}:9:6: {{card 077}}: no card numbered 077" in result.output
    assert not (demo_docs / "build" / "demo" / "pt-BR" / "manual.pdf").exists()


def test_all_problems_of_the_rules_are_reported_together(demo_docs):
    rules = demo_docs / "cards" / "demo" / "rules" / "pt-BR"
    (rules / "04-erros.md").write_text("# Erros\n\n{card 777} :sol:\n\n{cards deck=gama}\n",
                                       encoding="utf-8")
    result = run("build", "manual", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 1
    assert "04-erros.md:3:1: {card 777}" in result.output
    assert "04-erros.md:3:12: unknown icon :sol:" in result.output
    assert "04-erros.md:5:1: unknown deck 'gama'" in result.output


def test_contents_print_headings_with_the_editions_quotation_marks(demo_docs):
    chapter = demo_docs / "cards" / "demo" / "rules" / "pt-BR" / "02-glossario.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + '\n## "O jogador" & outros\n',
                       encoding="utf-8")
    pages = page_texts(build(demo_docs) / "manual.pdf")
    contents = next(t for t in pages if t.startswith("Sumário"))
    assert "\u201cO jogador\u201d & outros" in contents and "&quot;" not in contents


def _make(project, cache):
    from publish.docs.manual import ManualOptions, make_manual
    from publish.docs.rules import read_rules
    from publish.model.load import load_game

    game, _ = load_game(project, "demo")
    edition = read_rules(game, "pt-BR", project=project)
    return edition, make_manual(edition, project, ManualOptions(), cache=cache)


def test_a_card_edit_lays_out_only_the_card_list_of_its_deck(demo_docs, tmp_path, monkeypatch):
    from publish.render import pdf as pdf_module

    laid = []
    original = pdf_module.render
    monkeypatch.setattr(pdf_module, "render", lambda html, root, what, reads: laid.append(
        what.rsplit("(", 1)[-1].rstrip(")")) or original(html, root, what, reads))
    monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count",
                        lambda: 1)  # all in this process
    cache = tmp_path / "parts"
    _, first = _make(demo_docs, cache)
    # a first build lays out the manual whole, then the index alone: it prints each page once
    assert laid == [first.context["title"], "index"]
    parts = len(part_names(first.context))
    laid.clear()
    _make(demo_docs, cache)
    assert laid == []  # nothing changed: every part comes from the cache
    deck = demo_docs / "cards" / "demo" / "decks" / "beta.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("Compre 2 cartas.", "Compre 4 cartas."),
                    encoding="utf-8")  # the chapters name 004 only
    _, second = _make(demo_docs, cache)
    assert laid == ["deck-beta"]
    assert second.pdf != first.pdf and second.numbers == first.numbers
    assert "Compre4cartas." in squash("".join(_texts(second.pdf)))
    assert len(list(cache.glob("*.pdf"))) == parts + 1  # the old beta list, for one build
    deck.write_text(text, encoding="utf-8")
    laid.clear()
    _, reverted = _make(demo_docs, cache)
    assert laid == [] and reverted.pdf == first.pdf  # the old list, kept: the same bytes
    _make(demo_docs, cache)
    assert len(list(cache.glob("*.pdf"))) == parts  # the edited list is forgotten
    laid.clear()
    chapter = demo_docs / "cards" / "demo" / "rules" / "pt-BR" / "02-glossario.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nMais um parágrafo.\n",
                       encoding="utf-8")
    _make(demo_docs, cache)
    assert "chapters" in laid and "deck-alpha" not in laid


def test_a_first_build_shared_by_two_processes_is_the_build_of_one(demo_docs, tmp_path,
                                                                   monkeypatch):
    """On two cores a first build shares the writing of the parts and the index's layout
    with a second process: the same manual, and the same parts kept, as on one core."""
    made = {}
    for cores in (1, 2):
        monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count", lambda cores=cores: cores)
        cache = tmp_path / f"parts-{cores}"
        made[cores] = _make(demo_docs, cache)[1].pdf, sorted(
            (p.name, p.read_bytes()) for p in cache.iterdir())
    assert made[1] == made[2]


def _texts(pdf: bytes) -> list[str]:
    import io

    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("made", ["cut from the whole", "laid out part by part"])
def test_the_manual_joined_from_parts_is_the_manual_laid_out_as_one_document(demo_docs,
                                                                             tmp_path, made,
                                                                             monkeypatch):
    """Same pages, words, bookmarks, destinations and links as one WeasyPrint document,
    whether the parts were cut from the manual laid out whole (a first build) or laid out
    one by one (where the whole cannot be cut: a part without an anchor to find it by)."""
    from publish.docs import manual as manual_module
    from publish.docs.manual import whole_html
    from publish.render.pdf import render, write_pdf

    if made == "laid out part by part":
        monkeypatch.setattr(manual_module, "first_id", lambda html: None)
    edition, manual = _make(demo_docs, None)
    joined, whole = tmp_path / "joined.pdf", tmp_path / "whole.pdf"
    joined.write_bytes(manual.pdf)
    laid = render(whole_html(edition, manual), demo_docs, "w", [demo_docs])
    whole.write_bytes(write_pdf(laid, "w"))
    assert [squash(t) for t in page_texts(joined)] == [squash(t) for t in page_texts(whole)]
    assert bookmarks(joined) == bookmarks(whole)
    assert sorted(internal_links(joined)) == sorted(internal_links(whole))
    named = [{name: reader.get_destination_page_number(dest)
              for name, dest in reader.named_destinations.items()}
             for reader in (PdfReader(joined), PdfReader(whole))]
    assert named[0] == named[1]
    # the second deck's list starts a part of its own and still carries the running head
    pages = page_texts(joined)
    beta = next(t for t in pages if "Beta" in t and "Compre" in t)
    assert "MANUAL COMPLETO LISTA COMPLETA DE CARTAS" in beta
