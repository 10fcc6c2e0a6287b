"""A review gallery: every card face as an image on one static, filterable page.

``build/<game>/<locale>/gallery/`` holds ``index.html`` (self-contained: inline
CSS and script, relative links only), ``images/<number>.png`` (each distinct
card once, at a screen resolution) and ``contact-<deck>.png`` (a deck's faces
in a grid).  The faces are the ones the decks print: each deck is laid out one
card per page by the print-shop renderer, without bleed, and rasterised.

The page filters by deck, group and kind; the filter can also be given in the
query string (``index.html?deck=market&kind=natural``; the group also as the
game's group field, ``?ideology=...``), so a link or a headless browser opens
a filtered view.
"""

from __future__ import annotations

import io
import math
from collections.abc import Collection
from pathlib import Path
from typing import Any

from publish.model.game import Card, Game
from publish.render.placeholder import spartan

DPI = 100
"""Resolution of the gallery's images: a poker card is 248 x 346 px."""

NO_GROUP = "-"
"""The group filter's value for cards that belong to no group."""

GUTTER = 16  # px between contact-sheet tiles, and around them
LABEL = 26  # px under each tile for the number and copies
HEADER = 56  # px above the grid for the deck's name


def contact_sheet(project: Path, title: str, faces: list[tuple[str, bytes]],
                  copies: dict[str, int]) -> bytes:
    """``faces`` in a grid about as wide as tall, each labelled with its number (and copies)."""
    from PIL import Image, ImageDraw  # Pillow: a raster renderer, loaded only when drawing

    tiles = [Image.open(io.BytesIO(png)).convert("RGB") for _, png in faces]
    w = max(t.width for t in tiles)
    h = max(t.height for t in tiles)
    columns = max(1, math.ceil(math.sqrt(len(tiles) * (h + LABEL) / w)))
    rows = math.ceil(len(tiles) / columns)
    sheet = Image.new("RGB", (GUTTER + columns * (w + GUTTER),
                              HEADER + rows * (h + LABEL + GUTTER)), "white")
    draw = ImageDraw.Draw(sheet)
    draw.text((GUTTER, HEADER // 2), f"{title} · {len(tiles)}", fill="#2a2520",
              font=spartan(project, 28, "SemiBold"), anchor="lm")
    label = spartan(project, 16, "SemiBold")
    for i, ((number, _), tile) in enumerate(zip(faces, tiles, strict=True)):
        x = GUTTER + (i % columns) * (w + GUTTER)
        y = HEADER + (i // columns) * (h + LABEL + GUTTER)
        sheet.paste(tile, (x, y))
        n = copies.get(number, 1)
        draw.text((x + w // 2, y + h + LABEL // 2), f"№ {number}" + (f"  × {n}" if n > 1 else ""),
                  fill="#4a443c", font=label, anchor="mm")
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def has_own_back(card: Card) -> bool:
    """Whether ``card`` prints a back of its own (one it names, or its second face), which
    the gallery shows beside its face."""
    return card.back is not None or card.back_face is not None


def _back_name(game: Game, card: Card) -> str:
    """What a card's own back is called: its second face's name, or the back's it names."""
    if card.back_face is not None:
        return card.back_face.name
    return game.config.backs[card.back].name if card.back else ""


def gallery_context(game: Game, decks_of: dict[str, list[str]], image_size: tuple[int, int],
                    backs: Collection[str] = ()) -> dict:
    """What the gallery template shows: ``game`` in the edition's words; the cards numbered
    in ``backs`` with their own back beside their face."""
    config = game.config
    groups = None
    if config.groups:
        groups = {"label": config.groups.label, "field": config.groups.field,
                  "values": [{"id": k, "name": v.name, "colour": v.colour}
                             for k, v in config.groups.values.items()]}
    cards: list[dict[str, Any]] = []
    for card in sorted(game.cards, key=lambda c: c.number):
        if card.number not in decks_of:
            continue
        group = config.groups.values[card.group] if config.groups and card.group else None
        decks = decks_of[card.number]
        cards.append({
            "number": card.number, "name": card.name, "src": f"images/{card.number}.png",
            "decks": decks, "deck_names": [config.decks[d].name for d in decks],
            "copies": sum(card.copies[d] for d in decks),
            "group": card.group if group else "", "group_name": group.name if group else "",
            "colour": group.colour if group else (config.card_kinds[card.kind].colour or "#444444"),
            "kind": card.kind, "kind_name": config.card_kinds[card.kind].name,
            "back_src": f"images/{card.number}-back.png" if card.number in backs else None,
            "back_name": _back_name(game, card),
        })
    deck_rows = [{"id": d, "name": spec.name, "colour": spec.colour,
                  "cards": sum(1 for c in cards if d in c["decks"]), "src": f"contact-{d}.png"}
                 for d, spec in config.decks.items()]
    return {"game": {"name": config.name, "edition": config.edition,
                     "attribution": config.licence.attribution},
            "decks": deck_rows, "groups": groups, "no_group": NO_GROUP,
            "kinds": [{"id": k, "name": v.name} for k, v in config.card_kinds.items()],
            "cards": cards, "image": {"w": image_size[0], "h": image_size[1]}}
