"""Changing the society: structures put in, swapped, shuffled; vetoes, votes, approvals."""

from __future__ import annotations

from collections.abc import Sequence

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import forbidden_any
from publish.games.agencia.base import EngineBase
from publish.games.agencia.select import concerned, table_order
from publish.games.agencia.state import shuffle


class Structures(EngineBase):
    """Who may put which card in which structure, and how the society changes."""

    def structural_card(self, p: int) -> str | None:
        """The first structural card of p's hand (one they could put in a structure), if
        any: asked before a crisis, a revolt or a natural card's change is offered."""
        roles = self.roles
        for card in self.state.hands[p]:
            if card not in roles:
                return card  # most hands: the first card
        return None

    def change_structure(self, p: int, slots: Sequence[int] | None = None,
                         approval: bool = False,
                         vote: bool = False, returning: bool = False) -> bool:
        """p puts a structural card of their hand in a structure; False if they cannot."""
        s = self.state
        hand = s.hands[p]
        # its structural cards, once each, in the hand's order: a loop filling a dict costs
        # less than dict.fromkeys and filterfalse, and than a list once hands grow past a
        # few cards (a comprehension would make s a cell)
        roles = self.roles
        found: dict[str, None] = {}
        for c in hand:
            if c not in roles:
                found[c] = None
        options = list(found)
        if returning and fx.Natural in self.standing and any(
                r.returning_only for _, r in self.rules(fx.Natural)):
            options = list(filter(s.partida.society_seen.__contains__, options))
        if not options:
            return False
        slots = range(s.players) if slots is None else slots  # a range: no list to build
        choice = self.agents[p].change(self, p, options, slots)
        if choice is None:
            return False
        slot, card = choice
        old = s.structures[slot]
        standing = self.standing
        if (fx.Veto in standing and self.vetoed(p, slot)) or (
                vote and fx.VoteSolutions in standing and not self.voted(p, slot, card)) or (
                approval and not self.approved(p, slot, card)):
            self.log.append(("proposal", p, slot, old, card))
            return False
        hand.remove(card)
        hand.append(old)
        s.structures[slot] = card
        part = s.partida
        part.clock += 1
        if s.bourdieu:  # only a hegemony (Bourdieu mode) asks who put a structure in
            # replaced, never changed in place: see Turns.snapshot
            part.inserted_by = {**part.inserted_by, slot: (p, part.clock)}
        if self.notes_changes:  # a card of the deck asks who changed a structure last turn
            rec = self.record
            rec.changed = rec.changed | {p}
        self.structures_changed(old, card)
        self.log.append(("change", p, slot, old, card))
        if fx.Penalty in self.standing:  # of the society after the change
            self.penalise(p, "structure_change")
        return True

    def swap_structures(self, a: int, b: int) -> None:
        s = self.state
        self.log.append(("swap_structures", s.structures[a], s.structures[b]))
        s.structures[a], s.structures[b] = s.structures[b], s.structures[a]
        self.structures_changed(s.structures[a], s.structures[b])

    def shuffle_structures(self) -> None:
        """Deal the structures out again at random, as swaps the log can show."""
        s = self.state
        order = list(range(s.players))
        shuffle(s.rng, order)
        self.arrange_structures(list(map(s.structures.__getitem__, order)))

    def arrange_structures(self, target: list[str]) -> None:
        """Swap structures until seat i holds ``target[i]``, each swap logged.  Loops, not
        generators: those would make this method's names cells."""
        s = self.state
        order = table_order(s, s.turn)  # from the player of the jogada, as at the table
        for k, slot in enumerate(order):
            if s.structures[slot] != target[slot]:
                for source in order[k + 1:]:
                    if s.structures[source] == target[slot]:
                        break
                self.swap_structures(slot, source)

    def reverse_flow(self) -> None:
        self.state.flow = -self.state.flow
        self.log.append(("flow",))

    def vetoed(self, p: int, slot: int) -> bool:
        for seat, rule in self.rules(fx.Veto):
            if rule.except_this and slot == seat:
                continue
            for v in concerned(self, seat, rule.who):
                if v != p and self.agents[v].veto(self, v, p, slot):
                    return True
        return False

    def voted(self, p: int, slot: int, card: str) -> bool:
        s = self.state
        yes = 0  # a loop: a generator would make self and p cells
        for v in range(s.players):
            if v == p or self.agents[v].approve(self, v, p):
                yes += 1
        return yes * 2 > s.players

    def approved(self, p: int, slot: int, card: str) -> bool:
        s = self.state
        cannot = fx.Cannot in self.standing  # asked first: a prohibition rarely stands
        for v in table_order(s, p)[1:]:
            if not (cannot and forbidden_any(self, v, "support_revolt")) and \
                    self.agents[v].approve(self, v, p):
                s.partida.approvals.add((v, p))
                self.log.append(("approve", v, p))
                return True
        return False
