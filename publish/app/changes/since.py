"""The changes since the version game.yaml names (``changes_since``), for a build's outputs.

The manual's "changes" part and the site's changes page show what changed
since an earlier version of the game: a git revision of the project or a
project folder.  What identifies that version (its commit, or its files'
digest) is an input of those outputs, so naming another version, or moving a
tag, remakes them and an unchanged one leaves them be; the comparison itself
(publish.app.changes.compare, the one `publish changes` makes) is made once
per build, and only when one of them is made.  A version that does not load
fails the build, located at game.yaml's setting and at the version's files.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from publish.app.changes.compare import compare_games, loaded
from publish.app.changes.versions import commit_of, is_project, references, versions
from publish.build.failures import Failure
from publish.docs.changes.data import Comparison
from publish.model.game import Game
from publish.model.inputs import files_digest
from publish.targets.base import Job, Work

SHOWN_BY = ("manual", "site")
"""The targets whose outputs show the changes."""

FOLDERS = ("cards", "templates", "fonts")
"""What of an earlier version's folder is read."""


def _folder(project: Path, name: str) -> Path | None:
    """The project folder ``name`` names (relative to the project), or None: a revision."""
    folder = project / name
    return folder.resolve() if folder.is_dir() and is_project(folder) else None


@contextmanager
def _located(game: Game) -> Iterator[None]:
    """A Failure inside said at game.yaml's ``changes_since``, then its own lines."""
    try:
        yield
    except Failure as failure:
        where = game.config_source.locate(("changes_since",))
        first = failure.lines[0].removeprefix("changes: ") if failure.lines else ""
        raise Failure([f"{where}: changes_since: {first}", *failure.lines[1:]],
                      failure.status) from failure


def watched(project: Path, game: Game) -> list[Path]:
    """The files outside the project that say which version ``changes_since`` is: the
    folder's, or the git references that name its commit (none without the setting)."""
    name = game.config.changes_since
    if name is None:
        return []
    folder = _folder(project, name)
    if folder is not None:
        return [folder / part for part in FOLDERS]
    with _located(game):
        return references(project)


def identified(work: Work, only: str | None = None) -> Work:
    """``work`` knowing the earlier version by what identifies it (``Work.since``): its
    commit, or its files' digest; as it is for a build of ``only`` a target that does not
    show the changes (a bad version fails the builds that show them, not the decks')."""
    name = work.game.config.changes_since
    if name is None or (only is not None and only not in SHOWN_BY):
        return work
    folder = _folder(work.project, name)
    with _located(work.game):
        since = (f"folder {files_digest([folder / p for p in FOLDERS], folder)}" if folder
                 else f"commit {commit_of(work.project, name)}")
    return replace(work, since=since)


def comparison(project: Path, game: Game, locales: Sequence[str]) -> Comparison:
    """What changed in ``game`` (as the project has it now) since ``changes_since``, in
    ``locales``: the cards and rules, as `publish changes` compares them (what players
    read; the report's translations left behind and examples replayed are not shown)."""
    name = game.config.changes_since
    assert name is not None, "compared only when game.yaml names a version"
    folder = _folder(project, name)
    with _located(game), versions(project, str(folder) if folder else name, None) as (
            before, after):
        return compare_games(before, after, loaded(before, game.id), game, locales,
                             players=True)


def with_changes(work: Work, jobs: Sequence[Job]) -> Work:
    """``work`` with the changes its ``jobs`` show compared (``Work.changes``), in the
    editions they are made in; as it is when none shows them."""
    locales = sorted({job.locale for job in jobs if job.target in SHOWN_BY})
    if not work.since or not locales or work.changes is not None:
        return work
    return replace(work, changes=comparison(work.project, work.game, locales))
