"""The report's sections beyond the figures of the game as it is: holding a card against
playing it, whether skill shows, each what-if variant, card importance, the cards no table
dealt and the reproducibility block; their files and what the template reads of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.balance.distribute import Played
from publish.balance.figures import HAND_TITLES, HandFigures, Share, by_lineup, hand_figures
from publish.balance.importance import Importance, importance_csv, importance_view
from publish.balance.patch import Variant
from publish.balance.provenance import provenance, provenance_json
from publish.balance.ratings import matchups, ratings, skill_csv, skill_view
from publish.balance.study import Study
from publish.balance.tables import hands_csv
from publish.balance.whatif import compared, variant_view, variants_csv
from publish.engines.protocol import Recording
from publish.model.game import Game


@dataclass
class Sections:
    """The files to write beside the report, the template's further keys, and what the
    command says of them."""

    files: dict[str, str] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)
    moved: list[tuple[str, int]] = field(default_factory=list)
    """Each variant's name and how many of its figures moved beyond chance."""
    undealt: list[str] = field(default_factory=list)


def titles(recording: Recording) -> list[str]:
    """A short name for each of a card's figures, in ``CardFigures.shares()`` order."""
    return [recording.held_label, *(label for _, label in recording.outcomes), "holder won"]


def sections(project: Path, game: Game, study: Study, played: Played, recording: Recording,
             engine: str, variants: Sequence[Variant], importance: Sequence[Importance] | None,
             names: dict[str, str]) -> Sections:
    """Every further section, from the study's counts and its variants' and removals'."""
    cells = study.cells()
    names = {**{card.number: card.name for v in variants for card in v.game.cards}, **names}
    out = Sections()
    whatifs = compared(cells, played.tally, variants, played.variants, recording,
                       titles(recording))
    hands = {lineup: hand_figures(counts) for lineup, counts in
             by_lineup(cells, played.tally.cards).items()} if recording.hands else {}
    if hands:
        out.files["hands.csv"] = hands_csv(hands, names)
    rated, met = ratings(study, played.tally.games), matchups(study, played.tally.games)
    if rated or met:
        out.files["ratings.csv"] = skill_csv(rated, met)
    made = provenance(project, game, study, engine, list(variants))
    out.files["provenance.json"] = provenance_json(made)
    if whatifs:
        out.files["variants.csv"] = variants_csv(whatifs, names)
    if importance is not None:
        out.files["importance.csv"] = importance_csv(importance, names)
    dealt = {card for (_, card), counts in played.tally.cards.items() if counts.in_pool}
    out.undealt = [card.number for card in sorted(game.cards, key=lambda c: c.number)
                   if card.number not in dealt]
    out.moved = [(c.variant.name, len(c.moved)) for c in whatifs]
    out.context = {
        "undealt": [f"{n} {names.get(n, '')}".strip() for n in out.undealt],
        "cards_in_game": len(game.cards),
        "variants": [variant_view(c, names) for c in whatifs],
        "provenance": made,
        "skill": skill_view(rated, met) if rated or met else None,
        "hands": [hands_view(lineup, group, names) for lineup, group in hands.items()],
        "importance": None if importance is None else importance_view(importance, names),
    }
    return out


def share_view(share: Share) -> dict[str, Any]:
    low, high = share.interval
    return {"rate": f"{100 * share.rate:.1f}%", "interval": f"{100 * low:.1f}–{100 * high:.1f}",
            "trials": share.trials}


HAND_ROWS = 8
"""Cards shown at each end of a line-up's ranking by improvement when drawn (the rest: CSV)."""


def hands_view(lineup: str, figures: list[HandFigures], names: dict[str, str]
               ) -> dict[str, Any]:
    """A line-up's cards that gain most and least when drawn, with every figure of hands."""
    ranked = sorted((f for f in figures if f.in_hand.trials and f.unseen.trials),
                    key=lambda f: (-f.improvement[0], f.card))

    def row(f: HandFigures) -> dict[str, Any]:
        d, low, high = f.improvement
        return {"card": f.card, "name": names.get(f.card, ""),
                "shares": [share_view(s) for s in f.shares()],
                "improvement": f"{100 * d:+.1f}", "interval": f"{100 * low:+.1f} to "
                f"{100 * high:+.1f}", "apart": low > 0 or high < 0}

    top = ranked[:HAND_ROWS]
    bottom = [f for f in ranked[-HAND_ROWS:] if f not in top]
    return {"agents": lineup, "titles": list(HAND_TITLES), "top": [row(f) for f in top],
            "bottom": [row(f) for f in bottom], "cards": len(ranked)}
