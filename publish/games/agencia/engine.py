"""The rules of Agência, edition 2.180423, as a deterministic engine.

A jogada runs in the manual's order: a crisis check (the structure is tried
on a snapshot; if any part cannot be done, nothing of it happens), then the
chance of a revolt, then the structure, then at most one natural card.
Every decision goes to the seat's agent; every shuffle and choice draws on
the state's seeded generator.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import _Skip, draw, forbidden, run_action
from publish.games.agencia.cards import CardInfo, rules_of
from publish.games.agencia.select import Crisis, concerned, holds, resolve, table_order
from publish.games.agencia.state import Field, Jogada, Partida, State

HAND = 5
MAX_JOGADAS = 300  # a partida this long is ended without winner, as the manual allows
MAX_PARTIDAS = 60


@dataclass
class Context:
    """Who is acting, for which card, and what this card has done so far."""

    owner: int
    card: str | None = None
    event: dict[str, int | None] = field(default_factory=dict)
    picked: list[int] = field(default_factory=list)
    discarded: int = 0
    drawn: int = 0
    start_rows: list[int] | None = None


@dataclass
class Stats:
    """What a simulation reports per card and per game."""

    in_society: Counter = field(default_factory=Counter)
    executed: Counter = field(default_factory=Counter)
    executable: Counter = field(default_factory=Counter)
    crises_caused: Counter = field(default_factory=Counter)
    partidas: int = 0
    jogadas: int = 0
    crises: int = 0
    revolts: int = 0
    hegemonies: Counter = field(default_factory=Counter)
    partida_winners: Counter = field(default_factory=Counter)
    partidas_won: int = 0


class Invariant(AssertionError):
    """The engine broke a rule of bookkeeping (a bug, never a game event)."""


class Engine:
    """One game of Agência between agents."""

    def __init__(self, infos: dict[str, CardInfo], deck: list[str], agents: list[Any],
                 seed: int, bourdieu: bool = False, check: bool = False):
        if len(agents) < 3:
            raise ValueError("Agência needs at least 3 players")
        self.infos = infos
        self.deck = list(deck)
        self.agents = agents
        self.check_invariants = check
        self.stats = Stats()
        n = len(agents)
        rng = random.Random(seed)
        fld = Field([0] * n, list(range(n)), [0] * n, list(range(n)), [0] * n) if bourdieu else None
        self.state = State(n, [[] for _ in range(n)], [""] * n, [], [], 1, 0, rng, bourdieu, fld,
                           wins=[0] * n)
        self.record = Jogada(0)
        self._rules_key: tuple[str, ...] = ()
        self._rules: dict[type, list[tuple[int, Any]]] = {}
        self._total = Counter(self.deck)
        self.log: list[tuple] = []
        self._extra = False  # the current player is playing the second of two jogadas

    # ------------------------------------------------------------ helpers
    def agent(self, seat: int) -> Any:
        return self.agents[seat]

    def context(self, seat: int, **event: int | None) -> Context:
        return Context(seat, self.state.structures[seat], dict(event))

    def rules(self, rule_type: type) -> list[tuple[int, Any]]:
        """Standing rules of this type in the society now: (seat, rule).

        They come in the order of play from the player of the jogada, so that
        which rule applies first never depends on how seats are numbered.
        """
        s = self.state
        key = tuple(s.structures)
        if key != self._rules_key:
            self._rules_key = key
            self._rules = {}
        found = self._rules.get(rule_type)
        if found is None:
            found = self._rules[rule_type] = rules_of(rule_type, s.structures, self.infos)
        if len(found) < 2:
            return found
        return sorted(found, key=lambda pair: (pair[0] - s.turn) * s.flow % s.players)

    def structures_changed(self) -> None:
        self.state.partida.society_seen.update(self.state.structures)

    def discarded(self, player: int, n: int) -> None:
        part = self.state.partida
        disc = self.record.discarded
        disc[player] = disc.get(player, 0) + n
        part.last_discarder = player
        for p in range(self.state.players):
            part.discards_since[p] += n

    def after_draw(self, player: int, n: int, ctx: Context) -> None:
        """Standing cards that react to a draw (Anarcossindicalismo)."""
        if ctx.event.get("trigger"):
            return
        self.fire("draw", drawer=player, drawn=n)

    def fire(self, event: str, **who: int | None) -> None:
        """Run the triggers of every standing card that waits for ``event``."""
        drawn = who.pop("drawn", 0) or 0
        for seat, rule in self.rules(fx.Trigger):
            if event not in rule.at:
                continue
            ctx = self.context(seat, trigger=1, **who)
            ctx.drawn = drawn
            self.log.append(("trigger", seat, self.state.structures[seat]))
            for action in rule.do:
                try:
                    run_action(self, ctx, action, optional=True)
                except (Crisis, _Skip):
                    break  # a reaction that cannot be done is simply not done
            self.close_trigger()

    def close_trigger(self) -> None:
        """End a standing card's reaction in the log (dropped if it did nothing)."""
        if self.log[-1][0] == "trigger":
            self.log.pop()
        else:
            self.log.append(("trigger_end",))

    # ------------------------------------------------------------ game
    def play_game(self) -> list[int]:
        """Play partidas until the game ends; the game's winners (empty: none)."""
        s = self.state
        while not s.game_over:
            self.play_partida()
            if not s.bourdieu:  # simple mode: a game is one partida
                s.game_winners = list(s.partida.winners)
                s.game_over = True
            elif s.partida.number >= MAX_PARTIDAS:
                s.game_over = True
        return s.game_winners

    def deal(self) -> None:
        s = self.state
        cards = list(self.deck)
        s.rng.shuffle(cards)
        structural = [c for c in cards if self.infos[c].natural is None]
        for seat in range(s.players):
            card = structural.pop()
            cards.remove(card)
            s.structures[seat] = card
        s.hands = [[cards.pop() for _ in range(HAND)] for _ in range(s.players)]
        s.pile, s.discard = cards, []

    def play_partida(self) -> None:
        s = self.state
        number = s.partida.number + 1
        s.partida = Partida(number=number, discards_since=[0] * s.players)
        self.deal()
        part = s.partida
        part.society_seen.update(s.structures)
        if number == 1 or not s.win_order:
            s.turn = s.rng.randrange(s.players)
        else:
            s.turn = s.win_order[-1]
        self.log.append(("part", number, s.turn, s.flow, tuple(s.structures)))
        if number == 1 and s.field is not None:
            self.log_field()
        self.stats.partidas += 1
        while not part.ended:
            self.jogada()
            if part.jogadas >= MAX_JOGADAS and not part.ended:
                part.ended = True
        self.end_partida()

    # ------------------------------------------------------------ jogada
    def jogada(self) -> None:
        s = self.state
        part = s.partida
        p = s.turn
        part.jogadas += 1
        self.stats.jogadas += 1
        self.record = Jogada(p)
        part.turns.append(self.record)
        if len(part.turns) > s.players + 1:  # this jogada and the last turn before it
            del part.turns[0]
        card = s.structures[p]
        self.log.append(("jogada", p, card, len(s.hands[p])))
        for c in s.structures:
            self.stats.in_society[c] += 1
        crisis = False
        if part.crisis_next_play:
            part.crisis_next_play = False
            crisis = True
        elif part.crisis_next_discard and "discard" in self.infos[card].acts:
            part.crisis_next_discard = False  # Novo paradigma: once, on the next discard
            crisis = True
        executed = None
        if not crisis:
            before = self.snapshot()
            mark = len(self.log)
            try:
                outcome = self.execute(p)
                executed = (self.snapshot(), outcome, self.log[mark:])
            except Crisis:
                crisis = True
            del self.log[mark:]
            self.restore(before)
        if crisis:
            self.stats.crises_caused[card] += 1
            self.crisis(p)
        elif not self.revolt(p):
            assert executed is not None
            self.restore(executed[0])
            self.log.extend(executed[2])
            if executed[1] == "executed":
                self.stats.executed[card] += 1
            self.natural(p)
        part.discards_since[p] = 0
        self.end_jogada(p)
        if self.check_invariants:
            self.verify()

    def snapshot(self) -> tuple:
        s = self.state
        part = s.partida
        rec = self.record
        fld = s.field
        return (
            [h[:] for h in s.hands], s.structures[:], s.pile[:], s.discard[:], s.flow,
            (fld.row[:], fld.col[:], fld.since[:], fld.blocked_wins[:], fld.clock) if fld else None,
            (part.crisis_next_play, part.crisis_next_discard, part.last_discarder,
             part.last_crisis_solver, part.discards_since[:], set(part.society_seen),
             dict(part.inserted_by), list(part.teams), list(part.winners), part.crises),
            (dict(rec.drew), dict(rec.received), dict(rec.discarded), set(rec.gave),
             set(rec.changed)),
            (s.game_winners[:], s.game_over, part.ended, part.clock),
        )

    def restore(self, snap: tuple) -> None:
        s = self.state
        part = s.partida
        rec = self.record
        hands, structures, pile, disc, flow, fld, p, r, g = snap
        s.game_winners, s.game_over, part.ended, part.clock = g[0][:], g[1], g[2], g[3]
        s.hands = [h[:] for h in hands]
        s.structures = structures[:]
        s.pile, s.discard, s.flow = pile[:], disc[:], flow
        if fld is not None:
            s.field.row, s.field.col, s.field.since = fld[0][:], fld[1][:], fld[2][:]
            s.field.blocked_wins, s.field.clock = fld[3][:], fld[4]
        (part.crisis_next_play, part.crisis_next_discard, part.last_discarder,
         part.last_crisis_solver, ds, seen, ins, teams, winners, part.crises) = p
        part.discards_since, part.society_seen = ds[:], set(seen)
        part.inserted_by, part.teams, part.winners = dict(ins), list(teams), list(winners)
        rec.drew, rec.received, rec.discarded = dict(r[0]), dict(r[1]), dict(r[2])
        rec.gave, rec.changed = set(r[3]), set(r[4])

    def execute(self, p: int) -> str:
        """Run player p's structure; 'executed', 'cancelled' or 'refused'. Crisis propagates."""
        s = self.state
        card = s.structures[p]
        info = self.infos[card]
        part = s.partida
        if self.cancelled(p, info):
            self.log.append(("vetoed",))
            return "cancelled"
        if self.may_refuse(p) and self.agent(p).refuse(self, p):
            self.log.append(("vetoed",))
            return "refused"
        ctx = self.context(p)
        ctx.start_rows = s.field.row[:] if s.field else None
        for action in info.actions:
            try:
                run_action(self, ctx, action)
            except _Skip:
                break
        empty = [q for q in range(s.players) if not s.hands[q]]
        if len(empty) > 1 and not self.rules(fx.SharedVictory) and not part.teams:
            raise Crisis("more than one player emptied their hand")
        self.stats.executable[card] += 1
        return "executed"

    def cancelled(self, p: int, info: CardInfo) -> bool:
        """Whether a standing rule takes the effect of p's structure away (no crisis)."""
        for seat, rule in self.rules(fx.Cancel):
            hit = False
            if rule.whose is not None:
                try:
                    whose = resolve(self, self.context(seat), rule.whose)
                except Crisis:
                    # tied for the place: a crisis in the jogada of a tied player
                    tied = resolve(self, self.context(seat), _all_of(rule.whose))
                    if p in tied:
                        raise
                    continue
                hit = p in whose
            if rule.many is not None:
                hit = bool(info.many & set(rule.many))
            if rule.unless is not None:
                hit = not (info.acts & set(rule.unless))
            if rule.only is not None:
                hit = info.acts == {rule.only} and all(
                    a.do == rule.only for a in info.actions)
            if rule.makes is not None:
                targets = set(resolve(self, self.context(seat), rule.targets or "opponents"))
                hit = rule.makes in info.acts and any(
                    (a.do == rule.makes and (a.who != "self" or p in targets))
                    for a in info.actions)
            if hit:
                if rule.crisis or (rule.crisis_if_own and seat == p):
                    raise Crisis("the structure's own rule cancels it")
                return True
        return False

    def may_refuse(self, p: int) -> bool:
        for seat, rule in self.rules(fx.MayRefuse):
            try:
                who = resolve(self, self.context(seat), rule.who)
            except Crisis:
                if rule.crisis_if_own or p in resolve(self, self.context(seat),
                                                      _all_of(rule.who)):
                    raise
                continue
            if p in who:
                if rule.crisis_if_own and seat == p:
                    raise Crisis("this card's own refusal")
                return True
        return False

    # ------------------------------------------------------------ crises
    def crisis_queue(self, causer: int) -> list[int]:
        """Players in order of priority to solve a crisis caused by ``causer``."""
        s = self.state
        fld = s.field
        own = bool(self.rules_of_priority("crisis_causer"))

        def key(q: int) -> tuple:
            ahead = (q - causer) * s.flow % s.players  # nearest to play next first
            return (-len(s.hands[q]), -(fld.row[q] if fld else 0), ahead)

        first: list[int] = []
        for seat, rule in self.rules(fx.CrisisPriority):
            if rule.who != "crisis_causer":
                first.extend(q for q in concerned(self, seat, rule.who) if q not in first)
        first.sort(key=key)
        rest = sorted((q for q in range(s.players) if q not in first), key=key)
        order = first + rest
        if own:
            order = [causer] + [q for q in order if q != causer]
        else:
            order = [q for q in order if q != causer]
        return order

    def rules_of_priority(self, who: str) -> list[int]:
        return [seat for seat, rule in self.rules(fx.CrisisPriority) if rule.who == who]

    def can_solve(self, q: int) -> bool:
        if forbidden_any(self, q, "solve_crisis"):
            return False
        return any(self.infos[c].natural is None for c in self.state.hands[q])

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
        owed = sum(a.n for _, r in self.rules(fx.Trigger) if "crisis" in r.at for a in r.do
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
        self.fire("crisis", crisis_solver=solver, crisis_causer=causer)

    # ------------------------------------------------------------ structures
    def change_structure(self, p: int, slots: list[int] | None = None, approval: bool = False,
                         vote: bool = False, returning: bool = False) -> bool:
        """p puts a structural card of their hand in a structure; False if they cannot."""
        s = self.state
        options = [c for c in dict.fromkeys(s.hands[p]) if self.infos[c].natural is None]
        if returning and any(r.returning_only for _, r in self.rules(fx.Natural)):
            options = [c for c in options if c in s.partida.society_seen]
        if not options:
            return False
        slots = list(range(s.players)) if slots is None else slots
        choice = self.agent(p).change(self, p, options, slots)
        if choice is None:
            return False
        slot, card = choice
        old = s.structures[slot]
        if self.vetoed(p, slot) or (vote and self.rules(fx.VoteSolutions)
                                    and not self.voted(p, slot, card)) or (
                approval and not self.approved(p, slot, card)):
            self.log.append(("proposal", p, slot, old, card))
            return False
        s.hands[p].remove(card)
        s.hands[p].append(old)
        s.structures[slot] = card
        s.partida.clock += 1
        s.partida.inserted_by[slot] = (p, s.partida.clock)
        self.record.changed.add(p)
        self.structures_changed()
        self.log.append(("change", p, slot, old, card))
        self.penalise(p, "structure_change")
        return True

    def penalise(self, p: int, event: str) -> None:
        """Standing cards that make whoever changes a structure or the field draw."""
        for seat, rule in self.rules(fx.Penalty):
            if event in rule.at:
                self.log.append(("trigger", seat, self.state.structures[seat]))
                draw(self, self.context(p, trigger=1), p, rule.n, optional=True)
                self.close_trigger()

    def swap_structures(self, a: int, b: int) -> None:
        s = self.state
        self.log.append(("swap_structures", s.structures[a], s.structures[b]))
        s.structures[a], s.structures[b] = s.structures[b], s.structures[a]
        self.structures_changed()

    def shuffle_structures(self) -> None:
        """Deal the structures out again at random, as swaps the log can show."""
        s = self.state
        order = list(range(s.players))
        s.rng.shuffle(order)
        self.arrange_structures([s.structures[i] for i in order])

    def arrange_structures(self, target: list[str]) -> None:
        s = self.state
        order = table_order(s, s.turn)  # from the player of the jogada, as at the table
        for k, slot in enumerate(order):
            if s.structures[slot] != target[slot]:
                source = next(q for q in order[k + 1:] if s.structures[q] == target[slot])
                self.swap_structures(slot, source)

    def reverse_flow(self) -> None:
        self.state.flow = -self.state.flow
        self.log.append(("flow",))

    def vetoed(self, p: int, slot: int) -> bool:
        for seat, rule in self.rules(fx.Veto):
            if rule.except_this and slot == seat:
                continue
            for v in concerned(self, seat, rule.who):
                if v != p and self.agent(v).veto(self, v, p, slot):
                    return True
        return False

    def voted(self, p: int, slot: int, card: str) -> bool:
        s = self.state
        yes = sum(1 for v in range(s.players) if v == p or self.agent(v).approve(self, v, p))
        return yes * 2 > s.players

    def approved(self, p: int, slot: int, card: str) -> bool:
        s = self.state
        for v in table_order(s, p)[1:]:
            if not forbidden_any(self, v, "support_revolt") and \
                    self.agent(v).approve(self, v, p):
                s.partida.approvals.add((v, p))
                self.log.append(("approve", v, p))
                return True
        return False

    # ------------------------------------------------------------ revolts
    def revolt_proposer(self) -> int | None:
        s = self.state
        part = s.partida
        if not part.crisis_since_revolt:
            return None
        sizes = [len(h) for h in s.hands]
        if max(sizes) - min(sizes) < 4:
            return None
        fld = s.field
        # most cards; then lowest row; then the last of the tied to play in the flow
        first = s.turn

        def key(q: int) -> tuple:
            return (-sizes[q], fld.row[q] if fld else 0, -((q - first) * s.flow % s.players))

        proposer = min(range(s.players), key=key)
        if forbidden_any(self, proposer, "propose_revolt"):
            return None  # priority does not pass on
        return proposer

    def revolt(self, active: int) -> bool:
        """Offer the revolt; True if one happened (the jogada then ends)."""
        s = self.state
        part = s.partida
        proposer = self.revolt_proposer()
        if proposer is None or not self.agent(proposer).wants_revolt(self, proposer):
            return False
        options = [c for c in dict.fromkeys(s.hands[proposer]) if self.infos[c].natural is None]
        if not options:
            return False
        part.revolts += 1
        self.stats.revolts += 1
        part.crisis_since_revolt = False
        part.last_revolter = proposer
        self.log.append(("revolt_begin", proposer))
        waivers = self.rules(fx.NoApproval)
        backers = [(seat, q) for seat, r in self.rules(fx.SupportsRevolts)
                   for q in concerned(self, seat, r.who) if q != proposer]
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
        self.fire("revolt", revolter=proposer)
        if ok:
            self.fire("successful_revolt", revolter=proposer)
        return True

    # ------------------------------------------------------------ natural cards
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

    # ------------------------------------------------------------ end of jogada
    def end_jogada(self, p: int) -> None:
        s = self.state
        part = s.partida
        for q in range(s.players):
            if len(s.hands[q]) == 1:
                part.had_one_card.add(q)
        if not part.ended:
            empty = [q for q in table_order(s, p) if not s.hands[q]]
            winners = list(part.winners)
            for q in empty:
                if q not in winners:
                    winners.append(q)
            for a, b in part.teams:
                if a in winners and b not in winners:
                    winners.append(b)
                elif b in winners and a not in winners:
                    winners.append(a)
            if winners:
                shared = bool(self.rules(fx.SharedVictory)) or bool(part.teams)
                if len(winners) == 1 or shared or part.winners:
                    part.winners = winners
                    part.ended = True
        if not part.ended and s.bourdieu:
            self.hegemony(p)
        if part.ended:
            return
        if part.jogadas % s.players == 0:
            self.log.append(("turn_end",))  # what follows happens after the jogada
            self.fire("turn_end")
            self.tally()
        extra = [q for seat, r in self.rules(fx.ExtraTurn) for q in concerned(self, seat, r.who)]
        if p in extra and not self._extra:
            self._extra = True
            return  # the same player plays again
        self._extra = False
        s.turn = s.neighbour(p, 1)

    def tally(self) -> None:
        """Gamificação: at the end of each turn, most drawn draws 1, most discarded discards 1."""
        s = self.state
        if not self.rules(fx.TurnTally):
            return
        drew = Counter()
        disc = Counter()
        for j in s.partida.turns[-s.players:]:
            drew.update(j.drew)
            disc.update(j.discarded)
        for counter, act in ((drew, "draw"), (disc, "discard")):
            if not counter:
                continue
            top = max(counter.values())
            leaders = [q for q, v in counter.items() if v == top]
            if len(leaders) == 1:
                q = leaders[0]
                ctx = self.context(q, trigger=1)
                seat = self.rules(fx.TurnTally)[0][0]
                self.log.append(("trigger", seat, s.structures[seat]))
                try:
                    if act == "draw":
                        draw(self, ctx, q, 1, optional=True)
                    elif s.hands[q]:
                        card = self.agent(q).pick_cards(self, q, 1, "discard")[0]
                        s.hands[q].remove(card)
                        s.discard.append(card)
                        self.log.append(("discard", q, 1))
                        self.discarded(q, 1)
                except Crisis:
                    pass
                self.close_trigger()

    # ------------------------------------------------------------ invariants
    def verify(self) -> None:
        s = self.state
        if s.cards_in_play() != self._total:
            raise Invariant("cards are not conserved")
        if len(s.structures) != s.players or any(
                not c or self.infos[c].natural for c in s.structures):
            raise Invariant("each player must have exactly one structural card as structure")
        if s.field is not None:
            squares = list(zip(s.field.row, s.field.col, strict=True))
            if len(set(squares)) != len(squares):
                raise Invariant("two players on one square")

    # ------------------------------------------------------------ field
    def _field_open(self, p: int, during: bool) -> Field:
        s = self.state
        if s.field is None:
            raise Crisis("this card needs the field (Bourdieu mode)")
        if self.rules(fx.FieldLocked) or forbidden_any(self, p, "change_field"):
            raise Crisis("the field cannot be changed now")
        return s.field

    def placed(self, q: int) -> None:
        fld = self.state.field
        self.log.append(("position", q, fld.row[q], fld.col[q]))

    def log_field(self) -> None:
        fld = self.state.field
        self.log.append(("campo", tuple(fld.row), tuple(fld.col)))

    def _moves(self) -> list[tuple[int, int]]:
        fld = self.state.field
        n = self.state.players
        return [(q, d) for q in range(n) for d in (-1, 1)
                if 0 <= fld.col[q] + d < n and fld.at(fld.row[q], fld.col[q] + d) is None]

    def field_move(self, p: int, during_partida: bool) -> bool:
        """p moves any player one column sideways; a crisis in a partida if impossible."""
        fld = self._field_open(p, during_partida)
        moves = self._moves()
        if not moves:
            raise Crisis("no sideways move is possible")
        q, d = self.agent(p).field_move(self, p, moves)
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
        self._check_top(a)
        self._check_top(b)

    def field_step(self, p: int, rows: int, max_row: int) -> None:
        fld = self._field_open(p, True)
        row = fld.row[p] + rows
        if not 0 <= row <= max_row or fld.at(row, fld.col[p]) is not None:
            raise Crisis("that row cannot be reached")
        self._set_row(p, row)
        self.penalise(p, "field_change")
        self._check_top(p)

    def _set_row(self, p: int, row: int) -> None:
        fld = self.state.field
        fld.clock += 1
        fld.row[p], fld.since[p], fld.blocked_wins[p] = row, fld.clock, 0
        self.placed(p)

    def _check_top(self, p: int) -> None:
        s = self.state
        if s.field.row[p] == 4 and p not in s.game_winners:
            s.game_winners.append(p)
            s.game_over = True
            s.partida.ended = True

    def climb(self, p: int, swap_if_blocked: bool = False) -> None:
        """A partida's winner goes up a row, or meets a blocker (two wins to pass)."""
        s = self.state
        fld = s.field
        if self.rules(fx.FieldLocked) or forbidden_any(self, p, "climb") or fld.row[p] >= 4:
            return
        blocker = fld.blocker(p)
        if blocker is None:
            self._set_row(p, fld.row[p] + 1)
        else:
            fld.blocked_wins[p] += 1
            if fld.blocked_wins[p] >= 2 or swap_if_blocked:
                row, col = fld.row[p], fld.col[p]
                self._set_row(p, row + 1)
                fld.col[blocker] = col
                self._set_row(blocker, row)
        self._check_top(p)

    def after_partida_moves(self, winners: list[int]) -> None:
        """Players on row 1 and up each move someone sideways, lowest and newest first."""
        s = self.state
        fld = s.field
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
                mover, d = self.agent(q).field_move(self, q, moves)
                fld.col[mover] += d
                self.log.append(("field_move", q, mover, d))
                self.placed(mover)

    # ------------------------------------------------------------ hegemony
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
            if not self.agent(beneficiary).request_hegemony(self, beneficiary, group):
                continue
            s.partida.hegemony = group
            self.stats.hegemonies[group] += 1
            self.log.append(("hegemony", group, beneficiary))
            apply()
            s.partida.ended = True
            return

    def hegemony_outcome(self, group: str, seats: list[int]) -> tuple[int, Any] | None:
        """Who a hegemony favours and what it does, or None while it is unavailable."""
        s = self.state
        fld = s.field
        part = s.partida
        inserted = [part.inserted_by[q] for q in seats if q in part.inserted_by]
        last = max(inserted, key=lambda x: x[1])[0] if len(inserted) else None

        def partida_win(q: int, swap: bool = False) -> tuple[int, Any]:
            def apply() -> None:
                part.winners = [q]
                part.swap_if_blocked = swap
            return q, apply

        if group == "forca-dos-antepassados":
            return partida_win(s.win_order[0], swap=True) if s.win_order else None
        if group == "leviata-benevolente":
            if not s.win_order:
                return None
            top = max(s.wins)
            tied = [q for q in range(s.players) if s.wins[q] == top]
            recent = max(tied, key=lambda q: max(i for i, w in enumerate(s.win_order) if w == q))
            return partida_win(recent)
        if group == "utopia-austriaca":
            top = max(fld.row)
            tied = [q for q in range(s.players) if fld.row[q] == top]
            oldest = min(fld.since[q] for q in tied)
            first = [q for q in tied if fld.since[q] == oldest]
            return partida_win(first[0]) if len(first) == 1 else None
        if group == "espirito-de-cicero" and last is not None:
            return partida_win(last)
        if group == "serpente-do-fascismo":
            blockers = [q for q in range(s.players)
                        if fld.at(fld.row[q] - 1, fld.col[q]) is not None]
            if len(blockers) != 1:
                return None
            b = blockers[0]

            def fall() -> None:
                part.winners = [b]
                for q in range(s.players):
                    if q != b and fld.row[q] > 0 and fld.at(fld.row[q] - 1, fld.col[q]) is None:
                        self._set_row(q, fld.row[q] - 1)
            return b, fall
        if last is None:  # the others favour whoever put the last card in
            return None
        if group == "vanguarda-do-proletariado":
            def revolution() -> None:
                if fld.row[last] == 3:
                    self._set_row(last, 4)
                    self._check_top(last)
                    return
                new = {3: 0, 2: 1, 1: 2, 0: 2}
                for q in range(s.players):
                    fld.col[q] = fld.home[q]
                    self._set_row(q, 3 if q == last else new[fld.row[q]])
            return last, revolution
        if group == "sociedade-contra-o-estado":
            rows = Counter(fld.row)
            if rows.most_common(1)[0][1] * 2 <= s.players:
                return None

            def anarchy() -> None:
                s.game_winners = [last]
                s.game_over = True
            return last, anarchy
        return None

    # ------------------------------------------------------------ end of partida
    def end_partida(self) -> None:
        s = self.state
        part = s.partida
        winners = part.winners
        self.log.append(("end_partida", tuple(winners)))
        if winners:
            self.stats.partidas_won += 1
        for q in winners:
            s.wins[q] += 1
            s.win_order.append(q)
            self.stats.partida_winners[q] += 1
        if s.bourdieu:
            if not s.game_over:
                self.end_partida_field(winners)
            self.log_field()

    def end_partida_field(self, winners: list[int]) -> None:
        """Winners climb (or are sent down), then the sideways moves."""
        s = self.state
        demoted = bool(self.rules(fx.WinnerDemoted))
        for q in winners:
            if demoted and s.field.row[q] == 0:
                continue  # already on row 0
            if demoted:
                fld = s.field
                col = fld.home[q] if fld.at(0, fld.home[q]) in (None, q) else next(
                    c for c in range(s.players) if fld.at(0, c) is None)
                fld.col[q] = col
                self._set_row(q, 0)
            else:
                self.climb(q, swap_if_blocked=s.partida.swap_if_blocked)
        if s.game_over:
            return
        self.after_partida_moves(winners)


def forbidden_any(engine: Engine, player: int, act: str) -> bool:
    """Whether any standing rule bars ``player`` from ``act`` (revolts, natural cards...)."""
    return forbidden(engine, engine.context(player), player, act) is not None


def _all_of(sel: Any) -> Any:
    """The tie-tolerant form of a one-player selector ('o jogador' -> 'o(s) jogador(es)')."""
    if isinstance(sel, str) and sel in ("most_cards", "fewest_cards", "highest", "lowest"):
        return sel + "_all"
    if isinstance(sel, fx.Query):
        return sel.model_copy(update={"take": "all"})
    return sel
