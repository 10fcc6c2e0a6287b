"""A game's icons: the SVG files its :tokens: draw, read once and checked before a build.

game.yaml may declare its icons (name, kind, file); without declarations
every ``icons/*.svg`` is an icon named after its file.  Icons are inlined in
the pages: each is read inside icons/ (publish.core.projectfiles) and checked by
parsing (publish.core.svgcheck), so a script, an event or an external link is refused.
"""

from __future__ import annotations

from pathlib import Path

from publish.core.problems import Location, Problem, ProblemsFound, PublishError, did_you_mean
from publish.core.projectfiles import read_text, sources
from publish.core.svgcheck import DrawsTooMuch, UnsafeSvg, safe_svg
from publish.model.game import Game
from publish.model.text import ICON

ICONS_DIR = "icons"


class IconError(PublishError, ValueError):
    """An icon file that cannot be drawn: missing, outside icons/, or unsafe."""


def read_icons(game: Game) -> dict[str, str]:
    """The game's icons as inline SVG, by token; IconError names the first bad one."""
    icons: dict[str, str] = {}
    for token, path, where in _icon_files(game):
        svg, problem = _read(token, path, where, game)
        if problem:
            raise IconError(str(problem))
        icons[token] = svg
    return icons


def icon_problems(game: Game) -> list[Problem]:
    """Every icon file that would stop a build, and every card token naming no icon."""
    problems = []
    known = []
    for token, path, where in _icon_files(game):
        problem = _read(token, path, where, game)[1]
        problems += [problem] if problem else []
        known.append(token)
    for card in game.card_sides():
        for index, block in enumerate(card.blocks):
            for match in ICON.finditer(block.text):
                if match[1] not in known:
                    problems.append(Problem(card.where("text", index), _unknown(
                        f"card {card.number}", match[1], known)))
    return problems


def _unknown(what: str, token: str, known: list[str]) -> str:
    listing = ", ".join(sorted(known)) or "none"
    return (f"{what}: unknown icon :{token}:{did_you_mean(token, known)}; known icons: "
            f"{listing} (declare it in game.yaml 'icons' and draw icons/{token}.svg)")


def _icon_files(game: Game) -> list[tuple[str, Path, Location]]:
    folder = game.root / ICONS_DIR
    declared = game.config.icons
    if not declared:
        return [(p.stem, p, Location(p)) for p in sources(folder, "*.svg")]
    return [(token, folder / (spec.file or f"{token}.svg"),
             game.config_source.locate(("icons", token))) for token, spec in declared.items()]


def _read(token: str, path: Path, where: Location, game: Game) -> tuple[str, Problem | None]:
    """The icon's drawing, ready to inline, or the problem that keeps it out."""
    folder = game.root / ICONS_DIR
    if not path.is_file() and not path.is_symlink():
        return "", Problem(where, f"icon :{token}: no file {ICONS_DIR}/"
                                  f"{path.relative_to(folder)}; draw it or correct 'file'")
    try:
        svg = safe_svg(read_text(path, folder))
    except ProblemsFound as found:
        return "", Problem(found.problems[0].location,
                           f"icon :{token}: {found.problems[0].message}")
    except UnsafeSvg as exc:
        why = "" if isinstance(exc, DrawsTooMuch) else (
            "; icons are drawings inlined in the page: no scripts, events or links outside "
            "the drawing")
        return "", Problem(Location(path, exc.line, 1 if exc.line else 0),
                           f"icon :{token}: {exc}{why}")
    return svg, None
