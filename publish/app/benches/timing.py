"""Wall and CPU seconds of commands: one alone, or several two at a time.

CPU is the user and system time of the command's processes and of every
process they waited for (a build's workers), read from ``os.times`` of this
process's children, so it counts what a build does on every core.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds (user + system of the command's processes)."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    return wall, _children_cpu(before)


def timed_side_by_side(commands: Sequence[list[str]], cwd: Path, at_once: int = 2
                       ) -> tuple[float, float]:
    """Wall and CPU seconds of ``commands`` run ``at_once`` at a time, in the order given
    (give the longest first), each started as soon as one ends."""
    before = os.times()
    start = time.perf_counter()
    waiting: list[list[str]] = list(commands)
    running: list[subprocess.Popen[bytes]] = []
    while waiting or running:
        while waiting and len(running) < at_once:
            running.append(subprocess.Popen(waiting.pop(0), cwd=cwd,
                                            stdout=subprocess.DEVNULL))
        time.sleep(0.02)
        for ended in [p for p in running if p.poll() is not None]:
            running.remove(ended)
            if ended.returncode != 0:
                for other in running:
                    other.kill()
                    other.wait()
                raise subprocess.CalledProcessError(ended.returncode, ended.args)
    return time.perf_counter() - start, _children_cpu(before)


def _children_cpu(before: os.times_result) -> float:
    after = os.times()
    return (after.children_user - before.children_user) + (
        after.children_system - before.children_system)


def median_ratio(pairs: Sequence[tuple[float, float]]) -> float:
    """The median of a/b over run-by-run pairs, to three places."""
    return round(statistics.median(a / b for a, b in pairs), 3)
