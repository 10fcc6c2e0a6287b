"""Revolts: who may propose one, and how it succeeds or fails."""

from __future__ import annotations

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import forbidden_any
from publish.games.agencia.base import EngineBase
from publish.games.agencia.cards import NO_RULES
from publish.games.agencia.select import concerned


class Revolts(EngineBase):
    """The chance of a revolt after a crisis, offered before the structure runs."""

    def revolt_proposer(self) -> int | None:
        """Who may propose the revolt the society allows now (see ``revolt``), if anyone."""
        s = self.state
        hands, first, flow, n = s.hands, s.turn, s.flow, s.players
        rows = s.field.row if s.field else [0] * n
        # most cards; then lowest row; then the last of the tied to play in the flow (no two
        # players tie on all three, so the player is taken from the least of the tuples).
        # A loop, not a comprehension: that would make this method's names cells
        keys = []
        for q in range(n):
            keys.append((-len(hands[q]), rows[q], -((q - first) * flow % n), q))
        proposer = min(keys)[-1]
        if fx.Cannot in self.standing and forbidden_any(self, proposer, "propose_revolt"):
            return None  # priority does not pass on
        return proposer

    def hands_apart_for_revolt(self) -> bool:
        """Whether the largest and smallest hands differ by 4 or more (a revolt's condition)."""
        hands = self.state.hands  # a loop: cheaper than map, max and min on a few hands
        low = high = len(hands[0])
        for hand in hands:
            n = len(hand)
            if n < low:
                low = n
            elif n > high:
                high = n
        return high - low >= 4

    def backers(self, proposer: int) -> list[tuple[int, int]]:
        """(seat, player): the players a standing rule makes back the proposer's revolt."""
        found = []  # a loop: a comprehension would make self and proposer cells
        for seat, r in self.rules(fx.SupportsRevolts):
            for q in concerned(self, seat, r.who):
                if q != proposer:
                    found.append((seat, q))
        return found

    def revolt(self, active: int) -> bool:
        """Offer the revolt; True if one happened (the jogada then ends).

        Asked only when the society allows one, a crisis since the last revolt and hands
        4 apart: the jogada knows before trying its structure (``Turns.try_structure``),
        so neither is asked again here."""
        s = self.state
        part = s.partida
        proposer = self.revolt_proposer()
        if proposer is None or not self.agents[proposer].wants_revolt(self, proposer):
            return False
        if self.structural_card(proposer) is None:
            return False
        part.revolts += 1
        self.stats.revolts += 1
        part.crisis_since_revolt = False
        part.last_revolter = proposer
        self.log.append(("revolt_begin", proposer))
        standing = self.standing  # asked first: most societies have neither rule
        waivers = self.rules(fx.NoApproval) if fx.NoApproval in standing else NO_RULES
        backers = self.backers(proposer) if fx.SupportsRevolts in standing else NO_RULES
        auto = bool(backers)
        waiver = s.structures[(waivers or backers)[0][0]] if waivers or auto else None
        ok = self.change_structure(proposer, approval=not waivers and not auto)
        if ok and waiver:
            self.log.append(("waived", waiver))
        if ok and auto:
            for _, q in backers:
                part.approvals.add((q, proposer))
        self.record.revolt = "succeeded" if ok else "failed"
        if not ok:
            part.failed_revolts.add(proposer)
        self.log.append(("revolt", proposer, ok))
        if fx.Trigger in self.standing:
            self.fire("revolt", revolter=proposer)
        if ok and fx.Trigger in self.standing:
            self.fire("successful_revolt", revolter=proposer)
        return True
