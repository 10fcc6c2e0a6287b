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


ROOMY = """name: Roomy poker on A4
paper: a4
size: poker
cols: 2
rows: 2
"""


def test_a_game_layout_makes_only_the_sheets_stale(demo_docs):
    request = Request(["pt-BR"], {"decks": None, "manual": None, "summaries": None,
                                  "printshop": None})
    layouts = demo_docs / "cards" / "demo" / "layouts"
    layouts.mkdir()
    (layouts / "roomy.yaml").write_text(ROOMY, encoding="utf-8")
    outputs = as_built(demo_docs, request)
    assert {"manual.pdf", "deck-alpha.pdf", "printshop/tgc/alpha.pdf"} <= outputs
    (layouts / "roomy.yaml").write_text(ROOMY.replace("rows: 2", "rows: 3"), encoding="utf-8")
    assert stale(demo_docs, request) == {"deck-alpha.pdf": "layouts changed",
                                         "deck-beta.pdf": "layouts changed",
                                         "decks-all.pdf": "deck alpha, beta remade"}
    (layouts / "roomy.yaml").unlink()
    assert set(stale(demo_docs, request)) == {"deck-alpha.pdf", "deck-beta.pdf",
                                              "decks-all.pdf"}


def test_the_calibration_sheet_is_laid_out_by_the_layouts_too(demo_docs):
    from publish.targets.decks import DecksOptions

    request = Request(["pt-BR"], {"decks": DecksOptions(backs="long-edge")})
    layouts = demo_docs / "cards" / "demo" / "layouts"
    layouts.mkdir()
    assert "calibration-a4-long-edge.pdf" in as_built(demo_docs, request)
    (layouts / "roomy.yaml").write_text(ROOMY, encoding="utf-8")
    assert stale(demo_docs, request)["calibration-a4-long-edge.pdf"] == "layouts changed"
