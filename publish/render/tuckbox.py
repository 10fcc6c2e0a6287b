"""The net of a tuck box for one deck: its inner size, its pieces, its cut and fold lines.

All lengths are millimetres; the net is drawn printed side up, in its own
coordinates (x right, y down, from the top-left corner of its bounding box).
The box holds a deck standing up: its front and back are a card plus the
clearance, and its sides (its inner depth) take the deck's thickness, the
cards counted with their copies times the paper's thickness, plus the same
clearance.  Left to right the net is front, side, back, side and the glue
flap that closes the tube inside the front; the back carries the lid and the
tuck flap that slides behind the front, whose top has a thumb notch; the
front carries the bottom, which the back's glue flap holds; each side has a
dust flap top and bottom.  Every edge of a piece is cut except the one it
folds on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from publish.core.problems import PublishError

Point = tuple[float, float]
Segment = tuple[Point, Point]

GLUE_FLAP = 9.0
"""Width of the side glue flap (mm): room for a line of glue, narrow enough to hide."""
TUCK_MIN, TUCK_MAX = 12.0, 22.0
"""The tuck flap's depth (mm): three quarters of the box's depth, within these bounds."""
DUST_MIN = 10.0
"""The shortest dust flap (mm): a thin deck's flaps still hold the lid."""
TAPER = 2.5
"""How far a flap's free corners are cut back (mm), so it slides in past its neighbours."""
NOTCH_SEGMENTS = 16
"""Straight pieces the thumb notch's half circle is drawn with."""
LEGEND = 11.0
"""Room kept above the net for the lines saying what the sheet is and how to make it (mm):
three lines of the 7 pt legend, set no wider than a comfortable measure."""


@dataclass(frozen=True)
class InnerSize:
    """The inside of the box: across its front, from bottom to lid, and through its sides."""

    width: float
    height: float
    depth: float


def deck_thickness(cards: int, card_thickness: float) -> float:
    """How thick a deck of ``cards`` cards is, each ``card_thickness`` mm (copies counted)."""
    return cards * card_thickness


def inner_size(card: tuple[float, float], cards: int, card_thickness: float,
               clearance: float) -> InnerSize:
    """The inside of a box for ``cards`` cards of ``card`` (width, height): the front's inner
    face is the card plus ``clearance`` each way, and the depth (the sides' width) is the
    deck's thickness plus the same clearance."""
    w, h = card
    return InnerSize(w + clearance, h + clearance,
                     deck_thickness(cards, card_thickness) + clearance)


@dataclass(frozen=True)
class Piece:
    """One piece of the net: a polygon (clockwise from its top-left corner), the edge it folds
    on (None for the front, which the others hang from), and what it is for."""

    name: str
    outline: tuple[Point, ...]
    fold: Segment | None
    role: str
    """'panel' (a face of the box), 'flap' (folds inside) or 'glue' (takes glue)."""

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The piece's bounding box: left, top, width, height."""
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def edges(self) -> list[Segment]:
        points = self.outline
        return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


@dataclass(frozen=True)
class Net:
    """The pieces of a box's net, and its size."""

    inner: InnerSize
    pieces: tuple[Piece, ...]
    width: float
    height: float

    def piece(self, name: str) -> Piece:
        return next(p for p in self.pieces if p.name == name)

    @property
    def folds(self) -> list[Segment]:
        """The fold lines (dashed when drawn), one per piece that hangs from another."""
        return [p.fold for p in self.pieces if p.fold is not None]

    @property
    def cuts(self) -> list[Segment]:
        """The cut lines (solid when drawn): every edge but the fold lines, each drawn once."""
        folds = {_key(f) for f in self.folds}
        seen: set[Segment] = set()
        cuts = []
        for piece in self.pieces:
            for edge in piece.edges():
                key = _key(edge)
                if key not in folds and key not in seen:
                    seen.add(key)
                    cuts.append(edge)
        return cuts


def _key(segment: Segment) -> Segment:
    a, b = segment
    a = (round(a[0], 4), round(a[1], 4))
    b = (round(b[0], 4), round(b[1], 4))
    return (a, b) if a <= b else (b, a)


def _rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return (x, y), (x + w, y), (x + w, y + h), (x, y + h)


def _flap_up(x: float, bottom: float, w: float, h: float, taper: float) -> tuple[Point, ...]:
    """A flap standing on the line y = ``bottom`` from x to x + w, its top corners cut back."""
    t = min(taper, w / 3, h / 2)
    return (x + t, bottom - h), (x + w - t, bottom - h), (x + w, bottom), (x, bottom)


def _flap_down(x: float, top: float, w: float, h: float, taper: float) -> tuple[Point, ...]:
    """A flap hanging from the line y = ``top`` from x to x + w, its bottom corners cut back."""
    t = min(taper, w / 3, h / 2)
    return (x, top), (x + w, top), (x + w - t, top + h), (x + t, top + h)


def _flap_right(left: float, y: float, w: float, h: float, taper: float) -> tuple[Point, ...]:
    """A flap to the right of the line x = ``left`` from y to y + h, its right corners cut
    back."""
    t = min(taper, w / 2, h / 3)
    return (left, y), (left + w, y + t), (left + w, y + h - t), (left, y + h)


def thumb_notch(x: float, y: float, w: float, radius: float) -> tuple[Point, ...]:
    """The top edge of a panel from (x, y) to (x + w, y), with a half circle of ``radius``
    cut down into its middle (where a thumb pushes the cards up)."""
    middle = x + w / 2
    arc = [(middle - radius * math.cos(math.pi * i / NOTCH_SEGMENTS),
            y + radius * math.sin(math.pi * i / NOTCH_SEGMENTS))
           for i in range(NOTCH_SEGMENTS + 1)]
    return ((x, y), *arc, (x + w, y))


def tuck_depth(depth: float) -> float:
    """The tuck flap's depth for a box ``depth`` deep."""
    return min(TUCK_MAX, max(TUCK_MIN, 0.75 * depth))


def dust_depth(inner: InnerSize) -> float:
    """How far a side's dust flap reaches: the box's depth, at least DUST_MIN, and never past
    half the width (the two flaps of an end meet in the middle)."""
    return min(inner.width / 2 - 1, max(DUST_MIN, inner.depth))


def tuck_net(inner: InnerSize) -> Net:
    """The net of a tuck box of ``inner`` size: its pieces placed from the top-left corner."""
    w, h, d = inner.width, inner.height, inner.depth
    tuck, dust = tuck_depth(d), dust_depth(inner)
    bottom_glue = max(d - 1.0, DUST_MIN / 2)
    top = max(tuck + d, dust)  # the body's top edge, below the highest flap
    x_front, x_side1, x_back, x_side2, x_glue = 0.0, w, w + d, 2 * w + d, 2 * w + 2 * d
    base = top + h  # the body's bottom edge
    notch = min(10.0, w / 6, h / 6)
    front_top = thumb_notch(x_front, top, w, notch)
    pieces = [
        Piece("front", (*front_top, (w, base), (0.0, base)), None, "panel"),
        Piece("side-left", _rect(x_side1, top, d, h), ((x_side1, top), (x_side1, base)), "panel"),
        Piece("back", _rect(x_back, top, w, h), ((x_back, top), (x_back, base)), "panel"),
        Piece("side-right", _rect(x_side2, top, d, h), ((x_side2, top), (x_side2, base)),
              "panel"),
        Piece("glue-side", _flap_right(x_glue, top, GLUE_FLAP, h, TAPER),
              ((x_glue, top), (x_glue, base)), "glue"),
        Piece("lid", _rect(x_back, top - d, w, d), ((x_back, top), (x_back + w, top)), "panel"),
        Piece("tuck", _flap_up(x_back, top - d, w, tuck, TAPER),
              ((x_back, top - d), (x_back + w, top - d)), "flap"),
        Piece("dust-top-left", _flap_up(x_side1, top, d, dust, TAPER),
              ((x_side1, top), (x_side1 + d, top)), "flap"),
        Piece("dust-top-right", _flap_up(x_side2, top, d, dust, TAPER),
              ((x_side2, top), (x_side2 + d, top)), "flap"),
        Piece("bottom", _rect(x_front, base, w, d), ((x_front, base), (x_front + w, base)),
              "panel"),
        Piece("glue-bottom", _flap_down(x_back, base, w, bottom_glue, TAPER),
              ((x_back, base), (x_back + w, base)), "glue"),
        Piece("dust-bottom-left", _flap_down(x_side1, base, d, dust, TAPER),
              ((x_side1, base), (x_side1 + d, base)), "flap"),
        Piece("dust-bottom-right", _flap_down(x_side2, base, d, dust, TAPER),
              ((x_side2, base), (x_side2 + d, base)), "flap"),
    ]
    height = base + max(d, bottom_glue, dust)
    return Net(inner, tuple(pieces), x_glue + GLUE_FLAP, height)


class NetTooBig(PublishError, ValueError):
    """A box's net does not fit on the paper, either way round."""


@dataclass(frozen=True)
class Placement:
    """Where the net goes on the page: the page's size (portrait or landscape) and the net's
    top-left corner; the legend sits above the net."""

    page: tuple[float, float]
    x: float
    y: float


def place(net: Net, paper: tuple[float, float], margin: float, what: str,
          paper_name: str) -> Placement:
    """The net centred on ``paper`` (portrait if it fits, else landscape), ``margin`` kept
    free on every side and the legend's room above it; NetTooBig, naming ``what`` and the
    size the sheet must be, if it fits neither way."""
    need_w, need_h = net.width + 2 * margin, net.height + LEGEND + 2 * margin
    for page in (paper, (paper[1], paper[0])):
        if need_w <= page[0] and need_h <= page[1]:
            x = (page[0] - net.width) / 2
            y = margin + LEGEND + (page[1] - need_h) / 2
            return Placement(page, round(x, 3), round(y, 3))
    short, long = sorted(paper)
    raise NetTooBig(
        f"{what}: the tuck box's net needs a sheet of at least {need_w:.1f} x {need_h:.1f} mm "
        f"(margins included); {paper_name} is {short:g} x {long:g} mm either way round. "
        "Choose larger paper (--paper), a smaller card size (--size) or split the deck")


def bounds(segments: Iterable[Segment]) -> tuple[float, float, float, float]:
    """The smallest box holding ``segments``: left, top, right, bottom."""
    xs = [x for seg in segments for x, _ in seg]
    ys = [y for seg in segments for _, y in seg]
    return min(xs), min(ys), max(xs), max(ys)
