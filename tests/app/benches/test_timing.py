import subprocess
import sys

import pytest

from publish.app.benches.timing import median_ratio, timed, timed_side_by_side

SLEEP = [sys.executable, "-c", "import time; time.sleep(1)"]
SPIN = [sys.executable, "-c", "import time\nend = time.process_time() + 0.3\n"
                              "while time.process_time() < end: pass"]


def test_commands_run_two_at_a_time(tmp_path):
    wall, _ = timed_side_by_side([SLEEP, SLEEP, SLEEP], tmp_path)
    assert 2.0 <= wall < 2.9  # two waves, not three


def test_the_cpu_of_every_command_is_counted(tmp_path):
    _, alone = timed(SPIN, tmp_path)
    _, together = timed_side_by_side([SPIN, SPIN], tmp_path)
    assert alone >= 0.3 and together >= 0.6


def test_a_failing_command_fails_the_batch(tmp_path):
    with pytest.raises(subprocess.CalledProcessError):
        timed_side_by_side([SLEEP, [sys.executable, "-c", "raise SystemExit(3)"]], tmp_path)


def test_the_ratio_is_the_median_run_by_runs():
    assert median_ratio([(2.0, 1.0), (3.0, 1.0), (1.0, 1.0)]) == 2.0
