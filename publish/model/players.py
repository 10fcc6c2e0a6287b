"""How many play a game: game.yaml's ``players``, the range a build may print per-player
copies for (publish.model.copies says what it prints)."""

from __future__ import annotations

from pydantic import Field, model_validator

from publish.model.basics import Strict

MAX_PLAYERS = 20
"""The most players a build may print for: a bound on what a mistyped --players makes (a
party game of twenty is already rare)."""


class PlayersSpec(Strict):
    """How many play: the numbers a build may print per-player copies for (--players), and
    the number the build prints for unless told."""

    min: int = Field(1, ge=1, le=MAX_PLAYERS, description="the fewest players")
    max: int = Field(..., ge=1, le=MAX_PLAYERS, description="the most players")
    default: int | None = Field(None, ge=1, le=MAX_PLAYERS, description="the players a build "
                                "prints for unless told otherwise (--players); default: min")

    @model_validator(mode="after")
    def _in_order(self) -> PlayersSpec:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is more than max {self.max}")
        if self.default is not None and not self.min <= self.default <= self.max:
            raise ValueError(f"default {self.default} is outside min..max "
                             f"({self.min}-{self.max})")
        return self
