"""A card's text blocks as the engine reads them: each block's ``effect`` validated
against the effect schema.  The engine, the lint and the plug-in all read
blocks through here, so none of them depends on another to do it.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from publish.core.problems import Problem
from publish.games.agencia.effects import Action, Rule
from publish.model.game import Card
from publish.model.schemaproblems import problems_from

EFFECT_TYPES: dict[str, Any] = {"direct": list[Action], "general": list[Rule]}
ADAPTERS = {kind: TypeAdapter(kind_type) for kind, kind_type in EFFECT_TYPES.items()}


def block_effects(card: Card) -> list[tuple[int, str, list[Any]]]:
    """(block index, kind, parsed effect) for every block of a card with a valid effect."""
    parsed = []
    for index, block in enumerate(card.blocks):
        kind = block.kind or ""  # a block without a kind has no adapter
        adapter = ADAPTERS.get(kind)
        if adapter is None or block.effect is None:
            continue
        try:
            parsed.append((index, kind, adapter.validate_python(block.effect)))
        except ValidationError:
            continue
    return parsed


def effect_problems(card: Card) -> list[Problem]:
    """Schema problems of every block's structured effect, located in the deck file."""
    problems: list[Problem] = []
    for index, block in enumerate(card.blocks):
        label = f"card {card.number} text[{index + 1}].effect"
        if block.effect is None:
            problems.append(Problem(
                card.where("text", index),
                f"card {card.number} ({card.name}) text[{index + 1}]: no structured effect; "
                f"write an 'effect:' for this {block.kind} block (see deck.schema.json)"))
            continue
        adapter = ADAPTERS.get(block.kind or "")
        if adapter is None:
            problems.append(Problem(card.where("text", index),
                                    f"{label}: the engine knows no '{block.kind}' block"))
            continue
        try:
            adapter.validate_python(block.effect)
        except ValidationError as error:
            problems.extend(problems_from(error, block.effect, card.source,
                                          EFFECT_TYPES[block.kind or ""],
                                          prefix=(*card.path, "text", index, "effect"),
                                          label=label))
    return problems


def effect_schema() -> dict[str, Any]:
    """JSON Schema of a block's `effect`: actions (direct) or rules (general)."""
    schema = TypeAdapter(list[Action] | list[Rule]).json_schema(
        ref_template="#/$defs/{model}")
    schema["description"] = ("structured effect run by the rules engine: a list of actions "
                             "for a direct block, of standing rules for a general block")
    return schema
