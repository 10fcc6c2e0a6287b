"""How long and how large one piece of work may grow: a build's job, or the drawing of an
edition's rules by `publish check`.

What a game brings (templates, pictures, rules) is bounded where it is read
(publish.model.images, publish.core.svgsize, publish.render.sandbox, publish.docs.parser);
these ceilings catch whatever still grows without end, so that the work fails
naming itself and the ceiling instead of holding a core or the machine's memory:
its wall time by a timer (in the main thread, the only one signals reach), its
address space by the kernel (RLIMIT_AS: an allocation past it fails).
"""

from __future__ import annotations

import resource
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from publish.core.problems import PublishError

MAX_JOB_SECONDS = 600
"""The wall time one piece of work may take: ten minutes, where the longest job of the largest
game in this repository, its manual (57 pages), takes 22 s on one core."""

MAX_JOB_MEMORY = 1024 * 1024 * 1024
"""The address space one piece of work may add to its process (RLIMIT_AS, set to what the
process has when the work starts plus this; the helper a worker forks shares it): 1 GiB,
where laying out the largest manual in this repository takes its worker from 217 MB to
650 MB (WeasyPrint's loading included; 230 MB resident at most).  Added to what the
process has, not counted from nothing: a long-lived process (`publish watch`, a test run)
may hold more than any job needs before it starts one."""


class OverCeiling(PublishError, RuntimeError):
    """Work stopped at a ceiling: the message names the work and the ceiling."""


class _OutOfTime(BaseException):
    """Raised in the main thread when the work's time is up: a BaseException, so that no
    handler of the code it interrupts takes it for an error of its own."""


def _out_of_time(_signal: int, _frame: object) -> None:
    raise _OutOfTime


@contextmanager
def ceilings(what: str, seconds: float | None = None, memory: int | None = None
             ) -> Iterator[None]:
    """Run the block within ``seconds`` of wall time and ``memory`` more bytes of address
    space than the process has now (MAX_JOB_SECONDS and MAX_JOB_MEMORY unless given); past
    either, OverCeiling naming ``what``.  The time is kept only in the main thread; a lower
    limit already set stays, and the limit is put back after."""
    seconds = MAX_JOB_SECONDS if seconds is None else seconds
    memory = MAX_JOB_MEMORY if memory is None else memory
    timed = threading.current_thread() is threading.main_thread()
    before = resource.getrlimit(resource.RLIMIT_AS)
    soft, hard = before
    has = _address_space()
    if has is not None:
        ceiling = has + memory if hard == resource.RLIM_INFINITY else min(has + memory, hard)
        if soft == resource.RLIM_INFINITY or soft > ceiling:
            resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    handler = signal.signal(signal.SIGALRM, _out_of_time) if timed else None
    if timed:
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _OutOfTime:
        raise OverCeiling(f"{what}: stopped after {seconds:g} s, the time it may take "
                          "(publish.core.ceilings.MAX_JOB_SECONDS): see what in its templates, "
                          "pictures or rules makes so much") from None
    except MemoryError:
        raise OverCeiling(f"{what}: stopped when it needed more than the "
                          f"{memory // 2**20:,} MiB of memory it may add "
                          "(publish.core.ceilings.MAX_JOB_MEMORY)") from None
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, handler if handler is not None else signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_AS, before)


def _address_space() -> int | None:
    """The bytes of address space this process has now (None where /proc cannot say: then
    no memory ceiling is kept)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * resource.getpagesize()
