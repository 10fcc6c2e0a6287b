"""Read a YAML data file into a typed model, every problem located in the file.

The print services, the package's and a game's own, are data: YAML read by the
safe reader (publish.core.yamlsource) and checked by a pydantic model, so that
a mistake is a message at its line and column, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from publish.core.problems import ProblemsFound
from publish.core.yamlsource import SourceMap, load_yaml
from publish.model.schemaproblems import problems_from

M = TypeVar("M", bound=BaseModel)


def load_model(path: Path, model: type[M], text: str | None = None) -> tuple[M, SourceMap]:
    """``path`` (or ``text``, its contents) read and validated as ``model``, and where its
    values are; ProblemsFound, each problem at its place, when it is not valid YAML or not
    a valid ``model``."""
    data, where = load_yaml(path, text)
    try:
        return model.model_validate(data), where
    except ValidationError as err:
        raise ProblemsFound(problems_from(err, data, where, model)) from None
