"""Card queries of rules texts: `deck=market kind=natural`, `tag=a,b`, `number=001-056`.

A rules text that lists cards names a query instead of the cards, so the
list printed is always the one the data gives.  Fields are the game's own:
deck, kind, its group field (and ``group`` as an alias), tag and number;
``block`` keeps the cards that have a text block of that kind and shows only
those blocks (a bot's actions in one state, say).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from publish.core.problems import PublishError, did_you_mean
from publish.model.game import Card, Game

SHOWS = ("inline", "list", "table")


class QueryError(PublishError, ValueError):
    """A query that names an unknown field or value, or matches nothing."""


@dataclass(frozen=True)
class CardQuery:
    """Conditions that must all hold; each is a set of accepted values."""

    conditions: dict[str, frozenset[str]] = field(default_factory=dict)
    show: str | None = None
    text: str = ""
    blocks: frozenset[str] = frozenset()

    def matches(self, game: Game, card: Card) -> bool:
        return all(_value_matches(game, card, name, accepted)
                   for name, accepted in self.conditions.items())

    def select(self, game: Game) -> list[Card]:
        """The matching cards in number order; a query that matches none is an error."""
        found = sorted((c for c in game.cards if self.matches(game, c)), key=lambda c: c.number)
        if not found:
            raise QueryError(f"{{cards {self.text}}} matches no card; check the query")
        return found


def _value_matches(game: Game, card: Card, name: str, accepted: frozenset[str]) -> bool:
    if name == "deck":
        return any(deck in accepted for deck in card.copies)
    if name == "kind":
        return card.kind in accepted
    if name == "group":
        return card.group in accepted
    if name == "tag":
        return any(tag in accepted for tag in card.tags)
    if name == "number":
        return any(_in_range(card.number, spec) for spec in accepted)
    if name == "block":
        return any(block.kind in accepted for block in card.blocks)
    raise AssertionError(name)


def _in_range(number: str, spec: str) -> bool:
    low, _, high = spec.partition("-")
    return int(low) <= int(number) <= int(high or low)


def _vocabulary(game: Game) -> dict[str, list[str]]:
    config = game.config
    known = {"deck": list(config.decks), "kind": list(config.card_kinds),
             "tag": list(config.tags), "block": list(config.text_blocks)}
    if config.groups:
        known["group"] = list(config.groups.values)
    return known


def parse_query(text: str, game: Game) -> CardQuery:
    """Parse ``text`` against the game's vocabulary; raise QueryError naming what is wrong."""
    config = game.config
    group_field = config.groups.field if config.groups else "group"
    known = _vocabulary(game)
    fields = [*known, "number", "as"] + ([group_field] if group_field != "group" else [])
    conditions: dict[str, frozenset[str]] = {}
    show = None
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise QueryError(f"{{cards {text}}}: {exc}") from None
    if not words:
        raise QueryError("{cards} needs a query, for example {cards deck=market kind=natural}")
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not value:
            raise QueryError(f"'{word}' in {{cards {text}}}: write field=value "
                             f"(fields: {', '.join(fields)})")
        if name not in fields:
            raise QueryError(f"unknown field '{name}' in {{cards {text}}}"
                             f"{did_you_mean(name, fields)}; fields: {', '.join(fields)}")
        if name == "as":
            if value not in SHOWS:
                raise QueryError(f"as={value} in {{cards {text}}}: use one of {', '.join(SHOWS)}")
            show = value
            continue
        key = "group" if name == group_field else name
        values = [v for v in value.split(",") if v]
        for v in values:
            if key == "number":
                _check_range(v, text, config.number_digits)
            elif v not in known[key]:
                raise QueryError(f"unknown {name} '{v}' in {{cards {text}}}"
                                 f"{did_you_mean(v, known[key])}; known: {', '.join(known[key])}")
        if key in conditions:
            raise QueryError(f"{name} given twice in {{cards {text}}}: "
                             "join the values with a comma")
        conditions[key] = frozenset(values)
    return CardQuery(conditions, show, text, conditions.get("block", frozenset()))


def _check_range(spec: str, text: str, digits: int) -> None:
    low, _, high = spec.partition("-")
    if not (low.isdigit() and (high.isdigit() or not high)) or (high and int(high) < int(low)):
        raise QueryError(f"number={spec} in {{cards {text}}}: write a number ({'0' * digits}) "
                         f"or a range (low-high)")
