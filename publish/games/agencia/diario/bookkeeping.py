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
with what the log declares, so one mistake is reported once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from publish.games.agencia import effects as fx
from publish.games.agencia.cards import CardInfo, rules_of
from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.findings import Finding
from publish.games.agencia.diario.write import consequence as text_of
from publish.games.agencia.diario.write import event as event_text

V2, V4 = "2.180423", "4.190617"
HAND = 5  # cards each player holds when a partida begins
MAX_COMMITTED = 2
REVOLT_GAP = 4  # 2.180423: the biggest and smallest hands must differ by this much
_IN_JOGADA = (sx.Structure, sx.Commit, sx.Revolt, sx.Natural, sx.Move)


def check_bookkeeping(log: sx.Log, edition: str,
                      infos: dict[str, CardInfo] | None = None) -> list[Finding]:
    """Every place where the log's own counts and turns disagree with the edition's rules."""
    if edition not in (V2, V4):
        raise ValueError(f"unknown edition {edition!r}; expected {V2} or {V4}")
    return _Replay(log, edition, infos).run()


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo} to {hi}"


def _head(item: Any) -> str:
    """``J4``, ``068``, ``CN``, ``+c``: how a message names an event."""
    return event_text(item).split("(")[0]


@dataclass
class _Partida:
    """What the log has established so far in one partida."""

    order: list[str]  # the order of play at the start (PART)
    structures: dict[str, str]
    hands: dict[str, int]
    committed: dict[str, tuple[int, int]]  # fewest and most: losing cards may relax some
    known: dict[str, set[str] | None]  # a superset of the hand, while the log shows it
    flow: int = 1
    crisis_since_revolt: bool = False
    alliances: set[frozenset[str]] = field(default_factory=set)  # Ana=Bia: they win together
    ended: bool = False
    overrun: bool = False  # jogadas went on after the end
    winners: list[str] = field(default_factory=list)

    def after(self, player: str) -> str:
        return self.order[(self.order.index(player) + self.flow) % len(self.order)]

    def distance(self, start: str, player: str) -> int:
        """How many jogadas after ``start`` ``player`` plays, in the current flow."""
        return (self.order.index(player) - self.order.index(start)) * self.flow % len(self.order)

    def owner(self, card: str) -> str | None:
        return next((who for who, c in self.structures.items() if c == card), None)

    def circle(self) -> list[str]:
        """The players in the order of play the flow gives at the end, from the first."""
        return self.order if self.flow == 1 else self.order[:1] + self.order[:0:-1]


@dataclass
class _Jogada:
    event: sx.Jogada
    extra: bool = False  # the same player's second jogada in a row
    played: bool = False  # its structure event was seen
    crisis: bool = False
    revolt: bool = False
    actions: int = 0
    victories: list[sx.Victory] = field(default_factory=list)
    decreed: bool = False  # a hegemony or a card (2.180423, known by infos) names the winner
    settled: bool = False  # its end was checked (before a turn's-end reaction, if any)

    @property
    def player(self) -> str:
        return self.event.player


class _Replay:
    def __init__(self, log: sx.Log, edition: str, infos: dict[str, CardInfo] | None):
        self.log, self.v2, self.infos = log, edition == V2, infos or {}
        self.found: list[Finding] = []
        self.top: Any = None  # the top-level event being replayed
        self.part: _Partida | None = None
        self.jog: _Jogada | None = None
        self.last: _Jogada | None = None  # the partida's previous jogada
        self.lost = False  # the current J named nobody of the partida: skip its events
        self.partidas = 0
        self.players: list[str] = []
        self.rows: dict[str, int] = {}  # the field (2.180423, Bourdieu mode)
        self.starters: set[str] = set()  # 2.180423: the last winners of a partida
        self.ideologies: dict[str, str] = {}
        self.conquests: dict[str, int] = {}
        self.wins: Counter[str] = Counter()  # since the last CONQ
        self.punished: Counter[str] = Counter()
        self.conq_due: sx.Victory | None = None  # 4.190617: a V not yet followed by CONQ

    @property
    def p(self) -> _Partida:
        assert self.part is not None
        return self.part

    @property
    def j(self) -> _Jogada:
        assert self.jog is not None
        return self.jog

    # ------------------------------------------------------------ driving
    def run(self) -> list[Finding]:
        if not self.v2:
            self.opening()
        handlers = {
            sx.Ideologies: self.on_ideologies, sx.Part: self.on_part, sx.Campo: self.on_campo,
            sx.Jogada: self.on_jogada, sx.Victory: self.on_victory,
            sx.Hegemony: self.on_hegemony,
            sx.Punishment: self.on_punishment, sx.Conquests: self.on_conquests,
            # these belong to a jogada
            sx.Structure: self.on_structure, sx.Commit: self.on_commit,
            sx.Revolt: lambda r: self.revolt(r, nested=False), sx.Natural: self.on_natural,
            sx.Move: self.on_move,
        }
        for item in self.log.events:
            self.top = item
            handler = handlers.get(type(item))
            if handler is not None and (not isinstance(item, _IN_JOGADA) or self.in_jogada(item)):
                handler(item)
        self.end_jogada()
        if self.conq_due is not None:
            self.flag(self.conq_due, "the log ends after V", "a CONQ line",
                      "3.15: the conquests follow a victory", top=self.conq_due)
        return self.found

    def flag(self, item: Any, declared: str, expected: str, why: str, top: Any = None) -> None:
        line, col = item.at
        self.found.append(Finding(self.log.path, line, col, event_text(top or self.top),
                                  declared, expected, why))

    def rules(self, rule_type: type) -> list[Any]:
        """Standing rules of this type in the society (none known without infos)."""
        if not self.infos or self.part is None:
            return []
        society = [c for c in self.part.structures.values() if c in self.infos]
        return [rule for _, rule in rules_of(rule_type, society, self.infos)]

    def member(self, who: str, item: Any) -> bool:
        if who in self.p.hands:
            return True
        self.flag(item, who, f"one of {', '.join(self.p.order)}", "not a player of this partida")
        return False

    def in_jogada(self, item: Any) -> bool:
        """Whether a jogada is under way for this event, which belongs to one."""
        if self.jog is None and not self.lost:
            self.flag(item, _head(item), "a J event before it", "this event belongs to a jogada")
        return self.jog is not None

    # ------------------------------------------------------------ partidas and turns
    def opening(self) -> None:
        """3.14: a 4.190617 diário opens with ID, then PART1 on the next line."""
        events = self.log.events
        if not events:
            return
        first, nxt = events[0], events[1] if len(events) > 1 else events[0]
        if not isinstance(first, sx.Ideologies):
            self.flag(first, f"the log opens with {_head(first)}", "ID(...)",
                      "3.14: the diário opens with the players' ideologies", top=first)
        elif not (isinstance(nxt, sx.Part) and nxt.number == 1):
            self.flag(nxt, f"{_head(nxt)} after ID", "PART1",
                      "3.14: the first partida follows the ideologies", top=nxt)

    def on_part(self, ev: sx.Part) -> None:
        self.end_jogada()
        if self.conq_due is not None:
            self.flag(ev, f"PART{ev.number} after V", "a CONQ line before it",
                      "3.15: the conquests follow a victory, before the next partida")
            self.conq_due = None
        # a log may be an excerpt that starts at a later partida (its field given by CAMPO)
        self.partidas = ev.number if self.partidas == 0 else self.partidas + 1
        if ev.number != self.partidas:
            self.flag(ev, f"PART{ev.number}", f"PART{self.partidas}", "partidas count 1, 2, 3...")
        names = [seat.name for seat in ev.seats]
        if names:
            self.check_start(ev, names)
            self.players = names
        self.part = _Partida(names, {s.name: s.structure for s in ev.seats},
                             dict.fromkeys(names, HAND), dict.fromkeys(names, (0, 0)),
                             dict.fromkeys(names)) if names else None
        self.last, self.lost = None, not names

    def check_start(self, ev: sx.Part, names: list[str]) -> None:
        """South starts; so does the last winner; seats and flow carry over."""
        if ev.seats[0].position != "S":
            self.flag(ev, f"{names[0]}={ev.seats[0].position}", f"{names[0]}=S",
                      "3.11: the player who starts the partida is South")
        prev = self.part
        if prev is None:
            return
        # 4.190617 draws lots unless one player won; 2.180423 keeps the last winners of any
        # partida (and our engine lets the last of several start)
        starters = self.starters if self.v2 else set(prev.winners[:1] * (len(prev.winners) == 1))
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
            p.overrun = True  # said once; the replay goes on with the log
        number = self.last.event.number + 1 if self.last else 1
        if j.number != number:
            self.flag(j, f"J{j.number}", f"J{number}", "jogadas count 1, 2, 3... in a partida")
        if not self.member(j.player, j):
            return
        allowed, why = self.turn()
        if j.player not in allowed:
            self.flag(j, f"{j.player} plays", f"{allowed[0]} plays", why)
        self.count_hand(j)
        extra = self.last is not None and j.player == self.last.player
        self.jog, self.lost = _Jogada(j, extra=extra), False

    def turn(self) -> tuple[list[str], str]:
        """Who may play the next jogada, and why."""
        if self.last is None:
            return [self.p.order[0]], "the first player listed in PART (South) starts"
        prev = self.last.player
        allowed = [self.p.after(prev)]
        if self.rules(fx.ExtraTurn) and not self.last.extra:
            allowed.append(prev)  # a standing card gives someone a second jogada
        return allowed, f"the next player after {prev} in the flow"

    def count_hand(self, j: sx.Jogada) -> None:
        """The declared hand against the replayed one; then the log's count is taken as true."""
        p, who = self.p, j.player
        total, held = j.uncommitted + j.committed, p.hands[who]
        if total != held:
            self.flag(j, f"{who} with {total} cards ({j.uncommitted} + {j.committed})",
                      f"{who} with {held} cards", "hand count replayed from the partida's start")
        lo, hi = p.committed[who]
        if self.v2 and j.committed:
            self.flag(j, f"{j.committed} committed", "0 committed",
                      "2.180423 has no committed cards")
        elif j.committed > MAX_COMMITTED:
            self.flag(j, f"{j.committed} committed", f"at most {MAX_COMMITTED} committed",
                      "nobody commits more than 2 cards")
        elif not self.v2 and not lo <= j.committed <= hi:
            self.flag(j, f"{j.committed} committed", f"{_span(lo, hi)} committed",
                      "committed cards replayed: +c, -c, crises, revolts and cards lost")
        p.hands[who] = total
        p.committed[who] = (0, 0) if self.v2 else (j.committed, j.committed)
        if j.hand is not None:
            p.known[who] = set(j.hand)

    def end_jogada(self) -> None:
        if self.jog is not None:
            self.settle(self.jog)
            self.jog, self.last = None, self.jog

    def settle(self, jog: _Jogada) -> None:
        """At the end of a jogada, empty hands and declared victories must agree."""
        if jog.settled:
            return
        jog.settled, p = True, self.p
        empty = [q for q in p.order if p.hands[q] == 0]
        if jog.victories:
            self.victory(jog.victories, empty, jog.decreed)
        elif empty and not p.ended and not (self.v2 and len(empty) > 1 and not self.shared()):
            self.flag(jog.event, f"{', '.join(empty)} with no cards and no V",
                      f"V({', '.join(empty)})",
                      "an empty hand at the end of a jogada wins the partida", top=jog.event)

    # ------------------------------------------------------------ the events of a jogada
    def on_structure(self, s: sx.Structure) -> None:
        jog, p = self.j, self.p
        if jog.played:
            if self.at_turn_end(s.card):
                self.settle(jog)  # the jogada ended before the turn's end (our engine's order)
            self.reacting(s)
        else:
            jog.played = True
            if s.card != p.structures[jog.player]:
                self.flag(s, f"structure {s.card}",
                          f"{jog.player}'s structure {p.structures[jog.player]}",
                          "a jogada plays its player's structure")
            info = self.infos.get(s.card)
            jog.decreed = info is not None and any(a.do == "win" for a in info.actions)
            if self.v2 and len(s.consequences) > 1:
                for item in s.consequences:
                    if isinstance(item, sx.Revolt):
                        self.flag(item, "a revolt beside other consequences", "the revolt alone",
                                  "2.180423: a revolt replaces the structure's execution")
        self.consequences(s.consequences, jog.player)

    def at_turn_end(self, card: str) -> bool:
        """Whether the card reacts at the end of a turn (Gamificação), which follows the win."""
        info = self.infos.get(card)
        return info is not None and any(
            isinstance(r, fx.TurnTally) or (isinstance(r, fx.Trigger) and "turn_end" in r.at)
            for r in info.rules)

    def reacting(self, s: sx.Structure) -> None:
        """A standing card that reacts must stand in the society."""
        if self.p.owner(s.card) is None:
            self.flag(s, f"{s.card} reacts", "a card of the society",
                      "only a standing card reacts to a jogada")

    def on_commit(self, c: sx.Commit) -> None:
        if self.v2:
            self.flag(c, _head(c), "no commitment", "2.180423 has no committed cards")
            return
        self.action(c)
        p, who = self.p, self.j.player
        (lo, hi), hand = p.committed[who], p.hands[who]
        if c.delta > 0:
            if lo >= min(MAX_COMMITTED, hand):
                self.flag(c, f"+c with {_span(lo, hi)} of {hand} cards committed",
                          "an uncommitted card and fewer than 2 committed",
                          "nobody commits more than 2 cards, nor more than they hold")
            cap = min(MAX_COMMITTED, hand)
            p.committed[who] = (min(lo + 1, cap), min(hi + 1, cap))
        else:
            if hi <= 0:
                self.flag(c, "-c with no card committed", "a committed card",
                          "only a committed card can be relaxed")
            p.committed[who] = (max(0, lo - 1), max(0, hi - 1))
            p.known[who] = None  # a card the log never showed becomes usable

    def on_natural(self, cn: sx.Natural) -> None:
        self.action(cn)
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
        if self.v2:
            self.flag(mv, "MV", "no movement", "2.180423 has no movements")
        else:
            self.action(mv)
        self.consequences(mv.consequences, self.j.player)

    def on_ideologies(self, ev: sx.Ideologies) -> None:
        if self.jog is None:
            self.ideology(ev, action=False)  # the game's opening
        elif self.in_jogada(ev):
            self.ideology(ev, action=True)

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

    def action(self, item: Any) -> None:
        """The one action of a jogada (2.180423: a natural card); none after a crisis."""
        jog, why = self.j, None
        if jog.crisis:
            why = "a player who suffers a crisis takes no action in that jogada"
        elif jog.revolt and self.v2:
            why = "2.180423: a revolt ends the jogada"
        elif jog.actions:
            why = "one natural card per jogada" if self.v2 else "one action per jogada"
        if why:
            self.flag(item, _head(item), "no further action", why)
        jog.actions += 1

    # ------------------------------------------------------------ consequences
    def consequences(self, items: tuple, actor: str) -> None:
        """Each consequence in order; one followed by Q did not come about."""
        for i, item in enumerate(items):
            if not (i + 1 < len(items) and isinstance(items[i + 1], sx.Vetoed)):
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
                self.ideology(item, action=False)  # a card's effect (inside CN, say)
            case sx.Structure():
                self.reacting(item)
                self.consequences(item.consequences, actor)
            case sx.Natural() | sx.Move():
                self.consequences(item.consequences, actor)
            case sx.Victory():
                self.j.victories.append(item)
            case sx.Hegemony():
                self.j.decreed = True

    def gain(self, who: str, n: int, cards: tuple[str, ...], item: Any) -> None:
        if self.member(who, item):
            p = self.p
            p.hands[who] += n
            known = p.known[who]
            p.known[who] = known | set(cards) if known is not None and len(cards) == n else None

    def lose(self, who: str, n: int, item: Any, cards: tuple[str, ...] = ()) -> None:
        """Discarding, giving, using a card: never more than held; committed ones may go."""
        if not self.member(who, item):
            return
        p, held = self.p, self.p.hands[who]
        if n > held:
            self.flag(item, text_of(item), f"{who} holds {held}",
                      "nobody loses more cards than they hold")
        p.hands[who] = max(0, held - n)
        lo, hi = p.committed[who]
        p.committed[who] = (max(0, lo - n), min(hi, p.hands[who]))
        if (known := p.known[who]) is not None:
            p.known[who] = known - set(cards)

    def exchange(self, item: sx.Exchange) -> None:
        p = self.p
        for who in (item.a, item.b):
            if self.member(who, item):
                if p.hands[who] < item.n:
                    self.flag(item, text_of(item), f"{who} holds {p.hands[who]}",
                              "an exchange needs the cards on both sides")
                lo, hi = p.committed[who]
                p.committed[who] = (max(0, lo - item.n), hi)  # a committed card may go
                p.known[who] = None

    def swap_hands(self, item: sx.SwapHands) -> None:
        p, a, b = self.p, item.a, item.b
        if self.member(a, item) and self.member(b, item):
            p.hands[a], p.hands[b] = p.hands[b], p.hands[a]
            p.known[a], p.known[b] = p.known[b], p.known[a]
            p.committed[a] = p.committed[b] = (0, 0)  # cards handed over arrive relaxed

    def swap_cards(self, item: sx.SwapCards, actor: str) -> None:
        """Two structures trade places; in 4.190617 otherwise a hand card and a conquest."""
        p = self.p
        a, b = p.owner(item.a), p.owner(item.b)
        if a is not None and b is not None:
            p.structures[a], p.structures[b] = item.b, item.a
        elif self.v2:
            self.flag(item, text_of(item), "two structures of the society",
                      "2.180423 has no conquests: '=' swaps two structures")
        elif (known := p.known.get(actor)) is not None:
            p.known[actor] = known | {item.a, item.b}

    def change(self, ch: sx.Change, who: str | None) -> None:
        """A hand card replaces a structure: the hand keeps its size."""
        p = self.p
        owner = p.owner(ch.old)
        if owner is None:
            self.flag(ch, f"-{ch.old}", f"one of {', '.join(p.structures.values())}",
                      "only a structure of the society can be replaced")
        if p.owner(ch.new) is not None:
            self.flag(ch, f"+{ch.new}", "a card not in the society",
                      "a structure cannot be put in the society again")
            return
        if who is not None and self.member(who, ch) and (known := p.known[who]) is not None:
            if ch.new not in known:
                self.flag(ch, f"{who} puts in {ch.new}", f"one of {', '.join(sorted(known))}",
                          "the hand the log showed does not hold this card")
            p.known[who] = (known - {ch.new}) | ({ch.old} if owner else set())
        if owner is not None:
            p.structures[owner] = ch.new

    # ------------------------------------------------------------ crises
    def crisis(self, x: sx.Crisis) -> None:
        jog, p = self.j, self.p
        causer = jog.player
        jog.crisis = p.crisis_since_revolt = True
        queue = self.crisis_queue(causer)
        reordered = self.v2 and bool(self.rules(fx.CrisisPriority))
        if x.change is None:  # nobody could solve it: the partida ends without winner
            if x.passed and list(x.passed) != queue and not reordered:
                self.flag(x, text_of(x), text_of(sx.Crisis(None, tuple(queue))),
                          f"everyone in the priority queue ({', '.join(queue)}) passed")
            p.ended = True
        else:
            solver = x.change.player
            if solver is not None and not self.member(solver, x):
                solver = None
            if solver is not None:
                self.check_solver(x, causer, solver, [] if reordered else queue)
            self.change(x.change, solver)
        if not self.v2:  # the player who suffers it commits 1 card, if they can
            (lo, hi), cap = p.committed[causer], min(MAX_COMMITTED, p.hands[causer])
            p.committed[causer] = (min(lo + 1, cap), min(hi + 1, cap))

    def check_solver(self, x: sx.Crisis, causer: str, solver: str, queue: list[str]) -> None:
        """Never the causer; the first of the queue unless those ahead are listed as passed."""
        if solver == causer:
            if not any(r.who == "crisis_causer" for r in self.rules(fx.CrisisPriority)):
                self.flag(x, f"{causer} solves", "an opponent solves",
                          "nobody solves the crisis they caused")
            return
        ahead = queue[:queue.index(solver)] if queue else list(x.passed)
        if list(x.passed) != ahead:
            criteria = ("most cards, then highest row, then nearest to play" if self.v2
                        else "most cards, then nearest to play")
            self.flag(x, text_of(x), text_of(sx.Crisis(x.change, tuple(ahead))),
                      f"the priority to solve it is {', '.join(queue)} "
                      f"({criteria} after {causer})")

    def crisis_queue(self, causer: str) -> list[str]:
        """The causer's opponents in order of priority to solve the crisis."""
        p = self.p

        def key(q: str) -> tuple[int, int, int]:
            row = -self.rows.get(q, 0) if self.v2 else 0
            return -p.hands[q], row, p.distance(causer, q)

        return sorted((q for q in p.order if q != causer), key=key)

    # ------------------------------------------------------------ revolts and ideologies
    def revolt(self, r: sx.Revolt, nested: bool) -> None:
        jog, p = self.j, self.p
        proposer = r.change.player or jog.player
        if not self.member(proposer, r):
            return
        if self.v2:
            if not nested:
                self.flag(r, "R after the structure event", "R inside the structure event",
                          "2.180423: a revolt replaces the structure's execution")
            self.revolt_v2(r, jog.player)
        else:
            self.action(r)
            self.revolt_v4(r, jog.player)
        if isinstance(r.outcome, sx.Approval):
            self.support(r.outcome, proposer)
            self.change(r.change, proposer)
        p.crisis_since_revolt, jog.revolt = False, True

    def revolt_v2(self, r: sx.Revolt, active: str) -> None:
        """After a crisis, with hands 4 apart, by the one player the rules name."""
        p = self.p
        if not p.crisis_since_revolt:
            self.flag(r, "a revolt with no crisis since the last one", "a crisis first",
                      "2.180423: a revolt needs a crisis since the partida's last revolt")
        most, fewest = max(p.hands.values()), min(p.hands.values())
        if most - fewest < REVOLT_GAP:
            self.flag(r, f"hands of {fewest} to {most} cards",
                      f"a difference of {REVOLT_GAP} or more",
                      "2.180423: a revolt needs the biggest and smallest hands 4 cards apart")
        if any("propose_revolt" in rule.act for rule in self.rules(fx.Cannot)):
            return  # a standing card forbids someone to propose: the effects level checks it
        expected = min(p.order, key=lambda q: (-p.hands[q], self.rows.get(q, 0),
                                               -p.distance(active, q)))
        if r.change.player != expected:
            self.flag(r, f"{r.change.player or 'nobody named'} proposes", f"{expected} proposes",
                      "2.180423: most cards, then lowest row, then the last of them to play")

    def revolt_v4(self, r: sx.Revolt, active: str) -> None:
        """The player whose jogada it is, with 2 committed cards, which the revolt relaxes."""
        p = self.p
        if r.change.player not in (None, active):
            self.flag(r, f"{r.change.player} proposes", f"{active} proposes",
                      "4.190617: the player whose jogada it is proposes a revolt")
        lo, hi = p.committed[active]
        if hi < MAX_COMMITTED:
            self.flag(r, f"{active} with {_span(lo, hi)} committed", "2 committed",
                      "4.190617: proposing a revolt needs 2 committed cards")
        p.committed[active] = (0, 0)

    def support(self, ok: sx.Approval, proposer: str) -> None:
        """An opponent supports the revolt, or a card of the society waives it."""
        if ok.by.isdigit():
            if self.p.owner(ok.by) is None:
                self.flag(ok, f"+{ok.by}", "a card of the society",
                          "only a standing card waives a revolt's approval")
        elif ok.by == proposer or ok.by not in self.p.hands:
            self.flag(ok, f"+{ok.by}", f"an opponent of {proposer}",
                      "a revolt is supported by an opponent")

    def ideology(self, ev: sx.Ideologies, action: bool) -> None:
        """4.190617 only; as an action it is the player's own, with 2 committed cards."""
        if self.v2:
            self.flag(ev, _head(ev), "no ideologies", "2.180423 players have no ideologies")
            return
        if action:
            who, p = self.j.player, self.p
            self.action(ev)
            if [name for name, _ in ev.players] != [who]:
                self.flag(ev, event_text(ev), f"ID({who}=...)",
                          "an ideology change by action is the player's own")
            lo, hi = p.committed[who]
            if hi < MAX_COMMITTED:
                self.flag(ev, f"{who} with {_span(lo, hi)} committed", "2 committed",
                          "4.190617: changing ideology needs 2 committed cards")
            p.committed[who] = (0, 0)
        for who, ideology in ev.players:
            taken = [q for q, held in self.ideologies.items() if held == ideology and q != who]
            if taken:
                self.flag(ev, f"{who}={ideology}", "an ideology no other player holds",
                          f"{taken[0]} holds {ideology}")
            self.ideologies[who] = ideology

    # ------------------------------------------------------------ wins and conquests
    def shared(self) -> bool:
        """2.180423: several may win together (a shared-victory card, an alliance)."""
        return bool(self.p.alliances or self.rules(fx.SharedVictory))

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
        if self.v2 and len(named) > 1 and not self.shared() and not decreed:
            self.flag(first, event_text(first), "one winner",
                      "2.180423: several win only with a shared-victory card or an alliance",
                      top=first)
        p.ended, p.winners = True, [w for w in named if w in p.hands]
        self.wins.update(p.winners)
        self.starters = set(p.winners) or self.starters
        if not self.v2:
            self.conq_due = first

    def on_conquests(self, ev: sx.Conquests) -> None:
        """Previous total + 2 per partida won - punishments, plus what cannot be seen here."""
        self.end_jogada()
        if self.v2:
            self.flag(ev, "CONQ", "no conquests", "2.180423 has no conquests: the field scores")
            return
        self.conq_due = None
        listed = [who for who, _, _ in ev.players]
        for who in self.players:
            if who not in listed:
                self.flag(ev, f"no {who}", f"{who}=n", "CONQ lists every player's conquests")
        for who, n, cards in ev.players:
            if cards and len(cards) != n:
                self.flag(ev, f"{who}={n} with {len(cards)} cards listed", f"{n} cards listed",
                          "the listed conquests make the total")
            floor = self.conquests.get(who, 0) + 2 * self.wins[who] - self.punished[who]
            if any(w != who for w in self.wins):
                floor -= 1  # an opponent's hegemony takes 1 conquest, unseen in the log
            if n < floor:
                self.flag(ev, f"{who}={n}", f"{who} with at least {floor}",
                          "the last total, 2 per partida won, minus punishments "
                          "(legitimacy adds; an opponent's hegemony may take 1)")
            self.conquests[who] = n
        self.wins.clear()
        self.punished.clear()
