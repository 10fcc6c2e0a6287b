"""The changes since an earlier version as a player reads them: the manual's part, the site's page.

Made from one edition's ``EditionChanges`` (the comparison `publish changes`
reports), in the edition's words: each changed card with what happened to it
and its changed fields (the words marked), each changed rules paragraph with
its chapter and a link to where it stands.  The rules engine's structured
effects are left out: a player reads the card's text, which says the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal, cast

from publish.docs.changes.data import CardChange, EditionChanges, FieldChange, ParagraphChange
from publish.docs.changes.words import Piece
from publish.model.game import Game

UNSHOWN = ("effect",)
"""Compared fields a player does not read: the engine's structured effect under a text."""

FieldKey = Literal["name", "kind", "group", "text", "picture", "tags", "notes", "own"]


@dataclass(frozen=True)
class ChangedField:
    """One field of a changed card, as the changelog prints it: ``key`` says which words
    name it (``text``: with ``n``, the block's number; ``picture``, ``group`` and ``own``:
    ``label``, the game's name for it, in the edition's words)."""

    key: FieldKey
    label: str
    n: str
    old: str
    new: str
    words: tuple[Piece, ...]


@dataclass(frozen=True)
class ChangedCard:
    number: str
    name: str
    kinds: tuple[str, ...]
    old_number: str | None
    old_decks: str
    """The decks holding it and how many times ("Main × 2"), when they changed; else ''."""
    new_decks: str
    fields: tuple[ChangedField, ...]


@dataclass(frozen=True)
class ChangedRule:
    """A changed rules paragraph, with the chapter it is in and where it stands (an address
    the page links to: '' when it is gone)."""

    change: ParagraphChange
    chapter: str
    href: str
    anchor: str
    """The id of its entry in the changelog (what a mark beside the paragraph links to)."""


@dataclass(frozen=True)
class Changelog:
    """What the manual's "changes" part and the site's changes page print."""

    since: str
    cards: tuple[ChangedCard, ...]
    rules: tuple[ChangedRule, ...]

    def __bool__(self) -> bool:
        return bool(self.cards or self.rules)


def _field(game: Game, change: FieldChange) -> ChangedField | None:
    key, _, arg = change.field.partition(" ")
    config = game.config
    if key in UNSHOWN:
        return None
    label, shown = "", key
    if key == "group":
        label = config.groups.label if config.groups else ""
    elif key == "picture":
        spec = config.fields.get(arg)
        label = spec.title(arg) if spec else arg
    elif key not in ("name", "kind", "text", "tags", "notes"):
        spec = config.fields.get(key)
        label, shown = (spec.title(key) if spec else key), "own"
    return ChangedField(cast(FieldKey, shown), label, arg, change.old, change.new, change.words)


def _decks(game: Game, copies: Mapping[str, int]) -> str:
    decks = game.config.decks
    return ", ".join(f"{decks[d].name if d in decks else d} × {n}" for d, n in
                     sorted(copies.items())) or "—"


def _card(game: Game, change: CardChange) -> ChangedCard | None:
    fields = tuple(f for f in (_field(game, c) for c in change.fields) if f is not None)
    kinds = tuple(k for k in change.kinds if k != "fields" or fields)
    if not kinds:
        return None  # only what no player reads changed
    decked = bool({"moved", "copies"} & set(kinds))
    return ChangedCard(change.number, change.name, kinds, change.old_number,
                       _decks(game, change.old_copies) if decked else "",
                       _decks(game, change.new_copies) if decked else "", fields)


Placed = Callable[[ParagraphChange], tuple[str, str]]
"""Where a rules paragraph stands: its chapter's title and the address of its place ('' for
one gone, or that has no place of its own)."""


def rule_anchor(index: int) -> str:
    """The id of the ``index``-th changed rules paragraph's entry (from 1), in every changelog:
    a mark beside the paragraph links to it."""
    return f"change-rule-{index}"


def changelog(changes: EditionChanges, game: Game, since: str, placed: Placed) -> Changelog:
    """The changelog of one edition; ``game``: the game in its words, ``since``: the
    earlier version as game.yaml names it."""
    cards = tuple(c for c in (_card(game, change) for change in changes.cards) if c)
    rules = []
    for index, change in enumerate(changes.rules, start=1):
        chapter, href = placed(change)
        rules.append(ChangedRule(change, chapter, href, rule_anchor(index)))
    return Changelog(since, cards, tuple(rules))
