"""The report's charts, drawn with matplotlib as SVG: vector, so they print sharp.

Each chart is sized for a portrait page's text width, in type no smaller
than 6.5 pt, and carries its intervals as bars.  Its text is set in the
project's Vollkorn (fonts/vollkorn/) and written as glyph outlines, so the
SVG looks the same in any browser and in the PDF, whatever fonts the machine
has: an SVG loaded through <img> cannot use the page's web fonts.  Each
label is kept beside its outlines as a comment, so a search of the SVG text
still finds it.
The SVG text is the same for the same figures (no date, fixed ids), so a
chart changes only when they do.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib import font_manager
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import PercentFormatter
from matplotlib.typing import RcKeyType

from publish.balance.figures import CardFigures, Lengths, Seats, Share, rest_of

WIDTH = 6.7
"""Inches: the text width of an A4 page with the report's margins."""

INK, MUTED, MARK, CHANCE = "#2a2520", "#8a8275", "#c0392b", "#3f6f8f"
LABEL_PT = 8.0
"""Points from one label's line to the next: 6.5 pt labels never touch."""

STYLE: dict[RcKeyType, Any] = {
    "svg.hashsalt": "publish-balance",  # ids the same from run to run
    # the glyphs as paths: an SVG shown through <img> cannot use the page's web fonts, so text
    # left as text was drawn in whatever font the machine had, and clipped (issue 41)
    "svg.fonttype": "path",
    "font.family": ["Vollkorn", "DejaVu Sans"],
    "font.size": 7.5,
    "axes.edgecolor": MUTED,
    "axes.labelcolor": INK,
    "xtick.color": INK,
    "ytick.color": INK,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


def use_fonts(folder: Path) -> None:
    """Measure the charts' text with the project's Vollkorn (fonts/vollkorn/), when it has it."""
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    known = {entry.fname for entry in font_manager.fontManager.ttflist}
    for path in sorted((folder / "vollkorn").glob("*.ttf")):
        if str(path) not in known:
            font_manager.fontManager.addfont(str(path))


def svg(figure: Figure) -> str:
    """The figure as SVG text, without the date matplotlib would stamp on it."""
    buffer = io.StringIO()
    with matplotlib.rc_context(STYLE):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def _errorbars(axis, shares: list[Share], positions: Sequence[float], colours: list[str],
               horizontal: bool) -> None:
    """Each share as a dot on its interval: one collection per colour, whatever the count."""
    for colour in dict.fromkeys(colours):
        chosen = [(s, at) for s, at, c in zip(shares, positions, colours, strict=True)
                  if c == colour]
        lows = [s.interval[0] for s, _ in chosen]
        highs = [s.interval[1] for s, _ in chosen]
        rates = [s.rate for s, _ in chosen]
        where = [at for _, at in chosen]
        if horizontal:
            axis.hlines(where, lows, highs, color=colour, linewidth=1.1)
            axis.plot(rates, where, "o", color=colour, markersize=2.6, linestyle="none")
        else:
            axis.vlines(where, lows, highs, color=colour, linewidth=1.1)
            axis.plot(where, rates, "o", color=colour, markersize=3, linestyle="none")


def card_chart(figures: list[CardFigures], titles: list[str], labels: dict[str, str],
               marked: set[tuple[str, int]]) -> str:
    """One row per card (best winners on top), one panel per figure, outliers in red; the
    cards' median dashed, their fences shaded."""
    rows = sorted(figures, key=lambda f: (f.won.rate, f.card))
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(WIDTH, 0.9 + 0.118 * len(rows)), layout="constrained")
        axes = figure.subplots(1, len(titles), sharey=True)
        at = list(range(len(rows)))
        for index, (axis, title) in enumerate(zip(axes, titles, strict=True)):
            shares = [f.shares()[index] for f in rows]
            colours = [MARK if (f.card, index) in marked else INK for f in rows]
            _errorbars(axis, shares, at, colours, horizontal=True)
            rest = rest_of([s.rate for s in shares if s.trials])
            axis.axvspan(rest.low, rest.high, color="#eef2f5", zorder=0)
            axis.axvline(rest.median, color=CHANCE, linewidth=0.8, linestyle="--")
            axis.set_title(title, fontsize=8, loc="left")
            axis.set_xlim(0, 1)
            axis.set_xticks([0, 0.5, 1], ["0", "50%", "100%"])
            axis.grid(axis="x", color="#e4ded3", linewidth=0.5)
        axes[0].set_yticks(at, [labels.get(f.card, f.card) for f in rows], fontsize=6.8)
        axes[0].set_ylim(-0.8, len(rows) - 0.2)
    return svg(figure)


def ranking_chart(rankings: dict[str, dict[str, int]], labels: dict[str, str],
                  named: set[str]) -> str:
    """Each card's place by win rate under each line-up, joined across; ``named`` labelled."""
    lineups = list(rankings)
    cards = sorted({c for r in rankings.values() for c in r})
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(WIDTH, 5.2), layout="constrained")
        axis = figure.subplots()
        ends: list[tuple[float, float, str]] = []
        for card in cards:
            xs = [i for i, lineup in enumerate(lineups) if card in rankings[lineup]]
            ys = [rankings[lineups[i]][card] for i in xs]
            colour = MARK if card in named else "#c9c1b3"
            axis.plot(xs, ys, "-o", color=colour, linewidth=0.9 if card in named else 0.6,
                      markersize=2.2, zorder=3 if card in named else 1)
            if card in named and xs:
                ends.append((xs[-1], ys[-1], labels.get(card, card)))
        places = max((y for r in rankings.values() for y in r.values()), default=1)
        gap = places * LABEL_PT / (figure.get_figheight() * 72 * 0.85)  # a line of labels
        for (x, y, label), at in zip(sorted(ends, key=lambda e: e[1]),
                                     spread(sorted(y for _, y, _ in ends), gap), strict=True):
            axis.annotate(label, (x, y), xytext=(x + 0.04, at), textcoords="data", va="center",
                          fontsize=6.5, color=MARK,
                          arrowprops={"arrowstyle": "-", "color": MARK, "linewidth": 0.4})
        axis.set_xticks(range(len(lineups)), lineups)
        axis.set_xlim(-0.3, len(lineups) - 0.4)
        axis.invert_yaxis()
        axis.set_ylabel("place by win rate (1: wins most)")
    return svg(figure)


def spread(positions: list[float], gap: float) -> list[float]:
    """Sorted label positions moved apart to at least ``gap``, as little as they can: each
    run of labels too close is centred on where its points are."""
    runs: list[list[float]] = []  # each: the points' positions of labels set as one block
    for position in positions:
        runs.append([position])
        while len(runs) > 1 and _start(runs[-2], gap) + len(runs[-2]) * gap > _start(
                runs[-1], gap):
            runs[-2:] = [runs[-2] + runs[-1]]
    return [_start(run, gap) + i * gap for run in runs for i in range(len(run))]


def _start(run: list[float], gap: float) -> float:
    """Where a block of labels starts when centred on the mean of its points."""
    return sum(run) / len(run) - (len(run) - 1) * gap / 2


def seat_chart(seats: list[Seats]) -> str:
    """Wins by place in the order of play, one panel per player count, a group per line-up."""
    counts = sorted({s.players for s in seats})
    lineups = list(dict.fromkeys(s.agents for s in seats))
    palette = [INK, CHANCE, MARK, "#7a9a3a", MUTED]
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(WIDTH, 2.4), layout="constrained")
        axes = figure.subplots(1, len(counts), sharey=True, squeeze=False)[0]
        for axis, players in zip(axes, counts, strict=True):
            for k, lineup in enumerate(lineups):
                row = next((s for s in seats if s.players == players and s.agents == lineup), None)
                if row is None:
                    continue
                shift = (k - (len(lineups) - 1) / 2) * 0.18
                at = [place + 1 + shift for place in range(players)]
                colour = palette[k % len(palette)]
                _errorbars(axis, list(row.places), at, [colour] * players, horizontal=False)
                axis.plot([0.6, players + 0.4], [row.fair] * 2, color=colour, linewidth=0.6,
                          linestyle=":")
            axis.set_title(f"{players} players", fontsize=8, loc="left")
            axis.set_xticks(range(1, players + 1))
            axis.set_xlabel("place in the order of play")
        axes[0].set_ylabel("games won")
        axes[0].yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        handles = [Line2D([], [], color=palette[k % len(palette)], marker="o",
                                           markersize=3) for k in range(len(lineups))]
        figure.legend(handles, lineups, loc="outside lower center", ncols=len(lineups),
                      frameon=False)
    return svg(figure)


def length_chart(lengths: list[Lengths], moves: str) -> str:
    """How many moves a round took: a box per line-up and player count."""
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(WIDTH, 2.3), layout="constrained")
        axis = figure.subplots()
        data = [list(row.round_moves) or [0] for row in lengths]
        axis.boxplot(data, whis=(5, 95), showfliers=False, widths=0.55,
                     medianprops={"color": MARK}, boxprops={"color": INK},
                     whiskerprops={"color": INK}, capprops={"color": INK})
        axis.set_xticks(range(1, len(lengths) + 1),
                        [f"{row.players}p\n{row.agents}" for row in lengths], fontsize=6.5)
        axis.set_ylabel(moves)
    return svg(figure)
