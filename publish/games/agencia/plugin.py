"""Agência as a plug-in of the core: `publish check`, `schema`, `simulate`, `balance`, `replay`.

This module is the top of the package: it imports the rest, and nothing of
the package imports it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from publish.core.problems import Location, Problem
from publish.engines.protocol import (
    CheckResult,
    EngineInfo,
    GameRecord,
    GameSpec,
    ReplayWarning,
)
from publish.games.agencia import blocks
from publish.games.agencia.agents import AGENTS
from publish.games.agencia.cards import infos_of
from publish.games.agencia.diario.files import EDITIONS, example_paths, read_log
from publish.games.agencia.diario.files import replay as replay_log
from publish.games.agencia.directives import DIRECTIVES
from publish.games.agencia.lint import lint_game
from publish.games.agencia.play import deck_cards, play_spec
from publish.games.agencia.records import DECKS, MODES, RECORDING, play_records, table_problem
from publish.games.agencia.simulate import bench, describe_bench, log_text
from publish.model.game import Game


def _holder(path: Path, game: Game) -> Path | None:
    """The project, for a log in the game's folder (an example: read only inside the
    project); None for a log named on the command line from elsewhere."""
    here = Path(os.path.abspath(path))
    return game.project if here.is_relative_to(os.path.abspath(game.root)) else None


class AgenciaEngine:
    """The rules engine of Agência, edition 2.180423."""

    info = EngineInfo(
        name="Agência 2.180423",
        modes=MODES,
        editions=EDITIONS,
        agents=tuple(sorted(AGENTS, key=lambda name: name != "greedy")),
        default_agents=("greedy", "random"),
        players=(3, 6),
        default_players=(3, 6),
        log_name="diário de jogo",
        checks=("effect schema", "lint of effects against the printed text",
                "replay of the example partidas"),
        records=RECORDING,
        # every card: the main deck alone in simple mode, and all five in Bourdieu mode
        default_tables=(("simple", ("principal",)), ("bourdieu", DECKS)),
    )

    def check(self, game: Game) -> CheckResult:
        """Effect schema problems; once the effects are valid, the lint and every example."""
        result = CheckResult(self.check_cards(game))
        if result.problems:
            return result
        result.problems.extend(lint_game(game))
        for path in example_paths(game):  # replayed at both levels, each finding a problem
            found = self.replay(game, [path], None)
            result.examples[path] = found
            result.problems.extend(found)
        return result

    def check_cards(self, game: Game) -> list[Problem]:
        """The effect schema of each card, which reads that card alone."""
        return [p for card in game.cards for p in blocks.effect_problems(card)]

    def directives(self) -> Mapping[str, Any]:
        """Agência's own rules-Markdown directives: {ideology} and {hegemonies}."""
        return DIRECTIVES

    def replay(self, game: Game, paths: list[Any], edition: str | None,
               effects: bool = True, warnings: bool = False) -> list[Problem]:
        """`publish replay`: the findings of each log file (both levels where the data
        allows), each file on its own; ``warnings``: the variants read as intended too."""
        infos = infos_of(game)
        return [(ReplayWarning if f.warning else Problem)(Location(Path(f.path), f.line, f.col),
                                                          f.message)
                for path in paths
                for f in replay_log(read_log(Path(path), _holder(Path(path), game)), game,
                                    infos, edition, effects)
                if warnings or not f.warning]

    def effect_schema(self) -> dict[str, Any]:
        """JSON Schema of a block's `effect`: actions (direct) or rules (general)."""
        return blocks.effect_schema()

    def table_problem(self, game: Game, spec: GameSpec) -> str | None:
        """Why a study cannot play this table (agents, mode, decks), or None."""
        return table_problem(game, spec.mode, spec.decks, spec.agents)

    def play(self, game: Game, specs: Sequence[GameSpec]) -> list[GameRecord]:
        """`publish balance`: each game played to its end, with its events."""
        return play_records(game, specs)

    def game_log(self, game: Game, spec: GameSpec) -> str:
        """`publish simulate --logs`: the game ``spec`` asks for, as a diário de jogo."""
        infos = infos_of(game)
        engine = play_spec(infos, deck_cards(game, spec.decks), spec)
        return log_text(engine, spec.mode, spec.decks)

    def bench(self, root: Any, game_id: str, games: int = 2000) -> dict[str, Any]:
        """Simulated jogadas and games per second, 4 players, main deck, simple mode."""
        return bench(root, game_id, games)

    def describe_bench(self, result: dict[str, Any]) -> str:
        return describe_bench(result)
