"""Card sheets for Tabletop Simulator's Custom Deck: which card goes in which cell, and the images.

A Custom Deck cuts one image, the face sheet, into a grid of at most 10
columns and 7 rows.  Without ``BackIsHidden`` TTS shows the grid's last cell
for a card whose face a player may not see; the saved object sets it, so the
back is shown instead and every cell holds a card: one sheet holds at most
70, and a deck with more distinct cards takes several sheets.  TTS recommends
images no larger than 4096 px on a side, in RGB.

The cells are the cards as the print-shop renderer lays them out, trimmed
(no bleed), rasterised at the size of a cell; copies of a card share its
cell.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from publish.core.problems import OptionError
from publish.model.game import Game

MAX_PX = 4096
"""TTS's recommended largest side of an image."""
COLUMNS = 10
ROWS = 7
PER_SHEET = COLUMNS * ROWS
"""Cards on one sheet: every cell, the hidden card being the back (``BackIsHidden``)."""
THUMBNAIL = 256
"""Side of the saved object's thumbnail, in px."""
MIN_WIDTH = 16


@dataclass(frozen=True)
class Sheet:
    """One face sheet: its CustomDeck key, its deck, its place among the deck's sheets, and
    the distinct cards in its cells, in order."""

    key: int
    deck: str
    index: int
    cards: tuple[str, ...]

    @property
    def columns(self) -> int:
        return min(COLUMNS, len(self.cards))

    @property
    def rows(self) -> int:
        return math.ceil(len(self.cards) / self.columns)

    def card_id(self, number: str) -> int:
        """TTS's CardID of a card on this sheet: the key times 100, plus its cell."""
        return self.key * 100 + self.cards.index(number)


def sheets(game: Game) -> dict[str, list[Sheet]]:
    """Every deck's sheets, keys numbered from 1 across the decks, so each is unique in a
    saved object holding them all; each deck's distinct cards in number order, 70 a sheet."""
    found: dict[str, list[Sheet]] = {}
    key = 1
    for deck in game.config.decks:
        numbers = [card.number for card in game.deck_cards(deck)]
        found[deck] = []
        for start in range(0, len(numbers), PER_SHEET):
            found[deck].append(Sheet(key, deck, len(found[deck]) + 1,
                                     tuple(numbers[start:start + PER_SHEET])))
            key += 1
    return found


def own_backs(game: Game, deck: str) -> bool:
    """Whether the cards of ``deck`` do not all share one back: one has a second face, or
    they name different backs (a deck's back or one of game.yaml's ``backs``)."""
    cards = game.deck_cards(deck)
    return any(card.back_face for card in cards) or len({card.back for card in cards}) > 1


def cell_size(trim: tuple[float, float], width: int | None = None) -> tuple[int, int]:
    """A card's cell in px: ``width`` wide (default: the widest that keeps a full sheet of
    10 x 7 cells within 4096 px both ways), as tall as the card's proportions make it."""
    w, h = trim
    widest = min(MAX_PX // COLUMNS, math.floor(MAX_PX // ROWS * w / h))
    width = widest if width is None else width
    if not MIN_WIDTH <= width <= widest:
        raise OptionError(f"a card {width} px wide does not fit: a TTS sheet of {COLUMNS} x "
                          f"{ROWS} cards stays within {MAX_PX} px, so {MIN_WIDTH} to {widest} "
                          f"px for a {w:g} x {h:g} mm card")
    return width, math.ceil(width * h / w - 1e-6)


def _image(png: bytes, cell: tuple[int, int]):
    """A rasterised card as an RGB image of exactly ``cell`` (pdfium may round a side up)."""
    from PIL import Image  # Pillow: a raster renderer, loaded only when drawing

    image = Image.open(io.BytesIO(png)).convert("RGB")
    if image.size != cell:
        if abs(image.width - cell[0]) > 2 or abs(image.height - cell[1]) > 2:
            raise ValueError(f"card rendered at {image.size}, expected {cell}")
        image = image.resize(cell, Image.Resampling.LANCZOS)
    return image


def _png(image) -> bytes:
    """PNG bytes (not optimize=True: a full sheet takes 3 times as long for 1 % less)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def face_sheet(sheet: Sheet, faces: dict[str, bytes], cell: tuple[int, int]) -> bytes:
    """``sheet``'s image: each card's face (PNG bytes by number) in its cell, row by row,
    white where there is none; given the cards' backs, the sheet of backs in the same grid
    (TTS's ``UniqueBack``)."""
    from PIL import Image  # Pillow: a raster renderer, loaded only when drawing

    w, h = cell
    image = Image.new("RGB", (sheet.columns * w, sheet.rows * h), "white")
    cells = [faces[number] for number in sheet.cards]
    for i, png in enumerate(cells):
        image.paste(_image(png, cell), ((i % sheet.columns) * w, (i // sheet.columns) * h))
    return _png(image)


def back_image(back: bytes, cell: tuple[int, int]) -> bytes:
    """The deck's back alone, the size of a cell, in RGB."""
    return _png(_image(back, cell))


def thumbnail(backs: list[bytes]) -> bytes:
    """The saved object's picture in TTS's list: the decks' backs in a grid, on white."""
    from PIL import Image  # Pillow: a raster renderer, loaded only when drawing

    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in backs]
    if not images:  # a game whose decks are all empty: a blank picture
        return _png(Image.new("RGB", (THUMBNAIL, THUMBNAIL), "white"))
    w, h = max(i.width for i in images), max(i.height for i in images)
    columns = max(1, math.ceil(math.sqrt(len(images) * h / w)))
    rows = math.ceil(len(images) / columns)
    gap = max(1, w // 16)
    grid = Image.new("RGB", (columns * (w + gap) + gap, rows * (h + gap) + gap), "white")
    for i, image in enumerate(images):
        grid.paste(image, (gap + (i % columns) * (w + gap), gap + (i // columns) * (h + gap)))
    grid.thumbnail((THUMBNAIL, THUMBNAIL), Image.Resampling.LANCZOS)
    square = Image.new("RGB", (THUMBNAIL, THUMBNAIL), "white")
    square.paste(grid, ((THUMBNAIL - grid.width) // 2, (THUMBNAIL - grid.height) // 2))
    return _png(square)
