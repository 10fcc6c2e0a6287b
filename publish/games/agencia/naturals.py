"""Natural cards: which a player may use after their structure, and using one.

A natural card is discarded only to have its effect carried out; the one
exception is the discard that empties the hand and so wins the partida, which
needs no effect.  So a card whose change cannot be made is not offered, and a
use whose effect fails after all (the player declines the change) is undone.
"""

from __future__ import annotations

from itertools import filterfalse

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import HANDLERS, _Skip, forbidden_any, gate
from publish.games.agencia.base import Context, EngineBase
from publish.games.agencia.cards import CardInfo
from publish.games.agencia.select import Crisis, holds, resolve

USE_ACT = {"nova_geracao": "use_nova_geracao", "lideranca": "use_lideranca"}
"""The natural cards a standing rule may forbid, and the act it forbids."""


class Naturals(EngineBase):
    """At most one natural card per jogada, after the structure."""

    def natural(self, p: int) -> None:
        """Offer p the natural cards they may use now; a use whose effect fails is undone."""
        roles = self.roles
        held = []  # each natural card once, in the hand's order (a deck holds copies)
        for c in self.state.hands[p]:
            if c in roles and c not in held:
                held.append(c)
        if not held:
            return  # no natural card in hand (about half the jogadas)
        options = []
        for c in held:
            if self.natural_allowed(p, c):
                options.append(c)
        if not options:
            return
        card = self.agents[p].natural(self, p, options)
        if card is None:
            return
        if fx.Natural in self.standing and self.needs_approval(card) and \
                not self.approved(p, 0, card):
            return  # not approved: the card is not even discarded
        reach = self.reaches[card]
        assert reach is not None  # None only for a structure without actions (card_reach)
        before, mark, drawn = self.snapshot(p, reach), len(self.log), len(self.events)
        if not self.use_natural(p, card):
            self.restore(before)  # its effect was not carried out: the card stays in hand
            del self.log[mark:]
            del self.events[drawn:]

    def needs_approval(self, card: str) -> bool:
        """Whether a standing rule makes the use of this natural card need approval."""
        role = self.infos[card].natural
        return any(r.approval and r.card == role for _, r in self.rules(fx.Natural))

    def use_natural(self, p: int, card: str) -> bool:
        """Discard ``card`` and carry out its effect; False if the effect failed.

        A failure is excused when the discard left the hand empty (that discard wins).
        """
        s = self.state
        role = self.infos[card].natural
        self.log.append(("natural_begin", p, card))
        if not self.natural_kept(role):
            s.hands[p].remove(card)
            s.discard.append(card)
            self.discarded(p, 1)
        ctx = None  # made for the first action run by its handler (``HANDLERS``)
        done = True
        for action in self.infos[card].actions:
            if action.do == "discard_this":
                continue
            try:
                if action.do == "change_structure":
                    for _ in range(action.count):
                        done = self.natural_change(p, role) and done
                else:
                    if ctx is None:
                        ctx = Context(p, card)
                    if not action.gated or gate(self, ctx, action):
                        HANDLERS[action.do](self, ctx, action, action.lenient)
            except (Crisis, _Skip):
                done = False
            if not done:
                break
        if not done and s.hands[p]:
            return False
        self.stats.executed[card] = self.stats.executed.get(card, 0) + 1
        self.log.append(("natural", p, card))
        return True

    def natural_change(self, p: int, role: str | None) -> bool:
        """One change of a natural card: made, or proposed and vetoed by another player."""
        mark = len(self.log)
        if self.change_structure(p, returning=role == "nova_geracao"):
            return True
        return any(entry[0] == "proposal" for entry in self.log[mark:])

    def natural_kept(self, role: str | None) -> bool:
        """Whether a standing card lets Nova geração be used without discarding it."""
        return role == "nova_geracao" and fx.Natural in self.standing and any(
            r.card == "nova_geracao" and r.keep for _, r in self.rules(fx.Natural))

    def natural_allowed(self, p: int, card: str) -> bool:
        """Whether p may use ``card`` now: its conditions hold and its effect can be done.

        The effect may be impossible only when discarding the card empties the hand
        and so wins the partida.
        """
        info = self.infos[card]
        role = info.natural
        standing = self.standing
        if fx.Cannot in standing and role in USE_ACT and forbidden_any(self, p, USE_ACT[role]):
            return False
        if info.conditional and not self.conditions_hold(p, card, info.conditional):
            return False
        return self.natural_doable(p, info) or self.wins_by_discard(p, card)

    def conditions_hold(self, p: int, card: str, conditional: tuple) -> bool:
        """Whether the conditions of the card's conditional actions hold for p (a standing
        rule may let Liderança be used with any hand)."""
        any_hand = self.infos[card].natural == "lideranca" and fx.Natural in self.standing \
            and any(r.card == "lideranca" and r.any_hand for _, r in self.rules(fx.Natural))
        ctx = Context(p, card)
        for action in conditional:
            if any_hand and action.do == "discard_this":
                continue
            try:
                who = resolve(self, ctx, action.if_who) if action.if_who else [p]
            except Crisis:
                return False
            for q in who:
                if not holds(self, ctx, q, action.when):
                    return False
        return True

    def natural_doable(self, p: int, info: CardInfo) -> bool:
        """Whether the card's changes can be made: a structural card left in hand to put in."""
        if "change_structure" not in info.does:
            return True  # its other actions (a team, a scheduled crisis) can always be done
        # the card itself, discarded or kept, is natural: its hand's structural cards are the
        # options either way
        if info.natural == "nova_geracao" and fx.Natural in self.standing and any(
                r.returning_only for _, r in self.rules(fx.Natural)):
            structural = filterfalse(self.roles.__contains__, self.state.hands[p])
            return not self.state.partida.society_seen.isdisjoint(structural)
        return self.structural_card(p) is not None

    def wins_by_discard(self, p: int, card: str) -> bool:
        """Whether discarding ``card`` empties p's hand and so wins the partida."""
        s = self.state
        if s.hands[p] != [card] or self.natural_kept(self.infos[card].natural):
            return False
        together = fx.SharedVictory in self.standing or bool(s.partida.teams)
        return together or all(s.hands)  # p's hand is not empty: the others' are not either
