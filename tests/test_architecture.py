"""The shape docs/architecture.md promises: layers, no cycles, imports at the top, small pieces.

Every module of publish/ belongs to a layer and imports only from its own
layer or those below; the core never imports a game.  Imports sit at the top
of a module, except the heavy renderers, loaded only when drawing so that a
build with nothing to do never imports them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "publish"

LAYERS = ["core", "model", "i18n", "engines", "render", "docs", "checks", "games", "targets",
          "build", "balance", "app", "cli"]
"""The packages of publish/, bottom to top, as docs/architecture.md draws them: a module's
layer is the package it sits in, and it imports only from its own package or those below."""

TOP = {"publish", "publish.__main__"}
"""The only modules at the top of the package: its version and `python -m publish`."""

LAZY = re.compile(r"(weasyprint|pikepdf|pypdfium2|PIL|openpyxl|odf|ruamel)(\..+)?"
                  r"|publish\.render\.fetcher|publish\.cli\.main|publish\.balance\.run")
"""What may be imported inside a function: the renderers (and the WeasyPrint fetcher class),
the spreadsheet formats and round-trip YAML, which only `publish cards` and `publish import`
use, the command line, which the entry point loads only when a stamp cannot answer, and the
balance study (`publish balance` alone: it brings Dask and matplotlib, about a second)."""


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def package(module: str) -> str:
    """The layer's package a module sits in: ``publish.render.decks`` -> ``render``."""
    return module.split(".")[1] if module.count(".") else ""


def layer(module: str) -> int:
    if module in TOP:
        return len(LAYERS)
    assert package(module) in LAYERS, f"{module} is in no package of docs/architecture.md"
    return LAYERS.index(package(module))


def imports(path: Path, local: bool) -> list[tuple[int, str]]:
    """(line, module) of each import at the top of the module, or inside its functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside |= {id(sub) for sub in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or (id(node) in inside) != local:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif node.module and not node.level:
            found.append((node.lineno, node.module))
    return found


def under_type_checking(path: Path) -> set[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {sub.lineno for node in ast.walk(tree)
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
            for sub in ast.walk(node) if hasattr(sub, "lineno")}


def test_every_module_is_in_a_layer_and_imports_only_from_its_layer_or_below():
    wrong = []
    for name, path in modules().items():
        for line, target in imports(path, local=False):
            if not target.startswith("publish") or target == "publish":
                continue
            if layer(target) > layer(name) and line not in under_type_checking(path):
                wrong.append(f"{path.relative_to(REPO)}:{line}: {package(name)} "
                             f"imports {target} ({package(target)})")
    assert sorted(wrong) == []


def test_the_top_of_the_package_holds_no_more_than_five_modules():
    assert {name for name in modules() if name.count(".") <= 1
            and not (PACKAGE / name.removeprefix("publish.")).is_dir()} <= TOP


def test_every_package_is_a_layer():
    assert {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()} == set(LAYERS)


def test_no_package_imports_a_package_above_it_even_inside_a_function():
    """Package by package, lazy imports included: the layers hold at run time too."""
    wrong = []
    for name, path in modules().items():
        for line, target in imports(path, local=True) + imports(path, local=False):
            if target.startswith("publish.") and name not in TOP and \
                    layer(target) > layer(name) and line not in under_type_checking(path):
                wrong.append(f"{path.relative_to(REPO)}:{line}: {target}")
    assert sorted(wrong) == []


def test_no_cycle_between_packages():
    edges = {(package(name), package(target)) for name, path in modules().items()
             for _, target in imports(path, local=True) + imports(path, local=False)
             if target.startswith("publish.") and name not in TOP
             and package(name) != package(target)}
    order = {pkg: i for i, pkg in enumerate(LAYERS)}
    assert sorted(e for e in edges if order[e[0]] < order[e[1]]) == []


def test_no_import_cycles():
    graph = {name: {t for _, t in imports(path, local=False) if t in modules()}
             for name, path in modules().items()}
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join([*trail[trail.index(nxt):], node, nxt]))
            elif nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert sorted(cycles) == []


def test_imports_inside_functions_are_only_the_heavy_renderers():
    found = [f"{path.relative_to(REPO)}:{line}: {target}"
             for path in modules().values()
             for line, target in imports(path, local=True) if not LAZY.fullmatch(target)]
    assert sorted(found) == []


def functions(path: Path) -> list[tuple[str, int, ast.FunctionDef]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.name, node.end_lineno - node.lineno + 1, node)  # type: ignore[operator]
            for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef,
                                                             ast.AsyncFunctionDef))]


def test_no_function_is_longer_than_50_lines():
    long = [f"{path.relative_to(REPO)}:{node.lineno}: {name} ({length} lines)"
            for path in modules().values() for name, length, node in functions(path)
            if length > 50]
    assert sorted(long) == []


def is_data(path: Path) -> bool:
    """A module of pure data tables: nothing but a docstring, imports and assignments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return all(isinstance(node, (ast.Expr, ast.Import, ast.ImportFrom, ast.Assign,
                                 ast.AnnAssign)) for node in tree.body)


def test_no_module_is_longer_than_500_lines_but_data_tables():
    long = [f"{path.relative_to(REPO)} ({n} lines)" for path in modules().values()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 500
            and not is_data(path)]
    assert sorted(long) == []


def test_click_commands_are_thin():
    """A command parses options, calls one function and prints: at most 15 lines each."""
    path = PACKAGE / "cli" / "main.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    commands = [node for node in tree.body if isinstance(node, ast.FunctionDef)
                and any("command" in ast.unparse(d) or "group" in ast.unparse(d)
                        for d in node.decorator_list)]
    assert len(commands) >= 10
    fat = []
    for node in commands:
        body_start = node.body[0].lineno
        length = node.end_lineno - min(body_start, node.lineno) + 1  # type: ignore[operator]
        if length > 15:
            fat.append(f"{node.name}: {length} lines")
    assert fat == []
