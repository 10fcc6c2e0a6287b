"""What a translation must keep of its source: icons, directives, fields and bold.

A translator rewrites the words of a message, never its working parts: the icons
(``:ember:``), the directives (``{card 017}``, ``{cards tag=storm}``), the fields a template
fills (``{n}``) and the bold spans (``**...**``).  A translation that drops one prints a card
or a manual that silently lacks it; one that adds one prints what the source never said.
This is what ``msgfmt --check-format`` does for printf strings, for our messages.  A card's
name given in a directive may be translated (``{card Sudden Storm}`` becomes ``{card Tempête
soudaine}``): only a reference by number must stay the same number.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from publish.model.text import ICON

_BRACES = re.compile(r"\{([a-z][a-z0-9_-]*)(?:\s+([^{}]*?))?\s*\}", re.IGNORECASE)
"""A directive (``{card 017}``: a name, a space, an argument) or a field (``{n}``)."""
_BOLD = re.compile(r"\*\*|__")
NAMED = ("card", "face")
"""Directives whose argument may be a card's name, which a translation translates."""


def parts(text: str) -> Counter[str]:
    """The working parts of ``text``, each as it must appear in a translation."""
    found: Counter[str] = Counter(f":{m[1]}:" for m in ICON.finditer(text))
    for match in _BRACES.finditer(text):
        name, arg = match[1], (match[2] or "").strip()
        if match[2] is None:
            found[f"{{{name}}}"] += 1
        elif name in NAMED:
            for word in arg.split():
                found[f"{{{name} {word}}}" if word.isdigit() else f"{{{name} <name>}}"] += 1
        else:
            found[f"{{{name} {' '.join(arg.split())}}}"] += 1
    bold = len(_BOLD.findall(text)) // 2
    if bold:
        found["**bold**"] = bold
    return found


def unkept(sources: Sequence[str], translations: Sequence[str]) -> str | None:
    """Why ``translations`` (a message's forms) do not keep what ``sources`` (its msgid, and
    msgid_plural) must; None if they do.  Each form keeps the icons, directives and bold; a
    plural message's forms may each leave out a field (Polish "karta" for one card), but
    together they keep every one."""
    if len(translations) == 1 and len(sources) == 1:
        return _difference(parts(sources[0]), parts(translations[0]))
    wanted = _without_fields(parts(sources[0]))
    for form in translations:
        why = _difference(wanted, _without_fields(parts(form)))
        if why:
            return why
    fields = {k for source in sources for k in parts(source) if _field(k)}
    used = {k for form in translations for k in parts(form) if _field(k)}
    return _difference(Counter(fields), Counter(used))


def _field(part: str) -> bool:
    return part.startswith("{") and " " not in part


def _without_fields(found: Counter[str]) -> Counter[str]:
    return Counter({k: v for k, v in found.items() if not _field(k)})


def _difference(wanted: Counter[str], found: Counter[str]) -> str | None:
    missing = sorted((wanted - found).elements())
    extra = sorted((found - wanted).elements())
    said = []
    if missing:
        said.append(f"drops {', '.join(dict.fromkeys(missing))}")
    if extra:
        said.append(f"has {', '.join(dict.fromkeys(extra))}, which its source lacks")
    return "; ".join(said) or None
