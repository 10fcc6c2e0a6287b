"""The engine writes its games as diários, and the replay finds nothing wrong in them.

A thousand seeded games over every deck and both modes (`-m long`; `make test` plays a
fifth of each plan): each log prints (in our
canonical form and in the compendium's style), parses back to the same events,
and replays at both levels with no finding.
Mutations show the replay is not blind: a wrong hand count or a card whose
effect changed is reported at its line.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest

from conftest import REPO, shortened
from publish.games.agencia.base import asymmetric_power
from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.bookkeeping import check_bookkeeping
from publish.games.agencia.diario.parse import parse
from publish.games.agencia.diario.record import log_of
from publish.games.agencia.diario.replay_effects import check_effects
from publish.games.agencia.diario.write import write
from publish.games.agencia.simulate import Plan, play
from publish.games.agencia.simulate import _infos as infos_of

ALL = ("principal", "historico", "teorico", "estrategico", "social")
PLANS = [
    Plan(REPO, games=350, players=(3, 6), decks=("principal",), seed=21),
    Plan(REPO, games=350, players=(3, 6), decks=("principal",), seed=22, agents=("random",)),
    Plan(REPO, games=100, players=(3, 6), bourdieu=True, decks=("principal",), seed=23),
    Plan(REPO, games=100, players=(3, 6), bourdieu=True, decks=ALL, seed=24),
    Plan(REPO, games=100, players=(3, 6), bourdieu=True, decks=ALL, seed=25,
         agents=("random",)),
]


def _replay_plan(plan: Plan) -> tuple[int, list[str]]:
    """(games, problems) of one plan: round trip and both replay levels for every game."""
    infos, deck = infos_of(plan)
    problems: list[str] = []
    for index in range(plan.games):
        text = write(log_of(play(plan, index, infos, deck)))
        path = f"seed{plan.seed}-game{index}"
        log, errors = parse(text, path)
        problems += [f"{path}: {e}" for e in errors]
        if write(log) != text:
            problems.append(f"{path}: printing the parsed log changes it")
        styled, errors = parse(write(log, "compendio"), path)
        if errors or styled.warnings or styled.events != log.events:
            problems.append(f"{path}: the compendium's style does not read back the same")
        social = asymmetric_power(plan.decks)
        findings = check_bookkeeping(log, "2.180423", infos, social)
        findings += check_effects(log, infos, len(deck), social)
        problems += [str(f) for f in findings[:3]]
    return plan.games, problems


@pytest.mark.parametrize("plans", [
    pytest.param(shortened(PLANS, 5), id="200-games"),
    pytest.param(PLANS, id="1000-games", marks=pytest.mark.long),
])
def test_simulated_games_round_trip_and_replay_clean(plans):
    """Every plan's shape in `make test` with a fifth of its games; a thousand with -m long."""
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(_replay_plan, plans))
    assert sum(games for games, _ in results) == sum(p.games for p in plans)
    problems = [p for _, found in results for p in found]
    assert problems == []


def test_the_long_run_replays_a_thousand_games_and_the_short_one_every_shape_of_it():
    assert sum(p.games for p in PLANS) == 1000
    assert [replace(p, games=0) for p in shortened(PLANS, 5)] == \
        [replace(p, games=0) for p in PLANS]


def _game_text(bourdieu: bool = False, index: int = 0) -> tuple[str, dict, list[str]]:
    plan = Plan(REPO, games=1, players=(4, 4), bourdieu=bourdieu, seed=31)
    infos, deck = infos_of(plan)
    return write(log_of(play(plan, index, infos, deck))), infos, deck


def test_a_declared_hand_count_that_is_wrong_is_reported_at_its_line():
    text, infos, deck = _game_text()
    lines = text.splitlines()
    target = next(i for i, line in enumerate(lines) if line.startswith("J5("))
    name, count = lines[target][3:].split(",")[:2]
    lines[target] = lines[target].replace(f"{name},{count},", f"{name}, {int(count) + 1},", 1)
    log, errors = parse("\n".join(lines) + "\n", "mutated.txt")
    assert errors == []
    for findings in (check_bookkeeping(log, "2.180423", infos),
                     check_effects(log, infos, len(deck))):
        assert findings, "the wrong count went unnoticed"
        assert findings[0].line == target + 1
        assert findings[0].path == "mutated.txt"


def test_a_consequence_the_card_does_not_give_is_reported_with_the_card():
    text, infos, deck = _game_text()
    log, _ = parse(text, "game.txt")
    # the first structure event with a discard: make the log say one card more
    for item in log.events:
        if isinstance(item, sx.Structure) and any(
                isinstance(c, sx.Discard) for c in item.consequences):
            discard = next(c for c in item.consequences if isinstance(c, sx.Discard))
            break
    line, col = discard.at
    lines = text.splitlines()
    written = f"{discard.player}-{discard.n}"
    assert lines[line - 1][col - 1:].startswith(written)
    lines[line - 1] = (lines[line - 1][:col - 1] + f"{discard.player}-{discard.n + 1}"
                       + lines[line - 1][col - 1 + len(written):])
    mutated, errors = parse("\n".join(lines) + "\n", "game.txt")
    assert errors == []
    findings = check_effects(mutated, infos, len(deck))
    assert findings
    first = findings[0]
    assert (first.line, first.col) == (line, col)
    assert f"card {item.card} ({infos[item.card].name})" in first.why
    assert first.declared == f"{discard.player}-{discard.n + 1}"
    assert first.expected == written


def test_a_partida_replays_in_bourdieu_mode_with_the_field():
    text, infos, deck = _game_text(bourdieu=True, index=2)
    assert "CAMPO(" in text
    log, errors = parse(text, "bourdieu.txt")
    assert errors == []
    assert check_effects(log, infos, len(deck)) == []
