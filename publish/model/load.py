"""Load a game from its YAML sources into the typed model, collecting every problem.

A game lives in ``cards/<game>/``: ``game.yaml`` and ``decks/*.yaml``.  Each
deck file names its deck; a card listed there belongs to that deck unless
its ``copies`` say otherwise (natural cards recur in several decks but are
defined once, with one number).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import project_root, read_text, sources
from publish.core.yamlsource import SourceMap, load_yaml
from publish.model.cardschema import card_model, deck_file_model
from publish.model.game import Card, Game, GameConfig, TextBlock
from publish.model.schemaproblems import problems_from

GAME_FILE = "game.yaml"
DECKS_DIR = "decks"
MAX_CARDS = 10_000
"""The most cards a game may have: far above any printed game (a 5,000-card game checks in a
second or two); past it, memory and build time would grow with whatever a file holds."""


def find_root(start: Path | None = None) -> Path:
    """The project root: the nearest folder upwards that has a ``cards/`` folder."""
    here = (start or Path.cwd()).resolve()
    root = project_root(here)
    if root is not None:
        return root
    raise ProblemsFound([Problem(Location(here), "no cards/ folder here or above; "
                                 "run from a project folder or pass --project")])


def game_ids(root: Path) -> list[str]:
    """Every game of the project: the folders of cards/ that have a game.yaml."""
    return sorted(p.parent.name for p in (root / "cards").glob(f"*/{GAME_FILE}")
                  if not p.parent.name.startswith(".") and p.is_file())


def default_game(root: Path) -> str:
    """The game named by ``[tool.publish] default-game``, or the only game there is."""
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        try:
            with pyproject.open("rb") as fh:
                name = tomllib.load(fh).get("tool", {}).get("publish", {}).get("default-game")
        except (OSError, tomllib.TOMLDecodeError, AttributeError) as exc:
            raise ProblemsFound([Problem(Location(pyproject, 1, 1), (
                f"cannot read [tool.publish] default-game: {exc}; fix the file or pass "
                "--game"))]) from exc
        if name:
            return str(name)
    games = game_ids(root)
    if len(games) == 1:
        return games[0]
    raise ProblemsFound([Problem(Location(root / "cards"),
                                 f"several games ({', '.join(games)}): choose one with --game")])


def _validate(model: type[BaseModel], data: Any, where: SourceMap) -> tuple[Any, list[Problem]]:
    try:
        return model.model_validate(data), []
    except ValidationError as err:
        return None, problems_from(err, data, where, model)


def load_config(game_dir: Path) -> tuple[GameConfig, SourceMap]:
    """Read and validate ``game.yaml``; raise ProblemsFound if it is not usable."""
    path = game_dir / GAME_FILE
    if not path.is_file():
        raise ProblemsFound([Problem(Location(path), "missing game.yaml")])
    data, where = load_yaml(path, read_text(path, game_dir.parent.parent))
    config, problems = _validate(GameConfig, data, where)
    if problems:
        raise ProblemsFound(problems)
    return config, where


def _block(item: dict[str, Any]) -> TextBlock:
    effect = item.get("effect")
    kind, body = next((k, v) for k, v in item.items() if k != "effect" and v is not None)
    return TextBlock(kind, body, effect)


def _own_fields(raw: dict[str, Any], config: GameConfig) -> dict[str, Any]:
    """The game's declared fields of one card, each card's value or the field's default."""
    return {field_id: raw[field_id] if raw.get(field_id) is not None else spec.default
            for field_id, spec in config.fields.items()}


def _cards_of(
    entries: list[Any], deck: str, model: type[BaseModel], where: SourceMap, config: GameConfig,
    incomplete: set[str],
) -> list[Card]:
    """The cards of one file that are valid; ``incomplete`` gets the decks of those that are
    not (this file's, and those their copies name: their counts cannot be checked)."""
    cards = []
    for index, entry in enumerate(entries):
        try:
            parsed = model.model_validate(entry)
        except ValidationError:  # already reported with the whole file
            incomplete.add(deck)
            copies = entry.get("copies") if isinstance(entry, dict) else None
            if isinstance(copies, dict):
                incomplete.update(d for d in copies if isinstance(d, str))
            continue
        raw = parsed.model_dump()
        copies = raw.pop("copies")
        copies = {deck: copies} if isinstance(copies, int) else dict(copies)
        group = raw.get(config.groups.field) if config.groups else None
        card = Card(
            number=raw["number"],
            name=raw["name"],
            kind=raw["kind"],
            group=group,
            copies=copies,
            blocks=_blocks(raw["text"]),
            notes=raw["notes"],
            home_deck=deck,
            source=where,
            path=("cards", index),
            text_size=raw["text_size"],
            shrink_to_fit=raw["shrink_to_fit"],
            tags=tuple(raw.get("tags", ())),
            per_player=raw["per_player"],
            fields=_own_fields(raw, config),
            back=raw.get("back"),
        )
        if raw.get("back_face") is not None:
            card.back_face = _back_face(card, raw["back_face"], config)
        cards.append(card)
    return cards


def _blocks(text: str | list[dict[str, Any]]) -> list[TextBlock]:
    return [TextBlock(None, text)] if isinstance(text, str) else [_block(item) for item in text]


def _back_face(card: Card, raw: dict[str, Any], config: GameConfig) -> Card:
    """A card's second face: its own name, text and fields; the rest is the card's."""
    return replace(card, name=raw["name"], blocks=_blocks(raw["text"]), notes="",
                   path=(*card.path, "back_face"), tags=(), fields=_own_fields(raw, config),
                   back=None, back_face=None)


def cards_from(entries: list[tuple[tuple[object, ...], Any]], deck: str, where: SourceMap,
               config: GameConfig) -> tuple[list[Card], list[Problem]]:
    """Card entries written elsewhere than a deck file (a balance study's variant), each
    with its path in ``where``: checked by the game's card schema, problems located there;
    the cards that are valid, ``deck`` their home deck."""
    model = card_model(config)
    cards: list[Card] = []
    problems: list[Problem] = []
    for path, entry in entries:
        try:
            model.model_validate(entry)
        except ValidationError as err:
            problems.extend(problems_from(err, entry, where, model, prefix=path))
            continue
        [card] = _cards_of([entry], deck, model, where, config, set())
        card.path = path
        cards.append(card)
    return cards, problems


def load_game(
    root: Path, game_id: str, texts: Mapping[Path, str] | None = None
) -> tuple[Game | None, list[Problem]]:
    """Load ``cards/<game_id>``; return the game (None if unusable) and every problem.

    ``texts``: deck files' contents to read instead of the files (by path), so
    that a would-be version of them is checked exactly as the files would be.
    """
    game_dir = root / "cards" / game_id
    if game_id not in game_ids(root):  # a folder's own name: never '..', '/' or hidden
        known = ", ".join(game_ids(root)) or "none"
        return None, [Problem(Location(game_dir), f"no game '{game_id}' (games here: {known})")]
    try:
        config, config_source = load_config(game_dir)
    except ProblemsFound as found:
        return None, found.problems
    deck_model = deck_file_model(config)
    one_card = card_model(config)
    problems: list[Problem] = []
    cards: list[Card] = []
    deck_sources: dict[str, Location] = {}
    incomplete: set[str] = set()
    files = sources(game_dir / DECKS_DIR, "*.yaml")
    if not files:
        problems.append(Problem(Location(game_dir / DECKS_DIR), "no deck files (*.yaml) here"))
    for path in files:
        try:
            text = (texts or {}).get(path)
            data, where = load_yaml(path, read_text(path, root) if text is None else text)
        except ProblemsFound as found:
            problems.extend(found.problems)
            incomplete.add("*")
            continue
        _, deck_problems = _validate(deck_model, data, where)
        problems.extend(deck_problems)
        deck = data.get("deck") if isinstance(data, dict) else None
        entries = data.get("cards") if isinstance(data, dict) else None
        if deck not in config.decks or not isinstance(entries, list):
            incomplete.add("*")
            continue
        deck_sources.setdefault(deck, where.locate(("deck",)))
        if len(cards) + len(entries) > MAX_CARDS:
            problems.append(Problem(where.locate(("cards", MAX_CARDS - len(cards))), (
                f"more than {MAX_CARDS:,} cards in the game: no game needs so many")))
            incomplete.add("*")
            break
        cards.extend(_cards_of(entries, deck, one_card, where, config, incomplete))
    game = Game(id=game_id, root=game_dir, config=config, cards=cards,
                config_source=config_source, deck_sources=deck_sources, incomplete=incomplete)
    return game, problems
