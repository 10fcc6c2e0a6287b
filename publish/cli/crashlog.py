"""An exception no code foresaw is a bug: its traceback goes to a file, the command says one
line pointing at it and exits 2.

Everything a user can get wrong is said by the commands as a located message
(publish.build.failures); whatever still escapes them must not print a traceback at
a designer, nor be lost.  Standard library only (and publish.core.problems, which is too):
the entry point uses it before the toolchain loads.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from datetime import datetime

from publish.core.problems import terminal_safe

STATUS = 2


def write_crash_log(exc: BaseException) -> str:
    """The traceback of ``exc``, with the command and versions, in a new file; its path."""
    fd, name = tempfile.mkstemp(prefix="publish-crash-", suffix=".log")
    with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as fh:
        fh.write(f"{datetime.now().isoformat(timespec='seconds')}  "
                 f"python {sys.version.split()[0]}\n")
        fh.write(f"command: publish {' '.join(sys.argv[1:])}\ncwd: {os.getcwd()}\n\n")
        traceback.print_exception(exc, file=fh)
    return name


def engine_frame(exc: BaseException) -> tuple[str, str, int] | None:
    """Where ``exc`` passed last through a rules engine plug-in of another package than
    publish that this process loaded (``publish.engines.registry.PLUGINS``, read only if
    that module is loaded: this one imports nothing of the toolchain): its module, file and
    line; None when it did not."""
    roots = getattr(sys.modules.get("publish.engines.registry"), "PLUGINS", ())
    found = None
    for frame, line in traceback.walk_tb(exc.__traceback__):
        module = str(frame.f_globals.get("__name__", ""))
        if module.split(".")[0] in roots:
            found = module, frame.f_code.co_filename, line
    return found


def crash_line(exc: BaseException) -> str:
    """The one line said for ``exc``, after its traceback is written to a log file: a bug of
    ours, or of the rules engine a game brought when the exception came through it;
    terminal-safe, as the exception may quote a file."""
    try:
        where = f"the traceback is in {write_crash_log(exc)}"
    except OSError as unwritable:
        where = f"no log could be written ({unwritable.strerror or unwritable})"
    said = (str(exc).splitlines() or [""])[0]
    said = said if len(said) <= 120 else said[:117] + "..."
    what = f"{type(exc).__name__}{': ' + said if said else ''}"
    engine = engine_frame(exc)
    if engine is not None:
        module, path, line = engine
        return terminal_safe(f"publish: the rules engine {module} failed ({what}) at {path}:"
                             f"{line}; that is a bug in the engine, not in your cards: {where} "
                             "(docs/engines.md says what publish calls and passes)")
    return terminal_safe(f"publish: internal error ({what}); this is a bug, not a problem of "
                         f"your files: {where}; please report it with that file")
