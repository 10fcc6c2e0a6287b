"""Print-shop files: one card per page with TrimBox/BleedBox, and images of each page.

What size, bleed, order and colour each service takes is data
(publish.model.services); here a deck becomes the pages a service's files
hold, in its order, at its card box.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from publish.model.game import CARD_SIZES, Game, game_files
from publish.render.edition import EditionContext
from publish.render.faces import Back, DeckBack, Face
from publish.render.fit import Shrunk, fit, sized, text_sizes
from publish.render.pdf import render, write_pdf
from publish.render.readable import Readable
from publish.render.subsets import GlyphSeed

if TYPE_CHECKING:
    from weasyprint.document import Document

    from publish.model.services import Product

INCH = 25.4

Sides = Literal["back-front", "front-back", "separate", "fronts-then-back"]
Part = Literal["all", "fronts", "backs"]
Ink = Literal["rgb", "cmyk", "cmyk-flat"]
"""How a document's colours print: on screen or an RGB service; in CMYK; in CMYK with no
transparency (PDF/X-1a).  Templates read it as ``style.cmyk`` and ``style.flat``."""


@dataclass(frozen=True)
class Service:
    """A card box to lay pages out at: trim and bleed in millimetres, and the resolution of
    its images."""

    name: str
    trim: tuple[float, float]
    bleed: float
    dpi: float = 300


def product_box(name: str, product: Product) -> Service:
    """The card box of a service's product (publish.model.services.Product)."""
    return Service(name, product.trim_mm, product.bleed_mm, product.dpi)


@dataclass(frozen=True)
class Item(Readable):
    """One page of a one-card-per-page document: a face or a back, and its anchor
    (``card-001``, ``back-main``): what single.html.j2 reads as ``item``."""

    _said_as: ClassVar[str] = "item"

    card: Face | None
    deck: DeckBack | None
    anchor: str
    shared: bool = False
    """The deck's one back, standing for every card's (fronts-then-back)."""

    @property
    def back(self) -> bool:
        """Whether the page is a back: a deck's, one a card names, or a card's second face."""
        return self.card is None or self.card.side == "back"


@dataclass(frozen=True)
class PageSpec:
    """A deck one card per page at ``service``'s card box: its fronts and backs in the order
    ``sides`` says (fronts-then-back: the fronts, then the deck's back once; front-back or
    back-front: each card beside its back; separate: ``part`` says which), each distinct
    card once or each copy (``copies``); to lay out part of it, only the pages of
    ``cards``."""

    deck: str
    service: Service
    sides: Sides = "fronts-then-back"
    copies: Literal["each", "distinct"] = "distinct"
    part: Part = "all"
    cards: frozenset[str] | None = None
    ink: Ink = "rgb"
    players: int = 1
    """The players whose per-player copies ``each`` prints (publish.model.copies)."""
    proof: bool = False
    """Draw the proof guides over every page's card (the gallery's --proof)."""


@dataclass(frozen=True)
class ItemPages:
    """Pages to lay out, one item each: the document's title, its items, the service whose
    card size they take, and what a failure names (a deck)."""

    title: str
    items: tuple[Item, ...]
    service: Service
    what: str
    ink: Ink = "rgb"
    size: str | None = None
    """The card size whose type sizes the faces take (None: the game's own)."""
    bw: bool = False
    """Greyscale: the black-and-white printer-friendly variant."""
    proof: bool = False
    """Draw the proof guides over every card: trim, bleed and safe zone."""


def single_items(context: EditionContext, spec: PageSpec) -> list[Item]:
    """The pages of ``spec.deck``'s print-shop document, in order (all of them, whatever
    ``spec.cards``).  Fronts-then-back ends with the deck's one back when its cards share
    one, and with each card's back, in the fronts' order, when they do not."""
    faces, backs = context.deck_faces(spec.deck, spec.players)
    shared = all(back == backs[0] for back in backs)
    seen: dict[str, int] = {}
    items: list[Item] = []
    card_backs: list[Item] = []
    for face, back in zip(faces, backs, strict=True):
        copy = seen.get(face.number, 0) + 1
        seen[face.number] = copy
        if copy > 1 and spec.copies == "distinct":
            continue
        tail = "" if copy == 1 else f"-copy{copy}"
        front_item = Item(face, None, f"card-{face.number}{tail}")
        back_item = _back_item(back, f"back-{face.number}{tail}")
        if spec.sides == "front-back":
            items += [front_item, back_item]
        elif spec.sides == "back-front":
            items += [back_item, front_item]
        elif spec.sides == "separate":
            items.append(back_item if spec.part == "backs" else front_item)
        else:
            items.append(front_item)
            card_backs.append(back_item)
    if spec.sides == "fronts-then-back":
        one = backs[0]
        items += ([Item(None, one, f"back-{spec.deck}", shared=True)]
                  if shared and isinstance(one, DeckBack) else card_backs)
    return items


def _back_item(back: Back, anchor: str) -> Item:
    """The page of a back: a deck's (or one a card names) or a card's second face."""
    return Item(back, None, anchor) if isinstance(back, Face) else Item(None, back, anchor)


def item_card(item: Item) -> str | None:
    """The number of the card an item shows, front or back (None: the deck's one back)."""
    if item.card is not None:
        return item.card.number
    return None if item.shared else item.anchor.removeprefix("back-").split("-copy")[0]


def items_pdf(context: EditionContext, pages: ItemPages,
              shrunk: list[Shrunk] | None = None, seed: GlyphSeed | None = None) -> bytes:
    """``pages.items`` (faces and backs) one per page at the service's size, text shrunk
    where it overflows and the game allows (added to ``shrunk``); Overflow names any card
    whose text does not fit.  ``seed``: see publish.render.pdf.write_pdf."""
    faces = [item.card for item in pages.items if item.card]
    game = context.game
    style = context.style(pages.size or game.config.print.default_size, pages.bw)
    sizes, floors = text_sizes(game, faces, style)

    def lay_out(chosen: dict[str, float], only: set[str] | None) -> Document:
        shown = tuple(replace(item, card=sized(item.card, chosen)) if item.card else item
                      for item in pages.items
                      if only is None or (item.card is not None and item.card.number in only))
        html = items_html(context, replace(pages, items=shown))
        return render(html, context.project, pages.title, game_files(game),
                      greyscale=pages.bw)

    document = fit(lay_out, sizes, floors, {face.number: pages.what for face in faces}, shrunk)
    return write_pdf(document, pages.what, seed=seed)


def items_html(context: EditionContext, pages: ItemPages) -> str:
    """The HTML of ``pages.items`` one per page at the service's size."""
    style = context.style(pages.size or context.game.config.print.default_size, pages.bw)
    w, h = pages.service.trim
    size = dict(style.size, w=w, h=h, bleed=pages.service.bleed)
    style = replace(style, size=size, cmyk=pages.ink != "rgb", flat=pages.ink == "cmyk-flat",
                    proof=pages.proof)
    return context.env.get_template("single.html.j2").render(
        lang=context.locale, title=pages.title, items=pages.items, style=style, size=size,
        bw=pages.bw)


def trimmed_service(game: Game, dpi: float = 300) -> Service:
    """The game's card as the print-shop renderer lays it out, trimmed (no bleed), at ``dpi``:
    the gallery's, the virtual table's and the preview's card."""
    return Service("trimmed", CARD_SIZES[game.config.print.default_size], 0.0, dpi)


def proof_service(game: Game, dpi: float = 300) -> Service:
    """The game's card with the game's bleed (print.bleed_mm), at ``dpi``: a proof's card
    (preview and gallery with --proof), whose guides show what the cut takes away."""
    return Service("proof", CARD_SIZES[game.config.print.default_size],
                   game.config.print.bleed_mm, dpi)


def pixels(service: Service) -> tuple[int, int]:
    """The image size a service asks for: trim plus bleed, at its resolution."""
    w, h = service.trim
    return (round((w + 2 * service.bleed) / INCH * service.dpi),
            round((h + 2 * service.bleed) / INCH * service.dpi))


def rasterise(pdf: bytes, dpi: float, size: tuple[int, int] | None = None,
              level: int = 6, form: str = "png", quality: int = 95,
              pages: Sequence[int] | None = None) -> list[bytes]:
    """Every page of ``pdf`` (or those indexed by ``pages``), with its bleed, as PNG bytes at
    ``dpi``, compressed at zlib ``level`` (1: fastest, for a preview; 6: Pillow's default);
    or, ``form`` jpeg, as JPEG at ``quality``.

    pdfium rounds a page's pixel size up, so a page of 269.28 pt can come out
    one pixel taller than the 1122 px a service asks for; ``size`` trims that
    stray pixel row or column.
    """
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    images = []
    try:
        for index in range(len(document)) if pages is None else pages:
            image = document[index].render(scale=dpi / 72).to_pil()
            if size and image.size != size:
                if abs(image.size[0] - size[0]) > 1 or abs(image.size[1] - size[1]) > 1:
                    raise ValueError(f"page renders at {image.size}, expected {size}")
                image = image.crop((0, 0, *size))
            buffer = io.BytesIO()
            if form == "jpeg":
                image.convert("RGB").save(buffer, format="JPEG", dpi=(dpi, dpi),
                                          quality=quality, optimize=True)
            else:
                image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=level)
            images.append(buffer.getvalue())
    finally:
        document.close()
    return images
