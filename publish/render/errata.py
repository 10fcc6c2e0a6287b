"""Errata sheets: the new faces of the cards that changed, and their backs, on print-and-cut
sheets laid out as the decks are, after a page saying what changed and what is gone.

Only the changed cards' faces are laid out (each with the copies its decks
hold, so that every copy a player owns can be replaced); the cover page lists
them and the cards removed.  The sheets are the decks' (publish.render.decks:
the same paper, card size, guides, backs and text fitting).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from publish.i18n.fields import fill
from publish.i18n.translate import N_
from publish.model.copies import usual_players
from publish.model.game import game_files
from publish.render.decks import SheetSpec, pages_showing, resolved, sheet_pages
from publish.render.edition import EditionContext
from publish.render.faces import Back, Face
from publish.render.fit import Shrunk, fit, sized, text_sizes
from publish.render.geometry import PAPERS
from publish.render.pdf import render
from publish.render.readable import Readable

if TYPE_CHECKING:
    from weasyprint.document import Document

TEMPLATE = "errata.html.j2"
"""In templates/_common/: extends sheet.html.j2 with the cover page."""

TITLE = N_("{game}: errata")
"""The errata sheet's title, on its cover and at the top of each sheet."""


def errata_title(context: EditionContext) -> str:
    """The title in the edition's words."""
    words = context.template_words
    return fill(words.gettext(TITLE) if words is not None else TITLE,
                {"game": context.game.config.name})


@dataclass(frozen=True)
class ErrataLine(Readable):
    """One card on the cover: its number, name, and what happened to it (added, removed,
    renumbered, moved, copies, fields: the template words them)."""

    number: str
    name: str
    kinds: tuple[str, ...]
    old_number: str | None = None


@dataclass(frozen=True)
class Errata:
    """What an errata sheet shows: its title, the versions it goes between, the changed cards
    (printed) and the cards removed (listed only)."""

    title: str
    before: str
    after: str
    changed: tuple[ErrataLine, ...]
    removed: tuple[ErrataLine, ...] = ()


def errata_faces(context: EditionContext, numbers: Collection[str]
                 ) -> tuple[list[Face], list[Back]]:
    """The faces of ``numbers`` with their decks' copies (per-player ones for the game's usual
    number of players, as the default build prints them), deck by deck, and their backs."""
    faces: list[Face] = []
    backs: list[Back] = []
    for deck in context.game.config.decks:
        deck_faces, deck_backs = context.deck_faces(deck, usual_players(context.game))
        for face, back in zip(deck_faces, deck_backs, strict=True):
            if face.number in numbers:
                faces.append(face)
                backs.append(back)
    return faces, backs


def errata_html(context: EditionContext, spec: SheetSpec, errata: Errata,
                faces: Sequence[Face], backs: Sequence[Back]) -> str:
    """The cover and the sheets of ``faces`` (with ``spec.cards``: only the sheets showing
    them, without the cover)."""
    options = resolved(context, spec.options)
    style = context.style(options.chosen_size, options.bw)
    if faces:
        pages, paper = sheet_pages(context, spec, faces, backs)
    else:  # only cards removed: the cover alone
        pages, (width, height) = [], PAPERS[options.paper]
        paper = {"w": width, "h": height}
    if spec.cards is not None:
        pages = [pages[i] for i in pages_showing(pages, spec.cards)]
    return context.env.get_template(TEMPLATE).render(
        lang=options.edition, title=spec.title, pages=pages, paper=paper, style=style,
        size=style.size, bw=options.bw, errata=errata if spec.cards is None else None)


def render_errata(context: EditionContext, spec: SheetSpec, errata: Errata,
                  shrunk: list[Shrunk] | None = None) -> Document:
    """Lay out the errata sheet of the cards ``errata.changed`` names, their text fitted as
    the decks fit it (Overflow if a card's does not fit)."""
    options = resolved(context, spec.options)
    faces, backs = errata_faces(context, {line.number for line in errata.changed})
    sizes, floors = text_sizes(context.game, faces, context.style(options.chosen_size, options.bw))

    def lay_out(chosen: dict[str, float], only: set[str] | None) -> Document:
        part = spec if only is None else replace(spec, cards=frozenset(only))
        html = errata_html(context, part, errata, [sized(f, chosen) for f in faces],
                           [sized(b, chosen) for b in backs])
        return render(html, context.project, spec.title, game_files(context.game))

    return fit(lay_out, sizes, floors, {f.number: f.deck for f in faces}, shrunk)
