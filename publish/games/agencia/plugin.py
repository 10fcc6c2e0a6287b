"""Agência as a plug-in of `publish check` and `publish schema`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from publish.cardschema import problems_from
from publish.engines import CheckResult, EngineInfo, SimulateRequest
from publish.games.agencia.directives import DIRECTIVES
from publish.games.agencia.effects import Action, Rule
from publish.model import Card, Game
from publish.problems import Location, Problem

EFFECT_TYPES: dict[str, Any] = {"direct": list[Action], "general": list[Rule]}
ADAPTERS = {kind: TypeAdapter(kind_type) for kind, kind_type in EFFECT_TYPES.items()}


def block_effects(card: Card) -> list[tuple[int, str, list[Any]]]:
    """(block index, kind, parsed effect) for every block of a card with a valid effect."""
    parsed = []
    for index, block in enumerate(card.blocks):
        adapter = ADAPTERS.get(block.kind or "")
        if adapter is None or block.effect is None:
            continue
        try:
            parsed.append((index, block.kind, adapter.validate_python(block.effect)))
        except ValidationError:
            continue
    return parsed


def effect_problems(card: Card) -> list[Problem]:
    """Schema problems of every block's structured effect, located in the deck file."""
    problems: list[Problem] = []
    for index, block in enumerate(card.blocks):
        label = f"card {card.number} text[{index + 1}].effect"
        if block.effect is None:
            problems.append(Problem(
                card.where("text", index),
                f"card {card.number} ({card.name}) text[{index + 1}]: no structured effect; "
                f"write an 'effect:' for this {block.kind} block (see deck.schema.json)"))
            continue
        adapter = ADAPTERS.get(block.kind or "")
        if adapter is None:
            problems.append(Problem(card.where("text", index),
                                    f"{label}: the engine knows no '{block.kind}' block"))
            continue
        try:
            adapter.validate_python(block.effect)
        except ValidationError as error:
            problems.extend(problems_from(error, block.effect, card.source,
                                          EFFECT_TYPES[block.kind or ""],
                                          prefix=(*card.path, "text", index, "effect"),
                                          label=label))
    return problems


class AgenciaEngine:
    """The rules engine of Agência, edition 2.180423."""

    info = EngineInfo(name="Agência 2.180423", modes=("simple", "bourdieu"),
                      editions=("2.180423", "4.190617"), agents=("greedy", "random"),
                      default_agents=("greedy", "random"), players=(3, 6),
                      default_players=(3, 6), log_name="diário de jogo",
                      checks=("effect schema", "effect lint", "example partidas"))
    name = info.name

    def check(self, game: Game) -> CheckResult:
        problems: list[Problem] = []
        for card in game.cards:
            problems.extend(effect_problems(card))
        if problems:
            return CheckResult(problems)
        # effects are valid: lint them and replay the examples with them
        from publish.games.agencia.diario.files import example_paths
        from publish.games.agencia.lint import lint_game

        problems.extend(lint_game(game))
        examples = {Path(path): self.replay(game, [path], None) for path in example_paths(game)}
        problems.extend(p for found in examples.values() for p in found)
        return CheckResult(problems, examples)

    def replay(self, game: Game, paths: list[Any], edition: str | None,
               effects: bool = True) -> list[Problem]:
        """`publish replay`: the findings of each log file (both levels where the data allows)."""
        from publish.games.agencia.cards import card_infos
        from publish.games.agencia.diario.files import read_log, replay

        infos = card_infos(game)
        return [Problem(Location(Path(f.path), f.line, f.col), f.message)
                for path in paths
                for f in replay(read_log(Path(path)), game, infos, edition, effects)]

    def effect_schema(self) -> dict[str, Any]:
        """JSON Schema of a block's `effect`: actions (direct) or rules (general)."""
        schema = TypeAdapter(list[Action] | list[Rule]).json_schema(
            ref_template="#/$defs/{model}")
        schema["description"] = ("structured effect run by the rules engine: a list of actions "
                                 "for a direct block, of standing rules for a general block")
        return schema

    def simulate(self, root: Any, game: Game, request: SimulateRequest,
                 progress: Any = None) -> dict[str, Any]:
        """Play seeded games; the report of `publish simulate`."""
        from publish.games.agencia.agents import AGENTS
        from publish.games.agencia.cards import card_infos
        from publish.games.agencia.simulate import Plan, report, simulate

        options = {"games": request.games, "players": request.players, "mode": request.mode,
                   "seed": request.seed, "decks": request.decks, "agents": request.agents,
                   "workers": request.workers, "logs": request.logs}
        unknown = [a for a in options["agents"] if a not in AGENTS]
        if unknown:
            raise ValueError(f"unknown agent(s) {', '.join(unknown)}; known: {', '.join(AGENTS)}")
        bourdieu = options["mode"] == "bourdieu"
        decks = tuple(options["decks"])
        if not bourdieu and decks != ("principal",):
            raise ValueError("simple mode is played with the principal deck alone; "
                             "use --mode bourdieu for other decks")
        plan = Plan(root=root, game_id=game.id, games=options["games"],
                    players=options["players"], bourdieu=bourdieu, decks=decks,
                    seed=options["seed"], agents=tuple(options["agents"]),
                    logs=Path(options["logs"]) if options.get("logs") else None)
        totals = simulate(plan, options.get("workers"), progress)
        return report(plan, totals, card_infos(game))

    def directives(self) -> dict[str, Any]:
        """Agência's own rules-Markdown directives: {ideology} and {hegemonies}."""
        return DIRECTIVES

    def describe(self, result: dict[str, Any]) -> str:
        """The report as text for a terminal."""
        from publish.games.agencia.simulate import describe

        return describe(result)

    def bench(self, root: Any, game_id: str, games: int = 2000) -> dict[str, Any]:
        """Simulated jogadas and games per second, 4 players, main deck, simple mode."""
        from publish.games.agencia.simulate import bench

        return bench(root, game_id, games)

    def describe_bench(self, result: dict[str, Any]) -> str:
        one, every = result["one_core"], result["all_cores"]
        return (f"engine: {one['jogadas_per_s']:,.0f} jogadas/s and {one['games_per_s']:,.0f} "
                f"games/s on one core; {every['jogadas_per_s']:,.0f} jogadas/s and "
                f"{every['games_per_s']:,.0f} games/s on {every['workers']} cores "
                f"({result['setup']}); replaying the {result['examples']['files']} example "
                f"partidas ({result['examples']['jogadas']} jogadas, both levels) takes "
                f"{result['examples']['cpu_ms']} ms of CPU")
