"""Which outputs the plan finds out of date when one input changes, without rendering: each
planned output is written empty with the record a build would give it, then an input is
changed and the plan is asked again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import publish.model.inputs as inputs_module
from publish.build.run import Request, plan
from publish.model.inputs import Stamps, records_file
from publish.model.load import load_game
from publish.targets.base import Work, job_dir


def as_built(project: Path, request: Request) -> set[str]:
    """Record every output of ``request`` as a build would, each present (empty); the names
    of the outputs."""
    game, problems = load_game(project, "demo")
    assert game is not None, problems
    work = Work(project, game)
    the_plan = plan(work, request)
    stamps = Stamps.read(records_file(project, game.id, "pt-BR"))
    for job in the_plan.jobs:
        out = job_dir(project, game.id, job)
        for name in job.outputs:
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_bytes(b"")
            stamps.records[name] = dict(job.inputs)
    stamps.write()
    return {name for job in the_plan.jobs for name in job.outputs}


def stale(project: Path, request: Request) -> dict[str, str]:
    """Output name -> why the plan would make it again."""
    game, _ = load_game(project, "demo")
    assert game is not None
    the_plan = plan(Work(project, game), request)
    return {name: the_plan.reasons[job] for job in the_plan.jobs for name in job.outputs}


DECKS = Request(["pt-BR"], {"decks": None, "manual": None})


def test_nothing_changed_nothing_is_stale(demo_docs):
    assert as_built(demo_docs, DECKS)
    assert stale(demo_docs, DECKS) == {}


def test_a_changed_data_file_of_the_toolchain_makes_every_output_stale(demo_docs, tmp_path,
                                                                     monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(inputs_module.TOOLCHAIN_DATA, data)
    monkeypatch.setattr(inputs_module, "TOOLCHAIN_DATA", data)
    outputs = as_built(demo_docs, DECKS)
    layouts = data / "layouts.yaml"
    layouts.write_text(layouts.read_text(encoding="utf-8") + "# any byte counts\n",
                       encoding="utf-8")
    reasons = stale(demo_docs, DECKS)
    assert set(reasons) == outputs
    assert {why for name, why in reasons.items() if name != "decks-all.pdf"} == {"code changed"}


@pytest.mark.parametrize("name", ["sizes.yaml", "services/tgc.yaml"])
def test_every_data_file_counts(demo_docs, tmp_path, monkeypatch, name):
    data = tmp_path / "data"
    shutil.copytree(inputs_module.TOOLCHAIN_DATA, data)
    monkeypatch.setattr(inputs_module, "TOOLCHAIN_DATA", data)
    as_built(demo_docs, DECKS)
    with (data / name).open("a", encoding="utf-8") as file:
        file.write("# edited\n")
    assert stale(demo_docs, DECKS)["manual.pdf"] == "code changed"
