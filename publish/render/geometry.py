"""Paper, card sizes and the imposition of cards on print-and-cut sheets.

All lengths are millimetres.  Cards are laid out in a centred grid; between
two cards the gutter holds both cards' bleed when there is room, and shrinks
(down to a shared cut line) when the paper is too small, so that a margin of
at least GUIDE_MARGIN stays free around the grid for cut guides a home
printer can actually print.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from publish.model.game import CARD_SIZES
from publish.model.sizes import papers

PAPERS: dict[str, tuple[float, float]] = papers()
"""Papers by id: width and height in mm, portrait (publish/data/sizes.yaml)."""
# Home printers cannot print the outer 3-4 mm of a sheet: guides live beyond that.
GUIDE_MARGIN = 4.5


@dataclass(frozen=True)
class Box:
    """A rectangle: left, top, width, height (mm, from the page's top-left corner)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


def _axis(paper: float, trim: float, bleed: float) -> tuple[int, float, float]:
    """Cards along one axis, the gutter between them, and the first trim edge."""
    count = max(1, math.floor((paper - 2 * GUIDE_MARGIN - 2 * bleed) / trim))
    if count > 1:
        room = (paper - count * trim - 2 * bleed - 2 * GUIDE_MARGIN) / (count - 1)
        gutter = max(0.0, min(2 * bleed, room))
    else:
        gutter = 0.0
    span = count * trim + (count - 1) * gutter
    return count, gutter, (paper - span) / 2


@dataclass(frozen=True)
class SheetLayout:
    """Where each card of a sheet goes, and where the cut lines are."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    gutter_x: float
    gutter_y: float
    left: float
    top: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def trim(self, col: int, row: int) -> Box:
        """The trim box of the card in ``col``, ``row``."""
        w, h = self.card
        x = self.left + col * (w + self.gutter_x)
        return Box(x, self.top + row * (h + self.gutter_y), w, h)

    def visible(self, col: int, row: int) -> Box:
        """The part of the card's bleed that is printed: half the gutter between cards."""
        t = self.trim(col, row)
        left = self.bleed if col == 0 else self.gutter_x / 2
        right = self.bleed if col == self.cols - 1 else self.gutter_x / 2
        top = self.bleed if row == 0 else self.gutter_y / 2
        bottom = self.bleed if row == self.rows - 1 else self.gutter_y / 2
        return Box(t.x - left, t.y - top, t.w + left + right, t.h + top + bottom)

    @property
    def grid(self) -> Box:
        """The printed area: every card with its outer bleed."""
        first, last = self.visible(0, 0), self.visible(self.cols - 1, self.rows - 1)
        return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)

    @property
    def cut_xs(self) -> list[float]:
        """Vertical cut lines (x), left to right, shared lines counted once."""
        edges = [self.trim(c, 0) for c in range(self.cols)]
        return sorted({round(v, 4) for box in edges for v in (box.x, box.right)})

    @property
    def cut_ys(self) -> list[float]:
        """Horizontal cut lines (y), top to bottom, shared lines counted once."""
        edges = [self.trim(0, r) for r in range(self.rows)]
        return sorted({round(v, 4) for box in edges for v in (box.y, box.bottom)})

    def mirrored(self, col: int, row: int, flip: str) -> tuple[int, int]:
        """Where the back of the card at ``col``, ``row`` goes on the back page.

        Long-edge duplex turns the sheet over its long side: columns mirror.
        Short-edge duplex turns it over its short side: rows mirror.
        """
        if flip == "long-edge":
            return self.cols - 1 - col, row
        if flip == "short-edge":
            return col, self.rows - 1 - row
        raise ValueError(f"unknown flip {flip!r}")


def grid_layout(area: tuple[float, float], card: tuple[float, float], bleed: float) -> SheetLayout:
    """As many cards as fit in ``area`` (width, height), centred, guide margins kept."""
    cols, gutter_x, left = _axis(area[0], card[0], bleed)
    rows, gutter_y, top = _axis(area[1], card[1], bleed)
    return SheetLayout(area, card, bleed, cols, rows, gutter_x, gutter_y, left, top)


def sheet_layout(paper: str, size: str, bleed: float) -> SheetLayout:
    """The print-and-cut layout of ``size`` cards on ``paper`` (portrait)."""
    return grid_layout(PAPERS[paper], CARD_SIZES[size], bleed)


def mirror_x(box: Box, width: float) -> Box:
    """``box`` reflected across the vertical line at ``width / 2``."""
    return Box(width - box.right, box.y, box.w, box.h)


def back_correction(reading: tuple[float, float], flip: str) -> tuple[float, float]:
    """How far to move back pages (in their own coordinates) to cancel a measured offset.

    ``reading`` is what the calibration page shows from the front: where the
    back's lines cross the front's scales, in mm (right and down positive).
    A duplex printer that shifts the back by e shows, from the front, -e
    across the axis the sheet turns over (mirrored) and +e along it.
    """
    rx, ry = reading
    if flip == "long-edge":
        return rx, -ry
    if flip == "short-edge":
        return -rx, ry
    raise ValueError(f"unknown flip {flip!r}")
