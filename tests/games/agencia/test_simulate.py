"""Whole games: invariants after every jogada, determinism, and the simulation report."""

from __future__ import annotations

import json
import os
import re
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest

from conftest import REPO, run, shortened
from publish.core import ceilings as ceilings_module
from publish.games.agencia.simulate import (
    Plan,
    _bench_runs,
    describe_bench,
    game_setup,
    play,
    report,
    run_range,
    simulate,
)
from publish.games.agencia.simulate import _infos as infos_of

ALL = ("principal", "historico", "teorico", "estrategico", "social")
# every deck appears, alone with the main deck and all together; simple mode only with the main
PLANS = [
    Plan(REPO, games=250, players=(3, 6), decks=("principal",), seed=1, agents=("random",),
         check=True),
    *[Plan(REPO, games=150, players=(3, 6), bourdieu=True, decks=("principal", extra), seed=2,
           agents=("random",), check=True) for extra in ALL[1:]],
    Plan(REPO, games=150, players=(3, 6), bourdieu=True, decks=ALL, seed=3,
         agents=("random", "greedy"), check=True),
]


def _play(plan: Plan) -> int:
    return run_range(plan, 0, plan.games).games


@pytest.mark.parametrize("plans", [
    pytest.param(shortened(PLANS, 5), id="200-games"),
    pytest.param(PLANS, id="1000-games", marks=pytest.mark.long),
])
def test_random_games_keep_every_invariant(plans):
    """Cards conserved, one structural card per seat, no shared square: checked every jogada.
    Every plan's shape in `make test` with a fifth of its games; all of them with -m long."""
    with ProcessPoolExecutor() as pool:
        played = list(pool.map(_play, plans))
    assert played == [p.games for p in plans]


def test_the_long_run_plays_a_thousand_games_and_the_short_one_every_shape_of_it():
    assert sum(p.games for p in PLANS) >= 1000
    assert [replace(p, games=0) for p in shortened(PLANS, 5)] == \
        [replace(p, games=0) for p in PLANS]


def test_a_seed_fixes_the_whole_game():
    plan = Plan(REPO, games=3, bourdieu=True, decks=ALL, seed=7)
    infos, deck = infos_of(plan)
    first = play(plan, 2, infos, deck)
    again = play(plan, 2, infos, deck)
    assert first.log == again.log
    assert first.state.hands == again.state.hands
    assert first.state.field == again.state.field
    other = play(Plan(REPO, games=3, bourdieu=True, decks=ALL, seed=8), 2, infos, deck)
    assert other.log != first.log


def test_game_setup_does_not_depend_on_workers():
    plan = Plan(REPO, games=40, players=(3, 6), seed=5)
    assert [game_setup(plan, i)[1] for i in range(6)] == [3, 4, 5, 6, 3, 4]
    one = simulate(plan, workers=1)
    two = simulate(plan, workers=2)
    assert (one.jogadas, one.executed, one.game_winners) == \
        (two.jogadas, two.executed, two.game_winners)


def test_report_lists_every_card_and_the_never_executed():
    plan = Plan(REPO, games=60, bourdieu=True, decks=ALL, seed=4)
    infos, deck = infos_of(plan)
    result = report(plan, simulate(plan, workers=1), infos)
    assert set(result["cards"]) == set(deck)
    assert result["games"]["played"] == 60
    assert result["games"]["partidas"] >= 60
    assert sum(result["games"]["winners_by_seat"].values()) >= 1
    never = {c["number"] for c in result["never_executed"]}
    assert never == {n for n, c in result["cards"].items()
                     if not c["executed"] and infos[n].natural is None}
    assert all(c["why"] for c in result["never_executed"])


def test_simulate_command_json():
    out = run("simulate", "--game", "agencia", "--games", "20", "--players", "4", "--json",
              "--workers", "1")
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["plan"]["mode"] == "simple" and result["plan"]["players"] == [4, 4]
    assert result["games"]["played"] == 20


@pytest.mark.parametrize(("args", "message"), [
    (["--mode", "simple", "--decks", "principal,social"], "simple mode"),
    (["--mode", "bourdieu", "--decks", "principal,socail"], "unknown deck"),
    (["--mode", "bourdieu", "--decks", "social"], "needs the principal deck"),
    (["--players", "2"], "at least 3"),
    (["--agents", "clever"], "unknown agent"),
])
def test_simulate_command_refuses_bad_options(args, message):
    out = run("simulate", "--game", "agencia", "--games", "2", *args)
    assert out.exit_code != 0
    assert message in out.output


def _never_ends(played: object, chunk: object) -> None:
    while True:
        time.sleep(0.05)


def _dies(played: object, chunk: object) -> None:
    os._exit(9)  # as the kernel's out-of-memory killer would end it


def test_a_chunk_past_its_time_stops_the_simulation_naming_its_games(monkeypatch):
    monkeypatch.setattr(ceilings_module, "MAX_JOB_SECONDS", 1)  # the workers fork from here
    monkeypatch.setattr("publish.balance.distribute.play_chunk", _never_ends)
    out = run("simulate", "--game", "agencia", "--games", "20", "--workers", "2")
    assert out.exit_code == 1, out.output
    assert re.search(r"publish simulate: games \d+ to \d+ of the simulation: stopped after "
                     r"1 s, the time it may take", out.output), out.output


def test_a_worker_killed_stops_the_simulation_naming_its_games(monkeypatch):
    monkeypatch.setattr("publish.balance.distribute.play_chunk", _dies)
    out = run("simulate", "--game", "agencia", "--games", "20", "--workers", "2")
    assert out.exit_code == 1, out.output
    assert re.search(r"publish simulate: games \d+ to \d+ of the simulation: its worker "
                     r"process ended before the task was done", out.output), out.output


def _bench_result(one_core: int) -> dict:
    return {"setup": "2000 games", "load_before": 0.5, "load_after": 0.7, "speedup": 1.9,
            "goal_jogadas_per_s": 50_000,
            "one_core": {"workers": 1, "jogadas_per_s": one_core, "jogadas_per_cpu_s": 41_000,
                         "games_per_s": 900.0},
            "all_cores": {"workers": 2, "jogadas_per_s": 76_000, "games_per_s": 1700.0},
            "examples": {"files": 3, "jogadas": 90, "cpu_ms": 120.0}}


def test_bench_line_gives_one_core_the_speed_up_and_the_goal():
    met = describe_bench(_bench_result(52_000))
    assert "52,000 jogadas/s (41,000 per CPU second)" in met
    assert "goal >= 50,000: met" in met
    assert "on 2 cores, a speed-up of 1.9" in met and "load average 0.5 before" in met
    assert "goal >= 50,000: NOT met" in describe_bench(_bench_result(49_999))


def test_bench_runs_count_jogadas_per_second_and_per_cpu_second():
    plan = Plan(REPO, games=6, players=(4, 4), seed=11)
    figures = _bench_runs(plan, workers=1, runs=1)
    assert figures["games"] == 6 and figures["jogadas"] > 6
    assert figures["jogadas_per_s"] > 0 and figures["jogadas_per_cpu_s"] > 0
