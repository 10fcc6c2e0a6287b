"""Would a publisher send these pages to print? The layout check of built PDFs.

check_pdf reads one PDF back (publish.render.pdfpage) and runs the rules of
publish.render.layout_rules and publish.render.layout_tables over it;
check_build runs it over every PDF of a game's build folder, with the names
and fonts that game's edition prints. docs/layout-check.md lists the rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from publish.core.projectfiles import read_text
from publish.i18n.translate import localize, translator
from publish.model.game import Game
from publish.render import layout_rules as rules
from publish.render.layout_tables import split_tables
from publish.render.pdfpage import Page, headings, read_pages

SYSTEM_FAMILIES = ("Noto Serif CJK JP", "Noto Sans CJK JP")
"""Families the toolchain takes from the system, not from fonts/: Debian's fonts-noto-cjk
(system-packages.txt), which sets Japanese text (the vendored Vollkorn and League Spartan have
no CJK glyphs).  The shared stylesheet and the scaffold's faces name them after their Latin
families; a glyph set in any other font is still a fallback."""

FONT_FACE = re.compile(r"@font-face\s*{[^}]*?font-family:\s*[\"']?([^;\"']+)", re.S)


@dataclass(frozen=True)
class Finding:
    """One fault on one page: which rule, and where on the page."""

    file: Path
    page: int
    rule: str
    where: str

    def __str__(self) -> str:
        return f"{self.file}:{self.page}: {self.rule}: {self.where}"


def check_pdf(path: Path, families: Iterable[str] = (), names: Iterable[str] = ()
              ) -> list[Finding]:
    """Every finding in the PDF at ``path``. ``families``: the font families the
    templates declare (none given: the font check is skipped); ``names``: the card and
    group names the document prints, which must never be hyphenated."""
    path = Path(path)
    families, names = list(families), list(names)
    pages = list(read_pages(path))
    hits: list[rules.Hit] = []
    body = rules.body_font(pages)
    for page in pages:
        hits += [*rules.outside_page(page), *rules.clipped(page), *rules.cell_overflow(page),
                 *rules.collisions(page), *rules.broken_names(page, names),
                 *rules.short_words_broken(page), *rules.long_measure(page, body)]
        hits += rules.fallback_fonts(page, families) if families else []
    heads = headings(path)
    hits += rules.headings_at_foot(pages, heads, rules.furniture(pages))
    hits += split_tables(pages, heads)
    return [Finding(path, page, rule, where) for page, rule, where in sorted(hits)]


def declared_families(project: Path, game_id: str) -> list[str]:
    """The font families the templates load with @font-face (shared and the game's own)."""
    found: list[str] = []
    for folder in (project / "templates" / "_common", project / "templates" / game_id):
        for path in sorted(folder.glob("*.css*")) if folder.is_dir() else []:
            found += [name.strip() for name in FONT_FACE.findall(read_text(path, project))]
    return sorted(set(found))


def printed_names(game: Game, locale: str) -> list[str]:
    """The card and group names an edition prints (translated where it has a catalog)."""
    shown = game if locale == game.config.locales.source else localize(
        game, translator(game, locale))
    groups = shown.config.groups.values.values() if shown.config.groups else []
    return sorted({card.name for card in shown.cards} | {group.name for group in groups})


def check_build(build_dir: Path, game: Game) -> list[Finding]:
    """Every finding in the PDFs under ``build_dir``: build/<game>/ (each edition's folder)
    or one edition's folder. Working files (.manual-parts) are left out."""
    build_dir = Path(build_dir)
    project = game.root.parent.parent
    families = [*declared_families(project, game.id), *SYSTEM_FAMILIES]
    found: list[Finding] = []
    for path in sorted(build_dir.rglob("*.pdf")):
        if any(part.startswith(".") for part in path.relative_to(build_dir).parts):
            continue
        found += check_pdf(path, families, printed_names(game, edition_of(game, build_dir, path)))
    return found


def edition_of(game: Game, build_dir: Path, path: Path) -> str:
    """The edition whose folder holds ``path`` under ``build_dir`` (build/<game>/ or one
    edition's folder); the source edition when none does."""
    relative = path.relative_to(build_dir).parts
    return next((part for part in (build_dir.name, *relative)
                 if part in game.config.locales.editions), game.config.locales.source)


__all__ = ["Finding", "Page", "check_build", "check_pdf", "declared_families", "edition_of",
           "printed_names"]
