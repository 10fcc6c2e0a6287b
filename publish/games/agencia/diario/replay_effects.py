"""The effects level of the replay: does each jogada do what its cards say?

The engine itself replays the log.  Hands hold unknown cards ("?") except
where the log shows a card; the choices a log records (which structure a
player changes, who revolts and who supports, which natural card is used,
a hegemony) are taken from it, and the choices it does not record (which
opponent "um adversário" was, a vote, a sideways move) are searched depth
first until the engine's own diário of the jogada matches the logged one.
When nothing matches, the finding points at the first consequence where
the closest try and the log part ways, naming the card responsible.
"""

from __future__ import annotations

import pickle
from typing import Any

from publish.games.agencia.cards import CardInfo
from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.findings import Finding
from publish.games.agencia.diario.geography import FEWEST, MOST
from publish.games.agencia.diario.oracle import (
    BUDGET,
    PILE,
    UNKNOWN,
    Choices,
    Diverged,
    Guide,
    Oracle,
    ReplayEngine,
)
from publish.games.agencia.diario.record import events_of
from publish.games.agencia.diario.write import consequence, event
from publish.games.agencia.engine import MAX_JOGADAS
from publish.games.agencia.state import Field, Partida


def _flat(items: tuple) -> list[tuple[str, Any, Any]]:
    """(text, node, top-level event) for every event and consequence, depth first."""
    found: list = []

    def walk(node: Any, top: Any) -> None:
        if isinstance(node, sx.Structure | sx.Natural):
            found.append((f"{node.card}(", node, top))
            for item in node.consequences:
                walk(item, top)
            found.append((")", node, top))
        elif isinstance(node, sx.Jogada | sx.Victory | sx.Hegemony | sx.Campo):
            found.append((event(node), node, top))
        else:
            found.append((consequence(node), node, top))

    for item in items:
        walk(item, item)
    return found


def _cards_of(node: Any) -> list[str]:
    """Every card number a logged event or consequence names, nested ones included."""
    if isinstance(node, tuple | list):
        return [c for item in node for c in _cards_of(item)]
    found = [getattr(node, name) for name in ("card", "new", "old", "structure")
             if isinstance(getattr(node, name, None), str)]
    for name in ("cards", "hand", "held"):
        found.extend(getattr(node, name, None) or ())
    if isinstance(node, sx.Approval) and node.by.isdigit():
        found.append(node.by)
    for name in ("consequences", "more", "seats", "change", "outcome"):
        if getattr(node, name, None) is not None:
            found.extend(_cards_of(getattr(node, name)))
    return found


def _followable(unit: list, infos: dict) -> bool:
    """Whether the engine can replay this jogada: all of it read, every card one it knows.

    Anything else is the bookkeeping level's to report; the engine stops following
    the partida there.
    """
    return (not any(isinstance(item, sx.Gap) for item in unit)
            and all(card in infos for card in _cards_of(unit)))


def _same(produced: tuple, logged: tuple) -> bool:
    """Equal jogadas; a CAMPO's squares may be listed in any order."""
    if len(produced) != len(logged):
        return False
    for a, b in zip(produced, logged, strict=True):
        if isinstance(a, sx.Campo) and isinstance(b, sx.Campo):
            if sorted(map(consequence, a.squares)) != sorted(map(consequence, b.squares)):
                return False
        elif a != b:
            return False
    return True


def _agreement(a: list, b: list) -> int:
    """How many flattened items two jogadas share from the start."""
    n = 0
    while n < len(a) and n < len(b) and a[n][0] == b[n][0]:
        n += 1
    return n


class EffectsReplay:
    """Replays a log's partidas in the engine, one jogada at a time."""

    def __init__(self, log: sx.Log, infos: dict[str, CardInfo], deck_size: int | None = None,
                 asymmetric: bool = False):
        self.log = log
        self.deck_size = deck_size
        self.asymmetric = asymmetric
        self.infos = dict(infos)
        self.infos[UNKNOWN] = CardInfo(UNKNOWN, "unknown card", None, None)
        self.findings: list[Finding] = []
        self.engine: ReplayEngine | None = None
        self.names: list[str] = []
        self.current: sx.Jogada | None = None  # the jogada being replayed

    # ------------------------------------------------------------ findings
    def finding(self, at_node: Any, top: Any, declared: str, expected: str, why: str) -> None:
        line, col = getattr(at_node, "at", (0, 0))
        j = self.current
        where = f"J{j.number} ({j.player})" if j is not None else event(top).split("(")[0]
        self.findings.append(Finding(self.log.path, line, col, where, declared, expected, why))

    def card_label(self, card: str) -> str:
        info = self.infos.get(card)
        return f"card {card} ({info.name})" if info else f"card {card}"

    # ------------------------------------------------------------ setup
    def start(self, part: sx.Part, bourdieu: bool) -> bool:
        names = [seat.name for seat in part.seats]
        if self.engine is None and FEWEST <= len(set(names)) == len(names) <= MOST:
            self.names = names  # seats numbered in the order of play of the first partida
            oracle = Oracle(self.names)
            engine = ReplayEngine(self.infos, [], [oracle] * len(names), 0, bourdieu=bourdieu,
                                  asymmetric=self.asymmetric and bourdieu)
            engine.oracle = oracle
            self.engine = engine
        if not FEWEST <= len(names) <= MOST or len(set(names)) != len(names):
            return False  # the bookkeeping level reports the seats
        if sorted(names) != sorted(self.names):
            self.finding(part, part, ", ".join(names), ", ".join(self.names),
                         "a partida of this game has other players")
            return False
        engine = self.playing()  # made above for the first partida with such seats
        s = engine.state
        n = s.players
        seat = {name: i for i, name in enumerate(self.names)}
        s.partida = Partida(number=part.number, discards_at_play=[0] * n)
        s.structures = [""] * n
        for entry in part.seats:
            s.structures[seat[entry.name]] = entry.structure
        if any(c not in self.infos for c in s.structures):
            return False  # the bookkeeping level names the unknown cards
        self.deal()
        s.turn = seat[names[0]]
        if n > 1:
            s.flow = 1 if seat[names[1]] == (s.turn + 1) % n else -1
        s.partida.society_seen.update(s.structures)
        engine.society_changed()
        engine.log.append(("part", part.number, s.turn, s.flow, tuple(s.structures)))
        return True

    def playing(self) -> ReplayEngine:
        """The engine replaying the game, made by ``start`` at the first partida whose
        seats can be played: nothing is replayed, dealt or placed before."""
        engine = self.engine
        assert engine is not None, "the replay asked for its engine before a partida began"
        return engine

    def deal(self) -> None:
        """Unknown cards in every hand, as many as the rules deal; the rest in the pile."""
        engine = self.playing()
        s = engine.state
        s.hands = [[UNKNOWN] * engine.hand_size(q) for q in range(s.players)]
        dealt = sum(map(len, s.hands)) + s.players  # the hands and the structures
        left = PILE if self.deck_size is None else self.deck_size - dealt
        s.pile, s.discard = [UNKNOWN] * left, []

    def place(self, campo: sx.Campo) -> None:
        s = self.playing().state
        n = s.players
        seat = {name: i for i, name in enumerate(self.names)}
        if s.field is None:
            s.field = Field([0] * n, list(range(n)), [0] * n, list(range(n)), [0] * n)
            s.bourdieu = True
        first = s.partida.number == 1
        for square in campo.squares:
            if square.player in seat:
                q = seat[square.player]
                s.field.row[q], s.field.col[q] = square.row, square.col
                if first:
                    s.field.home[q] = square.col

    # ------------------------------------------------------------ jogadas
    def jogada(self, unit: list) -> bool:
        """Replay one logged jogada (with the partida's end if it ends there)."""
        self.current = unit[0]
        engine = self.playing()
        s = engine.state
        oracle = engine.oracle
        oracle.guide = Guide(unit, self.names, s.structures)
        mark = len(engine.log)
        logged_flat = _flat(tuple(unit))
        logged_tokens = [t for t, _, _ in logged_flat if t != ")"]
        plain = not any(isinstance(c, sx.Crisis | sx.Revolt | sx.Vetoed)
                        for c in unit[1].consequences)

        def still_agrees() -> bool:
            if oracle.trying and not plain:
                return True  # a try the log does not show (a crisis or a revolt follows)
            now = events_of(engine.log[mark:], tuple(self.names), unit[0].number - 1)
            tokens = [t for t, _, _ in _flat(now) if t != ")"]
            return tokens == logged_tokens[:len(tokens)]

        oracle.choices = Choices(still_agrees)
        oracle.used = set()
        if self.deck_size is None and len(s.pile) < PILE:
            s.pile[:0] = [UNKNOWN] * (PILE - len(s.pile))  # as many as it takes
        before = pickle.dumps((s, engine.record, engine.extra_jogada), pickle.HIGHEST_PROTOCOL)
        logged = tuple(unit)
        best: tuple[int, tuple] | None = None
        for _ in range(BUDGET):
            engine.state, engine.record, engine.extra_jogada = pickle.loads(before)
            engine.society_changed()
            oracle.used = set()
            del engine.log[mark:]
            try:
                produced = self.play_one(unit[0].number)
            except Diverged:
                produced = events_of(engine.log[mark:], tuple(self.names), unit[0].number - 1)
            else:
                if _same(produced, logged):
                    return True
            score = _agreement(_flat(produced), logged_flat)
            if best is None or score > best[0]:
                best = (score, produced)
            if not oracle.choices.advance():
                break
        self.report(unit, logged_flat, best[1] if best else ())
        return False

    def play_one(self, number: int) -> tuple:
        engine = self.playing()
        s = engine.state
        part = s.partida
        mark = len(engine.log)
        engine.jogada()
        if part.jogadas >= MAX_JOGADAS and not part.ended:
            part.ended = True
        if part.ended or s.game_over:
            engine.end_partida()
        return events_of(engine.log[mark:], tuple(self.names), jogadas_before=number - 1)

    def report(self, unit: list, b: list, produced: tuple) -> None:
        a = _flat(produced)
        n = _agreement(a, b)
        if n < len(b):
            text, node, top = b[n]
        else:
            text, node, top = "nothing more", b[-1][1], b[-1][2]
        expected = a[n][0] if n < len(a) else "nothing more"
        if text == ")":
            text = f"the end of {event(top)}"
        if expected == ")":
            expected = "the end of the event"
        card = self.responsible(b, n)
        why = (f"{self.card_label(card)} gives this in that state" if card
               else "the rules of the jogada give this in that state")
        self.finding(node, top, text, expected, why)

    @staticmethod
    def responsible(flat: list, n: int) -> str | None:
        """The card whose event encloses position n of the flattened jogada."""
        depth: list[str] = []
        for text, node, _ in flat[:n + 1]:
            if isinstance(node, sx.Structure | sx.Natural):
                if text.endswith("("):
                    depth.append(node.card)
                elif depth:
                    depth.pop()
        return depth[-1] if depth else None

    def follow(self, item: Any) -> None:
        """Take a partida's end from the log when the replay could not get there itself."""
        s = self.playing().state
        seat = {name: i for i, name in enumerate(self.names)}
        if isinstance(item, sx.Victory):
            for who in item.players:
                if who in seat:
                    s.wins[seat[who]] += 1
                    s.win_order.append(seat[who])
        elif isinstance(item, sx.Campo) and s.field is not None:
            self.place(item)

    # ------------------------------------------------------------ the log
    def run(self) -> list[Finding]:
        events = list(self.log.events)
        bourdieu = any(isinstance(e, sx.Campo) for e in events)
        i = 0
        live = False
        while i < len(events):
            item = events[i]
            if isinstance(item, sx.Part):
                self.current = None
                live = self.start(item, bourdieu)
                i += 1
                continue
            if isinstance(item, sx.Campo) and live and self.playing().state.partida.jogadas == 0:
                self.place(item)
                if self.asymmetric:
                    self.deal()  # the hands of this partida depend on the rows
                i += 1
                continue
            if not live and self.engine is not None:
                self.follow(item)  # keep what later partidas depend on
            if isinstance(item, sx.Gap):
                live = False  # what the skipped line did cannot be replayed
            if isinstance(item, sx.Jogada) and live:
                j = i + 1
                while j < len(events) and not isinstance(events[j], sx.Jogada | sx.Part):
                    j += 1
                unit = events[i:j]
                if not _followable(unit, self.infos) or not self.jogada(unit):
                    live = False  # the rest of this partida cannot be followed
                i = j
                continue
            i += 1
        return self.findings


def check_effects(log: sx.Log, infos: dict[str, CardInfo], deck_size: int | None = None,
                  asymmetric: bool = False) -> list[Finding]:
    """Findings of the effects level (edition 2.180423, whose card data we have).

    ``deck_size``: the cards in play (all copies of the decks used), so that the
    draw pile runs out when it would; unknown, it never does.  ``asymmetric``:
    the social deck is in play, so hands are dealt by row (Bourdieu mode).
    """
    return EffectsReplay(log, infos, deck_size, asymmetric).run()
