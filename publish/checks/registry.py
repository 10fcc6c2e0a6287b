"""Checks in phases: what a phase is, and how phases run one after another.

A phase groups the checks that read one kind of data (the cards, the assets, the
engine's view of the game, the templates, the rules sources).  It runs only when
every phase it needs found nothing: a check that reads what failed to load or to
validate would repeat its problems, or worse, trip over them.  A phase that cannot
run says so in the report (a note), and may still run the checks of its own that
read each card alone.  The phases themselves, and every check in them, are listed
in ``publish.checks.phases``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from publish.core.problems import Problem
from publish.engines.protocol import Engine
from publish.model.game import Game

LOAD = "load"
"""The loading of the game itself (publish.model.load), before every phase: a phase that
needs it runs only when every file loaded whole."""


@dataclass(frozen=True)
class Subject:
    """What a check reads: the loaded game, its rules engine (None: it has none), and the
    engine's findings for each example it replayed (once the engine's phase has run)."""

    game: Game
    engine: Engine | None = None
    examples: Mapping[Path, list[Problem]] = field(default_factory=dict)


@dataclass
class Findings:
    """What checks found: problems (the check fails), warnings (said, never fatal), each
    replayed example's findings, and notes on what was not checked and why."""

    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    examples: dict[Path, list[Problem]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def add(self, other: Findings) -> None:
        self.problems += other.problems
        self.warnings += other.warnings
        self.examples.update(other.examples)
        self.notes += other.notes


Check = Callable[[Subject], Findings]
"""One check: the subject in, its findings out."""


def _silent(_: Subject) -> str | None:
    return None


@dataclass(frozen=True)
class Phase:
    """Checks that run together, in order, once the phases they need found nothing."""

    name: str
    checks: tuple[Check, ...]
    needs: tuple[str, ...] = ()
    """The phases (or LOAD) that must have run and found nothing before this one runs."""
    alone: tuple[Check, ...] = ()
    """What still runs when a phase it needs found problems: checks that read each card by
    itself, which a problem elsewhere cannot mislead."""
    skipped: Callable[[Subject], str | None] = _silent
    """The note that says this phase did not run, and why (None: nothing to say)."""
    in_build: bool = True
    """Whether a build's check runs it too (False: `publish check` alone)."""
    asked: str = ""
    """The option of `publish check` that asks for it (``safe-zone``: it lays every face out,
    which takes longer than every other check together); empty: it always runs."""


@dataclass
class Ran:
    """What the phases found, and which of them could not run."""

    found: Findings = field(default_factory=Findings)
    skipped: list[str] = field(default_factory=list)


def run_phases(phases: Iterable[Phase], subject: Subject, loaded_whole: bool,
               building: bool = False, asked: Iterable[str] = ()) -> Ran:
    """Every phase in order (a build's only if ``building``; one that must be asked for only
    if its option is in ``asked``), each run in full only if the phases it needs ran and found
    nothing (``loaded_whole``: the loading found nothing)."""
    ran = Ran()
    clean = {LOAD} if loaded_whole else set()
    asked = set(asked)
    for phase in phases:
        if (building and not phase.in_build) or (phase.asked and phase.asked not in asked):
            continue
        subject = replace(subject, examples=dict(ran.found.examples))
        whole = all(need in clean for need in phase.needs)
        found = Findings()
        for check in phase.checks if whole else phase.alone:
            found.add(check(subject))
        if whole and not found.problems:
            clean.add(phase.name)
        if not whole:
            ran.skipped.append(phase.name)
            note = phase.skipped(subject)
            if note is not None:
                found.notes.append(note)
        ran.found.add(found)
    return ran
