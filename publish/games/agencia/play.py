"""One game of Agência from a table and a seed: the one way every command plays it.

`publish balance` and `publish simulate` (through the core's study, ``records``),
the bench and the engine's tests (``simulate``) all make their games here, so a
seed and a table give the same game whichever of them asks.
"""

from __future__ import annotations

from typing import Any

from publish.engines.protocol import GameSpec
from publish.games.agencia.agents import AGENTS
from publish.games.agencia.base import asymmetric_power
from publish.games.agencia.cards import CardInfo
from publish.games.agencia.engine import Engine
from publish.games.agencia.host import Stats


def deck_cards(game: Any, decks: tuple[str, ...]) -> list[str]:
    """Every copy of every card of these decks."""
    known = set(game.config.decks)
    unknown = [d for d in decks if d not in known]
    if unknown:
        raise ValueError(f"unknown deck(s) {', '.join(unknown)}; known: {', '.join(known)}")
    return [card.number for card in game.cards for deck, copies in card.copies.items()
            if deck in decks for _ in range(copies)]


def play_spec(infos: dict[str, CardInfo], deck: list[str], spec: GameSpec,
              stats: Stats | None = None, check: bool = False) -> Engine:
    """Play the game ``spec`` asks for to its end; the engine holds its state, events and
    stats (``stats``: count into these, a run's sum, rather than the game's own);
    ``check``: verify the invariants after every jogada."""
    engine = Engine(infos, deck, [AGENTS[a]() for a in spec.agents], spec.seed,
                    bourdieu=spec.mode == "bourdieu", check=check,
                    asymmetric=asymmetric_power(spec.decks), stats=stats)
    engine.play_game()
    return engine
