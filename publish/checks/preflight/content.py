"""A page's content streams walked as a renderer walks them: the transformation matrix
kept through q/Q/cm and into drawings (form XObjects) and tiling patterns, and every use
of a colour, a picture, a font or a graphics state reported as a `Use`.

The checks read these uses instead of the PDF's objects, so that a resource a page
carries but never draws is not a problem, and a picture is measured at the size it is
drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

DEPTH = 24
"""How deep drawings may call drawings before the rest is left unread (a loop, or a
hostile file)."""

DEVICE_OF = {"rg": "/DeviceRGB", "RG": "/DeviceRGB", "k": "/DeviceCMYK", "K": "/DeviceCMYK",
             "g": "/DeviceGray", "G": "/DeviceGray"}
INLINE_SPACES = {"/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK", "/G": "/DeviceGray"}


@dataclass(frozen=True)
class Use:
    """One thing a page draws with: ``kind`` is "colour" (``space`` set, ``how`` the
    operator), "image" (``obj`` the image, ``ctm`` where it is drawn), "font" (``obj`` the
    font dict), "state" (``obj`` an ExtGState) or "group" (``obj`` a transparency group
    dict); ``where`` names the drawing it is in ("" for the page's own content)."""

    kind: str
    where: str
    how: str = ""
    space: Any = None
    obj: Any = None
    ctm: Matrix = IDENTITY


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The matrix ``m`` then ``n`` (PDF's row-vector convention: m × n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def as_matrix(value: Any) -> Matrix:
    numbers = [float(v) for v in value] if value is not None else []
    return tuple(numbers) if len(numbers) == 6 else IDENTITY  # type: ignore[return-value]


def page_uses(page: Any) -> Iterator[Use]:
    """Every use on ``page`` (a pikepdf Page), its drawings and patterns included."""
    if "/Group" in page.obj:
        yield Use("group", "", obj=page.obj.Group)
    yield from _walk(page.obj, inherited(page.obj, "/Resources"), IDENTITY, "", 0, set())


def inherited(node: Any, key: str) -> Any:
    """A page's ``key``, or the nearest one up its page tree (resources may be inherited)."""
    for _ in range(DEPTH):
        if node is None or key in node:
            return None if node is None else node[key]
        node = node.get("/Parent")
    return None


def _walk(holder: Any, resources: Any, base: Matrix, where: str, depth: int,
          seen: set[Any]) -> Iterator[Use]:
    import pikepdf

    if depth > DEPTH:
        return
    resources = resources if isinstance(resources, pikepdf.Dictionary) else pikepdf.Dictionary()
    ctm, stack = base, []
    for instruction in pikepdf.parse_content_stream(holder):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            yield Use("image", where, "inline", obj=instruction.iimage, ctm=ctm)
            continue
        operator, operands = str(instruction.operator), instruction.operands
        if operator == "q":
            stack.append(ctm)
        elif operator == "Q" and stack:
            ctm = stack.pop()
        elif operator == "cm" and len(operands) == 6:
            ctm = multiply(as_matrix(operands), ctm)
        elif operator in DEVICE_OF:
            yield Use("colour", where, operator, space=pikepdf.Name(DEVICE_OF[operator]))
        elif operator in ("cs", "CS") and operands:
            yield Use("colour", where, operator, space=_space(resources, operands[0]))
        elif operator in ("scn", "SCN") and operands and isinstance(operands[-1], pikepdf.Name):
            yield from _pattern(resources, operands[-1], base, where, depth, seen)
        elif operator == "sh" and operands:
            shading = resources.get("/Shading", {}).get(str(operands[0]))
            if shading is not None:
                yield Use("colour", where, "sh", space=shading.get("/ColorSpace"))
        elif operator == "Tf" and operands:
            font = resources.get("/Font", {}).get(str(operands[0]))
            yield Use("font", where, str(operands[0]), obj=font)
        elif operator == "gs" and operands:
            state = resources.get("/ExtGState", {}).get(str(operands[0]))
            if state is not None:
                yield Use("state", where, str(operands[0]), obj=state)
        elif operator == "Do" and operands:
            yield from _drawing(resources, operands[0], ctm, where, depth, seen)


def _space(resources: Any, name: Any) -> Any:
    """A colour space operand resolved through the resources' /ColorSpace table."""
    named = resources.get("/ColorSpace", {}).get(str(name))
    return named if named is not None else name


def _drawing(resources: Any, name: Any, ctm: Matrix, where: str, depth: int,
             seen: set[Any]) -> Iterator[Use]:
    drawing = resources.get("/XObject", {}).get(str(name))
    if drawing is None:
        return
    label = f"{where} {name}".strip()
    if drawing.get("/Subtype") == "/Image":
        yield Use("image", where, str(name), obj=drawing, ctm=ctm)
        return
    if drawing.get("/Subtype") != "/Form":
        return
    key = (drawing.objgen, ctm)
    if drawing.is_indirect and key in seen:  # drawn again at the same place: met already
        return
    seen.add(key)
    if "/Group" in drawing:
        yield Use("group", label, obj=drawing.Group)
    inner = multiply(as_matrix(drawing.get("/Matrix")), ctm)
    yield from _walk(drawing, drawing.get("/Resources", resources), inner, label, depth + 1,
                     seen)


def _pattern(resources: Any, name: Any, base: Matrix, where: str, depth: int,
             seen: set[Any]) -> Iterator[Use]:
    """A pattern set as the colour: a tiling pattern's cell is walked in pattern space (its
    /Matrix over the space of the page or drawing it is used in); a shading pattern gives
    its shading's colour space."""
    import pikepdf

    pattern = resources.get("/Pattern", {}).get(str(name))
    if pattern is None:
        return
    label = f"{where} {name}".strip()
    if isinstance(pattern, pikepdf.Stream):
        key = (pattern.objgen, base)
        if key not in seen:
            seen.add(key)
            inner = multiply(as_matrix(pattern.get("/Matrix")), base)
            yield from _walk(pattern, pattern.get("/Resources", resources), inner, label,
                             depth + 1, seen)
    elif "/Shading" in pattern:
        yield Use("colour", label, "pattern", space=pattern.Shading.get("/ColorSpace"))


def inline_space(image: Any) -> Any:
    """An inline image's colour space, its abbreviations spelled out."""
    import pikepdf

    space = image.obj.get("/CS", image.obj.get("/ColorSpace"))
    if isinstance(space, pikepdf.Name) and str(space) in INLINE_SPACES:
        return pikepdf.Name(INLINE_SPACES[str(space)])
    return space


def picture_size(image: Any) -> tuple[int, int]:
    """A picture's width and height in pixels (an image XObject or an inline image)."""
    import pikepdf

    if isinstance(image, pikepdf.PdfInlineImage):
        return int(image.width), int(image.height)
    return int(image.get("/Width", 0)), int(image.get("/Height", 0))
