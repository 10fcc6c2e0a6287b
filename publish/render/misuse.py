"""A template's mistake is said at the template's line, never taken for a bug of the toolchain.

A template is a game's code, run in Jinja's sandbox.  What it gets wrong raises
inside Jinja or straight from the template's own code: a name its data lacks,
a call of what is no function, a division by zero, a range over the sandbox's
limit, an attribute the sandbox refuses, a step that would make too much
(publish.render.sandbox).  Such an exception is told from a bug by its
traceback: the innermost frame that is neither Jinja's, markupsafe's nor the
environment's own is the template's.  It becomes a TemplateMisuse naming the
template's file and line, which crosses back from a build's worker whole.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from types import FrameType

from jinja2 import TemplateError

from publish.core.problems import Location, Problem

_LIBRARY = ("jinja2", "markupsafe", "publish.render.env", "publish.render.sandbox")
"""Modules whose frames a template's mistake passes through: Jinja's runtime and sandbox,
markupsafe's strings, the environment's undefined and filters."""


class TemplateMisuse(RuntimeError):
    """What a template got wrong, at its file and line."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem

    def __reduce__(self):  # raised in a worker process, it must cross back whole
        return type(self), (self.problem,)


def template_misuse(exc: BaseException) -> TemplateMisuse | None:
    """``exc`` as a template's mistake at its line, if a template's code raised it (directly,
    or through Jinja and the sandbox); None if it came from anywhere else (a bug)."""
    if isinstance(exc, TemplateMisuse):
        return exc
    for frame, line in reversed(list(traceback.walk_tb(exc.__traceback__))):
        where = _template_line(frame, line)
        if where is not None:
            return TemplateMisuse(Problem(where, _said(exc, where)))
        if not str(frame.f_globals.get("__name__", "")).startswith(_LIBRARY):
            return None
    return None


def _template_line(frame: FrameType, line: int) -> Location | None:
    """The template file and line ``frame`` runs, if it is a template's (compiled, or as
    Jinja rewrites a traceback it passed through)."""
    template = frame.f_globals.get("__jinja_template__")
    if template is not None and template.filename:
        return Location(Path(template.filename), template.get_corresponding_lineno(line))
    if "__jinja_exception__" in frame.f_globals:
        return Location(Path(frame.f_code.co_filename), line)
    return None


def _said(exc: BaseException, where: Location) -> str:
    """What went wrong, without the place (the undefined names of publish.render.env say it
    already, as the short path from templates/)."""
    said = str(exc).strip()
    parts = where.path.parts
    short = "/".join(parts[parts.index("templates"):]) if "templates" in parts else ""
    for place in (f"{where.path}:{where.line}: ", f"{short}:{where.line}: "):
        said = said.removeprefix(place)
    if isinstance(exc, MemoryError):
        return ("the template made more than a build job may hold in memory (MemoryError); "
                "make less at once")
    return said if isinstance(exc, TemplateError) else f"{said} ({type(exc).__name__})"
