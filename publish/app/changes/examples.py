"""The engine's view of a change: the example games that replay differently.

A game whose engine replays logs has example games (``examples/*.md``) whose
moves say what each card does.  Each example both versions have is replayed
by each version's engine against that version's cards; an example whose
findings differ (one that replayed clean and no longer does, say, because an
effect changed) is reported with both versions' findings.
"""

from __future__ import annotations

from pathlib import Path

from publish.checks.examples import example_paths
from publish.docs.changes.data import ExampleChange
from publish.engines.registry import engine_for
from publish.model.game import Game


def _findings(game: Game, path: Path) -> tuple[str, ...]:
    engine = engine_for(game)
    assert engine is not None, "replayed only by a game with an engine"
    found = engine.replay(game, [path], None)
    return tuple(f"{p.location.line}:{p.location.col}: {p.message}" for p in found)


def _replays(game: Game) -> bool:
    engine = engine_for(game)
    return engine is not None and engine.info.replays


def example_changes(old: Game, new: Game) -> tuple[ExampleChange, ...]:
    """Every example of both versions whose replay's findings differ (none for a game whose
    engine does not replay, or that has none)."""
    if not (_replays(old) and _replays(new)):
        return ()
    before = {path.relative_to(old.root).as_posix(): path for path in example_paths(old)}
    changes = []
    for path in example_paths(new):
        name = path.relative_to(new.root).as_posix()
        if name not in before:
            continue
        was, now = _findings(old, before[name]), _findings(new, path)
        if was != now:
            changes.append(ExampleChange(name, was, now))
    return tuple(changes)
