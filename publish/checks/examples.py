"""The example games. front matter (``<game>/examples/*.md``), checked before anything
uses it.

The manual prints an example's title, players, mode and decks from its front
matter, and a rules engine replays the example with those decks: a deck that
is not the game's, or a list that is a number, must be said here, at its line,
rather than fail the build or the replay later; so must an ``edition`` the
game's rules engine does not know.  Other keys an engine reads for itself
(``shows``...) are left to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from publish.core.problems import Location, Problem, ProblemsFound, did_you_mean
from publish.core.projectfiles import read_text, sources
from publish.core.yamlsource import SourceMap, load_front_matter
from publish.model.game import Game

EXAMPLES_DIR = "examples"


def example_paths(game: Game) -> list[Path]:
    """The game's example games, in name order."""
    folder = game.root / EXAMPLES_DIR
    return sources(folder, "*.md")


def front_matter_text(text: str) -> tuple[str, int] | None:
    """The YAML between a first line '---' and the next '---' line, and the line it starts
    at; None without one."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    return None if end is None else ("\n".join(lines[1:end]), 2)


def example_problems(game: Game, editions: tuple[str, ...] = ()) -> list[Problem]:
    """Every problem of the examples' front matter: unreadable, or a value of the wrong type,
    a deck the game does not have, or an edition not among ``editions`` (the rules engine's,
    if it has any)."""
    problems: list[Problem] = []
    for path in example_paths(game):
        try:
            found = front_matter_text(read_text(path, game.project))
            if found is not None:
                meta, where = load_front_matter(path, *found)
                problems += _meta_problems(game, meta, where)
                edition = meta.get("edition")
                if editions and edition is not None and str(edition) not in editions:
                    problems.append(Problem(where.locate(("edition",)), (
                        f"unknown edition '{edition}'{did_you_mean(str(edition), editions)}; "
                        f"the rules engine knows {', '.join(editions)}")))
        except ProblemsFound as failed:
            problems += failed.problems
    return problems


def _meta_problems(game: Game, meta: dict[str, Any], where: SourceMap) -> list[Problem]:
    problems = []
    for key in ("title", "mode"):
        if key in meta and not isinstance(meta[key], str):
            problems.append(Problem(where.locate((key,)), f"'{key}' must be text"))
    players = meta.get("players")
    if "players" in meta and (type(players) is not int or not 1 <= players <= 99):
        problems.append(Problem(where.locate(("players",)),
                                "'players' must be a whole number of players (4)"))
    decks = meta.get("decks")
    if "decks" in meta and not isinstance(decks, list):
        problems.append(Problem(where.locate(("decks",)), (
            f"'decks' must be a list of the game's decks ([{next(iter(game.config.decks))}])")))
        return problems
    known = game.config.decks
    for index, deck in enumerate(decks or []):
        if not isinstance(deck, str) or deck not in known:
            problems.append(Problem(where.locate(("decks", index)), (
                f"no deck '{deck}' in this game{did_you_mean(str(deck), known)}; "
                f"its decks: {', '.join(known)}")))
    return problems


def located(path: Path, problems: list[Problem]) -> list[Problem]:
    """``problems`` with those that name no line put at the file's first line."""
    return [p if p.location.line else Problem(Location(path, 1, 1), p.message) for p in problems]
