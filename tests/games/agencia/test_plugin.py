"""Agência as an engine of the core: what it declares, what `check` hands back, and how
`simulate` refuses a request it cannot play."""

from __future__ import annotations

import pytest

from conftest import REPO
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
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        AgenciaEngine().simulate(REPO, game, _request(**changes))


def test_simulate_plays_a_request(game: Game) -> None:
    result = AgenciaEngine().simulate(REPO, game, _request(games=2))
    assert result["games"]["played"] == 2
    assert result["plan"]["agents"] == ["greedy", "random"]

