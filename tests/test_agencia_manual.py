"""Agência's manual and summaries as published: complete, consistent with the data, in bounds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import REPO
from pdftext import bookmarks, contents_entries, page_texts, squash
from publish.docs.manual import ManualOptions, manual_context
from publish.docs.rules import read_rules

GAME = REPO / "cards" / "agencia"
RULES = GAME / "rules" / "pt-BR"



@pytest.fixture(scope="module")
def game(agencia):
    return agencia

@pytest.fixture(scope="module")
def built(agencia_editions) -> Path:
    """The Portuguese manual and summaries (built once for the session)."""
    return agencia_editions / "build" / "agencia" / "pt-BR"


@pytest.fixture(scope="module")
def manual_text(built) -> list[str]:
    return page_texts(built / "manual.pdf")


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&amp;", "&")


def test_every_card_name_and_effect_text_is_in_the_manual(game, manual_text):
    edition = read_rules(game, "pt-BR", project=REPO)
    text = squash("".join(manual_text))
    missing = [(card.number, card.name) for card in game.cards if squash(card.name) not in text]
    missing += [(card.number, block.text) for card in game.cards
                for block, html in zip(card.blocks, _effects(edition, card), strict=True)
                if squash(plain(html)) not in text]
    assert not missing


def _effects(edition, card) -> list[str]:
    """Each block's text as printed (the typography turns quantities into numerals)."""
    html = str(edition.markdown.effect_html(card))
    return re.findall(r'<span class="fx fx-\w+">(.*?)</span>(?= <span class="fx|$)', html)


def test_contents_entries_point_at_their_pages(built, manual_text):
    contents = [t for t in manual_text[:4] if t.startswith("Sumário")]
    entries = [e for t in contents for e in contents_entries(t)]
    marks = {(title, page) for _, title, page in bookmarks(built / "manual.pdf")}
    assert len(entries) > 30
    wrong = [(title, page) for title, page in entries
             if (title, page) not in marks or squash(title) not in squash(manual_text[page - 1])]
    assert not wrong


def test_every_generated_list_holds_exactly_the_cards_the_data_gives(game):
    """The lists in the rendered rules against the deck files read independently."""
    raw = [card | {"deck": path.stem} for path in sorted((GAME / "decks").glob("*.yaml"))
           for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]]
    edition = read_rules(game, "pt-BR", project=REPO)
    html = "".join(c["html"] for c in manual_context(edition, ManualOptions(),
                                                     _today())["chapters"])
    lists = re.findall(r'<(ul|table|span) class="card-query[^"]*" data-query="([^"]+)">(.*?)</\1>',
                       html, flags=re.S)
    assert len(lists) >= 20
    for _, query, body in lists:
        listed = set(re.findall(r'href="#card-(\d+)"', body))
        assert listed == _select(raw, query), query


def _today():
    import datetime as dt

    return dt.date(2026, 1, 1)


def _select(raw: list[dict], query: str) -> set[str]:
    wanted = {field: set(value.split(",")) for field, value in
              (word.split("=", 1) for word in query.split() if not word.startswith("as="))}
    found = set()
    for card in raw:
        copies = card.get("copies", 1)
        has = {"deck": set(copies) if isinstance(copies, dict) else {card["deck"]},
               "kind": {card.get("kind", "structural")},
               "ideology": {card.get("ideology")},
               "tag": set(card.get("tags", []))}
        if all(has[field] & values for field, values in wanted.items()):
            found.add(card["number"])
    return found


def test_every_example_partida_and_every_hegemony_is_in_the_manual(game):
    edition = read_rules(game, "pt-BR", project=REPO)
    manual_context(edition, ManualOptions(), _today())
    assert not edition.ctx.problems
    assert sorted(edition.ctx.examples_shown) == sorted(p.stem for p in
                                                         (GAME / "examples").glob("*.md"))
    assert set(edition.ctx.hegemonies) == set(game.config.groups.values)


def test_summaries_fit_their_pages(built):
    for source in sorted((RULES / "summaries").glob("*.md")):
        allowed = yaml.safe_load(source.read_text(encoding="utf-8").split("---")[1])["pages"]
        pages = page_texts(built / f"summary-{source.stem}.pdf")
        assert 1 <= len(pages) <= allowed, source.name
    assert {p.stem for p in (RULES / "summaries").glob("*.md")} >= {
        "simples", "bourdieu", "hegemonia"}


def test_hegemony_summary_lists_every_ideology_and_its_cards(game, built):
    text = squash("".join(page_texts(built / "summary-hegemonia.pdf")))
    for group_id, group in game.config.groups.values.items():
        assert squash(group.name) in text
        for card in game.cards:
            if card.group == group_id:
                assert squash(card.name) in text, card.number


def test_rules_sources_never_type_a_card_name(game):
    """Names come from {card} references, so that a rename reaches every text."""
    names = sorted({card.name for card in game.cards}, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w{])(" + "|".join(map(re.escape, names)) + r")(?!\w)")
    typed = []
    for path in [*RULES.rglob("*.md"), *(GAME / "examples").glob("*.md")]:
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"```.*?```", "", text, flags=re.S)   # logs
        text = re.sub(r"\{[^{}]*\}", "", text)               # directives
        text = re.sub(r"^(title|shows):.*$", "", text, flags=re.M)
        typed += [f"{path.name}: {m[1]}" for m in pattern.finditer(text)]
    assert not typed
