"""The engine steered by a diário: the choices the log records are taken from it, the
others searched one try after another.  :mod:`replay_effects` drives the search.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.engine import Engine
from publish.games.agencia.reach import EVERYTHING, Reach

UNKNOWN = "?"
PILE = 80  # unknown cards kept in the draw pile (the log does not say how many are left)
BUDGET = 400  # tries per jogada before giving up the search


class Diverged(Exception):
    """The jogada being tried has already parted from the log: try the next choices."""


class Choices:
    """Depth-first enumeration of the decisions a log leaves open.

    ``still_agrees`` is asked before each decision: once a try has parted
    from the log, later decisions cannot mend it, so the search backtracks
    to the decisions made before.
    """

    def __init__(self, still_agrees: Any = None) -> None:
        self.path: list[int] = []
        self.widths: list[int] = []
        self.pos = 0
        self.still_agrees = still_agrees

    def pick(self, width: int) -> int:
        if width <= 1:
            return 0
        if self.still_agrees is not None and not self.still_agrees():
            raise Diverged
        if self.pos == len(self.path):
            self.path.append(0)
            self.widths.append(width)
        self.widths[self.pos] = width
        index = min(self.path[self.pos], width - 1)
        self.pos += 1
        return index

    def advance(self) -> bool:
        """Move to the next untried combination; False when all were tried."""
        del self.path[self.pos:], self.widths[self.pos:]
        self.pos = 0
        while self.path:
            if self.path[-1] + 1 < self.widths[-1]:
                self.path[-1] += 1
                return True
            self.path.pop()
            self.widths.pop()
        return False


class Guide:
    """What the logged jogada says about the choices made in it."""

    def __init__(self, unit: list, names: list[str], structures: list[str]):
        self.changes: list[tuple[str, str, str]] = []
        self.swaps: list[tuple[str, str]] = []
        self.columns: dict[str, int] = {}  # where the log next shows each player's column
        self.revolt: tuple[str, str | None] | None = None
        self.natural: str | None = None
        self.refused = False
        self.hegemony: tuple[str, str] | None = None
        player = unit[0].player
        for item in unit[1:]:
            if isinstance(item, sx.Structure):
                owner = player if item is unit[1] else owner_of(item.card, names, structures)
                if item is unit[1] and item.consequences == (sx.Vetoed(),):
                    self.refused = True
                self._walk(item.consequences, owner, names, structures)
            elif isinstance(item, sx.Natural):
                self.natural = item.card
                self._walk(item.consequences, player, names, structures)
            elif isinstance(item, sx.Hegemony):
                self.hegemony = (item.player, item.group)
            elif isinstance(item, sx.Campo):
                self.columns.update((sq.player, sq.col) for sq in item.squares)

    def _walk(self, items: tuple, owner: str, names: list[str], structures: list[str]) -> None:
        for item in items:
            if isinstance(item, sx.Change):
                self.changes.append((item.player or owner, item.new, item.old))
            elif isinstance(item, sx.SwapCards):
                self.swaps.append((item.a, item.b))
            elif isinstance(item, sx.Position):
                self.columns.setdefault(item.player, item.col)
            elif isinstance(item, sx.Crisis) and item.change is not None:
                self.changes.append((item.change.player or owner, item.change.new,
                                     item.change.old))
            elif isinstance(item, sx.Revolt):
                c = item.change
                self.changes.append((c.player or owner, c.new, c.old))
                by = item.outcome.by if isinstance(item.outcome, sx.Approval) else None
                self.revolt = (c.player or owner, by)
            elif isinstance(item, sx.Structure):
                self._walk(item.consequences, owner_of(item.card, names, structures), names,
                           structures)


def owner_of(card: str, names: list[str], structures: list[str]) -> str:
    return names[structures.index(card)] if card in structures else ""


class Oracle:
    """Every seat's agent during a replay: the log's choices, or the search's."""

    def __init__(self, names: list[str]):
        self.names = names
        self.choices = Choices()
        self.guide: Guide | None = None
        self.used: set[int] = set()  # logged changes already made
        self.trying = False  # the engine is trying the structure of the jogada

    def before_jogada(self, engine: Engine, me: int) -> None:
        """A replay plans nothing ahead (the engine calls every agent as a jogada starts)."""

    def pending_change(self, engine: Engine, me: int) -> tuple[int, str, str] | None:
        s = engine.state
        for i, (who, new, old) in enumerate(self.guide.changes if self.guide else ()):
            if i not in self.used and who == self.names[me] and old in s.structures:
                return i, new, old
        return None

    def choose_players(self, engine: Engine, me: int, pool: list[int], count: int,
                       purpose: str) -> list[int]:
        combos = list(itertools.combinations(pool, count))
        return list(combos[self.choices.pick(len(combos))])

    def pick_cards(self, engine: Engine, me: int, n: int, purpose: str) -> list[str]:
        # part with the cards we know first: an unknown card can still turn out to be
        # whatever the log shows later, so keeping them never contradicts the log
        hand = engine.state.hands[me]
        return sorted(hand, key=lambda c: c == UNKNOWN)[:n]

    def pick_from_pile(self, engine: Engine, me: int, pile: list[str]) -> str:
        return pile[-1]

    def trade_with_pile(self, engine: Engine, me: int) -> tuple[str, str]:
        s = engine.state
        return self.pick_cards(engine, me, 1, "trade")[0], (s.pile or s.discard)[-1]

    def change(self, engine: Engine, me: int, options: list[str],
               slots: Sequence[int]) -> tuple[int, str] | None:
        found = self.pending_change(engine, me)
        if found is not None:
            i, new, old = found
            slot = engine.state.structures.index(old)
            if new in options and slot in slots:
                self.used.add(i)
                return slot, new
        # trying the structure before a revolt the log shows instead: the log does not
        # say what its change would have been (one without a crisis), so search for one
        revolt = self.guide is not None and self.guide.revolt is not None
        if not (self.trying and revolt and options and slots):
            return None
        pairs = [(slot, card) for card in dict.fromkeys(options) for slot in slots]
        return pairs[self.choices.pick(len(pairs))]

    def veto(self, engine: Engine, me: int, changer: int, slot: int) -> bool:
        return bool(self.choices.pick(2))

    def approve(self, engine: Engine, me: int, proposer: int) -> bool:
        if self.guide and self.guide.revolt and self.guide.revolt[0] == self.names[proposer]:
            return self.guide.revolt[1] == self.names[me]
        return not self.choices.pick(2)

    def wants_revolt(self, engine: Engine, me: int) -> bool:
        return bool(self.guide and self.guide.revolt and self.guide.revolt[0] == self.names[me])

    def natural(self, engine: Engine, me: int, options: list[str]) -> str | None:
        card = self.guide.natural if self.guide else None
        return card if card in options else None

    def refuse(self, engine: Engine, me: int) -> bool:
        if self.guide and self.guide.revolt:  # a refusal does not show before a revolt
            return bool(self.choices.pick(2))
        return bool(self.guide and self.guide.refused)

    def field_move(self, engine: Engine, me: int, moves: list[tuple[int, int]]) -> tuple[int, int]:
        # try first the moves that take a player towards where the log has them next
        fld = engine.state.field
        assert fld is not None  # a move on the field: Bourdieu mode
        cols = fld.col
        targets = self.guide.columns if self.guide else {}

        def towards(move: tuple[int, int]) -> bool:
            q, d = move
            goal = targets.get(self.names[q])
            return goal is not None and (goal - cols[q]) * d > 0

        ordered = sorted(moves, key=lambda m: not towards(m))
        return ordered[self.choices.pick(len(ordered))]

    def request_hegemony(self, engine: Engine, me: int, group: str, favours: int) -> bool:
        # the log names the hegemony and whom it favoured, not who asked for it
        return bool(self.guide and self.guide.hegemony == (self.names[favours], group))


class ReplayEngine(Engine):
    """The engine, with unknown cards shown the moment the log reveals them."""

    oracle: Oracle

    def reveal(self, p: int, card: str, keep: str | None = None) -> None:
        """The log shows ``card`` in p's hand: an unknown card (or one we guessed) was it."""
        hand = self.state.hands[p]
        if card in hand or not hand:
            return
        if UNKNOWN in hand:
            hand[hand.index(UNKNOWN)] = card
            return
        # a card we guessed was this one: the last, unless it is the only ``keep``
        last = len(hand) - 1
        if hand[last] == keep and hand.count(keep) == 1:
            last -= 1
        if last >= 0:
            hand[last] = card

    def can_solve(self, q: int) -> bool:
        found = self.oracle.pending_change(self, q)
        if found is not None:
            self.reveal(q, found[1])
        return super().can_solve(q)

    def change_structure(self, p: int, slots: Sequence[int] | None = None, approval: bool = False,
                         vote: bool = False, returning: bool = False) -> bool:
        found = self.oracle.pending_change(self, p)
        if found is not None:
            self.reveal(p, found[1])
        return super().change_structure(p, slots, approval, vote, returning)

    def natural(self, p: int) -> None:
        guide = self.oracle.guide
        if guide is not None and guide.natural is not None:
            self.reveal(p, guide.natural)
            found = self.oracle.pending_change(self, p)
            if found is not None:  # the card it puts in, before asking whether it can
                self.reveal(p, found[1], keep=guide.natural)
        super().natural(p)

    def execute(self, p: int) -> str:
        self.oracle.trying = True
        try:
            return super().execute(p)
        finally:
            self.oracle.trying = False

    def shuffle_structures(self) -> None:
        s = self.state
        target = list(s.structures)
        for a, b in self.oracle.guide.swaps if self.oracle.guide else ():
            if a in target and b in target:
                i, j = target.index(a), target.index(b)
                target[i], target[j] = b, a
        if target != s.structures and not self.oracle.choices.pick(2):
            self.arrange_structures(target)  # the arrangement the log shows
            return
        left = list(s.structures)
        target = []
        while left:
            target.append(left.pop(self.oracle.choices.pick(len(left))))
        self.arrange_structures(target)

    def snapshot(self, p: int = 0, reach: Reach = EVERYTHING) -> tuple:
        return super().snapshot(p, reach), frozenset(self.oracle.used)

    def restore(self, snap: tuple) -> None:
        super().restore(snap[0])
        self.oracle.used = set(snap[1])
