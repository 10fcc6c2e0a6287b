"""What `publish watch` takes for a save, and a save made during a build."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from publish.app.watcher import is_input, rebuild_on_save, watched

EDITORS_OWN = [
    ".alpha.yaml.swp", ".alpha.yaml.swx", "alpha.yaml.swp",  # Vim
    "4913",  # Vim, testing whether it may write
    "alpha.yaml~", "#alpha.yaml#", ".#alpha.yaml",  # Emacs
    "alpha.yaml___jb_tmp___", "alpha.yaml___jb_old___",  # JetBrains
    ".goutputstream-XYZ123",  # GNOME (gedit)
    "~$cards.xlsx", ".~lock.cards.ods#",  # Microsoft Office, LibreOffice
    "alpha.yaml.kate-swp", "alpha.yaml.tmp", "art.png.crdownload", "alpha.yaml.orig",
    "sedAb12Cd",  # sed -i
    ".DS_Store",
]
INPUTS = ["alpha.yaml", "game.yaml", "042.png", "cards.html.j2", "messages.po", "rules.md",
          "Vollkorn-Regular.ttf", "pyproject.toml", "temple.yaml", "backup.yaml", "swap.svg"]


@pytest.mark.parametrize("name", EDITORS_OWN)
def test_an_editors_own_file_is_no_input(name):
    assert not is_input(Path("/project/cards/demo/decks") / name)


@pytest.mark.parametrize("name", INPUTS)
def test_every_file_a_build_reads_is_an_input(name):
    assert is_input(Path("/project/cards/demo") / name)


def test_the_game_templates_fonts_and_config_are_watched(demo_docs):
    (demo_docs / "pyproject.toml").write_text("[tool.publish]\n", encoding="utf-8")
    assert watched(demo_docs, "demo") == [demo_docs / "cards" / "demo",
                                          demo_docs / "templates", demo_docs / "fonts",
                                          demo_docs / "pyproject.toml"]


def test_a_save_during_a_build_starts_another_build_after_it(demo):
    deck = demo / "cards" / "demo" / "decks" / "alpha.yaml"
    builds: list[float] = []
    first_save_seen = threading.Event()
    stop = threading.Event()

    def build() -> None:
        builds.append(time.monotonic())
        if len(builds) == 2:  # the build the first save started: save again while it runs
            first_save_seen.set()
            time.sleep(0.5)
            deck.write_text(deck.read_text(encoding="utf-8") + "# again\n", encoding="utf-8")
            time.sleep(1.5)
        if len(builds) == 3:
            stop.set()

    said: list[str] = []
    watcher = threading.Thread(target=rebuild_on_save, args=(demo, "demo", build, said.append,
                                                             stop))
    watcher.start()
    try:
        deadline = time.monotonic() + 60
        while not first_save_seen.is_set() and time.monotonic() < deadline:
            if any(line.startswith("watching") for line in said):
                time.sleep(0.5)
                deck.write_text(deck.read_text(encoding="utf-8") + "# saved\n",
                                encoding="utf-8")
            first_save_seen.wait(2)
        watcher.join(60)
    finally:
        stop.set()
        watcher.join(10)
    assert len(builds) == 3, said
    assert said[1:] == ["changed: cards/demo/decks/alpha.yaml"] * 2
