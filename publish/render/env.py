"""The Jinja environment: autoescaped, sandboxed (and bounded: publish.render.sandbox),
per-game templates first."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Protocol

from jinja2 import StrictUndefined, UndefinedError, select_autoescape
from jinja2.utils import missing
from markupsafe import Markup, escape

from publish.core.problems import did_you_mean
from publish.i18n.fields import fill
from publish.render.loader import CompiledTemplates, ProjectLoader
from publish.render.sandbox import BoundedSandbox

COMMON = "_common"
COMPILED = CompiledTemplates()


class TemplateNameError(UndefinedError):
    """A template used a name its data does not have: where, and the closest it does have."""

    def __reduce__(self):  # raised in a worker process, it must cross back whole
        return type(self), self.args


def names_of(value: object) -> list[str]:
    """The names a template can read from ``value``: a mapping's keys or public attributes."""
    if isinstance(value, dict):
        return [str(k) for k in value]
    return [n for n in dir(value) if not n.startswith("_")]


def _template_line() -> str:
    """'templates/x/cards.html.j2:12' of the template line running now ('' outside one)."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None and template.filename:
            line = template.get_corresponding_lineno(frame.f_lineno)
            return f"{_short(template.filename)}:{line}"
        frame = frame.f_back
    return ""


def _short(filename: str) -> str:
    parts = Path(filename).parts
    return "/".join(parts[parts.index("templates"):]) if "templates" in parts else filename


class LocatedUndefined(StrictUndefined):
    """StrictUndefined whose error names the template line and suggests the closest name."""

    __slots__ = ()

    def __init__(self, hint: str | None = None, obj: object = missing, name: str | None = None,
                 exc: type[UndefinedError] = TemplateNameError) -> None:
        super().__init__(hint, obj, name, exc)

    @property
    def _undefined_message(self) -> str:
        where = _template_line()
        name = str(self._undefined_name)
        if self._undefined_hint or self._undefined_obj is missing:
            said = self._undefined_hint or f"'{name}' is not defined here"
        else:
            known = names_of(self._undefined_obj)
            shown = ", ".join(sorted(known)[:24])
            what = getattr(self._undefined_obj, "_said_as", type(self._undefined_obj).__name__)
            said = (f"no '{name}' in this {what}"
                    f"{did_you_mean(name, known)}" + (f"; it has: {shown}" if shown else ""))
        return f"{where}: {said}" if where else said


class TemplateWords(Protocol):
    """An edition's catalogs of template words (publish.i18n.translate.Translator)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


def css_string(value: object) -> Markup:
    """``value`` as the inside of a CSS string (``content: "{{ x | css_string }}"``): a
    style sheet is not HTML, so ``&`` must stay ``&`` and not become ``&amp;`` (printed as
    such, upper-cased by text-transform); every character that could end the string, the
    rule or the <style> element is written as a CSS escape instead."""
    text = value.unescape() if isinstance(value, Markup) else str(value)  # HTML-escaped by
    # autoescape when joined to a translated word (Markup): taken back to the words first
    return Markup("".join(ch if ch.isalnum() or ch == " " else f"\\{ord(ch):x} "
                          for ch in text))


def environment(project: Path, game_id: str,
                words: TemplateWords | None = None) -> BoundedSandbox:
    """Templates from ``templates/<game>/`` then ``templates/_common/``.

    Autoescape is on for every template: card text is data, never markup.
    Undefined variables are errors, so a typo in a template fails the build.
    Template words are written ``_("...")``, and counts ``ngettext("{n} card",
    "{n} cards", n)``, in English (a game's own templates: in its source
    language), so that an edition's catalogs (``words``) translate them, plural
    forms by the rule of the catalog's language; without catalogs they print as
    written, the singular for one and the plural otherwise. Fields are filled by
    name, ``_("Licence: {name}", name=...)`` (``ngettext`` gives ``n`` itself), and
    by nothing else (publish.i18n.fields): a translation is text, escaped like data.
    """
    folders = [project / "templates" / game_id, project / "templates" / COMMON]
    env = BoundedSandbox(
        loader=ProjectLoader([(folder, project) for folder in folders]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=LocatedUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=COMPILED,
    )
    env.filters["css_string"] = css_string
    env.globals.update(template_gettext(words))
    return env


def template_gettext(words: TemplateWords | None) -> dict[str, Callable[..., Markup]]:
    """``_``, ``gettext`` and ``ngettext`` as templates call them: translated by ``words``
    (None: as written), each ``{name}`` filled from the call's keywords, all escaped."""

    def gettext(message: str, /, **fields: object) -> Markup:
        text = words.gettext(message) if words is not None else message
        return fill(text, fields, markup=True) if fields else Markup(escape(text))

    def ngettext(singular: str, plural: str, count: int, /, **fields: object) -> Markup:
        text = (words.ngettext(singular, plural, count) if words is not None
                else singular if count == 1 else plural)
        return fill(text, {"n": count, **fields}, markup=True)

    return {"_": gettext, "gettext": gettext, "ngettext": ngettext}
