import time

from publish.app.benches.sampler import StackSampler


def _busy_python(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def _one_long_call_into_c():
    return sum(range(40_000_000))  # one call that does not return to the interpreter


def seconds_under(samples, function):
    return sum(w for s, w in samples.items() if any(f == function for _, f in s))


def test_samples_weigh_the_cpu_seconds_of_the_block():
    start = time.process_time()
    with StackSampler() as sampler:
        _busy_python(0.3)
    spent = time.process_time() - start
    assert 0.25 <= sum(sampler.samples.values()) <= spent
    assert seconds_under(sampler.samples, "_busy_python") >= 0.25


def test_a_long_call_into_c_weighs_its_whole_time_not_one_sample():
    with StackSampler(interval=0.002) as sampler:
        start = time.process_time()
        _one_long_call_into_c()
        spent = time.process_time() - start
    assert spent > 0.1
    assert seconds_under(sampler.samples, "_one_long_call_into_c") >= 0.8 * spent
