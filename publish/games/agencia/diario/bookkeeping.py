"""Replaying a diário's bookkeeping: what a log must keep straight without card effects.

A diário states whose jogada it is, which structure is played, how many cards
each player holds, who solves a crisis, who revolts and who wins.  Most of it
follows from the earlier events by rules that do not depend on what a card
says, so a replay of the events alone finds where a log contradicts itself:
turn order, structures, hand counts, committed cards (4.190617), when revolts
and ideology changes are allowed and who makes them, the crisis priority,
victories and (4.190617) the conquest totals.

Edition 2.180423 is played as our engine plays it (docs/agencia-engine.md);
4.190617 as the compendium and its leaflet describe it.  A card may make an
exception to a default rule (an extra turn, crisis priority, shared victory, a
ban on revolts, a natural card kept, a card naming the winner, a reaction at
the turn's end): with ``infos`` the check is skipped, or the exception
followed, while the card is in play; the effects level judges the rest.
Without ``infos`` (and always in 4.190617, whose cards we do not have) no
exception is known and the defaults apply.  After a finding the replay goes on
with what the log declares, so one mistake is reported once; after a line the
reader could not read (a ``Gap``) it goes on with what is still known.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from publish.games.agencia import effects as fx
from publish.games.agencia.base import starting_hand
from publish.games.agencia.cards import CardInfo
from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.editions import EDITIONS
from publish.games.agencia.diario.findings import Finding
from publish.games.agencia.diario.geography import seat_findings
from publish.games.agencia.diario.ledger import (
    V2,
    V4,
    Ledger,
    LoggedJogada,
    LoggedPartida,
)
from publish.games.agencia.diario.reader import JOGADA
from publish.games.agencia.diario.write import consequence as text_of
from publish.games.agencia.diario.write import event as event_text

_IN_JOGADA = (sx.Structure, sx.Commit, sx.Revolt, sx.Natural, sx.Move)


def check_bookkeeping(log: sx.Log, edition: str, infos: dict[str, CardInfo] | None = None,
                      asymmetric: bool = False) -> list[Finding]:
    """Every place where the log's own counts and turns disagree with the edition's rules.

    ``asymmetric``: the social deck is in play (2.180423), so a partida deals
    each player 8 cards less their row instead of 5.
    """
    if edition not in (V2, V4):
        raise ValueError(f"unknown edition {edition!r}; expected {V2} or {V4}")
    return _Replay(log, edition, infos, asymmetric and edition == V2).run()


class _Replay(Ledger):
    """The events of a log, one by one, against the rules of one edition."""

    def __init__(self, log: sx.Log, edition: str, infos: dict[str, CardInfo] | None,
                 asymmetric: bool = False):
        super().__init__(log, infos)
        self.ed = EDITIONS[edition](self)
        self.asymmetric = asymmetric

    def run(self) -> list[Finding]:
        self.ed.opening()
        handlers: dict[type, Callable[[Any], None]] = {
            sx.Ideologies: self.on_ideologies, sx.Part: self.on_part, sx.Campo: self.on_campo,
            sx.Jogada: self.on_jogada, sx.Victory: self.on_victory,
            sx.Hegemony: self.on_hegemony,
            sx.Punishment: self.on_punishment, sx.Conquests: self.on_conquests,
            # these belong to a jogada
            sx.Structure: self.on_structure, sx.Commit: self.on_commit,
            sx.Revolt: lambda r: self.revolt(r, nested=False), sx.Natural: self.on_natural,
            sx.Move: self.on_move, sx.Gap: self.on_gap,
        }
        for index, item in enumerate(self.log.events):
            self.top = item
            self.ed.next_event(item)
            handler = handlers.get(type(item))
            if handler is not None and (not isinstance(item, _IN_JOGADA) or self.in_jogada(item)):
                handler(item)
            if isinstance(item, sx.Victory):
                self.v_end = self.log.end_of(index)
        self.end_jogada()
        if self.conq_due is not None and self.v_end:
            self.flag(self.conq_due, "the log ends after V", "a CONQ line",
                      "3.15: the conquests follow a victory", top=self.conq_due)
        return self.found

    def on_part(self, ev: sx.Part) -> None:
        self.end_jogada()
        self.conq_due = None  # a CONQ missing before it is said by the line rule (3.15)
        # a log may be an excerpt that starts at a later partida (its field given by CAMPO)
        self.partidas = ev.number if self.partidas == 0 else self.partidas + 1
        if ev.number != self.partidas:
            self.flag(ev, f"PART{ev.number}", f"PART{self.partidas}", "partidas count 1, 2, 3...")
        names = [seat.name for seat in ev.seats]
        if names:
            self.check_start(ev, names)
            self.players = names
        for seat in ev.seats:
            self.card_known(seat.structure, ev, structure=True)
        self.part = LoggedPartida(names, {s.name: s.structure for s in ev.seats},
                                  self.dealt(names), dict.fromkeys(names, (0, 0)),
                                  dict.fromkeys(names)) if names else None
        if self.part is not None:
            self.part.since.update(dict.fromkeys(names, f"dealt at PART{ev.number}, line "
                                                        f"{ev.at[0]}"))
        self.last, self.lost = None, not names

    def check_start(self, ev: sx.Part, names: list[str]) -> None:
        """The geography (CNA 3.9-3.13); the last winner starts; seats and flow carry over."""
        for declared, expected, why in seat_findings(ev):
            self.flag(ev, declared, expected, why)
        prev = self.part
        if prev is None:
            return
        # 4.190617 draws lots unless one player won; 2.180423 keeps the last winners of any
        # partida (and our engine lets the last of several start)
        starters = self.ed.starters(prev)
        if starters and names[0] not in starters:
            self.flag(ev, f"{names[0]} starts", f"{' or '.join(sorted(starters))} starts",
                      "the last partida's winner starts the next one")
        circle = prev.circle()
        if sorted(names) == sorted(circle) and names not in [
                circle[i:] + circle[:i] for i in range(len(circle))]:
            self.flag(ev, ", ".join(names), f"a turn of {', '.join(circle)}",
                      "the seats stay and the next partida flows as the last one ended")

    def on_campo(self, ev: sx.Campo) -> None:
        self.end_jogada()
        self.rows.update((square.player, square.row) for square in ev.squares)
        if self.part is not None and self.last is None and self.asymmetric:
            self.part.hands = self.dealt(self.part.order)  # the field of a partida not begun

    def dealt(self, names: list[str]) -> dict[str, int | None]:
        """Each player's hand when a partida begins (with the social deck, by their row)."""
        return {name: starting_hand(self.rows.get(name, 0), self.asymmetric) for name in names}

    def on_jogada(self, j: sx.Jogada) -> None:
        self.end_jogada()
        if self.part is None:
            if not self.lost:
                self.flag(j, f"J{j.number} before any PART", "a PART event first",
                          "a jogada belongs to a partida")
            self.lost = True
            return
        p, self.lost = self.p, True
        if p.ended and not p.overrun:
            self.flag(j, f"J{j.number}", "the next PART", "the partida has already ended")
            p.overrun = p.resync = True  # said once; the replay goes on with the log
        number = self.last.event.number + 1 if self.last else 1
        if j.number != number and not p.resync:
            self.flag(j, f"J{j.number}", f"J{number}", "jogadas count 1, 2, 3... in a partida")
        if not self.member(j.player, j):
            return
        allowed, why = self.turn()
        if j.player not in allowed and not p.resync:
            self.flag(j, f"{j.player} plays", f"{allowed[0]} plays", why)
        if self.last is not None and len(p.order) > 2 and p.after(self.last.player) != j.player:
            p.flow = -p.flow  # a neighbour the other way: the flow the log follows from here
            if p.after(self.last.player) != j.player:
                p.flow = -p.flow  # neither neighbour: the flow stays
        p.resync, p.flow_known = False, p.flow_known or self.last is not None
        self.count_hand(j)
        extra = self.last is not None and j.player == self.last.player
        self.jog, self.lost = LoggedJogada(j, extra=extra), False

    def turn(self) -> tuple[list[str], str]:
        """Who may play the next jogada, and why."""
        if self.last is None:
            return [self.p.order[0]], "the first player listed in PART (South) starts"
        prev = self.last.player
        allowed = [self.p.after(prev)]
        if not self.p.flow_known:  # a gap may have hidden an F: either neighbour
            self.p.flow = -self.p.flow
            allowed.append(self.p.after(prev))
            self.p.flow = -self.p.flow
            why = f"a neighbour of {prev} (the flow is unknown since a line the reader skipped)"
            return allowed, why
        if self.rules(fx.ExtraTurn) and not self.last.extra:
            allowed.append(prev)  # a standing card gives someone a second jogada
        return allowed, f"the next player after {prev} in the flow"

    def count_hand(self, j: sx.Jogada) -> None:
        """The declared hand against the replayed one; then the log's count is taken as true."""
        p, who = self.p, j.player
        total, held = j.uncommitted + j.committed, p.hands[who]
        if held is not None and total != held:
            self.flag(j, f"{who} holds {total} ({j.uncommitted} + {j.committed})",
                      f"{who} holds {held} by the log's own events",
                      "hand count replayed from the last count", since=p.since.get(who, ""))
        lo, hi = p.committed[who]
        committed = self.ed.count_committed(j, lo, hi)
        p.hands[who] = total
        p.since[who] = f"count declared at J{j.number}, line {j.at[0]}"
        p.committed[who] = committed
        if j.hand is not None:
            p.known[who] = set(j.hand) | set(j.held or ())

    def end_jogada(self) -> None:
        if self.jog is not None:
            self.settle(self.jog)
            self.jog, self.last = None, self.jog

    def settle(self, jog: LoggedJogada) -> None:
        """At the end of a jogada, empty hands and declared victories must agree."""
        if jog.settled:
            return
        jog.settled, p = True, self.p
        empty = [q for q in p.order if p.hands[q] == 0]
        if jog.victories:
            self.victory(jog.victories, empty, jog.decreed)
        elif empty and not p.ended and not self.ed.several_empty_excused(empty):
            self.flag(jog.event, f"{', '.join(empty)} with no cards and no V",
                      f"V({', '.join(empty)})",
                      "an empty hand at the end of a jogada wins the partida", top=jog.event)

    def on_structure(self, s: sx.Structure) -> None:
        jog, p = self.j, self.p
        if jog.played:
            if self.at_turn_end(s.card):
                self.settle(jog)  # the jogada ended before the turn's end (our engine's order)
            self.reacting(s)
        else:
            jog.played = True
            if p.structures[jog.player] is None:
                p.structures[jog.player] = s.card  # unknown since a gap: shown now
            elif s.card != p.structures[jog.player]:
                self.flag(s, f"structure {s.card}",
                          f"{jog.player}'s structure {p.structures[jog.player]}",
                          "a jogada plays its player's structure")
            info = self.infos.get(s.card)
            jog.decreed = info is not None and any(a.do == "win" for a in info.actions)
            self.ed.structure(s)
        self.consequences(s.consequences, jog.player)

    def at_turn_end(self, card: str) -> bool:
        """Whether the card reacts at the end of a turn (Gamificação), which follows the win."""
        info = self.infos.get(card)
        return info is not None and any(
            isinstance(r, fx.TurnTally) or (isinstance(r, fx.Trigger) and "turn_end" in r.at)
            for r in info.rules)

    def reacting(self, s: sx.Structure) -> None:
        """A standing card that reacts must stand in the society."""
        if self.p.owner(s.card) is None and not self.p.blurred():
            self.flag(s, f"{s.card} reacts", "a card of the society",
                      "only a standing card reacts to a jogada")

    def on_commit(self, c: sx.Commit) -> None:
        self.ed.commit(c)

    def on_natural(self, cn: sx.Natural) -> None:
        self.ed.action(cn)
        self.card_known(cn.card, cn, natural=True)
        user, known = self.j.player, self.p.known[self.j.player]
        if known is not None and cn.card not in known:
            self.flag(cn, f"{user} uses {cn.card}", f"one of {', '.join(sorted(known))}",
                      "the hand the log showed does not hold this card")
        info = self.infos.get(cn.card)
        kept = info is not None and any(rule.card == info.natural and rule.keep
                                        for rule in self.rules(fx.Natural))
        if not kept:  # a natural card is discarded as it is used
            self.lose(user, 1, cn, (cn.card,))
        self.consequences(cn.consequences, user)

    def on_move(self, mv: sx.Move) -> None:
        self.ed.move(mv)
        self.consequences(mv.consequences, self.j.player)

    def on_ideologies(self, ev: sx.Ideologies) -> None:
        if self.jog is None:
            self.ed.ideology(ev, action=False)  # the game's opening
        elif self.in_jogada(ev):
            self.ed.ideology(ev, action=True)

    def on_victory(self, v: sx.Victory) -> None:
        if self.jog is not None:
            self.jog.victories.append(v)
        elif self.part is not None:
            self.victory([v], [q for q in self.p.order if self.p.hands[q] == 0], False)

    def on_hegemony(self, h: sx.Hegemony) -> None:
        if self.jog is not None:
            self.jog.decreed = True  # the hegemony's group says who wins

    def on_punishment(self, pu: sx.Punishment) -> None:
        self.punished[pu.player] += pu.n

    def commit_nested(self, item: sx.Commit) -> None:
        self.ed.commit(item, action=False)

    def on_gap(self, gap: sx.Gap) -> None:
        """A stretch the reader skipped: what it may have changed is unknown from here."""
        self.conquests_known = False  # a PU, a V or a CONQ may be in it
        if self.part is None:
            return
        self.part.forget(gap.at[0])
        if self.jog is None or JOGADA.match(gap.head):
            self.end_jogada()
            self.part.resync = True  # a J may be in it: the next one's number and turn
        else:
            self.jog.gapped = True

    def consequences(self, items: tuple, actor: str) -> None:
        """Each consequence in order; one followed by Q (or a veto, Q(card, who)) did not
        come about."""
        for i, item in enumerate(items):
            if not (i + 1 < len(items) and isinstance(items[i + 1], sx.Vetoed | sx.Veto)):
                self.consequence(item, actor)

    def consequence(self, item: Any, actor: str) -> None:
        match item:
            case sx.Draw():
                self.gain(item.player, item.n, item.cards, item)
            case sx.Discard():
                self.lose(item.player, item.n, item, item.cards)
            case sx.Give():
                self.lose(item.giver, item.n, item, item.cards)
                self.gain(item.receiver, item.n, item.cards, item)
            case sx.Exchange():
                self.exchange(item)
            case sx.SwapHands():
                self.swap_hands(item)
            case sx.SwapCards():
                self.swap_cards(item, actor)
            case sx.Change():
                self.change(item, item.player or actor)
            case sx.Flow():
                self.p.flow = -self.p.flow
            case sx.Position():
                self.rows[item.player] = item.row
            case sx.Alliance():
                self.p.alliances.add(frozenset((item.a, item.b)))
            case sx.Crisis():
                self.crisis(item)
            case sx.Revolt():
                self.revolt(item, nested=True)
            case sx.Ideologies():
                self.ed.ideology(item, action=False)  # a card's effect (inside CN, say)
            case sx.Structure():
                self.reacting(item)
                self.consequences(item.consequences, actor)
            case sx.Natural() | sx.Move():
                self.consequences(item.consequences, actor)
            case sx.Withdrawn() | sx.Breakup() | sx.Commit() | sx.Punishment():
                self.other_consequence(item)
            case sx.Victory():
                self.j.victories.append(item)
            case sx.Hegemony():
                self.j.decreed = True

    def swap_cards(self, item: sx.SwapCards, actor: str) -> None:
        """Two structures trade places; in 4.190617 otherwise a hand card and a conquest."""
        p = self.p
        a, b = p.owner(item.a), p.owner(item.b)
        if a is not None and b is not None:
            p.structures[a], p.structures[b] = item.b, item.a
        else:
            self.ed.swap_cards(item, actor)

    def crisis(self, x: sx.Crisis) -> None:
        jog, p = self.j, self.p
        causer = jog.player
        queue = self.crisis_queue(causer)
        reordered = self.ed.crisis_reordered()
        revolts = [r for r in x.more if isinstance(r, sx.Revolt)]
        if revolts and x.change is None:  # CNA 2.4: with 2 committed, a revolt instead
            self.revolt(revolts[0], nested=True, resolving=True)
            self.consequences(tuple(c for c in x.more if c is not revolts[0]), causer)
            jog.crisis = p.crisis_since_revolt = True
            return
        jog.crisis = p.crisis_since_revolt = True
        if x.unsolved:  # nobody could solve it: the partida ends without winner
            if x.passed and queue and list(x.passed) != queue and not reordered:
                self.flag(x, text_of(x), text_of(sx.Crisis(None, tuple(queue))),
                          f"everyone in the priority queue ({', '.join(queue)}) passed")
            p.ended = True
        elif x.change is not None:
            solver = x.change.player
            if solver is not None and not self.member(solver, x):
                solver = None
            if solver is not None:
                self.check_solver(x, causer, solver, [] if reordered else queue)
            self.change(x.change, solver)
        self.consequences(x.more, causer)
        self.ed.after_crisis(causer)

    def check_solver(self, x: sx.Crisis, causer: str, solver: str, queue: list[str]) -> None:
        """Never the causer; the first of the queue unless those ahead are listed as passed."""
        if solver == causer:
            if not any(r.who == "crisis_causer" for r in self.rules(fx.CrisisPriority)):
                self.flag(x, f"{causer} solves", "an opponent solves",
                          "nobody solves the crisis they caused")
            return
        ahead = queue[:queue.index(solver)] if queue else list(x.passed)
        if list(x.passed) != ahead:
            criteria = self.ed.crisis_criteria
            self.flag(x, text_of(x), text_of(sx.Crisis(x.change, tuple(ahead), x.more)),
                      f"the priority to solve it is {', '.join(queue)} "
                      f"({criteria} after {causer})")

    def crisis_queue(self, causer: str) -> list[str]:
        """The causer's opponents in order of priority to solve the crisis ([]: unknown)."""
        p = self.p
        if any(p.hands[q] is None for q in p.order if q != causer):
            return []  # a count unknown since a gap

        def key(q: str) -> tuple[int, int, int]:
            return -(p.hands[q] or 0), self.ed.row(q), p.distance(causer, q)

        return sorted((q for q in p.order if q != causer), key=key)

    def revolt(self, r: sx.Revolt, nested: bool, resolving: bool = False) -> None:
        """``resolving``: the revolt a crisis turned into (CNA 2.4), not an action."""
        jog, p = self.j, self.p
        proposer = r.change.player or jog.player
        if not self.member(proposer, r):
            return
        self.ed.revolt(r, nested, jog.player, resolving)
        if isinstance(r.outcome, sx.Approval):
            self.support(r.outcome, proposer)
            self.change(r.change, proposer)
        p.crisis_since_revolt, jog.revolt = False, True

    def victory(self, victories: list[sx.Victory], empty: list[str], decreed: bool) -> None:
        """Winners hold no cards, unless a hegemony or a card decreed the win."""
        p, first = self.p, victories[0]
        named = list(dict.fromkeys(w for v in victories for w in v.players))
        allied = set(empty)  # with their allies, and the allies' allies
        for _ in p.alliances:
            allied |= {q for pair in p.alliances if pair & allied for q in pair}
        for v in victories:
            for w in v.players:
                if self.member(w, v) and p.hands[w] and w not in allied and not decreed:
                    self.flag(v, f"{w} wins", f"{w} holds {p.hands[w]} cards",
                              "a winner ends the jogada with an empty hand", top=v)
        if missing := [q for q in empty if q not in named]:
            self.flag(first, event_text(first), f"V({', '.join(named + missing)})",
                      "every empty hand at the end of the jogada wins", top=first)
        self.ed.check_winners(first, named, decreed)
        p.ended, p.winners = True, [w for w in named if w in p.hands]
        self.wins.update(p.winners)
        self.starters = set(p.winners) or self.starters
        self.ed.after_victory(first)

    def on_conquests(self, ev: sx.Conquests) -> None:
        self.end_jogada()
        self.ed.conquests(ev)
