"""Card importance: the study played again without each card in turn, on the same seeds,
and the cards ranked by how far the figures of games move without them.

A removal is a what-if variant (publish.balance.patch.removal), compared with
the baseline as any variant is (publish.balance.compare): the figures of games
(seats, length, games without a winner) pair by pair, the other cards' figures
as shares.  A card ranks high when some figure of games moves far, measured in
standard errors of its difference (|z|), so that a small move measured
precisely counts as much as a large one measured loosely.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from publish.balance.compare import ALL, Difference, compare
from publish.balance.figures import Z95
from publish.balance.study import Cell
from publish.balance.tables import _csv
from publish.balance.tally import Tally
from publish.engines.protocol import Recording

FLAGGED = "flagged"
"""``importance: flagged``: the cards that stand apart in the study's own baseline."""
EVERY = "all"
"""``importance: all``: every card the study's tables deal."""


@dataclass(frozen=True)
class Importance:
    """One card taken out: how each figure moved without it, and its place."""

    card: str
    differences: list[Difference]
    place: int = 0

    @property
    def games(self) -> list[Difference]:
        """The figures of games over every player count of each line-up."""
        return [d for d in self.differences if not d.card and d.players == ALL]

    @property
    def strength(self) -> float:
        """The largest |z| of a figure of games: its difference over its standard error."""
        return max((_z(d) for d in self.games), default=0.0)

    @property
    def cards_moved(self) -> int:
        """Other cards' figures that moved beyond chance without this one."""
        return sum(1 for d in self.differences if d.card and d.moved)


def _z(d: Difference) -> float:
    se = (d.high - d.low) / (2 * Z95)
    if se == 0:
        return 0.0 if d.difference == 0 else float("inf")
    return abs(d.difference) / se


def chosen_cards(option: Sequence[str], dealt: Sequence[str], flagged: set[str]) -> list[str]:
    """The cards to take out in turn: ``flagged``, ``all`` (every card dealt) or numbers."""
    if tuple(option) == (FLAGGED,):
        return sorted(flagged)
    if tuple(option) == (EVERY,):
        return sorted(dealt)
    return list(option)


def rank(cells: list[Cell], base: Tally, removals: Sequence[tuple[str, Tally]],
         recording: Recording, titles: list[str]) -> list[Importance]:
    """Each removal compared with the baseline, the strongest first (ties: by number)."""
    found = [Importance(card, compare(cells, base, tally, recording, titles))
             for card, tally in removals]
    ordered = sorted(found, key=lambda i: (-i.strength, i.card))
    return [Importance(i.card, i.differences, place) for place, i in
            enumerate(ordered, start=1)]


def importance_csv(ranked: Sequence[Importance], names: dict[str, str]) -> str:
    """importance.csv: one row per card taken out, line-up and figure of games."""
    header = ["place", "card", "name", "agents", "figure", "baseline", "without", "difference",
              "low", "high", "p", "p_holm", "moved", "cards_moved"]
    return _csv(header, ([i.place, i.card, names.get(i.card, ""), d.agents, d.figure,
                          f"{d.baseline:.6f}", f"{d.variant:.6f}", f"{d.difference:.6f}",
                          f"{d.low:.6f}", f"{d.high:.6f}", f"{d.p:.6f}", f"{d.adjusted:.6f}",
                          int(d.moved), i.cards_moved]
                         for i in ranked for d in i.games))


def importance_view(ranked: Sequence[Importance], names: dict[str, str]) -> dict[str, Any]:
    """The report's tables, one per line-up (so that each fits a page's width): a row per
    card, in place order, a column per figure of games."""
    agents = list(dict.fromkeys(d.agents for i in ranked for d in i.games))
    return {"tables": [_table(lineup, ranked, names) for lineup in agents]}


def _table(lineup: str, ranked: Sequence[Importance], names: dict[str, str]) -> dict[str, Any]:
    heads = list(dict.fromkeys(d.figure for i in ranked for d in i.games if d.agents == lineup))
    rows = []
    for i in ranked:
        by = {d.figure: d for d in i.games if d.agents == lineup}
        cells = []
        for figure in heads:
            d = by.get(figure)
            share = figure.startswith("games ")
            cells.append(None if d is None else {
                "difference": f"{100 * d.difference:+.1f}" if share else f"{d.difference:+.2f}",
                "interval": f"{100 * d.low:+.1f} to {100 * d.high:+.1f}" if share
                else f"{d.low:+.2f} to {d.high:+.2f}", "moved": d.moved})
        rows.append({"place": i.place, "card": i.card, "name": names.get(i.card, ""),
                     "strength": f"{i.strength:.1f}" if i.strength != float("inf") else "∞",
                     "cells": cells, "cards_moved": i.cards_moved})
    return {"agents": lineup, "heads": heads, "rows": rows}
