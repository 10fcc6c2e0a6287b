"""game.yaml's shape of the printed documents: the manual's parts and form, and the figures.

Read into the game's configuration (publish.model.game.GameConfig's ``manual``
and ``figures``); publish.docs.shape lays the manual out from ``ManualSpec``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from publish.model.basics import Strict

ManualPart = Literal["cover", "contents", "chapters", "card-list", "cards-by-effect", "changes",
                     "index", "colophon"]

MANUAL_FORMS: dict[str, tuple[ManualPart, ...]] = {
    "full": ("cover", "contents", "chapters", "card-list", "cards-by-effect", "changes", "index",
             "colophon"),
    "booklet": ("cover", "chapters", "card-list", "changes", "colophon"),
}
"""Each form of manual and the parts it has unless game.yaml's ``manual.parts`` says."""


def _distinct(parts: list[str]) -> list[str]:
    twice = sorted({p for p in parts if parts.count(p) > 1})
    if twice:
        raise ValueError(f"{', '.join(twice)} listed more than once: a part is printed once")
    return parts


class ManualSpec(Strict):
    """The manual's shape: its form, and which parts it has in which order.

    A part with nothing to show is left out (cards by effect when no card has a
    tag, the index when the rules define no term, the card list of a game
    without cards), and the contents do not list it.
    """

    form: Literal["full", "booklet"] = Field(
        "full", description="full: a cover page, a contents page, and each part starting on "
                            "a page of its own; booklet: short and compact, for small games: "
                            "the title heads the first page of rules (the cover is a masthead, "
                            "not a page), every part runs on after the one before")
    parts: Annotated[list[ManualPart], AfterValidator(_distinct)] | None = Field(
        None, min_length=1,
        description="the parts, in the order printed, from: cover, contents, chapters (the "
                    "rules), card-list, cards-by-effect, changes (since game.yaml's "
                    "changes_since), index, colophon; default: the form's (full: all eight; "
                    "booklet: cover, chapters, card-list, changes, colophon)")

    @property
    def shape(self) -> tuple[ManualPart, ...]:
        """The parts asked for, in order: ``parts``, or the form's."""
        return tuple(self.parts) if self.parts else MANUAL_FORMS[self.form]


FigureStyle = Literal["lining", "oldstyle"]


class Figures(Strict):
    """The digits of the text faces: lining (as tall as capitals: 1 0) or old-style (with
    ascenders and descenders, as lower case: a 1 like a small I, a 0 like an o).

    One choice for every edition: figures are the design's, not the language's.
    Templates read them as ``style.figures`` (CSS ``font-variant-numeric`` values).
    """

    cards: FigureStyle = Field(
        "lining", description="card faces, and card text wherever it is quoted (the card "
                              "lists' effects)")
    rules: FigureStyle = Field("lining", description="the manual's text")
    summaries: FigureStyle = Field("lining", description="the rule summaries' text")
    tables: Literal["proportional", "tabular"] = Field(
        "proportional", description="table cells, the contents' and the index's page numbers: "
                                    "tabular figures all take the same width, so numbers in a "
                                    "column line up")

    def css(self) -> dict[str, str]:
        """Each choice as a value of CSS ``font-variant-numeric`` ('lining-nums')."""
        return {where: f"{style}-nums" for where, style in self.model_dump().items()}
