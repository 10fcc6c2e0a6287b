"""The rules-Markdown parser: CommonMark plus tables, definition lists, front matter,
callouts, icons and the directives a renderer knows.

Parsing alone needs no game: the message extractor reads the sources with it,
and the renderer (publish.docs.markdown) gives it the names of its directives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from publish.core.problems import Location
from publish.core.projectfiles import read_bytes
from publish.core.sourcetext import decode
from publish.docs.directives import CORE
from publish.model.text import ICON

QUOTES = "\u201c\u201d\u2018\u2019"

MAX_MARKDOWN_BYTES = 256 * 1024
"""The largest rules Markdown file read (a chapter, a summary, an example): 256 KiB, about
a hundred printed pages, over forty times the longest chapter in this repository.
markdown-it takes some 6 µs and 300 bytes of memory a character of dense emphasis
(``*a **b *c`` over 7 MB: 38 s and 2 GB), so a file over it is read no further."""

MAX_EDITION_CHARS = 512 * 1024
"""The most Markdown an edition's rules may parse in all: its chapters, summaries and
examples, and the translations of their texts, which come from a catalog (itself up to
8 MiB).  The largest game in this repository comes to 56,000; 512 Ki of emphasis parse in
about 3 s."""

MAX_DIRECTIVES = 2_000
"""The most directives and icons an edition's rules may hold in all: each is drawn when the
rules are checked and again in the manual (a card's face, a list of cards, an inlined
drawing), where 100,000 of them took a build minutes.  The largest game in this repository
has 178."""


def read_markdown(path: Path, project: Path) -> str:
    """A rules Markdown file's text, read inside ``project`` within MAX_MARKDOWN_BYTES."""
    return decode(path, read_bytes(path, project, MAX_MARKDOWN_BYTES,
                                   "split it into chapters (each file is one)"))


def directive_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """`{name}` or `{name what follows}`, for the directives named."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))
    return re.compile(r"\{(" + alternatives + r")(?:\s+([^{}]*?))?\s*\}")


def _directive_rule(pattern: re.Pattern[str]):
    def rule(state: StateInline, silent: bool) -> bool:
        if state.src[state.pos] != "{":
            return False
        match = pattern.match(state.src, state.pos)
        if match is None:
            return False
        if not silent:
            token = state.push("directive", "", 0)
            token.meta = {"name": match[1], "arg": " ".join((match[2] or "").split()),
                          "offset": state.pos}
        state.pos = match.end()
        return True

    return rule


def _icon_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != ":":
        return False
    match = ICON.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        token = state.push("icon", "", 0)
        token.meta = {"name": match[1], "offset": state.pos}
    state.pos = match.end()
    return True


def _callout_valid(params: str, markup: str) -> bool:
    return bool(params.strip())


def new_parser(quotes: str = QUOTES, directives: Iterable[str] = CORE) -> MarkdownIt:
    """CommonMark with tables, definition lists, front matter, callouts and ``directives``.

    Straight quotes become the edition's quotation marks (``quotes``: opening,
    closing, inner opening, inner closing).  A word in braces that names no
    directive stays text.
    """
    md = MarkdownIt("commonmark", {"html": False, "typographer": True, "quotes": quotes})
    md.enable(["table", "smartquotes"])
    front_matter_plugin(md)
    deflist_plugin(md)
    container_plugin(md, "callout", validate=_callout_valid)
    md.inline.ruler.before("text", "directive", _directive_rule(directive_pattern(directives)))
    md.inline.ruler.before("text", "icon", _icon_rule)
    return md


def locate(path: Path, inline: Token, offset: int, fallback_line: int) -> Location:
    """Where a directive or icon at ``offset`` of an inline text was written."""
    translated = (inline.meta or {}).get("translation")
    if translated is not None:  # the text came from a catalog: point at its entry
        return translated
    start = inline.map[0] if inline.map else fallback_line
    before = inline.content[:offset]
    line = start + 1 + before.count("\n")
    col = offset - (before.rfind("\n") + 1) + 1
    return Location(path, line, col)


def lift_block_directives(tokens: list[Token]) -> list[Token]:
    """A paragraph holding only a directive becomes one block token (a list, a table...)."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if (token.type == "paragraph_open" and i + 2 < len(tokens)
                and tokens[i + 2].type == "paragraph_close"):
            kids = [c for c in tokens[i + 1].children or []
                    if not (c.type in ("text", "softbreak") and not c.content.strip())]
            if len(kids) == 1 and kids[0].type == "directive":
                block = Token("directive_block", "", 0, map=token.map, block=True)
                block.meta = kids[0].meta
                out.append(block)
                i += 3
                continue
        out.append(token)
        i += 1
    return out
