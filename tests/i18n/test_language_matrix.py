"""Issue 44's language matrix: a game fresh from `publish new` builds its decks, manual and
summaries clean (the layout check over every page: no glyph in a font the templates do not
name, no overflow) in the languages that stress the toolchain, German (long compound
words, hyphenation), Polish (three plural forms) and Japanese (no spaces, its own line
breaking, a CJK font), and counts in each language's plural forms.

`make test` builds the three stress languages, once per session; `pytest -m long` adds the
English source, Brazilian Portuguese and French editions (the bounded form: the stress
languages carry every case the others do)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from moon_editions import add_editions, tagged, translate
from moon_translations import TRANSLATIONS, TYPOGRAPHY

from conftest import empty_project, run
from pdftext import page_texts, squash
from publish.model.load import load_game
from publish.render.layout_check import check_build

STRESS = ("de", "pl", "ja")
EVERY = ("en", "pt-BR", "fr", *STRESS)
TARGETS = ("decks", "manual", "summaries")


def translated(table: dict):
    """A translation from ``table``: by a card message's context, else by the source text."""
    def how(message):
        key = message.context if (message.context or "").startswith("card ") else None
        if key is None:
            words = message.id[0] if isinstance(message.id, tuple | list) else message.id
            key = str(words)
        return table.get(key)
    return how


def with_typography(project: Path) -> None:
    """Each stress edition's quotation marks and bold words, in game.yaml."""
    path = project / "cards" / "moon" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    extra = yaml.safe_dump({"typography": TYPOGRAPHY}, allow_unicode=True).split("\n", 1)[1]
    path.write_text(text.replace("typography:\n", "typography:\n" + extra, 1), encoding="utf-8")


def translated_moon(folder: Path) -> Path:
    """A `publish new` game with every edition of the matrix, translated."""
    project = empty_project(folder)
    assert run("new", "moon", "--project", str(project), "--author", "Jane Doe").exit_code == 0
    add_editions(project, *EVERY[1:])
    with_typography(project)
    for locale in EVERY[1:]:
        for domain in ("cards", "rules"):
            how = (translated(TRANSLATIONS[locale]) if locale in TRANSLATIONS
                   else tagged(locale.upper()))
            translate(project, locale, domain, how)
    schema = run("schema", "--project", str(project), "--game", "moon", "-o",
                 str(project / "cards" / "moon" / "deck.schema.json"))
    assert schema.exit_code == 0, schema.output
    return project


def build(project: Path, locale: str) -> Path:
    for target in TARGETS:
        result = run("build", target, "--project", str(project), "--game", "moon",
                     "--locale", locale, "--strict")
        assert result.exit_code == 0, result.output
    return project / "build" / "moon" / locale


@pytest.fixture(scope="session")
def matrix(tmp_path_factory) -> Path:
    """The matrix game with its stress editions built, once for every test that reads it."""
    project = translated_moon(tmp_path_factory.mktemp("matrix") / "project")
    for locale in STRESS:
        build(project, locale)
    return project


def layout(project: Path, locale: str) -> list[str]:
    game, problems = load_game(project, "moon")
    assert not problems
    return [str(f) for f in check_build(project / "build" / "moon" / locale, game)]


def test_the_matrix_game_checks_clean(matrix):
    result = run("check", "--project", str(matrix), "--game", "moon")
    assert result.exit_code == 0, result.output
    status = run("i18n", "status", "--strict", "--project", str(matrix), "--game", "moon")
    assert status.exit_code == 0, status.output


@pytest.mark.parametrize("locale", STRESS)
def test_an_edition_builds_clean_in_every_page(matrix, locale):
    built = matrix / "build" / "moon" / locale
    assert {p.name for p in built.glob("*.pdf")} >= {
        "deck-main.pdf", "deck-starter.pdf", "manual.pdf", "summary-quick-reference.pdf"}
    assert layout(matrix, locale) == []


COUNTS = {
    "de": ["3 Charakterkarten", "1 Ausrüstungsgegenstand", "1 Ereigniskarte", "5 Karten"],
    "pl": ["3 postacie", "1 przedmiot", "1 wydarzenie", "5 kart"],
    "ja": ["3 キャラクター", "1 アイテム", "1 イベント", "5枚"],
}
"""What the manual's card list says of the main deck (five cards: three characters, the
Keeper twice, an item and an event), in each language's plural forms."""


@pytest.mark.parametrize("locale", STRESS)
def test_the_manual_counts_in_the_editions_plural_forms(matrix, locale):
    text = squash(" ".join(page_texts(matrix / "build" / "moon" / locale / "manual.pdf")))
    missing = [words for words in COUNTS[locale] if squash(words) not in text]
    assert not missing, text[:3000]


def test_japanese_is_set_in_the_cjk_families_the_templates_name(matrix):
    fonts = {f.split("+")[-1] for f in _fonts(matrix / "build" / "moon" / "ja" / "manual.pdf")}
    assert {"Noto-Serif-CJK-JP", "Noto-Sans-CJK-JP-Bold"} <= fonts, fonts


def _fonts(path: Path) -> set[str]:
    import pikepdf

    names = set()
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for font in (page.Resources.get("/Font") or {}).values():
                names.add(str(font.get("/BaseFont", "")).lstrip("/"))
    return names


@pytest.mark.long
def test_every_edition_of_the_matrix_builds_clean(tmp_path):
    """The whole matrix, the source and Latin editions too (`pytest -m long`)."""
    project = translated_moon(tmp_path / "project")
    found = {}
    for locale in EVERY:
        build(project, locale)
        found[locale] = layout(project, locale)
    assert found == {locale: [] for locale in EVERY}
