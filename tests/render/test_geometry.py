import pytest

from publish.render.geometry import GUIDE_MARGIN, sheet_layout


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_is_three_by_three_with_printable_guide_margins(paper):
    layout = sheet_layout(paper, "poker", 3)
    assert (layout.cols, layout.rows) == (3, 3)
    grid = layout.grid
    assert grid.x >= GUIDE_MARGIN - 1e-9 and grid.y >= GUIDE_MARGIN - 1e-9
    assert layout.paper[0] - grid.right >= GUIDE_MARGIN - 1e-9
    assert layout.paper[1] - grid.bottom >= GUIDE_MARGIN - 1e-9
    # the grid is centred, so mirrored backs land exactly behind their fronts
    assert grid.x == pytest.approx(layout.paper[0] - grid.right)


def test_a4_keeps_full_bleed_between_rows_and_shares_it_between_columns():
    layout = sheet_layout("a4", "poker", 3)
    assert layout.gutter_y == 6.0  # 3 mm bleed for each card
    assert layout.gutter_x == pytest.approx(3.0)  # A4 is 210 mm: 1.5 mm bleed each
    assert layout.visible(0, 0).x == pytest.approx(layout.trim(0, 0).x - 3)


def test_long_edge_mirrors_columns_and_short_edge_rows():
    layout = sheet_layout("a4", "poker", 3)
    assert layout.mirrored(0, 1, "long-edge") == (2, 1)
    assert layout.mirrored(0, 0, "short-edge") == (0, 2)
    paper_w = layout.paper[0]
    for col in range(3):
        front = layout.trim(col, 0)
        back = layout.trim(*layout.mirrored(col, 0, "long-edge"))
        assert back.x == pytest.approx(paper_w - front.right)


def test_cut_lines():
    layout = sheet_layout("letter", "poker", 3)
    assert len(layout.cut_xs) == 6 and len(layout.cut_ys) == 6
    assert layout.cut_xs[1] - layout.cut_xs[0] == pytest.approx(63)
