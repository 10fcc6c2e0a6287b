"""`publish cards --format csv|xlsx|ods`: every card one row, every key a column.

A workbook has a sheet per deck (in game.yaml's order) holding the cards its
deck's file defines; a card dealt into other decks too is still one row, in
its own deck's sheet, with a copies column for each deck.  A CSV file is one
table with a ``deck`` column.  Rows follow the files' order.

An export is read back before it is handed over: if importing it would change
any card, a value could not be put in a cell so as to read back the same, and
the export refuses, naming the card and the key, rather than lose it.
"""

from __future__ import annotations

from pathlib import Path

from publish.app.sheets import grid
from publish.app.sheets.cells import to_cell
from publish.app.sheets.columns import Column, columns_for
from publish.app.sheets.grid import Sheet
from publish.app.sheets.plan import DeckFile, deck_files, plan
from publish.app.sheets.rows import read_rows
from publish.core.problems import Location, Problem, ProblemsFound
from publish.model.game import GameConfig


def columns_of(files: list[DeckFile], config: GameConfig, csv: bool) -> list[Column]:
    """The table's columns: as many text blocks as the card with most, effect columns if
    any block has an effect."""
    blocks = [entry.get("text") for f in files for entry in f.entries]
    lists = [b for b in blocks if isinstance(b, list)]
    most = max((len(b) for b in lists), default=1)
    effects = any(isinstance(block, dict) and "effect" in block for b in lists for block in b)
    return columns_for(config, most, effects, csv)


def card_sheets(game_dir: Path, config: GameConfig, csv: bool) -> list[Sheet]:
    """The card table: one sheet, or one per deck."""
    files = deck_files(game_dir)
    columns = columns_of(files, config, csv)
    header: list[grid.Value] = [column.header for column in columns]

    def rows(deck_file: DeckFile) -> list[list[grid.Value]]:
        return [[to_cell(column, entry, deck_file.deck, config) for column in columns]
                for entry in deck_file.entries]

    if csv:
        ordered = sorted(files, key=lambda f: list(config.decks).index(f.deck)
                         if f.deck in config.decks else len(config.decks))
        return [Sheet(None, [header, *(row for f in ordered for row in rows(f))])]
    return [Sheet(deck, [header, *(row for f in files if f.deck == deck for row in rows(f))])
            for deck in config.decks]


def export(game_dir: Path, config: GameConfig, fmt: str) -> bytes:
    """The cards as a spreadsheet file's bytes, proven to read back unchanged."""
    for deck in config.decks:
        if fmt != "csv" and (len(deck) > 31 or set(deck) & set("[]:*?/\\")):
            raise ProblemsFound([Problem(Location(game_dir / "game.yaml"), f"deck '{deck}' "
                                         "cannot name a sheet (at most 31 characters, none "
                                         "of []:*?/\\): export as CSV")])
    data = grid.write(fmt, card_sheets(game_dir, config, fmt == "csv"))
    name = Path(f"cards.{fmt}")
    table = read_rows(grid.read(fmt, data, name), config, name)
    changes, problems = plan(deck_files(game_dir), table, config, name)
    lost = [f"card {c.number}: {', '.join(c.keys) or 'its place'} would not read back the same"
            for c in changes] + [str(p) for p in table.problems + problems]
    if lost:
        raise ProblemsFound([Problem(Location(game_dir), f"cannot export without losing "
                                     f"something: {line}") for line in lost])
    return data
