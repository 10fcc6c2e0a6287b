"""Problems found in sources, each with the place to fix it.

Every check collects problems instead of stopping at the first, so one run
shows a designer everything that needs fixing.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; line and column count from 1."""

    path: Path
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line and self.col:
            return f"{self.path}:{self.line}:{self.col}"
        if self.line:  # a line without a column (a template's): no ':0'
            return f"{self.path}:{self.line}"
        return str(self.path)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the sources: where, what, and what to do."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class PublishError(Exception):
    """An error of ours, which a user's files, options or machine can cause: its message
    says what is wrong and what to do, and a command prints it as it is
    (publish.build.failures).  Every other exception is a bug, and goes to the crash log;
    an error a user can cause is therefore always a subclass of this one (and of the
    built-in error its callers catch, ValueError or OSError, where they do)."""


class OptionError(PublishError, ValueError):
    """An option that cannot be used (a deck the game lacks, an unknown paper): said as
    given, with the choices."""


class ProblemsFound(PublishError):
    """Raised when loading cannot go on; carries every problem seen so far."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


UNSHOWN = (*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), 0x061C, 0x200E, 0x200F,
           *range(0x2028, 0x202F), *range(0x2066, 0x206A))
"""Characters a terminal acts on instead of showing: the C0 controls but tab and line feed
(ESC starts a sequence that can recolour, move the cursor or retitle the window; BEL rings;
a carriage return overwrites the line), DEL and the C1 controls, the line and paragraph
separators, and the bidirectional marks, embeddings, overrides and isolates, which reorder
what follows them (U+202E RIGHT-TO-LEFT OVERRIDE shows 'gpj.exe' as 'exe.jpg')."""

_ESCAPES = {code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" for code in UNSHOWN}


def terminal_safe(text: str) -> str:
    """``text`` with every character of UNSHOWN written as its escape (``\\x1b``,
    ``\\u202e``): what a command prints comes from files it was given, and must show on a
    terminal as it is, never act on it."""
    return text.translate(_ESCAPES)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A ' (did you mean ...?)' suffix naming the closest choice, or ''."""
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
