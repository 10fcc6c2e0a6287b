"""Read YAML safely and remember where every value came from.

Card files are untrusted data: only the plain YAML types are accepted (any
other tag, such as ``!!python/object``, is refused), duplicate keys are an
error instead of a silent overwrite, aliases (which can multiply a small file
into billions of values) are refused, and every key and value keeps its line
and column so that later checks can point at it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from publish.problems import Location, Problem, ProblemsFound

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MERGE_TAG = "tag:yaml.org,2002:merge"
# "007" is an identifier, not the octal number 7 that YAML 1.1 would make of it.
_LEADING_ZERO = re.compile(r"0\d+")

Path_ = tuple[Any, ...]


@dataclass
class SourceMap:
    """Where each value of a loaded document sits in its file."""

    path: Path
    values: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def locate(self, loc: Path_, *, key: bool = False) -> Location:
        """The location of ``loc`` (its key if ``key``), or of its nearest known parent."""
        loc = tuple(loc)
        if key and loc in self.keys:
            return Location(self.path, *self.keys[loc])
        for depth in range(len(loc), -1, -1):
            hit = self.values.get(loc[:depth])
            if hit:
                return Location(self.path, *hit)
        return Location(self.path, 1, 1)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Builder:
    def __init__(self, path: Path):
        self.map = SourceMap(path)
        self.problems: list[Problem] = []
        self.constructor = yaml.constructor.SafeConstructor()
        self.seen: set[int] = set()  # nodes built so far, to refuse aliases
        self.aliased: set[int] = set()

    def problem(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Problem(Location(self.map.path, *_mark(node)), message))

    def build(self, node: yaml.Node, loc: Path_) -> Any:
        if id(node) in self.seen:  # an alias: nested ones would multiply ("billion laughs")
            if id(node) not in self.aliased:
                self.aliased.add(id(node))
                self.problem(node, "this value is repeated through an anchor and alias "
                             "('&'/'*'), which are not supported; write the value out where "
                             "it is used")
            return None
        self.seen.add(id(node))
        self.map.values[loc] = _mark(node)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, loc)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ_TAG:
                return self._refuse(node)
            return [self.build(item, (*loc, i)) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _mapping(self, node: yaml.MappingNode, loc: Path_) -> dict[Any, Any] | None:
        if node.tag != _MAP_TAG:
            return self._refuse(node)
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                self.problem(key_node, "merge keys ('<<') are not supported; write the fields out")
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node, "a key must be plain text")
                continue
            key = self._scalar(key_node)
            if key in result:
                first = self.map.keys[(*loc, key)]
                self.problem(
                    key_node,
                    f"duplicate key '{key}' (first at line {first[0]}); remove one of them",
                )
                continue
            self.map.keys[(*loc, key)] = _mark(key_node)
            result[key] = self.build(value_node, (*loc, key))
        return result

    def _refuse(self, node: yaml.Node) -> None:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        self.problem(
            node,
            f"tag '{tag}' is not allowed: sources hold plain text, numbers, lists and "
            "mappings only (nothing is executed)",
        )

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag not in _SCALAR_TAGS:
            return self._refuse(node)
        if not node.style and _LEADING_ZERO.fullmatch(node.value):
            return node.value
        return self.constructor.construct_object(node)


def load_yaml(path: Path, text: str | None = None) -> tuple[Any, SourceMap]:
    """Parse ``path`` with a safe loader; raise ProblemsFound on any problem.

    ``text``: the file's would-be contents, read instead of the file (an import
    checks the deck files it is about to write before writing them).
    """
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ProblemsFound([Problem(Location(path), f"cannot read file: {exc}")]) from exc
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path)
        what = exc.problem or exc.context or "not valid YAML"
        if exc.context and exc.context_mark and exc.problem:
            start = exc.context_mark
            what += f" ({exc.context.removeprefix('while ')} that starts at line "
            what += f"{start.line + 1}, column {start.column + 1})"
        raise ProblemsFound([Problem(where, f"YAML syntax error: {what}")]) from exc
    except yaml.YAMLError as exc:
        raise ProblemsFound([Problem(Location(path), f"YAML error: {exc}")]) from exc
    builder = _Builder(path)
    data = builder.build(node, ()) if node is not None else None
    if builder.problems:
        raise ProblemsFound(builder.problems)
    return data, builder.map
