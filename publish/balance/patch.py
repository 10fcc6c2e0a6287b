"""A what-if variant of a game, for a balance study only: a patch file read and checked.

```yaml
name: 052 without its crisis     # how the report names it (default: the file's name)
change:                          # cards changed: the keys to replace, as the deck file writes them
  "052":
    copies: 1
    text:
      - direct: "..."
        effect: {...}
remove: ["017"]                  # cards taken out of every deck
add:                             # new cards, by deck, as a deck file lists them
  main:
    - number: "900"
      name: A new card
      text: "..."
```

The patched game is made in memory from the loaded one: the game's files are
never written.  Each changed or added card is checked by the game's own card
schema and by the engine's checks of single cards (``check_cards``), and each
problem is located in the patch file, as a deck file's would be.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from publish.core.problems import Location, Problem, ProblemsFound, did_you_mean
from publish.core.yamlsource import SourceMap, load_yaml
from publish.engines.protocol import Engine
from publish.model.game import Card, Game
from publish.model.load import cards_from

KEYS = ("name", "game", "change", "remove", "add")


@dataclass(frozen=True)
class Variant:
    """A game changed for a study: its name, the patched game, and what the patch touched."""

    name: str
    game: Game
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    added: tuple[str, ...] = ()
    source: str = ""
    """Where it comes from, as the report says it: the patch file, or the study option."""

    @property
    def touched(self) -> tuple[str, ...]:
        return (*self.changed, *self.removed, *self.added)


def read_variant(game: Game, engine: Engine, path: Path, shown: str | None = None) -> Variant:
    """The variant ``path`` describes; ProblemsFound, located in the file, if it cannot be
    played.  ``shown``: how the report names the file (default: the path as given)."""
    data, where = load_yaml(path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ProblemsFound([Problem(Location(path, 1, 1), "a variant is a mapping of keys: "
                                     + ", ".join(KEYS))])
    problems = [Problem(where.locate((key,), key=True), f"unknown key '{key}'"
                        f"{did_you_mean(key, KEYS)}; a variant knows: {', '.join(KEYS)}")
                for key in data if key not in KEYS]
    if data.get("game") not in (None, game.id):
        problems.append(Problem(where.locate(("game",)), f"this variant is for "
                                f"'{data['game']}', not '{game.id}'"))
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(where.locate(("name",)), "name: a few words"))
        name = path.stem
    by_number = {card.number: card for card in game.cards}
    changed, change_problems = _changes(game, data.get("change"), where, by_number)
    removed = list(_removals(data.get("remove"), where, by_number, problems))
    added, add_problems = _additions(game, data.get("add"), where, by_number)
    problems += change_problems + add_problems
    clash = set(changed) & set(removed)
    for number in sorted(clash):
        problems.append(Problem(where.locate(("change", number), key=True),
                                f"card {number} is both changed and removed"))
    if not (changed or removed or added) and not problems:
        problems.append(Problem(Location(path, 1, 1), "this variant changes nothing: give "
                                "change, remove or add"))
    if problems:
        raise ProblemsFound(sorted(problems, key=lambda p: (p.location.line or 0,
                                                            p.location.col or 0)))
    cards = [changed.get(card.number, card) for card in game.cards
             if card.number not in removed] + added
    patched = dataclasses.replace(game, cards=cards)
    touched = {*changed, *(card.number for card in added)}
    found = [p for card in patched.cards if card.number in touched
             for p in _card_problems(engine, patched, card)]
    if found:
        raise ProblemsFound(found)
    return Variant(name.strip(), patched, tuple(sorted(changed)), tuple(sorted(removed)),
                   tuple(card.number for card in added), shown or str(path))


def removal(game: Game, number: str) -> Variant:
    """The game without card ``number``: one step of a card-importance study."""
    return Variant(f"without {number}", dataclasses.replace(
        game, cards=[card for card in game.cards if card.number != number]),
        removed=(number,), source="importance")


def _card_problems(engine: Engine, game: Game, card: Card) -> list[Problem]:
    """The engine's checks of single cards, for this card alone."""
    alone = dataclasses.replace(game, cards=[card])
    return engine.check_cards(alone)


def _raw_entry(card: Card) -> dict[str, Any]:
    """The card's entry as its deck file writes it."""
    data, _ = load_yaml(card.source.path)
    entry = data
    for step in card.path:
        entry = entry[step]
    return dict(entry)


def _changes(game: Game, value: Any, where: SourceMap, by_number: dict[str, Card]
             ) -> tuple[dict[str, Card], list[Problem]]:
    if value is None:
        return {}, []
    if not isinstance(value, dict):
        return {}, [Problem(where.locate(("change",)), "change: card numbers, each with the "
                            "keys to replace")]
    problems: list[Problem] = []
    entries: dict[str, list[tuple[tuple[object, ...], Any]]] = {}
    for number, keys in value.items():
        number = str(number)
        card = by_number.get(number)
        if card is None:
            problems.append(Problem(where.locate(("change", number), key=True),
                                    f"no card {number} in {game.id}"
                                    f"{did_you_mean(number, by_number)}"))
            continue
        if not isinstance(keys, dict) or not keys:
            problems.append(Problem(where.locate(("change", number)),
                                    f"card {number}: the keys to replace, as its deck file "
                                    "writes them (text, copies, ...)"))
            continue
        if "number" in keys and str(keys["number"]) != number:
            problems.append(Problem(where.locate(("change", number, "number")),
                                    "a card's number cannot change: remove it and add another"))
            continue
        entries.setdefault(card.home_deck, []).append(
            (("change", number), {**_raw_entry(card), **keys}))
    cards: dict[str, Card] = {}
    for deck, listed in entries.items():
        made, found = cards_from(listed, deck, where, game.config)
        problems += found
        cards.update((card.number, card) for card in made)
    return cards, problems


def _removals(value: Any, where: SourceMap, by_number: dict[str, Card],
              problems: list[Problem]) -> Iterator[str]:
    if value is None:
        return
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        problems.append(Problem(where.locate(("remove",)), "remove: a list of card numbers"))
        return
    for index, number in enumerate(value):
        number = str(number)
        if number not in by_number:
            problems.append(Problem(where.locate(("remove", index)), f"no card {number}"
                                    f"{did_you_mean(number, by_number)}"))
        else:
            yield number


def _additions(game: Game, value: Any, where: SourceMap, by_number: dict[str, Card]
               ) -> tuple[list[Card], list[Problem]]:
    if value is None:
        return [], []
    decks = list(game.config.decks)
    if not isinstance(value, dict):
        return [], [Problem(where.locate(("add",)), "add: deck ids, each with a list of cards "
                            "as its deck file lists them")]
    problems: list[Problem] = []
    cards: list[Card] = []
    seen = set(by_number)
    for deck, entries in value.items():
        if deck not in decks:
            problems.append(Problem(where.locate(("add", deck), key=True), f"no deck '{deck}'"
                                    f"{did_you_mean(str(deck), decks)}; decks: "
                                    f"{', '.join(decks)}"))
            continue
        if not isinstance(entries, list):
            problems.append(Problem(where.locate(("add", deck)), "a list of cards"))
            continue
        made, found = cards_from([(("add", deck, i), e) for i, e in enumerate(entries)], deck,
                                 where, game.config)
        problems += found
        for card in made:
            if card.number in seen:
                problems.append(Problem(card.where("number"), f"card {card.number} is already "
                                        "in the game: change it, or give another number"))
            else:
                seen.add(card.number)
                cards.append(card)
    return cards, problems
