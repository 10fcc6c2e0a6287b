"""Word-level differences between two texts: what a reviewer reads, marked word by word."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

SAME: Literal["same"] = "same"
REMOVED: Literal["removed"] = "removed"
ADDED: Literal["added"] = "added"

_WORDS = re.compile(r"\S+\s*|\s+")
"""A text cut into words, each with the spaces after it, so that the pieces join back whole
and a changed run of words is marked as one (spaces alone never match as the same)."""


@dataclass(frozen=True)
class Piece:
    """A run of words: the same in both texts, only in the old one, or only in the new one."""

    kind: Literal["same", "removed", "added"]
    text: str


def word_diff(old: str, new: str) -> tuple[Piece, ...]:
    """The pieces that turn ``old`` into ``new``: the same, removed and added words in reading
    order (joining the same and removed pieces gives ``old``; the same and added, ``new``)."""
    before, after = _WORDS.findall(old), _WORDS.findall(new)
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    pieces: list[Piece] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pieces.append(Piece(SAME, "".join(before[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(Piece(REMOVED, "".join(before[i1:i2])))
        if j2 > j1:
            pieces.append(Piece(ADDED, "".join(after[j1:j2])))
    return tuple(_merged(pieces))


def _merged(pieces: list[Piece]) -> list[Piece]:
    """Neighbouring pieces of one kind as one."""
    merged: list[Piece] = []
    for piece in pieces:
        if merged and merged[-1].kind == piece.kind:
            merged[-1] = Piece(piece.kind, merged[-1].text + piece.text)
        else:
            merged.append(piece)
    return merged


def side(pieces: tuple[Piece, ...], kind: str) -> str:
    """One text back from its pieces: the old one (``removed``) or the new one (``added``)."""
    return "".join(p.text for p in pieces if p.kind in (SAME, kind))
