"""Sheet layouts as data: how cards of one size are imposed on one paper, read from YAML.

The package's layouts are in publish/data/layouts.yaml (``layouts:`` by id); a
game adds its own in ``cards/<game>/layouts/<id>.yaml`` (one layout a file, the
same fields; a game's layout of the same id replaces the package's, and a
game's ``default: true`` layout replaces the package's default for its paper,
card size and kind).  Every mistake is located in its file (line, column).
What the fields mean: docs/components.md ("Sheet layouts").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import read_text
from publish.core.yamlsource import SourceMap
from publish.model.datafile import load_model
from publish.model.datamodel import DataModel
from publish.model.sizes import DATA, card_sizes, papers

LAYOUTS_FILE = DATA / "layouts.yaml"
GAME_LAYOUTS = "layouts"
"""A game's own layouts: ``cards/<game>/layouts/<id>.yaml``."""
LAYOUT_ID = r"^[a-z0-9][a-z0-9-]*$"
MIN_MARGIN = 4.5
"""mm from the paper's edge to the outer cards' trim by default: home printers cannot print
the outer 3-4 mm of a sheet, so the cut lines (and the marks showing them) stay inside."""

Length = Annotated[float, Field(ge=0, le=100)]
Gap = Literal["full"] | Length


class Marks(DataModel):
    """The crop marks: lines in the margins that continue each cut line."""

    length: Annotated[float, Field(gt=0, le=100)] | None = Field(
        None, description="mm of each mark; none: from the paper's edge to the cards")
    clear: Length = Field(1.0, description="mm kept free between a mark and the printed cards")


class LayoutSpec(DataModel):
    """One sheet layout: the paper and card size it is for, its grid, gaps, margins, marks."""

    name: Annotated[str, Field(min_length=1, max_length=100)]
    paper: Annotated[str, Field(min_length=1)] = Field(description="a paper id (sizes.yaml)")
    size: Annotated[str, Field(min_length=1)] = Field(description="a card size id (sizes.yaml)")
    orientation: Literal["portrait", "landscape"] = "portrait"
    fold: bool = Field(False, description="a fold layout: faces on the left half of a "
                                          "landscape page, their backs mirrored on the right")
    default: bool = Field(False, description="the layout used for its paper, size and kind "
                                             "(fold or not) when none is chosen")
    cols: Annotated[int, Field(ge=1, le=50)] | None = Field(
        None, description="cards across (on a fold layout: on each half); none: as many as fit")
    rows: Annotated[int, Field(ge=1, le=50)] | None = Field(
        None, description="cards down; none: as many as fit")
    gap: Gap | Annotated[list[Gap], Field(min_length=2, max_length=2)] = Field(
        "full", description="mm between the trims of two neighbours, one for both axes or "
                            "[across, down]; full: twice the game's bleed, so every card "
                            "shows all of its bleed")
    margin: Length = Field(MIN_MARGIN, description="mm at least from the paper's edge to the "
                                                   "outer cards' trim")
    marks: Marks = Field(default_factory=Marks)
    note: str = Field("", description="why the layout is as it is, for the reader of the file")

    @model_validator(mode="after")
    def _known(self) -> LayoutSpec:
        if self.paper not in papers():
            raise ValueError(f"paper: unknown paper {self.paper!r}; the papers are "
                             f"{', '.join(papers())}")
        if self.size not in card_sizes():
            raise ValueError(f"size: unknown card size {self.size!r}; the sizes are "
                             f"{', '.join(card_sizes())}")
        if self.fold and self.orientation != "landscape":
            raise ValueError("a fold layout is landscape: the page folds down its middle "
                             "(orientation: landscape)")
        return self

    @property
    def page(self) -> tuple[float, float]:
        """The page's width and height in mm, as the layout turns the paper."""
        w, h = papers()[self.paper]
        return (max(w, h), min(w, h)) if self.orientation == "landscape" else (w, h)

    def gaps(self, bleed: float) -> tuple[float, float]:
        """The gaps across and down in mm, for a game whose bleed is ``bleed``."""
        across, down = self.gap if isinstance(self.gap, list) else (self.gap, self.gap)
        return _gap(across, bleed), _gap(down, bleed)


def _gap(value: float | str, bleed: float) -> float:
    return 2 * bleed if value == "full" else float(value)


class LayoutTable(DataModel):
    """layouts.yaml: the package's layouts, by id."""

    layouts: dict[Annotated[str, Field(pattern=LAYOUT_ID, max_length=64)], LayoutSpec] = Field(
        min_length=1)


class Layout:
    """A loaded layout: its id, its spec, and the file (and place in it) it came from."""

    def __init__(self, id: str, spec: LayoutSpec, where: Location,
                 source: SourceMap | None = None, at: tuple[str, ...] = ()):
        self.id, self.spec, self.where = id, spec, where
        self._source, self._at = source, at

    def locate(self, field: str) -> Location:
        """Where ``field`` of this layout is written (the layout's own place without one)."""
        if self._source is None or getattr(self.spec, field, None) is None:
            return self.where
        return self._source.locate((*self._at, field))

    @property
    def kind(self) -> tuple[str, str, bool]:
        """What it is a layout for: paper, card size, fold."""
        return self.spec.paper, self.spec.size, self.spec.fold


@cache
def package_layouts() -> dict[str, Layout]:
    """The package's layouts by id (read once)."""
    table, where = load_model(LAYOUTS_FILE, LayoutTable)
    return {lid: Layout(lid, spec, where.locate(("layouts", lid)), where, ("layouts", lid))
            for lid, spec in table.layouts.items()}


def load_layouts(game_root: Path | None = None) -> dict[str, Layout]:
    """Every layout a game may print with: the package's, then the game's own
    (``layouts/*.yaml`` in its folder, replacing a package layout of the same id);
    ProblemsFound with every problem of every file, located."""
    found = dict(package_layouts())
    problems: list[Problem] = []
    own = (game_root / GAME_LAYOUTS) if game_root is not None else None
    for path in sorted(own.glob("*.yaml")) if own is not None and own.is_dir() else ():
        if not re.match(LAYOUT_ID, path.stem):
            problems.append(Problem(Location(path), f"layout file {path.name}: its name is its "
                                    "id: lower-case letters, digits and '-'"))
            continue
        try:
            spec, where = load_model(path, LayoutSpec,
                                     read_text(path, game_root.parent.parent))  # type: ignore[union-attr]
        except ProblemsFound as found_problems:
            problems.extend(found_problems.problems)
            continue
        found[path.stem] = Layout(path.stem, spec, Location(path), where)
    problems += _one_default_each(found.values(), own)
    if problems:
        raise ProblemsFound(problems)
    return found


def _one_default_each(layouts: Iterable[Layout], own: Path | None) -> list[Problem]:
    """A game's defaults may replace the package's, but a game may not give two."""
    seen: dict[tuple[str, str, bool], Layout] = {}
    problems = []
    for layout in layouts:
        if not layout.spec.default or own is None or layout.where.path.parent != own:
            continue
        if layout.kind in seen:
            problems.append(Problem(layout.where, (
                f"layout {layout.id} is a default for {_kind_words(layout.kind)}, as "
                f"{seen[layout.kind].id} is: keep default: true on one")))
        seen[layout.kind] = layout
    return problems


def _kind_words(kind: tuple[str, str, bool]) -> str:
    paper, size, fold = kind
    return f"{size} cards on {paper}{' folded' if fold else ''}"


def default_layout(layouts: dict[str, Layout], paper: str, size: str, fold: bool
                   ) -> Layout | None:
    """The default layout for this paper, size and kind: a game's own before the package's;
    None when there is none (the sheets then fit as many cards as the paper takes)."""
    chosen = None
    for layout in layouts.values():
        wanted = layout.spec.default and layout.kind == (paper, size, fold)
        if wanted and (chosen is None or layout.where.path != LAYOUTS_FILE):
            chosen = layout
    return chosen


def matching(layouts: dict[str, Layout], paper: str, size: str, fold: bool) -> list[str]:
    """The ids of the layouts for this paper, size and kind."""
    return [lid for lid, layout in layouts.items() if layout.kind == (paper, size, fold)]
