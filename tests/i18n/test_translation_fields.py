"""A translator's text is text: its fields are names from the set its caller declares,
filled by one formatter, and a translation with other fields is a `check` problem at its
line in the PO file (issue 46, finding 7; docs/hostile-input.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import Markup

from conftest import run
from publish.core.problems import ProblemsFound
from publish.i18n.catalog import read_catalog
from publish.i18n.fields import FieldError, fields_of, fill, misfit
from publish.i18n.translate import Translator
from publish.model.load import load_game
from publish.render.decks import CALIBRATION_NOTE, DeckOptions, calibration_html
from publish.render.edition import EditionContext
from publish.render.env import environment

REACHING = "{flip.__class__.__mro__[1].__subclasses__}"
"""The probe's msgstr: str.format would print a method of object's subclasses."""


# the formatter -------------------------------------------------------------------------------


def test_fields_are_filled_by_name_and_braces_written_twice_are_braces():
    assert fill("{n} of {m} {{cards}}", {"n": 2, "m": 5}) == "2 of 5 {cards}"
    assert fields_of("{players} players · {mode} mode") == ["players", "mode"]


@pytest.mark.parametrize("text, said", [
    ("{flip.__class__}", "'{flip.__class__}' is not a field"),
    ("{flip[0]}", "'{flip[0]}' is not a field"),
    ("{flip!r}", "'{flip!r}' is not a field"),
    ("{flip:>99999}", "'{flip:>99999}' is not a field"),
    ("{}", "'{}' is not a field"),
    ("{0}", "'{0}' is not a field"),
    ("a } b", "Single '}' encountered in format string: a brace that is no field is written "
              "twice ({{ or }})"),
    ("{flip", "expected '}' before end of string"),
    ("{nope}", "{nope} is not a field here: the fields are {edge}, {flip}"),
])
def test_a_field_is_a_declared_name_and_nothing_else(text, said):
    with pytest.raises(FieldError) as raised:
        fill(text, {"flip": "long-edge", "edge": "long edge"})
    assert said in str(raised.value)


def test_filled_as_markup_the_text_and_the_values_are_escaped_but_markup_kept():
    filled = fill("<{a}> {b}", {"a": "<i>", "b": Markup("<b>x</b>")}, markup=True)
    assert isinstance(filled, Markup) and filled == "&lt;&lt;i&gt;&gt; <b>x</b>"


@pytest.mark.parametrize("translation, why", [
    ("Recto verso ({flip}), bord {edge}", None),
    ("Recto verso", None),  # fewer fields than the source: fine
    ("{nope}", "{nope} is not a field of its source: the fields are {edge}, {flip}"),
    (REACHING, "is not a field: a field is a name in braces"),
])
def test_a_translation_may_use_only_its_sources_fields(translation, why):
    found = misfit(["Duplex ({flip}) on the {edge}"], translation)
    assert found == why if why is None else why in found


def test_a_source_without_fields_is_never_filled_so_its_translation_may_have_braces():
    assert misfit(["Contents"], "{Inhalt}") is None
    assert misfit(["{n} card", "{n} cards"], "{n} carte {m}") == (
        "{m} is not a field of its source: the fields are {n}")


# what the renderer prints ------------------------------------------------------------------


def catalog(tmp_path: Path, msgid: str, msgstr: str) -> Translator:
    """A French edition whose shared catalog holds one message."""
    path = tmp_path / "templates.po"
    path.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
                    '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                    f'msgid "{msgid}"\nmsgstr "{msgstr}"\n', encoding="utf-8")
    return Translator("fr", "en", {"templates": read_catalog(path, "fr", project=tmp_path)},
                      {"templates": path})


def test_templates_fill_fields_from_their_keywords_escaped(tmp_path):
    (tmp_path / "templates" / "_common").mkdir(parents=True)
    env = environment(tmp_path, "game", catalog(tmp_path, "no {label}", "aucun·e {label} <&>"))
    template = env.from_string("{{ _('no {label}', label=x) }}|{{ ngettext('{n} card', "
                               "'{n} cards', 3) }}|{{ _('100 %') }}|{{ ngettext('{n} of {m}',"
                               " '{n} of {m}', 2, n='{n}', m='{m}') }}")
    assert template.render(x="<faction>") == ("aucun·e &lt;faction&gt; &lt;&amp;&gt;|3 cards"
                                              "|100 %|{n} of {m}")


def test_a_translation_that_slipped_past_the_check_fails_at_its_line(tmp_path):
    words = catalog(tmp_path, "no {label}", "{nope}")
    with pytest.raises(ProblemsFound) as raised:
        words.gettext("no {label}")
    [problem] = raised.value.problems
    assert str(problem) == (f"{tmp_path / 'templates.po'}:6:1: the translation of "
                            "'no {label}': {nope} is not a field of its source: the fields "
                            "are {label}")


# the probe: a shared game in French --------------------------------------------------------


def french(project: Path, msgstr: str) -> tuple[Path, int]:
    """The moon game published in French too, the shared catalog's calibration note
    translated as ``msgstr``; (the catalog, the line of its message)."""
    game_yaml = project / "cards" / "moon" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text("utf-8").replace(
        'editions: ["en"]', 'editions: ["en", "fr"]'), encoding="utf-8")
    po = project / "templates" / "_common" / "locale" / "fr" / "LC_MESSAGES" / "templates.po"
    text = po.read_text("utf-8")
    start = text.index('"Duplex calibration ({flip})')
    old = text.index("msgstr", start)
    po.write_text(text[:old] + f'msgstr "{msgstr}"' + text[text.index("\n\n", old):],
                  encoding="utf-8")
    return po, text[:start].count("\n")


@pytest.mark.parametrize("msgstr, said", [
    (REACHING, f"'{REACHING}' is not a field: a field is a name in braces, as {{n}}, with "
               "no '.', '[', '!' or ':'"),
    ("{nope}", "{nope} is not a field of its source: the fields are {edge}, {flip}"),
])
def test_a_translation_with_other_fields_fails_check_and_status_at_its_line(moon, msgstr,
                                                                            said):
    po, line = french(moon, msgstr)
    where = f"{po}:{line}:1: the translation of 'Duplex calibration ({{flip}}). Print both…': "
    for command in (["check"], ["i18n", "status"],
                    ["build", "decks", "--locale", "fr", "--backs", "long-edge"]):
        result = run(*command, "--project", str(moon), "--game", "moon")
        assert result.exit_code == 1, (command, result.output)
        assert where + said in result.output, (command, result.output)
    assert not (moon / "build" / "moon" / "fr").exists()


def test_the_calibration_note_is_filled_by_name(moon):
    french(moon, "Calibrage ({flip}), bord : {edge}")
    game, _ = load_game(moon, "moon")
    options = DeckOptions(backs="long-edge")
    html = calibration_html(EditionContext.make(moon, game, "fr"), options)
    assert "Calibrage (long-edge), bord : " in html and CALIBRATION_NOTE not in html
    french(moon, REACHING)
    with pytest.raises(ProblemsFound, match="is not a field"):
        calibration_html(EditionContext.make(moon, game, "fr"), options)
