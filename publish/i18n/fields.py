"""Words with fields (``"{n} cards"``): filled from the set of names their caller gives,
and nothing else.

A translation is untrusted text. ``str.format`` would read ``{flip.__class__}`` as an
attribute to look up, ``{0[1]}`` as an index and ``{n!r:>99999}`` as a conversion and a
width, and fail on ``{nope}``: here a field is a name in braces, as ``{n}``, one of those
its caller declares, and a translation may use only the fields of its source (msgid).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from string import Formatter
from typing import Literal, overload

from markupsafe import Markup, escape

from publish.core.problems import PublishError

SHAPE = "a field is a name in braces, as {n}, with no '.', '[', '!' or ':'"
"""What a field may be, in words, for messages."""


class FieldError(PublishError, ValueError):
    """A text's fields are not plain names, or not among those its caller declares."""


def _parsed(text: str) -> list[tuple[str, str | None]]:
    """(literal text, field name or None) pieces of ``text``; raises FieldError."""
    try:
        pieces = list(Formatter().parse(text))
    except ValueError as exc:
        raise FieldError(f"{exc}: a brace that is no field is written twice ({{{{ or }}}})"
                         ) from None
    for _, name, spec, conversion in pieces:
        if name is not None and (not name.isidentifier() or spec or conversion is not None):
            shown = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec
                                                                        else "")
            raise FieldError(f"'{{{shown}}}' is not a field: {SHAPE}")
    return [(literal, name) for literal, name, _, _ in pieces]


def fields_of(text: str) -> list[str]:
    """The names of ``text``'s fields, in order; raises FieldError if one is not a name."""
    return [name for _, name in _parsed(text) if name is not None]


@overload
def fill(text: str, fields: Mapping[str, object], markup: Literal[False] = False) -> str: ...
@overload
def fill(text: str, fields: Mapping[str, object], markup: Literal[True]) -> Markup: ...
@overload
def fill(text: str, fields: Mapping[str, object], markup: bool) -> str: ...


def fill(text: str, fields: Mapping[str, object], markup: bool = False) -> str:
    """``text`` with each ``{name}`` replaced by ``fields[name]``; ``{{``, ``}}`` as braces.

    With ``markup``, the result is Markup: the text and the values escaped (a value that is
    Markup kept). Raises FieldError for a field that is no name or not in ``fields``."""
    out: list[str] = []
    for literal, name in _parsed(text):
        out.append(escape(literal) if markup else literal)
        if name is None:
            continue
        if name not in fields:
            raise FieldError(f"{{{name}}} is not a field here: {_listed(fields)}")
        value = fields[name]
        out.append(escape(value) if markup else str(value))
    return Markup("").join(out) if markup else "".join(out)


def misfit(sources: Iterable[str], translation: str) -> str | None:
    """Why ``translation`` cannot stand for ``sources`` (a msgid, or a plural message's
    msgid and msgid_plural) wherever they are filled; None if it can. A source with no
    field is never filled: its translation may have any braces."""
    try:
        declared = {name for source in sources for name in fields_of(source)}
    except FieldError:
        return None  # a source that is no text with fields is never filled
    if not declared:
        return None
    try:
        used = fields_of(translation)
    except FieldError as exc:
        return str(exc)
    unknown = [name for name in dict.fromkeys(used) if name not in declared]
    if unknown:
        return (f"{', '.join(f'{{{n}}}' for n in unknown)} is not a field of its source: "
                f"{_listed(declared)}")
    return None


def _listed(names: Iterable[str]) -> str:
    shown = ", ".join(f"{{{n}}}" for n in sorted(names))
    return f"the fields are {shown}" if shown else "it has no fields"
