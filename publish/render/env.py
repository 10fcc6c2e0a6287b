"""The Jinja environment: autoescaped, sandboxed, per-game templates first."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from jinja2 import FileSystemLoader, StrictUndefined, select_autoescape
from jinja2.sandbox import SandboxedEnvironment

COMMON = "_common"


class TemplateWords(Protocol):
    """An edition's catalogs of template words (publish.i18n.translate.Translator)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


def environment(project: Path, game_id: str,
                words: TemplateWords | None = None) -> SandboxedEnvironment:
    """Templates from ``templates/<game>/`` then ``templates/_common/``.

    Autoescape is on for every template: card text is data, never markup.
    Undefined variables are errors, so a typo in a template fails the build.
    Template words are written ``_("...")``, and counts ``ngettext("{n} card",
    "{n} cards", n)``, in English (a game's own templates: in its source
    language), so that an edition's catalogs (``words``) translate them, plural
    forms by the rule of the catalog's language; without catalogs they print as
    written, the singular for one and the plural otherwise.
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
    if words is None:
        env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    else:
        env.install_gettext_callables(  # type: ignore[attr-defined]
            words.gettext, words.ngettext, newstyle=True)
    return env
