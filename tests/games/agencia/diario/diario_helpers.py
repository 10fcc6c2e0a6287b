"""Helpers for the conformance tests: a log's findings as `publish replay` reports them.

Syntax errors, warnings and the 4.190617 bookkeeping, merged in line order,
without a game on disk (the compendium's edition has no card data).
"""

from __future__ import annotations

from publish.games.agencia.diario.bookkeeping import check_bookkeeping
from publish.games.agencia.diario.findings import Finding
from publish.games.agencia.diario.parse import parse


def findings(text: str, edition: str = "4.190617") -> list[Finding]:
    log, errors = parse(text, "log.txt")
    found = [Finding.syntax("log.txt", e) for e in (*errors, *log.warnings)]
    found += check_bookkeeping(log, edition)
    return sorted(set(found))


def spots(found: list[Finding]) -> list[tuple[int, int, str]]:
    return [(f.line, f.col, f.message) for f in found]


def mutate(text: str, old: str, new: str) -> str:
    """The text with ``old`` (found exactly once) replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)
