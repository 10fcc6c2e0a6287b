"""One card face as a PNG, the way the decks print it: `publish preview`.

The card alone is laid out, one page trimmed to its size (no bleed), by the
print-shop renderer, and rasterised with the fastest PNG compression: a
preview is made again on every save and read once.
"""

from __future__ import annotations

from pathlib import Path

from publish.model.game import Card, Game
from publish.render.faces import face_context
from publish.render.fit import Shrunk
from publish.render.printshop import (
    Service,
    items_html,
    items_pdf,
    pixels,
    rasterise,
    trimmed_service,
)

DPI = 200
"""A poker card is 496 x 693 px: sharp on a screen, quick to make."""


def first_deck(game: Game, card: Card) -> str:
    """The deck a card is previewed in: the first of the game's decks that holds it."""
    return next((deck for deck in game.config.decks if card.copies.get(deck)),
                next(iter(card.copies), ""))


def card_png(game: Game, project: Path, card: Card, locale: str, icons: dict[str, str],
             dpi: int = DPI, shrunk: list[Shrunk] | None = None) -> bytes:
    """``card``'s face in ``game`` (already in ``locale``'s words), trimmed, at ``dpi``;
    its text shrunk to fit if it must and may (then added to ``shrunk``)."""
    deck, service, item = _one(game, card, locale, icons, dpi)
    pdf = items_pdf(game, project, f"{game.config.name} · {card.number}", [item], service,
                    locale, icons, deck, shrunk)
    return rasterise(pdf, dpi, pixels(service), level=1)[0]


def card_html(game: Game, project: Path, card: Card, locale: str, icons: dict[str, str]) -> str:
    """The HTML card_png lays out (the benchmark gives it to bare WeasyPrint)."""
    _, service, item = _one(game, card, locale, icons, DPI)
    return items_html(game, project, f"{game.config.name} · {card.number}", [item], service,
                      locale, icons)


def _one(game: Game, card: Card, locale: str, icons: dict[str, str], dpi: int
         ) -> tuple[str, Service, dict]:
    """The deck ``card`` is shown in, the trimmed page, and its one page's item."""
    deck = first_deck(game, card)
    service = trimmed_service(game, locale, dpi)
    item = {"card": face_context(game, card, deck, locale, icons), "deck": None,
            "anchor": f"card-{card.number}"}
    return deck, service, item
