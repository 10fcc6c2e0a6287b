"""The change report of one edition: HTML and PDF, through the shared templates.

For each changed card, its old and new faces as printed (each laid out by
its own version's templates, one card a page, as `publish preview` does:
only the changed cards are laid out) beside its changed fields, word by word;
for each rules paragraph, its old and new words marked; then the translations
the change left behind.  The words around them are the templates' messages
(templates/_common/changes.html.j2), in the edition's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from publish.core.atomic import write_atomic
from publish.docs.changes.data import CardChange, Comparison, EditionChanges
from publish.model.game import Card
from publish.render.edition import EditionContext
from publish.render.env import environment
from publish.render.pdf import render, write_pdf
from publish.render.preview import card_png

TEMPLATE = "changes.html.j2"
FACE_DPI = 150
"""Faces in the report: sharp on a screen and on paper at the report's size, and light."""


@dataclass(frozen=True)
class ShownCard:
    """A changed card as the report shows it: the change and its two faces (paths of PNG
    files relative to the report, None where the card does not exist)."""

    change: CardChange
    old_face: str | None
    new_face: str | None


@dataclass(frozen=True)
class Sides:
    """The two versions' editions of the game: each the context its faces are drawn in."""

    old: EditionContext
    new: EditionContext


def _face(context: EditionContext, number: str | None, folder: Path, name: str) -> str | None:
    if number is None:
        return None
    card: Card = context.game.card(number)
    path = folder / "faces" / f"{name}.png"
    write_atomic(path, card_png(context, card, FACE_DPI))
    return path.relative_to(folder).as_posix()


def shown_cards(sides: Sides, edition: EditionChanges, folder: Path) -> list[ShownCard]:
    """Each changed card with its faces drawn into ``folder``/faces/ (copies alone change
    nothing printed: no faces)."""
    shown = []
    for change in edition.cards:
        drawn = change.kinds != ("copies",)
        shown.append(ShownCard(
            change,
            _face(sides.old, change.old_number, folder, f"{change.number}-old") if drawn else None,
            _face(sides.new, change.new_number, folder, f"{change.number}-new") if drawn else None))
    return shown


def report_html(sides: Sides, comparison: Comparison, edition: EditionChanges,
                cards: list[ShownCard], home: Path, faces: str = "") -> str:
    """The report's HTML, from the shared templates of the project ``home`` (those of the
    version compared may predate the report's); ``faces``: what the faces' paths are
    relative to (the HTML lies beside its faces/ folder: nothing)."""
    game = sides.new.game
    words = sides.new.template_words
    gettext = words.gettext if words is not None else str
    env = environment(home, game.id, words)
    return env.get_template(TEMPLATE).render(
        lang=edition.locale, title=game.config.name, game=game.config,
        before=comparison.before.said(gettext), after=comparison.after.said(gettext),
        edition=edition, examples=comparison.examples, cards=cards, faces=faces)


def write_report(sides: Sides, comparison: Comparison, edition: EditionChanges,
                 home: Path, folder: Path, pdf: bool = True) -> list[Path]:
    """Write ``changes.html`` (and ``changes.pdf``) of ``edition`` into ``folder``, a folder of
    the project ``home`` (whose fonts the PDF is set in)."""
    cards = shown_cards(sides, edition, folder)
    written = [folder / "changes.html"]
    write_atomic(written[0], report_html(sides, comparison, edition, cards, home))
    if pdf:
        what = f"the change report of {comparison.game} ({edition.locale})"
        html = report_html(sides, comparison, edition, cards, home,
                           f"{folder.resolve().as_uri()}/")
        document = render(html, home, what, [home / "fonts", folder])
        written.append(folder / "changes.pdf")
        write_atomic(written[1], write_pdf(document, what))
    return written
