"""Rows of a spreadsheet read back as cards: one ``Row`` per card, every problem located.

The header row names each column; a row's cells become the card entry's
values, read as their columns say (cells.from_cell).  Problems with the
table itself (a sheet or column this game has no use for, a row without a
number, a number twice) are found here, all of them, as are cells that
cannot be read at all; whether the values make a valid game is the check's
to say, on the deck files they would make.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.app.sheets.cells import CellError, from_cell
from publish.app.sheets.columns import Column, known_headers, parse_header
from publish.app.sheets.grid import Cell, Sheet, Value
from publish.core.problems import Problem, did_you_mean
from publish.model.game import GameConfig


@dataclass
class Row:
    """One card as a row gives it: its values by key, and where each came from."""

    sheet: str | None
    line: int
    places: dict[str, int]
    """Each header of the row's sheet and its column number."""
    number: str
    deck: str | None = None
    """The deck whose file holds the card: its sheet's, or its ``deck`` cell (None: the
    deck it is in already, or for a new card, the first it has copies in)."""
    values: dict[str, Any] = field(default_factory=dict)
    given: set[str] = field(default_factory=set)
    """The keys the sheet has columns for: the others keep what the YAML says."""
    copy_decks: set[str] = field(default_factory=set)
    effects: bool = False
    """Whether the sheet has effect columns (without them, blocks keep their effects)."""

    def cell(self, path: Path, header: str) -> Cell:
        return Cell(path, self.line, self.places.get(header, self.places.get("number", 1)),
                    self.sheet)


@dataclass
class Table:
    """The rows of every sheet, the problems found in them, and whether they are ones a
    check of the values could not get past (the table's own shape)."""

    rows: list[Row] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    shape_problems: bool = False


def read_rows(sheets: list[Sheet], config: GameConfig, path: Path) -> Table:
    """Every card row of ``sheets`` (a CSV file's one, or a workbook's, one per deck)."""
    table = Table()
    first: dict[str, Row] = {}
    for sheet in sheets:
        csv = sheet.name is None
        if not csv and sheet.name not in config.decks:
            table.shape_problems = True
            table.problems.append(Problem(Cell(path, 0, 0, sheet.name), _no_deck(sheet.name,
                                                                                  config)))
            continue
        columns = _header(sheet, config, path, table)
        if columns is None:
            continue
        for line, cells in enumerate(sheet.rows[1:], start=2):
            row = _row(sheet, line, cells, columns, config, path, table)
            if row is None:
                continue
            if row.number in first:
                other = first[row.number]
                table.shape_problems = True
                table.problems.append(Problem(row.cell(path, "number"), f"card {row.number} "
                                              f"is also on {_where(other)}: a number names "
                                              "one card; give this one another"))
                continue
            first[row.number] = row
            table.rows.append(row)
    return table


def _no_deck(name: str | None, config: GameConfig) -> str:
    decks = list(config.decks)
    return (f"no deck '{name}'{did_you_mean(str(name), decks)}: each sheet is named after a "
            f"deck of {config.name} ({', '.join(decks)}); rename or remove it")


def _where(row: Row) -> str:
    return f"{row.sheet}!row {row.line}" if row.sheet is not None else f"row {row.line}"


def _header(sheet: Sheet, config: GameConfig, path: Path,
            table: Table) -> dict[int, Column] | None:
    """Each column of the sheet by number (one it does not know is a problem, and left
    out), or None if the sheet has no number column."""
    csv = sheet.name is None
    header = sheet.rows[0] if sheet.rows else []
    columns: dict[int, Column] = {}
    seen: dict[str, int] = {}
    found = len(table.problems)
    for number, value in enumerate(header, start=1):
        if value is None:
            continue
        text = str(value)
        column = parse_header(text, config, csv)
        where = Cell(path, 1, number, sheet.name)
        if column is None:
            table.problems.append(Problem(where, _unknown_column(text, config, csv)))
        elif column.header in seen:
            table.problems.append(Problem(where, f"column '{column.header}' twice (also "
                                                 f"column {seen[column.header]}): keep one"))
        else:
            seen[column.header] = number
            columns[number] = column
    table.shape_problems = table.shape_problems or len(table.problems) > found
    if "number" not in seen and sheet.rows:
        table.shape_problems = True
        table.problems.append(Problem(Cell(path, 1, 1, sheet.name), "no 'number' column: "
                                      "the first row names the columns, and 'number' says "
                                      "which card each row is"))
        return None
    return columns


def _unknown_column(text: str, config: GameConfig, csv: bool) -> str:
    known = known_headers(config, csv)
    said = f"unknown column '{text}'{did_you_mean(text, known)}"
    if text.strip() == "deck" and not csv:
        return said + ": in a workbook, the sheet's name is the deck"
    return said + f"; the columns are: {', '.join(known)} (text N kind, text N, text N effect)"


def _row(sheet: Sheet, line: int, cells: list[Value], columns: dict[int, Column],
         config: GameConfig, path: Path, table: Table) -> Row | None:
    """The card a row gives (None for an empty row, or one without a number)."""
    if all(value is None or not str(value).strip() for value in cells):
        return None
    places = {column.header: number for number, column in columns.items()}
    row = Row(sheet.name, line, places, "", deck=sheet.name)
    blocks: dict[int, dict[str, Any]] = {}
    for number, column in columns.items():
        value = cells[number - 1] if number <= len(cells) else None
        try:
            parsed = from_cell(column, value, config)
        except CellError as exc:
            table.problems.append(Problem(row.cell(path, column.header),
                                          f"{column.header}: {exc}"))
            row.given.add(f"!{column.key}")
            continue
        _take(row, column, parsed, blocks)
    if "!number" in row.given:  # said at its cell; which card the row is, no one can tell
        table.shape_problems = True
        return None
    if not row.number:
        table.shape_problems = True
        table.problems.append(Problem(row.cell(path, "number"), "no number: every card needs "
                                      "its number (the row is a card: fill it in, or empty "
                                      "the row)"))
        return None
    _deck_cell(row, config, path, table)
    _blocks(row, blocks, config, path, table)
    return row


def _take(row: Row, column: Column, value: Any, blocks: dict[int, dict[str, Any]]) -> None:
    """One cell's value into the row: the number, the deck, a copy count, a block part."""
    if column.key in ("number", "deck"):
        setattr(row, column.key, "" if value is None and column.key == "number" else value)
        return
    row.given.add(column.key)
    if column.key == "copies":
        row.copy_decks.add(str(column.deck))
        if value is not None and value != 0:
            row.values.setdefault("copies", {})[column.deck] = value
    elif column.block is not None:
        row.effects = row.effects or column.part == "effect"
        blocks.setdefault(column.block, {})[column.part] = value
    elif value is not None:
        row.values[column.key] = value


def _deck_cell(row: Row, config: GameConfig, path: Path, table: Table) -> None:
    if row.sheet is None and row.deck is not None and row.deck not in config.decks:
        table.shape_problems = True
        decks = list(config.decks)
        table.problems.append(Problem(row.cell(path, "deck"), f"deck: no deck '{row.deck}'"
                                      f"{did_you_mean(row.deck, decks)}; the decks are: "
                                      f"{', '.join(decks)}"))
        row.deck = None


def _blocks(row: Row, blocks: dict[int, dict[str, Any]], config: GameConfig, path: Path,
            table: Table) -> None:
    """The text blocks of a row, in order; a block without a kind or text is a problem."""
    made = []
    kinds = list(config.text_blocks)
    for index in sorted(blocks):
        block = blocks[index]
        kind, text, effect = block.get("kind"), block.get("text"), block.get("effect")
        if kind is None and text is None and effect is None:
            continue
        header = f"text {index + 1}"
        if kind not in kinds:
            said = (f"unknown kind '{kind}'{did_you_mean(str(kind), kinds)}; expected one of"
                    if kind else "which kind of block is it? One of")
            table.problems.append(Problem(row.cell(path, f"{header} kind"), f"{header} kind: "
                                          f"{said}: {', '.join(kinds)}"))
        elif text is None:
            table.problems.append(Problem(row.cell(path, header), f"{header}: the block has "
                                          "no text; write it, or empty the block's cells"))
        else:
            made.append({kind: text, **({"effect": effect} if effect is not None else {})})
            continue
        row.given.add("!text")
    if "text" in row.given and made:
        row.values["text"] = made
