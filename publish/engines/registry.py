"""Which rules engine a game has: the one its game.yaml names (``engine: <id>``), found among
the engines installed under that id in the ``publish.engines`` entry-point group.

The data names the engine, not the folder, so a game copied or renamed keeps its
engine.  The entry points are read once per process, and each engine is made once per
process: an engine is handed the game on every call, so one serves every game that
names it, and a `publish check` asks for it several times (the examples' editions, the
engine's checks, the rules' directives and examples).
"""

from __future__ import annotations

import sys
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from publish.core.problems import Location, Problem, ProblemsFound, did_you_mean
from publish.core.yamlsource import SourceMap
from publish.engines.protocol import Engine, lacking
from publish.model.game import Game, GameConfig

GROUP = "publish.engines"
"""The entry-point group engines are installed under, each by its id."""

PLUGINS: set[str] = set()
"""The top-level packages of the engines this process loaded from outside publish: an
exception that comes through one of them is said as that engine's (``crashlog``)."""

_MADE: dict[str, Engine] = {}
"""Each engine made in this process, by id."""


@cache
def installed() -> dict[str, EntryPoint]:
    """The engines installed, by id (the entry points, read once per process)."""
    return {entry.name: entry for entry in entry_points(group=GROUP)}


def engine_for(game: Game) -> Engine | None:
    """The engine ``game``'s game.yaml names, or None for a game without one."""
    return engine_in(game.config, game.config_source)


def engine_in(config: GameConfig, source: SourceMap) -> Engine | None:
    """The engine ``config`` names (None: it names none); an id no installed engine has is a
    problem at game.yaml's ``engine`` (read from ``source``), naming those installed."""
    if config.engine is None:
        return None
    engine = engine_named(config.engine)
    if engine is None:
        known = sorted(installed())
        raise ProblemsFound([Problem(source.locate(("engine",)), (
            f"no rules engine '{config.engine}' is installed"
            f"{did_you_mean(config.engine, known)}; installed: {', '.join(known) or 'none'} "
            "(docs/engines.md: giving a game one)"))])
    return engine


def engine_named(engine_id: str) -> Engine | None:
    """The engine installed as ``engine_id`` (None: no engine is), made once per process.

    An engine that cannot be made, or lacks what its ``EngineInfo`` promises, is a
    problem at its own file, said before any command relies on it."""
    if engine_id not in _MADE:
        entry = installed().get(engine_id)
        if entry is None:
            return None
        _MADE[engine_id] = _made(entry)
    return _MADE[engine_id]


def unnamed_engine(game: Game) -> str | None:
    """How to give ``game`` the engine installed under its folder's name, when game.yaml
    names no engine (engines were once bound to a game by its folder); else None."""
    if game.config.engine is not None or game.id not in installed():
        return None
    return (f"an engine is installed as '{game.id}', this game's folder name, but game.yaml "
            f"names none, so it did not check the game: add `engine: {game.id}` to "
            f"{game.root / 'game.yaml'} (docs/engines.md)")


def _made(entry: EntryPoint) -> Engine:
    """The engine of ``entry``, checked: a ProblemsFound naming its module says what is wrong."""
    where = f"the rules engine {entry.value!r} registered as {entry.name!r}"
    if entry.module.split(".")[0] != "publish":
        PLUGINS.add(entry.module.split(".")[0])
    try:
        engine = entry.load()()
    except Exception as exc:  # the plug-in's own code: said as its problem, not ours
        said = f"{type(exc).__name__}: {exc}"
        raise ProblemsFound([Problem(Location(Path(entry.module)), f"{where} could not be "
                            f"made ({said}); it must be a class or function that takes no "
                            "argument and returns the engine (docs/engines.md)")]) from exc
    missing = lacking(engine)
    if missing:
        module = sys.modules.get(type(engine).__module__)
        path = Path(getattr(module, "__file__", None) or entry.module)
        raise ProblemsFound([Problem(Location(path), f"{where} lacks {', '.join(missing)}; "
                                     "docs/engines.md says what an engine provides")])
    return engine
