"""A copy of a project for a benchmark to build in and edit, leaving the real one alone."""

from __future__ import annotations

import shutil
from pathlib import Path


def project_copy(root: Path, copy: Path, game_id: str | None = None) -> Path:
    """``copy`` made a project of the games, templates and fonts of ``root`` (with
    ``game_id`` its default game), for a benchmark to build in and edit."""
    for folder in ("cards", "templates", "fonts"):
        shutil.copytree(root / folder, copy / folder)
    if game_id is not None:
        (copy / "pyproject.toml").write_text(
            f'[tool.publish]\ndefault-game = "{game_id}"\n', encoding="utf-8")
    return copy
