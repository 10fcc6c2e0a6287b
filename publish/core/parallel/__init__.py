"""Work spread over processes, one way for every command: builds, simulations and studies.

A piece of work is ``Tasks``: one function called as ``call(shared, item)`` for
each item, where ``shared`` (the loaded game, say) reaches each worker once,
not with every item.  A ``Way`` runs them:

- ``InProcess`` (here): one after the other in this process, nothing forked;
- ``publish.core.parallel.pool.Processes``: a pool of worker processes on this
  machine, each task within the time and memory ceilings of
  publish.core.ceilings, each worker ending with the process that started it
  (publish.core.parallel.lifetime), a worker that dies named by the task it
  took with it (``WorkerLost``); what `publish build` and `publish simulate` use;
- ``publish.core.parallel.cluster.Cluster``: dask.distributed, an embedded
  cluster over TLS on the loopback or one of the user's (`publish balance`);
  imported only by those who use it, since loading Dask takes about a second;
- ``publish.core.parallel.helper.ForkedHelper``: this process and one helper
  forked from it with all it holds (a build's worker writing a manual's parts).

``each_done`` hands each task's result on as it finishes (a build writes each
output then); ``run_all`` returns them all in the order the tasks were given,
so that a sum over them is the same whoever played what.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from publish.core.problems import PublishError

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")


Explain = Callable[[Exception], Exception | None]
"""What a task's error becomes before it leaves the process it ran in (where its traceback
still is: publish.render.misuse.template_misuse, for a build), or None to send it as it is."""


@dataclass(frozen=True)
class Tasks(Generic[S, T, R]):
    """``call(shared, item)`` for each of ``items``; ``call`` is a module's function (it is
    sent to other processes by name), ``labels`` name each task in messages."""

    call: Callable[[S, T], R]
    shared: S
    items: Sequence[T]
    labels: Sequence[str] | None = None

    def label(self, index: int) -> str:
        """The name of task ``index`` in a message (``task 3 of 8`` when none was given)."""
        if self.labels is not None:
            return self.labels[index]
        return f"task {index + 1} of {len(self.items)}"


@dataclass(frozen=True)
class Outcome(Generic[R]):
    """How task ``index`` ended: its ``value``, or the ``error`` it raised."""

    index: int
    value: R | None = None
    error: BaseException | None = None


@dataclass(frozen=True)
class Session:
    """Tasks under way: how many processes run them, where (in words), and each task's
    outcome as it comes."""

    workers: int
    where: str
    outcomes: Iterator[Outcome[Any]]


class Way(Protocol):
    """A way to run tasks: a session that runs them all, and ends (its processes with it)
    when left, even part way."""

    def session(self, tasks: Tasks[Any, Any, Any]) -> AbstractContextManager[Session]: ...


@dataclass(frozen=True)
class InProcess:
    """Every task in this process, in order: nothing forked, nothing to send."""

    def session(self, tasks: Tasks[Any, Any, Any]) -> AbstractContextManager[Session]:
        return _here(tasks)


@contextmanager
def _here(tasks: Tasks[Any, Any, Any]) -> Iterator[Session]:
    def outcomes() -> Iterator[Outcome[Any]]:
        for index, item in enumerate(tasks.items):
            try:
                yield Outcome(index, tasks.call(tasks.shared, item))
            except Exception as exc:
                yield Outcome(index, error=exc)

    yield Session(1, "this process", outcomes())


class WorkerLost(PublishError, RuntimeError):
    """The process running a task ended before the task did (killed, or out of memory in a
    library that cannot say so); ``label`` names the task."""

    def __init__(self, label: str) -> None:
        super().__init__(f"{label}: its worker process ended before the task was done "
                         "(killed, or out of memory)")
        self.label = label

    def __reduce__(self) -> tuple[type[WorkerLost], tuple[str]]:
        return type(self), (self.label,)


class TasksFailed(Exception):
    """Several tasks failed; ``errors`` in the order the tasks were given."""

    def __init__(self, errors: list[BaseException]) -> None:
        super().__init__("; ".join(str(error) for error in errors))
        self.errors = errors


def each_done(way: Way, tasks: Tasks[S, T, R], keep_going: bool = False,
              finished: Callable[[int], object] | None = None) -> Iterator[tuple[int, R]]:
    """(index, result) of each task as it finishes.

    A failed task ends the work at once, its own error raised here (the tasks
    not yet started are dropped), unless ``keep_going``: then the others still
    run, so that one run reports every failure, in the order the tasks were
    given (the same report whatever the timing: one error itself, several as
    ``TasksFailed``), and no result is handed on after the first failure.
    ``finished(index)`` is called as each task ends well.
    """
    with way.session(tasks) as session:
        yield from _handed_on(session.outcomes, keep_going, finished)


@dataclass(frozen=True)
class Ran(Generic[R]):
    """Every task's result, in the order the tasks were given, and who ran them."""

    results: list[R]
    workers: int
    where: str


def run_all(way: Way, tasks: Tasks[S, T, R],
            finished: Callable[[int], object] | None = None) -> Ran[R]:
    """Every task run ``way``, the first failure raised at once; the results in the order
    of ``tasks.items``, whatever the order they came in.  ``finished(index)`` is called as
    each task ends well."""
    with way.session(tasks) as session:
        done = dict(_handed_on(session.outcomes, False, finished))
        return Ran([done[index] for index in range(len(tasks.items))], session.workers,
                   session.where)


def _handed_on(outcomes: Iterator[Outcome[Any]], keep_going: bool,
               finished: Callable[[int], object] | None) -> Iterator[tuple[int, Any]]:
    failed: dict[int, BaseException] = {}
    for outcome in outcomes:
        if outcome.error is not None:
            if not keep_going:
                raise outcome.error
            failed[outcome.index] = outcome.error
        elif not failed:
            if finished:
                finished(outcome.index)
            yield outcome.index, outcome.value
    if failed:
        errors = [failed[index] for index in sorted(failed)]
        raise errors[0] if len(errors) == 1 else TasksFailed(errors)
