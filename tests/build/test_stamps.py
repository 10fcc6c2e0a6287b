"""The no-op stamp: a build that finds nothing to do is answered from file stats, and any
change to any file it could read, or to its outputs, sends the build to the full plan."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import age
from publish.build.stamps import STAMPS, answer, key, remember, snapshot
from publish.core.projectfiles import project_root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project with a game, its templates and fonts, and outputs, all an hour old."""
    root = tmp_path / "project"
    for name, text in {"cards/tide/game.yaml": "name: Tide\n",
                       "cards/tide/decks/main.yaml": "cards: []\n",
                       "templates/tide/cards.html.j2": "{% macro face(card) %}{% endmacro %}",
                       "fonts/face.woff2": "font", "pyproject.toml": "[tool.publish]\n",
                       "build/tide/en/deck-main.pdf": "%PDF"}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    age(root)
    return root


def stamp(root: Path, game: str | None = "tide", locale: str | None = None) -> None:
    remember(snapshot(root, "tide"), key(root, game, locale, False), "tide: up to date")


def test_a_stamped_build_is_answered_with_what_the_plan_said(project):
    stamp(project)
    assert answer(["build", "--game", "tide"], project) == "tide: up to date"
    assert answer(["build", "--game=tide", "--jobs", "2"], project / "cards") == \
        "tide: up to date"  # found upwards, as publish finds the project; --jobs changes nothing
    assert answer(["build", "--project", str(project), "--game", "tide"], Path("/")) == \
        "tide: up to date"


@pytest.mark.parametrize("argv", [
    ["build"], ["build", "--game", "other"], ["build", "--game", "tide", "--locale", "en"],
    ["build", "--game", "tide", "--strict"],
])
def test_other_options_have_stamps_of_their_own(project, argv):
    stamp(project)
    assert answer(argv, project) is None


@pytest.mark.parametrize("argv", [
    ["build", "--game", "tide", "--force"], ["build", "decks", "--game", "tide"],
    ["build", "--game", "tide", "--help"], ["check", "--game", "tide"], [],
    ["build", "--game"],
])
def test_anything_but_a_plain_build_runs_the_command(project, argv):
    stamp(project)
    assert answer(argv, project) is None


def change(path: Path) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "# more\n", encoding="utf-8")


@pytest.mark.parametrize("touch", [
    lambda root: change(root / "cards" / "tide" / "decks" / "main.yaml"),
    lambda root: (root / "cards" / "tide" / "art.png").write_bytes(b"png"),
    lambda root: (root / "cards" / "tide" / "decks" / "main.yaml").unlink(),
    lambda root: change(root / "templates" / "tide" / "cards.html.j2"),
    lambda root: (root / "fonts" / "face.woff2").unlink(),
    lambda root: change(root / "pyproject.toml"),
    lambda root: (root / "build" / "tide" / "en" / "deck-main.pdf").unlink(),
    lambda root: os.utime(root / "cards" / "tide" / "game.yaml"),  # touched, same size
], ids=["edited", "added", "removed", "template", "font", "pyproject", "output gone",
        "touched"])
def test_any_change_sends_the_build_to_the_full_plan(project, touch):
    stamp(project)
    touch(project)
    assert answer(["build", "--game", "tide"], project) is None


def test_a_file_modified_as_the_stamp_is_taken_is_not_trusted(project):
    os.utime(project / "cards" / "tide" / "game.yaml")  # now: could change again unseen
    stamp(project)
    assert not (project / STAMPS).exists()


def test_a_broken_stamp_file_is_no_answer(project):
    (project / STAMPS).write_text("{not json", encoding="utf-8")
    assert answer(["build", "--game", "tide"], project) is None
    stamp(project)
    assert answer(["build", "--game", "tide"], project) == "tide: up to date"


def test_stamps_for_several_option_sets_are_kept_side_by_side(project):
    stamp(project, "tide")
    stamp(project, None)
    stamp(project, "tide", "en")
    assert answer(["build"], project) == "tide: up to date"
    assert answer(["build", "--game", "tide"], project) == "tide: up to date"
    assert answer(["build", "--game", "tide", "--locale", "en"], project) == "tide: up to date"


def test_no_project_no_answer(tmp_path):
    assert project_root(tmp_path) is None
    assert answer(["build"], tmp_path) is None


def test_an_input_outside_the_project_is_watched_once_added(project, tmp_path):
    """The earlier version game.yaml's changes_since names (a folder, git's references) is
    an input outside the project: a stamp taken with it is no answer once it changes."""
    refs = tmp_path / "repo" / "refs" / "tags"
    refs.mkdir(parents=True)
    (refs / "v1").write_text("1111\n", encoding="utf-8")
    age(tmp_path / "repo")
    taken = snapshot(project, "tide")
    taken.add([tmp_path / "repo" / "refs", tmp_path / "repo" / "packed-refs"])  # one absent
    remember(taken, key(project, "tide", None, False), "tide: up to date")
    assert answer(["build", "--game", "tide"], project) == "tide: up to date"
    change(refs / "v1")  # the tag moved
    assert answer(["build", "--game", "tide"], project) is None
