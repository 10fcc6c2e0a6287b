"""The columns of a game's card table: what each holds, named as a designer reads them.

A card is one row.  Its keys are columns of their own (``number``, ``name``,
``kind``, the group, ``tags``, the game's declared fields, ``text_size``,
``shrink_to_fit``, ``notes``); its copies one column per deck (``copies main``); its text
one column, or for a game with kinds of text block three per block
(``text 1 kind``, ``text 1``, ``text 1 effect``), so that each block's kind
and words can be edited where they are.  In a CSV file a ``deck`` column says
which deck's file holds the card; in a workbook its sheet does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from publish.model.game import GameConfig

_BLOCK = re.compile(r"text (\d+)(?: (kind|effect))?")

TABLE_KEYS = ("number", "name", "kind", "group", "tags", "fields", "copies", "text",
              "text_size", "shrink_to_fit", "notes")
"""The order of a card's keys in the table, and of a new card's keys in its YAML."""


@dataclass(frozen=True)
class Column:
    """One column: the card key it holds (a field's id, the group's own name...), and for
    ``copies`` its deck, for a text block its index (from 0) and part."""

    header: str
    key: str
    deck: str | None = None
    block: int | None = None
    part: str = "text"


def card_keys(config: GameConfig) -> list[str]:
    """A card entry's keys in table order, with the game's names for the group and fields."""
    keys: list[str] = []
    for key in TABLE_KEYS:
        if key == "group":
            keys += [config.groups.field] if config.groups else []
        elif key == "tags":
            keys += ["tags"] if config.tags else []
        elif key == "fields":
            keys += list(config.fields)
        else:
            keys.append(key)
    return keys


def columns_for(config: GameConfig, blocks: int, effects: bool, csv: bool) -> list[Column]:
    """The columns of a table of this game's cards, with ``blocks`` text blocks (and their
    effects if ``effects``), and a ``deck`` column in a CSV file."""
    columns = [Column("deck", "deck")] if csv else []
    for key in card_keys(config):
        if key == "copies":
            columns += [Column(f"copies {deck}", "copies", deck=deck) for deck in config.decks]
        elif key == "text" and config.text_blocks:
            for index in range(blocks):
                columns += [Column(f"text {index + 1} kind", "text", block=index, part="kind"),
                            Column(f"text {index + 1}", "text", block=index)]
                if effects:
                    columns.append(Column(f"text {index + 1} effect", "text", block=index,
                                          part="effect"))
        else:
            columns.append(Column(key, key))
    return columns


def parse_header(header: str, config: GameConfig, csv: bool) -> Column | None:
    """The column a header names (None: no column of this game is called that)."""
    header = " ".join(header.split())
    if header == "deck":
        return Column("deck", "deck") if csv else None
    if header.startswith("copies "):
        deck = header.removeprefix("copies ")
        return Column(header, "copies", deck=deck) if deck in config.decks else None
    block = _BLOCK.fullmatch(header)
    if block and config.text_blocks and int(block[1]) >= 1:
        return Column(header, "text", block=int(block[1]) - 1, part=block[2] or "text")
    if header in card_keys(config) and not (header == "text" and config.text_blocks):
        return Column(header, header)
    return None


def known_headers(config: GameConfig, csv: bool) -> list[str]:
    """Every header this game's table may have (for suggesting one), blocks up to 3."""
    return [c.header for c in columns_for(config, 3, True, csv)]


def header_for(path: tuple[object, ...], home: str) -> str:
    """The header of the column holding a place in a card entry (``("copies", "starter")``,
    ``("text", 1, "effect", 0)``...), the number's for the entry itself."""
    if not path:
        return "number"
    key = path[0]
    if key == "copies":
        return f"copies {path[1] if len(path) > 1 else home}"
    if key == "text" and len(path) > 1 and isinstance(path[1], int):
        block = path[1] + 1
        if len(path) == 2:
            return f"text {block} kind"
        return f"text {block} effect" if path[2] == "effect" else f"text {block}"
    return str(key)
