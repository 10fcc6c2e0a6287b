"""Print-shop files: one card per page with TrimBox/BleedBox, and 300 dpi PNGs.

Services state sizes in inches: The Game Crafter wants poker cards of
2.5 x 3.5 in with 1/8 in bleed (825 x 1125 px at 300 dpi), MakePlayingCards
0.12 in bleed (822 x 1122 px).  DriveThruCards takes one PDF per deck with
each front followed by its back.
"""

from __future__ import annotations

import io
from collections.abc import Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from publish.i18n.translate import template_words
from publish.model.game import Game, game_files
from publish.render.decks import DeckOptions, deck_faces, face_style, text_sizes
from publish.render.env import environment
from publish.render.fit import Shrunk, fit, sized
from publish.render.pdf import render, write_pdf

if TYPE_CHECKING:
    from weasyprint.document import Document

INCH = 25.4


@dataclass(frozen=True)
class Service:
    """A print service's card: trim and bleed in millimetres, and the image resolution."""

    name: str
    trim: tuple[float, float]
    bleed: float
    dpi: float = 300


SERVICES = {
    "tgc": Service("The Game Crafter", (2.5 * INCH, 3.5 * INCH), 0.125 * INCH),
    "mpc": Service("MakePlayingCards", (2.5 * INCH, 3.5 * INCH), 0.12 * INCH),
}


def single_items(game: Game, deck: str, interleave: bool, locale: str,
                 icons: dict[str, str]) -> list[dict]:
    """The pages of ``deck``'s print-shop PDF, in order: each distinct card once, then its
    back (``interleave``) or, after them all, the deck's back."""
    faces, backs = deck_faces(game, [deck], locale, icons)
    seen: set[str] = set()
    items = []
    for face, back in zip(faces, backs, strict=True):
        if face["number"] in seen:
            continue
        seen.add(face["number"])
        items.append({"card": face, "deck": None, "anchor": f"card-{face['number']}"})
        if interleave:
            items.append({"card": None, "deck": back, "anchor": f"back-{face['number']}"})
    if not interleave:
        items.append({"card": None, "deck": backs[0], "anchor": f"back-{deck}"})
    return items


def single_pdf(game: Game, project: Path, deck: str, service: Service, interleave: bool,
               locale: str, icons: dict[str, str], cards: Collection[str] | None = None,
               shrunk: list[Shrunk] | None = None) -> tuple[bytes, list[dict]]:
    """One card per page for ``deck`` (each distinct card once), and its page list; with
    ``cards``, only the pages of those cards' faces.  Cards whose text was shrunk to fit
    are added to ``shrunk``."""
    items = single_items(game, deck, interleave, locale, icons)
    if cards is not None:
        items = [i for i in items if i["card"] is not None and i["card"]["number"] in cards]
    return items_pdf(game, project, f"{game.config.name} · {deck}", items, service, locale,
                     icons, deck, shrunk), items


def items_pdf(game: Game, project: Path, title: str, items: list[dict], service: Service,
              locale: str, icons: dict[str, str], deck: str,
              shrunk: list[Shrunk] | None = None) -> bytes:
    """``items`` (faces and backs) one per page at ``service``'s size, text shrunk where it
    overflows and the game allows (added to ``shrunk``); Overflow names any card whose text
    does not fit."""
    faces = [item["card"] for item in items if item["card"]]
    sizes, floors = text_sizes(game, faces, face_style(game, DeckOptions(locale=locale), icons))

    def lay_out(chosen: dict[str, float], only: set[str] | None) -> Document:
        pages = [{**item, "card": sized(item["card"], chosen)} if item["card"] else item
                 for item in items if only is None or (item["card"] or {}).get("number") in only]
        html = items_html(game, project, title, pages, service, locale, icons)
        return render(html, project, f"{deck} (print shop)", game_files(game))

    document = fit(lay_out, sizes, floors, {face["number"]: deck for face in faces}, shrunk)
    return write_pdf(document, deck)


def items_html(game: Game, project: Path, title: str, items: list[dict], service: Service,
               locale: str, icons: dict[str, str]) -> str:
    """The HTML of ``items`` one per page at ``service``'s size."""
    style = face_style(game, DeckOptions(locale=locale), icons)
    w, h = service.trim
    size = dict(style.size, w=w, h=h, bleed=service.bleed)
    style = replace(style, size=size)
    return environment(project, game.id, template_words(game, locale)).get_template(
        "single.html.j2").render(lang=locale, title=title, items=items, style=style, size=size,
                                 bw=False)


def trimmed_service(game: Game, locale: str, dpi: float = 300) -> Service:
    """The game's card as the print-shop renderer lays it out, trimmed (no bleed), at ``dpi``:
    the gallery's, the virtual table's and the preview's card."""
    size = face_style(game, DeckOptions(locale=locale)).size
    return Service("trimmed", (size["w"], size["h"]), 0.0, dpi)


def pixels(service: Service) -> tuple[int, int]:
    """The image size a service asks for: trim plus bleed, at its resolution."""
    w, h = service.trim
    return (round((w + 2 * service.bleed) / INCH * service.dpi),
            round((h + 2 * service.bleed) / INCH * service.dpi))


def rasterise(pdf: bytes, dpi: float, size: tuple[int, int] | None = None,
              level: int = 6) -> list[bytes]:
    """Every page of ``pdf`` (with its bleed) as PNG bytes at ``dpi``, compressed at zlib
    ``level`` (1: fastest, for a preview; 6: Pillow's default).

    pdfium rounds a page's pixel size up, so a page of 269.28 pt can come out
    one pixel taller than the 1122 px a service asks for; ``size`` trims that
    stray pixel row or column.
    """
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    images = []
    try:
        for page in document:
            image = page.render(scale=dpi / 72).to_pil()
            if size and image.size != size:
                if abs(image.size[0] - size[0]) > 1 or abs(image.size[1] - size[1]) > 1:
                    raise ValueError(f"page renders at {image.size}, expected {size}")
                image = image.crop((0, 0, *size))
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=level)
            images.append(buffer.getvalue())
    finally:
        document.close()
    return images
