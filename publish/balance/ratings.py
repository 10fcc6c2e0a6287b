"""Does skill matter: ratings of the agents from mixed tables, and who beats whom.

Only tables whose line-up seats several agents compare them.  Each game is
read as a set of duels: every winning seat beats every losing seat of another
agent.  From the duels:

- **Ratings** (Bradley-Terry): each agent's strength ``s`` such that A beats B
  with chance ``s_A / (s_A + s_B)``, fitted by Hunter's MM algorithm, shown on
  the Elo scale (400 log10 of the strength over the agents' geometric mean: 0
  is the average agent, +200 beats it three times in four).  Each pair of
  agents starts with half a duel won each way, so an agent that never won still
  has a finite rating.  The 95% intervals are bootstrap percentiles: the games
  drawn again with replacement, ``RESAMPLES`` times, from a generator seeded by
  the study, so they are the same on every run.
- **Who beats whom** (the skill gradient), per player count: of the duels
  between two agents, the share the first won, with its Wilson interval.  A
  planner that wins no more duels than a random player is a finding.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from publish.balance.figures import Share
from publish.balance.study import Study
from publish.balance.tables import _csv
from publish.balance.tally import GameRow

RESAMPLES = 200
"""Bootstrap draws behind each rating's interval."""
ALL = 0
"""``players`` of a figure over every player count."""

Duels = Counter  # (winner's agent, loser's agent) -> duels won


def duels(study: Study, game: GameRow) -> Duels:
    """A game's duels: every winning seat against every losing seat of another agent."""
    agents = study.spec(study.cells()[game.cell], game.index).agents
    won = set(game.winners)
    found: Duels = Counter()
    for winner in won:
        for loser in range(game.players):
            if loser not in won and agents[loser] != agents[winner]:
                found[(agents[winner], agents[loser])] += 1
    return found


def mixed(study: Study, games: Iterable[GameRow]) -> dict[int, list[Duels]]:
    """Each player count's games at mixed tables, as duels (``ALL``: every count)."""
    grouped: dict[int, list[Duels]] = defaultdict(list)
    cells = study.cells()
    for game in sorted(games, key=lambda g: (g.cell, g.index)):
        if len(set(cells[game.cell].lineup)) < 2:
            continue
        found = duels(study, game)
        grouped[ALL].append(found)
        grouped[game.players].append(found)
    return dict(grouped)


def bradley_terry(won: Duels, agents: Sequence[str], rounds: int = 500) -> dict[str, float]:
    """Each agent's strength from duels won (half a duel each way added to every pair),
    normalised to a geometric mean of 1; Hunter's MM updates, ``rounds`` at most."""
    strength = dict.fromkeys(agents, 1.0)
    wins = {a: sum(won[(a, b)] + 0.5 for b in agents if b != a) for a in agents}
    for _ in range(rounds):
        new = {}
        for a in agents:
            total = sum((won[(a, b)] + won[(b, a)] + 1.0) / (strength[a] + strength[b])
                        for b in agents if b != a)
            new[a] = wins[a] / total
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / mean for a, v in new.items()}
        done = max(abs(new[a] - strength[a]) for a in agents) < 1e-12
        strength = new
        if done:
            break
    return strength


def elo(strength: float) -> float:
    return 400 * math.log10(strength)


@dataclass(frozen=True)
class Rating:
    """One agent's rating at one player count (``ALL``: every count), with its interval."""

    players: int
    agent: str
    rating: float
    low: float
    high: float
    games: int


def ratings(study: Study, games: Iterable[GameRow]) -> list[Rating]:
    """Every agent's rating per player count and over all, from the mixed tables."""
    found = []
    rng = random.Random(f"ratings/{study.seed}")
    for players, group in sorted(mixed(study, games).items()):
        agents = sorted({a for duel in group for pair in duel for a in pair})
        if len(agents) < 2:
            continue
        total: Duels = sum(group, Counter())
        point = bradley_terry(total, agents)
        draws: dict[str, list[float]] = {a: [] for a in agents}
        for _ in range(RESAMPLES):
            sample: Duels = Counter()
            for _ in group:
                sample.update(group[rng.randrange(len(group))])
            for agent, value in bradley_terry(sample, agents).items():
                draws[agent].append(elo(value))
        for agent in agents:
            ordered = sorted(draws[agent])
            found.append(Rating(players, agent, elo(point[agent]),
                                ordered[int(0.025 * RESAMPLES)],
                                ordered[int(0.975 * RESAMPLES) - 1],
                                sum(1 for duel in group if any(agent in p for p in duel))))
    return found


@dataclass(frozen=True)
class Matchup:
    """Duels between two agents at one player count: the share ``first`` won."""

    players: int
    first: str
    second: str
    won: Share

    @property
    def even(self) -> bool:
        """Whether the interval holds an even split: no measurable difference in skill."""
        low, high = self.won.interval
        return low <= 0.5 <= high


def matchups(study: Study, games: Iterable[GameRow]) -> list[Matchup]:
    """Each pair of agents that met, per player count and over all: the first (in name
    order) against the second."""
    found = []
    for players, group in sorted(mixed(study, games).items()):
        total: Duels = sum(group, Counter())
        pairs = sorted({tuple(sorted(pair)) for pair in total})
        for first, second in pairs:
            one, two = total[(first, second)], total[(second, first)]
            if one + two:
                found.append(Matchup(players, first, second, Share(one, one + two)))
    return found


def findings(found: Sequence[Matchup]) -> list[str]:
    """The report's lines on skill: for each pair over all counts, who wins more duels, or
    that neither measurably does, and the counts where that differs."""
    lines = []
    for m in (m for m in found if m.players == ALL):
        low, high = m.won.interval
        if m.even:
            lines.append(f"{m.first} and {m.second} win as many duels as each other "
                         f"({100 * m.won.rate:.1f}% [{100 * low:.1f}–{100 * high:.1f}] of "
                         f"{m.won.trials}): at these tables, skill between them does not show")
        else:
            better, rate = (m.first, m.won.rate) if m.won.rate > 0.5 else (m.second,
                                                                           1 - m.won.rate)
            worse = m.second if better == m.first else m.first
            lines.append(f"{better} beats {worse} in {100 * rate:.1f}% of their duels "
                         f"({m.won.trials})")
        even_at = [str(n.players) for n in found if n.players != ALL and
                   (n.first, n.second) == (m.first, m.second) and n.even != m.even]
        if even_at:
            lines.append(f"  but not at {', '.join(even_at)} players" if not m.even else
                         f"  but not at {', '.join(even_at)} players, where one is ahead")
    return lines


def skill_csv(rated: Sequence[Rating], met: Sequence[Matchup]) -> str:
    """ratings.csv: each agent's rating and its interval, then each pair's duels, per
    player count (0: every count)."""
    rows: list[list[object]] = [["rating", r.players, r.agent, "", f"{r.rating:.3f}",
                                 f"{r.low:.3f}", f"{r.high:.3f}", r.games] for r in rated]
    for m in met:
        low, high = m.won.interval
        rows.append(["duels", m.players, m.first, m.second, f"{m.won.rate:.6f}",
                     f"{low:.6f}", f"{high:.6f}", m.won.trials])
    return _csv(["kind", "players", "agent", "against", "value", "low", "high", "n"], rows)


def skill_view(rated: Sequence[Rating], met: Sequence[Matchup]) -> dict[str, Any]:
    """The report's section: ratings and duels per player count, and the findings."""
    def players(n: int) -> str:
        return "all" if n == ALL else str(n)

    return {
        "ratings": [{"players": players(r.players), "agent": r.agent,
                     "rating": f"{r.rating:+.0f}", "interval": f"{r.low:+.0f} to {r.high:+.0f}",
                     "games": r.games} for r in rated],
        "matchups": [{"players": players(m.players), "first": m.first, "second": m.second,
                      "rate": f"{100 * m.won.rate:.1f}%",
                      "interval": f"{100 * m.won.interval[0]:.1f}–{100 * m.won.interval[1]:.1f}",
                      "trials": m.won.trials, "even": m.even} for m in met],
        "findings": findings(met),
    }
