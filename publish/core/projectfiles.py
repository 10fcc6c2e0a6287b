"""The one door through which the toolchain reads a file on a game's behalf.

A game folder is untrusted input: a symlink (``icons/x.svg -> /etc/passwd``)
or a ``..`` in a name the sources give (``{example ../../secret}``) would
otherwise let a shared game print any file of the machine that builds it.
Every reader of deck files, game.yaml, icons, art, chapters, examples,
catalogs, templates and fonts goes through ``read_bytes``: the name is
resolved (symlinks followed, ``..`` folded) and must land on a regular file
inside the root it is read for, the project's folder (or, for the tool's own
templates, the tool's folder).  Anything else is a located problem that
names the file and where it leads, never a read.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.sourcetext import MAX_BYTES, decode, too_big

_INSTEAD = "copy the file into the project and refer to it from there"


EDITOR_FILES = re.compile(
    r"""^\.                        # hidden: .#lock (Emacs), .x.swp (Vim), .~lock.x# (LibreOffice),
                                   #   .goutputstream-X (GNOME), .DS_Store
      | ~$ | ^~\$                  # backup~ (Emacs, gedit...), ~$book.xlsx (Microsoft Office)
      | ^\#.*\#$                   # #autosave# (Emacs)
      | \.(sw[a-p]|swx|tmp|temp|bak|orig|rej|kate-swp|crdownload|part)$
      | ^4913$                     # Vim's test of whether it may write in the folder
      | ___jb_(tmp|old|bak)___$    # JetBrains' safe write
      | ^sed[A-Za-z0-9]{6}$        # sed -i's temporary copy
    """, re.VERBOSE)
"""Names of files editors write beside the ones they edit: never a source."""


def sources(folder: Path, pattern: str) -> list[Path]:
    """The files of ``folder`` matching ``pattern`` (a glob), in order, without hidden files
    and editors' own (an Emacs lock ``.#alpha.yaml`` is no deck)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(pattern) if not EDITOR_FILES.search(p.name))


def hidden(path: Path, folder: Path) -> bool:
    """Whether ``path`` lies under a hidden name below ``folder`` (``.git/``, ``.DS_Store``):
    never a source, and refused by ``inside``."""
    return any(part.startswith(".") for part in path.relative_to(folder).parts)


class OutsideProject(ProblemsFound):
    """A file the sources lead to lies outside the project (through a symlink or ``..``)."""


OUTPUTS = "build"
"""The project's output folder: what a build writes is never read back as a source."""


def inside(path: Path, root: Path, within: Sequence[Path] = ()) -> Path:
    """``path`` resolved, if it is a source of ``root`` (inside it, and neither hidden, as
    ``.git/``, ``.env`` and ``.venv/`` are, nor in ``build/`` unless ``within`` names a folder
    of it) and, when ``within`` names folders, inside one of them; OutsideProject (located
    at ``path``) if not."""
    base = root.resolve()
    try:
        target = path.resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise OutsideProject([Problem(Location(path), f"cannot follow this name: {exc}")]) from None
    if not target.is_relative_to(base):
        raise OutsideProject([Problem(Location(path), f"leads to {target}, outside {base} where "
                                                      f"it must stay; refused: {_INSTEAD}")])
    folders = [folder.resolve() for folder in within]
    parts = target.relative_to(base).parts
    hidden = next((part for part in parts if part.startswith(".")), None)
    outputs = parts[:1] == (OUTPUTS,) and (base / "cards").is_dir() and not any(
        f.is_relative_to(base / OUTPUTS) and target.is_relative_to(f) for f in folders)
    # a project's outputs, unless named (a report shows the faces a build made); the
    # toolchain's own code, read for its digest, has a package of that name
    if hidden is not None or outputs:
        what = f"a hidden name ({hidden})" if hidden else f"the outputs' folder {OUTPUTS}/"
        raise OutsideProject([Problem(Location(path), f"leads to {target}, under {what}, which "
                                                      f"no game reads; refused: {_INSTEAD}")])
    if folders and not any(target.is_relative_to(folder) for folder in folders):
        shown = ", ".join(_shown(folder, base) for folder in folders)
        raise OutsideProject([Problem(Location(path), f"leads to {target}, outside what this "
                                                      f"game may read ({shown}); refused: "
                                                      f"{_INSTEAD}")])
    return target


def _shown(folder: Path, base: Path) -> str:
    return f"{folder.relative_to(base).as_posix()}/" if folder.is_relative_to(base) else str(folder)


def read_bytes(path: Path, root: Path, limit: int | None = None,
               advice: str | None = None) -> bytes:
    """The contents of a regular file inside ``root``; ProblemsFound, located at ``path``, if
    it leads outside ``root``, is not a regular file (a device, a pipe), cannot be read, or
    holds more than ``limit`` bytes (then no more than that is read; ``advice`` says what
    to do)."""
    target = inside(path, root)
    try:
        if not stat.S_ISREG(target.stat().st_mode):
            raise ProblemsFound([Problem(Location(path), "not a regular file; refused")])
        if limit is None:
            return target.read_bytes()
        with target.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise ProblemsFound([Problem(Location(path), f"cannot read file: {exc.strerror or exc}")]
                            ) from None
    if len(data) > limit:
        raise too_big(path, target.stat().st_size, limit, *([advice] if advice else []))
    return data


def read_text(path: Path, root: Path) -> str:
    """``read_bytes`` as UTF-8 text, a source within publish.core.sourcetext's size limit; a byte
    that is not UTF-8 is located by line and column."""
    return decode(path, read_bytes(path, root, MAX_BYTES))


def leading_out(folders: list[Path], root: Path) -> list[Problem]:
    """Every name in ``folders`` (and the folders themselves) that leads outside ``root``:
    what `publish check` names before a build would refuse it."""
    problems: list[Problem] = []
    for folder in folders:
        names = [folder] if folder.is_symlink() else []
        if folder.is_dir() and not folder.is_symlink():
            for here, dirs, files in os.walk(folder):  # never into a symlinked folder
                names += [Path(here, n) for n in sorted(dirs + files)
                          if Path(here, n).is_symlink()]
        for name in names:
            try:
                inside(name, root)
            except OutsideProject as outside:
                problems += outside.problems
    return problems


def project_root(start: Path) -> Path | None:
    """The project root: the nearest folder upwards with cards/ (publish.model.load.find_root
    says what to do when there is none)."""
    here = start.resolve()
    return next((folder for folder in (here, *here.parents) if (folder / "cards").is_dir()),
                None)
