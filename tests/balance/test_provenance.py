"""The report's reproducibility block: the game's revision, engine, agents, seeds, games
per table and toolchain."""

from __future__ import annotations

import dataclasses
import subprocess
from pathlib import Path

from conftest import copy_game
from publish.balance.provenance import provenance, revision
from publish.balance.study import Study
from publish.model.load import load_game

STUDY = Study("agencia", (4,), ("simple",), (("principal",),), (("greedy", "random"),),
              games_per_cell=9, seed=5, chunk=3)


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t",
                    *args], check=True, capture_output=True)


def test_a_project_outside_git_says_so(tmp_path):
    root = copy_game(tmp_path, "agencia")
    game, _ = load_game(root, "agencia")
    assert revision(root, game) == {"commit": None, "clean": None, "game_clean": None}


def test_the_commit_and_whether_the_tree_and_the_game_were_clean(tmp_path):
    root = copy_game(tmp_path, "agencia")
    (root / "notes.txt").write_text("a\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "start")
    game, _ = load_game(root, "agencia")
    found = revision(root, game)
    assert len(found["commit"]) == 40 and found["clean"] and found["game_clean"]
    (root / "notes.txt").write_text("b\n")  # a change outside the game
    assert revision(root, game)["clean"] is False and revision(root, game)["game_clean"]
    deck = root / "cards" / "agencia" / "decks" / "social.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert revision(root, game)["game_clean"] is False


def test_the_block_names_the_engine_agents_seeds_and_games_per_table(agencia, tmp_path):
    made = provenance(tmp_path, agencia, dataclasses.replace(STUDY, importance=("052",)),
                      "Agência", [])
    assert made["engine"]["id"] == "agencia" and made["engine"]["package"] == "publish"
    assert made["agents"] == ["greedy+random"] and made["seed"] == 5
    assert made["games_per_table"] == 9 and made["tables"] == ["4/simple/principal/greedy+random"]
    assert made["importance"] == ["052"] and made["toolchain"]["publish"]
