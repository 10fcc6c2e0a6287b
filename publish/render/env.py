"""The Jinja environment: autoescaped, sandboxed, per-game templates first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined, select_autoescape
from jinja2.sandbox import SandboxedEnvironment

COMMON = "_common"


def environment(project: Path, game_id: str,
                gettext: Callable[[str], str] | None = None) -> SandboxedEnvironment:
    """Templates from ``templates/<game>/`` then ``templates/_common/``.

    Autoescape is on for every template: card text is data, never markup.
    Undefined variables are errors, so a typo in a template fails the build.
    Template words are written ``_("...")`` in the source language, so that an
    edition's catalog (``gettext``) can translate them; without one they print
    as written.
    """
    folders = [project / "templates" / game_id, project / "templates" / COMMON]
    env = SandboxedEnvironment(
        loader=FileSystemLoader([str(f) for f in folders if f.is_dir()]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    if gettext is None:
        env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    else:
        env.install_gettext_callables(  # type: ignore[attr-defined]
            gettext, lambda s, p, n: gettext(s if n == 1 else p), newstyle=True)
    return env
