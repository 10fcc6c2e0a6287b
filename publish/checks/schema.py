"""The deck files' JSON Schema, as `publish schema` writes it, and the check that a game's
kept copy still matches its game.yaml."""

from __future__ import annotations

import json

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import read_text
from publish.engines.protocol import Engine
from publish.model.cardschema import SCHEMA_FILE, json_schema
from publish.model.game import Game, GameConfig


def deck_schema(config: GameConfig, engine: Engine | None) -> str:
    """The deck files' JSON Schema: game.yaml's kinds, decks and fields, with the effects
    the game's engine (if any) reads."""
    schema = json_schema(config, engine.effect_schema() if engine is not None else None)
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def stale_schema(game: Game, engine: Engine | None) -> list[Problem]:
    """The game's deck schema, if it keeps one, no longer matching game.yaml: editors would
    complete and flag the deck files by the old kinds, fields and decks."""
    path = game.root / SCHEMA_FILE
    if not path.is_file():
        return []
    try:
        kept = json.loads(read_text(path, game.project))
    except (ProblemsFound, ValueError):
        kept = None
    if kept == json.loads(deck_schema(game.config, engine)):
        return []
    return [Problem(Location(path), f"out of date with game.yaml (its kinds, decks or fields): "
                                    f"publish schema --game {game.id} -o cards/{game.id}/"
                                    f"{SCHEMA_FILE}")]
