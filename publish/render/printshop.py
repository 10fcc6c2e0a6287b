"""Print-shop files: one card per page with TrimBox/BleedBox, and 300 dpi PNGs.

Services state sizes in inches: The Game Crafter wants poker cards of
2.5 x 3.5 in with 1/8 in bleed (825 x 1125 px at 300 dpi), MakePlayingCards
0.12 in bleed (822 x 1122 px).  DriveThruCards takes one PDF per deck with
each front followed by its back.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from publish.model.game import CARD_SIZES, Game, game_files
from publish.render.decks import text_sizes
from publish.render.edition import EditionContext
from publish.render.faces import DeckBack, Face
from publish.render.fit import Shrunk, fit, sized
from publish.render.pdf import render, write_pdf
from publish.render.readable import Readable

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


@dataclass(frozen=True)
class Item(Readable):
    """One page of a one-card-per-page document: a face or a back, and its anchor
    (``card-001``, ``back-main``): what single.html.j2 reads as ``item``."""

    _said_as: ClassVar[str] = "item"

    card: Face | None
    deck: DeckBack | None
    anchor: str


@dataclass(frozen=True)
class PageSpec:
    """A deck one card per page: at ``service``'s size, each distinct card once, then its back
    (``interleave``) or, after them all, the deck's back; to lay out part of it, only the
    pages of ``cards``."""

    deck: str
    service: Service
    interleave: bool = False
    cards: frozenset[str] | None = None


@dataclass(frozen=True)
class ItemPages:
    """Pages to lay out, one item each: the document's title, its items, the service whose
    card size they take, and what a failure names (a deck)."""

    title: str
    items: tuple[Item, ...]
    service: Service
    what: str


def single_items(context: EditionContext, spec: PageSpec) -> list[Item]:
    """The pages of ``spec.deck``'s print-shop PDF, in order (all of them, whatever
    ``spec.cards``)."""
    faces, backs = context.deck_faces(spec.deck)
    seen: set[str] = set()
    items = []
    for face, back in zip(faces, backs, strict=True):
        if face.number in seen:
            continue
        seen.add(face.number)
        items.append(Item(face, None, f"card-{face.number}"))
        if spec.interleave:
            items.append(Item(None, back, f"back-{face.number}"))
    if not spec.interleave:
        items.append(Item(None, backs[0], f"back-{spec.deck}"))
    return items


def single_pdf(context: EditionContext, spec: PageSpec, shrunk: list[Shrunk] | None = None
               ) -> tuple[bytes, list[Item]]:
    """One card per page for ``spec.deck`` (each distinct card once), and its page list;
    with ``spec.cards``, only the pages of those cards' faces.  Cards whose text was shrunk
    to fit are added to ``shrunk``."""
    items = single_items(context, spec)
    if spec.cards is not None:
        items = [i for i in items if i.card is not None and i.card.number in spec.cards]
    pages = ItemPages(f"{context.game.config.name} · {spec.deck}", tuple(items), spec.service,
                      spec.deck)
    return items_pdf(context, pages, shrunk), items


def items_pdf(context: EditionContext, pages: ItemPages,
              shrunk: list[Shrunk] | None = None) -> bytes:
    """``pages.items`` (faces and backs) one per page at the service's size, text shrunk
    where it overflows and the game allows (added to ``shrunk``); Overflow names any card
    whose text does not fit."""
    faces = [item.card for item in pages.items if item.card]
    game = context.game
    style = context.style(game.config.print.default_size)
    sizes, floors = text_sizes(game, faces, style)

    def lay_out(chosen: dict[str, float], only: set[str] | None) -> Document:
        shown = tuple(replace(item, card=sized(item.card, chosen)) if item.card else item
                      for item in pages.items
                      if only is None or (item.card is not None and item.card.number in only))
        html = items_html(context, replace(pages, items=shown))
        return render(html, context.project, f"{pages.what} (print shop)", game_files(game))

    document = fit(lay_out, sizes, floors, {face.number: pages.what for face in faces}, shrunk)
    return write_pdf(document, pages.what)


def items_html(context: EditionContext, pages: ItemPages) -> str:
    """The HTML of ``pages.items`` one per page at the service's size."""
    style = context.style(context.game.config.print.default_size)
    w, h = pages.service.trim
    size = dict(style.size, w=w, h=h, bleed=pages.service.bleed)
    style = replace(style, size=size)
    return context.env.get_template("single.html.j2").render(
        lang=context.locale, title=pages.title, items=pages.items, style=style, size=size,
        bw=False)


def trimmed_service(game: Game, dpi: float = 300) -> Service:
    """The game's card as the print-shop renderer lays it out, trimmed (no bleed), at ``dpi``:
    the gallery's, the virtual table's and the preview's card."""
    return Service("trimmed", CARD_SIZES[game.config.print.default_size], 0.0, dpi)


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
