"""The field of Bourdieu mode: moves, swaps and steps, climbing, the moves after a partida."""

from __future__ import annotations

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import forbidden_any
from publish.games.agencia.base import EngineBase
from publish.games.agencia.select import Crisis
from publish.games.agencia.state import Field


class FieldPlay(EngineBase):
    """Where the players stand on the field, and every way it changes."""

    def _field_open(self, p: int, during: bool) -> Field:
        s = self.state
        if s.field is None:
            raise Crisis("this card needs the field (Bourdieu mode)")
        if self.rules(fx.FieldLocked) or forbidden_any(self, p, "change_field"):
            raise Crisis("the field cannot be changed now")
        return s.field

    def placed(self, q: int) -> None:
        fld = self.state.field
        assert fld is not None  # the field's own moves: Bourdieu mode
        self.log.append(("position", q, fld.row[q], fld.col[q]))

    def log_field(self) -> None:
        fld = self.state.field
        assert fld is not None  # asked in Bourdieu mode only
        self.log.append(("campo", tuple(fld.row), tuple(fld.col)))

    def _moves(self) -> list[tuple[int, int]]:
        fld = self.state.field
        assert fld is not None  # the field's own moves: Bourdieu mode
        n = self.state.players
        return [(q, d) for q in range(n) for d in (-1, 1)
                if 0 <= fld.col[q] + d < n and fld.at(fld.row[q], fld.col[q] + d) is None]

    def field_move(self, p: int, during_partida: bool) -> bool:
        """p moves any player one column sideways; a crisis in a partida if impossible."""
        fld = self._field_open(p, during_partida)
        moves = self._moves()
        if not moves:
            raise Crisis("no sideways move is possible")
        q, d = self.agents[p].field_move(self, p, moves)
        fld.col[q] += d
        self.log.append(("field_move", p, q, d))
        self.placed(q)
        if during_partida:
            self.penalise(p, "field_change")
        return True

    def field_swap(self, a: int, b: int) -> None:
        fld = self._field_open(a, True)
        fld.row[a], fld.row[b] = fld.row[b], fld.row[a]
        fld.col[a], fld.col[b] = fld.col[b], fld.col[a]
        fld.clock += 1
        fld.since[a] = fld.since[b] = fld.clock
        fld.blocked_wins[a] = fld.blocked_wins[b] = 0
        self.placed(a)
        self.placed(b)
        self.penalise(a, "field_change")
        self.check_top(a)
        self.check_top(b)

    def field_step(self, p: int, rows: int, max_row: int) -> None:
        fld = self._field_open(p, True)
        row = fld.row[p] + rows
        if not 0 <= row <= max_row or fld.at(row, fld.col[p]) is not None:
            raise Crisis("that row cannot be reached")
        self.set_row(p, row)
        self.penalise(p, "field_change")
        self.check_top(p)

    def set_row(self, p: int, row: int) -> None:
        """Put p on ``row`` now (a climb, a fall, a hegemony), with the clock's tick."""
        fld = self.state.field
        assert fld is not None  # the field's own moves and a hegemony's: Bourdieu mode
        fld.clock += 1
        fld.row[p], fld.since[p], fld.blocked_wins[p] = row, fld.clock, 0
        self.placed(p)

    def check_top(self, p: int) -> None:
        """If p stands on the top row, p wins the game (and the partida ends)."""
        s = self.state
        assert s.field is not None  # after a move on the field: Bourdieu mode
        if s.field.row[p] == 4 and p not in s.game_winners:
            s.game_winners = [*s.game_winners, p]  # replaced: see Turns.snapshot
            s.game_over = True
            s.partida.ended = True

    def climb(self, p: int, swap_if_blocked: bool = False) -> None:
        """A partida's winner goes up a row, or meets a blocker (two wins to pass)."""
        s = self.state
        fld = s.field
        assert fld is not None  # at the end of a partida of Bourdieu mode
        if self.rules(fx.FieldLocked) or forbidden_any(self, p, "climb") or fld.row[p] >= 4:
            return
        blocker = fld.blocker(p)
        if blocker is None:
            self.set_row(p, fld.row[p] + 1)
        else:
            fld.blocked_wins[p] += 1
            if fld.blocked_wins[p] >= 2 or swap_if_blocked:
                row, col = fld.row[p], fld.col[p]
                self.set_row(p, row + 1)
                fld.col[blocker] = col
                self.set_row(blocker, row)
        self.check_top(p)

    def after_partida_moves(self, winners: list[int]) -> None:
        """Players on row 1 and up each move someone sideways, lowest and newest first."""
        s = self.state
        fld = s.field
        assert fld is not None  # at the end of a partida of Bourdieu mode
        if self.rules(fx.FieldLocked):
            return
        extra = max((r.moves for _, r in self.rules(fx.WinnerMoves)), default=0)
        late = [w for w in winners if extra]
        order = sorted((q for q in range(s.players) if fld.row[q] >= 1 and q not in late),
                       key=lambda q: (fld.row[q], -fld.since[q]))
        turns = [(q, 1) for q in order] + [(w, extra) for w in late]
        for q, times in turns:
            for _ in range(times):
                if forbidden_any(self, q, "change_field"):
                    break
                moves = self._moves()
                if not moves:
                    break
                mover, d = self.agents[q].field_move(self, q, moves)
                fld.col[mover] += d
                self.log.append(("field_move", q, mover, d))
                self.placed(mover)

    def end_partida_field(self, winners: list[int]) -> None:
        """Winners climb (or are sent down), then the sideways moves.

        Several winners climb from the highest row down: a blocker who wins with
        the player it blocks moves first, and on row 3 wins the game at once.
        """
        s = self.state
        fld = s.field
        assert fld is not None  # called in Bourdieu mode only (Turns.end_partida)
        demoted = bool(self.rules(fx.WinnerDemoted))
        for q in sorted(winners, key=lambda q: -fld.row[q]):
            if demoted and fld.row[q] == 0:
                continue  # already on row 0
            if demoted:
                col = fld.home[q] if fld.at(0, fld.home[q]) in (None, q) else next(
                    c for c in range(s.players) if fld.at(0, c) is None)
                fld.col[q] = col
                self.set_row(q, 0)
            else:
                self.climb(q, swap_if_blocked=s.partida.swap_if_blocked)
        if s.game_over:
            return
        self.after_partida_moves(winners)
