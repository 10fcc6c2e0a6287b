"""`publish changes [FROM] [TO]`: compare two versions, print what changed, write the report
and the errata sheet of each edition into build/<game>/changes/<locale>/."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from publish.app.changes.compare import compare_games
from publish.app.changes.compare import loaded as load_version
from publish.app.changes.report import Sides, write_report
from publish.app.changes.summary import summary
from publish.app.changes.versions import is_project, versions
from publish.app.commands import failing, locate
from publish.app.preview import shown
from publish.core.atomic import write_atomic
from publish.docs.changes.data import Comparison, EditionChanges, Version
from publish.model.game import Game
from publish.model.load import default_game
from publish.render.decks import SheetSpec
from publish.render.edition import EditionContext
from publish.render.errata import Errata, ErrataLine, errata_title, render_errata
from publish.render.fit import Shrunk
from publish.render.pdf import write_pdf

FOLDER = "changes"
"""Under build/<game>/: <locale>/changes.html, changes.pdf, errata.pdf, faces/."""


@dataclass(frozen=True)
class ChangesRequest:
    """What `publish changes` was asked: the two versions, the edition, the documents."""

    project: str | None
    game: str | None
    before: str | None = None
    after: str | None = None
    locale: str | None = None
    documents: bool = True
    pdf: bool = True


def home_of(request: ChangesRequest) -> tuple[Path, str]:
    """The project the outputs go to (TO if it is a folder, else the project the command runs
    in) and the game compared."""
    if request.after is not None and is_project(Path(request.after)):
        root = Path(request.after).resolve()
        with failing():
            return root, request.game or default_game(root)
    return locate(request.project, request.game)


def _sides(before: Version, after: Version, games: tuple[Game, Game], locale: str) -> Sides:
    old, new = games
    old_locale = locale if locale in old.config.locales.editions else old.config.locales.source
    return Sides(EditionContext.make(before.root, old, old_locale),
                 EditionContext.make(after.root, new, locale))


def errata_of(sides: Sides, comparison: Comparison, edition: EditionChanges) -> Errata:
    """What the errata sheet of ``edition`` shows."""
    words = sides.new.template_words
    gettext = words.gettext if words is not None else str
    return Errata(
        errata_title(sides.new), comparison.before.said(gettext), comparison.after.said(gettext),
        tuple(ErrataLine(c.number, c.name, c.kinds, c.old_number) for c in edition.errata),
        tuple(ErrataLine(c.number, c.name, c.kinds) for c in edition.removed))


def write_errata(sides: Sides, comparison: Comparison, edition: EditionChanges,
                 folder: Path, shrunk: list[Shrunk]) -> Path:
    errata = errata_of(sides, comparison, edition)
    document = render_errata(sides.new, SheetSpec(errata.title, ()), errata, shrunk)
    path = folder / "errata.pdf"
    write_atomic(path, write_pdf(document, errata.title))
    return path


def documents(request: ChangesRequest, home: Path, comparison: Comparison,
              games: tuple[Game, Game]) -> list[str]:
    """Write each edition's report and errata sheet; the lines naming them."""
    lines: list[str] = []
    shrunk: list[Shrunk] = []
    for edition in comparison.editions:
        folder = home / "build" / comparison.game / FOLDER / edition.locale
        sides = _sides(comparison.before, comparison.after, games, edition.locale)
        written = write_report(sides, comparison, edition, home, folder, request.pdf)
        if request.pdf and edition.cards:
            written.append(write_errata(sides, comparison, edition, folder, shrunk))
        lines += [shown(path) for path in written]
    return lines + [f"note: {s}" for s in shrunk]


def changes(request: ChangesRequest) -> list[str]:
    """`publish changes`: what changed, and the documents written."""
    home, game_id = home_of(request)
    with versions(home, request.before, request.after) as (before, after):
        games = load_version(before, game_id), load_version(after, game_id)
        with failing():
            comparison = compare_games(before, after, *games,
                                       [request.locale] if request.locale else None)
            lines = summary(comparison)
            if request.documents and not comparison.unchanged:
                lines += documents(request, home, comparison, games)
    return lines
