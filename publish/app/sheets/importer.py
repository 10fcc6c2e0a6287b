"""`publish import`: a spreadsheet's rows made into the deck files they ask for.

The proposal is every deck file as it would be, with the cards changed,
added, moved or removed, and nothing else touched (spans.py); it is shown as
a diff and written only once the check of the would-be files passes, all of
them or none of them.  A problem the check finds in a would-be deck file is
located back in the spreadsheet, at the row and column it came from.
"""

from __future__ import annotations

import bisect
import difflib
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.app.sheets import yamledit
from publish.app.sheets.cells import meaning, number_text
from publish.app.sheets.columns import card_keys, header_for
from publish.app.sheets.grid import Cell, Sheet
from publish.app.sheets.plan import Change, DeckFile, deck_files, plan
from publish.app.sheets.rows import Row, read_rows
from publish.app.sheets.spans import entry_spans, splice
from publish.core.journal import replace_together
from publish.core.problems import Location, Problem, PublishError
from publish.core.yamlsource import SourceMap, load_yaml
from publish.model.game import GameConfig


class Uneditable(PublishError, ValueError):
    """A deck file the import must change but cannot edit in place (its cards not one
    block under another): said with the file."""


@dataclass
class Proposal:
    """The deck files an import would write, and what each of their cards came from."""

    source: Path
    folder: Path
    """The game's folder, whose deck files these are."""
    files: list[DeckFile]
    changes: list[Change] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    texts: dict[Path, str] = field(default_factory=dict)
    """The new text of each deck file that changes."""
    owners: dict[Path, list[Row | None]] = field(default_factory=dict)
    """The row of each card entry of each would-be deck file, in order."""

    def would_be(self) -> dict[Path, str]:
        """Every deck file's text as the import would leave it."""
        return {f.path: self.texts.get(f.path, f.text) for f in self.files}

    def diff(self, root: Path) -> list[str]:
        """A unified diff of the deck files, paths from the project folder."""
        lines: list[str] = []
        for deck_file in self.files:
            if deck_file.path not in self.texts:
                continue
            name = deck_file.path.relative_to(root).as_posix()
            lines += [line.rstrip("\n") for line in difflib.unified_diff(
                deck_file.text.splitlines(keepends=True),
                self.texts[deck_file.path].splitlines(keepends=True),
                f"a/{name}", f"b/{name}")]
        return lines

    def summary(self) -> str:
        counts = {"changed": 0, "added": 0, "moved": 0, "removed": 0}
        for change in self.changes:
            kind = ("removed" if change.target is None else "added" if change.source is None
                    else "moved" if change.moved else "changed")
            counts[kind] += 1
        said = ", ".join(f"{n} {what}" for what, n in counts.items() if n)
        return f"{said or 'no cards changed'} in {len(self.texts)} deck file(s)"

    def ordered(self, problems: list[Problem]) -> list[Problem]:
        """Problems in the spreadsheet first, in its sheets' order, by row and column; then
        the others, by file and line; each said once."""
        sheets = {f.deck: i for i, f in reversed(list(enumerate(self.files)))}

        def place(problem: Problem) -> tuple[Any, ...]:
            where = problem.location
            if isinstance(where, Cell):
                return (0, sheets.get(where.sheet or "", -1), where.line, where.col, "")
            return (1, 0, where.line, where.col, str(where.path))

        unique = {str(p): p for p in problems}
        return sorted(unique.values(), key=place)

    def write(self) -> None:
        """Write every changed deck file: all of them or none, even if the process is killed
        in between (journal.replace_together; NotReplaced says what happened)."""
        replace_together(self.folder, {path: text.encode("utf-8")
                                       for path, text in self.texts.items()})

    def locate(self, problems: list[Problem]) -> list[Problem]:
        """The check's problems, those in a would-be deck file put at their row and column."""
        places: dict[Path, _Places] = {}
        texts = self.would_be()
        located = []
        for problem in problems:
            path = problem.location.path
            if path not in texts:
                located.append(problem)
                continue
            if path not in places:
                places[path] = _Places(load_yaml(path, texts[path])[1])
            located.append(Problem(self._cell(problem.location, places[path]), problem.message))
        return located

    def _cell(self, where: Location, places: _Places) -> Cell:
        deck = next(f.deck for f in self.files if f.path == where.path)
        index = places.entry_at(where.line)
        owners = self.owners.get(where.path) or []
        row = owners[index] if index is not None and index < len(owners) else None
        if row is None:  # the deck as a whole (its counts): its sheet; in a CSV file, its
            if self._workbook:  # first row (the header, if it has none left)
                return Cell(self.source, 0, 0, deck)
            first = next((r for r in owners if r is not None), None)
            return first.cell(self.source, "deck") if first else Cell(self.source, 1, 1)
        paths = places.at.get((index, where.line, where.col), [])
        header = header_for(max(paths, key=len, default=()), deck)
        return row.cell(self.source, header)

    @property
    def _workbook(self) -> bool:
        return self.source.suffix.lower() != ".csv"


class _Places:
    """A would-be deck file's places, indexed once: where each card entry starts, and what
    sits at each line and column of each entry (keys and values)."""

    def __init__(self, source: SourceMap) -> None:
        starts = sorted((mark[0], place[1]) for place, mark in source.values.items()
                        if len(place) == 2 and place[0] == "cards")
        self.lines = [line for line, _ in starts]
        self.last = list(itertools.accumulate((index for _, index in starts), max))
        """The greatest index of the entries starting up to each of ``lines``."""
        self.at: dict[tuple[Any, int, int], list[tuple[Any, ...]]] = {}
        for marks in (source.values, source.keys):
            for place, (line, col) in marks.items():
                if len(place) >= 2 and place[0] == "cards":
                    self.at.setdefault((place[1], line, col), []).append(place[2:])

    def entry_at(self, line: int) -> int | None:
        """The index of the entry holding ``line`` (the last one starting at or before it)."""
        before = bisect.bisect_right(self.lines, line)
        return self.last[before - 1] if before else None


def propose(game_dir: Path, config: GameConfig, sheets: list[Sheet], source: Path) -> Proposal:
    """What importing ``sheets`` (read from ``source``) would make of the game's deck files."""
    files = deck_files(game_dir)
    table = read_rows(sheets, config, source)
    changes, placing = plan(files, table, config, source)
    proposal = Proposal(source, game_dir, files, changes, table.problems + placing)
    _Editor(proposal, config).apply({row.number: row for row in table.rows})
    return proposal


class _Editor:
    """Each deck file's new text: its changed entries edited and written out alone, new
    and moved ones added in number order, removed ones left out."""

    def __init__(self, proposal: Proposal, config: GameConfig) -> None:
        self.proposal, self.config = proposal, config
        self.entries: dict[int, list[Any]] = {}
        self.styles: dict[int, dict[Any, type]] = {}
        self.orders: dict[int, list[str]] = {}

    def ruamel(self, index: int) -> list[Any]:
        """The round-trip entries of a deck file, loaded once."""
        if index not in self.entries:
            self.entries[index] = yamledit.load_entries(self.proposal.files[index].text)
            self.styles[index] = yamledit.house_styles(self.entries[index])
            self.orders[index] = yamledit.house_order(self.entries[index], self.config)
        return self.entries[index]

    def apply(self, rows: dict[str, Row]) -> None:
        proposal = self.proposal
        involved = {i for change in proposal.changes for i in _files_of(change)}
        for index, deck_file in enumerate(proposal.files):
            try:
                spans = entry_spans(deck_file.text) if index in involved else []
            except ValueError as exc:
                raise Uneditable(f"{deck_file.path}: cannot edit it: {exc}") from exc
            numbers = [number_text(e.get("number"), self.config.number_digits)
                       for e in deck_file.entries]
            replaced, removed, added = self.edits(index, numbers, spans)
            if replaced or removed or added:
                proposal.texts[deck_file.path] = splice(deck_file.text, spans, replaced,
                                                        removed, {k: [t for _, t in v]
                                                                  for k, v in added.items()})
            order = [n for n, _ in added.get(-1, [])]
            for position, number in enumerate(numbers):
                order += [number] if position not in removed else []
                order += [n for n, _ in added.get(position, [])]
            proposal.owners[deck_file.path] = [rows.get(n) for n in order]
            _verify(proposal, index, order, self.config)

    def edits(self, index: int, numbers: list[str], spans: list[Any]) -> tuple[
            dict[int, str], set[int], dict[int, list[tuple[str, str]]]]:
        """The entries of one file to replace (with their text), remove, and add after an
        entry (by position, -1 before the first: new text, by number)."""
        replaced: dict[int, str] = {}
        removed: set[int] = set()
        added: dict[int, list[tuple[str, str]]] = {}
        for change in self.proposal.changes:
            source = change.source
            if source is not None and source[0] == index and change.target != index:
                removed.add(source[1])
            elif source is not None and source[0] == index:
                entry = self.ruamel(index)[source[1]]
                yamledit.edit(entry, change.keys, self.orders[index], self.styles[index])
                replaced[source[1]] = yamledit.render(entry, spans[source[1]].dash)
            elif change.target == index:
                entry = self.arriving(change, index)
                dash = spans[0].dash if spans else 2
                after = max((i for i, n in enumerate(numbers) if n < change.number), default=-1)
                added.setdefault(after, []).append((change.number,
                                                    yamledit.render(entry, dash)))
        for pending in added.values():
            pending.sort()
        return replaced, removed, added

    def arriving(self, change: Change, index: int) -> Any:
        """The entry of a card new to a file: a new card's, or a moved card's, edited."""
        self.ruamel(index)
        if change.source is None:
            return yamledit.new_entry(change.keys, self.orders[index], self.styles[index])
        entry = self.ruamel(change.source[0])[change.source[1]]
        yamledit.edit(entry, change.keys, self.orders[index], self.styles[index])
        return entry


def _files_of(change: Change) -> set[int | None]:
    return {change.source[0] if change.source else None, change.target}


def _verify(proposal: Proposal, index: int, order: list[str], config: GameConfig) -> None:
    """Read a would-be deck file back as `publish check` will: every card must be in its
    place and mean what its row asked.  A difference is a fault of this program."""
    deck_file = proposal.files[index]
    text = proposal.texts.get(deck_file.path)
    if text is None:
        return
    data, _ = load_yaml(deck_file.path, text)
    entries = data["cards"]
    found = [number_text(e.get("number"), config.number_digits) for e in entries]
    if found != order:
        raise RuntimeError(f"{deck_file.path}: the cards would be {found}, not {order}")
    for change in proposal.changes:
        if change.target != index:
            continue
        entry = entries[order.index(change.number)]
        for key in dict.fromkeys([*card_keys(config), *entry, *change.wanted]):
            got = meaning(key, entry.get(key), deck_file.deck, config)
            asked = meaning(key, change.wanted.get(key), deck_file.deck, config)
            if key != "number" and got != asked:
                raise RuntimeError(f"{deck_file.path}: card {change.number} {key}: written "
                                   f"as {got!r}, not {asked!r}")
