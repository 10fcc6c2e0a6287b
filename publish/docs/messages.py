"""What in a rules source is a message to translate, and how it is named.

Shared by the renderer (which looks each text up in the edition's catalog)
and by the extractor (which writes the catalog), so both agree on every id.
"""

from __future__ import annotations

import re
from pathlib import Path

from publish.model.game import Game

WORDLESS = re.compile(r"\{[^{}]*\}|:[a-z][a-z0-9-]*:|[\W\d_]+")
FRONT_MATTER_MESSAGES = ("title", "mode")
"""Front-matter keys whose values are printed, hence translated."""


def normalise(text: str) -> str:
    """The message id of an inline text: whitespace folded (line breaks are not meaning)."""
    return " ".join(text.split())


def has_words(text: str) -> bool:
    """Whether a text says something once its directives, icons and digits are gone."""
    return bool(WORDLESS.sub("", text))


def rel(game: Game, path: Path) -> str:
    """A source's path as a message context: relative to the game's folder."""
    try:
        return path.relative_to(game.root).as_posix()
    except ValueError:
        return path.as_posix()
