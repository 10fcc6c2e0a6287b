"""What an output was made from, so that `publish build` remakes only what changed.

Each output's record (``build/<game>/.records/<locale>.json``, beside the
outputs' folder so that folder holds nothing but outputs) holds a digest
of every input it was made from: the card data it shows, game.yaml, the
rules sources, the templates and CSS, the fonts, the icons, the edition's
catalogs, the game's own sheet layouts (for the outputs laid out on
sheets) and the toolchain itself (its code and the data it reads).  A
build compares the digests of the inputs as they are now with the record,
rebuilds what differs, and says which input changed.  Nothing here imports
WeasyPrint: a build with nothing to do stays fast.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from publish.core.atomic import write_atomic
from publish.core.projectfiles import hidden, read_bytes
from publish.model.cardschema import SCHEMA_FILE
from publish.model.copies import per_player
from publish.model.game import Card, Game
from publish.model.images import picture_version, shown_pictures
from publish.model.images import pictures as pictures_of
from publish.model.layouts import GAME_LAYOUTS

RECORDS = ".records"
PACKAGE = Path(__file__).resolve().parent.parent
TOOLCHAIN_DATA = PACKAGE / "data"
"""The toolchain's data files (card and paper sizes, sheet layouts, print services): read
by the code as it runs, so they count with it."""


def records_file(project: Path, game_id: str, locale: str) -> Path:
    """Where the records of an edition's outputs are kept."""
    return project / "build" / game_id / RECORDS / f"{locale}.json"


def digest(parts: Iterable[bytes | str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()[:16]


def files_digest(folders: Iterable[Path], root: Path, pattern: str = "**/*") -> str:
    """The names and contents of every file under ``folders``, each read inside ``root``."""
    parts: list[bytes | str] = []
    for folder in folders:
        if not folder.exists():
            continue
        for path in sorted(p for p in folder.glob(pattern)
                           if p.is_file() and not hidden(p, folder)):
            parts += [path.relative_to(folder).as_posix(), read_bytes(path, root)]
    return digest(parts)


def card_digest(card: Card, pictures: Iterable[str] = ()) -> str:
    """What a card prints: its words, its group and kind, its copies, its size, its own
    fields, and the contents of the pictures it shows (``pictures``: their versions)."""
    data = {"number": card.number, "name": card.name, "kind": card.kind, "group": card.group,
            "copies": card.copies, "notes": card.notes, "tags": list(card.tags),
            "text_size": card.text_size, "shrink_to_fit": card.shrink_to_fit,
            "fields": card.fields,
            "blocks": [[b.kind, b.text, b.effect] for b in card.blocks]}
    if card.back is not None:
        data["back"] = card.back
    if card.back_face is not None:
        data["back_face"] = card_digest(card.back_face)
    if card.per_player is not None:  # said only when said: the records of other cards stand
        data["per_player"] = card.per_player
    return digest([json.dumps(data, sort_keys=True, ensure_ascii=False), *pictures])


def selection_digest(game: Game) -> str:
    """What queries select on (numbers, kinds, groups, decks, tags): a changed tag can add a
    card to a list that did not show it before."""
    return digest([json.dumps([[c.number, c.kind, c.group, sorted(c.copies), list(c.tags)]
                               for c in sorted(game.cards, key=lambda c: c.number)])])


def order_digest(game: Game, deck: str) -> str:
    """Which cards a deck prints, in which order, how many of each (and whether per player):
    where each card lands."""
    return digest([json.dumps([[c.number, c.copies[deck], *(["per player"]
                                                             if per_player(game, c, deck) else [])]
                               for c in game.deck_cards(deck)])])


SOURCES = ("game.yaml", "decks", "rules", "examples", "locale", "icons", GAME_LAYOUTS,
           SCHEMA_FILE)
"""What under a game's folder has an input of its own (or is no input of any output)."""


def assets_digest(game: Game) -> str:
    """The other files of the game folder (a back picture, a logo a template loads), except
    the cards' own pictures, which count with their cards."""
    pictures = {(game.root / p.path).resolve() for c in game.cards for p in pictures_of(game, c)}
    files = sorted(p for p in game.root.rglob("*") if p.is_file()
                   and p.relative_to(game.root).parts[0] not in SOURCES
                   and not hidden(p, game.root) and p.resolve() not in pictures)
    return digest([part for p in files
                   for part in (p.relative_to(game.root).as_posix(), read_bytes(p, game.project))])


COMMON_INPUTS = ("code", "config", "templates", "fonts", "icons", "catalogs", "assets")
"""The names of the inputs every output of an edition is made from (``Inputs.common``)."""


@dataclass
class Inputs:
    """The digests of one game's inputs as they are now, each computed once per build.

    A target names the inputs its outputs are made from by calling their methods; each
    returns ``{name: digest}``, the name the records keep.
    """

    project: Path
    game: Game
    _cache: dict[str, str] = field(default_factory=dict)
    _cards: dict[str, dict[str, str]] = field(default_factory=dict)

    def _once(self, name: str, compute: Callable[[], str]) -> dict[str, str]:
        if name not in self._cache:
            self._cache[name] = compute()
        return {name.partition(":")[0]: self._cache[name]}

    def code(self) -> dict[str, str]:
        """The toolchain itself: its Python code and its data files (TOOLCHAIN_DATA), either
        of which can change any output."""
        return self._once("code", lambda: digest([files_digest([PACKAGE], PACKAGE, "**/*.py"),
                                                  files_digest([TOOLCHAIN_DATA], TOOLCHAIN_DATA)]))

    def config(self) -> dict[str, str]:
        """game.yaml."""
        return self._once("config", lambda: digest([read_bytes(self.game.root / "game.yaml",
                                                               self.project)]))

    def templates(self) -> dict[str, str]:
        """The game's templates and the shared ones."""
        folders = [self.project / "templates" / self.game.id,
                   self.project / "templates" / "_common"]
        return self._once("templates", lambda: files_digest(folders, self.project))

    def fonts(self) -> dict[str, str]:
        return self._once("fonts", lambda: files_digest([self.project / "fonts"], self.project))

    def icons(self) -> dict[str, str]:
        return self._once("icons", lambda: files_digest([self.game.root / "icons"],
                                                        self.project))

    def catalogs(self, locale: str) -> dict[str, str]:
        """The edition's catalogs: the game's and the shared templates'."""
        folder = locale.replace("-", "_")
        folders = [self.game.root / "locale" / folder,
                   self.project / "templates" / "_common" / "locale" / folder]
        return self._once(f"catalogs:{locale}", lambda: files_digest(folders, self.project))

    def rules(self) -> dict[str, str]:
        """The rules sources and the examples."""
        folders = [self.game.root / "rules", self.game.root / "examples"]
        return self._once("rules", lambda: files_digest(folders, self.project, "**/*.md"))

    def selection(self) -> dict[str, str]:
        """What queries select cards by (selection_digest)."""
        return self._once("selection", lambda: selection_digest(self.game))

    def layouts(self) -> dict[str, str]:
        """The game's own sheet layouts (``layouts/``): an input of the outputs whose pages are
        laid out by one (the print-and-cut sheets), and of nothing else."""
        return self._once("layouts", lambda: files_digest([self.game.root / GAME_LAYOUTS],
                                                          self.project))

    def assets(self) -> dict[str, str]:
        """The game folder's other files (assets_digest)."""
        return self._once("assets", lambda: assets_digest(self.game))

    def common(self, locale: str) -> dict[str, str]:
        """Inputs every output of an edition is made from."""
        return {**self.code(), **self.config(), **self.templates(), **self.fonts(),
                **self.icons(), **self.catalogs(locale), **self.assets()}

    def order(self, deck: str) -> dict[str, str]:
        return {"order": order_digest(self.game, deck)}

    def cards(self, numbers: Iterable[str], locale: str) -> dict[str, str]:
        """The digests of these cards as ``locale`` prints them (its pictures)."""
        if locale not in self._cards:  # every card once per edition: decks and manual ask
            game = self.game
            self._cards[locale] = {
                c.number: card_digest(c, [picture_version(p, game.project) for side in c.sides
                                          for p in shown_pictures(game, side, locale).values()
                                          if p])
                for c in game.cards}
        known = self._cards[locale]
        return {f"card {n}": known.get(n, "gone") for n in sorted(numbers)}


@dataclass
class Stamps:
    """The records of one edition's outputs: output name -> input name -> digest."""

    path: Path
    records: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> Stamps:
        try:
            records = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            records = {}
        return cls(path, records if isinstance(records, dict) else {})

    def write(self) -> None:
        write_atomic(self.path, json.dumps(self.records, indent=1, sort_keys=True) + "\n")

    def why(self, output: str, inputs: Mapping[str, str], exists: bool) -> str | None:
        """Why ``output`` must be made again (None: it is up to date)."""
        old = self.records.get(output)
        if old is None or not exists:
            return "new" if old is None else "missing"
        changed = [name for name in inputs if old.get(name) != inputs[name]]
        changed += [name for name in old if name not in inputs]
        if not changed:
            return None
        cards = [n for n in changed if n.startswith("card ")]
        others = [n for n in changed if not n.startswith("card ")]
        words = others + ([f"{cards[0]}" if len(cards) == 1 else f"{len(cards)} cards"]
                          if cards else [])
        return ", ".join(words) + " changed"

    def changed_cards(self, output: str, inputs: Mapping[str, str]) -> list[str]:
        """The cards whose digests are all that differs from ``output``'s record.

        Empty when anything else differs too (or nothing does): then the whole
        output must be made again, not just the pages of some cards.
        """
        old = self.records.get(output) or {}
        if set(old) != set(inputs):
            return []
        changed = [name for name in inputs if old[name] != inputs[name]]
        if any(not name.startswith("card ") for name in changed):
            return []
        return [name.removeprefix("card ") for name in changed]
