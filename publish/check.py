"""`publish check`: everything that can be wrong with a game, found in one run."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from publish.engines import engine_for
from publish.load import load_game
from publish.model import Game
from publish.problems import Problem
from publish.validate import check_game


@dataclass
class CheckReport:
    """The outcome of checking one game."""

    game_id: str
    game: Game | None
    problems: list[Problem] = field(default_factory=list)
    engine: str | None = None
    examples: dict[Path, list[Problem]] = field(default_factory=dict)
    """Each example file the engine replayed, with its findings."""

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
        found = f"{len(self.problems)} problem(s)" if self.problems else "no problems"
        return (f"{self.game_id}: {len(cards)} cards ({copies} with copies) in {decks} decks; "
                f"{scope}; {found}")


def check(root: Path, game_id: str) -> CheckReport:
    """Load, validate and (where a rules engine exists) engine-check one game."""
    game, problems = load_game(root, game_id)
    report = CheckReport(game_id, game, list(problems))
    if game is None:
        return report
    report.problems.extend(check_game(game))
    engine = engine_for(game_id)
    if engine is not None:
        report.engine = engine.name
        result = engine.check(game)
        report.problems.extend(result.problems)
        report.examples = result.examples
    report.problems.sort(key=lambda p: p.location)
    return report
