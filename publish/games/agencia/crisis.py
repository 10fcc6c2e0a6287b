"""Crises: who is asked to solve one, in which order, and what solving it does."""

from __future__ import annotations

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import forbidden_any
from publish.games.agencia.base import EngineBase
from publish.games.agencia.select import concerned

SolverKey = tuple[int, int, int, int]
"""A player's place in the queue to solve a crisis: (minus the cards held, minus the row,
steps from who caused it in the flow, the player); the least is asked first."""


class Crises(EngineBase):
    """A crisis: the solvers in order of priority, until one changes a structure."""

    def crisis_queue(self, causer: int) -> list[int]:
        """Players in order of priority to solve a crisis caused by ``causer``."""
        s = self.state
        hands, flow, n = s.hands, s.flow, s.players
        rows = s.field.row if s.field else [0] * n
        # most cards, then highest on the field, then nearest to play next: no two players
        # tie, so sorting (key..., player) orders as sorting players by key.  Loops, not
        # comprehensions, here: a comprehension would make this method's names cells
        keys: list[SolverKey] = []
        for q in range(n):
            keys.append((-len(hands[q]), -rows[q], (q - causer) * flow % n, q))
        own = False
        if fx.CrisisPriority in self.standing:
            own = bool(self.rules_of_priority("crisis_causer"))
            keys = self.priority_first(keys)
        else:
            keys.sort()
        order = [causer] if own else []
        for key in keys:
            if key[3] != causer:
                order.append(key[3])
        return order

    def priority_first(self, keys: list[SolverKey]) -> list[SolverKey]:
        """``keys`` (key..., player) sorted, the players a standing priority names first."""
        first: list[int] = []  # loops: comprehensions would make keys and first cells
        for seat, rule in self.rules(fx.CrisisPriority):
            if rule.who != "crisis_causer":
                for q in concerned(self, seat, rule.who):
                    if q not in first:
                        first.append(q)
        named: list[SolverKey] = []
        others: list[SolverKey] = []
        for key in keys:
            (named if key[-1] in first else others).append(key)
        return sorted(named) + sorted(others)

    def rules_of_priority(self, who: str) -> list[int]:
        seats = []  # a loop: a comprehension would make who a cell
        for seat, rule in self.rules(fx.CrisisPriority):
            if rule.who == who:
                seats.append(seat)
        return seats

    def can_solve(self, q: int) -> bool:
        if fx.Cannot in self.standing and forbidden_any(self, q, "solve_crisis"):
            return False
        return self.structural_card(q) is not None

    def crisis(self, causer: int) -> None:
        s = self.state
        part = s.partida
        part.crises += 1
        self.stats.crises += 1
        part.crisis_since_revolt = True
        self.log.append(("crisis_begin", causer))
        solver = None
        # a standing card may make the solver discard (Distopia pós-apocalíptica): whoever
        # cannot afford it is passed over, as its note says
        owed = 0 if fx.Trigger not in self.standing else sum(
            a.n for _, r in self.rules(fx.Trigger) if "crisis" in r.at for a in r.do
            if a.do == "discard" and a.who == "crisis_solver" and isinstance(a.n, int))
        for q in self.crisis_queue(causer):
            if self.can_solve(q) and len(s.hands[q]) >= owed and \
                    self.change_structure(q, vote=True):
                solver = q
                break
            self.log.append(("pass", q))
        if solver is None:
            part.ended = True  # nobody can solve it: the partida ends without winner
            self.log.append(("crisis", causer, None))
            return
        part.last_crisis_solver = solver
        self.log.append(("crisis", causer, solver))
        if fx.Trigger in self.standing:
            self.fire("crisis", crisis_solver=solver, crisis_causer=causer)
