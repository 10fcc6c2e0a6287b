"""`publish simulate`: a small study, played and counted as `publish balance` plays one.

The command's options (games, a range of players, one mode, one deck set,
agents seated in turn, a seed) make a :class:`Study` of one line-up, one cell
per player count; its games go through the engine's ``play`` and the same
tally as a balance study, so the two commands never disagree on what a game
was.  The report is the study's totals, in the engine's words (its
``Recording``), as data (``--json``) and as lines for a terminal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from publish.balance.distribute import Played, play_study
from publish.balance.study import Study, per_cell
from publish.core.atomic import write_atomic
from publish.core.parallel import InProcess, Way
from publish.core.parallel.pool import Processes
from publish.engines.protocol import Engine, GameSpec, Recording, SimulateRequest
from publish.model.game import Game


def request_study(game: Game, request: SimulateRequest) -> Study:
    """The study a `publish simulate` request asks for: each player count of its range a
    cell, the games split evenly over them (rounded up), its agents seated in turn."""
    low, high = request.players
    counts = tuple(range(low, high + 1))
    return Study(game.id, counts, (request.mode,), (tuple(request.decks),),
                 (tuple(request.agents),), per_cell(request.games, len(counts)), request.seed)


def table_problems(game: Game, engine: Engine, study: Study) -> list[str]:
    """What the engine says it cannot play among the study's tables, each said once."""
    said: list[str] = []
    for cell in study.cells():
        problem = engine.table_problem(game, GameSpec(cell.players, cell.mode, cell.decks,
                                                      cell.lineup, 0))
        if problem and problem not in said:
            said.append(problem)
    return said


def simulate(game: Game, engine: Engine, request: SimulateRequest,
             progress: Callable[[int], Any] | None = None) -> tuple[Study, Played]:
    """Play the request's study on ``request.workers`` processes (1: this one), and write
    each game's log into ``request.logs`` if the engine can write one."""
    study = request_study(game, request)
    way: Way = InProcess() if request.workers == 1 else Processes(request.workers)
    played = play_study(game, study, progress=progress, way=way, what="the simulation")
    if request.logs is not None:
        write_logs(game, engine, study, request.logs)
    return study, played


def write_logs(game: Game, engine: Engine, study: Study, folder: Path) -> int:
    """Each game of the study as the engine's log (its optional ``game_log(game, spec)``),
    ``game-00000.txt`` onwards in the study's order; how many were written."""
    log = getattr(engine, "game_log", None)
    if not callable(log):
        raise ValueError(f"the {engine.info.name} engine writes no game logs (--logs)")
    number = 0
    for cell in study.cells():
        for index in range(study.games_per_cell):
            write_atomic(folder / f"game-{number:05d}.txt", log(game, study.spec(cell, index)))
            number += 1
    return number


def summary(study: Study, played: Played, recording: Recording,
            names: dict[str, str]) -> dict[str, Any]:
    """The report as JSON-able data: the plan, the games' totals, each card's counts."""
    games = played.tally.games
    rounds = sum(g.rounds for g in games)
    moves = sum(g.moves for g in games)
    won_rounds = sum(g.rounds_won for g in games)
    seats: Counter[int] = Counter(seat for g in games for seat in g.winners)
    keys = [recording.held, *(key for key, _ in recording.outcomes)]
    cards: dict[str, dict[str, Any]] = {}
    for (_, card), counts in sorted(played.tally.cards.items()):
        entry = cards.setdefault(card, {"name": names.get(card, ""), "in_games": 0,
                                        "held_games": 0, "holdings": 0, "wins": 0,
                                        **dict.fromkeys(keys, 0)})
        entry["in_games"] += counts.in_pool
        entry["held_games"] += counts.held_games
        entry["holdings"] += counts.holdings
        entry["wins"] += counts.wins
        for key in keys:
            entry[key] += counts.events[key]
    return {
        "plan": {"games": study.games, "players": [study.players[0], study.players[-1]],
                 "mode": study.modes[0], "decks": list(study.decks[0]), "seed": study.seed,
                 "agents": list(study.lineups[0])},
        "words": {"round": list(recording.round), "move": list(recording.move),
                  "held": recording.held_label,
                  "outcomes": {key: label for key, label in recording.outcomes}},
        "games": {"played": len(games), "rounds": rounds,
                  "rounds_per_game": rounds / max(1, len(games)), "moves": moves,
                  "moves_per_round": moves / max(1, rounds),
                  "rounds_without_winner": rounds - won_rounds,
                  "winners_by_seat": {str(k): v for k, v in sorted(seats.items())},
                  "games_without_winner": sum(1 for g in games if not g.winners),
                  "games_stopped": sum(1 for g in games if g.stopped)},
        "cards": cards,
        "never_held": [{"number": c, "name": e["name"]} for c, e in cards.items()
                       if e["in_games"] and not e["held_games"]],
        "where": played.where,
    }


def describe(result: dict[str, Any]) -> str:
    """The report as lines for a terminal, in the engine's words."""
    plan, g, words = result["plan"], result["games"], result["words"]
    low, high = plan["players"]
    players = f"{low}" if low == high else f"{low}..{high}"
    lines = [
        f"{g['played']} games ({plan['mode']}, {players} players, decks "
        f"{', '.join(plan['decks'])}, agents {'+'.join(plan['agents'])}, seed {plan['seed']})",
        f"  {words['round'][1]}: {g['rounds']} ({g['rounds_per_game']:.2f} per game, "
        f"{g['rounds_without_winner']} without winner)",
        f"  {words['move'][1]}: {g['moves']} ({g['moves_per_round']:.1f} per "
        f"{words['round'][0]})",
        f"  game winners by seat: {g['winners_by_seat']}; games without winner: "
        f"{g['games_without_winner']}",
    ]
    if g["games_stopped"]:
        lines.append(f"  games stopped at the engine's cap: {g['games_stopped']}")
    never = result["never_held"]
    lines.append(f"  cards never {words['held']}: {len(never)}")
    lines.extend(f"    {c['number']} {c['name']}".rstrip() for c in never)
    for key, label in words["outcomes"].items():
        busiest = sorted(result["cards"].items(), key=lambda kv: (-kv[1][key], kv[0]))[:5]
        busiest = [(n, c) for n, c in busiest if c[key]]
        if busiest:
            lines.append(f"  most often {label}: " + ", ".join(f"{n} ({c[key]})"
                                                              for n, c in busiest))
    return "\n".join(lines)
