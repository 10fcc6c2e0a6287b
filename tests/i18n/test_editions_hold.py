"""Issue 44's reproductions, each on a game fresh from `publish new` given a French edition
by the documented workflow: names by identity, gettext's plural forms, the shared catalogs
left alone by a game's commands, translations checked for what they must keep."""

from __future__ import annotations

from pathlib import Path

import pytest
from moon_editions import add_editions, line_of, tagged, translate

from conftest import empty_project, run
from publish.app.catalogs.workflow import shared_locales
from publish.i18n.catalog import po_path, read_catalog

STORM = "Tempête soudaine"


def chapter(project: Path) -> Path:
    return project / "cards" / "moon" / "rules" / "en" / "01-how-to-play.md"


def write_in_chapter(project: Path, line: str) -> None:
    path = chapter(project)
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def check(project: Path):
    return run("check", "--project", str(project), "--game", "moon")


def french_storm(message) -> str | None:
    return STORM if message.context == "card 080 name" else None


def problems(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": " in line and "moon" in line
            and ("/" in line.split(": ")[0])]


# ------------------------------------------------------------------ 1. names by identity


def test_a_name_right_in_the_source_stays_right_once_translated(moon):
    write_in_chapter(moon, "Beware {card Sudden Storm} in the market.")
    assert check(moon).exit_code == 0
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", french_storm)
    result = check(moon)
    assert result.exit_code == 0, result.output


def test_a_translation_names_a_card_by_its_translated_name(moon):
    write_in_chapter(moon, "Beware {card Sudden Storm} in the market.")
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", french_storm)
    po = translate(moon, "fr", "rules", lambda m: (
        "Gare à {card Tempête soudaine} au marché." if "Beware" in str(m.id) else None))
    assert check(moon).exit_code == 0
    translate(moon, "fr", "rules", lambda m: (
        "Gare à {card Tempete soudaine} au marché." if "Beware" in str(m.id) else None))
    result = check(moon)
    assert result.exit_code == 1
    line = line_of(po, "Beware")
    assert (f"{po}:{line}:1: {{card Tempete soudaine}}: no card has this name in this "
            f"translation (did you mean '{STORM}'?)") in result.output


def test_a_wrong_name_is_one_problem_with_its_suggestion(moon):
    write_in_chapter(moon, "Beware {card Sudden Strom} in the market.")
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", french_storm)
    result = check(moon)
    assert result.exit_code == 1
    said = [line for line in result.output.splitlines() if "Sudden Strom" in line]
    assert len(said) == 1, result.output
    assert "(did you mean 'Sudden Storm'?)" in said[0]


# ------------------------------------------------------------------ 2. plural forms


def shared_catalogs(project: Path) -> dict[str, bytes]:
    folder = project / "templates" / "_common"
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_games_i18n_commands_never_write_the_shared_catalogs(moon):
    before = shared_catalogs(moon)
    add_editions(moon, "fr", "pl", "it")
    for command in ("extract", "update", "status"):
        run("i18n", command, "--project", str(moon), "--game", "moon")
    assert shared_catalogs(moon) == before
    assert not (moon / "templates" / "_common" / "locale" / "it").exists()
    status = run("i18n", "status", "--project", str(moon), "--game", "moon", "--locale", "it")
    assert "it: the shared words (templates/_common/locale) ship with the toolchain" in \
        status.output


@pytest.mark.parametrize(("locale", "header", "forms"), [
    ("fr", "nplurals=2; plural=(n > 1);", 2),
    ("pl", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
           "? 1 : 2);", 3),
    ("ja", "nplurals=1; plural=0;", 1),
    ("es", "nplurals=2; plural=(n != 1);", 2),
])
def test_a_new_catalog_takes_the_plural_forms_gettext_writes(moon, locale, header, forms):
    """The forms msginit, Poedit and Weblate give the language, not CLDR's (Babel's), which
    adds a third form for round millions in French, Spanish and Portuguese."""
    add_editions(moon, locale)
    path = po_path(moon / "cards" / "moon", locale, "cards")
    assert read_catalog(path, locale, project=moon).plural_forms == header
    text = path.read_text(encoding="utf-8")
    entry = text[text.index('msgctxt "kind event counted"'):].split("\n\n")[0]
    assert entry.count("msgstr[") == forms


def test_a_french_edition_counts_in_french_after_the_games_update(moon):
    """The shared French words count every number, a million too, in French."""
    add_editions(moon, "fr")
    from publish.i18n.translate import template_words
    from publish.model.load import load_game

    game, problems = load_game(moon, "moon")
    assert not problems
    words = template_words(game, "fr")
    assert words is not None
    counted = [words.ngettext("{n} card", "{n} cards", n).format(n=n)
               for n in (0, 1, 2, 34, 1_000_000)]
    assert counted == ["0 carte", "1 carte", "2 cartes", "34 cartes", "1000000 cartes"]
    assert not words.untranslated


# ------------------------------------------------------------------ 3. translations kept


def test_a_card_translation_that_drops_an_icon_is_found_at_its_po_line(moon):
    add_editions(moon, "fr")
    po = translate(moon, "fr", "cards", lambda m: (
        "Au début de votre tour, gagnez 1 étoile." if m.context == "card 002 text 1" else None))
    result = check(moon)
    assert result.exit_code == 1
    line = line_of(po, 'msgctxt "card 002 text 1"') + 1
    assert f"{po}:{line}:1: the translation of 'At the start of your turn, Gain 1 :star…': " \
           in result.output
    assert "drops :star:" in result.output.splitlines()[0]
    status = run("i18n", "status", "--strict", "--project", str(moon), "--game", "moon")
    assert status.exit_code == 1
    assert "drops :star:" in status.output


def test_an_unknown_icon_in_a_card_translation_is_found_at_its_po_line(moon):
    add_editions(moon, "fr")
    po = translate(moon, "fr", "cards", lambda m: (
        "Chaque joueur défausse 1 carte. Gagnez 1 :etoile: par carte défaussée."
        if m.context == "card 080 text 1" else None))
    result = check(moon)
    assert result.exit_code == 1
    line = line_of(po, 'msgctxt "card 080 text 1"') + 1
    assert f"{po}:{line}:1:" in result.output
    assert "has :etoile:, which its source lacks" in result.output
    assert "main.yaml" not in result.output


def test_a_rules_translation_that_drops_a_card_reference_is_found_at_its_po_line(moon):
    add_editions(moon, "fr")
    po = translate(moon, "fr", "rules", lambda m: (
        "Elle frappe tout le monde." if str(m.id).startswith("{card 080} hurts") else None))
    result = check(moon)
    assert result.exit_code == 1
    line = line_of(po, 'msgid "{card 080} hurts')
    assert f"{po}:{line}:1:" in result.output
    assert "drops {card 080}" in result.output


def test_a_complete_translation_that_keeps_everything_checks_clean(moon):
    add_editions(moon, "fr")
    for domain in ("cards", "rules"):
        translate(moon, "fr", domain, tagged("FR"))
    result = check(moon)
    assert result.exit_code == 0, result.output


def test_the_shared_catalogs_are_what_their_maintainers_command_writes(tmp_path):
    """`publish i18n shared` on a clean checkout changes no byte of any shipped language's
    catalog; given a new language it makes its catalog with gettext's plural forms."""
    project = empty_project(tmp_path / "project")
    before = shared_catalogs(project)
    shipped = sorted(p.name for p in (project / "templates" / "_common" / "locale").iterdir()
                     if p.is_dir())
    assert shipped == sorted(shared_locales(project))
    result = run("i18n", "shared", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert shared_catalogs(project) == before
    result = run("i18n", "shared", "--locale", "sk", "--project", str(project))
    assert result.exit_code == 0, result.output
    made = project / "templates" / "_common" / "locale" / "sk" / "LC_MESSAGES" / "templates.po"
    catalog = read_catalog(made, "sk", project=project)
    assert catalog.num_plurals == 3
    assert 'msgid "Contents"' in made.read_text(encoding="utf-8")
    assert run("i18n", "shared", "--locale", "../x", "--project", str(project)).exit_code == 2


def test_a_translated_card_field_is_located_at_its_po_message(moon):
    """A problem with a translated text (an unknown icon the build meets, an overflow) is
    said at the translation, which the translator can change, not at the source."""
    add_editions(moon, "fr")
    po = translate(moon, "fr", "cards", lambda m: (
        "Chaque joueur défausse 1 carte. Gagnez 1 :star: par carte défaussée."
        if m.context == "card 080 text 1" else None))
    from publish.i18n.translate import in_locale
    from publish.model.load import load_game

    game, problems = load_game(moon, "moon")
    assert not problems
    french, _ = in_locale(game, "fr")
    storm = french.card("080")
    line = line_of(po, 'msgctxt "card 080 text 1"') + 1
    assert (storm.where("text").path, storm.where("text").line) == (po, line)
    assert storm.where("text", 0, "effect").line == line
    assert storm.where("name").path.name == "main.yaml"  # untranslated: the source


def test_a_new_edition_keeps_the_sources_typography_and_check_says_so(moon):
    """Without a typography section of its own, an edition takes the source's bold words
    (it silently lost them) until it has one, and `publish check` warns once per edition."""
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", tagged("FR"))
    result = check(moon)
    assert result.exit_code == 0, result.output
    assert ("typography: the 'fr' edition has no section of its own and uses the source's "
            "('en': its bold and italic words, quotes and numerals) until you write one"
            ) in result.output
    from publish.i18n.translate import in_locale
    from publish.model.load import load_game
    from publish.render.faces import face_context

    game, _ = load_game(moon, "moon")
    french, _ = in_locale(game, "fr")
    face = face_context(french, french.card("001"), "main", "fr", {})
    assert "Draw</strong>" in str(face.boxes[0].html)


def test_a_choice_value_is_a_message_printed_in_the_editions_words(moon):
    """A choice field's values are translated like its label ("Rareté: commune", not
    "Rareté: common")."""
    config = moon / "cards" / "moon" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("fields:\n", "fields:\n  rarity: {type: choice, choices: "
                                   "[common, rare], default: common, label: Rarity}\n", 1),
                      encoding="utf-8")
    add_editions(moon, "fr")
    french_words = {"field rarity label": "Rareté", "field rarity choice common": "commune"}
    translate(moon, "fr", "cards", lambda m: french_words.get(m.context or ""))
    from publish.docs.manual import listed_fields
    from publish.i18n.translate import in_locale
    from publish.model.load import load_game

    game, problems = load_game(moon, "moon")
    assert not problems
    french, words = in_locale(game, "fr")
    shown = listed_fields(french, french.card("001"), "fr", words)["fields"]
    assert {"id": "rarity", "label": "Rareté", "value": "commune"} in shown


def test_a_translated_note_names_cards_by_their_translated_names(moon):
    """A card's notes are a catalog's text in a translated edition: the names in them are the
    edition's, like a translated rules paragraph's."""
    deck = moon / "cards" / "moon" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("    name: Lantern\n",
                                 "    name: Lantern\n    notes: \"Best before {card Sudden "
                                 "Storm}.\"\n", 1), encoding="utf-8")
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", lambda m: {
        "card 080 name": STORM, "card 050 notes": "Avant {card Tempête soudaine}."}.get(
            m.context or ""))
    from publish.docs.manual import card_lists
    from publish.docs.rules import read_rules
    from publish.model.load import load_game

    game, problems = load_game(moon, "moon")
    assert not problems
    edition = read_rules(game, "fr", project=moon)
    lists = card_lists(edition)
    notes = [str(row["notes"]) for deck in lists for row in deck["rows"] if row["notes"]]
    assert edition.ctx.problems == []
    assert any(STORM in note for note in notes), notes
