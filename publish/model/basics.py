"""The pieces every model of game.yaml is made of: the strict base model, ids and colours.

Kept apart from publish.model.game so that a model of its own module (a
component, publish.model.components) uses them without importing the game.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

NonEmpty = Annotated[str, Field(min_length=1)]
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
TAG_ID = r"^[a-z][a-z0-9-]*$"
ID = r"^[a-z0-9][a-z0-9_-]*$"
TagId = Annotated[str, Field(pattern=TAG_ID, max_length=64)]
Id = Annotated[str, Field(pattern=ID, max_length=64)]
"""A deck's, kind's, text block's or group's id: lower-case letters, digits, '-' and '_'
(never '/', '..' or a leading dot), as it may name a file (deck-<id>.pdf)."""
FORMS = {ID: "an id of lower-case letters, digits, '-' and '_', starting with a letter or "
             "digit (it names files, as deck-<id>.pdf)",
         TAG_ID: "an id of lower-case letters, digits and '-', starting with a letter"}
"""What each id's pattern asks for, in words, for messages."""


class Strict(BaseModel):
    """Base of every source model: no unknown fields, no silent type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
