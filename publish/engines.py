"""Rules engines are plug-ins: a game package registers one under the
``publish.engines`` entry-point group, keyed by game id.  The core never
imports a game package; it only asks this registry.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any, Protocol

from publish.model import Game
from publish.problems import Problem


class Engine(Protocol):
    """What the core asks of a game's rules engine."""

    name: str

    def check(self, game: Game) -> list[Problem]:
        """Problems the engine finds in the loaded cards (effects, examples, ...)."""
        ...

    def effect_schema(self) -> dict[str, Any] | None:
        """JSON Schema of a text block's structured ``effect`` (with its ``$defs``)."""
        ...


def engine_for(game_id: str) -> Engine | None:
    """The engine registered for ``game_id``, or None for a structure-only game."""
    for entry in entry_points(group="publish.engines"):
        if entry.name == game_id:
            return entry.load()()
    return None
