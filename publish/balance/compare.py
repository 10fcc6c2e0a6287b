"""A what-if variant against the game as it is: every figure's baseline, variant, difference,
its 95% interval and a test.

Both play the same seeds (common random numbers), so each game of the variant
has its twin in the baseline: the figures of games (length, games without a
winner, the first place's wins) are compared pair by pair, the difference of
each pair's values, whose spread is far smaller than either side's when the
change touches few games.  Card figures are shares of different numbers of
holdings on the two sides, so they are compared as two shares: Newcombe's
interval for a difference of proportions (built from the two Wilson intervals)
and the two-proportion z test, which ignores the pairing and so errs on the
side of saying less.  A figure *moved beyond chance* when its p-value, adjusted
by Holm's method over all the variant's figures, is below ``ALPHA``: among
hundreds of cards, some unadjusted p-values fall below 0.05 by chance alone.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from publish.balance.figures import Z95, Share, by_lineup, card_figures, newcombe
from publish.balance.study import Cell
from publish.balance.tally import GameRow, Tally
from publish.engines.protocol import Recording

ALPHA = 0.05
"""Holm-adjusted p-values below this say a figure moved beyond chance."""

ALL = 0
"""``Difference.players`` of a figure over every player count of a line-up."""


@dataclass(frozen=True)
class Difference:
    """One figure, baseline against variant: ``card`` is empty for a figure of games."""

    agents: str
    players: int
    card: str
    figure: str
    baseline: float
    variant: float
    low: float
    high: float
    """The 95% interval of ``variant - baseline``."""
    p: float
    """The test's p-value: how likely a difference at least this large is if the variant
    changed nothing."""
    trials: tuple[int, int]
    """What each side's figure is over: games (pairs), or a card's holdings."""
    adjusted: float = 1.0
    """``p`` adjusted by Holm's method over all the variant's figures."""

    @property
    def difference(self) -> float:
        return self.variant - self.baseline

    @property
    def moved(self) -> bool:
        return self.adjusted < ALPHA


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def paired(before: Sequence[float], after: Sequence[float]
           ) -> tuple[float, float, float, float, float]:
    """(mean before, mean after, low, high, p) of the mean difference of paired values:
    the normal interval and test of the pairs' differences."""
    n = len(before)
    if n == 0:
        return 0.0, 0.0, 0.0, 0.0, 1.0
    diffs = [b - a for a, b in zip(before, after, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    first, second = sum(before) / n, sum(after) / n
    if se == 0:  # every pair moved alike: no spread to measure chance by
        return first, second, mean, mean, 1.0 if mean == 0 or n < 2 else 0.0
    return first, second, mean - Z95 * se, mean + Z95 * se, normal_p(mean / se)


def two_shares(hits1: float, n1: int, hits2: float, n2: int) -> tuple[float, float, float]:
    """(low, high, p) for the difference of two shares, second minus first: Newcombe's
    hybrid score interval and the pooled two-proportion z test."""
    d, low, high = newcombe(Share(hits2, n2), Share(hits1, n1))
    pooled = (hits1 + hits2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = (1.0 if d == 0 else 0.0) if se == 0 else normal_p(d / se)
    return low, high, p


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``ps``, in their order."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    adjusted = [1.0] * len(ps)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[index]))
        adjusted[index] = running
    return adjusted


def game_measures(recording: Recording) -> list[tuple[str, Callable[[GameRow], float]]]:
    """The figures of a game compared pair by pair, named in the engine's words."""
    return [
        (f"{recording.round[1]} per game", lambda g: g.rounds),
        (f"{recording.move[1]} per game", lambda g: g.moves),
        ("games without a winner", lambda g: 0.0 if g.winners else 1.0),
        ("games won by the first to move", lambda g: 1.0 if 1 in g.positions else 0.0),
    ]


def game_differences(cells: list[Cell], base: Tally, variant: Tally,
                     recording: Recording) -> list[Difference]:
    """Each game figure per line-up, over all its player counts (``ALL``) and, when it has
    several, per count."""
    twins = {(g.cell, g.index): g for g in variant.games}
    counts: dict[str, set[int]] = defaultdict(set)
    for cell in cells:
        counts[cell.agents].add(cell.players)
    groups: dict[tuple[str, int], list[tuple[GameRow, GameRow]]] = defaultdict(list)
    for game in sorted(base.games, key=lambda g: (g.cell, g.index)):
        twin = twins.get((game.cell, game.index))
        if twin is None:
            continue
        agents = cells[game.cell].agents
        groups[(agents, ALL)].append((game, twin))
        if len(counts[agents]) > 1:
            groups[(agents, game.players)].append((game, twin))
    found = []
    for (agents, players), pairs in sorted(groups.items()):
        for name, measure in game_measures(recording):
            first, second, low, high, p = paired([measure(a) for a, _ in pairs],
                                                 [measure(b) for _, b in pairs])
            found.append(Difference(agents, players, "", name, first, second, low, high, p,
                                    (len(pairs), len(pairs))))
    return found


def card_differences(cells: list[Cell], base: Tally, variant: Tally, recording: Recording,
                     titles: list[str]) -> list[Difference]:
    """Each card's shares per line-up, for the cards both sides could hold."""
    outcomes = [key for key, _ in recording.outcomes]
    after = {agents: {f.card: f for f in card_figures(counts, recording.held, outcomes)}
             for agents, counts in by_lineup(cells, variant.cards).items()}
    found = []
    for agents, counts in by_lineup(cells, base.cards).items():
        for figures in card_figures(counts, recording.held, outcomes):
            twin = after.get(agents, {}).get(figures.card)
            if twin is None:
                continue
            for title, one, two in zip(titles, figures.shares(), twin.shares(), strict=True):
                if not one.trials or not two.trials:
                    continue
                low, high, p = two_shares(one.hits, one.trials, two.hits, two.trials)
                found.append(Difference(agents, ALL, figures.card, title, one.rate, two.rate,
                                        low, high, p, (one.trials, two.trials)))
    return found


def compare(cells: list[Cell], base: Tally, variant: Tally, recording: Recording,
            titles: list[str]) -> list[Difference]:
    """Every figure of the variant against the baseline, Holm-adjusted together."""
    found = game_differences(cells, base, variant, recording) + card_differences(
        cells, base, variant, recording, titles)
    return [replace(d, adjusted=a) for d, a in zip(found, holm([d.p for d in found]),
                                                   strict=True)]
