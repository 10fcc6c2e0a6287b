"""Preflight one file: a PDF page by page, or a card's picture, against an `Expectation`.

Which page is which card comes from the caller, or else from the named destinations our
print-shop PDFs carry (``card-061``, ``back-starter``: the anchors of single.html.j2).
Every problem is a `Finding` at its file, page, card and deck; a file that cannot be read
is one finding too, never a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from publish.checks.preflight.boxes import MM, box, box_problems, trim_of
from publish.checks.preflight.colours import foreign_colours
from publish.checks.preflight.content import Use, page_uses
from publish.checks.preflight.expectation import SAID, Expectation, Finding
from publish.checks.preflight.fonts import unembedded_fonts
from publish.checks.preflight.images import low_resolution
from publish.checks.preflight.ink import InkPeak, InkUnmeasured, ink_peaks
from publish.checks.preflight.pdfx import document_problems, transparency
from publish.checks.preflight.raster import picture_problems

PICTURES = (".png", ".jpg", ".jpeg")
ANCHOR = re.compile(r"^(card|back)-(.+)$")


def preflight(path: Path, expected: Expectation, deck: str | None = None,
              cards: Mapping[int, str] | None = None, shown: Path | None = None
              ) -> list[Finding]:
    """Every problem of the file at ``path``; ``cards`` names the card on each page (from
    1), ``deck`` the deck the file holds, ``shown`` the path messages give (default
    ``path``)."""
    name = shown or path
    suffix = path.suffix.lower()
    if suffix in PICTURES:
        card = (cards or {}).get(1)
        return [Finding(name, line, 1, card, deck) for line in picture_problems(path, expected)]
    if suffix != ".pdf":
        return [Finding(name, "neither a PDF nor a PNG or JPEG picture: not checked")]
    return pdf_findings(path, expected, deck, cards, name)


def pdf_findings(path: Path, expected: Expectation, deck: str | None,
                 cards: Mapping[int, str] | None, name: Path) -> list[Finding]:
    """The problems of a PDF: its document keys, then page by page, then total ink."""
    import pikepdf

    try:
        pdf = pikepdf.open(path)
    except (pikepdf.PdfError, pikepdf.PasswordError, OSError, ValueError) as error:
        return [Finding(name, f"not a PDF that can be read ({error})", deck=deck)]
    with pdf:
        labels = dict(cards) if cards is not None else card_labels(pdf)
        found = [Finding(name, line, deck=deck)
                 for line in (document_problems(pdf, expected.variant, expected.colour)
                              if expected.variant else [])]
        for number, page in enumerate(pdf.pages, 1):
            card = labels.get(number)
            found += [Finding(name, line, number, card, deck)
                      for line in page_problems(page, expected)]
        if expected.ink_limit is not None:
            found += _ink(path, pdf, expected.ink_limit, labels, deck, name)
    return found


def page_problems(page: Any, expected: Expectation) -> list[str]:
    """What is wrong on one page: boxes, fonts, colours, pictures, transparency."""
    import pikepdf

    found = box_problems(page, expected)
    try:
        uses: list[Use] = list(page_uses(page))
    except (pikepdf.PdfError, ValueError, TypeError, KeyError) as error:
        return [*found, f"its content cannot be read ({error})"]
    if expected.fonts_embedded or expected.variant:
        found += unembedded_fonts(uses)
    if expected.colour == "cmyk":
        found += foreign_colours(uses)
    if expected.min_ppi is not None:
        found += low_resolution(page, uses, expected.min_ppi)
    variant = expected.variant
    if variant in ("pdf/x-1a", "pdf/x-3"):
        found += [f"{line}: {SAID[variant]} allows no transparency"
                  for line in transparency(uses)]
    return found


def card_labels(pdf: Any) -> dict[int, str]:
    """Page (from 1) -> the card on it, read from the PDF's named destinations: ``card-061``
    is "card 061", ``back-starter`` "back of starter"; a page with neither keeps its
    first name in order, a page with no name is left out."""
    import pikepdf

    pages = {page.obj.objgen: number for number, page in enumerate(pdf.pages, 1)}
    names: dict[int, list[str]] = {}
    tree = pdf.Root.get("/Names", {}).get("/Dests")
    if tree is None:
        return {}
    for name, dest in pikepdf.NameTree(tree).items():
        target = dest.get("/D") if isinstance(dest, pikepdf.Dictionary) else dest
        if isinstance(target, pikepdf.Array) and len(target) and target[0].is_indirect:
            number = pages.get(target[0].objgen)
            if number is not None:
                names.setdefault(number, []).append(name)
    return {number: _label(sorted(found)) for number, found in names.items()}


def _label(names: list[str]) -> str:
    for name in names:
        match = ANCHOR.match(name)
        if match:
            return f"card {match[2]}" if match[1] == "card" else f"back of {match[2]}"
    return names[0]


def _ink(path: Path, pdf: Any, limit: float, labels: dict[int, str], deck: str | None,
         name: Path) -> list[Finding]:
    try:
        peaks = ink_peaks(path, len(pdf.pages), limit)
    except InkUnmeasured as error:
        return [Finding(name, str(error), deck=deck)]
    return [Finding(name, _said(pdf.pages[peak.page - 1], peak, limit), peak.page,
                    labels.get(peak.page), deck)
            for peak in peaks if peak.over is not None]


def _said(page: Any, peak: InkPeak, limit: float) -> str:
    """Where on the card the ink passes the limit, in mm from the trim's top left."""
    media, trim = box(page, "/MediaBox"), trim_of(page)
    dx = (trim.x0 - media.x0) / MM if media and trim else 0.0
    dy = (media.y1 - trim.y1) / MM if media and trim else 0.0
    left, top, right, bottom = peak.over or (0.0, 0.0, 0.0, 0.0)
    return (f"total ink reaches {peak.percent:.1f} %, over the limit of {limit:g} %, "
            f"between {left - dx:.1f}, {top - dy:.1f} mm and {right - dx:.1f}, "
            f"{bottom - dy:.1f} mm from the trim's top left")
