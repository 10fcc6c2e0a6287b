"""The comparison of two versions of a game, as plain data: what every changes page reads.

`publish changes` (publish.app.changes.compare) makes a ``Comparison``; its
change report, its errata sheet, the manual's "changes" part and the rules
site's changes page are all made from one, so none can disagree with another.
Frozen dataclasses of text and numbers: a build sends one to its workers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from publish.docs.changes.words import Piece
from publish.i18n.translate import N_

WORKING_TREE = N_("working tree")
"""How the version TO defaults to is named: the files as they are now (a message of the
shared catalog: the documents say it in the edition's language)."""


@dataclass(frozen=True)
class Version:
    """One side of a comparison: what the user called it and the project folder holding it."""

    label: str
    root: Path
    revision: bool = False
    """Written out of git into a temporary folder: its files are named as ``label:path``."""

    def named(self, text: str) -> str:
        """``text`` (a problem's message) with this version's files named as the user knows
        them: a revision's as ``REVISION:cards/...``, not in the temporary folder."""
        return text.replace(f"{self.root}/", f"{self.label}:") if self.revision else text

    def said(self, gettext: Callable[[str], str]) -> str:
        """The label as a document says it: a revision or a folder as given, the working
        tree in the document's words."""
        return gettext(self.label) if self.label == WORKING_TREE else self.label


@dataclass(frozen=True)
class FieldChange:
    """One field of a card as it was and as it is; ``words``: the word-level difference of a
    worded field (name, text blocks, notes), else empty."""

    field: str
    old: str
    new: str
    words: tuple[Piece, ...] = ()


@dataclass(frozen=True)
class CardChange:
    """What happened to one card between the two versions (in one edition's words)."""

    name: str
    old_number: str | None
    """None: the card is new."""
    new_number: str | None
    """None: the card is gone."""
    old_copies: Mapping[str, int] = field(default_factory=dict)
    new_copies: Mapping[str, int] = field(default_factory=dict)
    fields: tuple[FieldChange, ...] = ()

    @property
    def number(self) -> str:
        """The card's number now (its last number, if it is gone)."""
        return self.new_number or self.old_number or ""

    @property
    def kinds(self) -> tuple[str, ...]:
        """What changed: added, removed, renumbered, moved (between decks), copies, fields."""
        if self.old_number is None:
            return ("added",)
        if self.new_number is None:
            return ("removed",)
        found = []
        if self.old_number != self.new_number:
            found.append("renumbered")
        if set(self.old_copies) != set(self.new_copies):
            found.append("moved")
        elif dict(self.old_copies) != dict(self.new_copies):
            found.append("copies")
        if self.fields:
            found.append("fields")
        return tuple(found)

    @property
    def on_errata(self) -> bool:
        """Whether a player needs the card printed anew: any change but its removal."""
        return self.new_number is not None


@dataclass(frozen=True)
class ParagraphChange:
    """One rules paragraph as it was and as it is, in one edition's words."""

    file: str
    """The rules file, relative to the game's folder in the source language
    (``rules/en/02-turn.md``): the message context translators see."""
    line: int
    """Its line in the new file (in the old one, if it is gone)."""
    what: str
    old: str
    new: str
    words: tuple[Piece, ...]

    @property
    def kind(self) -> Literal["added", "removed", "changed"]:
        return "added" if not self.old else "removed" if not self.new else "changed"


@dataclass(frozen=True)
class StaleTranslation:
    """A message of an edition's catalog the change left untranslated or fuzzy."""

    locale: str
    domain: str
    context: str
    text: str
    state: str
    """missing, or fuzzy."""


@dataclass(frozen=True)
class ExampleChange:
    """An example game whose replay says something else in the new version."""

    file: str
    """Relative to the game's folder: ``examples/01-first.md``."""
    old: tuple[str, ...]
    """The old version's findings, each as ``line:column: message`` (empty: it replayed
    clean)."""
    new: tuple[str, ...]


@dataclass(frozen=True)
class EditionChanges:
    """What changed, in one edition's words."""

    locale: str
    cards: tuple[CardChange, ...]
    rules: tuple[ParagraphChange, ...]
    stale: tuple[StaleTranslation, ...]

    @property
    def errata(self) -> tuple[CardChange, ...]:
        """The cards a player prints anew: every changed card but those removed."""
        return tuple(change for change in self.cards if change.on_errata)

    @property
    def removed(self) -> tuple[CardChange, ...]:
        return tuple(change for change in self.cards if change.new_number is None)


@dataclass(frozen=True)
class Comparison:
    """Two versions of one game compared, edition by edition (the source edition first)."""

    game: str
    before: Version
    after: Version
    editions: tuple[EditionChanges, ...]
    examples: tuple[ExampleChange, ...] = ()
    """The engine's view: the example games that replay differently (every edition's)."""

    @property
    def source(self) -> EditionChanges:
        return self.editions[0]

    @property
    def unchanged(self) -> bool:
        return not self.examples and not any(e.cards or e.rules or e.stale
                                             for e in self.editions)

    def edition(self, locale: str) -> EditionChanges | None:
        """The changes in ``locale``'s words (None: that edition was not compared)."""
        return next((e for e in self.editions if e.locale == locale), None)
