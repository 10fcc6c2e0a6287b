"""A game made by `publish new` and a second version of it with one change of every kind."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from conftest import empty_project, run

GAME = "moon"


def new_project(folder: Path) -> Path:
    """A project holding `publish new moon`, a game not in this repository."""
    project = empty_project(folder)
    result = run("new", GAME, "--project", str(project), "--author", "Jane Doe")
    assert result.exit_code == 0, result.output
    return project


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


MAIN_080 = '''  - number: "080"
    name: Sudden Storm
    kind: event
    cost: 3
    art: art/080.png
    text: "Every player Discards 1 card. You Gain 1 :star: for each card discarded this way."
'''
ADDED_053 = '''  - number: "053"
    name: Spyglass
    kind: item
    cost: 2
    art: art/050.png
    text: "Look at the top 3 cards of your deck."
'''
REMOVED_051 = '''  - number: "051"
    name: Travelling Pack
    kind: item
    cost: 0
    art: art/051.png
    copies: 2
    tags: [draws-cards]
    text: "Draw 1 card, then Discard 1 card."
'''


def change_everything(project: Path) -> None:
    """Reword 001 and raise its cost, rename 002 and give it a third copy, renumber 050 to
    052, move 080 to the starter deck, redraw 003's picture, remove 051, add 053, and
    clarify a rules paragraph."""
    game = project / "cards" / GAME
    main, starter = game / "decks" / "main.yaml", game / "decks" / "starter.yaml"
    _edit(main, "the Scout, Draw 1 card.", "the Scout, Draw 2 cards.")
    _edit(main, "    cost: 2\n    art: art/001.png", "    cost: 3\n    art: art/001.png")
    _edit(main, "name: Keeper of the Old Gate", "name: Keeper of the Gate")
    _edit(main, "    copies: 2\n    tags: [gains-stars]", "    copies: 3\n    tags: [gains-stars]")
    _edit(main, 'number: "050"', 'number: "052"')
    _edit(main, MAIN_080, ADDED_053)
    _edit(starter, REMOVED_051, MAIN_080)
    shutil.copy(game / "art" / "001.png", game / "art" / "003.png")
    chapter = game / "rules" / "en" / "01-how-to-play.md"
    text = chapter.read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if p[:1].isalpha() and len(p) > 40)
    chapter.write_text(text.replace(paragraph, paragraph + " Take your time.", 1),
                       encoding="utf-8")


def git(project: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(project), "-c", "user.name=T", "-c",
                           "user.email=t@example.org", *args], check=True,
                          capture_output=True, text=True).stdout


def committed(project: Path, tag: str) -> None:
    """Every file of the project committed and tagged ``tag`` (a repository made if none)."""
    if not (project / ".git").exists():
        git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", tag)
    git(project, "tag", tag)
