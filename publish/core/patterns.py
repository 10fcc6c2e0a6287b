"""A designer's regular expressions (game.yaml's typography): read in Python's syntax, and
run by an engine whose every match has a time limit.

A game folder is untrusted, and a pattern such as ``(a+)+$`` backtracks for longer than
anyone waits over a card's text. Python's ``re`` cannot be stopped once it matches; the
``regex`` module reads the same syntax (lookbehinds included, which RE2 lacks and games
use to leave some numbers alone) and takes a ``timeout``. It compiles a counted repeat by
unrolling its lower bound, so ``((a{1000}){1000}){1000}`` would take the memory and time of
a billion characters before any match: what a pattern unrolls to is measured on the
standard parser's tree first, and a pattern too large is refused as the syntax errors are.
"""

from __future__ import annotations

import re
import re._constants as sre
import re._parser as sre_parse
from collections.abc import Iterable, Iterator

import regex

from publish.core.problems import PublishError

MATCH_SECONDS = 0.25
"""The time one pattern may take over one card's text (a block, a name). The patterns of
our games take a few microseconds over the longest text a card may hold
(cardschema.MAX_TEXT); one that takes this long backtracks without end, and is stopped."""

MAX_UNROLLED = 10_000
"""The most elements a pattern may unroll to when compiled, counting each counted repeat's
lower bound times what it repeats (``a{3}`` is 3, ``(ab){2}c`` is 5). The engine compiles a
pattern of a million in a second and 300 MB; our games' patterns are under 40."""

_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}


class PatternTimeout(PublishError, ValueError):
    """A pattern ran over ``MATCH_SECONDS`` on one text: ``what`` names the text."""

    def __init__(self, pattern: str, what: str = "") -> None:
        self.pattern = pattern
        self.what = what
        place = f"{what}: " if what else ""
        super().__init__(f"{place}the pattern '{pattern}' ran over {MATCH_SECONDS} s and was "
                         "stopped: a repeat inside a repeat, as (a+)+, backtracks without end; "
                         "write it with one repeat (a+)")

    def __reduce__(self):  # raised in a deck's worker process, it must cross back whole
        return type(self), (self.pattern, self.what)


def refusal(source: str) -> str | None:
    """Why ``source`` is no pattern a game may use (its syntax, its unrolled size); None if
    it is one."""
    try:
        tree = sre_parse.parse(source)
        re.compile(source)
    except re.error as exc:
        return f"not a valid regular expression: {exc}"
    except RecursionError:
        return "not a valid regular expression: its groups are nested too deep"
    size = _unrolled(tree)
    if size > MAX_UNROLLED:
        return (f"its counted repeats unroll to {size:,} elements, over the limit of "
                f"{MAX_UNROLLED:,}: count less, or use an open repeat (+, *)")
    return None


def _unrolled(items: Iterable) -> int:
    total = 0
    for op, av in items:
        inner = sum(_unrolled(sub) for sub in _subpatterns(av))
        total += max(av[0], 1) * inner if op in _REPEATS else 1 + inner
    return total


def _subpatterns(av: object) -> Iterator[sre_parse.SubPattern]:
    if isinstance(av, sre_parse.SubPattern):
        yield av
    elif isinstance(av, tuple | list):
        for item in av:
            yield from _subpatterns(item)


def find(pattern: str, text: str, what: str = "",
         seconds: float = MATCH_SECONDS) -> list[regex.Match[str]]:
    """Every match of ``pattern`` (a game's, accepted by ``refusal``) in ``text``.

    Raises PatternTimeout, naming ``what``, if the matching runs over ``seconds`` (at most
    ``MATCH_SECONDS``)."""
    try:
        return list(regex.finditer(pattern, text, timeout=max(0.0, min(seconds,
                                                                       MATCH_SECONDS))))
    except TimeoutError:
        raise PatternTimeout(pattern, what) from None
