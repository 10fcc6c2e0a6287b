"""What the core asks of a rules engine, and what it hands one: the contract of the plug-ins
that ``publish.engines.registry`` finds (an engine is registered under an id in the
``publish.engines`` entry-point group; a game names it in game.yaml's ``engine``).  The
core never imports a game package.

An engine says what it offers in an :class:`EngineInfo` (as OpenSpiel's game
type and game info describe a game), so the command line builds its choices
and its help from the engine instead of knowing any game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from publish.core.problems import Problem
from publish.model.game import Game


@dataclass(frozen=True)
class Recording:
    """What an engine records of every game it plays: all `publish balance` counts.

    A game is a series of rounds (each with its own winners, or none), each
    made of moves.  Cards are counted through events ``(key, seat, card)``:
    the ``held`` event makes a card that seat's (a card in play in front of a
    player, whose holder's wins it is credited with); each of ``outcomes`` is
    a further event of a held card, reported as a share of its ``held`` events.
    Labels are the engine's own words, shown in the report as given.
    """

    round: tuple[str, str] = ("round", "rounds")
    """The unit of a game that has winners, singular and plural."""
    move: tuple[str, str] = ("move", "moves")
    """One player's turn, singular and plural."""
    held: str = "held"
    """The key of the event that makes a card a seat's."""
    held_label: str = "held"
    """What the ``held`` event means, completing "how often it was ..."."""
    outcomes: tuple[tuple[str, str], ...] = ()
    """(key, label) of each further event of a held card: ("fired", "fired")."""
    opening: str | None = None
    """The key of the event that puts a card in a seat's opening hand (None: the engine does
    not say); with ``drawn``, the report's figures of holding against playing."""
    drawn: str | None = None
    """The key of the event of a seat drawing a card after its opening hand (None: not said)."""

    @property
    def keys(self) -> tuple[str, ...]:
        """Every event key the figures count: held, the outcomes, opening and drawn."""
        return (self.held, *(key for key, _ in self.outcomes),
                *(key for key in (self.opening, self.drawn) if key is not None))

    @property
    def hands(self) -> bool:
        """Whether the engine says what each seat had in hand: opening and drawn both."""
        return self.opening is not None and self.drawn is not None


@dataclass(frozen=True)
class GameSpec:
    """One game to play for a study: its table, each seat's agent and its seed."""

    players: int
    mode: str
    decks: tuple[str, ...]
    agents: tuple[str, ...]
    """One agent per seat, seat 0 first."""
    seed: int


@dataclass(frozen=True)
class RoundRecord:
    """One round of a game: how many moves it took, who won it (nobody: empty)."""

    moves: int
    winners: tuple[int, ...]


@dataclass(frozen=True)
class GameRecord:
    """One game as its engine recorded it (see :class:`Recording`)."""

    players: int
    order: tuple[int, ...]
    """Seats in the order they first moved: position 1 is ``order[0]``."""
    rounds: tuple[RoundRecord, ...]
    winners: tuple[int, ...]
    """The game's winners; empty when it ended without one."""
    cards: frozenset[str]
    """The cards that could be held in this game (its decks)."""
    events: tuple[tuple[str, int, str], ...]
    """(event key, seat, card), in the order they happened."""
    stopped: bool = False
    """Ended by the engine's cap on length, not by the rules."""


@dataclass(frozen=True)
class EngineInfo:
    """What a rules engine offers: the choices `publish simulate` and `publish replay` take.

    Every tuple of choices lists its default first.  An engine that cannot
    simulate leaves ``modes`` and ``agents`` empty; one that cannot replay logs
    leaves ``editions`` empty.
    """

    name: str
    """Shown by `publish check`: "checked by the <name> rules engine"."""
    modes: tuple[str, ...] = ()
    """Ways to play (`simulate --mode`); the first is the default."""
    editions: tuple[str, ...] = ()
    """Rules editions a log can be replayed by (`replay --edition`); the first is the default."""
    agents: tuple[str, ...] = ()
    """Players the simulator can seat (`simulate --agents`)."""
    default_agents: tuple[str, ...] = ()
    players: tuple[int, int] = (1, 1)
    """Fewest and most players at a table."""
    default_players: tuple[int, int] = (1, 1)
    log_name: str = "game log"
    """What `publish replay` reads, in the engine's words ("game log")."""
    checks: tuple[str, ...] = ()
    """What `publish check` runs beyond the structure (effect schema, lint, examples...)."""
    records: Recording | None = None
    """What each game it plays records, for `publish balance` (None: it cannot study)."""
    default_tables: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(mode, decks) of each table a study plays when it names neither modes nor decks, so
    that the default study deals every card the game has (empty: the first mode with the
    game's first deck)."""

    @property
    def simulates(self) -> bool:
        return bool(self.modes and self.agents)

    @property
    def replays(self) -> bool:
        return bool(self.editions)

    @property
    def studies(self) -> bool:
        return self.simulates and self.records is not None


@dataclass(frozen=True)
class ReplayWarning(Problem):
    """A log read as intended, though it departs from its syntax: said, fails only with
    `publish replay --strict`."""


@dataclass(frozen=True)
class SimulateRequest:
    """One `publish simulate` run, its choices already checked against :class:`EngineInfo`."""

    games: int
    players: tuple[int, int]
    mode: str
    decks: tuple[str, ...]
    seed: int
    agents: tuple[str, ...]
    workers: int | None = None
    logs: Path | None = None


@dataclass
class CheckResult:
    """What an engine found: problems, and the replay of each example it checked.

    ``examples`` maps each example file to its findings, so the rules sources
    that show an example need not replay it again.
    """

    problems: list[Problem] = field(default_factory=list)
    examples: dict[Path, list[Problem]] = field(default_factory=dict)


class Engine(Protocol):
    """What the core asks of a game's rules engine."""

    info: EngineInfo

    def check(self, game: Game) -> CheckResult:
        """Problems the engine finds in the loaded cards (effects, examples, ...)."""
        ...

    def check_cards(self, game: Game) -> list[Problem]:
        """The checks that read each card alone (its effects): what `publish check` still
        runs when other cards or examples failed to load ([] for an engine that has none)."""
        ...

    def effect_schema(self) -> dict[str, Any] | None:
        """JSON Schema of a text block's structured ``effect`` (with its ``$defs``)."""
        ...

    def directives(self) -> Mapping[str, Any]:
        """The game's own rules-Markdown directives, by name (see docs/rules-markdown.md)."""
        ...

    def replay(self, game: Game, paths: list[Path], edition: str | None,
               effects: bool = True, warnings: bool = False) -> list[Problem]:
        """`publish replay`: the findings of each log (``editions`` must not be empty); with
        ``warnings``, also each variant read as intended, as a :class:`ReplayWarning`."""
        ...

    def simulate(self, root: Path, game: Game, request: SimulateRequest,
                 progress: Callable[[int], Any] | None = None) -> dict[str, Any]:
        """`publish simulate` for an engine without ``records``: a JSON-able report (an
        engine that records its games is simulated through ``play``, as a small study)."""
        ...

    def table_problem(self, game: Game, spec: GameSpec) -> str | None:
        """Why this table cannot be played (None: it can), said before any game is."""
        ...

    def play(self, game: Game, specs: Sequence[GameSpec]) -> list[GameRecord]:
        """`publish balance`: each game played to its end, as the engine records it."""
        ...

    def describe(self, result: dict[str, Any]) -> str:
        """A simulation report as text for a terminal."""
        ...

    def bench(self, root: Path, game_id: str) -> dict[str, Any]:
        """`make bench`: the simulator's speed (``modes`` must not be empty)."""
        ...

    def describe_bench(self, result: dict[str, Any]) -> str:
        """The bench's figures as one line."""
        ...


REQUIRED: tuple[tuple[str, Callable[[EngineInfo], bool], tuple[str, ...]], ...] = (
    ("every engine", lambda info: True, ("check", "check_cards", "effect_schema", "directives")),
    ("an engine that simulates (modes and agents) but records nothing",
     lambda info: info.simulates and not info.studies, ("simulate", "describe")),
    ("an engine that records its games (records)", lambda info: info.studies,
     ("table_problem", "play")),
    ("an engine that replays logs (editions)", lambda info: info.replays, ("replay",)),
)
"""What the core calls, by what an engine's ``EngineInfo`` says it offers (docs/engines.md)."""


WON = "won"
"""The name of the report's own figure, holders who won (figures.csv's ``won_*`` columns):
no event of a ``Recording`` may take it."""


def lacking(engine: object) -> list[str]:
    """What ``engine`` lacks of what the core will call, each said with why it is needed."""
    info = getattr(engine, "info", None)
    if not isinstance(info, EngineInfo):
        return ["an `info` attribute holding a publish.engines.protocol.EngineInfo"]
    missing = [f"{name}() ({who})" for who, offers, names in REQUIRED if offers(info)
               for name in names if not callable(getattr(engine, name, None))]
    if info.records is not None:
        keys = list(info.records.keys)
        if len(set(keys)) < len(keys) or WON in keys:
            missing.append(f"a Recording whose event keys ({', '.join(keys)}) differ from "
                           f"each other and from '{WON}', the report's own figure")
    return missing


class EngineFault(Exception):
    """A rules engine broke the contract while it played: its bug, said as such.  One
    string, so that it crosses from a Dask worker to the client whole."""


def engine_file(engine: object) -> str:
    """The file of ``engine``'s class, to name in what is said about it."""
    module = sys.modules.get(type(engine).__module__)
    return str(getattr(module, "__file__", None) or type(engine).__module__)


def check_records(engine: object, specs: Sequence[GameSpec],
                  records: Sequence[GameRecord]) -> None:
    """Raise EngineFault unless ``records`` answer ``specs`` one for one, as GameRecord
    says: the figures of a study are counted from nothing else."""
    said = f"{engine_file(engine)}: the rules engine's play()"
    if len(records) != len(specs):
        raise EngineFault(f"{said} returned {len(records)} records for {len(specs)} games; "
                          "a bug in the engine (docs/engines.md)")
    for spec, record in zip(specs, records, strict=True):
        fault = _record_fault(spec, record)
        if fault:
            raise EngineFault(f"{said} returned a record that {fault} (the game of seed "
                              f"{spec.seed}); a bug in the engine (docs/engines.md, GameRecord)")


def _record_fault(spec: GameSpec, record: object) -> str | None:
    """What is wrong with ``record`` as the answer to ``spec`` (None: nothing)."""
    if not isinstance(record, GameRecord):
        return f"is a {type(record).__name__}, not a publish.engines.protocol.GameRecord"
    seats = range(spec.players)
    if record.players != spec.players:
        return f"has {record.players} players for a table of {spec.players}"
    if sorted(record.order) != list(seats):
        return f"has the order of play {record.order}, not every seat once"
    for seat in (*record.winners, *(s for r in record.rounds for s in r.winners)):
        if seat not in seats:
            return f"names seat {seat!r} among winners at a table of {spec.players}"
    stray: AbstractSet[int | None]
    try:  # a set made in one pass: a game has tens of events, a study millions of games
        stray = {seat for _, seat, _ in record.events}.difference(seats)
    except (TypeError, ValueError):
        stray = {None}
    if stray:
        event = next(e for e in record.events
                     if not isinstance(e, tuple | list) or len(e) != 3 or e[1] in stray)
        return f"has the event {event!r}, not (key, seat, card) with a seat of the table"
    return None
