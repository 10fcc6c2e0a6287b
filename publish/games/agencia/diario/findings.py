"""What a replay reports: one line a person can act on.

``file:line:col: J9 (Ana): Ana>2>Bia, but Ana holds 1 (nobody loses more
cards than they hold; count declared at J8, line 14)``: where, the jogada and
its player (or the event, between jogadas), what the log says, what the rules
give, why, and where the state the check relies on was set.  A syntax
mistake names the compendium clause it breaks; a warning is a variant read as
intended, which fails nothing unless asked (``publish replay --strict``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Finding:
    """One disagreement between a log and the diário's syntax or its edition's rules."""

    path: str
    line: int
    col: int
    event: str  # the jogada and its player ("J9 (Ana)"), or the event ("PART2", "CONQ")
    declared: str  # what the log says
    expected: str  # what the rules give ("" for a syntax mistake)
    why: str
    since: str = ""  # where the state it relies on was set ("count declared at J8, line 14")
    warning: bool = False

    @classmethod
    def syntax(cls, path: str, error) -> Finding:
        """A reader's ``LogSyntaxError`` (or warning) as a finding."""
        return cls(path, error.line, error.col, f"CNA {error.clause}", error.message, "", "",
                   warning=error.warning)

    @property
    def message(self) -> str:
        if not self.expected:
            if not self.event.startswith("CNA"):  # the file, its front matter
                return f"{self.event}: {self.declared}"
            kind = "warning" if self.warning else "syntax"
            return f"{kind} ({self.event}): {self.declared}"
        why = f"{self.why}; {self.since}" if self.since else self.why
        return f"{self.event}: {self.declared}, but {self.expected} ({why})"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"
