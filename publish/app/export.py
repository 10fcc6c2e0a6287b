"""Card lists for other tools, as JSON: one row per card per deck.

The spreadsheet a designer edits and imports back is publish.app.sheets'.
"""

from __future__ import annotations

import json
from typing import Any

from publish.model.game import Game


def card_rows(game: Game) -> list[dict[str, Any]]:
    """Every card of every deck, in deck order then number order.

    A card that recurs in several decks gives one row per deck, with that
    deck's copies.  The group column takes the name the game gives it
    (``faction``, say).
    """
    group_key = game.config.groups.field if game.config.groups else "group"
    rows = []
    for deck in game.config.decks:
        for card in game.deck_cards(deck):
            rows.append(
                {
                    "number": card.number,
                    "name": card.name,
                    "deck": deck,
                    "kind": card.kind,
                    group_key: card.group,
                    "copies": card.copies[deck],
                    "text": card.text,
                    "notes": card.notes,
                    **card.fields,
                    "blocks": [{"kind": b.kind, "text": b.text} for b in card.blocks],
                }
            )
    return rows


def to_json(game: Game) -> str:
    return json.dumps(card_rows(game), ensure_ascii=False, indent=2) + "\n"

