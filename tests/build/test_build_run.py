"""The build's workers: a worker that dies is said as the job it took with it."""

from __future__ import annotations

import os

from conftest import run as publish
from publish.build.run import TARGETS, Request, plan, run, start_order
from publish.model.load import load_game
from publish.targets.base import Job, Rendered, Work


def test_a_worker_that_dies_is_said_as_the_job_it_was_doing(demo_docs, monkeypatch):
    def dies(work, job):
        os._exit(9)  # as the kernel's out-of-memory killer would end it

    monkeypatch.setattr(TARGETS["decks"], "render", dies)  # the workers fork from here
    result = publish("build", "decks", "--deck", "alpha", "--project", str(demo_docs),
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


def test_an_editions_decks_are_joined_as_soon_as_its_decks_are_made(demo_en, monkeypatch):
    """decks-all of the first edition is joined while the other edition's decks are still
    being made, not after every job of the build."""
    game, problems = load_game(demo_en, "demo")
    assert game is not None and not problems
    work = Work(demo_en, game)
    decks = TARGETS["decks"]
    said: list[str] = []

    def made(work: Work, job: Job) -> Rendered:
        return Rendered({job.outputs[0]: b"%PDF-1.7 " + job.key.encode()}, {job.outputs[0]: 1})

    def joined(work: Work, job: Job, made: dict[str, bytes]) -> Rendered:
        said.append(f"joining {job.locale}: {', '.join(sorted(made))}")
        return Rendered({job.outputs[0]: b"%PDF-1.7 all"}, {job.outputs[0]: len(made)})

    monkeypatch.setattr(decks, "render", made)  # the worker forks from here
    monkeypatch.setattr(decks, "finish", joined)
    planned = plan(work, Request(["pt-BR", "en"], {"decks": None}, force=True))
    run(work, planned, jobs=1, say=said.append)
    # one worker makes the decks in their start order, alternating the editions
    assert said == ["  deck alpha (pt-BR): 1 pages (forced)", "  deck alpha (en): 1 pages (forced)",
                    "  deck beta (pt-BR): 1 pages (forced)",
                    "joining pt-BR: deck-alpha.pdf, deck-beta.pdf",
                    "  decks-all (pt-BR): 2 pages (forced)",
                    "  deck beta (en): 1 pages (forced)",
                    "joining en: deck-alpha.pdf, deck-beta.pdf",
                    "  decks-all (en): 2 pages (forced)"]
