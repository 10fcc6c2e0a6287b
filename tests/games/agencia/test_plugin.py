"""Agência as an engine of the core: what it declares, what `check` hands back, and how
`simulate` refuses a request it cannot play."""

from __future__ import annotations

import re

import pytest

from conftest import REPO
from publish.balance.simulate import request_study, simulate, summary, table_problems
from publish.checks.run import check
from publish.engines.protocol import CheckResult, SimulateRequest
from publish.engines.registry import engine_named
from publish.games.agencia.diario.files import example_paths
from publish.games.agencia.plugin import AgenciaEngine
from publish.model.game import Game
from publish.model.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    loaded, problems = load_game(REPO, "agencia")
    assert loaded is not None, problems
    return loaded


def test_the_registry_gives_this_engine() -> None:
    assert isinstance(engine_named("agencia"), AgenciaEngine)


def test_info_declares_what_the_command_line_offers() -> None:
    info = AgenciaEngine.info
    assert info.name == AgenciaEngine.info.name == "Agência 2.180423"
    assert info.modes == ("simple", "bourdieu")
    assert info.editions == ("2.180423", "4.190617")
    assert info.agents == ("greedy", "random", "planner")
    assert info.default_agents == ("greedy", "random")
    assert info.players == info.default_players == (3, 6)
    assert info.log_name == "diário de jogo"
    assert info.simulates and info.replays and info.checks and info.studies
    assert info.records is not None and info.records.held == "played"
    assert [key for key, _ in info.records.outcomes] == ["ran", "crisis"]


def test_check_hands_back_each_example_replayed(game: Game) -> None:
    result = AgenciaEngine().check(game)
    assert isinstance(result, CheckResult)
    assert result.problems == []
    assert sorted(result.examples) == example_paths(game)
    assert all(found == [] for found in result.examples.values())


def test_publish_check_keeps_the_examples() -> None:
    report = check(REPO, "agencia")
    assert sorted(report.examples) == sorted((REPO / "cards/agencia/examples").glob("*.md"))


def _request(**changes: object) -> SimulateRequest:
    base = {"games": 1, "players": (3, 3), "mode": "simple", "decks": ("principal",),
            "seed": 0, "agents": ("greedy", "random"), "workers": 1}
    return SimulateRequest(**{**base, **changes})  # type: ignore[arg-type]


@pytest.mark.parametrize(("changes", "message"), [
    ({"agents": ("greedy", "foo")}, "unknown agent(s) foo; known: random, greedy"),
    ({"decks": ("social",)}, "simple mode is played with the principal deck alone"),
    ({"decks": ("social",), "mode": "bourdieu"}, "every game needs the principal deck"),
    ({"decks": ("historico", "teorico"), "mode": "bourdieu"},
     "every game needs the principal deck"),
    ({"mode": "chess"}, "unknown mode 'chess'; known: simple, bourdieu"),
])
def test_simulate_refuses_what_it_cannot_play(game: Game, changes: dict, message: str) -> None:
    """`publish simulate` asks the engine's table_problem of each table it would play."""
    study = request_study(game, _request(**changes))
    [problem] = table_problems(game, AgenciaEngine(), study)
    assert message in problem


def test_simulate_plays_a_request(game: Game) -> None:
    engine = AgenciaEngine()
    assert engine.info.records is not None
    study, played = simulate(game, engine, _request(games=2))
    result = summary(study, played, engine.info.records, {})
    assert result["games"]["played"] == 2
    assert result["plan"]["agents"] == ["greedy", "random"]


def test_a_simulated_games_log_is_the_game_the_study_played(game: Game) -> None:
    """--logs writes the very game play() recorded: same seed, same jogadas."""
    engine = AgenciaEngine()
    study = request_study(game, _request(games=1))
    spec = study.spec(study.cells()[0], 0)
    [record] = engine.play(game, [spec])
    text = engine.game_log(game, spec)
    assert text.startswith("---\nedition:")
    jogadas = len(re.findall(r"^J\d+\(", text, re.MULTILINE))
    assert jogadas == sum(r.moves for r in record.rounds) > 0
