"""Paper, card sizes and the imposition of cards on print-and-cut sheets.

All lengths are millimetres.  A sheet layout (publish.model.layouts: the
package's publish/data/layouts.yaml, or a game's own) says the paper's
orientation, the grid, the gaps between cards and the margin; ``impose`` turns
it into a SheetLayout: a centred grid whose trims keep the margin from the
paper's edge.  Token sheets use ``grid_layout``: as many as fit with the full
bleed between them, a margin of GUIDE_MARGIN kept free around the printed area.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from publish.core.problems import OptionError, Problem, ProblemsFound, did_you_mean
from publish.model.game import CARD_SIZES
from publish.model.layouts import Layout, default_layout, load_layouts, matching, package_layouts
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
    fold: bool = False
    """A fold layout: these are the faces on the left half; the backs mirror them."""

    @property
    def landscape(self) -> bool:
        return self.paper[0] > self.paper[1]

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def trim(self, col: int, row: int) -> Box:
        """The trim box of the card in ``col``, ``row``."""
        w, h = self.card
        x = self.left + col * (w + self.gutter_x)
        return Box(x, self.top + row * (h + self.gutter_y), w, h)

    def visible(self, col: int, row: int) -> Box:
        """The part of the card's bleed that is printed: all of it at the grid's edges (as
        far as the paper goes), up to half the gutter between cards."""
        t = self.trim(col, row)
        inner_x, inner_y = min(self.bleed, self.gutter_x / 2), min(self.bleed, self.gutter_y / 2)
        left = min(self.bleed, t.x) if col == 0 else inner_x
        right = (min(self.bleed, self.paper[0] - t.right) if col == self.cols - 1
                 else inner_x)
        top = min(self.bleed, t.y) if row == 0 else inner_y
        bottom = (min(self.bleed, self.paper[1] - t.bottom) if row == self.rows - 1
                  else inner_y)
        return Box(t.x - left, t.y - top, t.w + left + right, t.h + top + bottom)

    def bleeds(self, col: int, row: int) -> tuple[float, float, float, float]:
        """The bleed printed around the card in ``col``, ``row``: left, top, right, bottom."""
        t, v = self.trim(col, row), self.visible(col, row)
        return t.x - v.x, t.y - v.y, v.right - t.right, v.bottom - t.bottom

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

        Long-edge duplex turns the sheet over its long side: on a portrait page columns
        mirror, on a landscape page rows.  Short-edge duplex turns it over its short side.
        """
        if turned_axis(flip, self.landscape) == "x":
            return self.cols - 1 - col, row
        return col, self.rows - 1 - row


def turned_axis(flip: str, landscape: bool = False) -> str:
    """The page axis a duplex ``flip`` mirrors: x when the sheet turns over a vertical edge of
    the page (long-edge on portrait, short-edge on landscape), else y."""
    if flip not in ("long-edge", "short-edge"):
        raise ValueError(f"unknown flip {flip!r}")
    return "x" if (flip == "long-edge") != landscape else "y"


def grid_layout(area: tuple[float, float], card: tuple[float, float], bleed: float) -> SheetLayout:
    """As many pieces as fit in ``area`` (width, height) with their full bleed between them,
    centred, the guides' margins kept (a token sheet's)."""
    return _imposed(area, card, bleed, (2 * bleed, 2 * bleed), GUIDE_MARGIN + bleed,
                    (None, None), False, strict=False)


def sheet_layout(paper: str, size: str, bleed: float, layout: Layout | None = None,
                 fold: bool = False) -> SheetLayout:
    """The print-and-cut layout of ``size`` cards on ``paper``: ``layout``, else the package's
    default for them (as many as fit, portrait, full gaps, when there is none)."""
    chosen = layout or default_layout(package_layouts(), paper, size, fold)
    if chosen is not None:
        return impose(chosen, bleed)
    w, h = PAPERS[paper]
    page = (max(w, h), min(w, h)) if fold else (w, h)
    return _imposed(page, CARD_SIZES[size], bleed, (2 * bleed, 2 * bleed), GUIDE_MARGIN,
                    (None, None), fold, strict=False)


def pick_layout(game_root: Path | None, paper: str, size: str, fold: bool,
                chosen: str | None = None) -> Layout | None:
    """The layout ``chosen`` (``--layout``), else the default for this paper, size and kind
    (a game's own before the package's); OptionError when ``chosen`` is unknown or for other
    sheets, naming the layouts that would do."""
    layouts = load_layouts(game_root)
    if chosen is None:
        return default_layout(layouts, paper, size, fold)
    fits = matching(layouts, paper, size, fold)
    kind = f"{size} cards on {paper}{', folded' if fold else ''}"
    if chosen not in layouts:
        raise OptionError(f"--layout {chosen}: no such layout{did_you_mean(chosen, layouts)}; "
                          f"for {kind}: {', '.join(fits) or 'none'}")
    if chosen not in fits:
        spec = layouts[chosen].spec
        raise OptionError(f"--layout {chosen} is for {spec.size} cards on {spec.paper}"
                          f"{', folded' if spec.fold else ''}, not {kind}: choose "
                          f"{' or '.join(fits) or 'the paper and size it is for'}")
    return layouts[chosen]


class NoRoom(ValueError):
    """A layout asks for more cards than its page takes (``axis``: across or down)."""

    def __init__(self, message: str, axis: str):
        super().__init__(message)
        self.axis = axis


def impose(layout: Layout, bleed: float) -> SheetLayout:
    """Where the cards of ``layout`` go on its page, for a game whose bleed is ``bleed``;
    ProblemsFound at the layout when its grid does not fit."""
    spec = layout.spec
    try:
        return _imposed(spec.page, CARD_SIZES[spec.size], bleed, spec.gaps(bleed), spec.margin,
                        (spec.cols, spec.rows), spec.fold, strict=True)
    except NoRoom as err:
        field = "cols" if err.axis == "across" else "rows"
        raise ProblemsFound([Problem(layout.locate(field), f"layout {layout.id}: {err}")]
                            ) from None


def _imposed(page: tuple[float, float], card: tuple[float, float], bleed: float,
             gaps: tuple[float, float], margin: float, counts: tuple[int | None, int | None],
             fold: bool, strict: bool) -> SheetLayout:
    """The centred grid; on a fold page, in the left half, its trims at least ``bleed`` from
    the fold so that faces and backs both keep their bleed there.  ``strict``: a grid that
    does not fit is NoRoom (a layout's), else one card at least (no layout for the paper)."""
    width, height = page
    right = width / 2 - bleed if fold else width - margin
    cols, left = _fit("across", card[0], gaps[0], margin, right, counts[0], not strict)
    rows, top = _fit("down", card[1], gaps[1], margin, height - margin, counts[1], not strict)
    return SheetLayout(page, card, bleed, cols, rows, gaps[0], gaps[1], left, top, fold)


def _fit(axis: str, trim: float, gap: float, low: float, high: float, count: int | None,
         at_least_one: bool) -> tuple[int, float]:
    """How many cards of ``trim`` with ``gap`` between them fit from ``low`` to ``high`` (or
    ``count``, if it fits), and where the first one starts, the grid centred."""
    room = high - low
    most = math.floor((room + gap) / (trim + gap) + 1e-9)
    wanted = count or max(most, 1 if at_least_one else most)
    if wanted > most or wanted < 1:
        need = wanted * trim + (wanted - 1) * gap
        raise NoRoom(f"{max(wanted, 1)} card(s) {axis} of {trim:g} mm with {gap:g} mm gaps "
                     f"need {need:g} mm; the page has {room:.1f} mm inside its margins", axis)
    span = wanted * trim + (wanted - 1) * gap
    return wanted, low + (room - span) / 2


def mirror_x(box: Box, width: float) -> Box:
    """``box`` reflected across the vertical line at ``width / 2``."""
    return Box(width - box.right, box.y, box.w, box.h)


def back_correction(reading: tuple[float, float], flip: str, landscape: bool = False
                    ) -> tuple[float, float]:
    """How far to move back pages (in their own coordinates) to cancel a measured offset.

    ``reading`` is what the calibration page shows from the front: where the
    back's lines cross the front's scales, in mm (right and down positive).
    A duplex printer that shifts the back by e shows, from the front, -e
    across the axis the sheet turns over (mirrored) and +e along it.  ``landscape``: the
    reading was taken on a calibration page as landscape as the sheets.
    """
    rx, ry = reading
    if turned_axis(flip, landscape) == "x":
        return rx, -ry
    return -rx, ry
