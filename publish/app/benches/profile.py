"""`make bench-profile`: a cold `publish build` of the default game, every edition, in this
process, sampled (publish.app.benches.sampler) and summed by phase
(publish.app.benches.phases).

The build runs as `publish build` runs it, planned and checked by
publish.app.commands, but with its worker pool and its forked helpers (the
check's, the manual's) replaced by publish.core.parallel.InProcess: one
process, the jobs one after the other, so every CPU second is on the stack
the sampler reads.  The CPU its children used is reported too, and should be
nothing.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from publish.app import commands
from publish.app.benches import phases
from publish.app.benches.project import project_copy
from publish.app.benches.sampler import StackSampler
from publish.build import run as build_run
from publish.build import startup
from publish.core.parallel import InProcess
from publish.docs import manual

METHOD = ("SIGPROF stack samples every 5 ms of CPU, each weighted by the CPU time since the "
          "last; a stack's phase is its innermost frame's that has one, checking claims what "
          "it calls (publish.app.benches.phases)")


def _in_process(*args: Any, **kwargs: Any) -> InProcess:
    return InProcess()


@contextmanager
def in_process() -> Iterator[None]:
    """The build's ways of working in parallel replaced by InProcess, for the block."""
    swaps: list[tuple[ModuleType, str]] = [(build_run, "Processes"), (manual, "ForkedHelper"),
                                           (startup, "ForkedHelper")]
    kept = [getattr(module, name) for module, name in swaps]
    for module, name in swaps:
        setattr(module, name, _in_process)
    try:
        yield
    finally:
        for (module, name), value in zip(swaps, kept, strict=True):
            setattr(module, name, value)


def profile_cold_build(root: Path, game_id: str, folded: Path | None = None) -> dict:
    """Seconds by phase of a cold build in a copy of the project (and, into ``folded``, the
    samples as folded stacks)."""
    with tempfile.TemporaryDirectory(prefix="publish-bench-") as tmp:
        copy = project_copy(root, Path(tmp), game_id)
        before, start, cpu = os.times(), time.perf_counter(), time.process_time()
        with in_process(), StackSampler() as sampler:
            prepared = commands.prepare_build(str(copy), game_id, None, False, False)
            outcome = commands.run_build(prepared, 1, lambda line: None)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        after = os.times()
    if folded is not None:
        folded.parent.mkdir(parents=True, exist_ok=True)
        folded.write_text("".join(f"{line}\n" for line in phases.folded(sampler.samples)),
                          encoding="utf-8")
    seconds = phases.tally(sampler.samples)
    whole = sum(seconds.values()) or 1.0
    return {"method": METHOD, "outputs": len(outcome.built), "wall_s": round(wall, 2),
            "cpu_s": round(cpu, 2), "sampled_cpu_s": round(whole, 2),
            "sampler_cpu_s": round(_own(sampler.samples), 2),
            "children_cpu_s": round(after.children_user + after.children_system
                                    - before.children_user - before.children_system, 2),
            "phases": {phase: {"cpu_s": round(value, 2), "share": round(value / whole, 3)}
                       for phase, value in seconds.items()},
            "heaviest": {phase: [{"frame": f"{module}:{function}", "cpu_s": round(value, 2)}
                                 for (module, function), value
                                 in phases.heaviest(sampler.samples, phase)]
                         for phase in phases.PHASES}}


def _own(samples: Mapping[phases.Stack, float]) -> float:
    """The CPU seconds of samples taken while the sampler was itself running: its cost,
    spread over the phases it interrupted."""
    return sum(weight for stack, weight in samples.items()
               if any(module == StackSampler.__module__ for module, _ in stack))


def profile_lines(found: dict) -> list[str]:
    """The profile for the terminal: a headline and the table of phases."""
    seconds = {phase: row["cpu_s"] for phase, row in found["phases"].items()}
    return [f"profile of a cold build in one process ({found['outputs']} outputs): "
            f"{found['wall_s']:.2f} s wall, {found['cpu_s']:.2f} s CPU, "
            f"{found['sampled_cpu_s']:.2f} s sampled ({found['sampler_cpu_s']:.2f} s of it the "
            f"sampler's own), {found['children_cpu_s']:.2f} s in child processes",
            *phases.table(seconds)]
