"""Harbourlight, a second game with no rules engine, published by the same toolchain.

Its solo booklet's reference tables are checked against the deck files read
independently, every icon token against game.yaml's icons, and the campaign
record sheet against the page it must fill.
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
import yaml

from conftest import REPO, run
from pdftext import bookmarks, page_texts
from publish.docs.manual import ManualOptions, make_manual, whole_html
from publish.docs.rules import read_rules
from publish.model.load import load_game

GAME = "harbourlight"
ROOT = REPO / "cards" / GAME
TOKEN = re.compile(r":([a-z][a-z0-9-]*):")


@pytest.fixture(scope="module")
def project(harbourlight_built) -> Path:
    """The session's copy of the project, Harbourlight built whole (tests/conftest.py)."""
    return harbourlight_built


@pytest.fixture(scope="module")
def built(project) -> Path:
    """What `publish build --game harbourlight` wrote: decks, print-shop files, booklet."""
    return project / "build" / GAME / "en"


@pytest.fixture(scope="module")
def edition(project):
    game, problems = load_game(project, GAME)
    assert not problems
    return read_rules(game, "en", project=project)


@pytest.fixture(scope="module")
def chapters_html(edition) -> str:
    html = "".join(str(edition.markdown.render(source)) for source in edition.chapters)
    edition.raise_problems()
    return html


def deck_files() -> dict[str, list[dict]]:
    """The cards of each deck file, read without the toolchain."""
    decks = {}
    for path in sorted((ROOT / "decks").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        decks[data["deck"]] = data["cards"]
    return decks


def blocks(card: dict) -> list[tuple[str, str]]:
    return [next((k, v) for k, v in block.items() if k != "effect") for block in card["text"]]


def test_check_passes_and_says_it_checks_structure_only():
    result = run("check", "--project", str(REPO), "--game", GAME)
    assert result.exit_code == 0, result.output
    assert "structure only: this game has no rules engine; no problems" in result.output


def test_the_build_writes_the_booklet_and_the_print_and_cut_decks(built):
    for name in ("manual.pdf", "decks-all.pdf", "deck-market.pdf", "deck-starter.pdf",
                 "deck-tide.pdf"):
        assert (built / name).stat().st_size > 10_000, name
    assert len(page_texts(built / "manual.pdf")) >= 12


def rows_of(table: str) -> list[tuple[str, str, str]]:
    """(number, name, effect with icons as :tokens:) of each row of a rendered card table."""
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)  # the number: a row header
        effect = re.sub(r'<span class="icon icon-([a-z0-9-]+)"[^>]*>.*?</svg></span>', r":\1:",
                        cells[2], flags=re.S)
        effect = " ".join(re.sub(r"<[^>]+>", "", effect).split())
        plain = html_lib.unescape(re.sub(r"<[^>]+>", "", cells[1]))
        found.append((cells[0], plain, html_lib.unescape(effect)))
    return found


def expected_rows(query: str, decks: dict[str, list[dict]]) -> list[tuple[str, str, str]]:
    terms = dict(word.split("=", 1) for word in query.split())
    numbers = [tuple(int(n) for n in (span.split("-") * 2)[:2])
               for span in terms.get("number", "0-999").split(",")]
    cards = [c for deck, cs in decks.items() for c in cs
             if ("deck" not in terms or deck == terms["deck"])
             and ("faction" not in terms or c.get("faction") == terms["faction"])
             and any(low <= int(c["number"]) <= high for low, high in numbers)]
    rows = []
    for card in sorted(cards, key=lambda c: c["number"]):
        shown = [text for kind, text in blocks(card)
                 if "block" not in terms or kind == terms["block"]]
        if shown:
            rows.append((card["number"], card["name"], " ".join(" ".join(shown).split())))
    return rows


def test_every_reference_table_of_the_booklet_matches_the_deck_files(chapters_html):
    tables = re.findall(r'<table class="card-query card-table" data-query="([^"]+)">(.*?)</table>',
                        chapters_html, re.S)
    queries = [html_lib.unescape(q) for q, _ in tables]
    decks = deck_files()
    factions = yaml.safe_load((ROOT / "game.yaml").read_text(encoding="utf-8"))["groups"]["values"]
    for faction in factions:  # one table per faction and one per state of the Tide
        assert any(f"faction={faction}" in q for q in queries), faction
    assert any("block=calm" in q for q in queries) and any("block=storm" in q for q in queries)
    for query, (_, table) in zip(queries, tables, strict=True):
        query = query.replace(" as=table", "").replace("as=table ", "")
        assert rows_of(table) == expected_rows(query, decks), query


def test_a_changed_card_changes_its_reference_table(project, edition):
    decks = project / "cards" / GAME / "decks" / "tide.yaml"
    original = decks.read_text(encoding="utf-8")
    first = deck_files()["tide"][0]
    calm = dict(blocks(first))["calm"]
    try:
        decks.write_text(original.replace(calm, "Gain :coin: :coin: :coin:.", 1),
                         encoding="utf-8")
        game, _ = load_game(project, GAME)
        html = "".join(str(read_rules(game, "en").markdown.render(s))
                       for s in read_rules(game, "en").chapters)
        assert "Gain :coin:" not in html  # icons are drawn, never left as tokens
        row = next(r for r in re.findall(r"<tr>(.*?)</tr>", html, re.S)
                   if f">{first['number']}<" in r and "icon-coin" in r)
        assert row.count("icon-coin") == 3
    finally:
        decks.write_text(original, encoding="utf-8")


def test_every_icon_token_of_cards_and_rules_is_declared_and_drawn(chapters_html):
    declared = yaml.safe_load((ROOT / "game.yaml").read_text(encoding="utf-8"))["icons"]
    sources = [*(ROOT / "decks").glob("*.yaml"), *(ROOT / "rules").rglob("*.md")]
    used = {token for path in sources for token in TOKEN.findall(path.read_text("utf-8"))}
    assert used and used <= set(declared), used - set(declared)
    kinds = {spec["kind"] for spec in declared.values()}
    assert {"resource", "suit", "type", "state"} <= kinds
    for token, spec in declared.items():
        svg = ElementTree.parse(ROOT / "icons" / spec.get("file", f"{token}.svg")).getroot()
        assert svg.tag.endswith("svg") and svg.get("viewBox"), token
    assert 'class="error"' not in chapters_html
    assert re.findall(r"(?<![\w/]):[a-z]+:(?!\w)", re.sub(r"<code>.*?</code>", "",
                                                          chapters_html)) == []


def test_variant_setup_steps_are_written_once_and_labelled_for_their_factions(chapters_html):
    steps = re.findall(r'<li class="variant ([^"]+)">', chapters_html)
    assert steps
    factions = yaml.safe_load((ROOT / "game.yaml").read_text(encoding="utf-8"))["groups"]["values"]
    labelled = {cls.removeprefix("for-") for step in steps for cls in step.split()
                if cls.startswith("for-")}
    assert labelled == set(factions)


def test_the_record_sheet_fills_a_page_of_its_own(edition, project):
    from publish.model.game import game_files
    from publish.render.pdf import render

    # the manual as one document: its pages are the parts' pages (tests/docs/test_manual.py)
    html = whole_html(edition, make_manual(edition, project, ManualOptions()))
    document = render(html, project, "manual", game_files(edition.game))
    found = []
    for number, page in enumerate(document.pages, start=1):
        stack = [page._page_box]
        while stack:
            box = stack.pop()
            element = getattr(box, "element", None)
            if element is not None and "record-sheet" in (element.get("class") or "").split():
                found.append((number, page, box))
            stack.extend(getattr(box, "children", []))
    assert len(found) == 1
    number, page, sheet = found[0]
    mm = 25.4 / 96
    top, bottom = page._page_box.content_box_y(), page._page_box.content_box_y() + \
        page._page_box.height
    assert abs(sheet.position_y - top) * mm < 1.0
    assert (bottom - (sheet.position_y + sheet.margin_height())) * mm < 6.0  # fills the page
    assert sheet.width * mm > 180
    sheet_words = set(page_texts_of(document)[number - 1].lower().split())  # headings: caps
    columns = re.search(r'\{record-sheet[^}]*columns="([^"]+)"',
                        (ROOT / "rules" / "en" / "08-campaign.md").read_text("utf-8"))[1]
    assert sheet_words and sheet_words <= set(
        TOKEN.sub("", columns).replace("|", " ").lower().split())


def page_texts_of(document) -> list[str]:
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pdf") as fh:
        fh.write(document.write_pdf())
        fh.flush()
        return page_texts(Path(fh.name))


def test_the_quick_reference_is_one_page(built):
    marks = [(title, page) for depth, title, page in bookmarks(built / "manual.pdf")
             if depth == 0]
    index = next(i for i, (title, _) in enumerate(marks) if "quick reference" in title.lower())
    assert marks[index + 1][1] - marks[index][1] == 1, marks
