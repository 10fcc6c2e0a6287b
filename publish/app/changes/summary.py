"""A comparison in lines for the terminal: one line per change, edition by edition."""

from __future__ import annotations

from collections.abc import Mapping

from publish.docs.changes.data import CardChange, Comparison, EditionChanges
from publish.docs.changes.words import ADDED, REMOVED, Piece

EXCERPT = 70
"""The most characters of a value a line shows."""


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


def marked(pieces: tuple[Piece, ...]) -> str:
    """A word difference on one line: [-removed-] and {+added+}, as git's word diff."""
    return "".join(f"[-{p.text}-]" if p.kind == REMOVED else f"{{+{p.text}+}}"
                   if p.kind == ADDED else p.text for p in pieces)


def _copies(copies: Mapping[str, int]) -> str:
    return ", ".join(f"{deck} ×{n}" for deck, n in copies.items()) or "none"


def card_lines(change: CardChange) -> list[str]:
    """What happened to one card: a head line, then a line per changed field."""
    head = f"  {change.number} {change.name}: {', '.join(change.kinds)}"
    if "renumbered" in change.kinds:
        head += f" (was {change.old_number})"
    lines = [head]
    if {"moved", "copies"} & set(change.kinds):
        lines.append(f"    decks: {_copies(change.old_copies)} -> {_copies(change.new_copies)}")
    for field in change.fields:
        shown = marked(field.words) if field.words else (
            f"{_short(field.old) or '(none)'} -> {_short(field.new) or '(none)'}")
        lines.append(f"    {field.field}: {_short(shown) if not field.words else shown}")
    return lines


def edition_lines(edition: EditionChanges) -> list[str]:
    lines = [f"{edition.locale}: {len(edition.cards)} card(s), {len(edition.rules)} rules "
             f"paragraph(s) changed" + (f", {len(edition.stale)} translation(s) to update"
                                        if edition.stale else "")]
    for change in edition.cards:
        lines += card_lines(change)
    for paragraph in edition.rules:
        lines.append(f"  {paragraph.file}:{paragraph.line}: {paragraph.what} "
                     f"{paragraph.kind}: {marked(paragraph.words)}")
    for stale in edition.stale:
        lines.append(f"  {stale.domain} {stale.context}: {stale.state}: {_short(stale.text)}")
    return lines


def summary(comparison: Comparison) -> list[str]:
    """The lines `publish changes` prints."""
    head = (f"{comparison.game}: changes from {comparison.before.label} to "
            f"{comparison.after.label}")
    if comparison.unchanged:
        return [f"{head}: none"]
    lines = [head] + [line for edition in comparison.editions for line in edition_lines(edition)]
    if comparison.examples:
        lines.append(f"examples: {len(comparison.examples)} replay differently")
    for example in comparison.examples:
        lines.append(f"  {example.file}: {len(example.old)} -> {len(example.new)} finding(s)")
        lines += [f"    - {finding}" for finding in example.old]
        lines += [f"    + {finding}" for finding in example.new]
    return lines
