"""The study's raw figures as CSV: one row per game, one per cell and card, and the
per-card figures each line-up's report table shows.

The text depends only on the study: rows in the order of the cells and the
games, numbers written the same way every time.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from publish.balance.figures import HAND_TITLES, CardFigures, HandFigures
from publish.balance.study import Cell
from publish.balance.tally import Tally
from publish.engines.protocol import WON, Recording


def _csv(header: list[str], rows: Iterable[list[object]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def _cell(cell: Cell) -> list[object]:
    return [cell.players, cell.mode, "+".join(cell.decks), cell.agents]


CELL = ["players", "mode", "decks", "agents"]


def _numbers(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def games_csv(cells: list[Cell], tally: Tally) -> str:
    """games.csv: each game's table, seed, length and winners (seats and places)."""
    rows = sorted(tally.games, key=lambda g: (g.cell, g.index))
    return _csv([*CELL, "game", "seed", "rounds", "moves", "round_moves", "rounds_won",
                 "winners", "winner_places", "stopped"],
                ([*_cell(cells[g.cell]), g.index, g.seed, g.rounds, g.moves,
                  _numbers(g.round_moves), g.rounds_won, _numbers(g.winners),
                  _numbers(g.positions), int(g.stopped)] for g in rows))


def cards_csv(cells: list[Cell], tally: Tally, recording: Recording,
              names: dict[str, str]) -> str:
    """cards.csv: per cell and card, the counts every figure of the report comes from."""
    keys = [recording.held, *(key for key, _ in recording.outcomes)]
    return _csv([*CELL, "card", "name", "in_pool", "held_games", "holdings", "wins",
                 "expected_wins", *keys],
                ([*_cell(cells[cell]), card, names.get(card, ""), c.in_pool, c.held_games,
                  c.holdings, c.wins, f"{float(c.expected):.6f}", *(c.events[k] for k in keys)]
                 for (cell, card), c in sorted(tally.cards.items())))


def figures_csv(figures: dict[str, list[CardFigures]], recording: Recording,
                names: dict[str, str]) -> str:
    """figures.csv: per line-up and card, each share with its 95% interval."""
    labels = [recording.held, *(key for key, _ in recording.outcomes), WON]
    header = ["agents", "card", "name"]
    for label in labels:
        header += [f"{label}_hits", f"{label}_trials", f"{label}_rate", f"{label}_low",
                   f"{label}_high"]
    header.append("won_by_chance")

    def row(agents: str, f: CardFigures) -> list[object]:
        out: list[object] = [agents, f.card, names.get(f.card, "")]
        for share in f.shares():
            low, high = share.interval
            out += [share.hits, share.trials, f"{share.rate:.6f}", f"{low:.6f}", f"{high:.6f}"]
        return [*out, f"{f.expected:.6f}"]

    return _csv(header, (row(agents, f) for agents, group in figures.items() for f in group))


def hands_csv(figures: dict[str, list[HandFigures]], names: dict[str, str]) -> str:
    """hands.csv: per line-up and card, the win rate of seats by what they had of the card
    (each with its count and 95% interval), and the improvement when drawn."""
    header = ["agents", "card", "name"]
    for title in HAND_TITLES:
        key = title.replace(" ", "_")
        header += [f"{key}_seats", f"{key}_won", f"{key}_rate", f"{key}_low", f"{key}_high"]
    header += ["improvement_when_drawn", "improvement_low", "improvement_high"]

    def row(agents: str, f: HandFigures) -> list[object]:
        out: list[object] = [agents, f.card, names.get(f.card, "")]
        for share in f.shares():
            low, high = share.interval
            out += [share.trials, share.hits, f"{share.rate:.6f}", f"{low:.6f}", f"{high:.6f}"]
        return [*out, *(f"{v:.6f}" for v in f.improvement)]

    return _csv(header, (row(agents, f) for agents, group in figures.items() for f in group))
