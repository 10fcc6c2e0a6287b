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
    WithJsonSchema,
    create_model,
    model_validator,
)
from pydantic_core import PydanticCustomError

from publish.model.game import FieldSpec, GameConfig


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
        "per_player": (bool | None, Field(None, description="whether its copies are one "
                       "player's set, printed once per player; default: as its deck says")),
        "notes": (str, Field("", max_length=MAX_NOTES,
                             description="the card list's observations (Markdown)")),
        "text_size": (float | None, Field(None, gt=0, description="override of the effect "
                                                            "text size, in points")),
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
    fields.update(_back_fields(game))
    validators: dict[str, Any] = {"one_back": model_validator(mode="after")(_one_back)}
    return create_model(
        "Card",
        __config__=ConfigDict(extra="forbid", strict=True),
        __validators__=validators,
        **fields,
    )


def _back_fields(game: GameConfig) -> dict[str, Any]:
    """A card's back of its own: one of game.yaml's backs, or a second face."""
    return {
        "back": (_back_type(game) | None, Field(
            None, description="a back of game.yaml's backs, printed instead of the deck's")),
        "back_face": (_back_face_model(game) | None, Field(
            None, description="the card's second face, printed as its back: its name, text "
                              "and the game's fields (a double-faced card)")),
    }


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
