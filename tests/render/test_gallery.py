"""The review gallery of Agência: files, data on the page, and the filter run in headless Chromium.

Chromium is Debian's package (/usr/bin/chromium, installed by `make setup`),
driven by its command line only: it loads the page with a filter in the query
string and dumps the DOM after the page's script has run.
"""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from conftest import REPO
from publish.build.run import make
from publish.model.load import load_game
from publish.targets.base import Work

CHROMIUM = Path("/usr/bin/chromium")
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="headless Chromium not installed: apt-get install chromium (or run make setup as root)")

CARD_PX = (248, 346)  # a 63 x 88 mm poker card at 100 dpi


@pytest.fixture(scope="module")
def game(built):
    loaded, problems = load_game(built.parents[3], "agencia")
    assert not problems
    return loaded


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The pt-BR gallery built once into a copy of the project."""
    project = tmp_path_factory.mktemp("gallery")
    for folder in ("cards", "templates", "fonts"):
        shutil.copytree(REPO / folder, project / folder)
    copy, problems = load_game(project, "agencia")
    assert not problems
    said: list[str] = []
    built = make(project, Work(project, copy), "gallery", "pt-BR", say=said.append)
    out = project / "build" / "agencia" / "pt-BR" / "gallery"
    assert [b.path for b in built] == [out / "index.html"] + [
        out / f"contact-{deck}.png" for deck in copy.config.decks]
    assert said[-1] == "  gallery (pt-BR): 214 cards, 5 contact sheets (forced)"
    return out


class Figures(HTMLParser):
    """The figures of a gallery page (attributes, caption text) and the count's text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.figures: list[dict] = []
        self.count = ""
        self.refs: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self._in: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name in ("src", "href"):
            if name in attributes:
                self.refs.append((tag, name, attributes[name] or ""))
        if tag == "figure":
            self.figures.append(attributes | {"text": "", "img": None})
            self._in = "figure"
        elif tag == "img" and self._in == "figure":
            self.figures[-1]["img"] = attributes
        elif tag == "output" and attributes.get("id") == "count":
            self._in = "count"

    def handle_endtag(self, tag):
        if tag in ("figure", "output"):
            self._in = None

    def handle_data(self, data):
        if self._in == "figure":
            self.figures[-1]["text"] += data
        elif self._in == "count":
            self.count += data


def words(text: str) -> str:
    return " ".join(text.split())


def test_one_image_per_distinct_card_and_a_contact_sheet_per_deck(built, game):
    images = sorted((built / "images").glob("*.png"))
    assert [p.stem for p in images] == sorted(c.number for c in game.cards)
    assert len(images) == 214
    for path in images:
        with Image.open(path) as image:
            assert image.size == CARD_PX, path.name
    sheets = sorted(built.glob("contact-*.png"))
    assert [p.name for p in sheets] == sorted(f"contact-{d}.png" for d in game.config.decks)
    for deck in game.config.decks:
        with Image.open(built / f"contact-{deck}.png") as sheet:
            w, h = sheet.size
            faces = len(game.deck_cards(deck))
            assert w * h >= faces * CARD_PX[0] * CARD_PX[1], deck  # room for every face
            assert 1000 <= w <= 4000 and 1000 <= h <= 4000, (deck, sheet.size)
            assert 0.6 <= w / h <= 1.6, (deck, sheet.size)  # a grid, not a strip


def test_the_page_is_self_contained(built):
    html = (built / "index.html").read_text(encoding="utf-8")
    page = Figures(html)
    assert "<link" not in html and "@import" not in html and "url(" not in html
    assert [r for r in page.refs if r[0] == "script"] == []  # the script is inline
    for tag, attribute, value in page.refs:
        assert "://" not in value and not value.startswith(("/", "//")), (tag, value)
        assert (built / value).is_file(), (tag, attribute, value)


def test_every_card_is_on_the_page_with_its_decks_group_and_kind(built, game):
    page = Figures((built / "index.html").read_text(encoding="utf-8"))
    decks = list(game.config.decks)
    assert len(page.figures) == len(game.cards) == 214
    for figure, card in zip(page.figures, sorted(game.cards, key=lambda c: c.number),
                            strict=True):
        assert figure["data-decks"].split() == [d for d in decks if d in card.copies]
        assert figure["data-group"] == (card.group or "")
        assert figure["data-kind"] == card.kind
        assert figure["img"]["src"] == f"images/{card.number}.png"
        assert words(figure["text"]).startswith(f"№ {card.number} {words(card.name)} ")
        assert "hidden" not in figure
    assert words(page.count) == "214 de 214 cartas"


def expected(game, deck=None, group=None, kind=None) -> list[str]:
    """The card numbers a filter selects, from the data."""
    return sorted(c.number for c in game.cards
                  if (deck is None or deck in c.copies)
                  and (group is None or (c.group or "-") == group)
                  and (kind is None or c.kind == kind))


def chromium_dom(page: Path, query: str, profile: Path) -> str:
    """The DOM of ``page?query`` after its script ran, as headless Chromium dumps it."""
    result = subprocess.run(
        [str(CHROMIUM), "--headless=new", "--no-sandbox", "--disable-gpu",
         f"--user-data-dir={profile}", "--virtual-time-budget=5000", "--dump-dom",
         page.as_uri() + query],
        capture_output=True, text=True, timeout=120, check=True)
    assert "<figure" in result.stdout, result.stderr[-2000:]
    return result.stdout


@needs_chromium
@pytest.mark.parametrize(("query", "selected"), [
    ("", {}),
    ("?deck=social&kind=natural", {"deck": "social", "kind": "natural"}),
    ("?deck=principal", {"deck": "principal"}),
    ("?group=vanguarda-do-proletariado", {"group": "vanguarda-do-proletariado"}),
    ("?ideology=utopia-austriaca&deck=historico", {"group": "utopia-austriaca",
                                                  "deck": "historico"}),
    ("?group=-&kind=structural&deck=teorico", {"group": "-", "kind": "structural",
                                               "deck": "teorico"}),
    ("?deck=no-such-deck", {}),  # an unknown value leaves that filter open
])
def test_the_filter_from_the_query_string_in_headless_chromium(built, game, tmp_path, query,
                                                               selected):
    page = Figures(chromium_dom(built / "index.html", query, tmp_path / "profile"))
    visible = sorted(f["id"].removeprefix("card-") for f in page.figures if "hidden" not in f)
    want = expected(game, **selected)
    assert visible == want
    assert words(page.count) == f"{len(want)} de 214 cartas"
    assert len(page.figures) == 214


@needs_chromium
def test_social_natural_are_the_two_natural_cards(built, game, tmp_path):
    """The example filter, with its answer written out: Nova geração and Liderança."""
    page = Figures(chromium_dom(built / "index.html", "?deck=social&kind=natural",
                                tmp_path / "profile"))
    assert [f["id"] for f in page.figures if "hidden" not in f] == ["card-998", "card-999"]
    assert words(page.count) == "2 de 214 cartas"
