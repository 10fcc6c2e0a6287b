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
from pathlib import Path

from publish.model import Game
from publish.problems import Location, Problem, ProblemsFound
from publish.sourcetext import MAX_BYTES, decode, too_big

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


class OutsideProject(ProblemsFound):
    """A file the sources lead to lies outside the project (through a symlink or ``..``)."""


def inside(path: Path, root: Path) -> Path:
    """``path`` resolved, if it is inside ``root``; OutsideProject (located at ``path``) if not."""
    base = root.resolve()
    try:
        target = path.resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise OutsideProject([Problem(Location(path), f"cannot follow this name: {exc}")]) from None
    if not target.is_relative_to(base):
        raise OutsideProject([Problem(Location(path), f"leads to {target}, outside {base} where "
                                                      f"it must stay; refused: {_INSTEAD}")])
    return target


def read_bytes(path: Path, root: Path) -> bytes:
    """The contents of a regular file inside ``root``; ProblemsFound, located at ``path``, if
    it leads outside ``root``, is not a regular file (a device, a pipe) or cannot be read."""
    target = inside(path, root)
    try:
        if not stat.S_ISREG(target.stat().st_mode):
            raise ProblemsFound([Problem(Location(path), "not a regular file; refused")])
        return target.read_bytes()
    except OSError as exc:
        raise ProblemsFound([Problem(Location(path), f"cannot read file: {exc.strerror or exc}")]
                            ) from None


def read_text(path: Path, root: Path) -> str:
    """``read_bytes`` as UTF-8 text, a source within publish.sourcetext's size limit; a byte
    that is not UTF-8 is located by line and column."""
    data = read_bytes(path, root)
    if len(data) > MAX_BYTES:
        raise too_big(path, len(data))
    return decode(path, data)


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


def game_files(game: Game) -> list[Path]:
    """The folders a game's build reads: its own, its templates, the shared ones, the fonts."""
    project = game.project
    return [game.root, project / "templates" / game.id, project / "templates" / "_common",
            project / "fonts"]
