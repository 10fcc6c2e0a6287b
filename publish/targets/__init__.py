"""Every kind of output, one module each; a module that defines ``TARGET`` is a target.

Adding an output means adding one module here (see base.Target); the build
(publish.build.run) finds it, plans it and runs it like the others.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from publish.targets.base import Target


def _discover() -> dict[str, Target[Any]]:
    found: dict[str, Target[Any]] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        target = getattr(importlib.import_module(f"{__name__}.{module.name}"), "TARGET", None)
        if target is not None:
            found[target.name] = target
    return found


TARGETS: dict[str, Target[Any]] = _discover()
"""Targets by name."""
