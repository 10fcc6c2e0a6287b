"""A variant against the baseline, on hand-made records whose answers are known."""

from __future__ import annotations

import pytest

from publish.balance.compare import (
    ALL,
    compare,
    holm,
    paired,
    two_shares,
)
from publish.balance.study import Cell
from publish.balance.tally import Tally, count_game
from publish.engines.protocol import GameRecord, Recording, RoundRecord

RECORDING = Recording(held="held", held_label="held", outcomes=(("fired", "fired"),))
CELLS = [Cell(2, "plain", ("base",), ("bot",))]
TITLES = ["held", "fired", "holder won"]


def record(winner: int, events: tuple = (), moves: int = 10) -> GameRecord:
    return GameRecord(players=2, order=(0, 1), rounds=(RoundRecord(moves, (winner,)),),
                      winners=(winner,), cards=frozenset("AB"), events=events)


def tally(records: list[GameRecord]) -> Tally:
    counted = Tally()
    for index, game in enumerate(records):
        count_game(counted, 0, index, index, game, RECORDING)
    return counted


def test_paired_values_that_do_not_move_have_no_difference():
    assert paired([1, 2, 3], [1, 2, 3]) == (2.0, 2.0, 0.0, 0.0, 1.0)


def test_paired_values_all_moved_by_one_are_beyond_chance():
    first, second, low, high, p = paired([1, 2, 3, 4], [2, 3, 4, 5])
    assert (first, second, low, high, p) == (2.5, 3.5, 1.0, 1.0, 0.0)


def test_a_paired_difference_has_the_normal_interval_of_the_pairs_differences():
    before, after = [0.0] * 100, [1.0] * 30 + [0.0] * 70
    _, _, low, high, p = paired(before, after)
    se = (0.3 * 0.7 / 99) ** 0.5  # the differences' sample deviation over sqrt(100)
    assert (low, high) == pytest.approx((0.3 - 1.959964 * se, 0.3 + 1.959964 * se), abs=1e-5)
    assert p < 1e-6


def test_two_shares_newcombe_interval_and_test():
    low, high, p = two_shares(56, 70, 48, 80)  # Newcombe (1998), method 10: 0.0524 to 0.3339
    assert (low, high) == pytest.approx((-0.3339, -0.0524), abs=1e-4)
    assert p == pytest.approx(0.0080, abs=1e-4)  # z = 0.2 / 0.07547
    assert two_shares(5, 10, 5, 10)[2] == 1.0


def test_holm_multiplies_by_the_tests_left_and_keeps_the_order():
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([]) == []


def test_a_variant_that_gives_the_first_to_move_every_game_moves_that_figure():
    base = tally([record(k % 2) for k in range(40)])  # places share the wins
    variant = tally([record(0) for _ in range(40)])  # the first to move always wins
    found = {(d.players, d.figure): d for d in compare(CELLS, base, variant, RECORDING,
                                                       TITLES) if not d.card}
    first = found[(ALL, "games won by the first to move")]
    assert (first.baseline, first.variant, first.difference) == (0.5, 1.0, 0.5)
    assert first.low < 0.5 < first.high and first.moved
    assert not found[(ALL, "rounds per game")].moved
    assert found[(ALL, "rounds per game")].difference == 0


def test_a_card_that_wins_only_when_fired_shows_it_when_the_variant_stops_it_firing():
    """Baseline: seat 0 holds A, fires it and wins.  Variant: A is held but never fires, and
    its holder loses: both A's fired share and its holders' wins move, B's do not."""
    base = tally([record(0, (("held", 0, "A"), ("fired", 0, "A"), ("held", 1, "B")))
                  for _ in range(30)])
    variant = tally([record(1, (("held", 0, "A"), ("held", 1, "B"))) for _ in range(30)])
    found = {(d.card, d.figure): d for d in compare(CELLS, base, variant, RECORDING, TITLES)
             if d.card}
    assert found[("A", "fired")].difference == -1.0 and found[("A", "fired")].moved
    assert found[("A", "holder won")].difference == -1.0 and found[("A", "holder won")].moved
    assert found[("B", "holder won")].difference == 1.0
    assert not found[("A", "held")].moved and found[("A", "held")].difference == 0
    never = found[("B", "fired")]  # B never fires on either side
    assert (never.baseline, never.variant, never.p, never.moved) == (0.0, 0.0, 1.0, False)


def test_the_same_games_on_both_sides_move_nothing():
    games = [record(k % 2, (("held", k % 2, "A"),), moves=5 + k % 3) for k in range(20)]
    assert not any(d.moved or d.difference for d in compare(CELLS, tally(games),
                                                            tally(games), RECORDING, TITLES))
