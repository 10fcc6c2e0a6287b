"""What a table asks of the deck files: which cards change (and which of their keys),
which are new, which moved to another deck's file, and which are gone.

A row is matched to its card by number.  A card changes only where a cell's
meaning differs from what its YAML says (cells.meaning); a key whose column
the sheet does not have keeps what the YAML says.  An export read straight
back plans nothing: that is how `publish cards` proves it lost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.app.sheets.cells import meaning, number_text
from publish.app.sheets.columns import card_keys
from publish.app.sheets.rows import Row, Table
from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import read_text
from publish.core.yamlsource import load_yaml
from publish.model.game import GameConfig
from publish.model.load import DECKS_DIR


@dataclass
class DeckFile:
    """A deck file as it is: its text, its deck, and its card entries as the loader reads
    them (plain values, the project's own safe reading)."""

    path: Path
    text: str
    deck: str
    entries: list[dict[str, Any]]


def deck_files(game_dir: Path) -> list[DeckFile]:
    """The game's deck files; ProblemsFound if one cannot be read as a list of cards."""
    files = []
    for path in sorted((game_dir / DECKS_DIR).glob("*.yaml")):
        text = read_text(path, game_dir.parent.parent)
        data, _ = load_yaml(path, text)
        if not (isinstance(data, dict) and isinstance(data.get("deck"), str)
                and isinstance(data.get("cards"), list)
                and all(isinstance(entry, dict) for entry in data["cards"])):
            raise ProblemsFound([Problem(Location(path), "not a deck file with a list of "
                                         "cards (deck: ..., cards: [...]): fix it first "
                                         "(publish check)")])
        files.append(DeckFile(path, text, data["deck"], data["cards"]))
    return files


@dataclass
class Change:
    """What becomes of one card: ``keys`` to set (None: to remove) where it is, or its
    whole entry if it is new or moves to another file; ``target`` None if it is removed."""

    number: str
    source: tuple[int, int] | None
    target: int | None
    keys: dict[str, Any] = field(default_factory=dict)
    wanted: dict[str, Any] = field(default_factory=dict)
    row: Row | None = None

    @property
    def moved(self) -> bool:
        return self.source is not None and self.target is not None \
            and self.source[0] != self.target


def plan(files: list[DeckFile], table: Table, config: GameConfig,
         path: Path) -> tuple[list[Change], list[Problem]]:
    """Every change the table's rows ask for, and the problems of placing new cards.

    A card no row lists is removed if its deck has rows in the table (a table may
    hold only the decks being worked on), unless the table had rows or sheets it
    could not read as cards (the card may be there): then the check still runs on
    the rest, and says all it finds, without cards missing for want of a row.
    """
    where = {number_text(entry.get("number"), config.number_digits): (f, e)
             for f, deck_file in reversed(list(enumerate(files)))
             for e, entry in reversed(list(enumerate(deck_file.entries)))}
    changes: list[Change] = []
    problems: list[Problem] = []
    decks: set[str | None] = set()
    for row in table.rows:
        if row.number in where:
            decks.add(row.deck or files[where[row.number][0]].deck)
            change = _changed(row, where[row.number], files, config)
        else:
            decks.add(row.deck)
            change = _added(row, files, config)
        if isinstance(change, str):
            problems.append(Problem(row.cell(path, "deck" if row.sheet is None else "number"),
                                    change))
            continue
        if change is not None:
            changes.append(change)
    listed = {row.number for row in table.rows}
    if not table.shape_problems:
        changes += [Change(number, place, None) for number, place in where.items()
                    if number not in listed and files[place[0]].deck in decks]
    return changes, problems


def _file_of(deck: str, files: list[DeckFile]) -> int | None:
    return next((i for i, deck_file in enumerate(files) if deck_file.deck == deck), None)


def _no_file(number: str, deck: str | None) -> str:
    if deck is None:
        return f"new card {number}: which deck's file holds it? give its deck (the deck column)"
    return f"card {number}: no deck file says 'deck: {deck}': make one in {DECKS_DIR}/ first"


def _changed(row: Row, place: tuple[int, int], files: list[DeckFile],
             config: GameConfig) -> Change | str | None:
    """The card's change (None: none; a message: where it should go has no file)."""
    old = files[place[0]].entries[place[1]]
    old_home = files[place[0]].deck
    home = row.deck or old_home
    target = place[0] if home == old_home else _file_of(home, files)
    if target is None:
        return _no_file(row.number, home)
    wanted = _wanted(row, old, old_home, home, config)
    keys = {key: wanted.get(key) for key in dict.fromkeys([*old, *wanted])
            if key != "number" and meaning(key, old.get(key), old_home, config)
            != meaning(key, wanted.get(key), home, config)}
    change = Change(row.number, place, target, keys, wanted, row)
    if "copies" in keys or change.moved:
        keys["copies"] = copies_form(wanted.get("copies"), home, old.get("copies"), config)
    return change if change.keys or change.moved else None


def _added(row: Row, files: list[DeckFile], config: GameConfig) -> Change | str:
    """A new card, in the first file of its deck (a message: it has no deck, or no file)."""
    copies = row.values.get("copies") or {}
    home = row.deck or next((deck for deck in config.decks if deck in copies), None)
    target = _file_of(home, files) if home else None
    if target is None or home is None:
        return _no_file(row.number, home)
    wanted = _wanted(row, None, home, home, config)
    kept = {key: value for key, value in wanted.items()
            if key in ("number", "name", "text")
            or meaning(key, value, home, config) != meaning(key, None, home, config)}
    if "copies" in kept:
        kept["copies"] = copies_form(kept["copies"], home, None, config)
    return Change(row.number, None, target, kept, wanted, row)


def copies_form(copies: Any, home: str, old: Any, config: GameConfig) -> Any:
    """How a card's copies are written in the file of deck ``home``: left out for one copy
    there, a number for copies there alone, else a mapping (kept one if it was)."""
    copies = meaning("copies", copies, home, config)
    if not isinstance(copies, dict) or list(copies) != [home] or isinstance(old, dict):
        return copies
    return None if copies[home] == 1 else copies[home]


def _wanted(row: Row, old: dict[str, Any] | None, old_home: str, home: str,
            config: GameConfig) -> dict[str, Any]:
    """The whole entry the row asks for: its cells where the sheet has the column (and
    could read it), the YAML's value elsewhere."""
    old = old or {}
    entry: dict[str, Any] = {"number": old.get("number", row.number)}
    for key in dict.fromkeys([*card_keys(config), *old]):
        if key == "number":
            continue
        if key in row.given and f"!{key}" not in row.given:
            value = row.values.get(key)
            if key == "copies":
                value = _copies(row, old, old_home, config)
            elif key == "text" and not row.effects:
                value = _with_effects(value, old.get("text"))
        else:
            value = old.get(key)
            if key == "copies" and home != old_home:
                value = meaning(key, value, old_home, config)
        if value is not None:
            entry[key] = value
    return entry


def _copies(row: Row, old: dict[str, Any], old_home: str, config: GameConfig) -> Any:
    """The copies a row gives, with the YAML's for decks the sheet has no column for."""
    before = meaning("copies", old.get("copies"), old_home, config) if old else {}
    kept = {deck: n for deck, n in before.items() if deck not in row.copy_decks} \
        if isinstance(before, dict) else {}
    copies = {**kept, **(row.values.get("copies") or {})}
    return copies or None


def _with_effects(blocks: Any, old: Any) -> Any:
    """Blocks read from a sheet without effect columns keep the effects they had."""
    if not isinstance(blocks, list) or not isinstance(old, list):
        return blocks
    for block, before in zip(blocks, old, strict=False):
        if isinstance(before, dict) and "effect" in before:
            block["effect"] = before["effect"]
    return blocks
