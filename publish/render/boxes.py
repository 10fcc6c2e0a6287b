"""A printable tuck box for one deck: its net on one sheet, drawn by templates/_common/box.html.j2.

The box is sized from the deck (its cards counted with their copies), the
card size it prints at, and game.yaml's ``print.card_thickness_mm`` and
``print.box_clearance_mm`` (publish.render.tuckbox makes the net).  The
front shows the deck's back as the game's template draws it, or the picture
game.yaml names for the deck (``decks.<id>.box_art``); the back, the sides and
the lid say the deck's and the game's names in the edition's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from publish.core.problems import PublishError
from publish.model.game import CARD_SIZES, Game
from publish.model.images import picture_url
from publish.render.edition import EditionContext
from publish.render.faces import deck_context
from publish.render.geometry import GUIDE_MARGIN, PAPERS
from publish.render.piececheck import box_picture, missing_box_picture
from publish.render.tuckbox import LEGEND, Net, Segment, inner_size, place, tuck_net


@dataclass(frozen=True)
class BoxSpec:
    """One deck's box: the deck, the paper and card size (ids), black and white or not."""

    deck: str
    paper: str
    size: str
    bw: bool = False


def deck_count(game: Game, deck: str) -> int:
    """The cards of ``deck``, copies counted: what its box holds."""
    return sum(card.copies[deck] for card in game.deck_cards(deck))


def box_net(game: Game, deck: str, size: str) -> Net:
    """The net of ``deck``'s box at card ``size``, from game.yaml's thickness and clearance."""
    spec = game.config.print
    inner = inner_size(CARD_SIZES[size], deck_count(game, deck), spec.card_thickness_mm,
                       spec.box_clearance_mm)
    return tuck_net(inner)


def box_art(game: Game, deck: str) -> Path | None:
    """The picture game.yaml names for the front of ``deck``'s box, if any; a name that leads
    to no file inside the game's folder is an error naming the setting."""
    if game.config.decks[deck].box_art is None:
        return None
    path = box_picture(game, deck)
    if path is None:
        raise PublishError(f"{game.root / 'game.yaml'}: {missing_box_picture(game, deck)}")
    return path


def _path(segments: list[Segment], dx: float, dy: float) -> str:
    """SVG path data drawing each segment on its own, moved by (dx, dy)."""
    return " ".join(f"M{a[0] + dx:.3f} {a[1] + dy:.3f}L{b[0] + dx:.3f} {b[1] + dy:.3f}"
                    for a, b in segments)


def box_html(context: EditionContext, spec: BoxSpec) -> str:
    """The HTML of ``spec.deck``'s tuck box: one page, the net centred, the legend above it;
    NetTooBig if it does not fit the paper either way round."""
    game = context.game
    net = box_net(game, spec.deck, spec.size)
    deck = game.config.decks[spec.deck]
    where = place(net, PAPERS[spec.paper], GUIDE_MARGIN, f"deck {spec.deck} ({deck.name})",
                  spec.paper)
    dx, dy = where.x, where.y
    pieces = {}
    for piece in net.pieces:
        x, y, w, h = piece.box
        pieces[piece.name] = {"x": round(x + dx, 3), "y": round(y + dy, 3), "w": round(w, 3),
                              "h": round(h, 3), "role": piece.role,
                              "points": " ".join(f"{px + dx:.3f},{py + dy:.3f}"
                                                 for px, py in piece.outline)}
    style = context.style(spec.size, spec.bw)
    art = box_art(context.source, spec.deck)
    card_w, card_h = CARD_SIZES[spec.size]
    inner = net.inner
    return context.env.get_template("box.html.j2").render(
        lang=context.locale, title=f"{game.config.name} · {deck.name}", bw=spec.bw,
        style=style, size=style.size, deck=deck_context(game, spec.deck),
        page={"w": where.page[0], "h": where.page[1]},
        legend={"x": dx, "y": round(dy - LEGEND, 3), "w": round(net.width, 3)},
        pieces=pieces, cuts=_path(net.cuts, dx, dy), folds=_path(net.folds, dx, dy),
        glue=[p for p in pieces.values() if p["role"] == "glue"],
        art=picture_url(art, context.project) if art else None,
        count=deck_count(game, spec.deck), card={"w": _mm(card_w), "h": _mm(card_h)},
        inner={"w": _mm(inner.width), "h": _mm(inner.height), "d": _mm(inner.depth)},
        thickness=_mm(game.config.print.card_thickness_mm, 2))


def _mm(value: float, places: int = 1) -> str:
    """A length as the legend prints it: ``63``, ``11.6``, ``0.32``."""
    return f"{round(value, places):g}"
