"""game.yaml's ``components``: pieces printed besides the cards (tokens, reference cards).

Each is drawn by a template of the game's, as many times as its ``count``,
at a card size, a width and height, or a round token's diameter
(docs/components.md); publish.render.components imposes them on sheets.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field, model_validator

from publish.model.basics import NonEmpty, Strict

TEMPLATE_NAME = r"^[A-Za-z0-9][A-Za-z0-9_-]*\.html\.j2$"
"""A component's template: a file name in the game's templates folder, nothing more."""


class ComponentSpec(Strict):
    """A piece printed besides the cards (a token, a reference card, a player aid): its size
    (a card size, a width and height, or a circle's diameter), how many, and the template that
    draws one."""

    card_sizes: ClassVar[dict[str, tuple[float, float]]] = {}
    """The card sizes ``size`` names (the game's model gives them: publish.model.game)."""

    name: NonEmpty
    count: int = Field(1, ge=1, le=1000, description="how many to print")
    size: str | None = Field(None, description="a card size the piece has (poker, mini...)")
    width_mm: float | None = Field(None, gt=0, le=270)
    height_mm: float | None = Field(None, gt=0, le=270)
    diameter_mm: float | None = Field(None, gt=0, le=190, description="a round token's")
    template: Annotated[str, Field(pattern=TEMPLATE_NAME)] | None = Field(
        None, description="the file in templates/<game>/ that draws one piece; none: "
                          "component-<id>.html.j2")

    @model_validator(mode="after")
    def _one_size(self) -> ComponentSpec:
        given = [name for name, set_ in (("size", self.size is not None),
                                         ("width_mm and height_mm",
                                          self.width_mm is not None or self.height_mm is not None),
                                         ("diameter_mm", self.diameter_mm is not None)) if set_]
        if len(given) != 1:
            raise ValueError("give one of size (a card size), width_mm and height_mm, or "
                             f"diameter_mm (a round token); given: {', '.join(given) or 'none'}")
        if (self.width_mm is None) != (self.height_mm is None):
            raise ValueError("give both width_mm and height_mm")
        return self

    @property
    def round(self) -> bool:
        """Whether it is a round token (cut along a circle)."""
        return self.diameter_mm is not None

    @property
    def trim(self) -> tuple[float, float]:
        """Width and height of one piece (mm): a round one's is its diameter both ways."""
        if self.diameter_mm is not None:
            return self.diameter_mm, self.diameter_mm
        if self.size is not None:
            return self.card_sizes[self.size]
        assert self.width_mm is not None and self.height_mm is not None
        return self.width_mm, self.height_mm
