"""What a replay reports: where, which event, what the log says, what the rules give, why."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Finding:
    """One disagreement between a log and the rules of its edition."""

    path: str
    line: int
    col: int
    event: str  # the event as the canonical writer prints it
    declared: str  # what the log says
    expected: str  # what the rules give
    why: str

    @property
    def message(self) -> str:
        return (f"{self.event}: the log has {self.declared}; "
                f"the rules give {self.expected} ({self.why})")

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"
