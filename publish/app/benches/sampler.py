"""A CPU-time sampler of this process's stack: SIGPROF every few milliseconds of CPU, each
sample weighted by the CPU time since the one before.

The timer (``ITIMER_PROF``) counts this process's user and system time.  A
Python signal handler runs between bytecodes, so a long call into C
(a qpdf save, a pdfium render, a harfbuzz shaping run) is sampled once, when
it returns to its Python caller; weighting each sample by the CPU time since
the last (``time.process_time``) gives that caller the whole call's time,
rather than one tick for it.  Only the main thread is sampled, the one a
build runs in when nothing is forked (publish.app.benches.profile).
"""

from __future__ import annotations

import signal
import time
from collections import defaultdict
from types import FrameType, TracebackType
from typing import Any

from publish.app.benches.phases import Stack


def stack_of(frame: FrameType | None) -> Stack:
    """The frames from ``frame`` outwards, each as its module and function name."""
    frames = []
    while frame is not None:
        frames.append((str(frame.f_globals.get("__name__", "?")), frame.f_code.co_name))
        frame = frame.f_back
    return tuple(frames)


class StackSampler:
    """``with StackSampler() as sampler:`` leaves in ``sampler.samples`` the CPU seconds
    spent under each stack met in the block."""

    def __init__(self, interval: float = 0.005) -> None:
        self.interval = interval
        self.samples: defaultdict[Stack, float] = defaultdict(float)
        self._last = 0.0
        self._previous: Any = None

    def __enter__(self) -> StackSampler:
        self._previous = signal.signal(signal.SIGPROF, self._take)
        signal.siginterrupt(signal.SIGPROF, False)  # system calls resume after a sample
        self._last = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, self._previous)

    def _take(self, signum: int, frame: FrameType | None) -> None:
        now = time.process_time()
        self.samples[stack_of(frame)] += now - self._last
        self._last = now
