"""A game's own card fields: declared in game.yaml, validated where written, loaded with
their defaults, in the editors' schema, the exports and the catalogs."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from conftest import declare, give, run
from publish.model.cardschema import json_schema
from publish.model.load import load_game

FIELDS = """\
fields:
  cost: {type: integer, min: 0, max: 9, default: 0, label: Custo}
  art: {type: image}
  flavour: {type: translatable, label: Sabor}
  artist: {type: text}
  rarity: {type: choice, choices: [common, rare], default: common}
  keywords: {type: tags, choices: [fast, slow]}
"""


def problems(project: Path) -> list[str]:
    result = run("check", "--project", str(project), "--game", "demo")
    return [line for line in result.output.splitlines() if ": " in line and "demo:" not in line]


def test_declared_fields_load_with_the_cards_values_and_the_defaults(demo):
    declare(demo, FIELDS)
    give(demo, "Primeira", "cost: 3\nflavour: Um gosto.\nkeywords: [fast]")
    game, found = load_game(demo, "demo")
    assert not found
    first, second = game.card("001"), game.card("002")
    assert first.fields == {"cost": 3, "art": None, "flavour": "Um gosto.", "artist": None,
                            "rarity": "common", "keywords": ["fast"]}
    assert second.fields["cost"] == 0 and second.fields["rarity"] == "common"


@pytest.mark.parametrize(("lines", "message"), [
    ("cost: 12", "card 001 cost: 12 is more than 9, the largest allowed"),
    ("cost: -1", "card 001 cost: -1 is less than 0, the smallest allowed"),
    ("cost: '3'", "wrong type for 'card 001 cost': expected a whole number, got text '3'"),
    ("rarity: rar", "card 001 rarity: unknown value 'rar' (did you mean 'rare'?); expected one "
                    "of: common, rare"),
    ("keywords: [fats]", "card 001 keywords[1]: unknown value 'fats' (did you mean 'fast'?)"),
    ("cst: 3", "card 001: unknown field 'cst' (did you mean 'cost'?)"),
    ("art: /etc/passwd.png", "card 001 art: '/etc/passwd.png' does not have the expected form"),
    ("art: art/x.gif", "card 001 art: 'art/x.gif' does not have the expected form"),
    ("art: {fr: art/x.png}", "card 001 art.fr: unknown key 'fr'; expected one of: pt-BR"),
])
def test_a_wrong_value_is_located_and_explained(demo, lines, message):
    declare(demo, FIELDS)
    give(demo, "Primeira", lines)
    found = problems(demo)
    assert any(message in line and "alpha.yaml:" in line for line in found), found


def test_a_required_field_must_be_given(demo):
    declare(demo, "fields:\n  cost: {type: integer, required: true}\n")
    give(demo, "Primeira", "cost: 1")
    found = problems(demo)
    assert any("card 002: missing field 'cost'" in line for line in found), found


@pytest.mark.parametrize(("fields", "message"), [
    ("  name: {type: text}\n", "field name: the name is taken by the cards' own keys"),
    ("  ideology: {type: text}\n", "field ideology: the name is taken"),
    ("  cost: {type: number}\n", "unknown value 'number'"),
    ("  cost: {type: text, min: 1}\n", "min and max are for integer fields"),
    ("  kind2: {type: choice}\n", "a choice field lists its 'choices'"),
    ("  cost: {type: integer, required: true, default: 1}\n", "a required field has no default"),
    ("  cost: {type: integer, max: 5, default: 7}\n", "the default 7 is outside min..max"),
    ("  cost: {type: integer, default: one}\n", "the default of a integer field must be a whole"),
    ("  rarity: {type: choice, choices: [a, b], default: c}\n", "must be among the choices"),
])
def test_a_wrong_declaration_is_located_in_game_yaml(demo, fields, message):
    declare(demo, "fields:\n" + fields)
    found = problems(demo)
    assert any(message in line and "game.yaml:" in line for line in found), found


def test_the_editors_schema_describes_each_field(demo):
    declare(demo, FIELDS)
    game, _ = load_game(demo, "demo")
    card = json_schema(game.config)["$defs"]["Card"]["properties"]
    assert card["cost"]["anyOf"][0] == {"maximum": 9, "minimum": 0, "type": "integer"}
    assert card["rarity"]["anyOf"][0]["enum"] == ["common", "rare"]
    assert card["cost"]["description"] == "Custo (integer)"
    assert any("pattern" in option for option in card["art"]["anyOf"])


def test_exports_carry_every_field(demo):
    declare(demo, FIELDS)
    give(demo, "Primeira", "cost: 3\nkeywords: [fast, slow]\nart: {pt-BR: a.png}")
    Image.new("RGB", (900, 1200)).save(demo / "cards" / "demo" / "a.png")
    rows = json.loads(run("cards", "--project", str(demo), "--format", "json").output)
    assert rows[0]["cost"] == 3 and rows[0]["keywords"] == ["fast", "slow"]
    assert rows[0]["art"] == {"pt-BR": "a.png"}
    table = list(csv.DictReader(io.StringIO(
        run("cards", "--project", str(demo), "--format", "csv").output)))
    assert (table[0]["cost"], table[0]["keywords"], table[0]["art"]) == ("3", "fast, slow",
                                                                         "pt-BR: a.png")
    assert table[1]["cost"] == "0" and table[1]["artist"] == ""


def test_translatable_fields_become_catalog_messages_and_numbers_do_not(demo):
    declare(demo, FIELDS)
    give(demo, "Primeira", "cost: 3\nflavour: Um gosto.\nartist: Ana")
    result = run("i18n", "extract", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 0, result.output
    pot = (demo / "cards" / "demo" / "locale" / "cards.pot").read_text(encoding="utf-8")
    assert 'msgctxt "card 001 flavour"\nmsgid "Um gosto."' in pot
    assert 'msgctxt "field flavour label"\nmsgid "Sabor"' in pot
    assert "Ana" not in pot and "card 001 cost" not in pot
