"""The build's workers: a worker that dies is said as the job it took with it."""

from __future__ import annotations

import os

from conftest import run
from publish.build.run import TARGETS


def test_a_worker_that_dies_is_said_as_the_job_it_was_doing(demo_docs, monkeypatch):
    def dies(work, job):
        os._exit(9)  # as the kernel's out-of-memory killer would end it

    monkeypatch.setattr(TARGETS["decks"], "render", dies)  # the workers fork from here
    result = run("build", "decks", "--deck", "alpha", "--project", str(demo_docs),
                 "--game", "demo")
    assert result.exit_code == 1
    assert result.output.startswith(
        "build failed: deck alpha (pt-BR): its worker process ended before the job was done "
        "(killed, or out of memory: a build job may add 1,024 MiB"), result.output
