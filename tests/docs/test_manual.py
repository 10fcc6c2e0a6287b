"""The manual, built from the demo project's rules: contents, card list, links, index, paper."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import run
from pdftext import bookmarks, contents_entries, internal_links, page_texts, squash


def build(project, *extra):
    result = run("build", "manual", "--project", str(project), "--game", "demo", *extra)
    assert result.exit_code == 0, result.output
    return project / "build" / "demo" / "pt-BR"


@pytest.fixture
def manual(demo_docs):
    return build(demo_docs) / "manual.pdf"


def test_every_card_name_and_effect_text_is_in_the_manual(manual, demo_docs):
    from publish.load import load_game

    game, _ = load_game(demo_docs, "demo")
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


def test_colophon_gives_edition_licence_and_build_date(demo_docs, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    text = page_texts(build(demo_docs) / "manual.pdf")[-1]
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


def test_the_first_layout_is_reused_only_while_the_chapters_are_unchanged(demo_docs, tmp_path,
                                                                          monkeypatch):
    from publish.build import read_rules
    from publish.docs import manual as manual_module
    from publish.docs.manual import ManualOptions
    from publish.load import load_game

    layouts = []
    real = manual_module.anchor_pages
    monkeypatch.setattr(manual_module, "anchor_pages",
                        lambda document: layouts.append(1) or real(document))
    cache = tmp_path / "pages.json"

    def html() -> str:
        game, _ = load_game(demo_docs, "demo")
        edition = read_rules(game, "pt-BR", project=demo_docs)
        return manual_module.final_html(edition, demo_docs, ManualOptions(), cache=cache)[0]

    first = html()
    deck = demo_docs / "cards" / "demo" / "decks" / "beta.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "Compre 2 cartas.", "Compre 4 cartas."), encoding="utf-8")  # the chapters name 004 only
    second = html()
    assert len(layouts) == 1 and second != first  # the card list changed, the index did not
    chapter = demo_docs / "cards" / "demo" / "rules" / "pt-BR" / "02-glossario.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nMais um parágrafo.\n",
                       encoding="utf-8")
    html()
    assert len(layouts) == 2
