"""The diário of a game the engine played, built from the engine's log.

The engine appends plain tuples as things happen (``("draw", seat, n)``,
``("crisis_begin", causer)`` ...).  This module nests them the way the
compendium writes a game: a structure event holds what the structure did,
a crisis or revolt inside it; a standing card's reaction is nested where it
happened, or follows as its own structure event after a crisis or revolt;
a natural card is a CN event after the structure.
"""

from __future__ import annotations

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
        kind = entry[0]
        name = self.name
        if self.pending is not None and kind != "natural_begin":
            self.add(self.pending)  # an approval goes with what it let pass
            self.pending = None
        if kind == "part":
            self.part(*entry[1:])
        elif kind == "campo":
            self.campo(*entry[1:])
        elif kind == "jogada":
            self.start_jogada(*entry[1:])
        elif kind == "draw":
            self.add(sx.Draw(name(entry[1]), entry[2]))
        elif kind == "discard":
            self.add(sx.Discard(name(entry[1]), entry[2]))
        elif kind == "give":
            self.add(sx.Give(name(entry[1]), entry[3], name(entry[2])))
        elif kind == "exchange":
            self.add(sx.Exchange(name(entry[1]), entry[3], name(entry[2])))
        elif kind == "swap_hands":
            self.add(sx.SwapHands(name(entry[1]), name(entry[2])))
        elif kind == "swap_structures":
            self.add(sx.SwapCards(entry[1], entry[2]))
        elif kind == "flow":
            self.add(sx.Flow())
        elif kind == "alliance":
            self.add(sx.Alliance(name(entry[1]), name(entry[2])))
        elif kind == "position":
            if self.stack:
                self.add(sx.Position(name(entry[1]), entry[2], entry[3]))
        elif kind == "vetoed":
            self.add(sx.Vetoed())
        elif kind == "change":
            self.change(entry[1], entry[3], entry[4], True)
        elif kind == "proposal":
            self.change(entry[1], entry[3], entry[4], False)
        elif kind == "trigger":
            self.trigger(entry[1], entry[2])
        elif kind == "trigger_end":
            self.trigger_end()
        elif kind == "crisis_begin":
            self.stack.append(_Frame("crisis"))
        elif kind == "pass":
            self.top().passed.append(name(entry[1]))
        elif kind == "crisis":
            frame = self.top()
            self.end_crisis_or_revolt(sx.Crisis(frame.change, tuple(frame.passed)))
        elif kind == "revolt_begin":
            self.stack.append(_Frame("revolt"))
        elif kind == "approve":
            if self.top() is not None and self.top().kind == "revolt":
                self.top().supporter = name(entry[1])
            else:
                self.pending = sx.Approval(name(entry[1]))
        elif kind == "waived":
            self.top().supporter = entry[1]
        elif kind == "revolt":
            frame = self.top()
            outcome = sx.Approval(frame.supporter) if entry[2] else sx.Vetoed()
            change = frame.change or sx.Change(name(entry[1]), "000", "000")
            self.end_crisis_or_revolt(sx.Revolt(change, outcome))
        elif kind == "natural_begin":
            self.close_all()
            frame = _Frame("natural", entry[1], entry[2])
            if self.pending is not None:
                frame.items.append(self.pending)
                self.pending = None
            self.events.append(frame)
            self.stack.append(frame)
        elif kind in ("natural", "turn_end"):
            self.close_all()
        elif kind == "hegemony":
            self.close_all()
            self.events.append(sx.Hegemony(name(entry[2]), entry[1]))
        elif kind == "end_partida":
            self.close_all()
            if entry[1]:
                self.events.append(sx.Victory(tuple(name(q) for q in entry[1])))
        # field_move is shown by the positions it produces

    def build(self) -> tuple:
        return tuple(e.build() if isinstance(e, _Frame) else e for e in self.events)


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
