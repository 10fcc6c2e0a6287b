from pathlib import Path

from publish.app.benches import cold
from publish.app.benches.yardstick import YardstickFile


def test_the_cold_build_is_compared_with_its_yardstick_in_cpu(monkeypatch, tmp_path):
    root = tmp_path / "project"
    for folder in ("cards", "templates", "fonts"):
        (root / folder).mkdir(parents=True)
    small, big = tmp_path / "small.html", tmp_path / "big.html"
    small.write_text("x")
    big.write_text("x" * 100)
    monkeypatch.setattr(cold, "yardstick_files", lambda root, game, out: [
        YardstickFile(small, "en", "main", 10), YardstickFile(big, "en", "manual")])
    builds = iter([(10.0, 19.0), (12.0, 24.0), (11.0, 22.0)])
    cleared = []

    def timed(command, cwd):
        cleared.append((cwd / "build").exists())
        (cwd / "build").mkdir()
        return next(builds)

    batches = []

    def side_by_side(commands, cwd, at_once):
        batches.append([Path(c[-2]).name for c in commands])
        return 8.0, 16.0

    monkeypatch.setattr(cold, "timed", timed)
    monkeypatch.setattr(cold, "timed_side_by_side", side_by_side)
    found = cold.bench_cold(root, "moon", runs=3)
    assert cleared == [False] * 3  # the build folder removed before each run: cold
    assert batches == [["big.html", "small.html"]] * 3  # the longest first
    assert found["cold_build"] == {"wall_s": 11.0, "cpu_s": 22.0}
    assert found["ratio_cpu_build_over_yardstick"] == 1.375
    assert found["ratio_wall_build_over_yardstick"] == 1.375
    assert found["yardstick"]["faces"] == 10 and found["yardstick"]["documents"] == 2
    line = cold.cold_line(found)
    assert "build/yardstick = 1.375 in CPU (goal <= 1.15: NOT met), 1.375 in wall" in line
