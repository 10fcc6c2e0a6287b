"""What every kind of output declares, and the pieces a build moves between processes.

A target (decks, print-shop files, manual, summaries, gallery...) is one
module of this package.  It says which files it makes and what each is made
from (the digests that decide whether it is stale), how it splits into jobs,
how a job renders (in a worker process) and, if it needs one, a last step
that runs in the main process once its jobs are done (joining the decks).
The build (publish.build.run) plans and runs every target the same way.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from publish.core.problems import Problem
from publish.docs.changes.data import Comparison
from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.render.edition import EditionContext
from publish.render.facedoc import FaceStore, store_for

OptionsT = TypeVar("OptionsT")
"""A target's options dataclass."""


def output_dir(project: Path, game_id: str, locale: str) -> Path:
    """Where an edition's outputs go: build/<game>/<locale>/."""
    return project / "build" / game_id / locale


def job_dir(project: Path, game_id: str, job: Job) -> Path:
    """Where a job's outputs go: its edition's folder, or the game's (Job.whole_game)."""
    if job.whole_game:
        return project / "build" / game_id
    return output_dir(project, game_id, job.locale)


def edition_store(work: Work, job: Job) -> FaceStore:
    """The face documents kept for a job's edition (publish.render.facedoc), which every
    output showing the cards shares."""
    return store_for(work.project, work.game.id, job.locale)


@dataclass
class Built:
    """One output file and how many pages it has."""

    path: Path
    pages: int


@dataclass(frozen=True, eq=False)
class Job:
    """One unit of rendering: the outputs it makes and the inputs they are made from.

    A target declares its jobs; the planner (publish.build.run.plan) hands on those it
    must run as new jobs (only the stale outputs, only the changed cards' pages, forced)
    and says why beside them.  Jobs compare by identity: a plan keys its reasons by job.
    """

    target: str
    locale: str
    outputs: tuple[str, ...]
    """File names under the edition's folder; each gets a record of ``inputs``."""
    inputs: Mapping[str, str]
    options: Any = None
    """What the target renders the job with (its options, resolved for the edition)."""
    key: str = ""
    """What the job is about within its target (a deck id), '' for the whole edition."""
    cost: int = 1
    """Rough size, so the biggest jobs start first and the cores finish together."""
    paged: bool = False
    """Each page shows its own cards: when only cards changed, only their pages are redone."""
    narrow: bool = False
    """Each output stands alone: only the stale ones are remade."""
    shows_cards: bool = False
    """Which cards an output shows is known only once it is made (a summary's queries):
    they are recorded then, and a change to one of them makes the output stale."""
    final: bool = False
    """Runs in the main process after the target's other jobs (see Target.finish)."""
    noun: str = ""
    """What the build calls the job's output when it reports it ("deck alpha (en)")."""
    cards: tuple[str, ...] = ()
    """When only these cards changed: lay out their pages alone and put them back (set by
    the planner)."""
    forced: bool = False
    """Made again on demand: nothing kept from earlier builds is reused (set by the
    planner)."""
    whole_game: bool = False
    """Its outputs are named from the game's folder, build/<game>/, not the edition's: an
    output every edition shares (the website, site/<locale>/...).  Still recorded with the
    edition's records."""

    @property
    def label(self) -> str:
        key = "" if self.final or self.key == "calibration" else self.key
        return f"{self.noun or self.target} {key}".strip() + f" ({self.locale})"


@dataclass
class Rendered:
    """What a job made: file contents by name under the edition's folder."""

    files: dict[str, bytes]
    pages: dict[str, int]
    """Pages of each recorded output of the job."""
    shows: dict[str, list[str]] = field(default_factory=dict)
    """Per output, the cards it turned out to show (Job.shows_cards): recorded as inputs."""
    note: str = ""
    """Said after the job's label ("70 images")."""
    remove: list[str] = field(default_factory=list)
    """Files of an earlier build this one replaces with nothing (a card gone)."""


@dataclass(frozen=True)
class Work:
    """What a worker needs: the project and the game as loaded and checked, once per build;
    and, made in each process when first asked, each edition's context."""

    project: Path
    game: Game
    examples: Mapping[Path, list[Problem]] = field(default_factory=dict)
    """Each example's replay findings from the check, so no example is replayed twice."""
    warnings: tuple[Problem, ...] = ()
    """The check's warnings (a picture too coarse to print sharp): a build says them too."""
    since: str = ""
    """The earlier version game.yaml's ``changes_since`` names, as what identifies it (its
    commit, or its files' digest): an input of the outputs that show the changes; '': none."""
    changes: Comparison | None = None
    """What changed since that version, compared once per build when an output showing it
    is made (publish.app.changes.since)."""
    build: str = field(default_factory=lambda: uuid.uuid4().hex)
    """A name for this build: what one of its jobs made (a deck's faces), a forced job of the
    same build may reuse (publish.render.facedoc)."""
    _editions: dict[str, EditionContext] = field(default_factory=dict, init=False,
                                                  repr=False, compare=False)

    def edition(self, locale: str) -> EditionContext:
        """The edition ``locale`` as its renderers share it: made once in this process (the
        game's icons read once for every edition)."""
        if locale not in self._editions:
            icons = next(iter(self._editions.values())).icons if self._editions else None
            self._editions[locale] = EditionContext.make(self.project, self.game, locale, icons)
        return self._editions[locale]

    def __getstate__(self) -> dict[str, object]:
        """Sent to another process without the contexts: each process makes its own."""
        return {**self.__dict__, "_editions": {}}


class Target(Protocol[OptionsT]):
    """One kind of output."""

    name: str
    description: str
    """What it makes, as `publish build NAME --help` says."""
    in_default_build: bool
    """Made by `publish build` with no target named."""
    parallel: bool
    """Its jobs of one edition can run side by side: `publish build NAME` offers --jobs."""
    options: type[OptionsT]
    """Its options: a frozen dataclass (publish.targets.options) whose fields declared with
    ``option()`` `publish build NAME` offers; made with no arguments, the defaults."""

    def applies(self, game: Game) -> bool:
        """Whether the game has anything for this target (a manual needs rules sources)."""
        ...

    def jobs(self, work: Work, inputs: Inputs, locale: str, options: OptionsT) -> list[Job]:
        """The jobs of one edition, with their outputs and inputs; nothing rendered."""
        ...

    def render(self, work: Work, job: Job) -> Rendered:
        """Make one job's files (in a worker process)."""
        ...


@runtime_checkable
class Joining(Target[OptionsT], Protocol):
    """A target with final jobs (``Job.final``), run in the main process after the jobs of
    their target and edition."""

    def finish(self, work: Work, job: Job, made: dict[str, bytes]) -> Rendered:
        """A final job, from the files its siblings ``made`` in this build (or on disk)."""
        ...
