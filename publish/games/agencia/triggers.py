"""Standing cards that react: triggers on events, penalties, the end-of-turn tally."""

from __future__ import annotations

from collections import Counter

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import HANDLERS, _Skip, draw, gate
from publish.games.agencia.base import Context, EngineBase
from publish.games.agencia.select import Crisis


class Triggers(EngineBase):
    """What standing cards do when something happens in the society."""

    def after_draw(self, player: int, n: int, ctx: Context) -> None:
        """Standing cards that react to a draw (Anarcossindicalismo)."""
        if ctx.event.get("trigger") or fx.Trigger not in self.standing:
            return  # a trigger's own draw reacts to nothing
        self.fire("draw", drawer=player, drawn=n)

    def fire(self, event: str, **who: int | None) -> None:
        """Run the triggers of every standing card that waits for ``event``."""
        triggers = self.rules(fx.Trigger)
        if not triggers:
            return
        drawn = who.pop("drawn", 0) or 0
        for seat, rule in triggers:
            if event not in rule.at:
                continue
            ctx = self.context(seat, trigger=1, **who)
            ctx.drawn = drawn
            self.log.append(("trigger", seat, self.state.structures[seat]))
            for action in rule.do:
                try:
                    if not action.gated or gate(self, ctx, action):
                        HANDLERS[action.do](self, ctx, action, True)  # never a crisis
                except (Crisis, _Skip):
                    break  # a reaction that cannot be done is simply not done
            self.close_trigger()

    def close_trigger(self) -> None:
        """End a standing card's reaction in the log (dropped if it did nothing)."""
        if self.log[-1][0] == "trigger":
            self.log.pop()
        else:
            self.log.append(("trigger_end",))

    def penalise(self, p: int, event: str) -> None:
        """Standing cards that make whoever changes a structure or the field draw."""
        for seat, rule in self.rules(fx.Penalty):
            if event in rule.at:
                self.log.append(("trigger", seat, self.state.structures[seat]))
                draw(self, self.context(p, trigger=1), p, rule.n, optional=True)
                self.close_trigger()

    def tally(self) -> None:
        """Gamificação: at the end of each turno, who drew most in it draws 1, who discarded
        most discards 1 (the turno's counts: ``Partida.turno_drew``, ``turno_discarded``)."""
        s = self.state
        if not self.rules(fx.TurnTally):
            return
        drew: Counter[int] = Counter(s.partida.turno_drew)
        disc: Counter[int] = Counter(s.partida.turno_discarded)
        for counter, act in ((drew, "draw"), (disc, "discard")):
            if not counter:
                continue
            top = max(counter.values())
            if list(counter.values()).count(top) == 1:
                q = max(counter, key=counter.__getitem__)
                ctx = self.context(q, trigger=1)
                seat = self.rules(fx.TurnTally)[0][0]
                self.log.append(("trigger", seat, s.structures[seat]))
                try:
                    if act == "draw":
                        draw(self, ctx, q, 1, optional=True)
                    elif s.hands[q]:
                        card = self.agents[q].pick_cards(self, q, 1, "discard")[0]
                        s.hands[q].remove(card)
                        s.discard.append(card)
                        self.log.append(("discard", q, 1))
                        self.discarded(q, 1)
                except Crisis:
                    pass
                self.close_trigger()
