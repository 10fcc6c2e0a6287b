"""The tuck box's net: its inner size takes the deck's thickness, and its pieces fold into a box."""

from itertools import pairwise

import pytest

from publish.render.tuckbox import (
    DUST_MIN,
    GLUE_FLAP,
    LEGEND,
    NetTooBig,
    deck_thickness,
    inner_size,
    place,
    thumb_notch,
    tuck_depth,
    tuck_net,
)

POKER = (63.0, 88.0)


def test_the_deck_is_as_thick_as_its_cards_times_the_paper():
    assert deck_thickness(60, 0.32) == pytest.approx(19.2)
    assert deck_thickness(0, 0.32) == 0


def test_the_inner_depth_takes_the_decks_thickness_and_the_front_the_card_plus_clearance():
    inner = inner_size(POKER, 80, 0.32, 2.0)
    assert inner.width == pytest.approx(65.0)
    assert inner.height == pytest.approx(90.0)
    assert inner.depth == pytest.approx(80 * 0.32 + 2.0)


def test_a_thicker_deck_widens_the_sides_and_nothing_else():
    thin, thick = (tuck_net(inner_size(POKER, n, 0.32, 2.0)) for n in (20, 100))
    assert thick.piece("side-left").box[2] - thin.piece("side-left").box[2] == pytest.approx(
        80 * 0.32)
    assert thick.piece("front").box[2:] == thin.piece("front").box[2:]
    assert thick.width - thin.width == pytest.approx(2 * 80 * 0.32)


def test_the_panels_go_round_the_deck_front_side_back_side_then_the_glue_flap():
    inner = inner_size(POKER, 60, 0.32, 2.0)
    net = tuck_net(inner)
    order = ["front", "side-left", "back", "side-right", "glue-side"]
    boxes = [net.piece(name).box for name in order]
    assert [b[2] for b in boxes] == pytest.approx(
        [inner.width, inner.depth, inner.width, inner.depth, GLUE_FLAP])
    for (x, _, w, _), (next_x, *_) in pairwise(boxes):
        assert x + w == pytest.approx(next_x)  # each panel folds on its neighbour's edge
    assert [b[3] for b in boxes] == pytest.approx([inner.height] * 5)
    assert net.width == pytest.approx(2 * inner.width + 2 * inner.depth + GLUE_FLAP)


def test_the_lid_and_the_bottom_are_as_deep_as_the_box_and_close_it():
    inner = inner_size(POKER, 60, 0.32, 2.0)
    net = tuck_net(inner)
    back, lid, tuck = net.piece("back").box, net.piece("lid").box, net.piece("tuck").box
    assert lid[2:] == pytest.approx((inner.width, inner.depth))
    assert lid[1] + lid[3] == pytest.approx(back[1])  # the lid folds on the back's top
    assert tuck[1] + tuck[3] == pytest.approx(lid[1])
    assert tuck[3] == pytest.approx(tuck_depth(inner.depth))
    bottom, front = net.piece("bottom").box, net.piece("front").box
    assert bottom[2:] == pytest.approx((inner.width, inner.depth))
    assert bottom[1] == pytest.approx(front[1] + front[3])


def test_every_piece_but_the_front_folds_on_one_edge_and_the_rest_is_cut():
    net = tuck_net(inner_size(POKER, 40, 0.32, 2.0))
    folds = net.folds
    assert len(folds) == len(net.pieces) - 1
    cut = {tuple(sorted(edge)) for edge in net.cuts}
    for a, b in folds:
        assert tuple(sorted((a, b))) not in cut
    # the front's right edge is the left side's fold, not a cut
    front = net.piece("front").box
    assert ((front[2], front[1]), (front[2], front[1] + front[3])) in folds


def test_glue_goes_on_the_side_flap_and_under_the_bottom():
    net = tuck_net(inner_size(POKER, 40, 0.32, 2.0))
    assert sorted(p.name for p in net.pieces if p.role == "glue") == ["glue-bottom", "glue-side"]


def test_a_thin_decks_dust_flaps_still_reach_the_minimum():
    net = tuck_net(inner_size(POKER, 5, 0.32, 1.0))
    assert net.piece("dust-top-left").box[3] == pytest.approx(DUST_MIN)


def test_the_thumb_notch_dips_into_the_front_by_its_radius():
    points = thumb_notch(0, 10, 60, 8)
    assert points[0] == (0, 10) and points[-1] == (60, 10)
    assert max(y for _, y in points) == pytest.approx(18)
    assert min(x for x, y in points if y > 10 + 1e-9) > 60 / 2 - 8


def test_the_net_is_placed_portrait_when_it_fits_and_landscape_otherwise():
    small = tuck_net(inner_size(POKER, 30, 0.32, 2.0))
    where = place(small, (210.0, 297.0), 4.5, "deck a", "a4")
    assert where.page == (210.0, 297.0)
    assert where.x == pytest.approx((210 - small.width) / 2)
    assert where.y >= 4.5 + LEGEND
    wide = tuck_net(inner_size((70.0, 70.0), 110, 0.32, 2.0))  # square cards, a thick deck
    assert wide.width + 9 > 210 and wide.height + LEGEND + 9 < 210
    assert place(wide, (210.0, 297.0), 4.5, "deck a", "a4").page == (297.0, 210.0)


def test_a_net_too_big_for_the_paper_is_refused_with_the_size_it_needs():
    big = tuck_net(inner_size((70.0, 120.0), 80, 0.32, 2.0))  # tarot, 80 cards
    with pytest.raises(NetTooBig) as refused:
        place(big, (210.0, 297.0), 4.5, "deck main (Main deck)", "a4")
    said = str(refused.value)
    assert said.startswith("deck main (Main deck): the tuck box's net needs a sheet of at least "
                           f"{big.width + 9:.1f} x {big.height + LEGEND + 9:.1f} mm")
    assert "a4 is 210 x 297 mm" in said
