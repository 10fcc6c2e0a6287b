"""The rules of Agência, edition 2.180423, as a deterministic engine.

Each concern of the rules has its own module, a part of the engine; the engine is
their sum.  Every decision goes to the seat's agent; every shuffle and choice draws on
the state's seeded generator.

The parts are classes over ``base.EngineBase`` (the state), joined here into one
object, and they reach each other only through ``host.Host``: the state and the
methods one part may call on another, declared once, with their signatures.  A type
checker holds every part to it (``EngineBase`` subclasses ``Host``, so a call outside
it, or an implementation that differs from its declaration, is an error) and holds
``Engine`` to implementing all of it (else making one is an error);
``tests/games/agencia/test_host.py`` holds the same in the test suite.

Why one object rather than parts composed over a state object, each holding the parts
it calls (OpenSpiel's way): a jogada is about 95,000 instructions of plain Python, and
in CPython a call between parts or a read of the state through another object costs
one more attribute look-up each time, on every one of the thousands a simulation
makes.  Parts that are methods of one object call each other as ``self.method()`` and
read ``self.state`` directly, as before; ``Host`` costs nothing at run time (its
declarations sit below every part in the method order and are never reached).
"""

from __future__ import annotations

from publish.games.agencia.base import MAX_JOGADAS, MAX_PARTIDAS, Invariant
from publish.games.agencia.crisis import Crises
from publish.games.agencia.field import FieldPlay
from publish.games.agencia.hegemony import Hegemony
from publish.games.agencia.host import Context, Host, Stats
from publish.games.agencia.naturals import Naturals
from publish.games.agencia.revolt import Revolts
from publish.games.agencia.structures import Structures
from publish.games.agencia.triggers import Triggers
from publish.games.agencia.turn import Turns

__all__ = ["MAX_JOGADAS", "MAX_PARTIDAS", "Context", "Engine", "Host", "Invariant", "Stats"]


class Engine(Turns, Naturals, Revolts, Crises, Structures, FieldPlay, Hegemony, Triggers):
    """One game of Agência between agents."""
