"""Print-and-cut sheets of a game's components: tokens, reference cards, player aids.

game.yaml's ``components`` says each one's size (a card size, a width and
height, or a round token's diameter), how many and which template of the
game's draws one (publish.model.game.ComponentSpec).  The pieces are imposed
as the decks' cards are (publish.render.geometry.grid_layout, with the cut
guides of publish.render.sheets.guides in the margins); a round token gets
its cut line drawn round it instead.  templates/_common/components.html.j2
lays out the sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from publish.render.edition import EditionContext
from publish.render.geometry import PAPERS, Box, SheetLayout, grid_layout
from publish.render.piececheck import component_template
from publish.render.readable import Readable
from publish.render.sheets import guides

ROUND_GAP = 1.5
"""The bleed a round token keeps on each side (mm): its art reaches past the cut line by this,
and two tokens stand twice this apart."""


@dataclass(frozen=True)
class Component(Readable):
    """One printed piece, as its template reads it (``component.name``)."""

    _said_as: ClassVar[str] = "component"

    id: str
    name: str
    number: int
    """Which of the ``count`` pieces this is, from 1."""
    count: int
    round: bool
    w: float
    """Its width without bleed (mm); a round one's diameter."""
    h: float
    bleed: float
    """How far its template should paint past the cut (mm) on every side."""


@dataclass(frozen=True)
class Placed:
    """A piece on a sheet: where it is cut (``trim``) and the part of its bleed printed."""

    component: Component
    trim: Box
    visible: Box


@dataclass(frozen=True)
class ComponentSheet:
    """One sheet: its pieces, its cut guides in the margins, and its label."""

    pieces: tuple[Placed, ...]
    guides: tuple[dict[str, float], ...]
    label: str
    label_x: float


def component_layout(context: EditionContext, component: str, paper: str) -> SheetLayout:
    """How ``component``'s pieces sit on ``paper``: as many as fit, the guide margins kept."""
    spec = context.game.config.components[component]
    bleed = ROUND_GAP if spec.round else context.game.config.print.bleed_mm
    return grid_layout(PAPERS[paper], spec.trim, bleed)


def component_sheets(context: EditionContext, component: str, paper: str
                     ) -> list[ComponentSheet]:
    """The sheets of ``component``: its ``count`` pieces, in rows, as many sheets as needed."""
    config = context.game.config
    spec = config.components[component]
    layout = component_layout(context, component, paper)
    w, h = spec.trim
    pieces = [Component(component, spec.name, n, spec.count, spec.round, w, h, layout.bleed)
              for n in range(1, spec.count + 1)]
    lines = () if spec.round else tuple(guides(layout))
    per = layout.per_page
    total = -(-len(pieces) // per)
    sheets = []
    for page, start in enumerate(range(0, len(pieces), per), 1):
        placed = tuple(Placed(piece, layout.trim(i % layout.cols, i // layout.cols),
                              layout.visible(i % layout.cols, i // layout.cols))
                       for i, piece in enumerate(pieces[start:start + per]))
        label = f"{config.name} · {spec.name} · {page}/{total}"
        sheets.append(ComponentSheet(placed, lines, label, label_x(layout, bool(lines))))
    return sheets


def label_x(layout: SheetLayout, guided: bool) -> float:
    """Where the sheet's label starts: past the first cut guide, so that no guide crosses it
    (the next one is a piece's width away)."""
    return (layout.cut_xs[0] if guided else layout.grid.x) + 1.5


def components_html(context: EditionContext, component: str, paper: str, bw: bool) -> str:
    """The HTML of ``component``'s sheets, each piece drawn by the game's template for it."""
    config = context.game.config
    spec = config.components[component]
    paper_w, paper_h = PAPERS[paper]
    style = context.style(config.print.default_size, bw)
    return context.env.get_template("components.html.j2").render(
        lang=context.locale, title=f"{config.name} · {spec.name}", bw=bw, style=style,
        size=style.size, paper={"w": paper_w, "h": paper_h},
        sheets=component_sheets(context, component, paper),
        piece_template=component_template(component, spec.template))
