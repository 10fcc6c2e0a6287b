"""What every part of the engine stands on: the state, the seats' agents, the
standing rules in force, and the counts a simulation reports.

The rules themselves live in one module per concern (turn, crisis, revolt,
structures, field, hegemony, natural cards, triggers); :mod:`engine` composes them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from publish.games.agencia import effects as fx
from publish.games.agencia.cards import (
    NO_RULES,
    CardInfo,
    RuleKey,
    kept_records,
    natural_roles,
    ruled_cards,
    rules_by_type,
)
from publish.games.agencia.host import Context, Host, Rules, Stats
from publish.games.agencia.reach import Reach, everything, reaches
from publish.games.agencia.state import Field, Jogada, State

HAND = 5
SOCIAL_HAND = 8  # the social deck's asymmetric power: 8 cards, one fewer per row climbed
MAX_JOGADAS = 300  # a partida this long is ended without winner, as the manual allows
MAX_PARTIDAS = 60


def starting_hand(row: int, asymmetric: bool) -> int:
    """Cards dealt to a player on ``row``: 5, or with the social deck 8 less the row.

    The row is the one held now, so a row lost gives the card back.
    """
    return SOCIAL_HAND - row if asymmetric else HAND


def asymmetric_power(decks: Iterable[str]) -> bool:
    """Whether these decks bring the rule of asymmetric power (the social deck does)."""
    return "social" in decks


class Invariant(AssertionError):
    """The engine broke a rule of bookkeeping (a bug, never a game event)."""


class EngineBase(Host):
    """One game's state and agents, and the standing rules of its society: the state
    every part of the engine stands on (``Host`` declares what the parts share)."""

    def __init__(self, infos: dict[str, CardInfo], deck: list[str], agents: list[Any],
                 seed: int, bourdieu: bool = False, check: bool = False,
                 asymmetric: bool = False, stats: Stats | None = None):
        """``stats``: where to count, when a run of games sums its counts in one place
        (``simulate.run_range``) rather than adding up each game's; else the game's own."""
        if len(agents) < 3:
            raise ValueError("Agência needs at least 3 players")
        if asymmetric and not bourdieu:
            raise ValueError("the social deck's asymmetric power needs the field (Bourdieu mode)")
        self.infos = infos
        self.deck = list(deck)
        self._card_tables(infos)
        self.agents = agents
        self.check_invariants = check
        self.stats = Stats() if stats is None else stats
        n = len(agents)
        rng = random.Random(seed)
        fld = Field([0] * n, list(range(n)), [0] * n, list(range(n)), [0] * n) if bourdieu else None
        self.state = State(n, [[] for _ in range(n)], [""] * n, [], [], 1, 0, rng, bourdieu, fld,
                           wins=[0] * n, asymmetric=asymmetric)
        self.record = Jogada(0)
        # the context a structure runs in, made new for each by its __init__ (calling the
        # class costs twice as much); nothing keeps it after the structure, and a fork
        # (agents.fork) makes its own, as a planner's rollouts run while it is in use
        self.structure_context = Context(0)
        # the standing rules of the society by type, kept as the structures change
        # (``society_changed``): asking whether a kind of rule stands is a look-up
        self.standing: dict[RuleKey, Rules] = {}
        # the structures self.standing was filed for: they may differ from the structures
        # now in cards that carry no rules, never in one that does
        self.rules_filed_for: list[str] | tuple[()] = ()
        # orders of play already asked for, kept while the rules stay the same
        self.rules_in_order: dict[tuple[RuleKey, int, int], Rules] = {}
        # every card of the game, for verify (counted there when nobody set it)
        self._total: Counter[str] | None = Counter(self.deck) if check else None
        self.log: list[tuple[Any, ...]] = []
        # what a balance study counts (records.py): (played|ran|crisis, seat, card) and
        # (round, jogadas, winners) at the end of each partida
        self.events: list[tuple[Any, ...]] = []
        self.extra_jogada = False  # the current player is playing the second of two jogadas
        self.every_seat = (1 << n) - 1  # ``Partida.turno`` once everyone has played
        # stats.in_society counts jogadas per card: the society of the last jogadas and
        # how many jogadas in a row it has stood for, not counted yet (``count_society``)
        self.run_society: list[str] = []
        self.run_jogadas = 0

    def _card_tables(self, infos: dict[str, CardInfo]) -> None:
        """The facts of the set of cards a game asks about (each kept with the set, so a
        worker's thousands of games build them once)."""
        # card -> role, natural cards only: "is it natural?" is asked of every card in hand
        self.roles: dict[str, str] = natural_roles(infos)
        # what each card's actions may change (reach.py), for a snapshot to copy only that;
        # ``reaches`` is the table in force: everything while a standing rule acts in the
        # middle of a structure (a trigger, a penalty), kept as the standing rules are
        self._reaches: Mapping[str, Reach | None] = reaches(infos)
        self.reaches: Mapping[str, Reach | None] = self._reaches
        self._ruled: frozenset[str] = ruled_cards(infos)  # the cards with standing rules
        # the records kept only when a card of the deck reads them (``cards.RECORDS_READ``;
        # a replay deals no deck: any card of the game may come up in it): the hands of one
        # card (``Partida.had_one_card``), the cards received (``Jogada.received``), the
        # discards of the partida and at each one's play (``Partida.discards_since``)
        kept = kept_records(infos, self.deck or infos)
        self.notes_one_card = "had_one_card" in kept
        self.notes_received = "received" in kept
        self.notes_discards = "discards" in kept
        self.notes_seen = "society_seen" in kept  # the cards that were structures this partida
        self.notes_changes = "changed" in kept  # who changed a structure (``Jogada.changed``)
        # each turno's draws and discards (``Partida.turno_drew``), for 182 Gamificação
        self.notes_turno = "turno_counts" in kept

    def agent(self, seat: int) -> Any:
        return self.agents[seat]

    def context(self, seat: int, **event: int | None) -> Context:
        return Context(seat, self.state.structures[seat], event)  # **event is a new dict

    def rules(self, rule_type: RuleKey) -> Rules:
        """Standing rules of this type in the society now: (seat, rule).

        They come in the order of play from the player of the jogada, so that
        which rule applies first never depends on how seats are numbered.  The
        list is shared: callers read it and never change it.
        """
        found = self.standing.get(rule_type, NO_RULES)
        return found if len(found) < 2 else self._in_order(rule_type, found)

    def _in_order(self, rule_type: RuleKey, found: Rules) -> Rules:
        """Several rules of one type, in the order of play from the player of the jogada."""
        s = self.state
        key = (rule_type, s.turn, s.flow)
        ordered = self.rules_in_order.get(key)
        if ordered is None:
            ordered = self.rules_in_order[key] = sorted(
                found, key=lambda pair: (pair[0] - s.turn) * s.flow % s.players)
        return ordered

    def society_changed(self) -> None:
        """Make the rules of the structures now the ones ``standing`` and ``rules`` hold:
        whatever changes the structures calls it (or restores them with their rules).

        Nearly every society is new, but most changes of structure swap cards that carry no
        standing rule: then the rules filed stay as they are, seats and order of play too.
        """
        now = self.state.structures
        old = self.rules_filed_for
        ruled = self._ruled
        refile = len(old) != len(now)
        if not refile:
            for a, b in zip(old, now, strict=True):
                if a != b and (a in ruled or b in ruled):
                    refile = True
                    break
        if refile:
            standing = self.standing = rules_by_type(tuple(now), self.infos)
            self.rules_in_order = {}
            self.reaches = self._reaches_in_force(standing)
        self.rules_filed_for = now.copy()

    def _reaches_in_force(self, standing: dict[RuleKey, Rules]) -> Mapping[str, Reach | None]:
        """The reaches a snapshot goes by under these standing rules: everything while one
        acts in the middle of a structure (a trigger, a penalty), else the cards' own."""
        if fx.Trigger in standing or fx.Penalty in standing:
            return everything(self.infos)
        return self._reaches

    def rewrites_hidden_cards(self) -> None:
        """This game's agents rewrite cards they cannot see in place, in the middle of a
        jogada (a planner's determinised play-outs): any card may change any hand and the
        pile, so every snapshot copies everything."""
        self._reaches = self.reaches = everything(self.infos)

    def count_society(self) -> None:
        """Add the jogadas the last society stood for to ``stats.in_society``, and start
        counting for the society now (one count per change rather than per jogada)."""
        society = self.stats.in_society
        run = self.run_jogadas
        for c in self.run_society:
            society[c] = society.get(c, 0) + run  # get: a card new to a Counter costs a call
        self.run_society = self.state.structures.copy()
        self.run_jogadas = 0

    def hand_size(self, seat: int) -> int:
        """Cards ``seat`` is dealt at the start of a partida (the social deck's rule applies)."""
        s = self.state
        row = s.field.row[seat] if s.field is not None else 0
        return starting_hand(row, s.asymmetric)

    def structures_changed(self, *moved: str) -> None:
        """The structures changed: the society's rules and the cards seen this partida.

        ``moved``: the cards that came, went or changed seats, when known; if none of them
        carries a standing rule, the rules filed stay as they are."""
        if not moved or not self._ruled.isdisjoint(moved):
            self.society_changed()
        if self.notes_seen:  # else no card of the deck asks (the deal's society is noted)
            part = self.state.partida
            if not part.society_seen.issuperset(self.state.structures):
                part.society_seen = part.society_seen.union(self.state.structures)  # replaced

    def discarded(self, player: int, n: int) -> None:
        """Count a discard; what a snapshot keeps is replaced, not changed in place.  The
        partida's count only when a card of the deck reads it (``notes_discards``)."""
        part = self.state.partida
        rec = self.record
        rec.discarded = {**rec.discarded, player: rec.discarded.get(player, 0) + n}
        part.last_discarder = player
        if self.notes_discards:
            part.discards += n

    def verify(self) -> None:
        s = self.state
        if s.cards_in_play() != (self._total or Counter(self.deck)):
            raise Invariant("cards are not conserved")
        if len(s.structures) != s.players or any(
                not c or self.infos[c].natural for c in s.structures):
            raise Invariant("each player must have exactly one structural card as structure")
        if s.field is not None:
            squares = list(zip(s.field.row, s.field.col, strict=True))
            if len(set(squares)) != len(squares):
                raise Invariant("two players on one square")
        if self.standing != rules_by_type(tuple(s.structures), self.infos):
            raise Invariant("the standing rules are not the society's")
        if self.reaches is not self._reaches_in_force(self.standing):
            raise Invariant("what a snapshot copies is not what the standing rules need")
