"""The Jinja environment: autoescaped, sandboxed, per-game templates first."""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, NoReturn, Protocol

from jinja2 import FileSystemLoader, StrictUndefined, UndefinedError, select_autoescape
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

COMMON = "_common"
MISSING = re.compile(r"has no attribute '([^']+)'|'([^']+)' is undefined")


class TemplateWords(Protocol):
    """An edition's catalogs of template words (publish.i18n.translate.Translator)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class LocatedUndefined(UndefinedError):
    """A name a template used that does not exist, with the template's file and line."""


def _names(values: Mapping[str, Any]) -> set[str]:
    """The names a template could have meant: its variables, their keys and attributes, and
    those of the mappings inside them (``card.group.name``)."""
    found = {re.sub(r"^l_\d+_", "", name) for name in values if not name.startswith("t_")}
    for value in values.values():
        if isinstance(value, Context):
            found |= set(value.get_all()) | _names(value.get_all())
            continue
        inner = dict(value) if isinstance(value, Mapping) else (
            {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
            if dataclasses.is_dataclass(value) and not isinstance(value, type) else {})
        found |= {k for k in inner if isinstance(k, str)}
        found |= {k for v in inner.values() if isinstance(v, Mapping)
                  for k in v if isinstance(k, str)}
    return found


def locate(exc: UndefinedError, traceback: TracebackType | None, project: Path,
           folders: list[Path]) -> str:
    """``exc``'s message led by the template file and line it happened at (the innermost
    template of the traceback), with the closest existing name as a suggestion."""
    where, names = "", set()
    while traceback is not None:
        path = Path(traceback.tb_frame.f_code.co_filename)
        if any(path.is_relative_to(folder) for folder in folders):
            shown = path.relative_to(project) if path.is_relative_to(project) else path
            where = f"{shown}:{traceback.tb_lineno}: "
            names = _names(traceback.tb_frame.f_locals)
        traceback = traceback.tb_next
    missing = MISSING.search(str(exc))
    name = missing and (missing[1] or missing[2])
    close = difflib.get_close_matches(name, sorted(names), n=1) if name else []
    return f"{where}{exc}" + (f" (did you mean '{close[0]}'?)" if close else "")


class GameTemplates(SandboxedEnvironment):
    """The sandboxed environment whose undefined names say where they are, and what was
    meant: "templates/<game>/cards.html.j2:12: 'dict object' has no attribute 'nmae'
    (did you mean 'name'?)"."""

    def __init__(self, project: Path, folders: list[Path], **options: Any) -> None:
        super().__init__(**options)
        self.project = project.resolve()
        self.folders = [f.resolve() for f in folders]

    def handle_exception(self, source: str | None = None) -> NoReturn:
        try:
            super().handle_exception(source)
        except LocatedUndefined:
            raise
        except UndefinedError as exc:
            message = locate(exc, exc.__traceback__, self.project, self.folders)
            raise LocatedUndefined(message) from None


def environment(project: Path, game_id: str,
                words: TemplateWords | None = None) -> SandboxedEnvironment:
    """Templates from ``templates/<game>/`` then ``templates/_common/``.

    Autoescape is on for every template: card text is data, never markup.
    Undefined variables are errors, so a typo in a template fails the build, naming the
    template's file and line and the closest name that exists.
    Template words are written ``_("...")``, and counts ``ngettext("{n} card",
    "{n} cards", n)``, in English (a game's own templates: in its source
    language), so that an edition's catalogs (``words``) translate them, plural
    forms by the rule of the catalog's language; without catalogs they print as
    written, the singular for one and the plural otherwise.
    """
    folders = [f for f in (project / "templates" / game_id, project / "templates" / COMMON)
               if f.is_dir()]
    env = GameTemplates(
        project, folders,
        loader=FileSystemLoader([str(f) for f in folders]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    if words is None:
        env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    else:
        env.install_gettext_callables(  # type: ignore[attr-defined]
            words.gettext, words.ngettext, newstyle=True)
    return env
