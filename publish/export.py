"""Card lists for spreadsheets and other tools: one row per card per deck."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from publish.model import Game

COLUMNS = ["number", "name", "deck", "kind", "group", "copies", "text", "notes"]


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


def _cell(value: Any) -> Any:
    """A value as a spreadsheet cell shows it: tags joined by commas, pictures per edition
    as 'locale: file' pairs."""
    if isinstance(value, list):
        return ", ".join(value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {v}" for k, v in value.items())
    return value


def to_json(game: Game) -> str:
    return json.dumps(card_rows(game), ensure_ascii=False, indent=2) + "\n"


def to_csv(game: Game) -> str:
    rows = card_rows(game)
    out = io.StringIO()
    fields = [k for k in rows[0] if k != "blocks"] if rows else COLUMNS
    writer = csv.DictWriter(out, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if row[k] is None else _cell(row[k]) for k in fields})
    return out.getvalue()
