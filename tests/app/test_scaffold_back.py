"""`publish new`'s back hides duplex drift: nothing on it runs along the trim close inside it,
where a back printed a millimetre or two off would show (a frame wider on one side)."""

from __future__ import annotations

from pathlib import Path

from conftest import run
from publish.render.pdfpage import Page, Shape, read_pages

MM = 72 / 25.4
NEAR_MM = 8.0
"""Closer than this inside the trim, an edge parallel to it shows a drift of 1-2 mm (a
quarter of the distance or more)."""


def edges_near_the_trim(page: Page, shape: Shape) -> list[str]:
    """The edges of ``shape`` that lie inside the trim and less than NEAR_MM from the trim
    edge parallel to them (an edge in the bleed is cut away)."""
    left, bottom, right, top = page.box
    near = NEAR_MM * MM
    found = []
    for name, at, lo, hi in (("left", shape.x0, left, right), ("right", shape.x1, left, right),
                             ("bottom", shape.y0, bottom, top), ("top", shape.y1, bottom, top)):
        inside = lo + 0.1 < at < hi - 0.1
        if inside and min(at - lo, hi - at) < near:
            found.append(f"{name} edge {min(at - lo, hi - at) / MM:.1f} mm inside the trim")
    return found


def back_page(project: Path, deck: str) -> Page:
    """The deck's back as the print-shop proof lays it out: one page, trimmed box and bleed."""
    pdf = project / "build" / "moon" / "en" / "printshop" / "tgc" / f"{deck}.pdf"
    return list(read_pages(pdf))[-1]  # fronts, then the deck's back


def test_no_line_of_the_back_runs_near_the_trim(moon: Path):
    result = run("build", "printshop", "--project", str(moon), "--game", "moon",
                 "--service", "tgc", "--no-images")
    assert result.exit_code == 0, result.output
    for deck in ("main", "starter"):
        page = back_page(moon, deck)
        assert page.shapes, "the back draws its band"
        near = [f"{deck}: {said}" for shape in page.shapes
                for said in edges_near_the_trim(page, shape)]
        assert near == []
