"""The Agência package imports in one direction: no cycles, no imports inside functions.

Every module is parsed (not imported), so a cycle hidden behind a function-local
or a type-checking-only import counts as much as one that runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import publish.games.agencia as package

ROOT = Path(package.__file__).parent
PREFIX = package.__name__


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PREFIX, *parts))


MODULES = {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def _targets(node: ast.Import | ast.ImportFrom, importer: str) -> set[str]:
    """The package's modules an import statement reaches."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:  # relative: from the importer's package
            package_parts = importer.split(".")
            if MODULES[importer].name != "__init__.py":
                package_parts = package_parts[:-1]
            package_parts = package_parts[:len(package_parts) - node.level + 1]
            base = ".".join([*package_parts, base] if base else package_parts)
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                 for alias in node.names]
    return {name for name in names if name in MODULES and name != importer}


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[name] |= _targets(node, name)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph, as the list of modules around it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_package_has_modules_to_check() -> None:
    assert f"{PREFIX}.plugin" in MODULES and f"{PREFIX}.engine" in MODULES


def test_no_import_cycle() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_nothing_imports_the_plugin() -> None:
    graph = _graph()
    assert [name for name, targets in graph.items() if f"{PREFIX}.plugin" in targets] == []


def test_imports_are_at_module_level() -> None:
    local = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in ast.walk(tree):
            if not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            local.extend(f"{name}:{node.lineno}" for node in ast.walk(scope)
                         if isinstance(node, ast.Import | ast.ImportFrom))
    assert local == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
