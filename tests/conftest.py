"""Shared fixtures: the demo project, its broken variants, and a CLI runner."""

from __future__ import annotations

import shutil
import time
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from publish.cli.main import main

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parent.parent


def missing_system_packages() -> list[str]:
    """The packages of system-packages.txt that this machine lacks (as tools/system-packages
    decides: a command on PATH, a shared library the loader knows, or a file)."""
    import ctypes.util
    import shutil

    missing = []
    for line in (REPO / "system-packages.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        package, probe = line.split()[:2]
        if probe.startswith("lib:"):
            name = probe.removeprefix("lib:").removeprefix("lib").partition(".so")[0]
            found = ctypes.util.find_library(name) is not None
        elif probe.startswith("file:"):
            found = Path(probe.removeprefix("file:")).is_file()
        else:
            found = shutil.which(probe) is not None
        if not found:
            missing.append(package)
    return missing


def pytest_sessionstart(session: pytest.Session) -> None:
    """A machine without a needed system package is told so once, before any test runs."""
    if missing := missing_system_packages():
        pytest.exit(f"missing system packages: {' '.join(missing)}; run `make setup` as root, "
                    f"or: sudo apt-get install -y {' '.join(missing)}", returncode=3)


SHARED_BUILDS = ("agencia_editions", "harbourlight_built")
"""The session fixtures that build a whole real game (most of a minute each): a test
process builds one when a test it runs needs it."""

SHARED_BUILD_READERS = frozenset({
    "tests/checks/preflight/test_preflight_files.py",
    "tests/docs/test_tagged.py",
    "tests/render/test_layout_check.py",
    "tests/test_agencia_en.py",
    "tests/test_agencia_manual.py",
    "tests/test_harbourlight.py",
})
"""The modules whose tests read one of ``SHARED_BUILDS``: `make test` runs them on one
worker, so that each build is made once in the run rather than once per worker
(tests/test_shared_builds.py holds this list to the modules that read them)."""


def reads_a_shared_build(item: pytest.Item) -> bool:
    """Whether ``item`` uses one of the session's ``SHARED_BUILDS`` (not a module's own
    fixture of that name)."""
    definitions = getattr(item, "_fixtureinfo", None)
    if definitions is None:
        return False
    return any((chosen := definitions.name2fixturedefs.get(name)) and
               chosen[-1].scope == "session" for name in SHARED_BUILDS)


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """`pytest -n N --dist loadscope` (`make test`): each module's tests on one worker, so
    that its module fixtures are made once, and ``SHARED_BUILD_READERS`` together on one
    worker, as one unit of work."""
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedBuildsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::")[0]
            return "shared builds" if module in SHARED_BUILD_READERS else module

    return SharedBuildsTogether(config, log)


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A copy of the small, valid demo project (game 'demo', decks alpha and beta)."""
    target = tmp_path / "project"
    shutil.copytree(FIXTURES / "projects" / "demo", target)
    return target


def break_with(project: Path, fixture: str) -> Path:
    """Replace the demo's beta deck with a broken variant; return the file's path."""
    target = project / "cards" / "demo" / "decks" / "beta.yaml"
    shutil.copy(FIXTURES / "broken" / f"{fixture}.yaml", target)
    return target


def declare(project: Path, fields: str) -> Path:
    """Append ``fields`` (YAML) to the demo's game.yaml."""
    game_yaml = project / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + fields, encoding="utf-8")
    return project


def name_engine(game_dir: Path, engine_id: str) -> None:
    """Name the rules engine installed as ``engine_id`` in the game's game.yaml."""
    game_yaml = game_dir / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(f"{text.rstrip()}\nengine: {engine_id}\n", encoding="utf-8")


def give(project: Path, name: str, lines: str) -> None:
    """Add ``lines`` (the card's own keys) under the card called ``name`` in deck alpha."""
    deck = project / "cards" / "demo" / "decks" / "alpha.yaml"
    text = deck.read_text(encoding="utf-8")
    indented = "".join(f"    {line}\n" for line in lines.splitlines())
    deck.write_text(text.replace(f"    name: {name}\n", f"    name: {name}\n{indented}", 1),
                    encoding="utf-8")


def copy_game(target: Path, game: str) -> Path:
    """A project at ``target`` holding one of the repository's games as it is (its cards,
    the shared templates and its own), enough for `publish check` and the exports."""
    shutil.copytree(REPO / "cards" / game, target / "cards" / game)
    for folder in ("_common", game):
        shutil.copytree(REPO / "templates" / folder, target / "templates" / folder)
    return target


def empty_project(folder: Path) -> Path:
    """A project with no game: cards/ empty, the shared templates and the fonts."""
    (folder / "cards").mkdir(parents=True)
    return with_docs(folder)


@pytest.fixture(scope="session")
def moon_as_new(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project `publish new moon` writes, made once per test process: `moon` hands each
    test a copy of it, which is byte for byte what the command writes wherever it runs."""
    project = empty_project(tmp_path_factory.mktemp("moon-as-new") / "project")
    result = run("new", "moon", "--project", str(project), "--author", "Jane Doe")
    assert result.exit_code == 0, result.output
    return project


@pytest.fixture
def moon(tmp_path: Path, moon_as_new: Path) -> Path:
    """A project holding one game, 'moon', as `publish new` writes it: a game that is not
    in this repository. A test's own copy, its files written now (as the command would)."""
    project = tmp_path / "project"
    shutil.copytree(moon_as_new, project, copy_function=shutil.copy)
    return project


HOUR_AGO = time.time() - 3600
"""An hour before the tests began: files set to it never race a stamp taken now."""


def age(folder: Path) -> None:
    """Every file under ``folder`` last modified an hour ago (not racing the stamp)."""
    import os

    for path in folder.rglob("*"):
        os.utime(path, (HOUR_AGO, HOUR_AGO))


def shortened(plans: list, factor: int) -> list:
    """The same simulation plans with 1/``factor`` of their games (at least one each): the
    bounded form `make test` runs of a long run kept behind `-m long`."""
    return [replace(plan, games=max(1, plan.games // factor)) for plan in plans]


def run(*args: str) -> Result:
    """Run the `publish` command in-process."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def with_docs(project: Path) -> Path:
    """``project`` (a copy of the demo) with the shared templates and fonts, so it can be
    rendered (`demo_docs`; a module-scoped build starts from it too)."""
    shutil.copytree(REPO / "templates" / "_common", project / "templates" / "_common")
    shutil.copytree(REPO / "fonts", project / "fonts")
    return project


@pytest.fixture
def demo_docs(demo: Path) -> Path:
    """The demo project with the shared templates and fonts, so it can be rendered."""
    return with_docs(demo)


@pytest.fixture
def demo_en(demo_docs: Path) -> Path:
    """The demo project with a complete English catalog (helpers: tests/demo_en.py)."""
    from demo_en import translate, with_english

    translate(with_english(demo_docs))
    return demo_docs


@pytest.fixture(scope="session")
def agencia():
    """Agência as published, loaded once for the tests of the real game."""
    from publish.model.load import load_game

    loaded, problems = load_game(REPO, "agencia")
    assert not problems
    return loaded


@pytest.fixture(scope="session")
def agencia_editions(tmp_path_factory) -> Path:
    """A copy of the project with Agência's manual and summaries built in both editions
    (A4), once for every test that reads them."""
    from publish.build.run import make
    from publish.model.load import load_game
    from publish.targets.base import Work
    from publish.targets.options import PaperOptions

    project = tmp_path_factory.mktemp("agencia-editions")
    for folder in ("cards", "templates", "fonts"):
        shutil.copytree(REPO / folder, project / folder)
    copy, problems = load_game(project, "agencia")
    assert not problems
    work = Work(project, copy)
    for locale in ("pt-BR", "en"):
        make(project, work, "manual", locale, PaperOptions(), say=lambda _: None)
        make(project, work, "summaries", locale, PaperOptions(), say=lambda _: None)
    return project


@pytest.fixture(scope="session")
def harbourlight_built(tmp_path_factory) -> Path:
    """A copy of the project with Harbourlight built whole (`publish build --game
    harbourlight`: decks, print-shop files, booklet), once for every test that reads it."""
    project = tmp_path_factory.mktemp("harbourlight-built")
    for folder in ("cards", "templates", "fonts"):
        shutil.copytree(REPO / folder, project / folder)
    result = run("build", "--project", str(project), "--game", "harbourlight")
    assert result.exit_code == 0, result.output
    return project


@pytest.fixture
def engine_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Register a rules engine as an installed plug-in would be: ``register(engine_id, module,
    source, attr)`` writes ``module.py`` and lists it under the ``publish.engines``
    entry-point group (a game names it in game.yaml: ``name_engine``)."""
    import importlib.metadata
    import sys

    import publish.engines.registry as registry

    folder = tmp_path / "plugins"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    added: list[importlib.metadata.EntryPoint] = []
    real = registry.entry_points

    def listed(**selection: str) -> list:
        return [*added, *real(**selection)]

    monkeypatch.setattr(registry, "entry_points", listed)
    monkeypatch.setattr(registry, "PLUGINS", set())
    monkeypatch.setattr(registry, "_MADE", {})  # the engines made, kept per process by id
    registry.installed.cache_clear()  # the entry points, read once per process

    modules: list[str] = []

    def register(engine_id: str, module: str, source: str, attr: str) -> Path:
        path = folder / f"{module}.py"
        path.write_text(source, encoding="utf-8")
        modules.append(module)
        added.append(importlib.metadata.EntryPoint(engine_id, f"{module}:{attr}",
                                                   "publish.engines"))
        registry.installed.cache_clear()
        return path

    yield register
    for module in modules:  # imported from this test's folder: gone with it
        sys.modules.pop(module, None)
    registry.installed.cache_clear()
