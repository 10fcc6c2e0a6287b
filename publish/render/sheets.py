"""Pages of print-and-cut sheets: fronts, mirrored backs, fold layout, calibration.

Each page is plain data for templates/_common/sheet.html.j2: slots (a card
face or back, its visible box and trim box) and guide lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from publish.render.geometry import Box, SheetLayout

GUIDE_WIDTH = 0.2  # mm: thin, but a home printer prints it
GUIDE_GAP = 1.0  # mm kept clear between a guide and the printed card area


@dataclass
class Page:
    side: str
    slots: list[dict[str, Any]] = field(default_factory=list)
    guides: list[dict[str, float]] = field(default_factory=list)
    label: str = ""
    label_x: float = 0.0
    label_y: float = 0.0
    fold: dict[str, float] | None = None


def _slot(layout: SheetLayout, col: int, row: int, item: dict, anchor: str,
          back: bool) -> dict[str, Any]:
    trim = layout.trim(col, row)
    visible = layout.visible(col, row)
    return {
        "card": None if back else item,
        "deck": item if back else None,
        "trim": trim,
        "visible": visible,
        # the card element is drawn with its full bleed; shift it into the slot
        "offset_x": trim.x - layout.bleed - visible.x,
        "offset_y": trim.y - layout.bleed - visible.y,
        "anchor": anchor,
    }


def guides(layout: SheetLayout) -> list[dict[str, float]]:
    """Cut lines drawn in all four margins, from the paper edge to the cards.

    Lines (not corner ticks) in every margin survive the first cut: after a
    strip is cut away, the opposite margin still shows every line.
    """
    paper_w, paper_h = layout.paper
    grid = layout.grid
    half = GUIDE_WIDTH / 2
    lines = []
    for x in layout.cut_xs:
        lines.append({"x": x - half, "y": 0.0, "w": GUIDE_WIDTH, "h": grid.y - GUIDE_GAP})
        lines.append({"x": x - half, "y": grid.bottom + GUIDE_GAP, "w": GUIDE_WIDTH,
                      "h": paper_h - grid.bottom - GUIDE_GAP})
    for y in layout.cut_ys:
        lines.append({"x": 0.0, "y": y - half, "w": grid.x - GUIDE_GAP, "h": GUIDE_WIDTH})
        lines.append({"x": grid.right + GUIDE_GAP, "y": y - half,
                      "w": paper_w - grid.right - GUIDE_GAP, "h": GUIDE_WIDTH})
    return [g for g in lines if g["w"] > 0 and g["h"] > 0]


def _label(page: Page, layout: SheetLayout, text: str) -> None:
    if layout.grid.y >= 5.5:  # only where the top margin has room for it
        page.label, page.label_x, page.label_y = text, layout.grid.x + 2, 1.5


def fronts_and_backs(layout: SheetLayout, faces: list[dict], backs: list[dict], mode: str,
                     title: str) -> list[Page]:
    """Sheets of faces; with ``mode`` long-edge or short-edge, each followed by its backs."""
    pages: list[Page] = []
    per = layout.per_page
    sheets = [range(i, min(i + per, len(faces))) for i in range(0, len(faces), per)]
    for number, indexes in enumerate(sheets, 1):
        front = Page("front", guides=guides(layout))
        _label(front, layout, f"{title} · {number}/{len(sheets)}")
        back = Page("back", guides=guides(layout))
        _label(back, layout, f"{title} · {number}/{len(sheets)} · verso")
        for slot, index in enumerate(indexes):
            col, row = slot % layout.cols, slot // layout.cols
            front.slots.append(_slot(layout, col, row, faces[index], f"card-{index + 1}", False))
            if mode in ("long-edge", "short-edge"):
                bcol, brow = layout.mirrored(col, row, mode)
                back.slots.append(_slot(layout, bcol, brow, backs[index], f"back-{index + 1}",
                                        True))
        pages.append(front)
        if mode in ("long-edge", "short-edge"):
            pages.append(back)
    return pages


def fold_pages(card: tuple[float, float], bleed: float, paper: tuple[float, float],
               faces: list[dict], backs: list[dict], title: str) -> list[Page]:
    """Landscape sheets folded down the middle: faces on the left, backs mirrored on the right."""
    paper_w, paper_h = max(paper), min(paper)
    w, h = card
    half = paper_w / 2
    cols = max(1, int((half - 2 * bleed - 6) // (w + 2 * bleed)))
    rows = max(1, int((paper_h - 9) // (h + 2 * bleed)))
    step_x, step_y = w + 2 * bleed, h + 2 * bleed
    top = (paper_h - rows * step_y) / 2 + bleed
    left_start = half - 3 - cols * step_x + bleed  # 3 mm clear of the fold
    pages = []
    per = cols * rows
    for start in range(0, len(faces), per):
        page = Page("fold", fold={"x": half - 0.15, "y": 0.0, "h": paper_h})
        for slot, index in enumerate(range(start, min(start + per, len(faces)))):
            col, row = slot % cols, slot // cols
            x = left_start + col * step_x
            y = top + row * step_y
            mirror_x = paper_w - x - w
            for item, tx, back in ((faces[index], x, False), (backs[index], mirror_x, True)):
                trim = Box(tx, y, w, h)
                visible = Box(tx - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
                page.slots.append({"card": None if back else item, "deck": item if back else None,
                                   "trim": trim, "visible": visible, "offset_x": 0.0,
                                   "offset_y": 0.0,
                                   "anchor": f"{'back' if back else 'card'}-{index + 1}"})
        page.label, page.label_x, page.label_y = f"{title} · dobre na linha tracejada", 6, 2
        pages.append(page)
    return pages
