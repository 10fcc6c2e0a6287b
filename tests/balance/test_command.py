"""`publish balance` end to end on a tiny study: the report, its CSV, its faces."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image

from conftest import REPO, copy_game, run

STUDY = "players: 3\nagents: [greedy, random]\ngames_per_cell: 12\nchunk: 6\nseed: 1\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """Agência with its fonts, a tiny study, and a face for every card of the main deck."""
    root = copy_game(tmp_path_factory.mktemp("balance"), "agencia")
    shutil.copytree(REPO / "fonts", root / "fonts")
    (root / "pyproject.toml").write_text('[tool.publish]\ndefault-game = "agencia"\n')
    (root / "study.yaml").write_text(STUDY, encoding="utf-8")
    faces = root / "build" / "agencia" / "pt-BR" / "printshop" / "tgc" / "principal"
    faces.mkdir(parents=True)
    for number in range(1, 100):
        Image.new("RGB", (25, 35), "#777").save(faces / f"front-{number:03d}.png")
    result = run("balance", "--project", str(root), "--workers", "1", str(root / "study.yaml"))
    assert result.exit_code == 0, result.output
    return root


def test_the_report_and_the_raw_figures_are_written(project):
    folder = project / "build" / "agencia" / "balance"
    assert {p.name for p in folder.iterdir()} >= {"report.html", "report.pdf", "games.csv",
                                                   "cards.csv", "figures.csv", "charts"}
    assert (folder / "report.pdf").read_bytes().startswith(b"%PDF")
    games = list(csv.DictReader(io.StringIO((folder / "games.csv").read_text())))
    assert len(games) == 24
    assert {g["agents"] for g in games} == {"greedy", "random"}
    cards = list(csv.DictReader(io.StringIO((folder / "cards.csv").read_text())))
    assert sum(int(c["played"]) for c in cards) == sum(int(g["moves"]) for g in games)
    assert {p.name for p in (folder / "charts").iterdir()} >= {"seats.svg", "lengths.svg",
                                                                "ranking.svg", "cards-1.svg"}


def test_the_report_speaks_the_engines_words_and_links_faces(project):
    html = (project / "build" / "agencia" / "balance" / "report.html").read_text()
    assert '<base href="../../../">' in html
    assert "jogadas per partida" in html and "caused a crisis" in html
    assert 'href="build/agencia/pt-BR/printshop/tgc/principal/front-' in html
    assert "no picture yet" not in html


def test_a_study_file_with_a_problem_plays_nothing(project, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: 3\nagnets: [greedy]\n", encoding="utf-8")
    result = run("balance", "--project", str(project), str(bad))
    assert result.exit_code == 1
    assert f"{bad}:2:1: unknown key 'agnets' (did you mean 'agents'?)" in result.output
