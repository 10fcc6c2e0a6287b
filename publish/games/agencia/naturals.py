"""Natural cards: which a player may use after their structure, and using one."""

from __future__ import annotations

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import _Skip, forbidden_any, run_action
from publish.games.agencia.base import EngineBase
from publish.games.agencia.select import Crisis, holds, resolve


class Naturals(EngineBase):
    """At most one natural card per jogada, after the structure."""

    def natural(self, p: int) -> None:
        s = self.state
        options = [c for c in dict.fromkeys(s.hands[p]) if self.infos[c].natural
                   and self.natural_allowed(p, c)]
        if not options:
            return
        card = self.agent(p).natural(self, p, options)
        if card is None:
            return
        role = self.infos[card].natural
        keep = role == "nova_geracao" and any(r.card == "nova_geracao" and r.keep
                                              for _, r in self.rules(fx.Natural))
        needs_ok = any(r.approval and r.card == role for _, r in self.rules(fx.Natural))
        if needs_ok and not self.approved(p, 0, card):
            return  # not approved: the card is not even discarded
        self.log.append(("natural_begin", p, card))
        if not keep:
            s.hands[p].remove(card)
            s.discard.append(card)
            self.discarded(p, 1)
        self.stats.executed[card] += 1
        ctx = self.context(p)
        ctx.card = card
        for action in self.infos[card].actions:
            if action.do == "discard_this":
                continue
            try:
                if action.do == "change_structure":
                    for _ in range(action.count):
                        self.change_structure(p, returning=role == "nova_geracao")
                else:
                    run_action(self, ctx, action)
            except (Crisis, _Skip):
                break  # a natural card never causes a crisis
        self.log.append(("natural", p, card))

    def natural_allowed(self, p: int, card: str) -> bool:
        role = self.infos[card].natural
        if role in ("nova_geracao", "lideranca") and forbidden_any(self, p, f"use_{role}"):
            return False
        any_hand = role == "lideranca" and any(r.card == "lideranca" and r.any_hand
                                               for _, r in self.rules(fx.Natural))
        ctx = self.context(p)
        ctx.card = card
        for action in self.infos[card].actions:
            if action.when is None or (any_hand and action.do == "discard_this"):
                continue
            try:
                who = resolve(self, ctx, action.if_who) if action.if_who else [p]
            except Crisis:
                return False
            if not all(holds(self, ctx, q, action.when) for q in who):
                return False
        return True  # even when its change cannot be made: discarding it may still win
