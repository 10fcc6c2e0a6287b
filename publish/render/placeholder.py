"""Placeholder pictures: a tinted panel with a card's name and number, until the art exists.

`publish new` draws one for every picture its example cards name, so the
first build shows a picture on every card.  The panel is wide (3:2) and
keeps its words in its middle half, so a template that crops the picture to its
box (object-fit: cover) crops only the margins; at 1200 x 800 pixels it
prints above 300 dpi in the art box of every card size.
"""

from __future__ import annotations

import io
from pathlib import Path

SIZE = (1200, 800)
INK = "#fbf8f1"


def _mix(colour: str, towards: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """``colour`` (#rrggbb) moved ``amount`` (0..1) of the way towards ``towards``."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return tuple(round(c + (t - c) * amount) for c, t in zip(rgb, towards, strict=True))  # type: ignore[return-value]


def spartan(project: Path, size: int, weight: str = "Bold"):
    """The project's League Spartan for Pillow's drawings (Pillow's own font without it)."""
    from PIL import ImageFont  # Pillow: a raster renderer, loaded only when drawing

    path = project / "fonts" / "league-spartan" / f"LeagueSpartan-{weight}.otf"
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:  # a project without the fonts: Pillow's own
        return ImageFont.load_default(size)


def _fitted(project: Path, draw, text: str, size: int, width: int):
    """The largest font up to ``size`` in which ``text`` is at most ``width`` pixels wide."""
    while size > 24:
        font = spartan(project, size)
        if draw.textlength(text, font=font) <= width:
            return font
        size -= 6
    return spartan(project, size)


def placeholder_png(project: Path, name: str, number: str, colour: str, note: str) -> bytes:
    """A placeholder picture for card ``number`` (``name``), tinted ``colour``; ``note`` is
    printed small under the name (what to replace it with)."""
    from PIL import Image, ImageDraw  # Pillow: a raster renderer, loaded only when drawing

    w, h = SIZE
    image = Image.new("RGB", SIZE, _mix(colour, (255, 255, 255), 0.18))
    draw = ImageDraw.Draw(image)
    stripe = _mix(colour, (255, 255, 255), 0.26)
    for x in range(-h, w, 60):
        draw.line([(x, h), (x + h, 0)], fill=stripe, width=22)
    dark = _mix(colour, (0, 0, 0), 0.35)
    draw.rounded_rectangle([(w * 0.16, h * 0.24), (w * 0.84, h * 0.76)], radius=36, fill=dark)
    draw.text((w / 2, h * 0.33), f"№ {number}", fill=INK, font=spartan(project, 60), anchor="mm")
    draw.text((w / 2, h * 0.48), name, fill=INK, anchor="mm",
              font=_fitted(project, draw, name, 96, int(w * 0.62)))
    draw.text((w / 2, h * 0.64), note, fill=_mix(colour, (255, 255, 255), 0.6),
              font=spartan(project, 38), anchor="mm")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True, dpi=(300, 300))
    return buffer.getvalue()
