"""Rules paragraphs compared, file by file, in every edition.

A paragraph is what a translator translates (a heading, a paragraph, a list
item, a table cell: ``publish i18n extract``'s rules messages), read from the
source language's Markdown and put in an edition's words by its catalog.
The paragraphs of one file are paired by their source text; a pair whose
source or whose translation differs is a change, worded word by word.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from publish.app.catalogs.extract import markdown_messages, rules_files
from publish.docs.changes.data import ParagraphChange
from publish.docs.changes.words import word_diff
from publish.docs.messages import rel
from publish.docs.parser import read_markdown
from publish.i18n.translate import Translator
from publish.model.game import Game


@dataclass(frozen=True)
class Paragraph:
    """One translatable text of a rules file: its source words, line and what it is."""

    source: str
    line: int
    what: str


def paragraphs(game: Game) -> dict[str, list[Paragraph]]:
    """The translatable texts of every rules file of ``game``, by the file's context."""
    return {rel(game, path): [Paragraph(*found) for found in markdown_messages(
        read_markdown(path, game.project))] for path in rules_files(game)}


def _in_words(words: Translator, file: str, paragraph: Paragraph | None) -> str:
    if paragraph is None:
        return ""
    return words.text("rules", file, paragraph.source)[0]


def _change(file: str, old: tuple[Paragraph | None, str], new: tuple[Paragraph | None, str]
            ) -> ParagraphChange | None:
    (before, old_text), (after, new_text) = old, new
    if old_text == new_text:
        return None
    where = after or before
    assert where is not None, "a change has a paragraph on one side at least"
    return ParagraphChange(file, where.line, where.what, old_text, new_text,
                           word_diff(old_text, new_text))


def _pairs(old: list[Paragraph], new: list[Paragraph]
           ) -> list[tuple[Paragraph | None, Paragraph | None]]:
    """The paragraphs of two versions of a file side by side (None: none on that side)."""
    matcher = difflib.SequenceMatcher(None, [p.source for p in old], [p.source for p in new],
                                      autojunk=False)
    pairs: list[tuple[Paragraph | None, Paragraph | None]] = []
    for _op, i1, i2, j1, j2 in matcher.get_opcodes():
        before, after = old[i1:i2], new[j1:j2]
        for index in range(max(len(before), len(after))):
            pairs.append((before[index] if index < len(before) else None,
                          after[index] if index < len(after) else None))
    return pairs


def paragraph_changes(old: dict[str, list[Paragraph]], new: dict[str, list[Paragraph]],
                      old_words: Translator, new_words: Translator
                      ) -> tuple[ParagraphChange, ...]:
    """Every paragraph added, removed or changed (in its source words or in the edition's
    translation), file by file in the new version's order, then files removed."""
    changes = []
    for file in [*new, *(f for f in old if f not in new)]:
        for before, after in _pairs(old.get(file, []), new.get(file, [])):
            change = _change(file, (before, _in_words(old_words, file, before)),
                             (after, _in_words(new_words, file, after)))
            if change is not None:
                changes.append(change)
    return tuple(changes)
