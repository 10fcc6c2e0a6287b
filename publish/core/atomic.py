"""Write outputs atomically: a temporary file beside the target, then a rename.

An interrupted or failed write leaves the previous file intact, never a
truncated one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from publish.core.problems import PublishError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutsideOutputs(PublishError, ValueError):
    """A file to write or remove would land outside the folder its writer owns."""


class WriteFailed(PublishError, OSError):
    """A file could not be written or removed (a full disk, a folder without permission):
    ``filename`` names it."""


def _failed(exc: OSError, path: Path) -> WriteFailed:
    """``exc`` as a WriteFailed naming the file (a full disk names none: ``path``)."""
    return WriteFailed(exc.errno, exc.strerror or str(exc), exc.filename or str(path))


def kept_inside(path: Path, within: Path) -> Path:
    """``path`` with its folders resolved (symlinks followed, ``..`` folded), if it lands
    inside ``within``; OutsideOutputs, naming both, before any folder is made."""
    base = within.resolve()
    target = path.parent.resolve() / path.name
    if path.name in ("", ".", "..") or not target.is_relative_to(base) or target == base:
        raise OutsideOutputs(f"refused to write {path}: it leads to {target}, outside {base}, "
                             "the only folder a build writes in (an id that names a file "
                             "must not hold '/' or '..')")
    return target


def write_atomic(path: Path, data: str | bytes, within: Path | None = None) -> None:
    """Replace ``path`` with ``data`` in one step, with the mode a plain write would give;
    with ``within``, only if ``path`` lands inside it (``kept_inside``).  WriteFailed, naming
    the file, if it cannot be written."""
    if within is not None:
        path = kept_inside(path, within)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise _failed(exc, path) from exc
    try:
        with os.fdopen(fd, "wb") as fh:  # closes fd whatever happens next
            os.fchmod(fh.fileno(), 0o666 & ~_umask())  # mkstemp makes it private (0600)
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _failed(exc, path) from exc
        raise


def remove_inside(path: Path, within: Path) -> None:
    """Remove ``path``, if it is there, only if it lands inside ``within`` (``kept_inside``);
    WriteFailed if it cannot be."""
    target = kept_inside(path, within)
    try:
        target.unlink(missing_ok=True)
    except OSError as exc:
        raise _failed(exc, target) from exc
