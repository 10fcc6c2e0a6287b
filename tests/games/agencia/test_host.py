"""The engine's parts use of each other only what ``Host`` declares, and the engine has all of
it: the interface of host.py, held here in the default suite as mypy holds it when it runs
(``EngineBase`` subclasses ``Host``).  The parts' classes are parsed, not run.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from types import ModuleType

import pytest
from agencia_helpers import infos

from publish.games.agencia import actions, select
from publish.games.agencia.agents import RandomAgent
from publish.games.agencia.base import EngineBase
from publish.games.agencia.engine import Engine
from publish.games.agencia.host import Host

PARTS = Engine.__bases__
"""Turns, Naturals, Revolts, Crises, Structures, FieldPlay, Hegemony, Triggers."""

METHODS = {name for name, value in vars(Host).items()
           if inspect.isfunction(value) and not name.startswith("__")}
STATE = set(Host.__annotations__)


def _tree(thing: type | ModuleType) -> ast.AST:
    return ast.parse(textwrap.dedent(inspect.getsource(thing)))


def _used(tree: ast.AST, name: str) -> set[str]:
    """The attributes read or set on ``name`` (``self``, ``engine``) anywhere in ``tree``."""
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == name}


def _provider(name: str) -> type:
    """The class of the engine that defines a method (for state: where it is set)."""
    return next(cls for cls in Engine.__mro__ if name in vars(cls))


def test_the_engine_is_made_of_its_parts_over_the_base() -> None:
    assert len(PARTS) == 8
    assert all(part.__bases__ == (EngineBase,) for part in PARTS)
    assert EngineBase.__bases__ == (Host,)


@pytest.mark.parametrize("part", PARTS, ids=lambda part: part.__name__)
def test_a_part_uses_only_its_own_methods_and_what_the_host_declares(part: type) -> None:
    own = set(vars(part))
    assert _used(_tree(part), "self") - own - METHODS - STATE == set()


def test_the_host_declares_nothing_private() -> None:
    assert [name for name in METHODS | STATE if name.startswith("_")] == []


def test_the_actions_and_selectors_use_only_what_the_host_declares() -> None:
    for module in (actions, select):
        assert _used(_tree(module), "engine") - METHODS - STATE == set(), module.__name__


def test_every_method_of_the_host_is_the_engines_own_with_its_signature() -> None:
    for name in sorted(METHODS):
        provider = _provider(name)
        assert provider is not Host, f"no part of the engine defines {name}"
        ours = inspect.signature(getattr(provider, name)).parameters.values()
        declared = inspect.signature(getattr(Host, name)).parameters.values()
        assert [(p.name, p.kind) for p in ours] == [(p.name, p.kind) for p in declared], name


def test_every_state_the_host_declares_is_the_engines() -> None:
    engine = Engine(infos(), [], [RandomAgent() for _ in range(3)], 0, bourdieu=True)
    assert [name for name in sorted(STATE) if not hasattr(engine, name)] == []


def test_the_host_declares_only_what_a_part_uses_of_another() -> None:
    users: dict[str, set[str]] = {name: set() for name in METHODS | STATE}
    for part in PARTS:
        for name in _used(_tree(part), "self") & users.keys():
            if name not in vars(part):
                users[name].add(part.__name__)
    for module in (actions, select):
        for name in _used(_tree(module), "engine") & users.keys():
            users[name].add(module.__name__)
    assert [name for name, found in sorted(users.items()) if not found] == []
