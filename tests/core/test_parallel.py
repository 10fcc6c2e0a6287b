"""One way to run work in parallel: in this process or over worker processes, the same
results in the same order, each task within its ceilings, every failure named."""

from __future__ import annotations

import os
import sys
import time

import pytest

from publish.core import ceilings as ceilings_module
from publish.core.ceilings import MAX_JOB_MEMORY, OverCeiling
from publish.core.parallel import InProcess, Tasks, TasksFailed, WorkerLost, each_done, run_all
from publish.core.parallel.helper import ForkedHelper
from publish.core.parallel.pool import Processes

# The tasks: module functions, as a pool sends them by name.


def square_later(pause: float, number: int) -> int:
    """``number`` squared, after ``pause`` seconds for each unit it is below 4: the first
    tasks given end last."""
    time.sleep(pause * max(0, 4 - number))
    return number * number


def where(shared: object, _item: object) -> tuple[int, int]:
    """The process a task ran in, and the object it was given as shared."""
    return os.getpid(), id(shared)


def fails_on_odd(_shared: object, number: int) -> int:
    if number % 2:
        raise ValueError(f"odd: {number}")
    return number


def fails_at_once_on_odd(pause: float, number: int) -> int:
    """An odd number fails at once; an even one is returned after ``pause`` seconds."""
    if number % 2:
        raise ValueError(f"odd: {number}")
    time.sleep(pause)
    return number


def sleeps(seconds: float, _item: object) -> str:
    time.sleep(seconds)
    return "woke"


def hoards(_shared: object, _item: object) -> bytearray:
    return bytearray(2 * MAX_JOB_MEMORY)


def dies(_shared: object, _item: object) -> None:
    os._exit(9)  # as the kernel's out-of-memory killer would end it


def fails_beside(parent: int, item: int) -> int:
    """Fails in any process but ``parent`` (which waits a little, so that the helper takes
    a task)."""
    if os.getpid() != parent:
        raise ValueError("beside")
    time.sleep(0.5)
    return item


def dies_beside(parent: int, _item: object) -> None:
    """Ends the process it runs in unless that is ``parent`` (which waits a little, so that
    the helper takes a task)."""
    if os.getpid() != parent:
        os._exit(9)
    time.sleep(0.5)


class Said(RuntimeError):
    """What ``say`` makes of an error, in the worker."""


def say(exc: Exception) -> Exception | None:
    return Said(f"said: {exc}") if isinstance(exc, ValueError) else None


WAYS = [pytest.param(InProcess(), id="in-process"),
        pytest.param(Processes(2), id="two-processes")]


@pytest.mark.parametrize("way", WAYS)
def test_results_come_in_the_order_the_tasks_were_given(way):
    done = run_all(way, Tasks(square_later, 0.1, [0, 1, 2, 3, 4]))
    assert done.results == [0, 1, 4, 9, 16]


def test_each_done_hands_each_result_on_as_it_finishes():
    """Over two processes the later tasks (which wait less) end first; the order of the
    results is still the order given."""
    finished = []
    came = [i for i, _ in each_done(Processes(2), Tasks(square_later, 0.3, [0, 1, 2, 3, 4]),
                                    finished=finished.append)]
    assert sorted(came) == [0, 1, 2, 3, 4] and came != [0, 1, 2, 3, 4]
    assert finished == came


def test_in_process_runs_here_and_a_pool_in_as_many_workers_as_asked():
    here = run_all(InProcess(), Tasks(where, [], range(4)))
    assert {pid for pid, _ in here.results} == {os.getpid()}
    assert (here.workers, here.where) == (1, "this process")
    pool = run_all(Processes(2), Tasks(where, [], [0.2, 0.2, 0.2, 0.2]))
    assert os.getpid() not in {pid for pid, _ in pool.results}
    assert (pool.workers, pool.where) == (2, "2 worker processes")
    one = run_all(Processes(8), Tasks(where, [], [0]))
    assert one.workers == 1  # never more workers than tasks


def test_each_worker_gets_what_the_tasks_share_once():
    shared = {"game": "loaded once"}
    results = run_all(Processes(2), Tasks(where, shared, range(8))).results
    by_worker: dict[int, set[int]] = {}
    for pid, identity in results:
        by_worker.setdefault(pid, set()).add(identity)
    assert all(len(ids) == 1 for ids in by_worker.values())  # the same object each time


@pytest.mark.parametrize("way", WAYS)
def test_a_failed_task_ends_the_work_with_its_own_error(way):
    with pytest.raises(ValueError, match=r"^odd: 1$"):
        run_all(way, Tasks(fails_on_odd, None, [0, 1, 2]))


@pytest.mark.parametrize("way", WAYS)
def test_keep_going_reports_every_failure_in_the_order_given(way):
    """The tasks after the first failure still run (the last one's failure is reported),
    but no result is handed on once a task has failed."""
    handed = []
    with pytest.raises(TasksFailed) as failed:
        for index, value in each_done(way, Tasks(fails_at_once_on_odd, 1.0, [1, 0, 2, 3]),
                                      keep_going=True):
            handed.append((index, value))
    assert [str(error) for error in failed.value.errors] == ["odd: 1", "odd: 3"]
    assert handed == []


def test_keep_going_with_one_failure_raises_that_failure():
    with pytest.raises(ValueError, match=r"^odd: 3$"):
        list(each_done(Processes(2), Tasks(fails_on_odd, None, [0, 2, 3]), keep_going=True))


def test_a_task_past_its_time_is_stopped_and_named(monkeypatch):
    monkeypatch.setattr(ceilings_module, "MAX_JOB_SECONDS", 1)  # the workers fork from here
    start = time.monotonic()
    said = (r"^deck x \(en\): stopped after 1 s, the time it may take "
            r"\(publish.core.ceilings.MAX_JOB_SECONDS\)")
    with pytest.raises(OverCeiling, match=said):
        run_all(Processes(1), Tasks(sleeps, 60, ["x"], ["deck x (en)"]))
    assert time.monotonic() - start < 30


def test_a_pool_without_ceilings_lets_a_task_take_its_time(monkeypatch):
    monkeypatch.setattr(ceilings_module, "MAX_JOB_SECONDS", 0.2)
    assert run_all(Processes(1, ceilings=False), Tasks(sleeps, 0.5, ["x"])).results == ["woke"]


def test_a_task_past_its_memory_is_stopped_and_named():
    said = (r"^manual \(en\): stopped when it needed more than the 1,024 MiB of memory it may "
            r"add \(publish.core.ceilings.MAX_JOB_MEMORY\)")
    with pytest.raises(OverCeiling, match=said):
        run_all(Processes(1), Tasks(hoards, None, ["x"], ["manual (en)"]))


def test_a_worker_that_dies_is_named_by_the_task_it_took_with_it():
    with pytest.raises(WorkerLost, match=r"^deck alpha \(pt-BR\): its worker process ended "
                                         r"before the task was done \(killed, or out of memory\)"):
        run_all(Processes(1), Tasks(dies, None, ["x"], ["deck alpha (pt-BR)"]))


def test_without_labels_a_task_is_named_by_its_place():
    with pytest.raises(WorkerLost, match=r"^task 1 of 1: "):
        run_all(Processes(1), Tasks(dies, None, ["x"]))


def test_an_error_is_explained_in_the_worker_where_its_traceback_is():
    with pytest.raises(Said, match=r"^said: odd: 1$"):
        run_all(Processes(1, explain=say), Tasks(fails_on_odd, None, [1]))
    with pytest.raises(OverCeiling):  # a ceiling is said as a ceiling, never explained
        run_all(Processes(1, explain=say), Tasks(hoards, None, ["x"]))


# the helper a process forks beside itself (a manual's parts) ---------------------------------


def pid_after(seconds: float, number: int) -> tuple[int, int]:
    time.sleep(seconds)
    return number, os.getpid()


def test_a_forked_helper_shares_the_tasks_and_they_come_back_in_order(monkeypatch):
    monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count", lambda: 2)
    results = run_all(ForkedHelper(), Tasks(pid_after, 0.05, range(8))).results
    assert [i for i, _ in results] == list(range(8))
    assert len({pid for _, pid in results}) == 2 and os.getpid() in {pid for _, pid in results}
    monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count", lambda: 1)
    alone = run_all(ForkedHelper(), Tasks(pid_after, 0.05, range(8)))
    assert {pid for _, pid in alone.results} == {os.getpid()} and alone.workers == 1


def test_a_task_that_fails_beside_or_here_fails_the_call(monkeypatch):
    monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count", lambda: 2)
    with pytest.raises(ValueError, match=r"^odd: \d$"):
        run_all(ForkedHelper(), Tasks(fails_on_odd, None, [1, 3, 5]))
    with pytest.raises(Said, match=r"^said: beside$"):  # explained before it crosses back
        run_all(ForkedHelper(say), Tasks(fails_beside, os.getpid(), range(4)))
    with pytest.raises(ValueError, match=r"^beside$"):
        run_all(ForkedHelper(), Tasks(fails_beside, os.getpid(), range(4)))


def test_a_helper_that_dies_is_named_by_a_task_it_took(monkeypatch):
    monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count", lambda: 2)
    with pytest.raises(WorkerLost, match=r"^part \d: its worker process ended"):
        run_all(ForkedHelper(), Tasks(dies_beside, os.getpid(), range(4),
                                      [f"part {i}" for i in range(4)]))


def loads_here(_: None, item: str) -> tuple[str, int, bool]:
    """Loads a module in the process it runs in (taking its time, so that the helper takes
    the next task); says which process, and whether the module was there already."""
    there = "wave" in sys.modules
    if item == "load":
        import wave  # noqa: F401  (a small module the tests import nowhere else)

        time.sleep(0.3)
    return item, os.getpid(), there


def test_the_first_task_stays_here_and_what_it_loads_with_it(monkeypatch):
    """However soon the helper starts, this process does the first task: what it loads is
    here for what forks from it next (a build's workers), and the helper does the rest."""
    monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count", lambda: 2)
    for _ in range(3):
        monkeypatch.delitem(sys.modules, "wave", raising=False)
        results = run_all(ForkedHelper(first_here=True),
                          Tasks(loads_here, None, ["load", "other"])).results
        assert results[0] == ("load", os.getpid(), False)
        assert results[1][1] != os.getpid() and results[1][2] is False  # forked before it
        assert "wave" in sys.modules
