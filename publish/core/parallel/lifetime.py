"""A process the toolchain forks ends with the process that forked it.

A pool's workers (publish.core.parallel.pool), and the helper a process forks
beside itself (publish.core.parallel.helper: a manual's parts),
wait for work or write results to their parent.  Killed (``kill -9``), a
parent cannot tell them: a worker would wait for work forever, holding its
memory, and a helper could block on a pipe nobody reads.  So each child asks
the kernel to kill it when its parent ends (Linux's parent-death signal) and
also watches its parent itself (elsewhere, and should the signal be missed).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PARENT_POLL = 0.5
"""How often, in seconds, a child looks whether its parent is still there: the longest it
outlives a parent killed where the kernel cannot tell it."""

_PR_SET_PDEATHSIG = 1
"""prctl(2)'s option: the signal this process gets when the thread that forked it ends."""


def end_with_parent(parent: int) -> None:
    """End this process, just forked from ``parent``, as soon as ``parent`` ends: at once
    through the kernel on Linux, else within PARENT_POLL (a watching thread); now if it has
    already ended.  The fork must come from a thread that lives as long as its process (the
    kernel signals when that thread ends)."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the watching thread is enough
            pass
    if os.getppid() != parent:  # ended before the signal was asked for
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="end-with-parent").start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)
