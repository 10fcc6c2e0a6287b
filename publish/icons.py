"""A game's icons: the SVG files its :tokens: draw, read once and checked before a build.

game.yaml may declare its icons (name, kind, file); without declarations
every ``icons/*.svg`` is an icon named after its file.  Icons are inlined in
the pages, so a file that holds a script or an external link is refused.
"""

from __future__ import annotations

from pathlib import Path

from publish.model import Game
from publish.problems import Location, Problem, did_you_mean
from publish.text import ICON

ICONS_DIR = "icons"


class IconError(ValueError):
    """An icon file that cannot be drawn: missing, outside icons/, or unsafe."""


def read_icons(game: Game) -> dict[str, str]:
    """The game's icons as inline SVG, by token; IconError names the first bad one."""
    icons: dict[str, str] = {}
    for token, path, where in _icon_files(game):
        problem = _file_problem(token, path, where, game)
        if problem:
            raise IconError(str(problem))
        icons[token] = _svg(path)
    return icons


def icon_problems(game: Game) -> list[Problem]:
    """Every icon file that would stop a build, and every card token naming no icon."""
    problems = []
    known = []
    for token, path, where in _icon_files(game):
        problem = _file_problem(token, path, where, game)
        problems += [problem] if problem else []
        known.append(token)
    for card in game.cards:
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
        return [(p.stem, p, Location(p)) for p in sorted(folder.glob("*.svg"))]
    return [(token, folder / (spec.file or f"{token}.svg"),
             game.config_source.locate(("icons", token))) for token, spec in declared.items()]


def _file_problem(token: str, path: Path, where: Location, game: Game) -> Problem | None:
    folder = (game.root / ICONS_DIR).resolve()
    if not path.resolve().is_relative_to(folder):
        return Problem(where, f"icon :{token}: file {path.name} is outside icons/")
    if not path.is_file():
        return Problem(where, f"icon :{token}: no file {ICONS_DIR}/{path.relative_to(folder)}; "
                              "draw it or correct 'file'")
    svg = path.read_text(encoding="utf-8", errors="replace")
    if "<script" in svg or "href=\"http" in svg or "href='http" in svg:
        return Problem(Location(path), f"icon :{token}: icons may not contain scripts or "
                                       "external links; remove them")
    if "<svg" not in svg:
        return Problem(Location(path), f"icon :{token}: not an SVG drawing (no <svg> element)")
    return None


def _svg(path: Path) -> str:
    svg = path.read_text(encoding="utf-8")
    # no trailing newline: it would print as a space between an icon and a full stop
    return svg[svg.index("<svg"):].strip()
