"""Pages of print-and-cut sheets: fronts, mirrored backs, fold layout, calibration.

Each page is plain data for templates/_common/sheet.html.j2: slots (a card
face or back, its visible box and trim box; frozen dataclasses a template reads
by attribute or key) and guide lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from publish.i18n.translate import N_
from publish.render.faces import Back, DeckBack, Face
from publish.render.geometry import Box, SheetLayout, grid_layout, mirror_x
from publish.render.readable import Readable

GUIDE_WIDTH = 0.2  # mm: thin, but a home printer prints it
GUIDE_GAP = 1.0  # mm kept clear between a guide and the printed card area
FOLD_NOTE = N_("fold on the dashed line")
"""Printed on every fold sheet; the caller passes it in the edition's words."""


@dataclass(frozen=True)
class Slot(Readable):
    """One card face (or a deck's back) on a sheet: where it is cut (``trim``), the part of
    its bleed printed (``visible``), and where the card element goes inside the slot."""

    _said_as: ClassVar[str] = "slot"

    card: Face | None
    deck: DeckBack | None
    trim: Box
    visible: Box
    offset_x: float
    offset_y: float
    anchor: str


@dataclass
class Page:
    side: str
    slots: list[Slot] = field(default_factory=list)
    guides: list[dict[str, float]] = field(default_factory=list)
    label: str = ""
    label_x: float = 0.0
    label_y: float = 0.0
    fold: dict[str, float] | None = None
    marks: list[dict[str, Any]] = field(default_factory=list)


def _slot(item: Back, trim: Box, visible: Box, bleed: float, anchor: str,
          shift: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """A card face (or a deck's back) drawn at ``trim``, showing ``visible`` of its bleed."""
    dx, dy = shift
    trim = Box(trim.x + dx, trim.y + dy, trim.w, trim.h)
    visible = Box(visible.x + dx, visible.y + dy, visible.w, visible.h)
    return Slot(
        card=item if isinstance(item, Face) else None,
        deck=item if isinstance(item, DeckBack) else None,
        trim=trim,
        visible=visible,
        # the card element is drawn with its full bleed; shift it into the slot
        offset_x=trim.x - bleed - visible.x,
        offset_y=trim.y - bleed - visible.y,
        anchor=anchor,
    )


def _grid_slot(layout: SheetLayout, col: int, row: int, item: Back, anchor: str,
               shift: tuple[float, float] = (0.0, 0.0)) -> Slot:
    return _slot(item, layout.trim(col, row), layout.visible(col, row), layout.bleed, anchor,
                 shift)


def guides(layout: SheetLayout) -> list[dict[str, Any]]:
    """Cut lines drawn in all four margins, from the paper edge to the cards.

    Lines (not corner ticks) in every margin survive the first cut: after a
    strip is cut away, the opposite margin still shows every line.
    """
    paper_w, paper_h = layout.paper
    grid = layout.grid
    half = GUIDE_WIDTH / 2
    lines: list[dict[str, Any]] = []
    for x in layout.cut_xs:
        lines.append({"x": x - half, "y": 0.0, "w": GUIDE_WIDTH, "h": grid.y - GUIDE_GAP,
                      "cut": "x"})
        lines.append({"x": x - half, "y": grid.bottom + GUIDE_GAP, "w": GUIDE_WIDTH,
                      "h": paper_h - grid.bottom - GUIDE_GAP, "cut": "x"})
    for y in layout.cut_ys:
        lines.append({"x": 0.0, "y": y - half, "w": grid.x - GUIDE_GAP, "h": GUIDE_WIDTH,
                      "cut": "y"})
        lines.append({"x": grid.right + GUIDE_GAP, "y": y - half,
                      "w": paper_w - grid.right - GUIDE_GAP, "h": GUIDE_WIDTH, "cut": "y"})
    return [g for g in lines if g["w"] > 0 and g["h"] > 0]


def _label(page: Page, layout: SheetLayout, text: str) -> None:
    if layout.grid.y >= 5.5:  # only where the top margin has room for it
        page.label, page.label_x, page.label_y = text, layout.grid.x + 2, 1.5


def fronts_and_backs(layout: SheetLayout, faces: Sequence[Face], backs: Sequence[Back],
                     mode: str, title: str, back_shift: tuple[float, float] = (0.0, 0.0)
                     ) -> list[Page]:
    """Sheets of faces; with ``mode`` long-edge or short-edge, each followed by its backs.

    ``back_shift`` moves the backs (mm, back-page coordinates) to cancel the
    offset a duplex printer was measured to have (see calibration_pages).
    """
    pages: list[Page] = []
    per = layout.per_page
    lines = guides(layout)
    duplex = mode in ("long-edge", "short-edge")
    sheets = [range(i, min(i + per, len(faces))) for i in range(0, len(faces), per)]
    for number, indexes in enumerate(sheets, 1):
        front = Page("front", guides=lines)
        _label(front, layout, f"{title} · {number}/{len(sheets)}")
        pages.append(front)
        if duplex:
            back = Page("back", guides=lines)
            _label(back, layout, f"{title} · {number}/{len(sheets)} · verso")
            pages.append(back)
        for slot, index in enumerate(indexes):
            col, row = slot % layout.cols, slot // layout.cols
            front.slots.append(_grid_slot(layout, col, row, faces[index], f"card-{index + 1}"))
            if duplex:
                bcol, brow = layout.mirrored(col, row, mode)
                back.slots.append(_grid_slot(layout, bcol, brow, backs[index],
                                             f"back-{index + 1}", back_shift))
    return pages


def fold_pages(card: tuple[float, float], bleed: float, paper: tuple[float, float],
               faces: Sequence[Face], backs: Sequence[Back], title: str,
               note: str = FOLD_NOTE) -> list[Page]:
    """Landscape sheets folded down the middle: faces on the left, backs mirrored on the right.

    The left half is laid out like a small sheet (guides in its margins); the
    right half is its mirror image, so after folding each back lies behind its
    face and both halves are cut along the same lines.
    """
    paper_w, paper_h = max(paper), min(paper)
    half = grid_layout((paper_w / 2, paper_h), card, bleed)
    lines = guides(half)
    mirrored = [{"x": paper_w - g["x"] - g["w"], "y": g["y"], "w": g["w"], "h": g["h"]}
                for g in lines]
    pages = []
    per = half.per_page
    for start in range(0, len(faces), per):
        page = Page("folded", guides=lines + mirrored,
                    fold={"x": paper_w / 2 - 0.15, "y": 0.0, "h": paper_h})
        for slot, index in enumerate(range(start, min(start + per, len(faces)))):
            col, row = slot % half.cols, slot // half.cols
            trim, visible = half.trim(col, row), half.visible(col, row)
            page.slots.append(_slot(faces[index], trim, visible, bleed, f"card-{index + 1}"))
            page.slots.append(_slot(backs[index], mirror_x(trim, paper_w),
                                    mirror_x(visible, paper_w), bleed, f"back-{index + 1}"))
        _label(page, half, f"{title} · {start // per + 1} · {note}")
        pages.append(page)
    return pages


def _through_sheet(box: dict[str, float], paper: tuple[float, float], flip: str
                   ) -> dict[str, float]:
    """Where to draw on the back page a mark meant to be seen at ``box`` from the front."""
    width, height = paper
    if flip == "long-edge":
        return dict(box, x=width - box["x"] - box["w"])
    return dict(box, y=height - box["y"] - box["h"])


CALIBRATION_SPAN = 10  # mm each side of zero on every scale


def calibration_pages(paper: tuple[float, float], flip: str, note: str) -> list[Page]:
    """A front with millimetre scales and a back with one line behind each scale's zero.

    Printed double-sided and held against the light, each back line crosses
    its front scale at the printer's offset; five targets (centre and four
    quarters) also show rotation or stretch.  The centre reading goes to
    --back-offset.
    """
    width, height = paper
    targets = [(width / 2, height / 2)] + [(width * fx, height * fy)
                                           for fx in (0.25, 0.75) for fy in (0.25, 0.75)]
    front, back = Page("calibration-front"), Page("calibration-back")
    gap = CALIBRATION_SPAN + 6  # the two scales sit apart so their ticks never cross
    for x, y in targets:
        # horizontal scale above the target (read with the back's vertical line through x),
        # vertical scale right of it (read with the back's horizontal line through y)
        for k in range(-CALIBRATION_SPAN, CALIBRATION_SPAN + 1):
            tick = 4.0 if k % 5 == 0 else 2.0
            front.guides.append({"x": x + k - 0.075, "y": y - gap, "w": 0.15, "h": tick})
            front.guides.append({"x": x + gap - tick, "y": y + k - 0.075, "w": tick, "h": 0.15})
            if k % 5 == 0:
                label = f"{k:+d}" if k else "0"
                front.marks.append({"x": x + k - 2, "y": y - gap - 3, "text": label})
                front.marks.append({"x": x + gap + 0.5, "y": y + k - 1, "text": label})
        # the back's marks, placed as seen through the sheet from the front
        seen = [
            {"x": x - 0.15, "y": y - gap - 5, "w": 0.3, "h": 12},  # crosses the top scale
            {"x": x + gap - 7, "y": y - 0.15, "w": 12, "h": 0.3},  # crosses the right scale
            {"x": x - 3, "y": y - 0.1, "w": 6, "h": 0.2},  # target cross
            {"x": x - 0.1, "y": y - 3, "w": 0.2, "h": 6},
        ]
        front.guides.extend(seen[2:])
        back.guides.extend(_through_sheet(box, paper, flip) for box in seen)
    front.label, front.label_x, front.label_y = note, 10.0, 8.0
    back.label, back.label_x, back.label_y = "verso / back", 10.0, 8.0
    return [front, back]
