"""The manual's shape from game.yaml: its parts in order, the booklet form, empty parts left out;
and the figures (lining or old-style digits) a game chooses for cards, rules and summaries."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import FIXTURES, REPO, run
from pdftext import bookmarks, contents_entries, page_texts, squash
from publish.docs.manual import ManualOptions, build_date, make_manual, manual_context, manual_html
from publish.docs.rules import read_rules
from publish.docs.shape import items, shown, units
from publish.docs.summaries import summaries_of, summary_html
from publish.model.game import Figures, ManualSpec
from publish.model.load import load_game
from publish.render.decks import SheetSpec, sheet_html

ONE_CHAPTER = """# Regras

Cada jogador recebe 10 cartas; quem tiver 0 cartas na mão compra 1 carta.
A carta {card 001} abre a partida.

## Como jogar

Na sua vez, jogue 1 carta e siga o que ela diz. Vence quem jogar a última.
"""
"""A one-page rules chapter: no glossary (so no index), digits beside letters."""


def small_game(project: Path, game_yaml: str) -> Path:
    """The demo game with one short rules chapter and ``game_yaml`` added to its game.yaml."""
    shutil.copytree(FIXTURES / "projects" / "demo", project)
    shutil.copytree(REPO / "templates" / "_common", project / "templates" / "_common")
    shutil.copytree(REPO / "fonts", project / "fonts")
    rules = project / "cards" / "demo" / "rules" / "pt-BR"
    for chapter in rules.glob("*.md"):
        chapter.unlink()
    (rules / "01-regras.md").write_text(ONE_CHAPTER, encoding="utf-8")
    config = project / "cards" / "demo" / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8") + game_yaml, encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def booklet(tmp_path_factory) -> Path:
    """A small game's booklet, built once: old-style figures in the rules, lining on cards."""
    project = small_game(tmp_path_factory.mktemp("booklet") / "project",
                         "manual: {form: booklet}\nfigures: {rules: oldstyle}\n")
    result = run("build", "manual", "--project", str(project), "--game", "demo")
    assert result.exit_code == 0, result.output
    return project / "build" / "demo" / "pt-BR" / "manual.pdf"


@pytest.fixture(scope="module")
def bare(tmp_path_factory) -> tuple[Path, list[str]]:
    """The small game's full manual when no card has a tag: nothing for cards by effect."""
    project = small_game(tmp_path_factory.mktemp("bare") / "project", "")
    game, problems = load_game(project, "demo")
    assert not problems
    game = replace(game, config=game.config.model_copy(update={"tags": {}}),
                   cards=[replace(card, tags=()) for card in game.cards])
    edition = read_rules(game, "pt-BR", project=project)
    path = project / "manual.pdf"
    path.write_bytes(make_manual(edition, project, ManualOptions()).pdf)
    return path, page_texts(path)


def words(text: str) -> list[str]:
    return text.split()


def test_a_booklet_starts_with_the_rules_under_its_title_and_has_no_empty_page(booklet):
    pages = page_texts(booklet)
    assert len(pages) <= 2  # a one-page chapter and 8 cards: no cover, no contents page
    assert squash(pages[0]).startswith("DemoREGRAS·EDIÇÃO1.0RegrasCadajogadorrecebe10cartas")
    for text in pages:
        assert len(words(text)) > 20, text  # no page holds only its running head and number
    whole = "".join(pages)
    assert "Sumário" not in whole and "Cartas por efeito" not in whole
    assert "Índice remissivo" not in whole  # the chapter defines no term: nothing to index
    assert "Listacompletadecartas" in squash(whole)
    assert "COLOFÃO" in pages[-1]  # a closing note in small capitals, not a page of its own


def test_a_booklet_without_its_card_list_names_cards_unlinked(tmp_path):
    project = small_game(tmp_path / "project",
                         "manual: {form: booklet, parts: [cover, chapters, colophon]}\n")
    result = run("build", "manual", "--project", str(project), "--game", "demo")
    assert result.exit_code == 0, result.output
    pdf = project / "build" / "demo" / "pt-BR" / "manual.pdf"
    game, _ = load_game(project, "demo")
    text = squash("".join(page_texts(pdf)))
    assert squash(f"A carta {game.card('001').name} abre a partida") in text
    assert "Listacompletadecartas" not in text
    links = [annot.get("/A", {}).get("/URI") or annot.get("/Dest")
             for page in PdfReader(pdf).pages for annot in (page.get("/Annots") or [])]
    assert not [link for link in links if link and "card-" in str(link)]


def test_the_colophon_of_a_booklet_heads_no_page(tmp_path):
    project = small_game(tmp_path / "project",
                         "manual: {form: booklet, parts: [cover, chapters, colophon]}\n")
    chapter = project / "cards" / "demo" / "rules" / "pt-BR" / "01-regras.md"
    chapter.write_text(ONE_CHAPTER + "\nNa sua vez, jogue 1 carta e siga o que ela diz.\n" * 40,
                       encoding="utf-8")  # the rules run on to page 2, where the colophon is
    result = run("build", "manual", "--project", str(project), "--game", "demo")
    assert result.exit_code == 0, result.output
    pages = page_texts(project / "build" / "demo" / "pt-BR" / "manual.pdf")
    assert len(pages) == 2 and "Colofão".upper() in pages[1].upper()
    (head,) = [line for line in pages[1].splitlines() if line.startswith("DEMO · REGRAS")]
    assert head.split() == ["DEMO", "·", "REGRAS", "REGRAS"]  # the chapter's, not the colophon's


def test_a_booklets_parts_run_on_in_one_layout():
    spec = ManualSpec(form="booklet")
    assert spec.shape == ("cover", "chapters", "card-list", "changes", "colophon")
    context = _context()
    printed = items(spec, shown(spec, context), context["decks"])
    assert units(printed) == ["booklet"]
    assert [i["part"] for i in printed] == ["cover", "chapters", "card-list", "card-list",
                                            "colophon"]


def test_the_full_form_lays_out_chapters_each_deck_and_the_index_alone_and_the_rest_together():
    spec = ManualSpec()
    context = _context()
    assert units(items(spec, shown(spec, context), context["decks"])) == [
        "cover+contents", "chapters", "deck-a", "deck-b", "cards-by-effect", "index",
        "colophon"]
    spec = ManualSpec(parts=["cover", "contents", "chapters", "cards-by-effect", "colophon",
                             "index"])
    assert units(items(spec, shown(spec, context), context["decks"])) == [
        "cover+contents", "chapters", "cards-by-effect+colophon", "index"]
    spec = ManualSpec(parts=["chapters", "contents", "card-list", "colophon"])
    assert units(items(spec, shown(spec, context), context["decks"])) == [
        "chapters", "contents", "deck-a", "deck-b", "colophon"]


def test_parts_with_nothing_to_show_are_left_out_in_the_order_asked():
    spec = ManualSpec(parts=["colophon", "index", "cards-by-effect", "contents", "card-list",
                             "chapters"])
    assert shown(spec, _context()) == ["colophon", "index", "cards-by-effect", "contents",
                                       "card-list", "chapters"]
    empty = _context(families=[], terms=0, decks=[{"id": "a", "rows": []}])
    assert shown(spec, empty) == ["colophon", "contents", "chapters"]
    assert shown(ManualSpec(parts=["cover", "contents", "colophon"]), empty) == [
        "cover", "contents", "colophon"]
    assert shown(ManualSpec(parts=["cover", "contents"]), empty) == ["cover"]  # lists nothing


def _context(**changes):
    decks = [{"id": "a", "rows": [1]}, {"id": "b", "rows": [1]}, {"id": "c", "rows": []}]
    context = {"chapters": [{"html": "", "id": "rules"}], "toc": [{"id": "rules"}],
               "decks": decks, "families": [{"id": "draw"}], "terms": 2}
    return {**context, **changes}


def test_a_part_with_nothing_to_show_is_neither_printed_nor_listed(bare):
    path, pages = bare
    whole = "".join(pages)
    assert "Cartas por efeito" not in whole and "Índice remissivo" not in whole
    contents = next(t for t in pages if t.startswith("Sumário"))
    assert [title for title, _ in contents_entries(contents)] == [
        "Regras", "Como jogar", "Lista completa de cartas", "Alpha", "Beta", "Colofão"]
    assert [title for depth, title, _ in bookmarks(path) if depth == 0] == [
        "Regras", "Lista completa de cartas", "Colofão"]
    assert all(len(words(t)) > 10 for t in pages[1:])  # the cover has few words


def test_an_unknown_or_repeated_part_is_a_located_error(demo):
    config = demo / "cards" / "demo" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    lines = text.count("\n")
    config.write_text(text + "manual:\n  form: bookelt\n  parts: [chapters, card-lists]\n",
                      encoding="utf-8")
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert (f"game.yaml:{lines + 2}:9: manual.form: unknown value 'bookelt' (did you mean "
            "'booklet'?); expected one of: full, booklet") in result.output
    assert (f"game.yaml:{lines + 3}:21: manual.parts[2]: unknown value 'card-lists' (did you "
            "mean 'card-list'?)") in result.output
    config.write_text(text + "manual:\n  parts: [index, chapters, index]\n", encoding="utf-8")
    result = run("check", "--project", str(demo), "--game", "demo")
    assert f"game.yaml:{lines + 2}:10: manual.parts: " in result.output
    assert "index listed more than once" in result.output


# ---------------------------------------------------------------- figures


def _height_ratio(path: Path, phrase: str) -> float:
    """The height of the first digit of ``phrase`` over that of the letter 'e' before it."""
    document = pdfium.PdfDocument(str(path))
    try:
        for page in document:
            textpage = page.get_textpage()
            text = textpage.get_text_range()
            at = text.find(phrase)
            if at < 0:
                continue
            boxes = {}
            for index in range(at, at + len(phrase)):
                _, bottom, _, top = textpage.get_charbox(index)
                boxes.setdefault(text[index] if not text[index].isdigit() else "digit",
                                 top - bottom)
            return boxes["digit"] / boxes["e"]
    finally:
        document.close()
    raise AssertionError(f"{phrase!r} is not in {path}")


def test_the_rules_print_old_style_figures_and_the_cards_lining_ones_as_chosen(booklet):
    # old-style: a 1 and a 0 as high as an e; lining: as high as a capital
    assert _height_ratio(booklet, "recebe 10") < 1.15
    assert _height_ratio(booklet, "tiver 0") < 1.15
    assert _height_ratio(booklet, "Compre 1") > 1.3  # card 001's effect, in the card list


def test_the_default_figures_are_lining_and_reach_every_template(bare):
    path, _ = bare
    assert Figures().css() == {"cards": "lining-nums", "rules": "lining-nums",
                               "summaries": "lining-nums", "tables": "proportional-nums"}
    assert _height_ratio(path, "recebe 10") > 1.3 and _height_ratio(path, "jogue 1") > 1.3


def test_the_figures_chosen_reach_the_manual_summary_and_sheet_css(tmp_path):
    project = small_game(tmp_path / "project", "figures: {cards: oldstyle, rules: oldstyle, "
                                               "summaries: lining, tables: tabular}\n")
    game, _ = load_game(project, "demo")
    edition = read_rules(game, "pt-BR", project=project)
    context = manual_context(edition, ManualOptions(), build_date())
    html = manual_html(edition, context, None, {})
    assert "body { font-variant-numeric: oldstyle-nums; }" in html
    assert "td, th, nav.toc, .index .pages { font-variant-numeric: oldstyle-nums tabular-nums; }" \
        in html
    assert ".fx, figure.faces { font-variant-numeric: oldstyle-nums; }" in html
    assert "::marker { font-variant-numeric: oldstyle-nums tabular-nums; }" in html
    summary = summary_html(edition, summaries_of(edition)[0], ManualOptions())
    assert "body { font-variant-numeric: lining-nums; }" in summary
    assert "td, th { font-variant-numeric: lining-nums tabular-nums; }" in summary
    assert "::marker { font-variant-numeric: lining-nums tabular-nums; }" in summary
    sheets = sheet_html(edition.shared, SheetSpec("t", ()), [], [])
    assert ".slot { font-variant-numeric: oldstyle-nums; }" in sheets
