"""A game has the engine its game.yaml names, whatever its folder is called; the engines
are looked up once per process."""

from __future__ import annotations

from pathlib import Path

import pytest

import publish.engines.registry as registry
from conftest import REPO, copy_game, declare, run
from publish.checks.run import check
from publish.engines.registry import engine_for, engine_named
from publish.games.agencia.plugin import AgenciaEngine
from publish.model.load import load_game


def renamed_agencia(target: Path, name: str) -> Path:
    """A project holding Agência under the folder ``name``, its templates with it."""
    copy_game(target, "agencia")
    (target / "cards" / "agencia").rename(target / "cards" / name)
    (target / "templates" / "agencia").rename(target / "templates" / name)
    return target


def test_a_copy_of_agencia_under_another_name_keeps_its_engine_checks(tmp_path):
    root = renamed_agencia(tmp_path / "project", "agencia2")
    report = check(root, "agencia2")
    assert report.ok, [str(p) for p in report.problems]
    assert report.engine == AgenciaEngine.info.name and not report.engine_skipped
    assert sorted(report.examples) == sorted((root / "cards/agencia2/examples").glob("*.md"))
    deck = root / "cards" / "agencia2" / "decks" / "estrategico.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{do: draw, n: 1}",
                                                             "{do: drow, n: 1}", 1),
                    encoding="utf-8")
    result = run("check", "--project", str(root), "--game", "agencia2")
    assert result.exit_code == 1
    assert f"{deck}:21:" in result.output and "unknown do 'drow'" in result.output


def test_a_game_that_names_no_engine_has_none_and_is_told_of_the_one_named_like_it(tmp_path):
    root = copy_game(tmp_path / "project", "agencia")
    game_yaml = root / "cards" / "agencia" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace("\nengine: agencia\n", "\n"), encoding="utf-8")
    result = run("check", "--project", str(root), "--game", "agencia")
    assert result.exit_code == 0, result.output
    assert "structure only: this game has no rules engine" in result.output
    assert (f"note: an engine is installed as 'agencia', this game's folder name, but "
            f"game.yaml names none, so it did not check the game: add `engine: agencia` to "
            f"{game_yaml} (docs/engines.md)") in result.output


def test_an_engine_no_one_installed_is_a_problem_at_its_line(demo):
    declare(demo, "engine: agencai\n")
    lines = (demo / "cards" / "demo" / "game.yaml").read_text(encoding="utf-8").splitlines()
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert (f"game.yaml:{len(lines)}:9: no rules engine 'agencai' is installed (did you mean "
            "'agencia'?); installed: agencia (docs/engines.md: giving a game one)"
            ) in result.output, result.output
    assert "Traceback" not in result.output


def test_the_entry_points_are_read_once_and_each_engine_made_once(monkeypatch):
    reads: list[str] = []

    def counted(**selection: str):
        reads.append(selection["group"])
        return real(**selection)

    real = registry.entry_points
    monkeypatch.setattr(registry, "entry_points", counted)
    monkeypatch.setattr(registry, "_MADE", {})
    registry.installed.cache_clear()
    made: list[object] = []
    monkeypatch.setattr(AgenciaEngine, "__init__", lambda self: made.append(self))
    try:
        game, _ = load_game(REPO, "agencia")
        assert game is not None
        engines = {id(engine_for(game)) for _ in range(3)} | {id(engine_named("agencia"))}
    finally:
        registry.installed.cache_clear()
    assert reads == ["publish.engines"]
    assert len(made) == 1 and engines == {id(made[0])}


@pytest.mark.parametrize(("value", "said"), [
    ("''", "engine: String should have at least 1 character"),
    ("[agencia]", "wrong type for 'engine': expected text, got a list"),
])
def test_an_engine_that_is_no_id_is_said_at_its_line(demo, value, said):
    declare(demo, f"engine: {value}\n")
    lines = (demo / "cards" / "demo" / "game.yaml").read_text(encoding="utf-8").splitlines()
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert f"game.yaml:{len(lines)}:9: {said}" in result.output, result.output


def test_the_schema_command_takes_the_named_engine_s_effects(tmp_path):
    root = renamed_agencia(tmp_path / "project", "agencia2")
    result = run("schema", "--project", str(root), "--game", "agencia2")
    assert result.exit_code == 0, result.output
    kept = (REPO / "cards" / "agencia" / "deck.schema.json").read_text(encoding="utf-8")
    assert result.output == kept
