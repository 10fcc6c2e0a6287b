"""Pages as data: crop marks keep clear of the sheet label and reach every cut line."""

from __future__ import annotations

import pytest

from publish.model.game import CARD_SIZES
from publish.model.layouts import Marks
from publish.render.geometry import Box, sheet_layout
from publish.render.sheets import crop_marks, label_box

TITLES = ["Agência · Main deck · 1/9", "A game with a long name · The deck of many things · 12/20"]


def crosses(guide: dict[str, float], box: Box) -> bool:
    return (guide["x"] < box.right and box.x < guide["x"] + guide["w"]
            and guide["y"] < box.bottom and box.y < guide["y"] + guide["h"])


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("fold", [False, True], ids=["sheets", "fold"])
@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_mark_crosses_the_label(paper, size, fold, title):
    layout = sheet_layout(paper, size, 3, fold=fold)
    box = label_box(layout, title)
    marks = crop_marks(layout, Marks(), box)
    if box is not None:
        assert not [g for g in marks if crosses(g, box)]
        assert box.bottom < layout.grid.y  # above the printed cards
    # every cut line still has a mark at one end at least
    xs = {round(g["x"] + g["w"] / 2, 3) for g in marks if g["cut"] == "x"}
    ys = {round(g["y"] + g["h"] / 2, 3) for g in marks if g["cut"] == "y"}
    assert xs == {round(x, 3) for x in layout.cut_xs}
    assert ys == {round(y, 3) for y in layout.cut_ys}


def test_the_label_sits_right_of_the_first_cut_line():
    """It used to start 1 mm left of it, and the first line's mark struck through it."""
    layout = sheet_layout("a4", "poker", 3)
    box = label_box(layout, TITLES[0])
    assert box is not None and box.x > layout.cut_xs[0]


def test_a_long_label_shortens_the_marks_under_it_instead_of_crossing():
    layout = sheet_layout("a4", "poker", 3)
    box = label_box(layout, "x" * 60)  # 90 mm: over the second and third cut lines
    assert box is not None
    under = [g for g in crop_marks(layout, Marks(), box)
             if g["cut"] == "x" and g["y"] < layout.grid.y and box.x <= g["x"] <= box.right]
    assert under and all(g["y"] >= box.bottom for g in under)


def test_narrow_margins_run_the_marks_over_the_outer_bleed_to_the_trim():
    """A4 poker keeps 4.5 mm from the edge to the trim: 1.5 mm of white outside the bleed."""
    layout = sheet_layout("a4", "poker", 3)
    left = [g for g in crop_marks(layout, Marks()) if g["cut"] == "y" and g["x"] == 0.0]
    assert len(left) == 6
    assert all(g["w"] == pytest.approx(layout.left - 1.0) for g in left)


def test_a_mark_length_gives_ticks_ending_short_of_the_cards():
    layout = sheet_layout("a4", "tarot", 3)
    marks = crop_marks(layout, Marks(length=3, clear=2))
    top = [g for g in marks if g["cut"] == "x" and g["y"] < layout.grid.y]
    assert all(g["h"] == pytest.approx(3) for g in top)
    assert all(g["y"] + g["h"] == pytest.approx(layout.grid.y - 2) for g in top)
