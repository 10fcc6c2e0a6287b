"""Card-file models built from a game's declarations, and their JSON Schema.

Decks, kinds, groups and text blocks are enumerations taken from game.yaml,
so a typo is caught with a suggestion and an editor pointed at the exported
schema can complete them while a designer types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
    create_model,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from publish.core.problems import Problem, did_you_mean
from publish.core.yamlsource import SourceMap
from publish.model.game import FORMS, FieldSpec, GameConfig

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
    """A Literal of ``values`` made at run time; mypy takes it in a type if held as Any."""
    return Literal[tuple(values)]


MAX_NAME = 200
"""The longest card name (or tag), in characters: one line on a card, and a build's time grows
with it (a name of a million characters kept a build busy for ten minutes)."""
MAX_TEXT = 5_000
"""The longest text block or text field: far more than a card face holds."""
MAX_NOTES = 20_000
"""The longest notes, printed in the manual's card list."""


def _number_text(digits: int):
    def normalise(value: Any) -> Any:
        # A bare 49 in YAML means card "049"; leading-zero forms arrive as text already.
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**digits:
            return f"{value:0{digits}d}"
        return value

    return normalise


def _block_model(game: GameConfig) -> type[BaseModel]:
    """A text block: exactly one printed text, keyed by its kind, and its structured effect.

    The effect is opaque here (the core knows no game's vocabulary); the game's
    rules engine validates it and supplies its JSON Schema for editors.
    """
    kinds = list(game.text_blocks)
    text = Annotated[str | None, Field(min_length=1, max_length=MAX_TEXT)]
    described = {"description": "structured effect, checked by the game's engine"}
    fields: dict[str, Any] = {kind: (text, None) for kind in kinds}
    fields["effect"] = (Annotated[Any, WithJsonSchema(described)], None)

    def one_text(block: BaseModel) -> BaseModel:
        given = [kind for kind in kinds if getattr(block, kind) is not None]
        if len(given) != 1:
            raise ValueError(
                f"a text block holds exactly one of {', '.join(kinds)} (found "
                f"{', '.join(given) or 'none'})"
            )
        return block

    # create_model's hints ask for plain callables; what it reads is a decorated validator
    validators: dict[str, Any] = {"one_text": model_validator(mode="after")(one_text)}
    return create_model(
        "TextBlock",
        __config__=ConfigDict(extra="forbid", strict=True),
        __validators__=validators,
        **fields,
    )


def _number_type(digits: int) -> Any:
    """A card number: ``digits`` digits, written quoted or as a whole number."""
    return Annotated[
        str,
        Field(pattern=rf"^[0-9]{{{digits}}}$"),
        BeforeValidator(_number_text(digits)),
        WithJsonSchema(
            {
                "anyOf": [
                    {"type": "string", "pattern": rf"^[0-9]{{{digits}}}$"},
                    {"type": "integer", "minimum": 0, "maximum": 10**digits - 1},
                ],
                "description": f"the card's id: {digits} digits, quoted (\"007\")",
            }
        ),
    ]


IMAGE_PATTERN = r"^[^/\\:][^\\:]*\.([Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg]|[Ss][Vv][Gg])$"
"""A picture: a relative path, PNG, JPEG or SVG (that it stays inside the game folder and
exists is checked with the files: publish.model.images)."""


def _image_type(game: GameConfig) -> Any:
    path = Annotated[str, Field(pattern=IMAGE_PATTERN, description="a PNG, JPEG or SVG file, "
                                "its path relative to the game folder (art/001.png)")]
    locales: Any = _literal(list(game.locales.editions))
    return path | Annotated[dict[locales, path], Field(
        min_length=1, description="one file per edition (art with words in it); editions "
                                  "not given use the source locale's")]


def _field_type(game: GameConfig, spec: FieldSpec) -> Any:
    """The pydantic type of one declared field's value."""
    if spec.type == "integer":
        return Annotated[int, Field(ge=spec.min, le=spec.max)]
    if spec.type == "choice":
        return _literal(list(spec.choices or []))
    if spec.type == "tags":
        item: Any = (_literal(list(spec.choices)) if spec.choices
                else Annotated[str, Field(min_length=1, max_length=MAX_NAME)])
        return Annotated[list[item], Field(json_schema_extra={"uniqueItems": True})]
    if spec.type == "image":
        return _image_type(game)
    return Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]


def _declared_fields(game: GameConfig) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for field_id, spec in game.fields.items():
        kind = _field_type(game, spec)
        about = f"{spec.title(field_id)} ({spec.type})"
        if spec.required:
            fields[field_id] = (kind, Field(..., description=about))
        else:
            fields[field_id] = (kind | None, Field(None, description=about))
    return fields


def _text_field(game: GameConfig) -> tuple[Any, Any]:
    """A card's effect text: blocks of the game's kinds, or one text."""
    if game.text_blocks:
        block: Any = _block_model(game)
        return (Annotated[list[block], Field(min_length=1)],
                Field(..., description="effect text as printed, block by block"))
    return (Annotated[str, Field(min_length=1, max_length=MAX_TEXT)], ...)


def card_model(game: GameConfig) -> type[BaseModel]:
    """The pydantic model of one card entry of this game's deck files."""
    decks: Any = _literal(list(game.decks))
    kinds = _literal(list(game.card_kinds))
    digits = game.number_digits
    fields: dict[str, Any] = {
        "number": (_number_type(digits), ...),
        "name": (Annotated[str, Field(min_length=1, max_length=MAX_NAME,
                                      description="as printed on the card")], ...),
        "kind": (kinds, Field(game.default_kind, description="card kind from game.yaml"))
        if game.default_kind
        else (kinds, ...),
        "copies": (
            Annotated[int, Field(ge=1)] | dict[decks, Annotated[int, Field(ge=1)]],
            Field(1, description="copies in this file's deck, or a mapping of deck to copies"),
        ),
        "notes": (str, Field("", max_length=MAX_NOTES,
                             description="the card list's observations (Markdown)")),
        "text_size": (
            float | None,
            Field(None, gt=0, description="override of the effect text size, in points"),
        ),
        "shrink_to_fit": (
            float | None,
            Field(None, gt=0, le=1, description="the smallest share of its size this card's "
                  "text may shrink to when it overflows (default: game.yaml print.shrink_to_fit;"
                  " 1: never)"),
        ),
    }
    if game.groups:
        groups = _literal(list(game.groups.values))
        fields[game.groups.field] = (groups | None, Field(None, description=game.groups.label))
    if game.tags:
        tags: Any = _literal(list(game.tags))
        fields["tags"] = (
            Annotated[list[tags], Field(json_schema_extra={"uniqueItems": True})],
            Field(default_factory=list, description="card families (game.yaml tags)"),
        )
    fields["text"] = _text_field(game)
    fields.update(_declared_fields(game))
    fields["back"] = (_back_type(game) | None, Field(
        None, description="a back of game.yaml's backs, printed instead of the deck's"))
    fields["back_face"] = (_back_face_model(game) | None, Field(
        None, description="the card's second face, printed as its back: its name, text and "
                          "the game's fields (a double-faced card)"))
    validators: dict[str, Any] = {"one_back": model_validator(mode="after")(_one_back)}
    return create_model(
        "Card",
        __config__=ConfigDict(extra="forbid", strict=True),
        __validators__=validators,
        **fields,
    )


def _one_back(card: BaseModel) -> BaseModel:
    if getattr(card, "back", None) is not None and getattr(card, "back_face", None) is not None:
        raise PydanticCustomError("one_back", "a card has one back: either 'back' (a back of "
                                  "game.yaml's) or 'back_face' (a second face), not both")
    return card


def _no_backs(value: Any) -> Any:
    raise PydanticCustomError("no_backs", "game.yaml defines no backs: list them under "
                              "'backs' (an id, its name and colour) to name one here")


def _back_type(game: GameConfig) -> Any:
    """A back's id: one of game.yaml's backs."""
    if game.backs:
        return _literal(list(game.backs))
    return Annotated[str, BeforeValidator(_no_backs)]


def _back_face_model(game: GameConfig) -> type[BaseModel]:
    """A card's second face: a name, a text and the game's fields, as a card writes them;
    its number, kind, group and copies are the card's."""
    fields: dict[str, Any] = {
        "name": (Annotated[str, Field(min_length=1, max_length=MAX_NAME,
                                      description="as printed on this face")], ...),
        "text": _text_field(game),
        **_declared_fields(game),
    }
    return create_model("BackFace", __config__=ConfigDict(extra="forbid", strict=True),
                        **fields)


def deck_file_model(game: GameConfig) -> type[BaseModel]:
    """The pydantic model of a deck file: its deck and its list of cards."""
    card: Any = card_model(game)
    return create_model(
        "DeckFile",
        __config__=ConfigDict(extra="forbid", strict=True, title=f"{game.name}: deck file"),
        deck=(_literal(list(game.decks)), Field(..., description="the deck these cards belong to")),
        cards=(list[card], Field(..., min_length=1)),
    )


SCHEMA_FILE = "deck.schema.json"
"""Where a game keeps its deck files' schema, beside game.yaml (their first line points at it)."""


def json_schema(game: GameConfig, effect: dict[str, Any] | None = None) -> dict[str, Any]:
    """JSON Schema of this game's deck files, for editors and other tools.

    ``effect``: the schema of a block's structured effect, from the game's engine.
    """
    effect = dict(effect) if effect else None
    engine_defs = effect.pop("$defs", {}) if effect else {}
    schema = deck_file_model(game).model_json_schema()
    defs = schema.setdefault("$defs", {})
    if effect and "TextBlock" in defs:
        defs["TextBlock"]["properties"]["effect"] = effect
    clash = set(defs) & set(engine_defs)
    if clash:
        raise ValueError(f"engine schema names clash with the card schema: {sorted(clash)}")
    defs.update(engine_defs)
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


def _label(label: str, data: Any, path: tuple[Any, ...]) -> str:
    if not label:
        return _name(data, path)
    return label + "".join(f"[{p + 1}]" if isinstance(p, int) else f".{p}" for p in path)


def _describe(value: Any) -> str:
    kind = {str: "text", int: "a number", float: "a number", bool: "true/false",
            dict: "a mapping", list: "a list", type(None): "nothing"}.get(type(value), "a value")
    if isinstance(value, (dict, list)):
        return kind
    return f"{kind} {value!r}"


class _Prefixed:
    """A SourceMap seen from inside: paths are relative to ``prefix``."""

    def __init__(self, where: SourceMap, prefix: tuple[Any, ...]):
        self.where, self.prefix = where, prefix

    def locate(self, loc: tuple[Any, ...], *, key: bool = False) -> Any:
        return self.where.locate((*self.prefix, *loc), key=key)


def problems_from(
    error: ValidationError,
    data: Any,
    where: SourceMap,
    model: Any,
    *,
    prefix: tuple[Any, ...] = (),
    label: str = "",
) -> list[Problem]:
    """Translate a pydantic error into located, plain-language problems.

    ``data`` may be a part of a file: ``prefix`` is its path in ``where`` and
    ``label`` names it in messages ("card 004 text[1].effect").
    """
    if prefix:
        where = _Prefixed(where, prefix)  # type: ignore[assignment]
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    precise: list[tuple[Any, ...]] = []
    problems: list[Problem] = []
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        path, on_key = _walk(data, loc)
        kind = err["type"]
        if kind in _EXPECTED:
            slot = merged.setdefault(path, {"expected": [], "input": err["input"]})
            slot["expected"].append(_EXPECTED[kind])
            continue
        precise.append(path)
        found = _Found(err, where, data, model, label, loc, path, on_key)
        problems.append(_MESSAGES.get(kind, _plain)(found))
    for path, slot in merged.items():
        # A union (number or mapping) reports a type error for the member that did
        # not apply; when the other member found something more precise, keep that.
        if any(other[: len(path)] == path for other in precise):
            continue
        name = _label(label, data, path)
        expected = " or ".join(dict.fromkeys(slot["expected"]))
        problems.append(Problem(where.locate(path), f"wrong type for '{name}': expected "
                                                    f"{expected}, got {_describe(slot['input'])}"))
    return sorted(problems, key=lambda p: p.location)


@dataclass
class _Found:
    """One pydantic error, with where its value sits in the file."""

    err: ErrorDetails
    where: SourceMap
    data: Any
    model: Any
    label: str
    loc: tuple[Any, ...]
    path: tuple[Any, ...]
    on_key: bool

    @property
    def name(self) -> str:
        return _label(self.label, self.data, self.path)

    def owner(self, parent: tuple[Any, ...]) -> str:
        return f"{_label(self.label, self.data, parent)}: " if parent or self.label else ""


def _unknown_field(f: _Found) -> Problem:
    allowed = _fields_at(f.model, f.loc[:-1])
    field_name = f.path[-1]
    message = (f"{f.owner(f.path[:-1])}unknown field '{field_name}'"
               + (f"{did_you_mean(field_name, allowed)}; expected one of: {', '.join(allowed)}"
                  if allowed else ""))
    return Problem(f.where.locate(f.path, key=True), message)


def _missing(f: _Found) -> Problem:
    field_name = f.loc[-1]
    parent = f.path[:-1] if f.path and f.path[-1] == field_name else f.path
    return Problem(f.where.locate(parent), f"{f.owner(parent)}missing field '{field_name}'")


def _unknown_tag(f: _Found) -> Problem:
    ctx = f.err.get("ctx", {})
    expected = _choices({"ctx": {"expected": ctx.get("expected_tags", "")}})
    tag, value = ctx.get("discriminator", "").strip("'"), ctx.get("tag", "")
    return Problem(f.where.locate((*f.path, tag)), f"{f.name}: unknown {tag} '{value}'"
                   f"{did_you_mean(value, expected)}; expected one of: " + ", ".join(expected))


def _missing_tag(f: _Found) -> Problem:
    tag = f.err.get("ctx", {}).get("discriminator", "").strip("'")
    return Problem(f.where.locate(f.path), f"{f.name}: missing field '{tag}'")


def _unknown_value(f: _Found) -> Problem:
    expected = _choices(f.err)
    value = f.err["input"]
    what = (f"unknown value {_shown(value)}" if not f.on_key
            else f"unknown key {_shown(value)}")
    target = (f.where.locate((*f.path, value), key=True) if f.on_key
              else f.where.locate(f.path))
    return Problem(target, f"{f.name}: {what}{did_you_mean(value, expected)}; expected one "
                           "of: " + ", ".join(expected))


def _wrong_form(f: _Found) -> Problem:
    pattern = f.err.get("ctx", {}).get("pattern", "")
    value = f.err["input"]
    where = f.where.locate(f.path, key=f.on_key)
    form = FORMS.get(pattern, f"the form {pattern}")
    return Problem(where, f"{f.name}: {_shown(value)} is not {form}" if pattern in FORMS
                   else f"{f.name}: {_shown(value)} does not have the expected form {pattern}")


def _bound(f: _Found) -> Problem:
    ctx = f.err.get("ctx", {})
    if "le" in ctx:
        said = f"{_shown(f.err['input'])} is more than {ctx['le']}, the largest allowed"
    else:
        said = f"{_shown(f.err['input'])} is less than {ctx.get('ge')}, the smallest allowed"
    return Problem(f.where.locate(f.path), f"{f.name}: {said}")


def _shown(value: Any) -> str:
    """A value as a message quotes it: a long one cut (a message is one line to read)."""
    said = repr(value)
    return said if len(said) <= 60 else f"{said[:50]}... ({len(said):,} characters)"


def _plain(f: _Found) -> Problem:
    return Problem(f.where.locate(f.path, key=f.on_key), f"{f.name}: {f.err['msg']}")


_MESSAGES: dict[str, Callable[[_Found], Problem]] = {
    "extra_forbidden": _unknown_field, "missing": _missing, "union_tag_invalid": _unknown_tag,
    "union_tag_not_found": _missing_tag, "literal_error": _unknown_value,
    "enum": _unknown_value, "string_pattern_mismatch": _wrong_form,
    "less_than_equal": _bound, "greater_than_equal": _bound,
}
"""Plain-language message for each kind of pydantic error (others: pydantic's own)."""


def _choices(err: Mapping[str, Any]) -> list[str]:
    expected = err.get("ctx", {}).get("expected", "")
    return [part.strip(" '") for part in expected.replace(" or ", ",").split(",") if part.strip()]


def _fields_at(model: Any, loc: tuple[Any, ...]) -> list[str]:
    """Field names the model accepts at pydantic location ``loc``, from its JSON Schema.

    Locations name the union member they went into (a discriminator tag such
    as 'draw', or a model name such as 'Query'); that picks the member here.
    """
    schema = (model.model_json_schema() if hasattr(model, "model_json_schema")
              else TypeAdapter(model).json_schema())
    defs = schema.get("$defs", {})

    def deref(node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            node = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
        return node

    def members(node: dict[str, Any]) -> list[dict[str, Any]]:
        return [deref(n) for n in node.get("anyOf", node.get("oneOf", []))]

    node = deref(schema)
    for part in loc:
        options = members(node)
        if options and isinstance(part, str):
            tagged = node.get("discriminator", {}).get("mapping", {})
            if part in tagged:
                node = deref({"$ref": tagged[part]})
                continue
            titled = [n for n in options if n.get("title") == part]
            if titled:
                node = titled[0]
                continue
        if options:
            node = next((n for n in options if "properties" in n or "items" in n), {})
        if isinstance(part, int) or part == "[key]":
            node = deref(node.get("items", node.get("additionalProperties", {})) or {})
        elif "properties" in node and part in node["properties"]:
            node = deref(node["properties"][part])
        while members(node) and "properties" not in node:
            tagged = [n for n in members(node) if "properties" in n or "items" in n]
            if len(tagged) != 1:
                break
            node = tagged[0]
    return list(node.get("properties", {}))
