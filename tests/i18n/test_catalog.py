"""Merging a PO with changed sources: nothing a translator wrote is ever lost."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from bombs import PEAK_MB, SECONDS, measured, write_po

from publish.core.problems import ProblemsFound
from publish.i18n import catalog as catalogs
from publish.i18n.catalog import MAX_MESSAGES, domain, merge, read_catalog, write_catalog


def catalog(*entries, locale=None):
    result = Catalog(locale=locale)
    for ctxt, msgid, msgstr in entries:
        result.add(msgid, msgstr, context=ctxt)
    return result


def by_key(c):
    return {(m.context, m.id): m for m in c if m.id}


def test_an_unchanged_message_keeps_its_translation():
    merged = merge(catalog(("card 001 name", "Primeira", "")),
                   catalog(("card 001 name", "Primeira", "First"), locale="en"), domain("cards"))
    message = by_key(merged)[("card 001 name", "Primeira")]
    assert message.string == "First" and not message.fuzzy


def test_an_edited_card_text_keeps_its_old_translation_fuzzy_with_the_previous_source():
    merged = merge(catalog(("card 001 text 1", "Compre 3 cartas e descarte 1.", "")),
                   catalog(("card 001 text 1", "Compre 1 carta.", "Draw 1 card."), locale="en"),
                   domain("cards"))
    message = by_key(merged)[("card 001 text 1", "Compre 3 cartas e descarte 1.")]
    assert message.fuzzy and message.string == "Draw 1 card."
    assert message.previous_id == ["Compre 1 carta."]
    assert not merged.obsolete


def test_a_card_text_never_takes_another_cards_translation():
    merged = merge(catalog(("card 002 text 1", "Compre 1 carta.", "")),
                   catalog(("card 001 text 1", "Compre 1 carta!", "Draw 1 card!"), locale="en"),
                   domain("cards"))
    assert not by_key(merged)[("card 002 text 1", "Compre 1 carta.")].string
    assert next(iter(merged.obsolete.values())).string == "Draw 1 card!"


def test_a_reworded_paragraph_is_fuzzy_and_a_rewritten_one_is_new():
    old = catalog(("rules/a.md", "Cada jogador recebe cinco cartas no início.", "Five cards."),
                  ("rules/a.md", "Um parágrafo que vai sumir de vez.", "Gone."), locale="en")
    new = catalog(("rules/a.md", "Cada jogador recebe seis cartas no início.", ""),
                  ("rules/a.md", "Texto completamente diferente.", ""))
    merged = by_key(m := merge(new, old, domain("rules")))
    assert merged[("rules/a.md", "Cada jogador recebe seis cartas no início.")].fuzzy
    assert not merged[("rules/a.md", "Texto completamente diferente.")].string
    assert [o.string for o in m.obsolete.values()] == ["Gone."]


def test_catalogs_round_trip_through_po_files_with_previous_sources(tmp_path):
    merged = merge(catalog(("card 001 text 1", "Compre 2 cartas.", "")),
                   catalog(("card 001 text 1", "Compre 1 carta.", "Draw 1 card."), locale="en"),
                   domain("cards"))
    path = tmp_path / "en" / "cards.po"
    write_catalog(path, merged)
    text = path.read_text(encoding="utf-8")
    assert '#| msgid "Compre 1 carta."' in text and "#, fuzzy" in text
    again = by_key(read_catalog(path, "en", project=path.parent))[
        ("card 001 text 1", "Compre 2 cartas.")]
    assert again.fuzzy and again.string == "Draw 1 card."


def test_a_broken_po_file_is_reported_with_its_line(tmp_path):
    path = tmp_path / "cards.po"
    path.write_text('msgid "a"\nmsgstr "b"\n\nnot po at all\n', encoding="utf-8")
    with pytest.raises(ProblemsFound) as found:
        read_catalog(path, "en", project=path.parent)
    problem = found.value.problems[0]
    assert problem.location.path == path and problem.location.line == 4
    assert "not a readable PO file" in problem.message


def po_text(merged) -> str:
    from publish.i18n.catalog import _po_bytes
    return _po_bytes(merged).decode("utf-8")


@pytest.mark.parametrize("rule", ["nplurals=2; plural=(n > 1);",
                                  "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);"])
def test_update_keeps_the_plural_rule_the_file_states_whatever_babel_says(tmp_path, rule):
    """A PO file's Plural-Forms is its translator's: CLDR's rule for the language, which
    changes between Babel's releases, never replaces it (msgmerge keeps it too)."""
    path = tmp_path / "pt_BR.po"
    path.write_text(f'msgid ""\nmsgstr ""\n"Language: pt_BR\\n"\n"Plural-Forms: {rule}\\n"\n\n'
                    'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
                    'msgstr[0] "{n} carta"\nmsgstr[1] "{n} cartas"\n', encoding="utf-8")
    old = read_catalog(path, "pt-BR", project=tmp_path)
    template = Catalog()
    template.add(("{n} card", "{n} cards"), ("", ""))
    text = po_text(merge(template, old, domain("templates")))
    assert f'"Plural-Forms: {rule}\\n"' in text
    forms = int(rule.split(";")[0].split("=")[1])
    assert text.count("msgstr[") == forms


def test_a_catalog_names_babel_without_its_version():
    """Babel writes its release into every header: the same catalog would change its bytes
    with each release of Babel, so the release is left out."""
    text = po_text(catalog(("card 001 name", "Primeira", "First"), locale="en"))
    assert '"Generated-By: Babel\\n"' in text
    assert "Generated-By: Babel " not in text


def refusal(path) -> str:
    with pytest.raises(ProblemsFound) as found:
        read_catalog(path, "en", project=path.parent)
    (problem,) = found.value.problems
    return str(problem).removeprefix(f"{path}:")


def test_a_catalog_over_the_size_limit_is_refused_having_read_no_more(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "MAX_BYTES", 1000)
    size = write_po(tmp_path / "cards.po", 40)
    assert refusal(tmp_path / "cards.po") == (
        f"1:1: the file is {size:,} bytes, over the limit of 1,000 for a source file: that is "
        "more than any game's messages; check that this is the catalog `publish i18n update` "
        "wrote")


def test_more_messages_than_the_limit_are_refused_at_the_first_one_over(tmp_path):
    write_po(tmp_path / "cards.po", MAX_MESSAGES + 5)  # 6.7 MB: within the size limit
    # the header is an entry too (its msgid on line 1, 4 lines long), each card's 4 lines
    # from line 5, its msgid the 2nd: the entry over the limit is card MAX_MESSAGES - 1's
    line = 4 + 4 * (MAX_MESSAGES - 1) + 2
    assert refusal(tmp_path / "cards.po") == (
        f"{line}:1: more than {MAX_MESSAGES:,} messages in one catalog, the limit: that is more "
        "than any game's messages; check that this is the catalog `publish i18n update` wrote")


@pytest.mark.fuzz
@pytest.mark.parametrize("command", ["check", "i18n status"])
def test_the_probes_catalog_of_a_million_entries_is_refused_at_once(demo_en, command):
    po = demo_en / "cards" / "demo" / "locale" / "en" / "LC_MESSAGES" / "cards.po"
    assert write_po(po, 1_000_000) > 50_000_000
    done = measured([*command.split(), "--project", str(demo_en), "--game", "demo"])
    assert done.status == 1, done.output
    assert f"{po}:1:1: the file is " in done.output
    assert done.seconds < SECONDS and done.peak_mb < PEAK_MB, done
