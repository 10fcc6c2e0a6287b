from publish.app.benches.profile import in_process, profile_lines
from publish.build import run as build_run
from publish.core.parallel import InProcess
from publish.core.parallel.helper import ForkedHelper
from publish.core.parallel.pool import Processes
from publish.docs import manual


def test_the_profiled_build_forks_nothing_and_the_swap_is_undone():
    with in_process():
        assert isinstance(build_run.Processes(2, explain=None), InProcess)
        assert isinstance(manual.ForkedHelper(None), InProcess)
    assert build_run.Processes is Processes and manual.ForkedHelper is ForkedHelper


def test_the_profile_prints_its_table():
    found = {"outputs": 30, "wall_s": 9.0, "cpu_s": 8.0, "sampled_cpu_s": 7.9,
             "sampler_cpu_s": 0.1,
             "children_cpu_s": 0.0,
             "phases": {"layout": {"cpu_s": 6.0}, "writing": {"cpu_s": 1.9},
                        "other": {"cpu_s": 0.0}}}
    lines = profile_lines(found)
    assert lines[0].startswith("profile of a cold build in one process (30 outputs): 9.00 s")
    assert lines[2].split() == ["layout", "6.00", "75.9%"]


def test_the_samplers_own_time_is_counted_apart():
    from publish.app.benches.profile import _own

    samples = {(("publish.app.benches.sampler", "stack_of"), ("weasyprint", "render")): 0.2,
               (("weasyprint", "render"),): 3.0}
    assert _own(samples) == 0.2
