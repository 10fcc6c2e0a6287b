"""What a print service expects of a file, and a problem found in one, located.

An `Expectation` is the one thing preflight is told: the command line makes one from its
options, a print service's profile makes one from its data.  A `Finding` names the file,
the page, the card and the deck, so a designer knows where to look.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from publish.core.problems import OptionError

Colour = Literal["rgb", "cmyk"]
Variant = Literal["pdf/x-1a", "pdf/x-3", "pdf/x-4"]
VARIANTS: tuple[Variant, ...] = ("pdf/x-1a", "pdf/x-3", "pdf/x-4")
SAID: dict[Variant, str] = {"pdf/x-1a": "PDF/X-1a:2003", "pdf/x-3": "PDF/X-3:2003",
                            "pdf/x-4": "PDF/X-4"}
"""Each variant as its standard names it."""

TOLERANCE_MM = 0.1
"""How far a page box may be from the expected one: a tenth of a millimetre."""


@dataclass(frozen=True)
class Expectation:
    """A print service's file, as preflight measures it.

    ``trim`` is the card's trimmed size and ``bleed`` the margin around it on each side,
    in millimetres; a service that counts pixels gives ``pixels`` (the whole picture, bleed
    included) or a ``dpi`` its pictures must declare.  ``colour`` "cmyk" makes any RGB or
    Lab object a problem; ``variant`` names the PDF/X part whose keys must be there;
    ``ink_limit`` is the most C+M+Y+K any spot may carry, in percent; ``min_ppi`` the least
    effective resolution of a placed picture; ``fonts_embedded`` whether an unembedded
    font is a problem.  None: not checked.
    """

    trim: tuple[float, float] | None = None
    bleed: float | None = None
    pixels: tuple[int, int] | None = None
    dpi: float | None = None
    colour: Colour = "rgb"
    variant: Variant | None = None
    ink_limit: float | None = None
    min_ppi: float | None = 300
    fonts_embedded: bool = True

    def __post_init__(self) -> None:
        if self.variant is not None and self.variant not in VARIANTS:
            raise OptionError(f"unknown PDF variant {self.variant!r}: choose one of "
                              f"{', '.join(VARIANTS)}")
        if self.colour not in ("rgb", "cmyk"):
            raise OptionError(f"unknown colour {self.colour!r}: rgb or cmyk")
        if self.variant == "pdf/x-1a" and self.colour != "cmyk":
            raise OptionError("PDF/X-1a holds CMYK (and grey and spot) colour only: "
                              "expect cmyk with it (--cmyk)")
        for name in ("bleed", "dpi", "ink_limit", "min_ppi"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise OptionError(f"{name.replace('_', ' ')} must not be negative: {value}")
        if self.trim is not None and min(self.trim) <= 0:
            raise OptionError(f"a trim of {self.trim[0]} x {self.trim[1]} mm has no area")

    def bleed_size(self) -> tuple[float, float] | None:
        """The page with its bleed, in millimetres (None without a trim)."""
        if self.trim is None:
            return None
        bleed = self.bleed or 0.0
        return (self.trim[0] + 2 * bleed, self.trim[1] + 2 * bleed)

    def picture_pixels(self) -> tuple[int, int] | None:
        """The pixel size a picture of the card must have: ``pixels``, else the page with
        its bleed at ``dpi``; None when neither is known."""
        if self.pixels is not None:
            return self.pixels
        size = self.bleed_size()
        if size is None or self.dpi is None:
            return None
        return (round(size[0] / 25.4 * self.dpi), round(size[1] / 25.4 * self.dpi))


@dataclass(frozen=True)
class Finding:
    """One problem of one file: where (file, page from 1, the card as the file names it,
    "card 061" or "back of starter", the deck) and what."""

    file: Path
    message: str
    page: int | None = None
    card: str | None = None
    deck: str | None = None

    def __str__(self) -> str:
        where = str(self.file) + (f", page {self.page}" if self.page else "")
        about = ", ".join(part for part in (self.card, self.deck and f"deck {self.deck}")
                          if part)
        return f"{where}{f' ({about})' if about else ''}: {self.message}"


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|px)?\s*$", re.I)


def parse_size(text: str, unit: str = "mm") -> tuple[float, float]:
    """``"63.5x88.9"`` (or ``63.5 × 88.9 mm``) as a pair of numbers; OptionError if not."""
    match = _SIZE.match(text)
    if match is None or (match[3] and match[3].lower() != unit):
        raise OptionError(f"{text!r} is not a size: give WIDTHxHEIGHT in {unit}, "
                          f"e.g. {'63.5x88.9' if unit == 'mm' else '822x1122'}")
    return (float(match[1]), float(match[2]))
