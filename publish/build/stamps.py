"""A build with nothing to do, answered from file stats before the toolchain is loaded.

`publish build` plans by digests (publish.model.inputs): to find that nothing
changed it imports the toolchain, reads every card and hashes every input,
about half a second for a large game.  When a default build ends with every
output up to date, it leaves a stamp: the size and modification time of every
file a build could read (the project's cards/, templates/, fonts/ and
pyproject.toml, the toolchain's own files) and of every file under the game's
build folder.  The next `publish build` with the same options (publish.cli.launch)
compares those stats alone: the same files, none added, none gone, none
touched, and it prints what the full plan printed.  Anything else, and the
full plan decides as always (it never reads the stamp).

A file modified less than a second before the stamp was taken could be
modified again within the same timestamp tick without its stats showing it;
such a stamp is not written (git treats a "racily clean" index entry alike).
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from publish.core.atomic import write_atomic
from publish.core.projectfiles import project_root

STAMPS = Path("build") / ".unchanged.json"
"""Under the project root: the stamps, by options, of builds that found nothing to do."""

KEPT = 8
"""Stamps kept (one per combination of options last used)."""

RACY_NS = 1_000_000_000
PACKAGE = Path(__file__).resolve().parent.parent
VALUED = ("--project", "--game", "--locale", "--jobs")
"""The options of `publish build` a no-op may be answered for (and --strict)."""


def key(root: Path, game: str | None, locale: str | None, strict: bool) -> str:
    """The options a stamp answers for, with what else decides a build (the Python, the date)."""
    return json.dumps([str(root.resolve()), game, locale, strict, sys.executable,
                       sys.version, os.environ.get("SOURCE_DATE_EPOCH")])


def file_stats(folders: list[Path]) -> dict[str, list[int]]:
    """Path -> [mtime_ns, size] of every file under ``folders`` (or the file itself)."""
    found = {}
    for top in folders:
        if top.is_file():
            stat = top.stat()
            found[str(top)] = [stat.st_mtime_ns, stat.st_size]
            continue
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                path = os.path.join(folder, name)
                stat = os.stat(path)
                found[path] = [stat.st_mtime_ns, stat.st_size]
    return found


@dataclass
class Snapshot:
    """The inputs' stats, taken before a build reads them."""

    root: Path
    game: str
    taken_ns: int = field(default_factory=time.time_ns)
    inputs: dict[str, list[int]] = field(default_factory=dict)
    elsewhere: list[Path] = field(default_factory=list)
    """Inputs outside the project: the earlier version the changes are shown since (its
    folder, or the git references that name its commit)."""

    def input_folders(self) -> list[Path]:
        root = self.root.resolve()
        return [root / "cards", root / "templates", root / "fonts", root / "pyproject.toml",
                PACKAGE, *self.elsewhere]

    def add(self, paths: list[Path]) -> None:
        """Inputs found once the game is read (``elsewhere``), their stats taken now: before
        anything in them is read."""
        present = [path for path in paths if path.exists()]
        self.elsewhere += present
        self.inputs.update(file_stats(present))

    def output_folders(self) -> list[Path]:
        return [self.root.resolve() / "build" / self.game]


def snapshot(root: Path, game: str) -> Snapshot:
    """The stats of every input of ``game``'s build, now."""
    taken = Snapshot(root, game)
    taken.inputs = file_stats(taken.input_folders())
    return taken


def remember(taken: Snapshot, options: str, message: str) -> None:
    """Every output is up to date with the inputs as ``taken``: keep a stamp saying so.

    Not kept when an input was modified too close to the snapshot to trust its
    stats; the next build then plans in full, and leaves a stamp it can trust.
    """
    if any(mtime >= taken.taken_ns - RACY_NS for mtime, _ in taken.inputs.values()):
        return
    folders = taken.input_folders() + taken.output_folders()
    files = {**taken.inputs, **file_stats(taken.output_folders())}
    stamps = _read(taken.root.resolve() / STAMPS)
    stamps.pop(options, None)
    stamps[options] = {"folders": [str(f) for f in folders], "files": files, "say": message}
    write_atomic(taken.root.resolve() / STAMPS,
                 json.dumps(dict(list(stamps.items())[-KEPT:])) + "\n")


def _read(path: Path) -> dict:
    try:
        stamps = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return stamps if isinstance(stamps, dict) else {}


def answer(argv: list[str], cwd: Path) -> str | None:
    """What `publish <argv>` would print, if it is a build that a stamp shows has nothing
    to do; None when the full command must run (any other command or option, any change)."""
    options = _build_options(argv)
    if options is None:
        return None
    root = project_root(Path(options["--project"]) if options["--project"] else cwd)
    if root is None:
        return None
    stamp = _read(root / STAMPS).get(key(root, options["--game"], options["--locale"],
                                         options["--strict"]))
    if not isinstance(stamp, dict):
        return None
    now = file_stats([Path(folder) for folder in stamp.get("folders", [])])
    return stamp.get("say") if now == stamp.get("files") else None


def _build_options(argv: list[str]) -> dict | None:
    """`build` with only the options a no-op is answered for, or None."""
    if not argv or argv[0] != "build":
        return None
    found: dict = {name: None for name in VALUED} | {"--strict": False}
    rest = iter(argv[1:])
    for arg in rest:
        name, equals, value = arg.partition("=")
        if arg == "--strict":
            found["--strict"] = True
        elif name in VALUED:
            found[name] = value if equals else next(rest, None)
            if found[name] is None:
                return None
        else:  # a target, --force, --help, anything else: the full command
            return None
    return found
