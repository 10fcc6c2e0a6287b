"""Text outside the safe zone: each face laid out, its glyphs measured against the zone.

The safe zone is the trimmed card less game.yaml's ``print.safe_mm`` on every side (3 mm
by default): a cut a little off the line, or a card that shifts in the cutter, must not
touch text there.  `publish check` lays out every distinct face and each deck's back once,
trimmed, in the source edition, reads the glyphs back from the PDF (publish.render.pdfpage)
and warns, by card, for each line of text that reaches past the zone: which text, by how
much and on which side.  Warnings, not problems: a design may mean a word to run to the
edge, and the build prints it all the same.  `--proof` draws the same zone over the faces
(templates/_common/proof.css.j2).
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import TemplateError

from publish.core.problems import Location, Problem, PublishError
from publish.model.game import Game
from publish.render.edition import EditionContext
from publish.render.pdfpage import Glyph, Line, Page, read_pages
from publish.render.printshop import Item, PageSpec, single_pdf, trimmed_service

MM = 72 / 25.4
"""PDF points in a millimetre."""

SLACK = 0.05
"""mm a glyph may reach past the zone unsaid: the rounding of a layout, not a design."""


@dataclass(frozen=True)
class Outside:
    """One line of text that reaches past the safe zone: how far (mm) and on which side."""

    text: str
    by: float
    side: str


def outside(page: Page, safe: float) -> list[Outside]:
    """The lines of ``page`` (a trimmed card, no bleed) that reach more than SLACK past the
    zone ``safe`` mm inside its edges; only what shows counts (a glyph cut away by a clip
    region, or the part of it cut away, does not)."""
    found = []
    for line in page.lines:
        shown = [box for box in map(_shown, line.glyphs) if box is not None]
        if not shown:
            continue
        x0, y0 = min(b[0] for b in shown), min(b[1] for b in shown)
        x1, y1 = max(b[2] for b in shown), max(b[3] for b in shown)
        sides = {"left": safe - x0 / MM, "right": x1 / MM - (page.width / MM - safe),
                 "top": y1 / MM - (page.height / MM - safe), "bottom": safe - y0 / MM}
        side, by = max(sides.items(), key=lambda item: item[1])
        if by > SLACK:
            found.append(Outside(_text(line), round(by, 1), side))
    return found


def _shown(glyph: Glyph) -> tuple[float, float, float, float] | None:
    """The box of ``glyph`` as it shows (cut to its clip region); None for a space or a glyph
    the clip hides."""
    if glyph.char.isspace() or glyph.x1 <= glyph.x0:
        return None
    box = (glyph.x0, glyph.y0, glyph.x1, glyph.y1)
    if glyph.clip is not None:
        box = (max(box[0], glyph.clip[0]), max(box[1], glyph.clip[1]),
               min(box[2], glyph.clip[2]), min(box[3], glyph.clip[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def _text(line: Line, most: int = 40) -> str:
    text = " ".join(line.text.split())
    return text if len(text) <= most else text[:most - 1] + "…"


def safe_zone_warnings(game: Game) -> tuple[list[Problem], list[str]]:
    """Warnings for the text of ``game``'s faces and backs (source edition) that leaves the
    safe zone, each at the card's entry in its deck file (a back's: its deck in game.yaml);
    and notes for the decks that could not be laid out (the build says why)."""
    context = EditionContext.make(game.project, game, game.config.locales.source)
    safe = game.config.print.safe_mm
    cards = {card.number: card for card in game.cards}
    warnings: list[Problem] = []
    notes: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for deck in game.config.decks:
        if not game.deck_cards(deck):
            continue
        try:
            pdf, items = single_pdf(context, PageSpec(deck, trimmed_service(game, 72)))
        except (PublishError, TemplateError) as exc:
            notes.append(f"the safe zone of deck {deck} was not measured: it does not lay "
                         f"out ({exc}); `publish build decks` says where")
            continue
        for item, page in zip(items, read_pages(pdf), strict=True):
            where, what = _where(game, cards, item)
            for line in outside(page, safe):
                key = (what, line.text, line.side)
                if key in seen:  # a card in two decks, laid out alike: said once
                    continue
                seen.add(key)
                warnings.append(Problem(where, (
                    f"{what}: text \"{line.text}\" is {line.by:.1f} mm outside the safe zone "
                    f"({safe:g} mm inside the trim) at the {line.side}; move it in, or set "
                    "print.safe_mm in game.yaml (`--proof` draws the zone)")))
    return warnings, notes


def _where(game: Game, cards: dict, item: Item) -> tuple[Location, str]:
    """Where a page's card is written, and how the warning names it."""
    if item.card is not None:
        card = cards[item.card.number]
        return card.where(), f"card {card.number} ({card.name})"
    deck = item.deck.id if item.deck is not None else ""
    return game.config_source.locate(("decks", deck)), f"the back of deck {deck}"
