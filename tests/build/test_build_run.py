"""The build's workers: a worker that dies is said as the job it took with it."""

from __future__ import annotations

import os

from conftest import run
from publish.build.run import TARGETS, start_order
from publish.targets.base import Job


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


def _job(target: str, locale: str, key: str, cost: int) -> Job:
    return Job(target, locale, (), {}, key=key, cost=cost)


def test_each_decks_first_job_starts_before_any_second_one():
    manual = _job("manual", "en", "", 800)
    alpha = [_job("decks", "en", "alpha", 80), _job("printshop", "en", "alpha", 71)]
    beta = [_job("decks", "en", "beta", 40), _job("printshop", "en", "beta", 36)]
    alpha_fr = _job("decks", "fr", "alpha", 80)
    started = start_order([*beta, manual, *alpha, alpha_fr])
    # biggest first among the first jobs of each deck and edition; the second ones after
    assert started == [manual, alpha[0], alpha_fr, beta[0], alpha[1], beta[1]]


def test_jobs_about_no_deck_are_never_held_back():
    small, big = _job("summaries", "en", "", 20), _job("manual", "en", "", 800)
    deck = [_job("decks", "en", "alpha", 80), _job("printshop", "en", "alpha", 71)]
    assert start_order([small, *deck, big]) == [big, deck[0], small, deck[1]]
