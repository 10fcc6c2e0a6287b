"""Pydantic's validation errors as located, plain-language problems.

A model's error names a place in pydantic's terms (union members, '[key]'
markers); here it becomes the place in the YAML file, and the message says
what was expected in words, with the values or fields there are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from publish.core.problems import Problem, did_you_mean
from publish.core.yamlsource import SourceMap
from publish.model.basics import FORMS

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
