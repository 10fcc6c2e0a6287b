"""The flow of a game: partidas dealt and played, each jogada in the manual's order.

A jogada runs a crisis check (the structure is tried on a snapshot; if any
part cannot be done, nothing of it happens), then the chance of a revolt,
then the structure, then at most one natural card.
"""

from __future__ import annotations

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import HANDLERS, _Skip, gate
from publish.games.agencia.base import MAX_JOGADAS, MAX_PARTIDAS, EngineBase
from publish.games.agencia.cards import CardInfo
from publish.games.agencia.reach import ALL_HANDS, EVERYTHING, NO_HAND, Reach
from publish.games.agencia.select import Crisis, all_of, concerned, resolve, table_order
from publish.games.agencia.state import Jogada, Partida, sample, shuffle


class Turns(EngineBase):
    """Games, partidas and jogadas, start to end."""

    def play_game(self) -> list[int]:
        """Play partidas until the game ends; the game's winners (empty: none).

        In simple mode the first partida with a winner ends the game, and one
        without winner is followed by another.  A game that reaches
        MAX_PARTIDAS partidas is stopped without winner (``State.stopped``), so
        that a simulation always ends.
        """
        s = self.state
        while not s.game_over:
            self.play_partida()
            if not s.bourdieu and s.partida.winners:
                s.game_winners = list(s.partida.winners)
                s.game_over = True
            elif not s.game_over and s.partida.number >= MAX_PARTIDAS:
                s.game_over = s.stopped = True
        self.count_society()
        return s.game_winners

    def deal(self) -> None:
        """Shuffle and deal: a structural card each, then each seat's starting hand.

        The rules make who deals irrelevant, so every seat's hand is a fair draw: the
        structures are a sample of the deck's structural cards drawn apart from the
        shuffle, so taking them out leaves the rest in a uniformly random order, and
        the hands come off its top.  (Taking the structures from the bottom of the
        shuffled deck, as the engine once did, left the bottom rich in natural cards,
        and seat 0's hand, dealt from there, held twice as many: docs/balance.md.)
        """
        s = self.state
        cards = list(self.deck)
        shuffle(s.rng, cards)
        roles = self.roles
        structural = [card for card in self.deck if card not in roles]  # once a partida
        if len(structural) < s.players:
            raise ValueError("the deck has fewer structural cards than players")
        for seat, card in enumerate(sample(s.rng, structural, s.players)):
            cards.remove(card)  # copies of a card are alike: which one goes does not matter
            s.structures[seat] = card
        self.society_changed()
        hands = []  # each seat's cards from the top of the deck, the top first (a loop,
        for seat in range(s.players):  # not a comprehension: self and cards stay plain locals)
            rest = len(cards) - self.hand_size(seat)
            hand = cards[rest:]
            hand.reverse()
            del cards[rest:]
            hands.append(hand)
        s.hands, s.pile, s.discard = hands, cards, []
        events = self.events  # what each seat was dealt: its structure and its hand
        for seat, hand in enumerate(hands):
            events.append(("dealt", seat, s.structures[seat]))
            events.extend([("dealt", seat, card) for card in hand])

    def play_partida(self) -> None:
        s = self.state
        number = s.partida.number + 1
        s.partida = Partida(number=number, discards_at_play=[0] * s.players)
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

    def jogada(self) -> None:
        s = self.state
        part = s.partida
        p = s.turn
        self.agents[p].before_jogada(self, p)  # a planning agent keeps the position
        part.jogadas += 1
        self.stats.jogadas += 1
        turns = part.turns  # the last turno before this jogada, then this jogada
        counts = part.in_turns or part.count_turns(s.players)
        rec = None  # the oldest leave while the rest hold a jogada of every player; the last
        # to leave is this one's, made new by __init__ (calling the class costs twice as much)
        while turns and counts[turns[0].player] > 1 and 0 not in counts:
            rec = turns.pop(0)
            counts[rec.player] -= 1
        if rec is None:
            rec = Jogada(p)
        else:
            rec.__init__(p)
        turns.append(rec)
        counts[p] += 1
        self.record = rec
        card = s.structures[p]
        self.log.append(("jogada", p, card, len(s.hands[p])))
        self.events.append(("played", p, card))
        if s.structures != self.run_society:  # it stood for self.run_jogadas jogadas
            self.count_society()
        self.run_jogadas += 1
        crisis = False
        if part.crisis_next_play:
            part.crisis_next_play = False
            crisis = True
        elif part.crisis_next_discard and "discard" in self.infos[card].acts:
            part.crisis_next_discard = False  # Novo paradigma: once, on the next discard
            crisis = True
        outcome = None if crisis else self.try_structure(p)
        if outcome is None:
            # counted with get: a card new to a Counter would cost a call of __missing__
            self.stats.crises_caused[card] = self.stats.crises_caused.get(card, 0) + 1
            self.events.append(("crisis", p, card))
            self.crisis(p)
        elif outcome != "revolt":  # a revolt made ends the jogada
            if outcome == "executed":
                self.stats.executed[card] = self.stats.executed.get(card, 0) + 1
                self.events.append(("ran", p, card))
            self.natural(p)
        if self.notes_discards:  # a card of the deck counts the discards since a play
            part.discards_at_play[p] = part.discards
        self.end_jogada(p)
        if self.check_invariants:
            self.verify()

    def try_structure(self, p: int) -> str | None:
        """Run p's structure on trial, and offer the revolt when one may be offered: the
        structure's outcome ('executed', 'cancelled', 'refused'), 'revolt' if a revolt was
        made (nothing of the structure stays), None if it causes a crisis (nothing of it
        stays either).

        The revolt comes before the structure, on the society as it was: then the state
        goes back, and the result (a snapshot and the log) is kept if nobody revolts.  When
        no revolt can be offered the result simply stays, which saves a snapshot and two
        restores on most jogadas.  The result's snapshot copies no hand, pile or discard:
        going back puts the first snapshot's copies in the state, and nothing changes the
        lists the result holds (a revolt not made changes nothing); it keeps the society
        when the first one does.
        """
        reach = self.reaches[self.state.structures[p]]
        before = None if reach is None else self.snapshot(p, reach)  # None: it changes nothing
        mark, drawn = len(self.log), len(self.events)  # the events go back with the log
        # of the hands before the structure; a structure never brings a crisis about
        # (only a jogada does), so crisis_since_revolt is the same after it
        hands_apart = self.state.partida.crisis_since_revolt and self.hands_apart_for_revolt()
        try:
            outcome = self.execute(p)
        except Crisis:
            del self.log[mark:]
            del self.events[drawn:]
            if before is not None:
                self.restore(before)
            return None
        if not hands_apart:
            return outcome
        kept = None if reach is None else \
            self.snapshot(p, (NO_HAND, False, False, *reach[3:]))  # None: nothing changed
        log, events = self.log[mark:], self.events[drawn:]
        del self.log[mark:]
        del self.events[drawn:]
        if before is not None:
            self.restore(before)
        if self.revolt(p):
            return "revolt"
        if kept is not None:
            self.restore(kept)
        self.log.extend(log)
        self.events.extend(events)
        return outcome

    def snapshot(self, p: int = 0, reach: Reach = EVERYTHING) -> tuple:
        """What a jogada may change, for ``restore`` (at most once) to go back to.

        Of hands, pile and discard, what ``reach`` says may change before the snapshot
        is restored is copied (p's hand alone when only p's may), the rest kept as it
        is.  The structures, with all that changes only with them (society seen, who
        inserted them, the clock, who changed one, the standing rules), are kept only
        when the reach says they may change; so is the course of the game (the flow,
        the crises scheduled, teams, winners, the end of the partida and the game, the
        field, copied), which few cards change.  The partida's and the jogada's records
        (society seen, who inserted, teams, winners, drew, received, discarded, gave,
        changed) and the game's winners are kept as they are: the engine replaces them
        when they change, never changes them in place.  A crisis is solved by the jogada
        (``crisis``), never while a snapshot may be restored: its counts are not kept.
        """
        s = self.state
        part = s.partida
        rec = self.record
        mine, pile, disc, structures, course = reach
        hands = s.hands
        if mine == ALL_HANDS:
            hands = [*map(list.copy, hands)]
        elif mine:
            hands = hands.copy()
            hands[p] = hands[p].copy()
        return (  # one flat tuple: each tuple more is made and freed again
            hands, s.pile.copy() if pile else s.pile, s.discard.copy() if disc else s.discard,
            part.last_discarder, part.discards, rec.drew, rec.received, rec.discarded, rec.gave,
            self._course() if course else None,
            # the society and what follows it, only when the structures may change
            (s.structures.copy(), part.society_seen, part.inserted_by, part.clock, rec.changed,
             self.standing, self.rules_in_order, self.rules_filed_for, self.reaches)
            if structures else None,
        )

    def _course(self) -> tuple:
        """The course of the game, for a snapshot of a card that may change it."""
        s = self.state
        part = s.partida
        fld = s.field
        return (s.flow, part.crisis_next_play, part.crisis_next_discard, part.teams,
                part.winners, part.ended, s.game_winners, s.game_over,
                (fld.row[:], fld.col[:], fld.since[:], fld.blocked_wins[:], fld.clock)
                if fld else None)

    def restore(self, snap: tuple) -> None:
        """Go back to ``snap``, which takes its lists, sets and dicts as they are: each
        snapshot is restored once at most, so they need no copying."""
        s = self.state
        part = s.partida
        rec = self.record
        (s.hands, s.pile, s.discard, part.last_discarder, part.discards,
         rec.drew, rec.received, rec.discarded, rec.gave, course, society) = snap
        if course is not None:
            (s.flow, part.crisis_next_play, part.crisis_next_discard, part.teams,
             part.winners, part.ended, s.game_winners, s.game_over, fld) = course
            if fld is not None:
                field = s.field
                assert field is not None  # the field was copied from it (``_course``)
                field.row, field.col, field.since, field.blocked_wins, field.clock = fld
        if society is not None:
            (s.structures, part.society_seen, part.inserted_by, part.clock, rec.changed,
             self.standing, self.rules_in_order, self.rules_filed_for, self.reaches) = society

    def execute(self, p: int) -> str:
        """Run player p's structure; 'executed', 'cancelled' or 'refused'. Crisis propagates."""
        s = self.state
        card = s.structures[p]
        info = self.infos[card]
        part = s.partida
        standing = self.standing
        if fx.Cancel in standing and self.cancelled(p, info):
            self.log.append(("vetoed",))
            return "cancelled"
        if fx.MayRefuse in standing and self.may_refuse(p) and self.agents[p].refuse(self, p):
            self.log.append(("vetoed",))
            return "refused"
        if fx.CrisisPriority in standing:
            self.priority_named(p)
        ctx = self.structure_context
        ctx.__init__(p, card)
        ctx.start_rows = s.field.row[:] if s.field else None
        for action in info.actions:
            try:
                if not action.gated or gate(self, ctx, action):
                    HANDLERS[action.do](self, ctx, action, action.lenient)
            except _Skip:
                break
        if not all(s.hands) and sum(1 for h in s.hands if not h) > 1 and \
                fx.SharedVictory not in self.standing and not part.teams:
            raise Crisis("more than one player emptied their hand")
        self.stats.executable[card] = self.stats.executable.get(card, 0) + 1
        return "executed"

    def priority_named(self, p: int) -> None:
        """Tecnocracia: a crisis while the priority p's own card gives names nobody yet.

        A method of its own, called only when such a rule stands: a comprehension in
        ``execute`` would make its names cells on every jogada."""
        for seat, rule in self.rules(fx.CrisisPriority):
            if seat == p and rule.crisis_until_named and not concerned(self, seat, rule.who):
                raise Crisis("the priority this card gives names nobody yet")

    def cancelled(self, p: int, info: CardInfo) -> bool:
        """Whether a standing rule takes the effect of p's structure away (no crisis)."""
        for seat, rule in self.rules(fx.Cancel):
            hit = False
            if rule.whose is not None:
                try:
                    whose = resolve(self, self.context(seat), rule.whose)
                except Crisis:
                    # tied for the place: a crisis in the jogada of a tied player
                    tied = resolve(self, self.context(seat), all_of(rule.whose))
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
                if rule.crisis or (seat == p and info.own_crisis):
                    raise Crisis("the structure's own rule cancels it")
                return True
        return False

    def may_refuse(self, p: int) -> bool:
        """Whether a standing rule lets p refuse the effect of p's structure; a crisis when
        the rule is p's own card's and its crisis clause (``OwnCrisis``) says so."""
        structures = self.state.structures
        for seat, rule in self.rules(fx.MayRefuse):
            own_crisis = self.infos[structures[seat]].own_crisis
            try:
                who = resolve(self, self.context(seat), rule.who)
            except Crisis:
                if own_crisis or p in resolve(self, self.context(seat), all_of(rule.who)):
                    raise
                continue
            if p in who:
                if own_crisis and seat == p:
                    raise Crisis("this card's own refusal")
                return True
        return False

    def end_jogada(self, p: int) -> None:
        s = self.state
        part = s.partida
        if self.notes_one_card:  # a card of the set asks who had one card this partida
            # a plain loop over the seats: most jogadas end with a hand of one card, so a
            # test for one first does not pay, and a generator or enumerate's pairs cost more
            had_one_card, hands = part.had_one_card, s.hands
            for q in range(s.players):
                if len(hands[q]) == 1:
                    had_one_card.add(q)
        if not part.ended and (part.winners or not all(s.hands)):  # else nobody has won
            self.find_winners(p)
        if not part.ended and s.bourdieu:
            self.hegemony(p)
        if part.ended:
            return
        if self.notes_turno:  # a card of the deck tallies each turno's draws and discards
            self.count_turno()
        part.turno |= 1 << p
        if part.turno == self.every_seat:  # everyone has played since the last turno ended
            part.turno = 0
            self.log.append(("turn_end",))  # what follows happens after the jogada
            if fx.Trigger in self.standing:
                self.fire("turn_end")
            if fx.TurnTally in self.standing:
                self.tally()
            if self.notes_turno:
                part.turno_drew, part.turno_discarded = {}, {}
        if fx.ExtraTurn in self.standing and self.plays_again(p) and not self.extra_jogada:
            self.extra_jogada = True
            return  # the same player plays again
        self.extra_jogada = False
        s.turn = (p + s.flow) % s.players  # the next in the flow

    def count_turno(self) -> None:
        """Add this jogada's draws and discards to the turno's, for a tally at its end."""
        part = self.state.partida
        rec = self.record
        for counts, name in ((rec.drew, "turno_drew"), (rec.discarded, "turno_discarded")):
            if counts:
                total = dict(getattr(part, name))
                for q, n in counts.items():
                    total[q] = total.get(q, 0) + n
                setattr(part, name, total)

    def find_winners(self, p: int) -> None:
        """End the partida if it has its winners: the empty hands in the order of play
        from p, their allies, and those a card already made winners.  A method of its own
        (asked only when a hand is empty or a card named a winner), so that no
        comprehension makes ``end_jogada``'s names cells on every jogada."""
        s = self.state
        part = s.partida
        hands = s.hands
        winners = list(part.winners)
        for q in table_order(s, p):
            if not hands[q] and q not in winners:
                winners.append(q)
        for a, b in part.teams:
            if a in winners and b not in winners:
                winners.append(b)
            elif b in winners and a not in winners:
                winners.append(a)
        if winners:
            shared = fx.SharedVictory in self.standing or bool(part.teams)
            if len(winners) == 1 or shared or part.winners:
                part.winners = winners
                part.ended = True

    def plays_again(self, p: int) -> bool:
        """Whether a standing rule gives p a second jogada in a row."""
        return any(p in concerned(self, seat, rule.who) for seat, rule in self.rules(fx.ExtraTurn))

    def end_partida(self) -> None:
        s = self.state
        part = s.partida
        winners = part.winners
        self.log.append(("end_partida", tuple(winners)))
        self.events.append(("round", part.jogadas, tuple(winners)))
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
