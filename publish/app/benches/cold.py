"""A cold `publish build` of every edition against its yardstick (publish.app.benches
.yardstick): bare WeasyPrint on each unique face, manual and summary once.

Both sides use the two cores: the build spreads its jobs over worker
processes, the yardstick runs two WeasyPrint commands at a time (longest
first).  So the figure that compares them is CPU seconds (every process's
user and system time); wall seconds are reported beside it.  The two run
alternately, the build in a copy of the project whose build folder is removed
before each run.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from publish.app.benches.project import project_copy
from publish.app.benches.timing import median_ratio, timed, timed_side_by_side
from publish.app.benches.yardstick import YardstickFile, yardstick_files

COLD_GOAL = 1.15
"""The most CPU a cold build may spend against its yardstick (issue 43)."""
AT_ONCE = 2
"""WeasyPrint commands the yardstick runs side by side: the machine's two cores."""


def yardstick_commands(files: list[YardstickFile], root: Path, out: Path) -> list[list[str]]:
    """Bare `weasyprint` on each file, the biggest first (so two at a time end together)."""
    weasyprint = str(Path(sys.executable).parent / "weasyprint")
    ordered = sorted(files, key=lambda f: -f.path.stat().st_size)
    return [[weasyprint, "--base-url", f"{root}/", str(f.path),
             str(out / f"{f.locale}-{f.what}.pdf")] for f in ordered]


def bench_cold(root: Path, game_id: str, runs: int) -> dict:
    """The cold build and the yardstick, ``runs`` times each, alternately: medians, and the
    median ratios run by run."""
    out = root / "build" / "bench" / "yardstick"
    files = yardstick_files(root, game_id, out)
    bare = yardstick_commands(files, root, out)
    build = [str(Path(sys.executable).parent / "publish"), "build", "--game", game_id]
    rows: tuple[list[tuple[float, float]], list[tuple[float, float]]] = ([], [])
    with tempfile.TemporaryDirectory(prefix="publish-bench-") as tmp:
        copy = project_copy(root, Path(tmp), game_id)
        for _ in range(runs):
            shutil.rmtree(copy / "build", ignore_errors=True)
            rows[0].append(timed(build, copy))
            rows[1].append(timed_side_by_side(bare, root, AT_ONCE))
    ours, theirs = ({"wall_s": round(statistics.median(w for w, _ in r), 2),
                     "cpu_s": round(statistics.median(c for _, c in r), 2)} for r in rows)
    return {"runs": runs, "cold_build": ours,
            "yardstick": {**theirs, "documents": len(files),
                          "faces": sum(f.faces for f in files), "at_once": AT_ONCE},
            "ratio_cpu_build_over_yardstick": median_ratio(
                [(a[1], b[1]) for a, b in zip(*rows, strict=True)]),
            "ratio_wall_build_over_yardstick": median_ratio(
                [(a[0], b[0]) for a, b in zip(*rows, strict=True)]),
            "goal_ratio_cpu": COLD_GOAL}


def cold_line(cold: dict) -> str:
    """What the terminal says of the cold build against its yardstick."""
    ratio = cold["ratio_cpu_build_over_yardstick"]
    verdict = "met" if ratio <= COLD_GOAL else "NOT met"
    build, bare = cold["cold_build"], cold["yardstick"]
    return (f"cold build: {build['wall_s']:.2f} s wall, {build['cpu_s']:.2f} s CPU; yardstick "
            f"(bare WeasyPrint, {bare['documents']} documents, {bare['faces']} unique faces, "
            f"{bare['at_once']} at a time) {bare['wall_s']:.2f} s wall, {bare['cpu_s']:.2f} s "
            f"CPU; build/yardstick = {ratio} in CPU (goal <= {COLD_GOAL}: {verdict}), "
            f"{cold['ratio_wall_build_over_yardstick']} in wall")
