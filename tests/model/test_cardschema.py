import json

import jsonschema
import yaml

from conftest import FIXTURES, REPO, run
from publish.model.load import load_config


def test_committed_schema_is_current():
    result = run("schema", "--project", str(REPO), "--game", "agencia")
    assert result.exit_code == 0
    committed = (REPO / "cards" / "agencia" / "deck.schema.json").read_text(encoding="utf-8")
    assert json.loads(result.output) == json.loads(committed), (
        "regenerate: publish schema --game agencia -o cards/agencia/deck.schema.json"
    )


def test_deck_files_point_editors_at_the_schema():
    for path in (REPO / "cards" / "agencia" / "decks").glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../deck.schema.json", path


def test_schema_accepts_the_data_and_rejects_broken_files():
    schema = json.loads((REPO / "cards" / "agencia" / "deck.schema.json").read_text())
    for path in (REPO / "cards" / "agencia" / "decks").glob("*.yaml"):
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)
    demo_schema = run("schema", "--project", str(FIXTURES / "projects" / "demo"))
    demo = json.loads(demo_schema.output)
    validator = jsonschema.Draft202012Validator(demo)
    for name in ("unknown_field", "wrong_type", "unknown_deck_and_ideology"):
        data = yaml.safe_load((FIXTURES / "broken" / f"{name}.yaml").read_text())
        assert list(validator.iter_errors(data)), name


def test_schema_lists_the_games_choices():
    config, _ = load_config(REPO / "cards" / "agencia")
    from publish.model.cardschema import json_schema

    card = json_schema(config)["$defs"]["Card"]["properties"]
    assert card["ideology"]["anyOf"][0]["enum"][0] == "forca-dos-antepassados"
    assert card["kind"]["enum"] == ["structural", "natural"]


def test_schema_output_is_written_atomically(demo, tmp_path):
    out = tmp_path / "schema.json"
    out.write_text("old")
    result = run("schema", "--project", str(demo), "--output", str(out))
    assert result.exit_code == 0
    assert json.loads(out.read_text())["title"] == "Demo: deck file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project", "schema.json"]
