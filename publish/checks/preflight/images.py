"""The effective resolution of every picture a page draws: its pixels over the size it is
drawn at, read from the transformation matrix in force where it is drawn.

A picture of 600 px drawn 50.8 mm wide prints at 300 ppi; the same picture stretched to
101.6 mm prints at 150 and looks soft.  A tiny picture (a few pixels on each side) is a
flat colour or a pattern's cell and is left alone, as is a stencil mask.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from publish.checks.preflight.boxes import MM, from_trim
from publish.checks.preflight.content import Matrix, Use, picture_size

TINY = 4
"""Pictures at most this many pixels on both sides are flat colours, not photographs."""


def corners(ctm: Matrix) -> list[tuple[float, float]]:
    """The corners of the unit square a picture fills, on the page."""
    a, b, c, d, e, f = ctm
    return [(a * u + c * v + e, b * u + d * v + f) for u, v in ((0, 0), (1, 0), (0, 1), (1, 1))]


def effective_ppi(pixels: tuple[int, int], ctm: Matrix) -> float:
    """The lower of a picture's two resolutions as drawn, in pixels per inch."""
    a, b, c, d, _, _ = ctm
    width, height = math.hypot(a, b) / 72, math.hypot(c, d) / 72
    if width <= 0 or height <= 0:
        return math.inf
    return min(pixels[0] / width, pixels[1] / height)


def low_resolution(page: Any, uses: Iterable[Use], least: float) -> list[str]:
    """One line per picture drawn below ``least`` ppi, naming it and where it is on the card."""
    found = []
    for use in uses:
        if use.kind != "image" or _is_mask(use):
            continue
        pixels = picture_size(use.obj)
        if max(pixels) <= TINY:
            continue
        ppi = effective_ppi(pixels, use.ctm)
        if ppi + 0.5 < least:
            found.append(_said(page, use, pixels, ppi, least))
    return found


def _is_mask(use: Use) -> bool:
    import pikepdf

    if isinstance(use.obj, pikepdf.PdfInlineImage):
        return bool(use.obj.image_mask)
    return bool(use.obj.get("/ImageMask", False))


def _said(page: Any, use: Use, pixels: tuple[int, int], ppi: float, least: float) -> str:
    points = corners(use.ctm)
    left = min(x for x, _ in points)
    top = max(y for _, y in points)
    x, y = from_trim(page, left, top)
    width = (max(p[0] for p in points) - left) / MM
    height = (top - min(p[1] for p in points)) / MM
    name = "an inline picture" if use.how == "inline" else f"picture {use.how}"
    inside = f" in drawing {use.where}" if use.where else ""
    return (f"{name}{inside} ({pixels[0]} x {pixels[1]} px drawn {width:.1f} x {height:.1f} mm "
            f"at {x:.1f}, {y:.1f} mm from the trim's top left) prints at {ppi:.0f} ppi, "
            f"below {least:.0f}")
