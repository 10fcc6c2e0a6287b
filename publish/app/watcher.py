"""`publish watch`: a build after every save, of anything a build reads.

Watched: the game's folder (cards, rules, art, icons, catalogs), every
template, the fonts and pyproject.toml.  Editors' own files are not saves of
an input: swap and lock files, backups, the temporary files an editor writes
and renames over the real one (that rename is seen as a change of the real
file).  A save made while a build runs is kept by the watcher and starts
another build as soon as that one ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from threading import Event

from watchfiles import watch as file_events

from publish.core.projectfiles import EDITOR_FILES


def is_input(path: str | Path) -> bool:
    """Whether a change to ``path`` can change a build (not an editor's own file)."""
    name = Path(path).name
    return bool(name) and not EDITOR_FILES.search(name) and "__pycache__" not in Path(path).parts


def watched(root: Path, game_id: str) -> list[Path]:
    """What a build of ``game_id`` reads: its folder, the templates, the fonts, the config."""
    places = (root / "cards" / game_id, root / "templates", root / "fonts", root / "pyproject.toml")
    return [place for place in places if place.exists()]


def rebuild_on_save(root: Path, game_id: str, once: Callable[[], None],
                    say: Callable[[str], None], stop: Event | None = None) -> None:
    """Build once, then once more after every batch of saves, until interrupted (or
    ``stop`` is set)."""
    once()
    places = watched(root, game_id)
    say(f"watching {', '.join(p.relative_to(root).as_posix() for p in places)} (Ctrl-C stops)")
    for changes in file_events(*places, watch_filter=lambda _, path: is_input(path),
                               stop_event=stop):
        say(f"changed: {names(root, (path for _, path in changes))}")
        once()


def names(root: Path, paths: Iterable[str], shown: int = 5) -> str:
    """The changed files, from the project root, the first ``shown`` of them."""
    found = sorted({Path(p).relative_to(root).as_posix() for p in paths})
    return ", ".join(found[:shown]) + (" ..." if len(found) > shown else "")
