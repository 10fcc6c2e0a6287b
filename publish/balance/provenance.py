"""What a balance report needs to be played again: the game's revision, the engine, the
agents, the seeds, the games per table and the toolchain (the report's reproducibility
block, and provenance.json beside the CSV).

The game's revision is asked of git (``git rev-parse``, ``git status``), run in
the project without network and with a short time limit; a project that is not
a git repository says so.  Nothing here depends on the clock or on who played
the games, so the block is the same for a study run twice from the same tree.
"""

from __future__ import annotations

import hashlib
import json
import platform
import subprocess
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from publish.balance.patch import Variant
from publish.balance.study import Study
from publish.engines.registry import installed
from publish.model.game import Game

GIT_SECONDS = 10


def _git(project: Path, *args: str) -> str | None:
    """git's answer in the project, or None when there is no git or no repository."""
    try:
        done = subprocess.run(["git", "-C", str(project), *args], capture_output=True,
                              text=True, timeout=GIT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def revision(project: Path, game: Game) -> dict[str, Any]:
    """The project's git commit and whether the tree, and the game's own folder, were clean
    (untracked files aside)."""
    commit = _git(project, "rev-parse", "HEAD")
    if commit is None:
        return {"commit": None, "clean": None, "game_clean": None}
    changed = _git(project, "status", "--porcelain", "--untracked-files=no") or ""
    folder = game.root.relative_to(project).as_posix() if game.root.is_relative_to(
        project) else str(game.root)
    game_changed = _git(project, "status", "--porcelain", "--untracked-files=no", "--",
                        folder) or ""
    return {"commit": commit, "clean": not changed, "game_clean": not game_changed}


def _version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def engine_of(game: Game, name: str) -> dict[str, Any]:
    """The engine's name, id, and the package (and version) it is installed from."""
    entry = installed().get(game.config.engine or "")
    dist = getattr(entry, "dist", None) if entry is not None else None
    return {"name": name, "id": game.config.engine, "value": entry.value if entry else None,
            "package": dist.name if dist is not None else None,
            "version": dist.version if dist is not None else None}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def provenance(project: Path, game: Game, study: Study, engine: str,
               variants: list[Variant]) -> dict[str, Any]:
    """Everything the reproducibility block says, as JSON-able data."""
    return {
        "game": {"id": game.id, "cards": len(game.cards), **revision(project, game)},
        "engine": engine_of(game, engine),
        "agents": ["+".join(lineup) for lineup in study.lineups],
        "seed": study.seed,
        "game_seeds": "BLAKE2b-64 of '<seed>/<players>/<mode>/<decks>/<agents>/<game number>' >> 1",
        "tables": [cell.key for cell in study.cells()],
        "games_per_table": study.games_per_cell,
        "chunk": study.chunk,
        "variants": [{"name": v.name, "source": v.source,
                      "sha256": _digest(project / v.source) if (project / v.source).is_file()
                      else None} for v in variants],
        "importance": list(study.importance),
        "toolchain": {"publish": _version("publish"), "python": platform.python_version(),
                      "dask": _version("dask"), "matplotlib": _version("matplotlib")},
    }


def provenance_json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
