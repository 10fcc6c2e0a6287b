"""An exception no code foresaw is a bug: its traceback goes to a file, the command says one
line pointing at it and exits 2.

Everything a user can get wrong is said by the commands as a located message
(publish.failures); whatever still escapes them must not print a traceback at
a designer, nor be lost.  Standard library only: the entry point uses it
before the toolchain loads.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from datetime import datetime

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


def crash_line(exc: BaseException) -> str:
    """The one line said for ``exc``, after its traceback is written to a log file."""
    try:
        where = f"the traceback is in {write_crash_log(exc)}"
    except OSError as unwritable:
        where = f"no log could be written ({unwritable.strerror or unwritable})"
    said = (str(exc).splitlines() or [""])[0]
    said = said if len(said) <= 120 else said[:117] + "..."
    return (f"publish: internal error ({type(exc).__name__}{': ' + said if said else ''}); "
            f"this is a bug, not a problem of your files: {where}; please report it with "
            "that file")
