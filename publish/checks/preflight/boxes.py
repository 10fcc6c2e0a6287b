"""A page's boxes against the card the service expects, to a tenth of a millimetre.

The TrimBox is the card as cut; the BleedBox the trim grown by the bleed on every side;
the MediaBox holds them both (ISO 32000-1, 14.11.2; PDF/X asks for a TrimBox or an ArtBox
on every page and for the boxes to nest).  Positions on a card are said in millimetres
from the trim's top left corner, as a designer measures them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from publish.checks.preflight.expectation import TOLERANCE_MM, Expectation

MM = 72 / 25.4
"""Points in a millimetre."""


@dataclass(frozen=True)
class Box:
    """A rectangle in points: left, bottom, right, top."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def size_mm(self) -> tuple[float, float]:
        return ((self.x1 - self.x0) / MM, (self.y1 - self.y0) / MM)

    def holds(self, other: Box) -> bool:
        slack = TOLERANCE_MM * MM
        return (other.x0 >= self.x0 - slack and other.y0 >= self.y0 - slack
                and other.x1 <= self.x1 + slack and other.y1 <= self.y1 + slack)

    def __str__(self) -> str:
        w, h = self.size_mm
        return f"{w:.1f} x {h:.1f} mm"


def box(page: Any, name: str) -> Box | None:
    """The page's box ``name`` (/MediaBox, /TrimBox, …) as it is written, or None."""
    value = page.obj.get(name)
    if value is None and name == "/MediaBox":
        value = page.mediabox  # inherited from the page tree
    if value is None or len(value) != 4:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def trim_of(page: Any) -> Box | None:
    """Where the card is cut: the TrimBox, else the ArtBox, else the MediaBox."""
    return box(page, "/TrimBox") or box(page, "/ArtBox") or box(page, "/MediaBox")


def from_trim(page: Any, x: float, y: float) -> tuple[float, float]:
    """A point of the page (points, PDF's bottom-left origin) in millimetres from the trim's
    top left corner (negative in the bleed above or left of it)."""
    trim = trim_of(page) or Box(0, 0, 0, 0)
    return ((x - trim.x0) / MM, (trim.y1 - y) / MM)


def box_problems(page: Any, expected: Expectation) -> list[str]:
    """What is wrong with the page's boxes: a missing trim or bleed box, a size off by more
    than a tenth of a millimetre, a bleed not even on every side, boxes that do not nest."""
    media, trim, bleed = (box(page, n) for n in ("/MediaBox", "/TrimBox", "/BleedBox"))
    found = []
    if trim is None and box(page, "/ArtBox") is None:
        found.append("no TrimBox (nor ArtBox): the printer cannot tell where to cut")
    if trim is not None and expected.trim is not None and not _near(trim.size_mm, expected.trim):
        found.append(f"TrimBox is {trim}, expected {_mm(expected.trim)}")
    if expected.bleed:
        if bleed is None:
            found.append(f"no BleedBox: expected {expected.bleed:g} mm of bleed on each side")
        elif trim is not None:
            found += _bleed_problems(trim, bleed, expected.bleed)
    if media is not None and bleed is not None and not media.holds(bleed):
        found.append(f"BleedBox ({bleed}) is not inside the MediaBox ({media})")
    if trim is not None and not (bleed or media or trim).holds(trim):
        found.append("TrimBox is not inside the BleedBox and MediaBox")
    return found


def _bleed_problems(trim: Box, bleed: Box, wanted: float) -> list[str]:
    sides = {"left": trim.x0 - bleed.x0, "bottom": trim.y0 - bleed.y0,
             "right": bleed.x1 - trim.x1, "top": bleed.y1 - trim.y1}
    wrong = {side: amount / MM for side, amount in sides.items()
             if abs(amount / MM - wanted) > TOLERANCE_MM}
    if not wrong:
        return []
    said = ", ".join(f"{side} {amount:.2f} mm" for side, amount in wrong.items())
    return [f"bleed is {said}, expected {wanted:g} mm on each side"]


def _near(size: tuple[float, float], wanted: tuple[float, float]) -> bool:
    return abs(size[0] - wanted[0]) <= TOLERANCE_MM and abs(size[1] - wanted[1]) <= TOLERANCE_MM


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0]:.1f} x {size[1]:.1f} mm"
