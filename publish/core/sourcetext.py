"""A source file as text, within limits, and any offset in it as the line and column an editor
shows.

Sources are untrusted: a file may be huge, not UTF-8, or hold control characters that
no editor displays.  Each is refused here with the line and column to look at, before a
parser sees it; and every position a parser reports (a byte or character offset, or a
mark past the last line) becomes a place inside the file.
"""

from __future__ import annotations

import bisect
import re
from pathlib import Path

from publish.core.problems import Location, Problem, ProblemsFound

MAX_BYTES = 8 * 1024 * 1024
"""The largest source file read (8 MiB; a 5,000-card deck takes about 1 MB)."""

_CONTROL = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""What YAML forbids and no editor shows: control characters (tab and line ends excepted),
lone surrogates and the non-characters U+FFFE and U+FFFF."""


LINE_END = re.compile("\r\n|\r|\n")
"""What ends a line: a line feed, a carriage return and line feed, or a carriage return
alone (as classic Mac OS wrote them).  So markdown-it and the YAML parser count lines, and
so editors show them (VS Code, Notepad++, gedit, Sublime Text; Vim and Emacs in a file
whose every line ends so).  U+2028, U+2029 and U+0085, which YAML also counts, end no
line here: editors show them inside the line."""


class Positions:
    """Offsets in one text as (line, column), counting lines as editors do (LINE_END)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in LINE_END.finditer(text)]
        if len(self.starts) > 1 and self.starts[-1] == len(text):
            self.starts.pop()  # the final line end ends the last line, it starts none

    def at(self, index: int) -> tuple[int, int]:
        """The (line, column) of character ``index``; past the end: just after the last
        character of the last line."""
        index = max(0, min(index, len(self.text)))
        if index == len(self.text) and self.text.endswith(("\n", "\r")):
            index -= 1  # on the end of the last line
        if index > 0 and self.text.startswith("\r\n", index - 1):
            index -= 1  # a CR LF is one line end: at its CR
        line = bisect.bisect_right(self.starts, index) - 1
        return line + 1, index - self.starts[line] + 1

    def of_byte(self, offset: int) -> tuple[int, int]:
        """The (line, column) of a byte offset into the text encoded as UTF-8."""
        head = self.text.encode("utf-8", "surrogatepass")[:offset]
        return self.at(len(head.decode("utf-8", "ignore")))

    def location(self, path: Path, index: int, first_line: int = 1) -> Location:
        line, col = self.at(index)
        return Location(path, line + first_line - 1, col)


def decode(path: Path, data: bytes) -> str:
    """``data`` as UTF-8 text; else ProblemsFound at the line and column of the first bad
    byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = data[exc.start:exc.start + 1].hex()
        raise ProblemsFound([Problem(byte_location(path, data, exc.start), (
            f"not UTF-8 text (byte 0x{byte}); save the file as UTF-8"))]) from exc


def byte_location(path: Path, data: bytes, offset: int) -> Location:
    """The line and column of byte ``offset`` of ``data`` (lines end as LINE_END says;
    the column counts characters, an undecodable byte as one)."""
    before = data[:offset]
    ends = list(_BYTE_LINE_END.finditer(before))
    column = len(before[ends[-1].end() if ends else 0:].decode("utf-8", "replace")) + 1
    return Location(path, len(ends) + 1, column)


_BYTE_LINE_END = re.compile(LINE_END.pattern.encode())


def too_big(path: Path, size: int, limit: int | None = None,
            advice: str = "split it (a deck can span several files)") -> ProblemsFound:
    """The problem of a file of ``size`` bytes over ``limit`` (MAX_BYTES unless given),
    located at its start."""
    limit = MAX_BYTES if limit is None else limit
    return ProblemsFound([Problem(Location(path, 1, 1), (
        f"the file is {size:,} bytes, over the limit of {limit:,} for a source file: {advice}"))])


def read_source(path: Path) -> str:
    """The text of a source file: at most MAX_BYTES of UTF-8 (ProblemsFound if not)."""
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ProblemsFound([Problem(Location(path), (
            f"cannot read the file: {exc.strerror or exc}"))]) from exc
    if len(data) > MAX_BYTES:
        raise too_big(path, path.stat().st_size)
    return decode(path, data)


def check_text(path: Path, text: str, first_line: int = 1) -> None:
    """ProblemsFound if ``text`` is over the size limit or holds a character YAML forbids
    (at the first one, named: it shows in no editor)."""
    if len(text) > MAX_BYTES:
        raise too_big(path, len(text.encode("utf-8", "surrogatepass")))
    found = _CONTROL.search(text)
    if found:
        where = Positions(text).location(path, found.start(), first_line)
        code = f"U+{ord(found[0]):04X}"
        raise ProblemsFound([Problem(where, (
            f"invisible character {code} (a control character or not a character): "
            "delete it; editors may not show it, the column is given"))])
