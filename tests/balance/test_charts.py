"""The report's charts: labels of neighbouring cards set apart."""

from __future__ import annotations

from itertools import pairwise

import pytest

from publish.balance.charts import ranking_chart, spread


def test_labels_far_enough_apart_stay_where_their_points_are():
    assert spread([1.0, 5.0, 9.0], 2.0) == [1.0, 5.0, 9.0]


def test_labels_too_close_are_set_a_gap_apart_around_their_points():
    placed = spread([58.0, 59.0, 60.0, 63.0, 67.0], 1.5)
    assert all(b - a >= 1.5 - 1e-9 for a, b in pairwise(placed))
    assert sum(placed[:3]) / 3 == pytest.approx(59.0)  # the crowded three centred on theirs
    assert placed == sorted(placed)


def test_a_block_pushed_into_the_next_label_takes_it_along():
    placed = spread([10.0, 10.0, 10.0, 11.5], 1.0)
    assert placed == pytest.approx([8.875, 9.875, 10.875, 11.875])  # mean 10.375


def test_the_ranking_chart_labels_every_named_card_once():
    ranks = {"greedy": {"001": 1, "002": 2, "003": 3}, "random": {"001": 3, "002": 2, "003": 1}}
    drawn = ranking_chart(ranks, {"001": "001 Alpha", "002": "002 Beta"}, {"001", "002"})
    assert drawn.count("001 Alpha") == 1 and drawn.count("002 Beta") == 1
    assert "003" not in drawn.replace("0030", "")  # unnamed: a grey line, no label
