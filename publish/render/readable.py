"""What the renderers hand the templates: frozen dataclasses read by attribute or by key.

Templates read a face as ``card.name``; docs/templates.md has also always
documented ``card["name"]`` (the render data were dicts), so the key form
stays, for templates written against it.  The data carry no public method,
so a game's own field (``card.cost``, ``card.items``) is never shadowed by
one: the only public names are the fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(kind: type) -> tuple[str, ...]:
    """The public fields of a dataclass, in order: what a template reads of it."""
    if kind not in _FIELDS:
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)
                              if not f.name.startswith("_"))
    return _FIELDS[kind]


class Readable:
    """Mixin of a frozen dataclass a template reads: ``x.name`` or ``x["name"]``, ``"name"
    in x`` and ``for key in x`` (the keys), as it could a dict."""

    _said_as: ClassVar[str] = "value"
    """What an error calls it: "no 'nmae' in this box"."""

    def _extra(self) -> Mapping[str, Any]:
        """Keys beyond the fields (a face's own fields): none."""
        return {}

    def _keys(self) -> list[str]:
        return [*field_names(type(self)), *self._extra()]

    def __getitem__(self, key: str) -> Any:
        if key in field_names(type(self)):
            return getattr(self, key)
        return self._extra()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._keys()

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())

    def __bool__(self) -> bool:
        return True

    def __dir__(self) -> list[str]:
        """The names a template can read (publish.render.env.names_of lists them)."""
        return self._keys()
