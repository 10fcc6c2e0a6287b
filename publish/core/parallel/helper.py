"""Tasks shared by this process and one helper forked from it, each taking the next.

The helper is forked when the tasks are ready, so it holds all this process
holds (a manual laid out once, WeasyPrint and its fonts loaded) and nothing
is sent to it; only what it made comes back.  Where this process is a pool's
worker (publish.core.parallel.pool), that makes one process more than the pool
has workers; it paid for itself where measured (a forced build of every output
with ``--jobs 2`` on two cores: docs/architecture.md, "Parallel work").

The helper ends with this process (publish.core.parallel.lifetime), reads no
pipe, takes tasks from a pipe of indices (no lock a dead process could hold)
and writes its results to a pipe this process reads to the end, so a killed
command leaves nothing behind; if this process fails, or its time is up, the
helper is killed and reaped.  On one core, for one task, or where processes
cannot fork, the tasks run here.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
from collections.abc import Iterator, Set
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from itertools import chain
from typing import Any

from publish.core.parallel import Explain, InProcess, Outcome, Session, Tasks, WorkerLost
from publish.core.parallel.lifetime import end_with_parent


@dataclass(frozen=True)
class ForkedHelper:
    """This process and a helper forked from it; ``explain``: what an error of the
    helper's becomes before it crosses back (see publish.core.parallel.Explain).  With
    ``first_here``, the first task is this process's, taken before the helper is forked:
    what it loads stays here (a library the workers forked later share), while the helper
    takes the next (whichever process is free takes the one after)."""

    explain: Explain | None = None
    first_here: bool = False

    def session(self, tasks: Tasks[Any, Any, Any]) -> AbstractContextManager[Session]:
        if len(tasks.items) < 2 or (os.cpu_count() or 1) < 2 or not hasattr(os, "fork"):
            return InProcess().session(tasks)
        return _with_helper(tasks, self.explain, self.first_here)


@contextmanager
def _with_helper(tasks: Tasks[Any, Any, Any], explain: Explain | None,
                 first_here: bool) -> Iterator[Session]:
    queue = _task_queue(len(tasks.items))
    first = [next(_taken(queue))] if first_here else []
    results, write = os.pipe()
    parent = os.getpid()
    helper = os.fork()
    if helper == 0:
        os.close(results)
        _help(tasks, queue, write, parent, explain)  # never returns
    os.close(write)
    try:
        yield Session(2, "this process and a helper forked from it",
                      _outcomes(tasks, queue, results, first))
    finally:
        with suppress(ProcessLookupError):
            os.kill(helper, signal.SIGKILL)  # ended already, unless this process failed
        os.close(queue)
        os.close(results)
        os.waitpid(helper, 0)


def _outcomes(tasks: Tasks[Any, Any, Any], queue: int, results: int, first: list[int]
              ) -> Iterator[Outcome[Any]]:
    """The tasks this process takes (``first``, taken already, then the next), as it does
    them, then those the helper did."""
    taken = set()
    for index in chain(first, _taken(queue)):
        taken.add(index)
        try:
            value = tasks.call(tasks.shared, tasks.items[index])
        except Exception as exc:
            yield Outcome(index, error=exc)
            return
        yield Outcome(index, value)
    yield from _helped(tasks, results, taken)


def _task_queue(count: int) -> int:
    """A pipe holding the index of every task (four bytes each), its writing end closed: the
    reading end, from which each process takes the next one whole, without a lock (a
    process that dies holds nothing the other waits for)."""
    read, write = os.pipe()
    os.write(write, b"".join(struct.pack("=I", i) for i in range(count)))
    os.close(write)
    return read


def _taken(queue: int) -> Iterator[int]:
    while taken := os.read(queue, 4):
        yield struct.unpack("=I", taken)[0]


def _help(tasks: Tasks[Any, Any, Any], queue: int, write: int, parent: int,
          explain: Explain | None) -> None:
    """The forked helper: take tasks, send back what they made (or what one raised, as
    ``explain`` says it, and which), and end."""
    status = 1
    try:
        end_with_parent(parent)
        done: dict[int, Any] = {}
        outcome: tuple[str, Any] = ("done", done)
        for index in _taken(queue):
            try:
                done[index] = tasks.call(tasks.shared, tasks.items[index])
            except Exception as exc:
                outcome = ("failed", (index, (explain(exc) if explain else None) or exc))
                break
        try:
            data = pickle.dumps(outcome)
        except Exception as exc:  # what it made or raised cannot cross: said in words
            data = pickle.dumps(("failed", (index, RuntimeError(
                f"{tasks.label(index)}: what it made or raised in the helper process cannot "
                f"be sent back ({type(exc).__name__}: {exc})"))))
        with os.fdopen(write, "wb") as out:
            out.write(data)
        status = 0
    finally:
        os._exit(status)


def _helped(tasks: Tasks[Any, Any, Any], results: int, taken: Set[int]
            ) -> Iterator[Outcome[Any]]:
    """What the helper sent, read to the end (it ends when the helper does)."""
    with os.fdopen(results, "rb", closefd=False) as pipe:
        data = pipe.read()
    if not data:  # the helper ended before sending: named by the first task not done here
        lost = sorted(set(range(len(tasks.items))) - taken)
        if lost:
            yield Outcome(lost[0], error=WorkerLost(tasks.label(lost[0])))
        return
    outcome, value = pickle.loads(data)
    if outcome == "failed":
        index, error = value
        yield Outcome(index, error=error)
        return
    for index, result in sorted(value.items()):
        yield Outcome(index, result)
