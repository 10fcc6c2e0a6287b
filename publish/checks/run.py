"""`publish check`: everything that can be wrong with a game, found in one run."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from publish.checks.deckrules import check_game
from publish.checks.examples import example_problems
from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import leading_out, read_text
from publish.engines.protocol import engine_for
from publish.model.cardschema import SCHEMA_FILE, json_schema
from publish.model.game import Game, GameConfig, game_files
from publish.model.icons import icon_problems
from publish.model.images import check_pictures
from publish.model.load import load_game
from publish.model.text import typography_problems


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
    """Checks not run because the data they read failed to load or to validate."""
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


def check(root: Path, game_id: str) -> CheckReport:
    """Load, validate and (where a rules engine exists) engine-check one game."""
    game, problems = load_game(root, game_id)
    if game is None:
        return CheckReport(game_id, None, list(problems))
    return check_loaded(game, problems)


def check_loaded(game: Game, problems: list[Problem] | None = None) -> CheckReport:
    """Validate a loaded game and run its engine's checks (``problems``: the loading's)."""
    report = CheckReport(game.id, game, list(problems or []))
    report.problems.extend(check_game(game))
    engine = engine_for(game.id)
    report.problems.extend(example_problems(game, engine.info.editions if engine else ()))
    report.problems.extend(typography_problems(game))
    unsound = bool(report.problems)  # what an engine reads did not load whole: it must not run
    report.problems.extend(icon_problems(game))
    report.problems.extend(leading_out(game_files(game), game.project))
    found, report.warnings = check_pictures(game)
    report.problems.extend(found)
    report.warnings += stale_schema(game)
    if engine is not None:
        report.engine = engine.info.name
        if unsound:  # only what reads each card alone
            report.problems.extend(getattr(engine, "check_cards", lambda _: [])(game))
            report.engine_skipped = True
            listed = f" ({', '.join(engine.info.checks)})" if engine.info.checks else ""
            report.skipped.append(
                f"the {engine.info.name} rules engine's checks{listed} were not run beyond "
                "each card's own: they need every card and example loaded and valid; fix the "
                "problems above and check again")
        else:
            result = engine.check(game)
            report.problems.extend(result.problems)
            report.examples = result.examples
    report.problems.sort(key=lambda p: p.location)
    return report


def deck_schema(game_id: str, config: GameConfig) -> str:
    """The deck files' JSON Schema as `publish schema` writes it: game.yaml's kinds, decks and
    fields, with the effects the game's engine (if any) reads."""
    engine = engine_for(game_id)
    schema = json_schema(config, engine.effect_schema() if engine is not None else None)
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def stale_schema(game: Game) -> list[Problem]:
    """The game's deck schema, if it keeps one, no longer matching game.yaml: editors would
    complete and flag the deck files by the old kinds, fields and decks."""
    path = game.root / SCHEMA_FILE
    if not path.is_file():
        return []
    try:
        kept = json.loads(read_text(path, game.project))
    except (ProblemsFound, ValueError):
        kept = None
    if kept == json.loads(deck_schema(game.id, game.config)):
        return []
    return [Problem(Location(path), f"out of date with game.yaml (its kinds, decks or fields): "
                                    f"publish schema --game {game.id} -o cards/{game.id}/"
                                    f"{SCHEMA_FILE}")]
