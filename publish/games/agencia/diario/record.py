"""The diário of a game the engine played, built from the engine's log.

The engine appends plain tuples as things happen (``("draw", seat, n)``,
``("crisis_begin", causer)`` ...).  This module nests them the way the
compendium writes a game: a structure event holds what the structure did,
a crisis or revolt inside it; a standing card's reaction is nested where it
happened, or follows as its own structure event after a crisis or revolt;
a natural card is a CN event after the structure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from publish.games.agencia.diario import syntax as sx

NAMES = ("Ana", "Bia", "Caio", "Davi", "Eva", "Fábio")
# positions around the table, clockwise from the player who starts (CNA 3.10-3.12)
CLOCKWISE = {3: ("S", "NO", "NE"), 4: ("S", "O", "N", "L"), 5: ("S", "SO", "NO", "NE", "SE"),
             6: ("S", "SO", "NO", "N", "NE", "SE")}


def seat_names(players: int) -> tuple[str, ...]:
    return NAMES[:players]


@dataclass
class _Frame:
    """An event being built: a structure, a reaction, a natural card, a crisis or a revolt."""

    kind: str
    owner: int | None = None
    card: str = ""
    items: list = field(default_factory=list)
    closed: bool = False  # a structure event after its crisis or revolt
    passed: list = field(default_factory=list)
    change: sx.Change | None = None
    supporter: str | None = None

    def build(self) -> Any:
        items = tuple(i.build() if isinstance(i, _Frame) else i for i in self.items)
        if self.kind == "natural":
            return sx.Natural(self.card, items)
        return sx.Structure(self.card, items)


class _Recorder:
    def __init__(self, names: tuple[str, ...]):
        self.names = names
        self.players = len(names)
        self.events: list = []  # events and frames, in order
        self.stack: list[_Frame] = []
        self.jogada = 0
        self.pending: sx.Approval | None = None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def top(self) -> _Frame | None:
        return self.stack[-1] if self.stack else None

    def opened(self) -> _Frame:
        """The frame the entry at hand belongs to: the engine logs a crisis's passes and
        end, a revolt's end and a waiver only inside the crisis or revolt it opened."""
        frame = self.top()
        assert frame is not None, "the engine's log closes a crisis or revolt never opened"
        return frame

    def add(self, item: Any) -> None:
        frame = self.top()
        if frame is not None:
            frame.items.append(item)

    def close_all(self) -> None:
        self.stack.clear()

    # ------------------------------------------------------------ entries
    def part(self, number: int, first: int, flow: int, structures: tuple) -> None:
        self.close_all()
        self.jogada = 0
        n = self.players
        seats = []
        for k in range(n):
            q = (first + k * flow) % n
            seats.append(sx.Seat(self.name(q), CLOCKWISE[n][(q - first) % n], structures[q]))
        self.events.append(sx.Part(number, tuple(seats)))

    def campo(self, rows: tuple, cols: tuple) -> None:
        self.close_all()
        # left to right, as the field is drawn: the order never depends on seat numbers
        order = sorted(range(self.players), key=lambda q: (cols[q], rows[q]))
        squares = tuple(sx.Position(self.name(q), rows[q], cols[q]) for q in order)
        self.events.append(sx.Campo(squares))

    def start_jogada(self, p: int, card: str, count: int) -> None:
        self.close_all()
        self.jogada += 1
        self.events.append(sx.Jogada(self.jogada, self.name(p), count, 0))
        frame = _Frame("structure", p, card)
        self.events.append(frame)
        self.stack.append(frame)

    def change(self, p: int, old: str, new: str, done: bool) -> None:
        frame = self.top()
        if frame is not None and frame.kind in ("crisis", "revolt"):
            if done or frame.kind == "revolt":
                frame.change = sx.Change(self.name(p), new, old)
            return
        owner = frame.owner if frame is not None else None
        self.add(sx.Change(None if p == owner else self.name(p), new, old))
        if not done:
            self.add(sx.Vetoed())

    def trigger(self, seat: int, card: str) -> None:
        top = self.top()
        frame = _Frame("structure", seat, card)
        if top is None or top.closed or top.kind in ("crisis", "revolt"):
            self.events.append(frame)
        else:
            top.items.append(frame)
        self.stack.append(frame)

    def trigger_end(self) -> None:
        self.stack.pop()

    def end_crisis_or_revolt(self, item: Any) -> None:
        self.stack.pop()
        while self.stack and self.stack[-1].kind != "structure":
            self.stack.pop()
        if self.stack:
            self.stack[-1].items.append(item)
            self.stack[-1].closed = True

    def feed(self, entry: tuple) -> None:
        """One entry of the engine's log (field moves are shown by the positions they make)."""
        kind = entry[0]
        if self.pending is not None and kind != "natural_begin":
            self.add(self.pending)  # an approval goes with what it let pass
            self.pending = None
        added = _ADDED.get(kind)
        if added is not None:
            self.add(added(self.name, entry))
            return
        handled = _HANDLED.get(kind)
        if handled is not None:
            handled(self, entry)

    def position(self, entry: tuple) -> None:
        if self.stack:
            self.add(sx.Position(self.name(entry[1]), entry[2], entry[3]))

    def crisis(self, entry: tuple) -> None:
        frame = self.opened()
        self.end_crisis_or_revolt(sx.Crisis(frame.change, tuple(frame.passed)))

    def approve(self, entry: tuple) -> None:
        frame = self.top()
        if frame is not None and frame.kind == "revolt":
            frame.supporter = self.name(entry[1])
        else:
            self.pending = sx.Approval(self.name(entry[1]))

    def revolt(self, entry: tuple) -> None:
        frame = self.opened()
        outcome: sx.Approval | sx.Vetoed
        if entry[2]:  # made: an opponent approved it or a card waived that (``set_supporter``)
            assert frame.supporter is not None, "the engine made a revolt nobody supported"
            outcome = sx.Approval(frame.supporter)
        else:
            outcome = sx.Vetoed()
        change = frame.change or sx.Change(self.name(entry[1]), "000", "000")
        self.end_crisis_or_revolt(sx.Revolt(change, outcome))

    def natural_begin(self, entry: tuple) -> None:
        self.close_all()
        frame = _Frame("natural", entry[1], entry[2])
        if self.pending is not None:
            frame.items.append(self.pending)
            self.pending = None
        self.events.append(frame)
        self.stack.append(frame)

    def hegemony(self, entry: tuple) -> None:
        self.close_all()
        self.events.append(sx.Hegemony(self.name(entry[2]), entry[1]))

    def end_partida(self, entry: tuple) -> None:
        self.close_all()
        if entry[1]:
            self.events.append(sx.Victory(tuple(self.name(q) for q in entry[1])))

    def set_supporter(self, entry: tuple) -> None:
        self.opened().supporter = entry[1]

    def build(self) -> tuple:
        return tuple(e.build() if isinstance(e, _Frame) else e for e in self.events)


_ADDED: dict[str, Callable[[Callable[[int], str], tuple], Any]] = {
    "draw": lambda name, e: sx.Draw(name(e[1]), e[2]),
    "discard": lambda name, e: sx.Discard(name(e[1]), e[2]),
    "give": lambda name, e: sx.Give(name(e[1]), e[3], name(e[2])),
    "exchange": lambda name, e: sx.Exchange(name(e[1]), e[3], name(e[2])),
    "swap_hands": lambda name, e: sx.SwapHands(name(e[1]), name(e[2])),
    "swap_structures": lambda name, e: sx.SwapCards(e[1], e[2]),
    "flow": lambda name, e: sx.Flow(),
    "alliance": lambda name, e: sx.Alliance(name(e[1]), name(e[2])),
    "vetoed": lambda name, e: sx.Vetoed(),
}
"""Engine log entries that are one consequence of what is under way."""

_HANDLED: dict[str, Callable[[_Recorder, tuple], None]] = {
    "part": lambda r, e: r.part(*e[1:]),
    "campo": lambda r, e: r.campo(*e[1:]),
    "jogada": lambda r, e: r.start_jogada(*e[1:]),
    "position": _Recorder.position,
    "change": lambda r, e: r.change(e[1], e[3], e[4], True),
    "proposal": lambda r, e: r.change(e[1], e[3], e[4], False),
    "trigger": lambda r, e: r.trigger(e[1], e[2]),
    "trigger_end": lambda r, e: r.trigger_end(),
    "crisis_begin": lambda r, e: r.stack.append(_Frame("crisis")),
    "pass": lambda r, e: r.opened().passed.append(r.name(e[1])),
    "crisis": _Recorder.crisis,
    "revolt_begin": lambda r, e: r.stack.append(_Frame("revolt")),
    "approve": _Recorder.approve,
    "waived": _Recorder.set_supporter,
    "revolt": _Recorder.revolt,
    "natural_begin": _Recorder.natural_begin,
    "natural": lambda r, e: r.close_all(),
    "turn_end": lambda r, e: r.close_all(),
    "hegemony": _Recorder.hegemony,
    "end_partida": _Recorder.end_partida,
}
"""Engine log entries that open, close or shape the events."""


def events_of(entries: list[tuple], names: tuple[str, ...], jogadas_before: int = 0) -> tuple:
    """The diário events that a slice of the engine's log stands for.

    ``names``: the players' names by seat; ``jogadas_before``: jogadas of the
    partida played before the slice starts.
    """
    recorder = _Recorder(names)
    recorder.jogada = jogadas_before
    for entry in entries:
        recorder.feed(entry)
    return recorder.build()


def log_of(engine: Any, path: str = "") -> sx.Log:
    """The diário of everything the engine has played so far."""
    return sx.Log(events_of(engine.log, seat_names(engine.state.players)), path)
