"""The two versions a comparison reads: git revisions of the project, or project folders.

A revision is written out of git with ``git archive`` into a temporary folder,
so the working tree, its index and its branches are never touched; the working
tree itself is read where it is.  A folder is read as it is, without git.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from publish.build.failures import Failure
from publish.docs.changes.data import WORKING_TREE, Version

GIT_SECONDS = 120
"""The longest `git archive` of one revision may take (a big project takes a few seconds)."""


def is_project(folder: Path) -> bool:
    """Whether ``folder`` is a project: it has a ``cards/`` folder."""
    return (folder / "cards").is_dir()


def _git(project: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(project), *args], capture_output=True,
                              timeout=GIT_SECONDS, check=False)
    except FileNotFoundError as exc:
        raise Failure(["changes: git is not installed: compare two project folders "
                       "instead (publish changes OLD_FOLDER NEW_FOLDER)"]) from exc
    except subprocess.TimeoutExpired as exc:
        raise Failure([f"changes: git {args[0]} took over {GIT_SECONDS} s"]) from exc
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise Failure([f"changes: git {' '.join(args)}: {said[-1] if said else 'failed'}"])
    return done.stdout


def _top_level(project: Path) -> tuple[Path, str]:
    """The repository's top folder and where the project lies inside it ('' at the top)."""
    top = Path(_git(project, "rev-parse", "--show-toplevel").decode().strip())
    inside = project.resolve().relative_to(top.resolve()).as_posix()
    return top, "" if inside == "." else inside


def _extract(archive: bytes, into: Path) -> None:
    """Unpack git's tar archive into ``into``: its folders and regular files only (a link is
    left out: a game's files are read inside the project, never through a link), each
    written under ``into`` or refused."""
    base = into.resolve()
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar:
            target = (base / member.name).resolve()
            if not target.is_relative_to(base):
                raise Failure([f"changes: the archive names {member.name!r}, outside its folder"])
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
            elif member.isfile():
                source = tar.extractfile(member)
                assert source is not None, "a regular member has contents"
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())


def commit_of(project: Path, name: str) -> str:
    """The commit revision ``name`` of the project's git repository names (a Failure saying
    it is none)."""
    if name.startswith("-"):  # never an option of git's
        raise Failure([f"changes: {name}: a revision or a folder, not an option"])
    top, _ = _top_level(project)
    try:
        found = _git(top, "rev-parse", "--verify", "--quiet", f"{name}^{{commit}}")
    except Failure as failure:
        raise Failure([f"changes: {name} is neither a project folder nor a revision of the "
                       f"git repository at {top}"]) from failure
    return found.decode().strip()


def references(project: Path) -> list[Path]:
    """The files of the project's git repository that say which commit a name is (HEAD, the
    references): a revision names another commit only when one of them changes."""
    found = _git(project, "rev-parse", "--git-dir", "--git-common-dir").decode().split("\n")
    own, common = (project / found[0]).resolve(), (project / found[1]).resolve()
    return [own / "HEAD", common / "refs", common / "packed-refs"]


def revision(project: Path, name: str, into: Path) -> Version:
    """The project as revision ``name`` of its git repository has it, written under ``into``."""
    commit = commit_of(project, name)
    top, inside = _top_level(project)
    paths = [f"{inside}/cards", f"{inside}/templates", f"{inside}/fonts"] if inside else [
        "cards", "templates", "fonts"]
    present = [p for p in paths if _git(top, "ls-tree", "--name-only", commit, p).strip()]
    if not any(p.endswith("cards") for p in present):
        raise Failure([f"changes: revision {name} has no cards/ folder in {inside or 'the top'} "
                       "of the repository"])
    _extract(_git(top, "archive", "--format=tar", commit, *present), into)
    return Version(name, into / inside if inside else into, revision=True)


def _side(project: Path, name: str | None, stack: ExitStack) -> Version:
    if name is None:
        return Version(WORKING_TREE, project)
    folder = Path(name)
    if folder.is_dir() and is_project(folder):
        return Version(name, folder.resolve())
    if folder.is_dir():
        raise Failure([f"changes: {name}: a folder without cards/, not a project"])
    into = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="publish-changes-")))
    return revision(project, name, into)


@contextmanager
def versions(project: Path, before: str | None, after: str | None
             ) -> Iterator[tuple[Version, Version]]:
    """The two versions, each a project folder for as long as the block runs: ``before``
    (default: the last commit, HEAD) and ``after`` (default: the working tree)."""
    with ExitStack() as stack:
        yield _side(project, before or "HEAD", stack), _side(project, after, stack)
