"""What the report and variants.csv say of each what-if variant: every figure's baseline,
variant, difference, interval and test (publish.balance.compare), and on the variant's
page the figures that moved beyond chance."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from publish.balance.compare import ALL, Difference, compare
from publish.balance.patch import Variant
from publish.balance.study import Cell
from publish.balance.tables import _csv
from publish.balance.tally import Tally
from publish.engines.protocol import Recording


@dataclass(frozen=True)
class Compared:
    """One variant and its figures against the baseline."""

    variant: Variant
    differences: list[Difference]

    @property
    def moved(self) -> list[Difference]:
        return [d for d in self.differences if d.moved]


def compared(cells: list[Cell], base: Tally, variants: Sequence[Variant],
             tallies: Sequence[Tally], recording: Recording,
             titles: list[str]) -> list[Compared]:
    return [Compared(v, compare(cells, base, t, recording, titles))
            for v, t in zip(variants, tallies, strict=True)]


def _number(value: float) -> str:
    return f"{value:.6f}"


def variants_csv(found: Sequence[Compared], names: dict[str, str]) -> str:
    """variants.csv: one row per variant and figure (players 0: every count of the line-up)."""
    header = ["variant", "agents", "players", "card", "name", "figure", "baseline", "variant_value",
              "difference", "low", "high", "p", "p_holm", "moved", "baseline_n", "variant_n"]
    return _csv(header, ([c.variant.name, d.agents, d.players, d.card, names.get(d.card, ""),
                          d.figure, _number(d.baseline), _number(d.variant),
                          _number(d.difference), _number(d.low), _number(d.high),
                          _number(d.p), _number(d.adjusted), int(d.moved), *d.trials]
                         for c in found for d in c.differences))


def _is_share(d: Difference) -> bool:
    return bool(d.card) or d.figure.startswith("games ")


def _value(d: Difference, value: float) -> str:
    return f"{100 * value:.1f}%" if _is_share(d) else f"{value:.2f}"


def _change(d: Difference) -> dict[str, Any]:
    scale, unit = (100, " pt") if _is_share(d) else (1, "")
    p = "< 0.001" if d.p < 0.001 else f"{d.p:.3f}"
    return {"agents": d.agents, "players": "all" if d.players == ALL else d.players,
            "card": d.card, "figure": d.figure, "baseline": _value(d, d.baseline),
            "variant": _value(d, d.variant),
            "difference": f"{scale * d.difference:+.1f}{unit}" if _is_share(d)
            else f"{d.difference:+.2f}",
            "interval": f"{scale * d.low:+.1f} to {scale * d.high:+.1f}" if _is_share(d)
            else f"{d.low:+.2f} to {d.high:+.2f}",
            "p": p, "moved": d.moved, "n": d.trials}


def variant_view(c: Compared, names: dict[str, str]) -> dict[str, Any]:
    """A variant's page: what it changes, the game figures, the touched cards' figures, and
    every figure that moved beyond chance."""
    v = c.variant
    touched = set(v.touched)
    return {
        "name": v.name, "source": v.source,
        "changed": [f"{n} {names.get(n, '')}".strip() for n in v.changed],
        "removed": [f"{n} {names.get(n, '')}".strip() for n in v.removed],
        "added": [f"{n} {card.name}" for n in v.added
                  for card in v.game.cards if card.number == n],
        "games": [_change(d) for d in c.differences if not d.card],
        "cards": [dict(_change(d), name=names.get(d.card, "")) for d in c.differences
                  if d.card in touched],
        "moved": [dict(_change(d), name=names.get(d.card, "")) for d in
                  sorted(c.moved, key=lambda d: (d.adjusted, d.agents, d.card, d.figure))],
        "tests": len(c.differences),
    }
