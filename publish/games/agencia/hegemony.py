"""Hegemonies of Bourdieu mode: an ideology holding enough structures ends the partida."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from publish.games.agencia.base import EngineBase
from publish.games.agencia.select import table_order


class Hegemony(EngineBase):
    """When a group of ideologies may end the partida, and whom it favours."""

    def hegemony(self, p: int) -> None:
        s = self.state
        need = 2 if s.players == 3 else 3
        groups: dict[str, list[int]] = {}
        for seat, card in enumerate(s.structures):
            group = self.infos[card].group
            if group:
                groups.setdefault(group, []).append(seat)
        for group, seats in sorted(groups.items()):
            if len(seats) < need:
                continue
            outcome = self.hegemony_outcome(group, seats)
            if outcome is None:
                continue
            beneficiary, apply = outcome
            if not self.requested(p, beneficiary, group):
                continue
            s.partida.hegemony = group
            self.stats.hegemonies[group] += 1
            self.log.append(("hegemony", group, beneficiary))
            apply()
            s.partida.ended = True
            return

    def requested(self, p: int, favours: int, group: str) -> bool:
        """Whether some player asks for the hegemony.  The manual lets any player who
        notices one request it, not only the player it favours: that player is asked
        first, then the others in the order of play from p, whose jogada just ended."""
        agents = self.agents
        if agents[favours].request_hegemony(self, favours, group, favours):
            return True
        for q in table_order(self.state, p):
            if q != favours and agents[q].request_hegemony(self, q, group, favours):
                return True
        return False

    def hegemony_outcome(self, group: str, seats: list[int]) -> Outcome | None:
        """Who a hegemony favours and what it does, or None while it is unavailable."""
        outcome = OUTCOMES.get(group)
        if outcome is None:
            return None
        part = self.state.partida
        inserted = [part.inserted_by[q] for q in seats if q in part.inserted_by]
        last = max(inserted, key=lambda x: x[1])[0] if len(inserted) else None
        if outcome.favours_last and last is None:
            return None  # these favour whoever put the last card in
        return getattr(self, outcome.method)(last)

    def _partida_win(self, q: int, swap: bool = False) -> Outcome:
        part = self.state.partida

        def apply() -> None:
            part.winners = [q]
            part.swap_if_blocked = swap
        return q, apply

    def _ancestors(self, last: int | None) -> Outcome | None:
        s = self.state
        return self._partida_win(s.win_order[0], swap=True) if s.win_order else None

    def _leviathan(self, last: int | None) -> Outcome | None:
        s = self.state
        if not s.win_order:
            return None
        top = max(s.wins)
        tied = [q for q in range(s.players) if s.wins[q] == top]
        recent = max(tied, key=lambda q: max(i for i, w in enumerate(s.win_order) if w == q))
        return self._partida_win(recent)

    def _austrian_utopia(self, last: int | None) -> Outcome | None:
        s = self.state
        fld = s.field
        assert fld is not None  # a hegemony is of Bourdieu mode
        top = max(fld.row)
        tied = [q for q in range(s.players) if fld.row[q] == top]
        oldest = min(fld.since[q] for q in tied)
        first = [q for q in tied if fld.since[q] == oldest]
        return self._partida_win(first[0]) if len(first) == 1 else None

    def _cicero(self, last: int | None) -> Outcome | None:
        assert last is not None
        return self._partida_win(last)

    def _fascism(self, last: int | None) -> Outcome | None:
        s = self.state
        fld = s.field
        assert fld is not None  # a hegemony is of Bourdieu mode
        part = s.partida
        blockers = [q for q in range(s.players) if fld.at(fld.row[q] - 1, fld.col[q]) is not None]
        if len(blockers) != 1:
            return None
        b = blockers[0]

        def fall() -> None:
            part.winners = [b]
            for q in range(s.players):
                if q != b and fld.row[q] > 0 and fld.at(fld.row[q] - 1, fld.col[q]) is None:
                    self.set_row(q, fld.row[q] - 1)
        return b, fall

    def _vanguard(self, last: int | None) -> Outcome | None:
        assert last is not None
        s = self.state
        fld = s.field
        assert fld is not None  # a hegemony is of Bourdieu mode

        def revolution() -> None:
            if fld.row[last] == 3:
                self.set_row(last, 4)
                self.check_top(last)
                return
            new = {3: 0, 2: 1, 1: 2, 0: 2}
            for q in range(s.players):
                fld.col[q] = fld.home[q]
                self.set_row(q, 3 if q == last else new[fld.row[q]])
        return last, revolution

    def _against_the_state(self, last: int | None) -> Outcome | None:
        assert last is not None
        s = self.state
        assert s.field is not None  # a hegemony is of Bourdieu mode
        rows = Counter(s.field.row)
        if rows.most_common(1)[0][1] * 2 <= s.players:
            return None

        def anarchy() -> None:
            s.game_winners = [last]
            s.game_over = True
        return last, anarchy


Outcome = tuple[int, Callable[[], None]]
"""The player a hegemony favours, and what it does to the game."""


@dataclass(frozen=True)
class _Group:
    method: str
    favours_last: bool = False
    """Only once someone has put one of its cards in, and in their favour."""


OUTCOMES = {
    "forca-dos-antepassados": _Group("_ancestors"),
    "leviata-benevolente": _Group("_leviathan"),
    "utopia-austriaca": _Group("_austrian_utopia"),
    "espirito-de-cicero": _Group("_cicero", favours_last=True),
    "serpente-do-fascismo": _Group("_fascism"),
    "vanguarda-do-proletariado": _Group("_vanguard", favours_last=True),
    "sociedade-contra-o-estado": _Group("_against_the_state", favours_last=True),
}
