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
from publish.model.layouts import Marks
from publish.render.faces import Back, DeckBack, Face
from publish.render.geometry import Box, SheetLayout, mirror_x, turned_axis
from publish.render.readable import Readable

GUIDE_WIDTH = 0.2  # mm: thin, but a home printer prints it
GUIDE_GAP = 1.0  # mm kept clear between a guide and the printed card area
SHORTEST_MARK = 2.0
"""mm: a mark that would be shorter in the white margin runs on over the outer bleed (cut
away with it) to the trim, where the margin is too narrow for the bleed and a mark."""
LABEL_TOP = 1.5  # mm from the paper's edge to the sheet label's top
LABEL_HEIGHT = 2.6  # mm: a line of the label's 6 pt type
LABEL_CHAR = 1.5
"""mm a character of the label's 6 pt semi-bold type takes at most (the widest capitals
take 1.4 mm): the label's box, which no mark may cross, is reckoned with it."""
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


def label_box(layout: SheetLayout, text: str) -> Box | None:
    """Where the sheet's label goes: in the top margin, just right of the first cut line
    (None where the top margin has no room for it above the printed cards)."""
    if layout.grid.y < LABEL_TOP + LABEL_HEIGHT + GUIDE_GAP:
        return None
    return Box(layout.cut_xs[0] + GUIDE_GAP, LABEL_TOP, len(text) * LABEL_CHAR, LABEL_HEIGHT)


def _label(page: Page, box: Box | None, text: str) -> None:
    if box is not None:
        page.label, page.label_x, page.label_y = text, box.x, box.y


def crop_marks(layout: SheetLayout, marks: Marks, label: Box | None = None
               ) -> list[dict[str, Any]]:
    """The crop marks of a layout: each cut line continued in the margins, ``marks.clear``
    short of the printed cards (over the outer bleed to the trim where the margin is too
    narrow), ``marks.length`` long if given, and never across the ``label`` box.

    Lines rather than corner ticks: after a strip is cut away, the opposite margin still
    shows every line.  A fold layout's marks are its left half's (the side margin at the
    fold has none); fold_pages mirrors them.
    """
    paper_w, paper_h = layout.paper
    grid, clear, half = layout.grid, marks.clear, GUIDE_WIDTH / 2
    first, last = layout.trim(0, 0), layout.trim(layout.cols - 1, layout.rows - 1)
    lines: list[dict[str, Any]] = []

    def span(white: float, trimmed: float) -> tuple[float, float]:
        """A mark's start and end, from the paper's edge inwards (lengths from the edge)."""
        end = white - clear if white - clear >= SHORTEST_MARK else trimmed - clear
        return (max(0.0, end - marks.length) if marks.length else 0.0), end

    def blocked(x: float) -> bool:
        return label is not None and label.x - clear < x < label.right + clear

    top, bottom = span(grid.y, first.y), span(paper_h - grid.bottom, paper_h - last.bottom)
    left, right = span(grid.x, first.x), span(paper_w - grid.right, paper_w - last.right)
    for x in layout.cut_xs:
        start = max(top[0], label.bottom + clear) if label and blocked(x) else top[0]
        lines.append({"x": x - half, "y": start, "w": GUIDE_WIDTH, "h": top[1] - start,
                      "cut": "x"})
        lines.append({"x": x - half, "y": paper_h - bottom[1], "w": GUIDE_WIDTH,
                      "h": bottom[1] - bottom[0], "cut": "x"})
    for y in layout.cut_ys:
        lines.append({"x": left[0], "y": y - half, "w": left[1] - left[0], "h": GUIDE_WIDTH,
                      "cut": "y"})
        if not layout.fold:
            lines.append({"x": paper_w - right[1], "y": y - half, "w": right[1] - right[0],
                          "h": GUIDE_WIDTH, "cut": "y"})
    return [g for g in lines if g["w"] > 0 and g["h"] > 0]


def fronts_and_backs(layout: SheetLayout, faces: Sequence[Face], backs: Sequence[Back],
                     mode: str, title: str, back_shift: tuple[float, float] = (0.0, 0.0),
                     marks: Marks | None = None) -> list[Page]:
    """Sheets of faces; with ``mode`` long-edge or short-edge, each followed by its backs.

    ``back_shift`` moves the backs (mm, back-page coordinates) to cancel the
    offset a duplex printer was measured to have (see calibration_pages).
    """
    pages: list[Page] = []
    per = layout.per_page
    duplex = mode in ("long-edge", "short-edge")
    sheets = [range(i, min(i + per, len(faces))) for i in range(0, len(faces), per)]
    for number, indexes in enumerate(sheets, 1):
        text = f"{title} · {number}/{len(sheets)}"
        front = _labelled("front", layout, marks or Marks(), text)
        pages.append(front)
        if duplex:
            back = _labelled("back", layout, marks or Marks(), f"{text} · verso")
            pages.append(back)
        for slot, index in enumerate(indexes):
            col, row = slot % layout.cols, slot // layout.cols
            front.slots.append(_grid_slot(layout, col, row, faces[index], f"card-{index + 1}"))
            if duplex:
                bcol, brow = layout.mirrored(col, row, mode)
                back.slots.append(_grid_slot(layout, bcol, brow, backs[index],
                                             f"back-{index + 1}", back_shift))
    return pages


def _labelled(side: str, layout: SheetLayout, marks: Marks, text: str) -> Page:
    """A page of ``layout`` with its label and the crop marks that keep clear of it."""
    box = label_box(layout, text)
    page = Page(side, guides=crop_marks(layout, marks, box))
    _label(page, box, text)
    return page


def fold_pages(half: SheetLayout, faces: Sequence[Face], backs: Sequence[Back], title: str,
               note: str = FOLD_NOTE, marks: Marks | None = None) -> list[Page]:
    """Landscape sheets folded down the middle: faces on the left, backs mirrored on the right.

    ``half`` lays out the faces on the left half of the page (a fold layout:
    margins and marks at the paper's edges, the cards' bleed up to the fold);
    the right half is its mirror image, so after folding each back lies behind
    its face and both halves are cut along the same lines.
    """
    paper_w, paper_h = half.paper
    pages = []
    per = half.per_page
    for start in range(0, len(faces), per):
        page = _labelled("folded", half, marks or Marks(),
                         f"{title} · {start // per + 1} · {note}")
        page.guides += [dict(g, x=paper_w - g["x"] - g["w"]) for g in page.guides]
        page.fold = {"x": paper_w / 2 - 0.15, "y": 0.0, "h": paper_h}
        for slot, index in enumerate(range(start, min(start + per, len(faces)))):
            col, row = slot % half.cols, slot // half.cols
            trim, visible = half.trim(col, row), half.visible(col, row)
            page.slots.append(_slot(faces[index], trim, visible, half.bleed,
                                    f"card-{index + 1}"))
            page.slots.append(_slot(backs[index], mirror_x(trim, paper_w),
                                    mirror_x(visible, paper_w), half.bleed, f"back-{index + 1}"))
        pages.append(page)
    return pages


def _through_sheet(box: dict[str, float], paper: tuple[float, float], flip: str
                   ) -> dict[str, float]:
    """Where to draw on the back page a mark meant to be seen at ``box`` from the front."""
    width, height = paper
    if turned_axis(flip, width > height) == "x":
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
