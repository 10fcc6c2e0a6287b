"""`publish layouts`: the sheet layouts a game may print its decks with (`--layout ID`).

The package's layouts (publish/data/layouts.yaml) and the game's own
(``cards/<game>/layouts/``), as publish.model.layouts reads them, each with
what it is for, how many cards a page takes with the game's bleed, and
whether it is the default for its paper, size and kind; what
`publish build decks --layout` accepts, listed before it is asked.
"""

from __future__ import annotations

from pathlib import Path

from publish.app.commands import failing, locate
from publish.core.problems import ProblemsFound
from publish.model.layouts import LAYOUTS_FILE, Layout, default_layout, load_layouts
from publish.model.load import load_config
from publish.render.geometry import impose


def layout_lines(project: str | None, game: str | None, paper: str | None = None,
                 size: str | None = None) -> list[str]:
    """One line per layout the game may use (only those for ``paper`` and ``size`` when
    given), the game's card size first; a Failure naming every problem of the game's own
    layout files, as `publish check` would."""
    root, game_id = locate(project, game)
    folder = root / "cards" / game_id
    with failing():
        config, _ = load_config(folder)
        layouts = load_layouts(folder)
    bleed, own_size = config.print.bleed_mm, config.print.default_size
    chosen = [layout for layout in layouts.values()
              if (paper is None or layout.spec.paper == paper)
              and (size is None or layout.spec.size == size)]
    chosen.sort(key=lambda layout: layout.spec.size != own_size)  # stable: the file's order
    lines = [_line(layout, layouts, bleed, root) for layout in chosen]
    asked = " ".join(f"--{name} {value}" for name, value in (("paper", paper), ("size", size))
                     if value)
    if not lines:
        return [f"{game_id}: no sheet layout for {asked}"]
    return [f"{game_id}: {len(lines)} sheet layout{'s' if len(lines) != 1 else ''}"
            f"{' for ' + asked if asked else ''}; `publish build decks --layout ID` chooses "
            "one, else the default for the paper, size and backs", *lines]


def _line(layout: Layout, layouts: dict[str, Layout], bleed: float, root: Path) -> str:
    """``id  what it is for  cards a page[, default] · its name [the game's file]``."""
    spec = layout.spec
    kind = f"{spec.size} on {spec.paper}{', fold' if spec.fold else ''}, {spec.orientation}"
    try:
        grid = impose(layout, bleed)
        fits = f"{grid.cols} x {grid.rows} = {grid.per_page} a page"
    except ProblemsFound:
        fits = f"does not fit with the game's {bleed:g} mm bleed (publish check says why)"
    default = default_layout(layouts, spec.paper, spec.size, spec.fold) is layout
    path = layout.where.path
    where = "" if path == LAYOUTS_FILE else \
        f" [{path.relative_to(root) if path.is_relative_to(root) else path}]"
    return (f"  {layout.id:<22} {kind:<34} {fits}{', default' if default else ''}"
            f" · {spec.name}{where}")
