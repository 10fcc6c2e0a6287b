"""Every font a page draws text with must travel inside the file.

A font not embedded is replaced by whatever the print shop's system has, so the text
reflows or prints in another face (PDF/X: ISO 15930-4 and -7, 6.3.5).  A Type 3 font's
glyphs are drawings of the file itself, embedded by nature.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from publish.checks.preflight.content import Use

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def embedded(font: Any) -> bool:
    """Whether a font dict carries its font program (a composite font: in its descendant)."""
    if font.get("/Subtype") == "/Type3":
        return True
    holders = list(font.get("/DescendantFonts", [])) if font.get("/Subtype") == "/Type0" \
        else [font]
    return bool(holders) and all(
        any(key in holder.get("/FontDescriptor", {}) for key in FONT_FILES)
        for holder in holders)


def unembedded_fonts(uses: Iterable[Use]) -> list[str]:
    """One line per font a page draws with but the file does not carry."""
    found: dict[str, None] = {}
    for use in uses:
        if use.kind != "font":
            continue
        if use.obj is None:
            found[f"font {use.how} is used but not in the page's resources"] = None
        elif not embedded(use.obj):
            inside = f" in drawing {use.where}" if use.where else ""
            found[f"font {str(use.obj.get('/BaseFont', use.how))[1:]} is not embedded"
                  f"{inside}"] = None
    return list(found)
