"""Read YAML safely, within limits, and remember where every value came from.

This is the one YAML reader of the toolchain: deck files, game.yaml, the front
matter of rules and examples and a spreadsheet's cells all go through it.
Sources are untrusted data: only the plain YAML types are accepted (any other
tag, such as ``!!python/object``, is refused), duplicate keys are an error
instead of a silent overwrite, anchors and aliases (which can multiply a small
file into billions of values) are refused, and every key and value keeps its
line and column so that later checks can point at it.

The document is built from the parser's events, without recursion: nesting
deeper than MAX_DEPTH, a value longer than MAX_CHARS or more than MAX_VALUES
values stop the reading at that place (the C composer recurses, and a file of
100,000 ``[`` crashed the interpreter).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.sourcetext import Positions, check_text, read_source

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()

MAX_DEPTH = 40
"""Lists and mappings inside each other (a card's effect goes about ten deep)."""
MAX_CHARS = 100_000
"""The longest single value, in characters (fields have their own, shorter limits)."""
MAX_VALUES = 1_000_000
"""Values in one file (a 5,000-card deck has about 50,000)."""

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
_LEADING_ZERO = re.compile(r"0[0-9]+")
_ANCHORS = ("anchors and aliases ('&'/'*') are not supported (they can multiply a small file "
            "into billions of values): write the value out where it is used")

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
        first = min(self.values.values(), default=(1, 1))
        return Location(self.path, *first)


class _TooMuch(Exception):
    """A limit was crossed: reading stops here."""


@dataclass
class _Frame:
    """A list or mapping being built: where it is, and (a mapping) the key awaiting a value."""

    loc: Path_ | None  # None: a value being skipped (a duplicate key's, a key that is a list)
    value: Any
    mark: Any = None
    key: Any = None
    has_key: bool = False
    skip: bool = False


class _Builder:
    """Turns the parser's events into plain values and a SourceMap, collecting problems."""

    def __init__(self, path: Path, text: str, first_line: int):
        self.map = SourceMap(path)
        self.positions = Positions(text)
        self.first_line = first_line
        self.problems: list[Problem] = []
        self.stack: list[_Frame] = []
        self.anchors: set[str] = set()
        self.count = 0
        self.done = False
        self.result: Any = None

    def where(self, mark: Any) -> Location:
        return self.positions.location(self.map.path, mark.index, self.first_line)

    def problem(self, mark: Any, message: str) -> None:
        self.problems.append(Problem(self.where(mark), message))

    def stop(self, mark: Any, message: str) -> None:
        self.problem(mark, message)
        raise _TooMuch

    def feed(self, event: yaml.Event) -> None:
        if isinstance(event, yaml.DocumentStartEvent) and self.done:
            self.stop(event.start_mark, "a second document ('---') starts here: a source "
                      "file holds one; remove the line or move what follows to its own file")
        if not isinstance(event, yaml.AliasEvent | yaml.ScalarEvent | yaml.CollectionStartEvent
                          | yaml.CollectionEndEvent):
            return
        if isinstance(event, yaml.CollectionEndEvent):
            frame = self.stack.pop()
            self.deliver(frame.value, frame.mark, is_key=False)
            return
        self.count += 1
        if self.count > MAX_VALUES:
            self.stop(event.start_mark, f"more than {MAX_VALUES:,} values in one file: "
                      "split it")
        self.anchor(event)
        if isinstance(event, yaml.AliasEvent):
            self.deliver(None, event.start_mark, is_key=False)
        elif isinstance(event, yaml.ScalarEvent):
            self.scalar(event)
        else:
            self.start(event)

    def anchor(self, event: yaml.NodeEvent) -> None:
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                self.problem(event.start_mark, f"alias '*{event.anchor}': {_ANCHORS}")
        elif event.anchor is not None:
            self.anchors.add(event.anchor)
            self.problem(event.start_mark, f"anchor '&{event.anchor}': {_ANCHORS}")

    def child_loc(self) -> Path_ | None:
        """Where the value starting now goes (None: nowhere kept, such as a key)."""
        if not self.stack:
            return ()
        top = self.stack[-1]
        if top.loc is None:
            return None
        if isinstance(top.value, list):
            return (*top.loc, len(top.value))
        return (*top.loc, top.key) if top.has_key and not top.skip else None

    def start(self, event: yaml.CollectionStartEvent) -> None:
        if len(self.stack) >= MAX_DEPTH:
            self.stop(event.start_mark, f"lists and mappings nested more than {MAX_DEPTH} "
                      "deep: no source needs so many; look for a run of '[' or '{'")
        loc = self.child_loc()
        self.record(loc, event.start_mark)
        mapping = isinstance(event, yaml.MappingStartEvent)
        tag = event.tag
        if tag is None or tag == "!":
            tag = _MAP_TAG if mapping else _SEQ_TAG
        if tag != (_MAP_TAG if mapping else _SEQ_TAG):
            self.refuse(event, tag)
        self.stack.append(_Frame(loc, {} if mapping else [], event.start_mark))

    def record(self, loc: Path_ | None, mark: Any) -> None:
        if loc is not None:
            where = self.where(mark)
            self.map.values[loc] = (where.line, where.col)

    def scalar(self, event: yaml.ScalarEvent) -> None:
        if len(event.value) > MAX_CHARS:
            self.stop(event.start_mark, f"a value of {len(event.value):,} characters, over "
                      f"the limit of {MAX_CHARS:,}: shorten it")
        is_key = bool(self.stack) and isinstance(self.stack[-1].value, dict) \
            and not self.stack[-1].has_key
        if not is_key:
            self.record(self.child_loc(), event.start_mark)
        tag = event.tag
        if tag is None or tag == "!":
            tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
        self.deliver(self.construct(event, tag), event.start_mark, is_key=is_key, tag=tag)

    def construct(self, event: yaml.ScalarEvent, tag: str) -> Any:
        if tag not in _SCALAR_TAGS:
            return self.refuse(event, tag)
        if not event.style and _LEADING_ZERO.fullmatch(event.value):
            return event.value
        # the stubs type a node's marks as the pure-Python parser's only; the C parser's marks
        # (events from CSafeLoader) are what PyYAML's own C composer gives nodes too
        node = yaml.ScalarNode(tag, event.value, event.start_mark,  # type: ignore[arg-type]
                               event.end_mark, event.style)  # type: ignore[arg-type]
        try:
            return _CONSTRUCTOR.construct_object(node)
        except (ValueError, OverflowError, yaml.YAMLError):
            self.problem(event.start_mark, f"'{event.value[:40]}' cannot be read as "
                         f"{tag.rsplit(':', 1)[-1]}: quote it to keep it as text")
            return None

    def refuse(self, event: yaml.NodeEvent, tag: str) -> None:
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        self.problem(event.start_mark, f"tag '{shown}' is not allowed: sources hold plain "
                     "text, numbers, lists and mappings only (nothing is executed)")

    def deliver(self, value: Any, mark: Any, *, is_key: bool, tag: str | None = None) -> None:
        """Put a finished value where it belongs: the document, a list, a key or its value."""
        if not self.stack:
            self.result, self.done = value, True
            return
        top = self.stack[-1]
        if isinstance(top.value, list):
            top.value.append(value)
        elif top.has_key:
            if not top.skip:
                top.value[top.key] = value
            top.has_key, top.skip = False, False
        else:
            self.key(top, value, mark, tag)

    def key(self, top: _Frame, key: Any, mark: Any, tag: str | None) -> None:
        top.key, top.has_key, top.skip = key, True, True
        if tag is None:
            self.problem(mark, "a key must be plain text")
        elif tag == _MERGE_TAG:
            self.problem(mark, "merge keys ('<<') are not supported; write the fields out")
        elif key in top.value:
            first = self.map.keys.get((*top.loc, key)) if top.loc is not None else None
            since = f" (first at line {first[0]})" if first else ""
            self.problem(mark, f"duplicate key '{key}'{since}; remove one of them")
        else:
            top.skip = False
            top.value[key] = None
            if top.loc is not None:
                where = self.where(mark)
                self.map.keys[(*top.loc, key)] = (where.line, where.col)


def _syntax_problem(path: Path, text: str, exc: yaml.YAMLError, first_line: int) -> Problem:
    """A parser's error at the line and column of the file (never past its end)."""
    positions = Positions(text)
    if isinstance(exc, yaml.reader.ReaderError):
        line, col = positions.of_byte(exc.position)
        return Problem(Location(path, line + first_line - 1, col),
                       f"character not allowed in YAML: {exc.reason}; delete it")
    if not isinstance(exc, yaml.MarkedYAMLError):
        return Problem(Location(path, first_line, 1), f"not valid YAML: {exc}")
    mark = exc.problem_mark or exc.context_mark
    where = (positions.location(path, mark.index, first_line) if mark
             else Location(path, first_line, 1))
    what = exc.problem or exc.context or "not valid YAML"
    if exc.context and exc.context_mark and exc.problem:
        start = positions.location(path, exc.context_mark.index, first_line)
        what += (f" ({exc.context.removeprefix('while ')} that starts at line {start.line}, "
                 f"column {start.col})")
    return Problem(where, f"YAML syntax error: {what}")


def load_yaml(path: Path, text: str | None = None, first_line: int = 1
              ) -> tuple[Any, SourceMap]:
    """Parse ``path`` with a safe loader; raise ProblemsFound on any problem.

    ``text``: the file's would-be contents, read instead of the file (an import
    checks the deck files it is about to write before writing them), or a part of
    it (front matter) that starts at line ``first_line`` of the file.
    """
    if text is None:
        text = read_source(path)
    check_text(path, text, first_line)
    builder = _Builder(path, text, first_line)
    try:
        for event in yaml.parse(text, Loader=_Loader):
            builder.feed(event)
    except _TooMuch:
        raise ProblemsFound(builder.problems) from None
    except yaml.YAMLError as exc:
        ours = _own_limit_before(path, text, first_line, exc)
        raise ProblemsFound(ours or [*builder.problems,
                                     _syntax_problem(path, text, exc, first_line)]) from exc
    if builder.problems:
        raise ProblemsFound(builder.problems)
    return builder.result, builder.map


def _own_limit_before(path: Path, text: str, first_line: int, exc: yaml.YAMLError
                      ) -> list[Problem] | None:
    """Our limit's problems if the text before the parser's error already passes one.

    The scanner reads ahead of the events it hands out (while a simple key is still
    possible, up to 1,024 characters), so a parser error there (PyYAML 6.0.4 stops
    flow nesting at 1,000 levels) can come before our builder saw the place where
    its own, lower limit stops: the text up to the error is read again so that the
    first place past a limit is the one reported, whatever the library's version.
    """
    mark = getattr(exc, "problem_mark", None)
    if mark is None or not 0 < mark.index <= len(text):
        return None
    again = _Builder(path, text, first_line)
    try:
        for event in yaml.parse(text[:mark.index], Loader=_Loader):
            again.feed(event)
    except _TooMuch:
        return again.problems
    except yaml.YAMLError:
        return None
    return None


def load_front_matter(path: Path, text: str, first_line: int) -> tuple[dict[str, Any],
                                                                       SourceMap]:
    """The front matter of a Markdown file (``text``, from line ``first_line``) as a
    mapping, read as every source is; ProblemsFound if it is not one."""
    data, where = load_yaml(path, text, first_line)
    if data is None:
        return {}, where
    if not isinstance(data, dict):
        raise ProblemsFound([Problem(Location(path, first_line, 1), (
            "the front matter must be a mapping (title: ..., one key a line)"))])
    return data, where
