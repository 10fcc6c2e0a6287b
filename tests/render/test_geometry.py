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


@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
@pytest.mark.parametrize("error", [(1.5, 0.0), (0.0, -2.0), (0.7, 1.2)])
def test_back_correction_cancels_a_printer_offset(flip, error):
    """Simulate a duplex printer that shifts back pages by ``error``."""
    from publish.render.geometry import back_correction

    width, height = 210.0, 297.0

    def seen_from_front(bx, by):  # where a point of the back page shows through the sheet
        return (width - bx, by) if flip == "long-edge" else (bx, height - by)

    target = (60.0, 80.0)
    drawn = seen_from_front(*target)  # the mapping is its own inverse
    printed = (drawn[0] + error[0], drawn[1] + error[1])
    seen = seen_from_front(*printed)
    reading = (seen[0] - target[0], seen[1] - target[1])  # what the scales show
    dx, dy = back_correction(reading, flip)
    corrected = seen_from_front(drawn[0] + dx + error[0], drawn[1] + dy + error[1])
    assert corrected == pytest.approx(target)


@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
def test_calibration_back_lines_sit_behind_the_scale_zeros(flip):
    from publish.render.sheets import calibration_pages

    paper = (210.0, 297.0)
    front, back = calibration_pages(paper, flip, "note")
    assert len(back.guides) == 5 * 4
    zeros = [m for m in front.marks if m["text"] == "0"]
    assert len(zeros) == 10  # two scales at each of five targets
    for guide in back.guides[::4]:  # each target's vertical line
        x = guide["x"] + guide["w"] / 2
        y = guide["y"] + guide["h"] / 2
        if flip == "long-edge":
            x = paper[0] - x
        else:
            y = paper[1] - y
        # through the sheet the line lies on a vertical tick of value 0 of the top scale
        assert any(t["w"] == 0.15 and t["h"] == 4.0 and t["x"] + 0.075 == pytest.approx(x)
                   and t["y"] <= y <= t["y"] + 12 for t in front.guides)
