"""How a target declares its options: a frozen dataclass whose fields say how they are asked for.

A field declared with ``option()`` is one the user chooses: ``publish build
NAME`` offers it (publish.cli.targets makes the subcommand from the
dataclass, so a new target needs no command-line code), with the help text,
choices and name its metadata give.  A field declared otherwise is a setting
of the target that no command offers (the gallery's resolution).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from publish.core.problems import OptionError
from publish.render.geometry import PAPERS

METADATA = "option"
"""The key of a field's metadata that holds its ``Option``."""


@dataclass(frozen=True)
class Option:
    """How the command line offers one field of a target's options."""

    help: str = ""
    choices: tuple[str, ...] = ()
    """The values allowed (None, the field's default, aside); empty: any of its type."""
    flag: str = ""
    """The option's name when it is not the field's (``--deck`` for ``only``)."""
    metavar: str = ""
    """What the help shows for the value (``ID``); empty: its type or its choices."""
    default_text: str = ""
    """The default as the help says it, when its value would not say it (``the game's
    print.backs, else none``); empty: the value itself, if it is one worth showing."""
    parse: Callable[[str], Any] | None = None
    """Reads the value as typed (``0.5,-1``), raising ValueError with how to write it; for
    a field whose type the command line cannot read by itself."""


def option(default: Any, *, help: str = "", choices: tuple[str, ...] = (), flag: str = "",
           metavar: str = "", default_text: str = "",
           parse: Callable[[str], Any] | None = None) -> Any:
    """A field of a target's options that the user chooses, offered as the Option says."""
    how = Option(help, choices, flag, metavar, default_text, parse)
    return dataclasses.field(default=default, metadata={METADATA: how})


@dataclass(frozen=True)
class Offered:
    """A field of a target's options the command line offers: its name, type and default."""

    name: str
    kind: Any
    """The field's type, resolved (``str | None``, ``tuple[str, ...]``)."""
    default: Any
    how: Option


def offered(options: type) -> list[Offered]:
    """The fields of the options dataclass ``options`` declared with ``option()``, in order."""
    kinds = typing.get_type_hints(options)
    return [Offered(f.name, kinds[f.name], f.default, f.metadata[METADATA])
            for f in dataclasses.fields(options) if METADATA in f.metadata]


def check_choices(options: object) -> None:
    """Raise OptionError naming the first field of ``options`` whose value its choices do not
    allow; None is allowed (it stands for what the target resolves: the game's card size)."""
    for field in offered(type(options)):
        value = getattr(options, field.name)
        if field.how.choices and value is not None and value not in field.how.choices:
            raise OptionError(f"unknown {field.name} {value!r}: {', '.join(field.how.choices)}")


def paper_option() -> Any:
    """The paper a PDF is laid out on (`--paper`), for every target that makes one."""
    return option("a4", choices=tuple(PAPERS))


@dataclass(frozen=True)
class PaperOptions:
    """What `publish build manual` and `publish build summaries` are asked for."""

    paper: str = paper_option()
    untagged: bool = option(False, help="The print edition: a PDF without the tags a screen "
                            "reader follows (tagged PDF/UA-1 by default), written as "
                            "NAME-untagged.pdf.")

    def __post_init__(self) -> None:
        check_choices(self)
