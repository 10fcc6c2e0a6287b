"""The report's charts: labels of neighbouring cards set apart."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from conftest import REPO
from publish.balance.charts import ranking_chart, spread, use_fonts


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
    labels = re.findall(r"<!-- (.*?) -->", drawn)  # each text's words, beside its outlines
    assert labels.count("001 Alpha") == 1 and labels.count("002 Beta") == 1
    assert not [label for label in labels if "003" in label]  # unnamed: a grey line, no label


def test_the_charts_text_is_drawn_as_glyph_outlines_in_the_projects_font():
    """An SVG in <img> cannot use the page's fonts: text left as text fell back to the
    machine's and was clipped.  The glyphs are paths, in Vollkorn when the project has it."""
    use_fonts(REPO / "fonts")
    drawn = ranking_chart({"greedy": {"001": 1, "002": 2}, "random": {"001": 2, "002": 1}},
                          {"001": "001 Alpha"}, {"001"})
    assert "<text" not in drawn and "font-family" not in drawn
    assert 'id="Vollkorn' in drawn  # the glyphs' outlines, named by their font
    assert "001 Alpha" in drawn  # the label kept as a comment beside them
