"""A study from a small YAML file and the command's options, checked before any game.

```yaml
seed: 7
players: 3..6            # or [3, 4], or 4
modes: [simple]
decks: [[main]]          # deck sets; a set is a list, or one deck id
agents: [greedy, planner, greedy+random]   # line-ups: one agent, or agents seated in turn
games_per_cell: 500      # or games: 6000, split over the cells
variants: [cheaper-052.yaml]   # what-if patches, beside this file (publish.balance.patch)
importance: flagged      # or all, or [card numbers]: each card taken out in turn
tables:                  # instead of modes x decks: each table's mode and decks
  - {mode: simple, decks: [main]}
```

Every key may be left out: the engine's defaults fill it in.  Problems are
located at file:line:col, and none of them lets a game be played.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from publish.balance.study import DEFAULT_GAMES, Study, per_cell
from publish.core.problems import Location, Problem, ProblemsFound, did_you_mean
from publish.core.yamlsource import SourceMap, load_yaml
from publish.engines.protocol import Engine, GameSpec
from publish.model.game import Game

KEYS = ("game", "seed", "players", "modes", "decks", "agents", "games", "games_per_cell",
        "chunk", "variants", "importance", "tables")


def read_study(game: Game, engine: Engine, path: Path | None, games: int | None = None,
               seed: int | None = None, variants: Sequence[Path] = (),
               importance: str | None = None) -> Study:
    """The study the file (if any) and the options describe; ProblemsFound if it cannot run.

    ``games``, when given, is the study's total, split evenly over its cells;
    ``seed`` overrides the file's; ``variants`` (patch files) add to the file's;
    ``importance`` ('flagged', 'all' or card numbers with commas) overrides the file's.
    """
    data: dict[str, Any] = {}
    where = SourceMap(path or Path("<options>"))
    if path is not None:
        loaded, where = load_yaml(path)
        if loaded is not None and not isinstance(loaded, dict):
            raise ProblemsFound([Problem(Location(path, 1, 1), "a study is a mapping of keys: "
                                         + ", ".join(KEYS))])
        data = loaded or {}
    problems = list(_unknown_keys(data, where))
    if data.get("game") not in (None, game.id):
        problems.append(Problem(where.locate(("game",)), f"this study is for '{data['game']}', "
                                f"not '{game.id}': give --game {data['game']}"))
    study = _build(game, engine, data, where, problems, games, seed, path)
    study = replace(study, variants=(*_variants(data, where, path, problems), *variants),
                    importance=_importance(game, data if importance is None else
                                           {"importance": importance.split(",")},
                                           where, problems))
    if not problems:
        problems.extend(_tables(game, engine, study, where))
    if problems and path is None:  # said by the options: no file to point at
        problems = [Problem(Location(Path("publish balance")), p.message) for p in problems]
    if problems:
        raise ProblemsFound(problems)
    return study


def _variants(data: dict[str, Any], where: SourceMap, path: Path | None,
              problems: list[Problem]) -> Iterator[Path]:
    """The study file's patch files, relative to it; each must exist."""
    value = data.get("variants", [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(Problem(where.locate(("variants",)), "variants: a list of patch files, "
                                "relative to the study file"))
        return
    for index, name in enumerate(value):
        file = (path.parent if path else Path.cwd()) / name
        if not file.is_file():
            problems.append(Problem(where.locate(("variants", index)), f"no patch file "
                                    f"'{name}' beside the study ({file})"))
        else:
            yield file


def _importance(game: Game, data: dict[str, Any], where: SourceMap,
                problems: list[Problem]) -> tuple[str, ...]:
    """The cards to take out in turn: 'flagged', 'all', or card numbers of the game."""
    value = data.get("importance")
    if value is None:
        return ()
    if isinstance(value, str | int):
        value = [str(value)]
    if not isinstance(value, list) or not value:
        problems.append(Problem(where.locate(("importance",)), "importance: flagged, all, or "
                                "a list of card numbers"))
        return ()
    value = [str(v) for v in value]
    if value in (["flagged"], ["all"]):
        return tuple(value)
    numbers = {card.number for card in game.cards}
    for index, number in enumerate(value):
        if number not in numbers:
            problems.append(Problem(where.locate(("importance", index)), f"importance: no card "
                                    f"{number}{did_you_mean(number, numbers)} (or: flagged, "
                                    "all)"))
    return tuple(dict.fromkeys(value))


def _unknown_keys(data: dict[str, Any], where: SourceMap) -> Iterator[Problem]:
    for key in data:
        if key not in KEYS:
            yield Problem(where.locate((key,), key=True), f"unknown key '{key}'"
                          f"{did_you_mean(key, KEYS)}; a study knows: {', '.join(KEYS)}")


def _build(game: Game, engine: Engine, data: dict[str, Any], where: SourceMap,
           problems: list[Problem], games: int | None, seed: int | None,
           path: Path | None) -> Study:
    info = engine.info

    def fail(key: str, message: str) -> None:
        problems.append(Problem(where.locate((key,)), message))

    low, high = info.default_players
    players = _players(data.get("players", f"{low}..{high}"), info.players, fail)
    modes = _names(data.get("modes", [info.modes[0]]), "modes", fail)
    decks = _deck_sets(data.get("decks", [[next(iter(game.config.decks))]]), fail)
    lineups = tuple(tuple(n.split("+")) for n in
                    _names(data.get("agents", list(info.agents)), "agents", fail))
    tables = info.default_tables if path is None else ()  # a study of the engine's alone
    if "tables" in data:
        tables = _table_list(data["tables"], fail)
    cells = len(players) * (len(tables) or len(modes) * len(decks)) * len(lineups)
    chosen = _count(data, "games_per_cell", fail)
    total = _count({"games": games} if games is not None else data, "games", fail)
    per = per_cell(total, cells) if total else chosen or per_cell(DEFAULT_GAMES, cells)
    if seed is None:
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            fail("seed", "the seed is a whole number")
            seed = 0
    chunk = _count(data, "chunk", fail) or Study.chunk
    if tables:
        modes = tuple(dict.fromkeys(mode for mode, _ in tables))
        decks = tuple(dict.fromkeys(tuple(d) for _, d in tables))
    return Study(game.id, players, modes, decks, lineups, per, seed, chunk,
                 tables=tuple((mode, tuple(d)) for mode, d in tables))


def _players(value: Any, allowed: tuple[int, int], fail: Any) -> tuple[int, ...]:
    if isinstance(value, str):
        low, _, high = value.partition("..")
        value = list(range(int(low), int(high or low) + 1)) if (low + high).isdigit() else None
    elif isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    fewest, most = allowed
    if not isinstance(value, list) or not value or not all(
            isinstance(n, int) and not isinstance(n, bool) and fewest <= n <= most
            for n in value):
        fail("players", f"players: a count, a range low..high or a list, each from {fewest} "
                        f"to {most}")
        return (fewest,)
    return tuple(sorted(set(value)))


def _names(value: Any, key: str, fail: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        fail(key, f"{key}: a name or a list of names")
        return ("",)
    return tuple(dict.fromkeys(value))


def _deck_sets(value: Any, fail: Any) -> tuple[tuple[str, ...], ...]:
    if isinstance(value, str):
        value = [value]
    sets = [[v] if isinstance(v, str) else v for v in value] if isinstance(value, list) else None
    if not sets or not all(isinstance(s, list) and s and all(isinstance(d, str) for d in s)
                           for s in sets):
        fail("decks", "decks: a list of deck sets, each a deck id or a list of deck ids")
        return (("",),)
    return tuple(dict.fromkeys(tuple(s) for s in sets))


def _table_list(value: Any, fail: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``tables``: each a mapping of a mode and its decks (a deck id or a list of them)."""
    said = "tables: a list of tables, each {mode: MODE, decks: [DECK, ...]}"
    if not isinstance(value, list) or not value:
        fail("tables", said)
        return ()
    found = []
    for table in value:
        decks = table.get("decks") if isinstance(table, dict) else None
        decks = [decks] if isinstance(decks, str) else decks
        if not isinstance(table, dict) or set(table) != {"mode", "decks"} or not isinstance(
                table["mode"], str) or not isinstance(decks, list) or not decks or not all(
                isinstance(d, str) for d in decks):
            fail("tables", said)
            return ()
        found.append((table["mode"], tuple(decks)))
    return tuple(dict.fromkeys(found))


def _count(data: dict[str, Any], key: str, fail: Any) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        fail(key, f"{key}: a whole number, at least 1")
        return None
    return value


def _tables(game: Game, engine: Engine, study: Study, where: SourceMap) -> Iterator[Problem]:
    """What the engine says of each distinct table: agents, modes, decks."""
    info = engine.info
    said: set[str] = set()
    for cell in study.cells():
        for key, names, known in (("agents", cell.lineup, info.agents),
                                  ("modes", (cell.mode,), info.modes)):
            for name in names:
                if name not in known and name not in said:
                    said.add(name)
                    yield Problem(where.locate((key,)), f"{key}: '{name}' is not one the "
                                  f"{info.name} engine offers{did_you_mean(name, known)}: "
                                  f"{', '.join(known)}")
    if said:
        return
    for cell in study.cells():
        problem = engine.table_problem(game, GameSpec(cell.players, cell.mode, cell.decks,
                                                      cell.lineup, 0))
        if problem and problem not in said:
            said.add(problem)
            yield Problem(where.locate(("decks",)), problem)
