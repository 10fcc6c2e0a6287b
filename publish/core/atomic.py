"""Write outputs atomically: a temporary file beside the target, then a rename.

An interrupted or failed write leaves the previous file intact, never a
truncated one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutsideOutputs(ValueError):
    """A file to write or remove would land outside the folder its writer owns."""


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
    with ``within``, only if ``path`` lands inside it (``kept_inside``)."""
    if within is not None:
        path = kept_inside(path, within)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:  # closes fd whatever happens next
            os.fchmod(fh.fileno(), 0o666 & ~_umask())  # mkstemp makes it private (0600)
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.filename is None:  # a full disk names no file
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
        raise
