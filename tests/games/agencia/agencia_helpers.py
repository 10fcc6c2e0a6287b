"""Hand-built Agência states: an engine whose agents follow a script, and its state set by hand.

Hands, piles and structures hold real card numbers (the engine looks them up).
The pile's top is its last element (``pile.pop()`` draws it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from conftest import REPO
from publish.games.agencia.agents import RandomAgent
from publish.games.agencia.cards import CardInfo, card_infos
from publish.games.agencia.engine import Context, Engine
from publish.games.agencia.state import Field, Jogada, Partida
from publish.model.load import load_game


@cache
def infos() -> dict[str, CardInfo]:
    game, problems = load_game(REPO, "agencia")
    assert not problems
    return card_infos(game)


class Scripted(RandomAgent):
    """An agent whose every decision is given by the test; deterministic defaults otherwise.

    targets: players to choose, in order of preference (default: the lowest seats)
    cards: cards to give/discard/exchange first (default: the hand from its start)
    changes: (slot, card) structure changes, used in order (default: the slot of the
        player whose jogada it is, or the first slot offered, with the first card offered)
    approve/veto/revolt/refuse/hegemony: fixed answers
    natural: the natural card to use when offered (default: none)
    moves: (player, direction) field moves, used in order (default: the first offered)
    """

    name = "scripted"

    def __init__(self, *, targets: Sequence[int] = (), cards: Sequence[str] = (),
                 changes: Iterable[tuple[int, str]] = (), approve: bool = False,
                 veto: bool = False, revolt: bool = True, natural: str | None = None,
                 refuse: bool = False, moves: Iterable[tuple[int, int]] = (),
                 hegemony: bool = True, pile_pick: str | None = None,
                 trade: tuple[str, str] | None = None):
        self.targets = list(targets)
        self.cards = list(cards)
        self.changes = list(changes)
        self.approves = approve
        self.vetoes = veto
        self.revolts = revolt
        self.use = natural
        self.refuses = refuse
        self.moves = list(moves)
        self.hegemony = hegemony
        self.pile_pick = pile_pick
        self.trade = trade
        self.offered: list[list[str]] = []  # natural cards offered, per call
        self.asked_revolt = 0
        self.asked_moves: list[list[tuple[int, int]]] = []

    def choose_players(self, engine: Engine, me: int, pool: list[int], count: int,
                       purpose: str) -> list[int]:
        picked = [p for p in self.targets if p in pool][:count]
        picked += [p for p in sorted(pool) if p not in picked][:count - len(picked)]
        return picked

    def pick_cards(self, engine: Engine, me: int, n: int, purpose: str) -> list[str]:
        hand = list(engine.state.hands[me])
        picked: list[str] = []
        for card in self.cards:
            if card in hand and len(picked) < n:
                hand.remove(card)
                picked.append(card)
        return picked + hand[:n - len(picked)]

    def pick_from_pile(self, engine: Engine, me: int, pile: list[str]) -> str:
        return self.pile_pick if self.pile_pick in pile else pile[-1]

    def trade_with_pile(self, engine: Engine, me: int) -> tuple[str, str]:
        assert self.trade is not None
        return self.trade

    def change(self, engine: Engine, me: int, options: list[str],
               slots: list[int]) -> tuple[int, str] | None:
        if self.changes:
            return self.changes.pop(0)
        turn = engine.state.turn
        return (turn if turn in slots else slots[0]), options[0]

    def veto(self, engine: Engine, me: int, changer: int, slot: int) -> bool:
        return self.vetoes

    def approve(self, engine: Engine, me: int, proposer: int) -> bool:
        return self.approves

    def wants_revolt(self, engine: Engine, me: int) -> bool:
        self.asked_revolt += 1
        return self.revolts

    def natural(self, engine: Engine, me: int, options: list[str]) -> str | None:
        self.offered.append(list(options))
        return self.use if self.use in options else None

    def refuse(self, engine: Engine, me: int) -> bool:
        return self.refuses

    def field_move(self, engine: Engine, me: int,
                   moves: list[tuple[int, int]]) -> tuple[int, int]:
        self.asked_moves.append(list(moves))
        while self.moves:
            move = self.moves.pop(0)
            if move in moves:
                return move
        return moves[0]

    def request_hegemony(self, engine: Engine, me: int, group: str, favours: int) -> bool:
        return self.hegemony


def make(hands: Sequence[Sequence[str]], structures: Sequence[str], *,
         pile: Sequence[str] = (), discard: Sequence[str] = (), turn: int = 0, flow: int = 1,
         rows: Sequence[int] | None = None, cols: Sequence[int] | None = None,
         since: Sequence[int] | None = None, home: Sequence[int] | None = None,
         blocked_wins: Sequence[int] | None = None,
         agents: dict[int, Scripted] | None = None, history: Sequence[Jogada] = (),
         wins: Sequence[int] | None = None, win_order: Sequence[int] = (),
         seed: int = 0, **partida: Any) -> Engine:
    """An engine mid-partida with exactly this state (Bourdieu mode when ``rows`` is given).

    history: the jogadas before this one, oldest first ("o último turno").
    partida: fields of Partida to set (crisis_since_revolt, teams, failed_revolts...).
    """
    n = len(hands)
    assert len(structures) == n
    seats = [Scripted() for _ in range(n)]
    for seat, agent in (agents or {}).items():
        seats[seat] = agent
    engine = Engine(infos(), [], seats, seed, bourdieu=rows is not None, check=False)
    s = engine.state
    s.hands = [list(h) for h in hands]
    s.structures = list(structures)
    s.pile, s.discard = list(pile), list(discard)
    s.turn, s.flow = turn, flow
    if rows is not None:
        clock = list(since) if since is not None else [0] * n
        s.field = Field(list(rows), list(cols) if cols is not None else list(range(n)), clock,
                        list(home) if home is not None else list(range(n)),
                        list(blocked_wins) if blocked_wins is not None else [0] * n,
                        clock=max(clock))
    s.wins = list(wins) if wins is not None else [0] * n
    s.win_order = list(win_order)
    part = Partida(number=1, discards_at_play=[0] * n)
    part.turns = list(history)
    part.jogadas = len(history)
    part.society_seen.update(structures)
    for key, value in partida.items():
        assert hasattr(part, key), key
        setattr(part, key, value)
    s.partida = part
    engine._total = s.cards_in_play()
    engine.society_changed()  # the structures were set by hand
    return engine


def agent(engine: Engine, seat: int) -> Scripted:
    return engine.agents[seat]


def ctx(engine: Engine, owner: int = 0, **event: int | None) -> Context:
    """A context for ``owner``'s structure, as the engine makes one."""
    c = engine.context(owner, **event)
    if engine.state.field is not None:
        c.start_rows = engine.state.field.row[:]
    return c


def events(engine: Engine, kind: str) -> list[tuple]:
    """Log entries of one kind: ('crisis', causer, solver), ('change', p, slot, old, new)..."""
    return [entry for entry in engine.log if entry[0] == kind]


def play(engine: Engine) -> Engine:
    """One jogada, then the bookkeeping checks (cards conserved, one structure per seat...)."""
    engine.jogada()
    engine.verify()
    return engine
