"""The core never imports a game package: games plug in through the engines registry."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "publish"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)):
            names.add(str(node.args[0].value))
    return names


def test_no_core_module_imports_a_game_package():
    core = [p for p in PACKAGE.rglob("*.py") if "games" not in p.relative_to(PACKAGE).parts]
    assert len(core) > 30
    offenders = {str(p.relative_to(REPO)): sorted(m for m in imported_modules(p)
                                                  if m.startswith("publish.games"))
                 for p in core}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_scan_would_see_a_game_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from publish.games.agencia import engine\nimport publish.games.x\n")
    assert {"publish.games.agencia", "publish.games.x"} <= imported_modules(module)
