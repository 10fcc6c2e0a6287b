"""A translated game's changes: Agência (source pt-BR, edition en) with a card reworded and
its effect changed, a rules paragraph clarified and a translation updated."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from moonedits import committed

from conftest import REPO, copy_game, run
from publish.app.changes.compare import compare
from publish.app.changes.since import comparison
from publish.app.changes.versions import versions
from publish.model.load import load_game

GAME = "agencia"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def edit_agencia(game: Path) -> None:
    """006 reworded (its translation following) and made to discard two cards; 046's effect
    made to give three cards where its text and the examples say two; a paragraph of the
    crises chapter clarified (its translation left behind); the English of another
    paragraph of it improved."""
    _edit(game / "decks" / "principal.yaml", "        effect: [{do: give, to: last, n: 2}]",
          "        effect: [{do: give, to: last, n: 3}]")
    _edit(game / "decks" / "principal.yaml",
          "      - direct: Troque de estrutura com alguém com menos cartas.",
          "      - direct: Troque de estrutura com um adversário com menos cartas do que você.")
    _edit(game / "decks" / "principal.yaml", """      - direct: Descarte 1 carta.
        effect: [{do: discard, n: 1}]
    notes: "Quem descarta""", """      - direct: Descarte 2 cartas.
        effect: [{do: discard, n: 2}]
    notes: "Quem descarta""")
    cards = game / "locale" / "en" / "LC_MESSAGES" / "cards.po"
    _edit(cards, '''msgid "Troque de estrutura com alguém com menos cartas."
msgstr "Swap structures with someone with fewer cards."''',
          '''msgid "Troque de estrutura com um adversário com menos cartas do que você."
msgstr "Swap structures with an opponent with fewer cards than you."''')
    _edit(game / "rules" / "pt-BR" / "07-crises.md", "a crise vem depois, quando alguma\n",
          "a crise vem depois, na jogada em que\nalguma ")
    _edit(game / "locale" / "en" / "LC_MESSAGES" / "rules.po",
          '"An impossible instruction: discarding more cards than you have, giving cards"',
          '"An impossible instruction: discarding more cards than you hold, giving cards"')


@pytest.fixture(scope="module")
def agencia(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_game(tmp_path_factory.mktemp("agencia") / "project", GAME)
    shutil.copytree(REPO / "fonts", project / "fonts")
    committed(project, "v1")
    edit_agencia(project / "cards" / GAME)
    return project


@pytest.fixture(scope="module")
def said(agencia: Path) -> list[str]:
    result = run("changes", "v1", "--project", str(agencia))
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_each_edition_says_the_card_change_in_its_words(said):
    english = said.index("en: 2 card(s), 2 rules paragraph(s) changed, 2 translation(s) to "
                         "update")
    assert said[1].startswith("pt-BR: 2 card(s), 1 rules paragraph(s) changed")
    assert ("    text 1: Troque de estrutura com [-alguém -]{+um adversário +}com menos "
            "[-cartas.-]{+cartas do que você.+}") in said[:english]
    assert ("    text 1: Swap structures with [-someone -]{+an opponent +}with fewer "
            "[-cards.-]{+cards than you.+}") in said[english:]


def test_the_engine_effect_is_compared(said):
    effect = [line for line in said if line.startswith("    effect 2:")]
    changed = '    effect 2: [{"do": "discard", "n": 1}] -> [{"do": "discard", "n": 2}]'
    assert effect == [changed] * 2

    assert '    effect 1: [{"do": "give", "n": 2, "to": "last"}] -> [{"do": "give", "n": 3, ' \
        '"to…' in said


def test_the_examples_that_replay_differently(said):
    start = said.index("examples: 3 replay differently")
    assert said[start + 1:start + 3] == [
        "  examples/01-lideranca-e-revolta.md: 0 -> 1 finding(s)",
        "    + 15:21: J1 (Caio): Caio>2>Bia, but Caio>3>Bia (card 046 (Disrupção "
        "tecnocientífica) gives this in that state)"]


def test_a_translation_updated_and_one_left_behind(said):
    english = said[said.index(next(s for s in said if s.startswith("en: "))):]
    assert any("07-crises.md:9: paragraph in list item changed: An impossible instruction: "
               "discarding more cards than you [-have, -]{+hold, +}" in line for line in english)
    assert any(line.startswith("  rules rules/pt-BR/07-crises.md: fuzzy: Crises nascem de")
               for line in english)
    assert "  cards card 006 text 2: fuzzy: Descarte 2 cartas." in english
    assert "    text 2: [-Discard 1 card.-]{+Descarte 2 cartas.+}" in english


def test_the_report_speaks_the_edition_language(agencia, said):
    folder = agencia / "build" / GAME / "changes"
    portuguese = (folder / "pt-BR" / "changes.html").read_text(encoding="utf-8")
    assert "Mudanças de v1 para árvore de trabalho" in portuguese
    assert "2 cartas alteradas" in portuguese and "Efeito 2 (motor de regras)" in portuguese
    assert "3 exemplos se desenrolam de outro modo" in portuguese
    english = (folder / "en" / "changes.html").read_text(encoding="utf-8")
    assert "2 translations to update" in english and "Effect 2 (rules engine)" in english
    assert (folder / "en" / "errata.pdf").is_file()


def test_one_edition_alone(agencia):
    result = run("changes", "v1", "--project", str(agencia), "--locale", "en",
                 "--no-documents")
    assert result.exit_code == 0, result.output
    heads = [line for line in result.output.splitlines() if not line.startswith(" ")]
    assert heads == ["agencia: changes from v1 to working tree",
                     "en: 2 card(s), 2 rules paragraph(s) changed, 2 translation(s) to update",
                     "examples: 3 replay differently"]


def test_an_edition_the_game_does_not_publish_is_refused(agencia):
    result = run("changes", "v1", "--project", str(agencia), "--locale", "fr")
    assert result.exit_code == 1
    assert "changes: agencia has no edition fr (editions: pt-BR, en)" in result.output


def test_the_manual_and_site_compare_the_cards_and_rules_as_the_report_does(agencia):
    """game.yaml's changes_since: the build's comparison is `publish changes`' in every
    edition, without what no player page shows (translations left behind, replays)."""
    config = agencia / "cards" / GAME / "game.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text + "changes_since: v1\n", encoding="utf-8")
    try:
        game, problems = load_game(agencia, GAME)
        assert game is not None and not problems
        built = comparison(agencia, game, ["en", "pt-BR"])
    finally:
        config.write_text(text, encoding="utf-8")
    with versions(agencia, "v1", None) as (before, after):
        reported = compare(before, after, GAME)
    assert [(e.locale, e.cards, e.rules) for e in built.editions] == [
        (e.locale, e.cards, e.rules) for e in reported.editions]
    assert [e.locale for e in built.editions] == ["pt-BR", "en"]
    assert built.examples == () and all(e.stale == () for e in built.editions)
    assert reported.examples and reported.edition("en").stale
