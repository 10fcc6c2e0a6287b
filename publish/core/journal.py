"""Files replaced together: all of them or none, even if the process is killed in between.

`atomic.write_atomic` makes each file whole, old or new; an import that moves
a card from one deck file to another changes two, and a failure (a full
disk, a kill) between the two would lose the card or deal it twice.  So the
files of one change are replaced under a journal, in a folder (a game's):

1. under a lock on the folder (``flock``: the kernel lets go of it if the
   process dies), a journal naming the files is written, in its *prepare*
   state; then each new text is written beside its file and synced, and each
   file's present content is kept beside it (a hard link, or a copy);
2. the journal goes to its *replace* state (a rename): from here on an
   interruption is undone;
3. each new text is renamed over its file, one by one;
4. the journal is removed (the change stands), then the kept contents.

A failure in 3 puts back the files already replaced (each kept content renamed
over its file, which needs no disk space) and says which they were.  A kill
leaves the journal, and ``recover`` (which every `publish` command runs first)
finishes it: in *prepare*, the temporary files are removed; in *replace*, if
every file was replaced the change stands, else every replaced file is put
back (the journal goes to its *undo* state first, so a kill while undoing is
undone again).  A game folder is shared and not trusted, so a journal is read
only as a list of files inside its folder, each with the two names beside it
that this module gives.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from publish.core.atomic import write_atomic
from publish.core.problems import PublishError

JOURNAL = ".publish-import"
"""The journal's name in its folder, before the suffix of its state."""
STATES = ("prepare", "replace", "undo")
MAX_JOURNAL_BYTES = 1024 * 1024
"""A journal larger than this is not one this module wrote (it lists a game's deck files)."""


class NotReplaced(Exception):
    """Replacing the files failed (``cause``): ``changed`` had been replaced already, and were
    put back if ``restored``; if not, the journal is left for ``recover``."""

    def __init__(self, cause: BaseException, changed: list[Path], restored: bool) -> None:
        super().__init__(str(cause))
        self.cause, self.changed, self.restored = cause, changed, restored


class JournalError(PublishError, ValueError):
    """A journal that cannot be followed (damaged, or naming files outside its folder)."""


def new_name(path: Path) -> Path:
    """Where a file's new text waits to replace it."""
    return path.with_name(f".{path.name}.publish-new")


def kept_name(path: Path) -> Path:
    """Where a file's present content is kept until the change stands."""
    return path.with_name(f".{path.name}.publish-old")


def journal_path(folder: Path, state: str) -> Path:
    return folder / f"{JOURNAL}.{state}.json"


@contextlib.contextmanager
def locked(folder: Path, wait: bool = True) -> Iterator[bool]:
    """The folder locked (True), or, if ``wait`` is False and another process holds it,
    not (False)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)  # and the lock with it


def replace_together(folder: Path, texts: dict[Path, bytes]) -> None:
    """Replace every file of ``texts`` (inside ``folder``) with its bytes: all, or none
    (NotReplaced, saying what happened)."""
    with locked(folder):
        if any(journal_path(folder, state).exists() for state in STATES):
            raise NotReplaced(JournalError(f"an interrupted change in {folder} is pending: "
                                           "any publish command finishes it first"), [], True)
        try:
            _write_journal(folder, "prepare", list(texts))
            for path, data in texts.items():
                _prepare(path, data)
            _sync_folders([folder, *texts])
            os.replace(journal_path(folder, "prepare"), journal_path(folder, "replace"))
            _sync_folders([folder])
        except BaseException as exc:
            _discard(folder, list(texts), "prepare")
            raise NotReplaced(exc, [], True) from exc
        _replace(folder, list(texts))
        journal_path(folder, "replace").unlink()  # the change stands
        _sync_folders([folder])
        for path in texts:
            kept_name(path).unlink(missing_ok=True)


def _prepare(path: Path, data: bytes) -> None:
    """The new text written (and synced) beside the file, its present content kept."""
    write_atomic(new_name(path), data)
    kept = kept_name(path)
    kept.unlink(missing_ok=True)
    try:
        os.link(path, kept)
    except OSError:  # a file system without hard links: a copy, synced
        shutil.copyfile(path, kept)
        with kept.open("rb+") as copy:
            os.fsync(copy.fileno())


def _replace(folder: Path, paths: list[Path]) -> None:
    """Each new text renamed over its file; on a failure, those replaced put back."""
    done: list[Path] = []
    try:
        for path in paths:
            os.replace(new_name(path), path)
            done.append(path)
        _sync_folders(paths)
    except BaseException as exc:
        if len(done) == len(paths):  # every file replaced: the change stands
            return
        try:
            _undo(folder, paths)
        except OSError:
            raise NotReplaced(exc, done, False) from exc
        raise NotReplaced(exc, done, True) from exc


def _undo(folder: Path, paths: list[Path]) -> None:
    """Every file put back as its kept content has it, then the journal removed."""
    replace = journal_path(folder, "replace")
    if replace.exists():
        os.replace(replace, journal_path(folder, "undo"))
    for path in paths:
        if kept_name(path).exists():
            os.replace(kept_name(path), path)  # the same file if it was never replaced
        kept_name(path).unlink(missing_ok=True)
        new_name(path).unlink(missing_ok=True)
    _sync_folders([folder, *paths])
    journal_path(folder, "undo").unlink()


def _discard(folder: Path, paths: list[Path], state: str) -> None:
    """The temporary files of a change not begun removed, then its journal."""
    for path in paths:
        new_name(path).unlink(missing_ok=True)
        kept_name(path).unlink(missing_ok=True)
    journal_path(folder, state).unlink(missing_ok=True)


def _write_journal(folder: Path, state: str, paths: list[Path]) -> None:
    names = [path.relative_to(folder).as_posix() for path in paths]
    write_atomic(journal_path(folder, state), json.dumps({"files": names}, indent=1) + "\n")


def _sync_folders(paths: list[Path]) -> None:
    """The folders holding ``paths`` (or the folder itself) synced: renames made durable."""
    for folder in dict.fromkeys(p if p.is_dir() else p.parent for p in paths):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@dataclass
class Recovered:
    """What ``recover`` did with an interrupted change: ``stood`` if every file had been
    replaced, else ``restored`` (put back as they were); ``state`` the journal's."""

    journal: Path
    state: str
    restored: list[Path] = field(default_factory=list)
    stood: list[Path] = field(default_factory=list)


def recover(folder: Path) -> Recovered | None:
    """An interrupted change in ``folder`` finished (None: there is none, or a process is
    making it now); JournalError if its journal cannot be followed (nothing is touched)."""
    if not any(journal_path(folder, state).exists() for state in STATES):
        return None
    with locked(folder, wait=False) as mine:
        return _finish(folder) if mine else None


def _finish(folder: Path) -> Recovered | None:
    """``recover``, the folder locked."""
    found = [state for state in STATES if journal_path(folder, state).exists()]
    if not found:
        return None
    state = found[-1]
    paths = _read_journal(folder, journal_path(folder, state))
    done = Recovered(journal_path(folder, state), state)
    if state == "prepare":
        _discard(folder, paths, state)
    elif state == "replace" and not any(new_name(p).exists() for p in paths):
        done.stood = paths
        journal_path(folder, state).unlink()
        for path in paths:
            kept_name(path).unlink(missing_ok=True)
    else:
        done.restored = [p for p in paths if not new_name(p).exists()]
        _undo(folder, paths)
    return done


def _read_journal(folder: Path, journal: Path) -> list[Path]:
    """The files a journal names: each inside ``folder``, not hidden, not a link out."""
    try:
        with journal.open("rb") as file:
            data = json.loads(file.read(MAX_JOURNAL_BYTES + 1))
        names = data["files"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TypeError("'files' is not a list of names")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise JournalError(f"{journal}: cannot be read ({exc})") from exc
    base = folder.resolve()
    paths = []
    for name in names:
        path = folder / name
        where = path.parent.resolve() / path.name
        if not where.is_relative_to(base) or where == base or path.is_dir() or any(
                part.startswith(".") for part in Path(name).parts):
            raise JournalError(f"{journal}: names {name!r}, not a file of {folder}: it is not "
                               "this program's")
        paths.append(path)
    return paths
