"""The study's figures: shares with 95% Wilson intervals, per card, seat and length.

A share is ``hits`` out of ``trials``; its interval is Wilson's score
interval, which stays inside 0..1 and behaves for shares near 0 or 1 and for
few trials (where the normal approximation does not).

A card is an outlier on a figure when its whole interval lies beyond where
the other cards lie: past Tukey's fences of their shares (the quartiles,
widened by 1.5 times the spread between them).  Cards differ by design (one
nearly always causes a crisis, most seldom do), so the rest is a spread, not
one pooled share: against a pooled share, whose interval narrows with every
game, every card would stand apart.  Asking the card's interval to clear the
fences keeps a card with few games from being listed on noise.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from publish.balance.study import Cell
from publish.balance.tally import HANDS, CardCounts, GameRow

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Share:
    """``hits`` of ``trials``, with its 95% Wilson interval (0..0 for no trials)."""

    hits: float
    trials: int

    @property
    def rate(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.trials)



def wilson(hits: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``hits`` successes in ``trials``."""
    if trials <= 0:
        return 0.0, 0.0
    p = hits / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # all hits or none: the bound at that end is exactly 1 or 0, which rounding may miss by
    # 1e-16 (then a card at 100% like every other seemed to lie below them all)
    low = 0.0 if hits <= 0 else max(0.0, centre - half)
    high = 1.0 if hits >= trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class CardFigures:
    """One card's figures in one group of cells (a line-up)."""

    card: str
    held: Share
    """Games in which it was held, of the games whose decks had it."""
    outcomes: tuple[Share, ...]
    """Each outcome event, of its held events (the Recording's order)."""
    won: Share
    """Holders who won, of its holdings."""
    expected: float
    """The share of its holdings that chance would make winners."""

    def shares(self) -> tuple[Share, ...]:
        return (self.held, *self.outcomes, self.won)


def card_figures(counts: dict[str, CardCounts], held: str,
                 outcomes: Iterable[str]) -> list[CardFigures]:
    """Every card's figures from its summed counts, by card id."""
    keys = tuple(outcomes)
    return [CardFigures(
        card, Share(c.held_games, c.in_pool),
        tuple(Share(c.events[k], c.events[held]) for k in keys),
        Share(c.wins, c.holdings),
        float(c.expected / c.holdings) if c.holdings else 0.0)
        for card, c in sorted(counts.items()) if c.in_pool]


@dataclass(frozen=True)
class HandFigures:
    """One card's win rates by what a seat had of it (17lands' "in opening hand", "drawn",
    "in hand", "not seen"), beside its holders' ("played"), and the improvement when drawn:
    the win rate of seats that had it in hand less that of seats that never saw it, with
    Newcombe's interval for a difference of two shares."""

    card: str
    opening: Share
    drawn: Share
    in_hand: Share
    played: Share
    unseen: Share
    improvement: tuple[float, float, float]
    """(difference, low, high): in hand less never seen."""

    def shares(self) -> tuple[Share, ...]:
        return (self.opening, self.drawn, self.in_hand, self.played, self.unseen)


HAND_TITLES = ("in opening hand", "drawn", "in hand", "played", "never seen")
"""The names of ``HandFigures.shares()``, as the report and hands.csv give them."""


def hand_figures(counts: dict[str, CardCounts]) -> list[HandFigures]:
    """Each card's figures of holding against playing, by card id (cards dealt only)."""
    found = []
    for card, c in sorted(counts.items()):
        if not c.in_pool:
            continue
        seen = {name: Share(c.seats["won_" + name], c.seats[name]) for name in HANDS}
        found.append(HandFigures(card, seen["opening"], seen["drawn"], seen["in_hand"],
                                 Share(c.wins, c.holdings), seen["unseen"],
                                 newcombe(seen["in_hand"], seen["unseen"])))
    return found


def newcombe(first: Share, second: Share) -> tuple[float, float, float]:
    """(difference, low, high) of ``first``'s rate less ``second``'s: Newcombe's hybrid score
    interval, from the two Wilson intervals (0, 0, 0 when either has no trials)."""
    if not first.trials or not second.trials:
        return 0.0, 0.0, 0.0
    p1, p2 = first.rate, second.rate
    low1, high1 = first.interval
    low2, high2 = second.interval
    d = p1 - p2
    return (d, d - math.sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2),
            d + math.sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2))


@dataclass(frozen=True)
class Rest:
    """Where the other cards' shares lie: their median, and Tukey's fences around them."""

    median: float
    low: float
    high: float


def rest_of(rates: list[float]) -> Rest:
    """The median and the fences (quartiles -/+ 1.5 times the spread between them) of ``rates``."""
    if len(rates) < 2:
        only = rates[0] if rates else 0.0
        return Rest(only, only, only)
    q1, median, q3 = statistics.quantiles(rates, n=4, method="inclusive")
    spread = 1.5 * (q3 - q1)
    return Rest(median, max(0.0, q1 - spread), min(1.0, q3 + spread))


@dataclass(frozen=True)
class Outlier:
    """A card whose figure ``figure`` (an index into ``CardFigures.shares()``) stands apart."""

    card: str
    figure: int
    share: Share
    rest: Rest
    direction: int
    """+1 above the rest, -1 below."""


def outliers(figures: list[CardFigures]) -> list[Outlier]:
    """Cards whose whole interval lies beyond the fences of the other cards' shares."""
    found = []
    for index in range(len(figures[0].shares()) if figures else 0):
        shares = [f.shares()[index] for f in figures]
        for number, (figure, share) in enumerate(zip(figures, shares, strict=True)):
            if not share.trials:
                continue
            rest = rest_of([s.rate for k, s in enumerate(shares) if k != number and s.trials])
            low, high = share.interval
            direction = 1 if low > rest.high else -1 if high < rest.low else 0
            if direction:
                found.append(Outlier(figure.card, index, share, rest, direction))
    return sorted(found, key=lambda o: (o.figure, -o.direction, -abs(o.share.rate
                                                                      - o.rest.median)))


def by_lineup(cells: list[Cell], cards: dict[tuple[int, str], CardCounts]
              ) -> dict[str, dict[str, CardCounts]]:
    """Card counts summed over every table of each line-up: {line-up: {card: counts}}."""
    grouped: dict[str, dict[str, CardCounts]] = {}
    for (cell, card), counts in sorted(cards.items()):
        group = grouped.setdefault(cells[cell].agents, {})
        group.setdefault(card, CardCounts()).add(counts)
    return grouped


def ranking(figures: list[CardFigures]) -> dict[str, int]:
    """Each card's place by win rate (1: best); ties share the better place."""
    rates = sorted((f.won.rate for f in figures if f.won.trials), reverse=True)
    return {f.card: rates.index(f.won.rate) + 1 for f in figures if f.won.trials}


def spearman(a: dict[str, int], b: dict[str, int]) -> float | None:
    """Spearman's rank correlation of two rankings over the cards both rank."""
    common = sorted(set(a) & set(b))
    if len(common) < 3:
        return None
    x, y = [a[c] for c in common], [b[c] for c in common]
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((p - mx) * (q - my) for p, q in zip(x, y, strict=True))
    sxx = sum((p - mx) ** 2 for p in x)
    syy = sum((q - my) ** 2 for q in y)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else None


def chi2_survival(x: float, df: int) -> float:
    """P(X >= x) for X chi-squared with ``df`` degrees of freedom (a whole number).

    The closed forms for whole degrees of freedom: for even ``df`` a Poisson tail,
    for odd ``df`` the normal tail and its series.  One function is all the study
    needs of a statistics library, so none is added for it.
    """
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term = total = math.exp(-x / 2)
        for i in range(1, df // 2):
            term *= x / (2 * i)
            total += term
        return min(1.0, total)
    root = math.sqrt(x)
    total = math.erfc(root / math.sqrt(2))
    term = math.sqrt(2 * x / math.pi) * math.exp(-x / 2)  # 2 * phi(sqrt x) * sqrt x
    for r in range(1, (df - 1) // 2 + 1):
        total += term
        term *= x / (2 * r + 1)
    return min(1.0, total)


def evenness(counts: Iterable[int]) -> float | None:
    """How likely counts at least this uneven are if every count had the same chance:
    Pearson's chi-squared test against an even spread (None without counts to test)."""
    counts = list(counts)
    total = sum(counts)
    if len(counts) < 2 or total == 0:
        return None
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    return chi2_survival(statistic, len(counts) - 1)


@dataclass(frozen=True)
class Seats:
    """One line-up at one player count: who won, by place in the order of play, and by
    seat number.

    Places are the rules' business (who moves first); seat numbers are labels, so
    with one agent at every seat an uneven spread over them (a small ``numbers_even``)
    is the engine's or the agents' doing, not the rules'.  With several agents seated in
    turn, seat numbers also carry which agent sat where.
    """

    agents: str
    players: int
    games: int
    places: tuple[Share, ...]
    """Games won by the seat in each place (1: first to move), of all games."""
    fair: float
    """Each place's share if the place did not matter: the wins shared out evenly."""
    numbers: tuple[Share, ...]
    """Games won by each seat number (0 first), of all games."""
    places_even: float | None
    """The chi-squared test's p-value of the wins by place against an even spread."""
    numbers_even: float | None
    """The same for the wins by seat number."""


def seats(cells: list[Cell], games: list[GameRow]) -> list[Seats]:
    """Seat advantage for each line-up and player count."""
    wins: dict[tuple[str, int], list[int]] = {}
    by_number: dict[tuple[str, int], list[int]] = {}
    played: dict[tuple[str, int], int] = defaultdict(int)
    for game in games:
        key = (cells[game.cell].agents, game.players)
        places = wins.setdefault(key, [0] * game.players)
        numbers = by_number.setdefault(key, [0] * game.players)
        played[key] += 1
        for place in game.positions:
            places[place - 1] += 1
        for seat in game.winners:
            numbers[seat] += 1
    found = []
    for (agents, players), places in sorted(wins.items()):
        count = played[(agents, players)]
        numbers = by_number[(agents, players)]
        found.append(Seats(agents, players, count, tuple(Share(w, count) for w in places),
                           sum(places) / (players * count),
                           tuple(Share(w, count) for w in numbers),
                           evenness(places), evenness(numbers)))
    return found


@dataclass(frozen=True)
class Lengths:
    """One line-up at one player count: how long games and rounds ran, and who won none."""

    agents: str
    players: int
    games: int
    rounds: float
    """Rounds per game, on average."""
    moves: float
    """Moves per round, on average."""
    round_moves: tuple[int, ...]
    no_winner: Share
    """Games that ended without a winner."""
    rounds_no_winner: Share
    stopped: int


def lengths(cells: list[Cell], games: list[GameRow]) -> list[Lengths]:
    """Length and games without a winner for each line-up and player count."""
    grouped: dict[tuple[str, int], list[GameRow]] = defaultdict(list)
    for game in games:
        grouped[(cells[game.cell].agents, game.players)].append(game)
    found = []
    for (agents, players), rows in sorted(grouped.items()):
        rounds = sum(g.rounds for g in rows)
        moves = tuple(m for g in rows for m in g.round_moves)
        found.append(Lengths(agents, players, len(rows), rounds / len(rows),
                             sum(moves) / max(1, len(moves)), moves,
                             Share(sum(1 for g in rows if not g.winners), len(rows)),
                             Share(rounds - sum(g.rounds_won for g in rows), rounds),
                             sum(1 for g in rows if g.stopped)))
    return found
