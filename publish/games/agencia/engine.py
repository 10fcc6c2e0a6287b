"""The rules of Agência, edition 2.180423, as a deterministic engine.

Each concern of the rules has its own module; the engine is their sum.
Every decision goes to the seat's agent; every shuffle and choice draws on
the state's seeded generator.
"""

from __future__ import annotations

from publish.games.agencia.base import MAX_JOGADAS, MAX_PARTIDAS, Context, Invariant, Stats
from publish.games.agencia.crisis import Crises
from publish.games.agencia.field import FieldPlay
from publish.games.agencia.hegemony import Hegemony
from publish.games.agencia.naturals import Naturals
from publish.games.agencia.revolt import Revolts
from publish.games.agencia.structures import Structures
from publish.games.agencia.triggers import Triggers
from publish.games.agencia.turn import Turns

__all__ = ["MAX_JOGADAS", "MAX_PARTIDAS", "Context", "Engine", "Invariant", "Stats"]


class Engine(Turns, Naturals, Revolts, Crises, Structures, FieldPlay, Hegemony, Triggers):
    """One game of Agência between agents."""
