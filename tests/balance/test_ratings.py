"""Ratings of agents and who beats whom, on hand-made games whose answers are known."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from publish.balance.ratings import (
    ALL,
    bradley_terry,
    duels,
    findings,
    matchups,
    ratings,
    skill_csv,
)
from publish.balance.study import Study
from publish.balance.tally import GameRow

MIXED = Study("g", (2, 3), ("m",), (("d",),), (("a", "b"), ("a",)), games_per_cell=40)


def row(cell: int, index: int, players: int, winners: tuple[int, ...]) -> GameRow:
    return GameRow(cell, index, index, players, 1, 10, (10,), 1, winners, (1,), False)


def seat_of(study: Study, cell: int, index: int, agent: str) -> int:
    return study.spec(study.cells()[cell], index).agents.index(agent)


def games(winner: str, every: int = 1) -> list[GameRow]:
    """The mixed cells' games (cells 0 and 1: a+b at 2 and 3 players) won by a seat of
    ``winner`` (every ``every``-th game; the others by the other agent), and the lone
    agent's games (cells 2, 3), which compare nothing."""
    found = []
    for cell, players in ((0, 2), (1, 3), (2, 2), (3, 3)):
        for index in range(40):
            agent = winner if index % every == 0 else ("b" if winner == "a" else "a")
            seat = seat_of(MIXED, cell, index, agent) if cell < 2 else 0
            found.append(row(cell, index, players, (seat,)))
    return found


def test_a_game_is_duels_of_each_winner_against_each_loser_of_another_agent():
    study = Study("g", (3,), ("m",), (("d",),), (("a", "b"),), games_per_cell=2)
    # game 0 seats a, b, a: seat 0 (a) wins, beating b once; its fellow a is no duel
    assert duels(study, row(0, 0, 3, (0,))) == {("a", "b"): 1}
    assert duels(study, row(0, 0, 3, (1,))) == {("b", "a"): 2}


def test_two_agents_strengths_are_the_ratio_of_their_duels_won():
    won = {("a", "b"): 30, ("b", "a"): 10}
    strength = bradley_terry(Counter(won), ["a", "b"])
    assert strength["a"] / strength["b"] == pytest.approx(30.5 / 10.5)
    assert math.log(strength["a"]) == pytest.approx(-math.log(strength["b"]))


def test_the_agent_that_always_wins_rates_higher_and_wins_its_duels():
    rated = {(r.players, r.agent): r for r in ratings(MIXED, games("a"))}
    top = rated[(ALL, "a")]
    assert top.rating > 0 > rated[(ALL, "b")].rating and top.low > 0
    assert {p for p, _ in rated} == {ALL, 2, 3}  # the lone agent's tables compare nothing
    [both, *_] = [m for m in matchups(MIXED, games("a")) if m.players == ALL]
    assert (both.first, both.second, both.won.rate) == ("a", "b", 1.0) and not both.even
    assert findings(matchups(MIXED, games("a")))[0].startswith("a beats b in 100.0% of")


def test_agents_that_share_the_wins_are_said_to_show_no_skill():
    met = matchups(MIXED, games("a", every=2))
    assert all(m.even for m in met)
    assert "win as many duels as each other" in findings(met)[0]


def test_the_intervals_are_the_same_on_every_run():
    assert skill_csv(ratings(MIXED, games("a", 3)), matchups(MIXED, games("a", 3))) == \
        skill_csv(ratings(MIXED, games("a", 3)), matchups(MIXED, games("a", 3)))
