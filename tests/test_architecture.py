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

LAYERS = [
    ("foundation", r"publish(\.(problems|projectfiles|svgcheck|svgsize|sourcedate|atomic|journal"
                   r"|lifetime|ceilings|sourcetext|yamlsource|patterns|examples|model|cardschema"
                   r"|load|validate|text|icons|images|export|engines|check|incremental|unchanged"
                   r"|sheets(\..+)?))?"),
    ("words", r"publish\.i18n(\.(catalog|translate|terms|fields))?"),
    ("render", r"publish\.render(\..+)?"),
    ("docs", r"publish\.docs(\..+)?"),
    ("catalogs", r"publish\.i18n\.(extract|workflow)"),
    ("games", r"publish\.games(\..+)?"),
    ("targets", r"publish\.targets(\..+)?"),
    ("build", r"publish\.(build|failures)"),
    ("balance", r"publish\.balance(\..+)?"),
    ("commands", r"publish\.(commands|sheetcommands|bench|scaffold|preview|watcher)"),
    ("cli", r"publish\.(cli|launch|warm|crashlog|__main__)"),
]
"""Bottom to top, as docs/architecture.md draws them."""

LAZY = re.compile(r"(weasyprint|pikepdf|pypdfium2|PIL|openpyxl|odf|ruamel)(\..+)?"
                  r"|publish\.render\.fetcher|publish\.cli|publish\.balance\.run")
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


def layer(module: str) -> int:
    for index, (_, pattern) in enumerate(LAYERS):
        if re.fullmatch(pattern, module):
            return index
    raise AssertionError(f"{module} is in no layer of docs/architecture.md")


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
                wrong.append(f"{path.relative_to(REPO)}:{line}: {LAYERS[layer(name)][0]} "
                             f"imports {target} ({LAYERS[layer(target)][0]})")
    assert sorted(wrong) == []


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
    path = PACKAGE / "cli.py"
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
