"""`publish lint`: the layout check (publish.render.layout_check) over PDFs a designer names.

With no paths it reads the game's own build folder (every edition's PDFs, or
one edition's with ``--locale``), with the fonts the game's templates declare
and the names each edition prints.  Paths may be PDFs or folders of them,
anywhere: a PDF under a game's build folder is read with that game's fonts
and names; any other PDF with the fonts given by ``--font`` (none: the font
rule is left out, since nothing says which fonts were meant) and no names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from publish.build.failures import Failure
from publish.model.game import Game
from publish.model.load import load_game
from publish.render.layout_check import (
    Finding,
    check_pdf,
    declared_families,
    edition_of,
    printed_names,
)

BUILD = "build"


@dataclass(frozen=True)
class LintReport:
    """What the layout check found, in which files, and what it left out."""

    findings: list[Finding]
    files: list[Path]
    notes: list[str]

    @property
    def ok(self) -> bool:
        return not self.findings

    def summary(self) -> str:
        pdfs = f"{len(self.files)} PDF{'s' if len(self.files) != 1 else ''}"
        if self.ok:
            return f"layout check: {pdfs}, no finding"
        files = len({finding.file for finding in self.findings})
        return (f"layout check: {len(self.findings)} finding"
                f"{'s' if len(self.findings) != 1 else ''} in {files} of {pdfs} "
                "(docs/layout-check.md says what each rule means and how to fix it)")


@dataclass(frozen=True)
class Reading:
    """How one PDF is read: the font families meant (empty: no font rule) and the names
    that must never be hyphenated."""

    families: tuple[str, ...]
    names: tuple[str, ...]


def loaded(root: Path, game_id: str) -> Game:
    """The game, or a Failure listing why it cannot be loaded."""
    game, problems = load_game(root, game_id)
    if game is None:
        raise Failure([f"{game_id}: cannot read the game, so not its fonts and names "
                       "(publish check says more):", *map(str, problems)])
    return game


def pdfs_in(paths: Iterable[Path]) -> list[Path]:
    """Each path that is a file, and the PDFs under each folder (hidden working folders such
    as .manual-parts left out); a path that does not exist is a Failure naming it."""
    found: list[Path] = []
    missing = [str(path) for path in paths if not path.exists()]
    if missing:
        raise Failure([f"{path}: no such file or folder" for path in missing])
    for path in paths:
        if path.is_dir():
            found += [pdf for pdf in sorted(path.rglob("*.pdf"))
                      if not any(part.startswith(".") for part in pdf.relative_to(path).parts)]
        else:
            found.append(path)
    return found


def game_reading(root: Path, game: Game, pdf: Path) -> Reading:
    """A built PDF of ``game``: its templates' fonts and the names of the edition whose
    folder holds it (the source edition when none does)."""
    locale = edition_of(game, (root / BUILD / game.id).resolve(), pdf.resolve())
    return Reading(tuple(declared_families(root, game.id)),
                   tuple(printed_names(game, locale)))


def owner(root: Path | None, pdf: Path, games: Iterable[str]) -> str | None:
    """The game whose build folder holds ``pdf`` in the project at ``root``, if any."""
    if root is None:
        return None
    where = pdf.resolve()
    for game_id in games:
        if where.is_relative_to((root / BUILD / game_id).resolve()):
            return game_id
    return None


def read(pdf: Path, reading: Reading) -> list[Finding]:
    """The findings in one PDF; a file pdfium cannot read is a Failure naming it."""
    with pdf.open("rb") as handle:
        if b"%PDF-" not in handle.read(1024):
            raise Failure([f"{pdf}: not a PDF (no %PDF- header in its first 1 KiB)"])
    try:
        return check_pdf(pdf, reading.families, reading.names)
    except Exception as exc:  # pdfium's error for a damaged file, whichever class it is
        if type(exc).__module__.startswith("pypdfium2"):
            raise Failure([f"{pdf}: pdfium cannot read it ({exc}); "
                           "check it with `qpdf --check`"]) from exc
        raise


def lint(root: Path | None, game_ids: list[str], paths: list[Path], fonts: list[str],
         locale: str | None = None, default_game: str | None = None) -> LintReport:
    """The layout check of ``paths`` (PDFs or folders), or with none of ``default_game``'s
    build folder (``locale``: that edition's alone)."""
    games: dict[str, Game] = {}
    notes: list[str] = []
    if not paths:
        if root is None or default_game is None:
            raise Failure(["no PDF named and no project here: name the PDFs or folders to "
                           "check, or run it inside a project (--project)"])
        game = games.setdefault(default_game, loaded(root, default_game))
        folder = root / BUILD / default_game
        if locale is not None:
            if locale not in game.config.locales.editions:
                raise Failure([f"--locale {locale}: {default_game} has no such edition "
                               f"(editions: {', '.join(game.config.locales.editions)})"])
            folder = folder / locale
        paths = [folder]
        if not folder.is_dir():
            raise Failure([f"{folder}: nothing built yet; run `publish build` first, or name "
                           "the PDFs to check"])
    files = pdfs_in(paths)
    if not files:
        raise Failure([f"{', '.join(map(str, paths))}: no PDF here"])
    findings: list[Finding] = []
    unfonted = 0
    for pdf in files:
        game_id = owner(root, pdf, game_ids)
        if game_id is not None and root is not None:
            game = games.setdefault(game_id, loaded(root, game_id))
            reading = game_reading(root, game, pdf)
            if fonts:
                reading = Reading(tuple(fonts), reading.names)
        else:
            reading = Reading(tuple(fonts), ())
            unfonted += not fonts
        findings += read(pdf, reading)
    if unfonted:
        notes.append(f"fallback-font rule left out for {unfonted} PDF"
                     f"{'s' if unfonted != 1 else ''} that no game here built: --font FAMILY "
                     "names the fonts they should use")
    return LintReport(findings, files, notes)
