"""Tasks over a pool of worker processes on this machine, each within its ceilings.

Each worker gets the function and what the tasks share once, when it starts
(forked, it inherits them), and ends with the process that started it
(publish.core.parallel.lifetime: a killed command leaves no worker behind).
Each task runs within the wall time and the memory of publish.core.ceilings,
past which it fails naming itself (its label) and the ceiling.  A worker that
dies (the kernel's out-of-memory killer, a library's crash) fails each task it
took with it as ``WorkerLost``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

from publish.core.ceilings import OverCeiling, ceilings
from publish.core.parallel import Explain, Outcome, Session, Tasks, WorkerLost
from publish.core.parallel.lifetime import end_with_parent


@dataclass(frozen=True)
class Processes:
    """Up to ``workers`` processes (default: one per core; never more than there are tasks),
    each task within the ceilings of publish.core.ceilings unless ``ceilings`` is False;
    ``explain``: see publish.core.parallel.Explain."""

    workers: int | None = None
    ceilings: bool = True
    explain: Explain | None = None

    def session(self, tasks: Tasks[Any, Any, Any]) -> AbstractContextManager[Session]:
        return _pool(self, tasks)


@contextmanager
def _pool(way: Processes, tasks: Tasks[Any, Any, Any]) -> Iterator[Session]:
    count = max(1, min(way.workers or os.cpu_count() or 1, len(tasks.items)))
    pool = ProcessPoolExecutor(max_workers=count, initializer=_start_worker,
                               initargs=(tasks.call, tasks.shared, way.ceilings, way.explain,
                                         os.getpid()))
    try:
        pending = {pool.submit(_run, item, tasks.label(index)): index
                   for index, item in enumerate(tasks.items)}
        yield Session(count, f"{count} worker process{'es' if count > 1 else ''}",
                      _outcomes(pending, tasks))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _outcomes(pending: dict[Future[Any], int], tasks: Tasks[Any, Any, Any]
              ) -> Iterator[Outcome[Any]]:
    """Each task's outcome as its worker ends it; those that end together in the order the
    tasks were given."""
    while pending:
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in sorted(finished, key=pending.__getitem__):
            index = pending.pop(future)
            if future.cancelled():
                continue
            error = future.exception()
            if isinstance(error, BrokenProcessPool):
                yield Outcome(index, error=WorkerLost(tasks.label(index)))
            elif error is not None:
                yield Outcome(index, error=error)
            else:
                yield Outcome(index, future.result())


@dataclass(frozen=True)
class _Worker:
    """What a worker process was started with."""

    call: Callable[[Any, Any], Any]
    shared: Any
    ceilings: bool
    explain: Explain | None


_WORKER: _Worker | None = None
"""Set once in each worker process, when it starts."""


def _start_worker(call: Callable[[Any, Any], Any], shared: Any, within: bool,
                  explain: Explain | None, parent: int) -> None:
    global _WORKER
    _WORKER = _Worker(call, shared, within, explain)
    end_with_parent(parent)


def _run(item: Any, label: str) -> Any:
    """One task, in a worker: within its ceilings (``label`` named past them); an error the
    worker's ``explain`` knows sent as what it says."""
    worker = _WORKER
    assert worker is not None, "a task ran in a process that was not started as a worker"
    try:
        if not worker.ceilings:
            return worker.call(worker.shared, item)
        with ceilings(label):
            return worker.call(worker.shared, item)
    except OverCeiling:
        raise
    except Exception as exc:
        explained = worker.explain(exc) if worker.explain else None
        if explained is None:
            raise
        raise explained from None
