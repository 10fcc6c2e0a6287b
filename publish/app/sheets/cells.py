"""A card's values as cells, cells back as values, and what a value means.

Cells show what a card *is*: the default kind, one copy, a field's default,
even where the YAML leaves them out.  An empty cell means the key is absent
(so the default applies).  Whether a card changed is decided on meaning, so
``copies: 2`` and ``copies: {market: 2}``, or a default written or left out,
are the same card and its YAML is left alone.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from publish.app.sheets.columns import Column
from publish.app.sheets.grid import Value, cell_text
from publish.app.sheets.values import ErrorValue
from publish.core.problems import ProblemsFound, PublishError
from publish.core.yamlsource import load_yaml
from publish.model.game import GameConfig

_WHOLE = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_EXACT = 2.0 ** 53
"""Whole numbers from here up are not exact as a spreadsheet's (floating point) numbers."""
SIZES = ("text_size", "shrink_to_fit")
"""Columns holding a number that may have decimals (a whole one is written without)."""


class CellError(PublishError, ValueError):
    """A cell that cannot be read as what its column holds."""


def meaning(key: str, value: Any, home: str, config: GameConfig) -> Any:
    """What a card entry's ``value`` for ``key`` (None: absent) means, defaults applied,
    in the deck file of deck ``home``."""
    if key == "kind":
        return config.default_kind if value is None else value
    if key == "copies":
        if value is None:
            return {home: 1}
        return {home: value} if isinstance(value, int) and not isinstance(value, bool) else value
    if key == "tags":
        return [] if value is None else value
    if key == "notes":
        return "" if value is None else value
    if key == "text" and isinstance(value, list):
        return [_block(item) for item in value]
    spec = config.fields.get(key)
    if spec is not None and value is None:
        return [] if spec.default is None and spec.type == "tags" else spec.default
    return value


def _block(item: Any) -> Any:
    if not isinstance(item, dict):
        return item
    return ([(k, v) for k, v in item.items() if k != "effect"], item.get("effect"))


def number_text(value: Any, digits: int) -> Any:
    """A card number as its id: 7, 7.0 or "7" is "007" (a spreadsheet drops the zeros)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return f"{value:0{digits}d}"
    if isinstance(value, str) and value.strip().isdigit():
        return value.strip().zfill(digits)
    return value


def to_cell(column: Column, entry: dict[str, Any], home: str, config: GameConfig) -> Value:
    """The cell of ``column`` for a card entry of deck ``home``'s file."""
    if column.key == "deck":
        return home
    if column.key == "number":
        return number_text(entry["number"], config.number_digits)
    value = meaning(column.key, entry.get(column.key), home, config)
    if column.key == "copies":
        return value.get(column.deck) if isinstance(value, dict) else None
    if column.block is not None:
        return _block_cell(column, value)
    if column.key in SIZES and isinstance(value, float) and value.is_integer():
        return int(value)
    return _shown(value)


def _block_cell(column: Column, blocks: Any) -> Value:
    if column.block is None or not isinstance(blocks, list) or column.block >= len(blocks):
        return None
    pairs, effect = blocks[column.block]
    if column.part == "effect":
        return None if effect is None else flow(effect)
    kind, text = pairs[0]
    return kind if column.part == "kind" else text


def _shown(value: Any) -> Value:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or None
    if isinstance(value, dict):
        return "; ".join(f"{k}: {v}" for k, v in value.items()) or None
    if value == "":
        return None
    return value


def flow(value: Any) -> str:
    """A structured value as one line of YAML flow style, as the deck files write effects."""
    text = yaml.dump(value, Dumper=yaml.SafeDumper, default_flow_style=True, sort_keys=False,
                     allow_unicode=True, width=1 << 30)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def from_cell(column: Column, value: Value, config: GameConfig) -> Any:
    """The YAML value of a cell of ``column`` (None: empty); CellError if unreadable."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, ErrorValue):
        raise CellError(f"the cell shows the error {value[:20]}, not a value: correct its "
                        "formula, or type the value")
    kind = _kind(column, config)
    if kind == "number":
        number = number_text(value, config.number_digits)
        if not isinstance(number, str) or (isinstance(value, float) and value >= _EXACT):
            shown = f"{value:g}" if isinstance(value, float) else cell_text(value)[:40]
            raise CellError(f"{shown} is not a card number: write its digits "
                            f"as text ({'7'.zfill(config.number_digits)})")
        return number
    if kind == "whole":
        whole = _whole(value)
        if column.key == "copies" and not isinstance(whole, int):  # it picks the YAML's form
            raise CellError(f"{cell_text(value)[:40]!r} is not a number of copies: write a "
                            "whole number (2)")
        return whole
    if kind == "size":
        return _size(value)
    text = cell_text(value).replace("\r\n", "\n")
    if kind == "text":
        return text
    if kind == "list":
        return [part.strip() for part in text.split(",") if part.strip()]
    if kind == "image":
        return _image(text)
    if kind == "effect":
        return _effect(text)
    return text.strip()


def _kind(column: Column, config: GameConfig) -> str:
    """How a column's cells are read: text as typed, a trimmed word, a whole number..."""
    if column.block is not None:
        return {"kind": "word", "effect": "effect"}.get(column.part, "text")
    fixed = {"number": "number", "copies": "whole", "text_size": "size", "shrink_to_fit": "size",
             "tags": "list",
             "name": "text", "notes": "text", "text": "text"}
    if column.key in fixed:
        return fixed[column.key]
    spec = config.fields.get(column.key)
    if spec is None:
        return "word"
    return {"integer": "whole", "tags": "list", "image": "image", "text": "text",
            "translatable": "text"}.get(spec.type, "word")


def _whole(value: Value) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value.strip())
    return value  # not a whole number: the check says so, at this cell


def _size(value: Value) -> Any:
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        value = float(value.strip())
    return float(value) if isinstance(value, int) else value


def _image(text: str) -> Any:
    """A picture's file, or per edition: "en: art/1-en.png; fr: art/1-fr.png"."""
    if ":" not in text:
        return text.strip()
    pairs = [part.partition(":") for part in text.split(";") if part.strip()]
    return {locale.strip(): path.strip() for locale, _, path in pairs}


def _effect(text: str) -> Any:
    try:
        data, _ = load_yaml(Path("cell"), text)
    except ProblemsFound as found:
        problem = found.problems[0]
        where = f" (line {problem.location.line}, column {problem.location.col} of the cell)"
        raise CellError(problem.message + (where if problem.location.line else "")) from found
    return data
