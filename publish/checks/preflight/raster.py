"""A card as a picture (PNG or JPEG): its pixel size, the resolution it declares, and its
colour mode, against what the service expects.

Services that take pictures count pixels: MakePlayingCards wants 822 x 1122 px for a
poker card and silently rescales any other size; a picture that declares 72 dpi is read
by some shops as a poster.
"""

from __future__ import annotations

from pathlib import Path

from publish.checks.preflight.expectation import Expectation

MODES = {"rgb": ("RGB", "RGBA", "L", "LA", "P"), "cmyk": ("CMYK", "L")}
"""The colour modes a picture of each colour may be in (grey is fine in either)."""

DPI_SLACK = 0.01
"""A picture's declared resolution may be off by 1 % (PNG stores it per metre)."""


def picture_problems(path: Path, expected: Expectation) -> list[str]:
    """What is wrong with the picture at ``path`` (unreadable, wrong size, wrong declared
    resolution, wrong colour mode)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as picture:
            size, mode, info = picture.size, picture.mode, dict(picture.info)
            kind = picture.format
    except (OSError, UnidentifiedImageError, ValueError) as error:
        return [f"not a picture Pillow can read ({error})"]
    found = []
    if kind not in ("PNG", "JPEG"):
        found.append(f"a {kind} picture: the service takes PNG or JPEG")
    wanted = expected.picture_pixels()
    if wanted is not None and size != wanted:
        found.append(f"{size[0]} x {size[1]} px, expected {wanted[0]} x {wanted[1]} px")
    found += _resolution(size, info.get("dpi"), expected)
    if mode not in MODES[expected.colour]:
        found.append(f"colour mode {mode}, expected {expected.colour.upper()}")
    return found


def _resolution(size: tuple[int, int], declared: object, expected: Expectation) -> list[str]:
    found = []
    if expected.dpi is not None:
        dpi = declared if isinstance(declared, tuple) and len(declared) == 2 else None
        if dpi is None:
            found.append(f"declares no resolution, expected {expected.dpi:g} dpi")
        elif any(abs(float(d) - expected.dpi) > expected.dpi * DPI_SLACK for d in dpi):
            found.append(f"declares {float(dpi[0]):.0f} x {float(dpi[1]):.0f} dpi, "
                         f"expected {expected.dpi:g}")
    page = expected.bleed_size()
    if page is not None and expected.min_ppi is not None:
        ppi = min(size[0] / (page[0] / 25.4), size[1] / (page[1] / 25.4))
        if ppi + 0.5 < expected.min_ppi:
            found.append(f"{size[0]} x {size[1]} px over {page[0]:.1f} x {page[1]:.1f} mm "
                         f"prints at {ppi:.0f} ppi, below {expected.min_ppi:.0f}")
    return found
