"""A deck file's text with some card entries replaced, removed or added, and every other
byte as it was.

Each entry's lines are found from the YAML itself (where its mapping starts,
where its last value ends); the comments and blank lines between two entries
belong to what follows them (a section heading stays put when the card before
it is removed, and a card added at the end of a section goes before it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DASH = re.compile(r"\s*-\s+")


@dataclass(frozen=True)
class Span:
    """An entry's lines (from 0, last included) and the column of its dash."""

    first: int
    last: int
    dash: int


def entry_spans(text: str) -> list[Span]:
    """Where each card entry of a deck file's text is; ValueError if the cards are not a
    block list of mappings, each starting on its dash's line."""
    root = yaml.compose(text, Loader=_Loader)
    cards = next((value for key, value in getattr(root, "value", [])
                  if getattr(key, "value", None) == "cards"), None)
    if not isinstance(cards, yaml.SequenceNode) or cards.flow_style:
        raise ValueError("its cards are not a block list ('- number: ...' one under another)")
    lines = text.splitlines()
    spans = []
    for item in cards.value:
        first, column = item.start_mark.line, item.start_mark.column
        if not isinstance(item, yaml.MappingNode) or not _DASH.fullmatch(
                lines[first][:column]):
            raise ValueError(f"line {first + 1}: a card does not start on its dash's line "
                             "('- number: ...')")
        last = _last_line(item)
        while last > first and not lines[last].strip():
            last -= 1  # a block scalar's trailing blank lines: the gap's, as after others
        spans.append(Span(first, last, lines[first].index("-")))
    return spans


def _last_line(node: yaml.Node) -> int:
    """The last line holding a node's content (a block scalar's end is the next line)."""
    while not getattr(node, "flow_style", False) and isinstance(
            node, (yaml.MappingNode, yaml.SequenceNode)) and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    end = node.end_mark
    return end.line if end.column else end.line - 1


def splice(text: str, spans: list[Span], replaced: dict[int, str], removed: set[int],
           added: dict[int, list[str]]) -> str:
    """The text with entries replaced (by index), removed, and new ones added after an
    entry (by its index; -1: before the first)."""
    lines = text.splitlines(keepends=True)
    crlf = bool(lines) and lines[0].endswith("\r\n")  # new text ends its lines as the file
    new = {i: [_ends(t, crlf) for t in texts] for i, texts in added.items()}
    out = lines[: spans[0].first]
    out += new.get(-1, [])
    for index, span in enumerate(spans):
        if index:
            out += lines[spans[index - 1].last + 1: span.first]
        if index in replaced:
            out.append(_ends(replaced[index], crlf))
        elif index not in removed:
            out += lines[span.first: span.last + 1]
        if new.get(index):
            _end_line(out, crlf)
            out += new[index]
    out += lines[spans[-1].last + 1:]
    return "".join(out)


def _ends(text: str, crlf: bool) -> str:
    return text.replace("\n", "\r\n") if crlf else text


def _end_line(out: list[str], crlf: bool) -> None:
    """A file whose last line has no line break gets one before more is added."""
    if out and not out[-1].endswith("\n"):
        out[-1] += "\r\n" if crlf else "\n"
