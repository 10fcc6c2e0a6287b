"""One card face as a PNG, the way the decks print it: `publish preview`.

The card alone is laid out, one page trimmed to its size (no bleed), by the
print-shop renderer, and rasterised with the fastest PNG compression: a
preview is made again on every save and read once.
"""

from __future__ import annotations

from publish.model.game import Card, Game
from publish.render.edition import EditionContext
from publish.render.faces import face_context
from publish.render.fit import Shrunk
from publish.render.printshop import (
    Item,
    ItemPages,
    items_html,
    items_pdf,
    pixels,
    proof_service,
    rasterise,
    trimmed_service,
)

DPI = 200
"""A poker card is 496 x 693 px: sharp on a screen, quick to make."""


def first_deck(game: Game, card: Card) -> str:
    """The deck a card is previewed in: the first of the game's decks that holds it."""
    return next((deck for deck in game.config.decks if card.copies.get(deck)),
                next(iter(card.copies), ""))


def card_png(context: EditionContext, card: Card, dpi: int = DPI,
             shrunk: list[Shrunk] | None = None, proof: bool = False) -> bytes:
    """``card``'s face in the edition of ``context`` (``card`` in its words), trimmed, at
    ``dpi``; its text shrunk to fit if it must and may (then added to ``shrunk``).  A
    ``proof`` keeps the game's bleed and draws the trim, the bleed and the safe zone over it."""
    pages = _one(context, card, dpi, proof)
    pdf = items_pdf(context, pages, shrunk)
    return rasterise(pdf, dpi, pixels(pages.service), level=1)[0]


def card_html(context: EditionContext, card: Card) -> str:
    """The HTML card_png lays out (the benchmark gives it to bare WeasyPrint)."""
    return items_html(context, _one(context, card, DPI))


def _one(context: EditionContext, card: Card, dpi: int, proof: bool = False) -> ItemPages:
    """The one page of ``card``, trimmed (a proof: with its bleed and the guides), in the first
    deck that holds it."""
    game = context.game
    deck = first_deck(game, card)
    face = face_context(game, card, deck, context.locale, context.icons)
    service = proof_service(game, dpi) if proof else trimmed_service(game, dpi)
    return ItemPages(f"{game.config.name} · {card.number}",
                     (Item(face, None, f"card-{card.number}"),), service, deck, proof=proof)
