"""Card-file models built from a game's declarations, and their JSON Schema.

Decks, kinds, groups and text blocks are enumerations taken from game.yaml,
so a typo is caught with a suggestion and an editor pointed at the exported
schema can complete them while a designer types.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    create_model,
)

from publish.model import GameConfig
from publish.problems import Problem, did_you_mean
from publish.yamlsource import SourceMap

_EXPECTED = {
    "string_type": "text",
    "int_type": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "dict_type": "a mapping (key: value)",
    "model_type": "a mapping (key: value)",
    "list_type": "a list",
    "tuple_type": "a list",
}


def _literal(values: list[str]) -> Any:
    return Literal[tuple(values)]  # type: ignore[valid-type]


def _number_text(digits: int):
    def normalise(value: Any) -> Any:
        # A bare 49 in YAML means card "049"; leading-zero forms arrive as text already.
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**digits:
            return f"{value:0{digits}d}"
        return value

    return normalise


def card_model(game: GameConfig) -> type[BaseModel]:
    """The pydantic model of one card entry of this game's deck files."""
    decks = _literal(list(game.decks))
    kinds = _literal(list(game.card_kinds))
    digits = game.number_digits
    fields: dict[str, Any] = {
        "number": (
            Annotated[
                str,
                Field(pattern=rf"^\d{{{digits}}}$"),
                BeforeValidator(_number_text(digits)),
                WithJsonSchema(
                    {
                        "anyOf": [
                            {"type": "string", "pattern": rf"^\d{{{digits}}}$"},
                            {"type": "integer", "minimum": 0, "maximum": 10**digits - 1},
                        ],
                        "description": f"the card's id: {digits} digits, quoted (\"007\")",
                    }
                ),
            ],
            ...,
        ),
        "name": (Annotated[str, Field(min_length=1, description="as printed on the card")], ...),
        "kind": (kinds, Field(game.default_kind, description="card kind from game.yaml"))
        if game.default_kind
        else (kinds, ...),
        "copies": (
            Annotated[int, Field(ge=1)] | dict[decks, Annotated[int, Field(ge=1)]],
            Field(1, description="copies in this file's deck, or a mapping of deck to copies"),
        ),
        "notes": (str, Field("", description="the card list's observations (Markdown)")),
        "text_size": (
            float | None,
            Field(None, gt=0, description="override of the effect text size, in points"),
        ),
    }
    if game.groups:
        groups = _literal(list(game.groups.values))
        fields[game.groups.field] = (groups | None, Field(None, description=game.groups.label))
    if game.text_blocks:
        block = Annotated[
            dict[_literal(list(game.text_blocks)), Annotated[str, Field(min_length=1)]],
            Field(min_length=1, max_length=1),
        ]
        fields["text"] = (
            Annotated[list[block], Field(min_length=1)],
            Field(..., description="effect text as printed, block by block"),
        )
    else:
        fields["text"] = (Annotated[str, Field(min_length=1)], ...)
    return create_model(
        "Card",
        __config__=ConfigDict(extra="forbid", strict=True),
        **fields,
    )


def deck_file_model(game: GameConfig) -> type[BaseModel]:
    """The pydantic model of a deck file: its deck and its list of cards."""
    return create_model(
        "DeckFile",
        __config__=ConfigDict(extra="forbid", strict=True, title=f"{game.name}: deck file"),
        deck=(_literal(list(game.decks)), Field(..., description="the deck these cards belong to")),
        cards=(list[card_model(game)], Field(..., min_length=1)),
    )


def json_schema(game: GameConfig) -> dict[str, Any]:
    """JSON Schema of this game's deck files, for editors and other tools."""
    schema = deck_file_model(game).model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def _walk(data: Any, loc: tuple[Any, ...]) -> tuple[tuple[Any, ...], bool]:
    """Keep the parts of a pydantic location that exist in the data.

    Pydantic adds union member names ('int', 'dict[...]') and '[key]' markers
    to locations; they are not places in the file.  Returns the path and
    whether it ends on a mapping key.
    """
    path: list[Any] = []
    node = data
    on_key = False
    for part in loc:
        if part == "[key]":
            on_key = True
            break
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_dict or in_list:
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and not path:
            # a field missing at top level: stays, so the message can name it
            path.append(part)
            break
        else:
            continue
        path.append(part)
    return tuple(path), on_key


def _name(data: Any, path: tuple[Any, ...]) -> str:
    """A reader's name for a place: 'card 004 text[2].drect' rather than 'cards.0.text.1'."""
    parts: list[str] = []
    if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
        entry = data["cards"][path[1]] if isinstance(data, dict) else None
        number = entry.get("number") if isinstance(entry, dict) else None
        parts.append(f"card {number}" if number else f"card #{path[1] + 1}")
        path = path[2:]
    dotted = ""
    for part in path:
        dotted += f"[{part + 1}]" if isinstance(part, int) else f".{part}" if dotted else str(part)
    if dotted:
        parts.append(dotted)
    return " ".join(parts) or "document"


def _describe(value: Any) -> str:
    kind = {str: "text", int: "a number", float: "a number", bool: "true/false",
            dict: "a mapping", list: "a list", type(None): "nothing"}.get(type(value), "a value")
    if isinstance(value, (dict, list)):
        return kind
    return f"{kind} {value!r}"


def problems_from(
    error: ValidationError, data: Any, where: SourceMap, model: type[BaseModel]
) -> list[Problem]:
    """Translate a pydantic error into located, plain-language problems."""
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    precise: list[tuple[Any, ...]] = []
    problems: list[Problem] = []
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        path, on_key = _walk(data, loc)
        kind = err["type"]
        name = _name(data, path)
        if kind not in _EXPECTED:
            precise.append(path)
        if kind == "extra_forbidden":
            parent = path[:-1]
            allowed = _fields_at(model, parent)
            message = f"unknown field '{path[-1]}'{did_you_mean(path[-1], allowed)}"
            problems.append(Problem(where.locate(path, key=True), message))
        elif kind == "missing":
            field_name = loc[-1]
            parent = path[:-1] if path and path[-1] == field_name else path
            owner = f"{_name(data, parent)}: " if parent else ""
            problems.append(Problem(where.locate(parent), f"{owner}missing field '{field_name}'"))
        elif kind in ("literal_error", "enum"):
            expected = _choices(err)
            value = err["input"]
            what = f"unknown value '{value}'" if not on_key else f"unknown key '{value}'"
            target = where.locate((*path, value), key=True) if on_key else where.locate(path)
            problems.append(
                Problem(
                    target,
                    f"{name}: {what}{did_you_mean(value, expected)}; expected one of: "
                    + ", ".join(expected),
                )
            )
        elif kind == "string_pattern_mismatch":
            pattern = err.get("ctx", {}).get("pattern", "")
            problems.append(Problem(where.locate(path), f"{name}: {err['input']!r} does not "
                                                        f"have the expected form {pattern}"))
        elif kind in _EXPECTED:
            slot = merged.setdefault(path, {"expected": [], "input": err["input"]})
            slot["expected"].append(_EXPECTED[kind])
        else:
            problems.append(Problem(where.locate(path), f"{name}: {err['msg']}"))
    for path, slot in merged.items():
        # A union (number or mapping) reports a type error for the member that did
        # not apply; when the other member found something more precise, keep that.
        if any(other[: len(path)] == path for other in precise):
            continue
        name = _name(data, path)
        expected = " or ".join(dict.fromkeys(slot["expected"]))
        problems.append(
            Problem(
                where.locate(path),
                f"wrong type for '{name}': expected {expected}, got {_describe(slot['input'])}",
            )
        )
    return sorted(problems, key=lambda p: p.location)


def _choices(err: dict[str, Any]) -> list[str]:
    expected = err.get("ctx", {}).get("expected", "")
    return [part.strip(" '") for part in expected.replace(" or ", ",").split(",") if part.strip()]


def _fields_at(model: type[BaseModel], path: tuple[Any, ...]) -> list[str]:
    """Field names the model accepts at ``path``, read from its JSON Schema."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})

    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        while True:
            if "$ref" in node:
                node = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
            elif "anyOf" in node:
                node = next(
                    (n for n in node["anyOf"] if "$ref" in n or "properties" in n or "items" in n),
                    {},
                )
            else:
                return node

    node = resolve(schema)
    for part in path:
        if isinstance(part, int):
            node = resolve(node.get("items", {}))
        else:
            node = resolve(node.get("properties", {}).get(part, {}))
    return list(node.get("properties", {}))
