"""`publish check`: everything that can be wrong with a game, found in one run.

The checks run in phases (``publish.checks.phases``, run by ``publish.checks.registry``);
this loads the game, finds its engine, runs them and says what they found.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from publish.checks import phases
from publish.checks.registry import Subject, run_phases
from publish.core.problems import Problem
from publish.engines.registry import engine_for
from publish.model.game import Game
from publish.model.load import load_game


@dataclass
class CheckReport:
    """The outcome of checking one game."""

    game_id: str
    game: Game | None
    problems: list[Problem] = field(default_factory=list)
    engine: str | None = None
    examples: dict[Path, list[Problem]] = field(default_factory=dict)
    """Each example the engine replayed, with its findings (none when it holds)."""
    warnings: list[Problem] = field(default_factory=list)
    """What a build survives but a print shows (art under 300 dpi): said, never fatal."""
    skipped: list[str] = field(default_factory=list)
    """Checks not run, and why: the phases whose data failed to load or to validate."""
    engine_skipped: bool = False
    """The rules engine's checks of the whole game among them."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if self.game is None:
            return f"{self.game_id}: not loaded; {len(self.problems)} problem(s)"
        cards = self.game.cards
        copies = sum(sum(c.copies.values()) for c in cards)
        decks = len(self.game.config.decks)
        scope = (f"checked by the {self.engine} rules engine" if self.engine
                 else "structure only: this game has no rules engine")
        if self.engine and self.engine_skipped:
            scope = f"the {self.engine} rules engine's checks not run"
        found = f"{len(self.problems)} problem(s)" if self.problems else "no problems"
        if self.warnings:
            found += f", {len(self.warnings)} warning(s)"
        return (f"{self.game_id}: {len(cards)} cards ({copies} with copies) in {decks} decks; "
                f"{scope}; {found}")


def check(root: Path, game_id: str, building: bool = False,
          asked: Iterable[str] = ()) -> CheckReport:
    """Load one game and run every phase of checks on it (a build's only, if ``building``;
    those that must be asked for, if their option is in ``asked``: ``safe-zone``)."""
    game, problems = load_game(root, game_id)
    if game is None:
        return CheckReport(game_id, None, list(problems))
    return check_loaded(game, problems, building, asked)


def check_loaded(game: Game, problems: list[Problem] | None = None,
                 building: bool = False, asked: Iterable[str] = ()) -> CheckReport:
    """Run every phase of checks on a loaded game (a build's only, if ``building``; those
    asked for in ``asked``); ``problems``: the loading's."""
    engine = engine_for(game)
    loaded = list(problems or [])
    ran = run_phases(phases.PHASES, Subject(game, engine), not loaded, building, asked)
    report = CheckReport(game.id, game, loaded + ran.found.problems,
                         engine=engine.info.name if engine is not None else None,
                         examples=ran.found.examples, warnings=ran.found.warnings,
                         skipped=ran.found.notes,
                         engine_skipped=engine is not None and phases.ENGINE in ran.skipped)
    report.problems.sort(key=lambda p: p.location)
    return report
