"""The change report and the errata sheet of a new game changed in every way."""

from __future__ import annotations

from pathlib import Path

import pytest
from moonedits import GAME, change_everything, committed, new_project

from conftest import run
from pdftext import page_texts, squash


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """build/moon/changes/en/ after `publish changes v1` on a game changed in every way."""
    project = new_project(tmp_path_factory.mktemp("docs") / "project")
    committed(project, "v1")
    change_everything(project)
    result = run("changes", "v1", "--project", str(project))
    assert result.exit_code == 0, result.output
    return project / "build" / GAME / "changes" / "en"


def test_the_errata_sheet_prints_the_changed_cards_and_lists_the_removed(written):
    pages = page_texts(written / "errata.pdf")
    cover = squash(pages[0])
    assert squash("6 cards to print and cut") in cover
    assert squash("№ 052 Lantern · renumbered (was № 050)") in cover
    assert squash("1 card removed") in cover and "TravellingPack" in cover
    # every copy of each changed card: 001, 002 x3, 003 x3, 052, 053, 080; nine a sheet
    assert len(pages) == 3
    faces = squash("".join(pages[1:]))
    assert faces.count("KeeperoftheGate") == 3 and "Spyglass" in faces
    assert "TravellingPack" not in faces and "WanderingScout" in faces


def test_the_report_shows_old_and_new_faces_and_marks_words(written):
    html = (written / "changes.html").read_text(encoding="utf-8")
    assert '<img src="faces/001-old.png"' in html and '<img src="faces/001-new.png"' in html
    assert (written / "faces" / "001-old.png").read_bytes()[:4] == b"\x89PNG"
    assert "<del>1 card.</del>" in html and "<ins>2 cards.</ins>" in html
    assert "<ins>rules. Take your time.</ins>" in html
    assert 'src="faces/002-' in html and "faces/051-old.png" in html
    text = squash("".join(page_texts(written / "changes.pdf")))
    assert squash("7 cards changed") in text and squash("1 rules paragraph changed") in text


def test_nothing_changed_writes_nothing(tmp_path):
    project = new_project(tmp_path / "project")
    committed(project, "v1")
    result = run("changes", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"{GAME}: changes from HEAD to working tree: none"]
    assert not (project / "build" / GAME / "changes").exists()
