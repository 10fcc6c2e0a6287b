"""Many seeded games at once: which cards run, which never do, how games go.

Game ``i`` of a run with seed ``S`` always uses the same seed and player
count, so a report does not depend on how many cores played it.
"""

from __future__ import annotations

import os
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from publish.core.atomic import write_atomic
from publish.core.parallel import InProcess, Tasks, Way, run_all
from publish.core.parallel.pool import Processes
from publish.engines.protocol import GameSpec
from publish.games.agencia.cards import CardInfo, card_infos
from publish.games.agencia.diario.files import EFFECTS_EDITION, example_paths, read_log, replay
from publish.games.agencia.diario.record import log_of
from publish.games.agencia.diario.write import write
from publish.games.agencia.engine import MAX_PARTIDAS, Engine
from publish.games.agencia.host import Stats
from publish.games.agencia.play import deck_cards, play_spec
from publish.model.load import load_game


@dataclass(frozen=True)
class Plan:
    """What to simulate."""

    root: Path
    game_id: str = "agencia"
    games: int = 100
    players: tuple[int, int] = (3, 6)
    bourdieu: bool = False
    decks: tuple[str, ...] = ("principal",)
    seed: int = 0
    agents: tuple[str, ...] = ("greedy", "random")
    check: bool = False  # verify the invariants after every jogada
    logs: Path | None = None  # write each game's diário here


@dataclass
class Totals:
    """Sums over games; merged across worker processes."""

    games: int = 0
    partidas: int = 0
    jogadas: int = 0
    crises: int = 0
    revolts: int = 0
    no_winner_partidas: int = 0
    game_winners: Counter = field(default_factory=Counter)  # seat -> games won
    undecided_games: int = 0
    stopped_games: int = 0  # stopped at the cap on partidas (MAX_PARTIDAS), without winner
    in_society: Counter = field(default_factory=Counter)
    executed: Counter = field(default_factory=Counter)
    executable: Counter = field(default_factory=Counter)
    crises_caused: Counter = field(default_factory=Counter)
    hegemonies: Counter = field(default_factory=Counter)

    def add(self, other: Any) -> None:
        """Sum in the fields ``other`` shares with these totals (Totals or one game's Stats)."""
        for name, value in vars(other).items():
            if name not in vars(self):
                continue
            if isinstance(value, Counter):
                getattr(self, name).update(value)
            else:
                setattr(self, name, getattr(self, name) + value)


def game_setup(plan: Plan, index: int) -> tuple[int, int]:
    """(seed, players) of game ``index``: fixed by the plan, whatever the worker."""
    low, high = plan.players
    return plan.seed * 1_000_003 + index, low + index % (high - low + 1)


_LOADED: dict[tuple[Path, str], tuple[Any, dict[str, CardInfo]]] = {}


def _infos(plan: Plan) -> tuple[dict[str, CardInfo], list[str]]:
    """The plan's cards and deck, loaded once per process (workers reuse them)."""
    key = (plan.root, plan.game_id)
    if key not in _LOADED:
        game, problems = load_game(plan.root, plan.game_id)
        if game is None:
            raise ValueError("; ".join(str(p) for p in problems))
        _LOADED[key] = (game, card_infos(game))
    game, infos = _LOADED[key]
    return infos, deck_cards(game, plan.decks)


def spec_of(plan: Plan, index: int) -> GameSpec:
    """Game ``index`` of the plan as a table and a seed: its agents seated in turn."""
    seed, players = game_setup(plan, index)
    agents = tuple(plan.agents[(index + seat) % len(plan.agents)] for seat in range(players))
    return GameSpec(players, "bourdieu" if plan.bourdieu else "simple", plan.decks, agents,
                    seed)


def play(plan: Plan, index: int, infos: dict[str, CardInfo], deck: list[str],
         stats: Stats | None = None) -> Engine:
    """Play game ``index`` of the plan to its end and return the engine (state and stats);
    ``stats``: count into these (a run's sum) rather than the game's own."""
    return play_spec(infos, deck, spec_of(plan, index), stats, plan.check)


def write_log(engine: Engine, path: Path, plan: Plan) -> None:
    """The game's diário de jogo, written atomically, headed by what a replay must know."""
    write_atomic(path, log_text(engine, "bourdieu" if plan.bourdieu else "simple", plan.decks))


def log_text(engine: Engine, mode: str, decks: tuple[str, ...]) -> str:
    """A played game as a diário de jogo, headed by what a replay must know."""
    head = yaml.safe_dump({"edition": EFFECTS_EDITION,
                           "mode": "bourdieu" if mode == "bourdieu" else "simples",
                           "decks": list(decks), "players": engine.state.players},
                          allow_unicode=True, sort_keys=False)
    return f"---\n{head}---\n{write(log_of(engine))}"


def run_range(plan: Plan, start: int, stop: int) -> Totals:
    """Games start..stop-1 of the plan, summed.  The games count into one ``Stats``,
    added to the totals once rather than a loop over every card per game."""
    infos, deck = _infos(plan)
    totals = Totals()
    stats = Stats()
    for index in range(start, stop):
        engine = play(plan, index, infos, deck, stats)
        if plan.logs is not None:
            write_log(engine, plan.logs / f"game-{index:05d}.txt", plan)
        totals.games += 1
        if engine.state.game_winners:
            totals.game_winners.update(engine.state.game_winners)
        else:
            totals.undecided_games += 1
        totals.stopped_games += engine.state.stopped
    totals.add(stats)  # partidas, jogadas, crises, revolts and per-card counts
    totals.no_winner_partidas = stats.partidas - stats.partidas_won
    return totals


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def _run_chunk(plan: Plan, games: tuple[int, int]) -> Totals:
    """One task: the games [start, stop) of the plan, summed."""
    return run_range(plan, *games)


def simulate(plan: Plan, workers: int | None = None,
             progress: Callable[[int], None] | None = None) -> Totals:
    """Play the plan's games over ``workers`` processes (default: every core; 1: this
    process), in chunks summed in order."""
    workers = workers or os.cpu_count() or 1
    size = max(1, min(50, plan.games // (workers * 4) or 1))
    parts = list(chunks(plan.games, size))
    labels = [f"game {start} of the simulation" if stop - start == 1 else
              f"games {start} to {stop - 1} of the simulation" for start, stop in parts]
    way: Way = InProcess() if workers == 1 else Processes(workers)

    def finished(index: int) -> None:
        if progress:
            progress(parts[index][1] - parts[index][0])

    totals = Totals()
    for result in run_all(way, Tasks(_run_chunk, plan, parts, labels), finished).results:
        totals.add(result)
    return totals


def report(plan: Plan, totals: Totals, infos: dict[str, CardInfo]) -> dict[str, Any]:
    """The simulation report: per card and per game, as plain data."""
    deck = set(_infos(plan)[1])
    structural = sorted(c for c in deck if infos[c].natural is None)
    naturals = sorted(c for c in deck if infos[c].natural is not None)
    cards = {
        number: {
            "name": infos[number].name,
            "in_society": totals.in_society[number],
            "executed": totals.executed[number],
            "executable": totals.executable[number],
            "crises_caused": totals.crises_caused[number],
        }
        for number in structural + naturals
    }
    never_executed = [c for c in structural if not totals.executed[c]]
    games = max(totals.games, 1)
    return {
        "plan": {"games": plan.games, "players": list(plan.players),
                 "mode": "bourdieu" if plan.bourdieu else "simple", "decks": list(plan.decks),
                 "seed": plan.seed, "agents": list(plan.agents)},
        "games": {
            "played": totals.games,
            "partidas": totals.partidas,
            "partidas_per_game": totals.partidas / games,
            "jogadas": totals.jogadas,
            "jogadas_per_partida": totals.jogadas / max(totals.partidas, 1),
            "partidas_without_winner": totals.no_winner_partidas,
            "crises": totals.crises,
            "revolts": totals.revolts,
            "winners_by_seat": {str(k): v for k, v in sorted(totals.game_winners.items())},
            "games_without_winner": totals.undecided_games,
            "games_stopped": totals.stopped_games,
            "max_partidas": MAX_PARTIDAS,
            "hegemonies": dict(sorted(totals.hegemonies.items())),
        },
        "cards": cards,
        "never_executed": [{"number": c, "name": infos[c].name,
                            "why": why_never(c, infos, totals, plan)} for c in never_executed],
        "never_executable": [{"number": c, "name": infos[c].name}
                             for c in structural if not totals.executable[c]],
    }


def why_never(number: str, infos: dict[str, CardInfo], totals: Totals, plan: Plan) -> str:
    """A reason a structure never ran, from what the simulation saw."""
    info = infos[number]
    if not info.actions:
        return "only standing rules: it acts while in the society, never as a play"
    if not totals.in_society[number]:
        return "never reached the society"
    if totals.crises_caused[number] and not totals.executable[number]:
        return "every time it was played it caused a crisis"
    return "it was in the society but another card cancelled it every time"


def describe(result: dict[str, Any]) -> str:
    """A short text form of the report."""
    g = result["games"]
    plan = result["plan"]
    lines = [
        f"{g['played']} games ({plan['mode']}, {plan['players'][0]}..{plan['players'][1]} "
        f"players, decks {', '.join(plan['decks'])}, seed {plan['seed']})",
        f"  partidas: {g['partidas']} ({g['partidas_per_game']:.2f} per game, "
        f"{g['partidas_without_winner']} without winner)",
        f"  jogadas: {g['jogadas']} ({g['jogadas_per_partida']:.1f} per partida)",
        f"  crises: {g['crises']}, revolts: {g['revolts']}",
        f"  game winners by seat: {g['winners_by_seat']}; games without winner: "
        f"{g['games_without_winner']}",
    ]
    if g["games_stopped"]:
        lines.append(f"  games stopped without winner at the cap of {g['max_partidas']} "
                     f"partidas: {g['games_stopped']}")
    if g["hegemonies"]:
        lines.append(f"  hegemonies: {g['hegemonies']}")
    never = result["never_executed"]
    lines.append(f"  structural cards never executed: {len(never)}")
    lines.extend(f"    {c['number']} {c['name']}: {c['why']}" for c in never)
    busiest = sorted(result["cards"].items(), key=lambda kv: -kv[1]["crises_caused"])[:5]
    lines.append("  most crises caused: " + ", ".join(
        f"{n} ({c['crises_caused']})" for n, c in busiest))
    return "\n".join(lines)


BENCH_GOAL = 50_000  # jogadas per second on one core (issue 23)


def bench(root: Path, game_id: str, games: int = 2000) -> dict[str, Any]:
    """Jogadas and games per second on one core and on every core (best of 3 each), the
    speed-up of every core over one, and the machine's load around the runs."""
    plan = Plan(root, game_id, games=games, players=(4, 4), decks=("principal",), seed=11)
    _infos(plan)  # load the cards before timing
    workers = os.cpu_count() or 1
    out: dict[str, Any] = {"setup": f"{games} games, 4 players, principal deck, simple mode, "
                                    f"agents greedy+random",
                           "load_before": round(os.getloadavg()[0], 2)}
    for label, count in (("one_core", 1), ("all_cores", workers)):
        out[label] = _bench_runs(plan, count)
    out["speedup"] = round(out["one_core"]["wall_s"] / out["all_cores"]["wall_s"], 2)
    out["load_after"] = round(os.getloadavg()[0], 2)
    out["goal_jogadas_per_s"] = BENCH_GOAL
    out["examples"] = bench_examples(root, game_id)
    return out


def _bench_runs(plan: Plan, workers: int, runs: int = 3) -> dict[str, Any]:
    """The best of ``runs`` runs of the plan on ``workers`` processes; on one process, the
    figure per CPU second too (less sensitive to other work on the machine)."""
    best: tuple[float, float, Totals] | None = None
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        totals = simulate(plan, workers=workers)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        if best is None or wall < best[0]:
            best = (wall, cpu, totals)
    assert best is not None, "a bench makes at least one run"
    wall, cpu, totals = best
    figures = {"workers": workers, "wall_s": round(wall, 3),
               "jogadas": totals.jogadas, "games": totals.games,
               "jogadas_per_s": round(totals.jogadas / wall),
               "games_per_s": round(totals.games / wall, 1)}
    if workers == 1:
        figures["jogadas_per_cpu_s"] = round(totals.jogadas / cpu)
    return figures


def describe_bench(result: dict[str, Any]) -> str:
    """The engine's bench as lines for a terminal: one core, every core, the speed-up."""
    one, every = result["one_core"], result["all_cores"]
    goal = result.get("goal_jogadas_per_s", BENCH_GOAL)
    verdict = "met" if one["jogadas_per_s"] >= goal else "NOT met"
    per_cpu = (f" ({one['jogadas_per_cpu_s']:,.0f} per CPU second)"
               if "jogadas_per_cpu_s" in one else "")
    return (f"engine: {one['jogadas_per_s']:,.0f} jogadas/s{per_cpu} and "
            f"{one['games_per_s']:,.0f} games/s on one core (goal >= {goal:,}: {verdict}); "
            f"{every['jogadas_per_s']:,.0f} jogadas/s and {every['games_per_s']:,.0f} games/s "
            f"on {every['workers']} cores, a speed-up of {result['speedup']} "
            f"({result['setup']}; load average {result.get('load_before', '?')} before, "
            f"{result.get('load_after', '?')} after)\n"
            f"engine: replaying the {result['examples']['files']} example partidas "
            f"({result['examples']['jogadas']} jogadas, both levels) takes "
            f"{result['examples']['cpu_ms']} ms of CPU")


def bench_examples(root: Path, game_id: str, runs: int = 5) -> dict[str, Any]:
    """CPU time to replay every example partida at both levels (best of ``runs``)."""
    _infos(Plan(root, game_id))  # loads the game once per process
    game, infos = _LOADED[(root, game_id)]
    files = [read_log(path) for path in example_paths(game)]
    best = None
    for _ in range(runs):
        start = time.process_time()
        findings = [f for log in files for f in replay(log, game, infos)]
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    jogadas = sum(len(re.findall(r"^J\d+\(", log.text, re.MULTILINE)) for log in files)
    return {"files": len(files), "jogadas": jogadas, "findings": len(findings),
            "cpu_ms": round((best or 0) * 1000, 1)}
