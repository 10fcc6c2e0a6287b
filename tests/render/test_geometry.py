import pytest

from publish.model.game import CARD_SIZES
from publish.model.layouts import MIN_MARGIN
from publish.render.geometry import PAPERS, sheet_layout


@pytest.mark.parametrize("fold", [False, True], ids=["sheets", "fold"])
@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_shipped_size_has_full_bleed_on_every_side_of_every_card(paper, size, fold):
    layout = sheet_layout(paper, size, 3, fold=fold)
    for col in range(layout.cols):
        for row in range(layout.rows):
            assert min(layout.bleeds(col, row)) >= 3 - 1e-9, (col, row, layout.bleeds(col, row))
    # the trims keep the printable margin from the paper's edges (a fold's right side: the fold)
    last = layout.trim(layout.cols - 1, layout.rows - 1)
    width, height = layout.paper
    assert layout.left >= MIN_MARGIN - 1e-9 and layout.top >= MIN_MARGIN - 1e-9
    assert height - last.bottom >= MIN_MARGIN - 1e-9
    assert (width / 2 - last.right >= 3 - 1e-9) if fold else (width - last.right
                                                                 >= MIN_MARGIN - 1e-9)
    if not fold:  # the grid is centred, so mirrored backs land exactly behind their fronts
        assert layout.left == pytest.approx(width - last.right)


@pytest.mark.parametrize(("paper", "size", "fold", "grid"), [
    ("a4", "poker", False, (3, 3)), ("a4", "square", False, (2, 3)),
    ("letter", "poker", False, (4, 2)), ("letter", "poker", True, (2, 2)),
    ("a4", "poker", True, (2, 2)), ("letter", "mini", False, (4, 4)),
])
def test_the_defaults_take_as_many_cards_as_full_bleed_allows(paper, size, fold, grid):
    layout = sheet_layout(paper, size, 3, fold=fold)
    assert (layout.cols, layout.rows) == grid


def test_square_on_a4_no_longer_shares_a_third_of_a_millimetre_between_rows():
    """Was 2 x 4 with a 0.66 mm gutter between rows (0.33 mm of bleed each)."""
    layout = sheet_layout("a4", "square", 3)
    assert layout.gutter_y == 6.0 and layout.gutter_x == 6.0


def test_letter_poker_is_landscape_and_the_fold_takes_two_columns():
    layout = sheet_layout("letter", "poker", 3)
    assert layout.paper == PAPERS["letter"][::-1] and layout.landscape
    fold = sheet_layout("letter", "poker", 3, fold=True)
    assert fold.per_page == 4  # was 2: the margin at the fold is only the cards' bleed


def test_long_edge_mirrors_columns_and_short_edge_rows():
    layout = sheet_layout("a4", "poker", 3)
    assert layout.mirrored(0, 1, "long-edge") == (2, 1)
    assert layout.mirrored(0, 0, "short-edge") == (0, 2)
    paper_w = layout.paper[0]
    for col in range(3):
        front = layout.trim(col, 0)
        back = layout.trim(*layout.mirrored(col, 0, "long-edge"))
        assert back.x == pytest.approx(paper_w - front.right)


def test_on_a_landscape_page_long_edge_mirrors_rows():
    layout = sheet_layout("letter", "poker", 3)
    assert layout.mirrored(0, 0, "long-edge") == (0, 1)
    assert layout.mirrored(0, 0, "short-edge") == (3, 0)


def test_cut_lines():
    layout = sheet_layout("a4", "poker", 3)
    assert len(layout.cut_xs) == 6 and len(layout.cut_ys) == 6
    assert layout.cut_xs[1] - layout.cut_xs[0] == pytest.approx(63)


@pytest.mark.parametrize("landscape", [False, True])
@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
@pytest.mark.parametrize("error", [(1.5, 0.0), (0.0, -2.0), (0.7, 1.2)])
def test_back_correction_cancels_a_printer_offset(flip, error, landscape):
    """Simulate a duplex printer that shifts back pages by ``error``."""
    from publish.render.geometry import back_correction

    width, height = (297.0, 210.0) if landscape else (210.0, 297.0)
    # a landscape page turned over its long edge turns over its top edge: y mirrors
    mirrors_x = (flip == "long-edge") != landscape

    def seen_from_front(bx, by):  # where a point of the back page shows through the sheet
        return (width - bx, by) if mirrors_x else (bx, height - by)

    target = (60.0, 80.0)
    drawn = seen_from_front(*target)  # the mapping is its own inverse
    printed = (drawn[0] + error[0], drawn[1] + error[1])
    seen = seen_from_front(*printed)
    reading = (seen[0] - target[0], seen[1] - target[1])  # what the scales show
    dx, dy = back_correction(reading, flip, landscape)
    corrected = seen_from_front(drawn[0] + dx + error[0], drawn[1] + dy + error[1])
    assert corrected == pytest.approx(target)


@pytest.mark.parametrize("paper", [(210.0, 297.0), (279.4, 215.9)], ids=["portrait",
                                                                        "landscape"])
@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
def test_calibration_back_lines_sit_behind_the_scale_zeros(flip, paper):
    from publish.render.geometry import turned_axis
    from publish.render.sheets import calibration_pages

    front, back = calibration_pages(paper, flip, "note")
    assert len(back.guides) == 5 * 4
    zeros = [m for m in front.marks if m["text"] == "0"]
    assert len(zeros) == 10  # two scales at each of five targets
    for guide in back.guides[::4]:  # each target's vertical line
        x = guide["x"] + guide["w"] / 2
        y = guide["y"] + guide["h"] / 2
        if turned_axis(flip, paper[0] > paper[1]) == "x":
            x = paper[0] - x
        else:
            y = paper[1] - y
        # through the sheet the line lies on a vertical tick of value 0 of the top scale
        assert any(t["w"] == 0.15 and t["h"] == 4.0 and t["x"] + 0.075 == pytest.approx(x)
                   and t["y"] <= y <= t["y"] + 12 for t in front.guides)
