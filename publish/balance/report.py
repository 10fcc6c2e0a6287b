"""build/<game>/balance/: the study's report as HTML and PDF, its charts and its CSV.

The report is ``templates/_common/balance.html.j2`` (a game's own templates
folder may replace it), laid out by WeasyPrint through the project-only
fetcher.  Its words for rounds, moves and card events are the engine's
(:class:`publish.engines.protocol.Recording`): this module knows no game.  Every file
is written atomically; the charts first, since the PDF reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.balance import charts
from publish.balance.distribute import Played
from publish.balance.faces import MAKES_FACES, face_paths
from publish.balance.figures import (
    CardFigures,
    Outlier,
    Seats,
    Share,
    by_lineup,
    card_figures,
    lengths,
    outliers,
    ranking,
    seats,
    spearman,
)
from publish.balance.importance import Importance
from publish.balance.patch import Variant
from publish.balance.sections import sections, share_view, titles
from publish.balance.study import Study
from publish.balance.tables import cards_csv, figures_csv, games_csv
from publish.core.atomic import write_atomic
from publish.engines.protocol import Recording
from publish.model.game import Game, game_files
from publish.render.env import environment
from publish.render.pdf import render, write_pdf

FOLDER = "balance"
TEMPLATE = "balance.html.j2"


@dataclass(frozen=True)
class Written:
    """What a study wrote, relative to the project."""

    folder: Path
    files: list[Path]
    outliers: int
    faces_missing: int
    moved: list[tuple[str, int]] = field(default_factory=list)
    undealt: list[str] = field(default_factory=list)
    """The game's cards that no table of the study dealt (none could hold them)."""
    """Each what-if variant's name and how many of its figures moved beyond chance."""


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"






UNEVEN = 0.01
"""A p-value below this marks a spread of wins as uneven in the report."""


def p_view(p: float | None) -> dict[str, Any]:
    """A p-value as the report prints it, and whether it marks the spread uneven."""
    if p is None:
        return {"text": "–", "uneven": False}
    return {"text": "< 0.001" if p < 0.001 else f"{p:.3f}", "uneven": p < UNEVEN}


def seats_view(s: Seats) -> dict[str, Any]:
    """One line-up and player count: wins by place and by seat number, each with its test;
    in a row the test finds uneven, the shares whose interval misses the even share stand
    out, so the report points at the place or seat, not only at the row."""
    def row(shares: tuple[Share, ...], p: float | None) -> tuple[list[dict], dict]:
        test = p_view(p)
        views = []
        for share in shares:
            low, high = share.interval
            views.append({**share_view(share),
                          "apart": test["uneven"] and not low <= s.fair <= high})
        return views, test

    places, places_even = row(s.places, s.places_even)
    numbers, numbers_even = row(s.numbers, s.numbers_even)
    return {"agents": s.agents, "players": s.players, "games": s.games, "fair": pct(s.fair),
            "places": places, "places_even": places_even,
            "numbers": numbers, "numbers_even": numbers_even}




def write_report(project: Path, game: Game, study: Study, played: Played,
                 recording: Recording, engine: str,
                 variants: Sequence[Variant] = (),
                 importance: Sequence[Importance] | None = None) -> Written:
    """Every file of the study's folder; the PDF last.  ``variants``: the what-if variants
    played (``played.variants`` their counts), each compared with the game as it is;
    ``importance``: the cards taken out in turn, ranked."""
    folder = project / "build" / game.id / FOLDER
    cells = study.cells()
    names = {card.number: card.name for card in game.cards}
    grouped = {lineup: card_figures(counts, recording.held,
                                    [k for k, _ in recording.outcomes])
               for lineup, counts in by_lineup(cells, played.tally.cards).items()}
    found = {lineup: outliers(figures) for lineup, figures in grouped.items()}
    faces = face_paths(project, game, sorted({o.card for group in found.values() for o in group}))
    files = {
        "games.csv": games_csv(cells, played.tally),
        "cards.csv": cards_csv(cells, played.tally, recording, names),
        "figures.csv": figures_csv(grouped, recording, names),
        **_charts(project, study, played, recording, grouped, found, names),
    }
    extra = sections(project, game, study, played, recording, engine, variants, importance,
                     names)
    files.update(extra.files)
    written = []
    for name, text in files.items():
        write_atomic(folder / name, text)
        written.append((folder / name).relative_to(project))
    context = _context(game, study, played, recording, engine, grouped, found, faces, names)
    context["files"] = [p.as_posix() for p in written]
    context.update(extra.context)
    env = environment(project, game.id)
    base = "../" * len(folder.relative_to(project).parts)
    write_atomic(folder / "report.html", env.get_template(TEMPLATE).render(base=base, **context))
    document = render(env.get_template(TEMPLATE).render(base="", **context), project,
                      "balance report", [*game_files(game), project / "build" / game.id])
    write_atomic(folder / "report.pdf", write_pdf(document, "balance report"))
    written += [(folder / n).relative_to(project) for n in ("report.html", "report.pdf")]
    missing = {o.card for group in found.values() for o in group} - set(faces)
    return Written(folder.relative_to(project), written,
                   sum(len(group) for group in found.values()), len(missing),
                   extra.moved, extra.undealt)


def _label(card: str, names: dict[str, str]) -> str:
    name = names.get(card, "")
    return f"{card} {name[:26]}…" if len(name) > 27 else f"{card} {name}".strip()


def _charts(project: Path, study: Study, played: Played, recording: Recording,
            grouped: dict[str, list[CardFigures]], found: dict[str, list[Outlier]],
            names: dict[str, str]) -> dict[str, str]:
    """charts/*.svg: a forest of card figures per line-up, the ranking, seats, lengths."""
    charts.use_fonts(project / "fonts")
    labels = {card: _label(card, names) for card in names}
    out: dict[str, str] = {}
    for number, (lineup, figures) in enumerate(grouped.items(), start=1):
        marked = {(o.card, o.figure) for o in found[lineup]}
        out[f"charts/cards-{number}.svg"] = charts.card_chart(
            figures, titles(recording), labels, marked)
    ranks = {lineup: ranking(figures) for lineup, figures in grouped.items()}
    if len(ranks) > 1:
        named = {o.card for group in found.values() for o in group if o.figure == len(
            titles(recording)) - 1} | set(_movers(ranks)[:6])
        out["charts/ranking.svg"] = charts.ranking_chart(ranks, labels, named)
    cells = study.cells()
    out["charts/seats.svg"] = charts.seat_chart(seats(cells, played.tally.games))
    out["charts/lengths.svg"] = charts.length_chart(lengths(cells, played.tally.games),
                                                    f"{recording.move[1]} per "
                                                    f"{recording.round[0]}")
    return out


def _movers(ranks: dict[str, dict[str, int]]) -> list[str]:
    """Cards whose place changes most between line-ups, the biggest change first."""
    cards = sorted({c for r in ranks.values() for c in r})

    def swing(card: str) -> int:
        places = [r[card] for r in ranks.values() if card in r]
        return max(places) - min(places) if places else 0

    return sorted(cards, key=lambda c: (-swing(c), c))


def _context(game: Game, study: Study, played: Played, recording: Recording, engine: str,
             grouped: dict[str, list[CardFigures]], found: dict[str, list[Outlier]],
             faces: dict[str, Path], names: dict[str, str]) -> dict[str, Any]:
    cells = study.cells()
    heads = titles(recording)
    return {
        "title": f"Balance study: {game.config.name}",
        "engine": engine,
        "words": {"round": recording.round, "move": recording.move, "figures": heads},
        "study": _study_view(study, played),
        "outliers": _outlier_view(found, heads, faces, names),
        "makes_faces": MAKES_FACES,
        "uneven": UNEVEN,
        "ranking": _ranking_view(grouped, names),
        "seats": [seats_view(s) for s in seats(cells, played.tally.games)],
        "lengths": [{"agents": r.agents, "players": r.players, "games": r.games,
                     "rounds": f"{r.rounds:.2f}", "moves": f"{r.moves:.1f}",
                     "no_winner": share_view(r.no_winner),
                     "rounds_no_winner": share_view(r.rounds_no_winner), "stopped": r.stopped}
                    for r in lengths(cells, played.tally.games)],
        "cards": [{"agents": lineup, "chart": f"charts/cards-{n}.svg",
                   "rows": [_card_row(f, names, found[lineup]) for f in figures]}
                  for n, (lineup, figures) in enumerate(grouped.items(), start=1)],
        "folder": f"build/{game.id}/{FOLDER}",
    }


def _study_view(study: Study, played: Played) -> dict[str, Any]:
    cells = study.cells()
    games = played.tally.games
    cost: dict[str, list[float]] = {}
    for number, seconds in sorted(played.tally.seconds.items()):
        cost.setdefault(cells[number].agents, [0.0, 0])
        cost[cells[number].agents][0] += seconds
        cost[cells[number].agents][1] += study.games_per_cell
    return {
        "games": len(games), "cells": len(cells), "per_cell": study.games_per_cell,
        "moves": sum(g.moves for g in games), "seed": study.seed, "chunk": study.chunk,
        "players": ", ".join(str(n) for n in study.players),
        "modes": ", ".join(study.modes), "decks": "; ".join("+".join(d) for d in study.decks),
        "tables": "; ".join(f"{mode} with {'+'.join(decks)}" for mode, decks in study.pairs())
        if study.tables else "",
        "lineups": ", ".join("+".join(line) for line in study.lineups),
        "wall": f"{played.wall:.1f}", "where": played.where,
        "cost": [{"agents": a, "ms": f"{1000 * s / max(1, n):.1f}"} for a, (s, n) in cost.items()],
    }


def _outlier_view(found: dict[str, list[Outlier]], heads: list[str], faces: dict[str, Path],
                  names: dict[str, str]) -> list[dict[str, Any]]:
    """One entry per card, each figure on which it stands apart under each line-up; the cards
    whose holders' win rate stands apart first, then those that stand apart most often."""
    cards: dict[str, dict[str, Any]] = {}
    won = len(heads) - 1
    for lineup, group in found.items():
        for o in group:
            entry = cards.setdefault(o.card, {
                "card": o.card, "name": names.get(o.card, ""), "won": False,
                "face": faces[o.card].as_posix() if o.card in faces else None, "figures": []})
            entry["won"] = entry["won"] or o.figure == won
            entry["figures"].append({"agents": lineup, "label": heads[o.figure],
                                     "card": share_view(o.share),
                                     "rest": {"median": pct(o.rest.median),
                                              "fences": f"{100 * o.rest.low:.1f}–"
                                                        f"{100 * o.rest.high:.1f}"},
                                     "direction": "above" if o.direction > 0 else "below"})
    return sorted(cards.values(), key=lambda e: (not e["won"], -len(e["figures"]), e["card"]))


def _card_row(f: CardFigures, names: dict[str, str], found: list[Outlier]) -> dict[str, Any]:
    marked = {o.figure for o in found if o.card == f.card}
    return {"card": f.card, "name": names.get(f.card, ""),
            "shares": [dict(share_view(s), outlier=i in marked)
                       for i, s in enumerate(f.shares())],
            "chance": pct(f.expected)}


def _ranking_view(grouped: dict[str, list[CardFigures]], names: dict[str, str]
                  ) -> dict[str, Any]:
    ranks = {lineup: ranking(figures) for lineup, figures in grouped.items()}
    lineups = list(ranks)
    pairs = [{"a": a, "b": b, "rho": None if (r := spearman(ranks[a], ranks[b])) is None
              else f"{r:+.2f}"}
             for i, a in enumerate(lineups) for b in lineups[i + 1:]]
    rates = {lineup: {f.card: f.won for f in figures} for lineup, figures in grouped.items()}
    movers = [{"card": c, "name": names.get(c, ""),
               "places": [{"place": ranks[lu].get(c, "–"),
                           "won": pct(rates[lu][c].rate) if c in rates[lu] else "–"}
                          for lu in lineups]}
              for c in _movers(ranks)[:12]] if len(lineups) > 1 else []
    return {"lineups": lineups, "pairs": pairs, "movers": movers,
            "chart": "charts/ranking.svg" if len(lineups) > 1 else None}

