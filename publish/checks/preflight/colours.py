"""The colour spaces a page really draws with, and which of them a CMYK file must not hold.

A CMYK print file may hold CMYK, grey and spot colours (Separation, DeviceN) and nothing
else (PDF/X-1a: ISO 15930-4, 6.2.4; a CMYK service asks the same of PDF/X-4 files whose
output intent is CMYK): an RGB fill (``rg``), an RGB picture (DeviceRGB, or ICCBased with
three components, or an Indexed palette over either), a Lab or CalRGB space, or a
transparency group that blends in RGB is named with the page and the drawing it is in.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from publish.checks.preflight.content import Use, inline_space, picture_size

FAMILIES = {"/DeviceRGB": "rgb", "/CalRGB": "rgb", "/DeviceCMYK": "cmyk",
            "/DeviceGray": "gray", "/CalGray": "gray", "/Lab": "lab", "/Pattern": "pattern",
            "/Separation": "spot", "/DeviceN": "spot"}
ICC_FAMILIES = {1: "gray", 3: "rgb", 4: "cmyk"}
NOT_IN_CMYK = {"rgb": "RGB", "lab": "Lab"}


def family(space: Any) -> tuple[str, str]:
    """(family, description) of a colour space: family one of rgb, cmyk, gray, lab, spot,
    pattern, unknown; the description as a preflight message names it."""
    import pikepdf

    if isinstance(space, pikepdf.Name):
        name = str(space)
        return FAMILIES.get(name, "unknown"), name[1:]
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        head = str(space[0])
        if head == "/ICCBased" and len(space) > 1:
            components = int(space[1].get("/N", 0))
            kind = ICC_FAMILIES.get(components, "unknown")
            return kind, f"ICCBased with N={components}"
        if head == "/Indexed" and len(space) > 1:
            base, described = family(space[1])
            return base, f"Indexed over {described}"
        if head == "/Pattern" and len(space) > 1:
            return family(space[1])
        return FAMILIES.get(head, "unknown"), head[1:]
    return "unknown", str(space)


def image_space(image: Any, inline: bool) -> Any:
    """A picture's colour space (None for a stencil mask, drawn in the current colour)."""
    if inline:
        return None if image.image_mask else inline_space(image)
    if image.get("/ImageMask", False):
        return None
    return image.get("/ColorSpace")


def foreign_colours(uses: Iterable[Use]) -> list[str]:
    """What a CMYK page draws in RGB or Lab: one line per distinct object and way of
    drawing it, with how many times it is drawn."""
    counts: dict[str, int] = {}
    for use in uses:
        line = _foreign(use)
        if line is not None:
            counts[line] = counts.get(line, 0) + 1
    return [line + (f" ({count} times)" if count > 1 else "") for line, count in counts.items()]


def _foreign(use: Use) -> str | None:
    inside = f" in drawing {use.where}" if use.where else ""
    if use.kind == "colour" and use.space is not None:
        kind, described = family(use.space)
        if kind in NOT_IN_CMYK:
            return f"{NOT_IN_CMYK[kind]} colour ({described}, operator {use.how}){inside}"
    elif use.kind == "image":
        inline = use.how == "inline"
        space = image_space(use.obj, inline)
        kind, described = family(space) if space is not None else ("gray", "")
        if kind in NOT_IN_CMYK:
            name = "an inline picture" if inline else f"picture {use.how}"
            return f"{NOT_IN_CMYK[kind]} {name} ({described}, {_pixels(use.obj)}){inside}"
    elif use.kind == "group" and "/CS" in use.obj:
        kind, described = family(use.obj.CS)
        if kind in NOT_IN_CMYK:
            holder = f"drawing {use.where}" if use.where else "the page"
            return f"{holder} blends its transparency in {NOT_IN_CMYK[kind]} ({described})"
    return None


def _pixels(image: Any) -> str:
    width, height = picture_size(image)
    return f"{width} x {height} px"
