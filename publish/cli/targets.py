"""`publish build NAME` for every registered target, made from the dataclass of its options.

As Sphinx's ``-b NAME`` takes any builder, `publish build` takes any target
of publish.targets: the group looks the name up when it is asked for, and
the subcommand offers the fields the target's options declare with
publish.targets.options.option(), so a new target brings its subcommand and
its options with no command-line code.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Sequence
from typing import Any

import click

from publish.targets import TARGETS
from publish.targets.base import Target
from publish.targets.options import Offered, offered

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


class TargetGroup(click.Group):
    """A group whose subcommands are the registered targets, each made when asked for by
    ``command_for``; commands added by hand come first."""

    def __init__(self, *args: Any, command_for: Callable[[Target[Any]], click.Command],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.command_for = command_for

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *TARGETS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in TARGETS:
            return self.command_for(TARGETS[cmd_name])
        return command


def target_command(target: Target[Any], run: Callable[..., None],
                   before: Sequence[Decorator], after: Sequence[Decorator]) -> click.Command:
    """The subcommand of ``target``: the options ``before`` (those every target takes), one
    per field its options declare, then ``after``; ``run`` is called with the target's name
    and every option's value by name (a declared field's by the field's name)."""

    def callback(**values: Any) -> None:
        run(target.name, **values)

    decorated: Callable[..., Any] = callback
    for decorate in reversed([*before, *map(declared_option, offered(target.options)), *after]):
        decorated = decorate(decorated)
    return click.command(target.name, help=target.description)(decorated)


def declared_option(field: Offered) -> Decorator:
    """The click option of one declared field: a flag for a bool (``--no-NAME`` too when it
    is on by default), repeatable for a tuple of any length, its choices, its help, and its
    default shown in the help when it says something."""
    how, kind = field.how, _not_none(field.kind)
    flag = how.flag or "--" + field.name.replace("_", "-")
    shown = _showable(field.default) and not how.default_text
    text = how.help + (f"  [default: {how.default_text}]" if how.default_text else "")
    attrs: dict[str, Any] = {"default": field.default, "show_default": shown,
                             "help": text.strip() or None, "metavar": how.metavar or None}
    if kind is bool:
        declared = f"{flag}/--no-{flag.removeprefix('--')}" if field.default else flag
        return click.option(declared, field.name, is_flag=True, **attrs)
    multiple = typing.get_origin(kind) is tuple and typing.get_args(kind)[-1:] == (...,)
    each = typing.get_args(kind)[0] if multiple else kind
    if how.parse is not None:
        attrs["type"] = Parsed(how.parse)
    elif how.choices:
        attrs["type"] = click.Choice(list(how.choices))
    elif each in (str, int, float):
        attrs["type"] = each
    else:
        raise TypeError(f"option {flag}: the command line cannot read a {kind}; declare "
                        "how with option(parse=...)")
    return click.option(flag, field.name, multiple=multiple, **attrs)


class Parsed(click.ParamType):
    """A value the field's own ``parse`` reads from what was typed; its ValueError is said as
    the option's invalid value."""

    name = "value"

    def __init__(self, parse: Callable[[str], Any]) -> None:
        self.parse = parse

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if not isinstance(value, str):  # the default, already a value
            return value
        try:
            return self.parse(value)
        except ValueError as exc:
            hint = param.opts[0] if param is not None else None
            raise click.BadParameter(str(exc), ctx, param, param_hint=hint) from None


def _not_none(kind: Any) -> Any:
    """``str`` of ``str | None``; any other type as it is."""
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        rest = [k for k in typing.get_args(kind) if k is not type(None)]
        return rest[0] if len(rest) == 1 else kind
    return kind


def _showable(default: Any) -> bool:
    """Whether a default says something in the help (not nothing, an empty text or off)."""
    return default is not None and default is not False and default not in ("", ())
