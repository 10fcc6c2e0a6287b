"""`publish preflight --service`: a print service's data file is what the files are held
to, for files built for it or any others."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import empty_project, run
from publish.cli.main import main


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A `publish new` game with its The Game Crafter files built."""
    project = empty_project(tmp_path_factory.mktemp("preflight") / "project")
    assert run("new", "comet", "--project", str(project), "--author", "Jane Doe").exit_code == 0
    made = run("build", "printshop", "--project", str(project), "--game", "comet",
               "--service", "tgc")
    assert made.exit_code == 0, made.output
    return project


def preflight(project: Path, *args: str):
    return CliRunner().invoke(main, ["preflight", "--project", str(project), "--game", "comet",
                                     *args])


def test_the_files_built_for_a_service_pass_its_own_preflight(built):
    result = preflight(built, "--service", "tgc")
    assert result.exit_code == 0, result.output
    folder = built / "build" / "comet" / "en" / "printshop" / "tgc"
    count = sum(1 for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))
    assert count > 2 and f"{count} file(s), 0 problem(s)" in result.output


def test_another_services_figures_find_every_picture_at_the_wrong_size(built):
    """The Game Crafter's poker card is 825 x 1125 px, MakePlayingCards' 822 x 1122."""
    pictures = sorted(str(p) for p in (built / "build" / "comet" / "en" / "printshop" / "tgc")
                      .rglob("*.png"))
    result = preflight(built, "--service", "mpc", *pictures)
    assert result.exit_code == 1
    wrong = [line for line in result.output.splitlines()
             if "825 x 1125 px, expected 822 x 1122 px" in line]
    assert len(wrong) == len(pictures) > 0


def test_a_service_and_figures_of_ones_own_are_refused_together(built):
    result = preflight(built, "--service", "tgc", "--cmyk")
    assert result.exit_code == 2 and "leave out --cmyk" in result.output


def test_nothing_built_for_a_service_says_how_to_build_it(built):
    result = preflight(built, "--service", "dtc")
    assert result.exit_code == 1
    assert "run `publish build printshop --game comet --service dtc` first" in result.output


def test_an_unknown_service_names_those_there_are(built):
    result = preflight(built, "--service", "nope")
    assert result.exit_code == 2 and "unknown service 'nope': " in result.output
    assert "tgc" in result.output
