"""One deck build reads each catalog once per process and makes the engine once: each worker
renders from one edition context (publish.render.edition), whatever the jobs it takes."""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import pytest

from conftest import run
from publish.engines import registry
from publish.i18n import catalog

ENGINE = """
from publish.engines.protocol import CheckResult, EngineInfo

class Engine:
    info = EngineInfo(name="Counted")

    def check(self, game):
        return CheckResult()

    def check_cards(self, game):
        return []

    def effect_schema(self):
        return None

    def directives(self):
        return {}
"""


def counted(monkeypatch: pytest.MonkeyPatch, log: Path, module: object, name: str) -> None:
    """``module.name`` wrapped, under every name a loaded module holds it by, so that each call
    (in this process and in the workers forked from it) writes "<pid> <name> <first
    argument>" to ``log``."""
    real = getattr(module, name)

    def calling(*args: object, **kwargs: object) -> object:
        with log.open("a", encoding="utf-8") as out:
            out.write(f"{os.getpid()} {name} {args[0] if args else ''}\n")
        return real(*args, **kwargs)

    for loaded in list(sys.modules.values()):
        for attr, value in list(vars(loaded).items()) if loaded is not None else ():
            if value is real:
                monkeypatch.setattr(loaded, attr, calling)


def test_a_deck_build_parses_each_catalog_once_a_process_and_makes_the_engine_once(
        demo_en: Path, engine_plugin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    engine_plugin("counted", "counted_engine", ENGINE, "Engine")
    game_yaml = demo_en / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "engine: counted\n",
                         encoding="utf-8")
    # a deck schema kept by the game: the check asks the engine for its effects' schema too
    (demo_en / "cards" / "demo" / "deck.schema.json").write_text("{}\n", encoding="utf-8")
    log = tmp_path / "calls.log"
    counted(monkeypatch, log, catalog, "read_catalog")
    counted(monkeypatch, log, registry, "_made")
    # one worker takes both decks' jobs: per job, the catalogs were read again
    result = run("build", "decks", "--project", str(demo_en), "--game", "demo",
                 "--locale", "en", "--jobs", "1")
    assert result.exit_code == 0, result.output
    calls = Counter(log.read_text(encoding="utf-8").splitlines())
    pids = {line.split()[0] for line in calls}
    parsed = {line for line in calls if " read_catalog " in line}
    assert len(pids) == 2  # the main process and its one worker both counted
    assert any(str(os.getpid()) != line.split()[0] for line in parsed)  # the worker read some
    assert {line: n for line, n in calls.items() if n > 1} == {}
    assert sum(n for line, n in calls.items() if " _made " in line) == 1
