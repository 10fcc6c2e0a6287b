"""Jinja's sandbox, bounded in what a template can make in one step.

SandboxedEnvironment keeps a template away from Python's internals and caps
``range()`` at 100,000 items, but lets it make a string or a list as large as
memory allows: ``{{ 'x' * 100000000 }}`` in a card face made 100 MB a card,
and build workers passed 6 GB each.  Here every way a template repeats, joins,
pads or fills in one step is measured before it is done, and refused
(SecurityError, said with the template's line: publish.render.misuse) past
MAX_MADE.  What a template makes step by step (a loop writing a line at a
time) is bounded by the HTML a document may have (publish.render.pdf) and by
the ceilings of a build's workers (publish.build.run).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sized
from typing import Any

from jinja2 import filters, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.sandbox import SandboxedEnvironment, SecurityError

MAX_MADE = 1_000_000
"""The longest string or list (characters, items) a template may make in one step, and the
most digits of a number it may raise to a power: a card's face is some 20,000 characters
of HTML and a manual's longest chapter 60,000, while a string of a hundred million took
each worker past 6 GB."""

_SEQUENCES = (str, list, tuple)
_PADDING = {"ljust", "rjust", "center", "zfill", "expandtabs"}
_FORMAT_FIELD = re.compile(r"\{[^{}]*\}")
_PERCENT_FIELD = re.compile(r"%[^a-zA-Z%]*[a-zA-Z%]")
_NUMBER = re.compile(r"\d+")


def made(size: float, what: str) -> None:
    """SecurityError if ``what`` would make ``size`` characters or items, over MAX_MADE."""
    if size > MAX_MADE:
        raise SecurityError(f"{what} would make {int(size):,} characters or items, over the "
                            f"{MAX_MADE:,} a template may make at once")


def _widths(fields: list[str], args: tuple[Any, ...], what: str) -> None:
    """A format's widths and precisions (``{:>999999}``, ``%.9999f``, ``%*d``) within MAX_MADE."""
    numbers = [int(n) for field in fields for n in _NUMBER.findall(field)]
    if any("*" in field for field in fields):
        numbers += [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
    made(max(numbers, default=0), what)


def _power(base: Any, exponent: Any) -> None:
    numbers = all(isinstance(n, int) and not isinstance(n, bool) for n in (base, exponent))
    if numbers and exponent > 0 and abs(base) > 1:
        made(exponent * math.log10(abs(base)), f"{base} ** {exponent} (its digits)")


class _JoinsMeasured(CodeGenerator):
    """Compiles ``a ~ b`` to be measured as it is made (Jinja offers no hook for it): a string
    doubled in a loop grows past any memory in thirty steps."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.joined(")
        super().visit_Concat(node, frame)
        self.write(")")


class BoundedSandbox(SandboxedEnvironment):
    """A SandboxedEnvironment that measures each step that makes a string, a list or a number
    of a size the template chose: before it is done, or for ``~``, as soon as it is."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    code_generator_class = _JoinsMeasured

    def joined(self, value: str) -> str:
        """What ``~`` made, refused past MAX_MADE."""
        made(len(value), "joining with ~")
        return value

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.filters.update({name: _bounded(name, check) for name, check in _FILTERS.items()})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            count, sequence = (right, left) if isinstance(left, _SEQUENCES) else (left, right)
            if isinstance(sequence, _SEQUENCES) and isinstance(count, int):
                made(len(sequence) * count, "repeating")
        elif operator == "+" and isinstance(left, _SEQUENCES) and isinstance(right, Sized):
            made(len(left) + len(right), "joining")
        elif operator == "**":
            _power(left, right)
        elif operator == "%" and isinstance(left, str):
            _widths(_PERCENT_FIELD.findall(left), right if isinstance(right, tuple)
                    else (right,), "a % format")
        return super().call_binop(context, operator, left, right)

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        name, owner = getattr(obj, "__name__", None), getattr(obj, "__self__", None)
        if name in _PADDING and isinstance(owner, str):  # Markup's too
            width = max((a for a in (*args, *kwargs.values()) if isinstance(a, int)), default=0)
            made(width * (1 + owner.count("\t")), f"{name}()")
        elif name == "join" and isinstance(owner, str) and args:
            _joining(args[0], owner)
        return super().call(context, obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapper = super().wrap_str_format(value)
        if wrapper is None:
            return None
        fields = _FORMAT_FIELD.findall(str(value.__self__))

        def bounded(*args: Any, **kwargs: Any) -> str:
            _widths(fields, (), f"{value.__name__}()")
            return wrapper(*args, **kwargs)

        return bounded


def _replacing(value: Any, old: Any = "", new: Any = "", count: Any = None, *_: Any) -> None:
    text, old, new = str(value), str(old), str(new)
    times = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    made(len(text) + times * (len(new) - len(old)), "replace")


def _joining(items: Any, between: Any = "", *_: Any, **__: Any) -> None:
    """A join's length, when its items are a list or a tuple (anything else is made one at a
    time, each within the limit)."""
    if isinstance(items, (list, tuple)):
        size = sum(len(str(item)) for item in items)
        made(size + len(str(between)) * max(0, len(items) - 1), "join")


_FILTERS: dict[str, Callable[..., None]] = {
    "center": lambda value, width=80, *_: made(width if isinstance(width, int) else 0,
                                               "center"),
    "indent": lambda value, width=4, *_, **__: made(
        (width if isinstance(width, int) else len(str(width))) * (str(value).count("\n") + 1)
        + len(str(value)), "indent"),
    "replace": _replacing,
    "batch": lambda value, linecount=1, *_: made(linecount if isinstance(linecount, int)
                                                 else 0, "batch"),
    "slice": lambda value, slices=1, *_: made(slices if isinstance(slices, int) else 0,
                                              "slice"),
    "format": lambda value, *args, **_: _widths(_PERCENT_FIELD.findall(str(value)), args,
                                                "format"),
    "join": _joining,
}
"""Filters that can make more than they are given, each with its measure."""


def _bounded(name: str, check: Callable[..., None]) -> Callable[..., Any]:
    """Jinja's own filter ``name``, measured by ``check`` (its arguments) first."""
    original = filters.FILTERS[name]

    def filter_(*args: Any, **kwargs: Any) -> Any:
        value_args = args[1:] if getattr(original, "jinja_pass_arg", None) else args
        check(*value_args, **kwargs)
        return original(*args, **kwargs)

    for attribute in ("jinja_pass_arg",):
        if hasattr(original, attribute):
            setattr(filter_, attribute, getattr(original, attribute))
    return filter_
