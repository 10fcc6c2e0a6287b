"""The two rules editions a diário can be replayed by, one object each.

The replay asks its edition whatever the editions answer differently: who
starts a partida, committed cards, movements, ideologies and conquests (4.190617
only), revolts, the crisis priority, several winners.  An edition is chosen once,
when the replay begins.
"""

from __future__ import annotations

from typing import Any

from publish.games.agencia import effects as fx
from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.ledger import (
    MAX_COMMITTED,
    REVOLT_GAP,
    V2,
    V4,
    Ledger,
    LoggedPartida,
    head,
    span,
)
from publish.games.agencia.diario.write import consequence as text_of
from publish.games.agencia.diario.write import event as event_text


class Rules2180423:
    """Edition 2.180423 as our engine plays it: no commitment, no ideologies, the field."""

    edition = V2
    crisis_criteria = "most cards, then highest row, then nearest to play"

    def __init__(self, replay: Ledger):
        self.rp = replay

    def opening(self) -> None:
        """The log may open with any partida."""

    def next_event(self, item: Any) -> None:
        """No conquests, so no CONQ line to expect."""

    def starters(self, prev: LoggedPartida) -> set[str]:
        """The last winners of any partida (our engine lets the last of several start)."""
        return self.rp.starters

    def count_committed(self, j: sx.Jogada, lo: int, hi: int) -> tuple[int, int]:
        if j.committed:
            self.rp.flag(j, f"{j.committed} committed", "0 committed",
                         "2.180423 has no committed cards")
        return 0, 0

    def several_empty_excused(self, empty: list[str]) -> bool:
        """Several empty hands and no V: a crisis, unless they may win together."""
        return len(empty) > 1 and not self.rp.shared()

    def structure(self, s: sx.Structure) -> None:
        if len(s.consequences) > 1:
            for item in s.consequences:
                if isinstance(item, sx.Revolt):
                    self.rp.flag(item, "a revolt beside other consequences", "the revolt alone",
                                 "2.180423: a revolt replaces the structure's execution")

    def commit(self, c: sx.Commit, action: bool = True) -> None:
        self.rp.flag(c, head(c), "no commitment", "2.180423 has no committed cards")

    def move(self, mv: sx.Move) -> None:
        self.rp.flag(mv, "MV", "no movement", "2.180423 has no movements")

    def action(self, item: Any) -> None:
        """A jogada's one action is a natural card; a revolt ends the jogada."""
        self.rp.count_action(item, "2.180423: a revolt ends the jogada",
                             "one natural card per jogada")

    def swap_cards(self, item: sx.SwapCards, actor: str) -> None:
        self.rp.flag(item, text_of(item), "two structures of the society",
                     "2.180423 has no conquests: '=' swaps two structures")

    def crisis_reordered(self) -> bool:
        """A standing card changes the priority: the effects level checks the solver."""
        return bool(self.rp.rules(fx.CrisisPriority))

    def after_crisis(self, causer: str) -> None:
        """Nobody commits a card."""

    def row(self, player: str) -> int:
        """The field ranks solvers: higher rows first."""
        return -self.rp.rows.get(player, 0)

    def revolt(self, r: sx.Revolt, nested: bool, active: str, resolving: bool = False) -> None:
        """After a crisis, with hands 4 apart, by the one player the rules name."""
        rp = self.rp
        if not nested:
            rp.flag(r, "R after the structure event", "R inside the structure event",
                    "2.180423: a revolt replaces the structure's execution")
        p = rp.p
        hands = {name: n for name, n in p.hands.items() if n is not None}
        if len(hands) != len(p.hands):
            return  # a count unknown since a gap: the gap and the proposer cannot be told
        if not p.crisis_since_revolt:
            rp.flag(r, "a revolt with no crisis since the last one", "a crisis first",
                    "2.180423: a revolt needs a crisis since the partida's last revolt")
        most, fewest = max(hands.values()), min(hands.values())
        if most - fewest < REVOLT_GAP:
            rp.flag(r, f"hands of {fewest} to {most} cards",
                    f"a difference of {REVOLT_GAP} or more",
                    "2.180423: a revolt needs the biggest and smallest hands 4 cards apart")
        if any("propose_revolt" in rule.act for rule in rp.rules(fx.Cannot)):
            return  # a standing card forbids someone to propose: the effects level checks it
        expected = min(p.order, key=lambda q: (-hands[q], rp.rows.get(q, 0),
                                               -p.distance(active, q)))
        if r.change.player != expected:
            rp.flag(r, f"{r.change.player or 'nobody named'} proposes", f"{expected} proposes",
                    "2.180423: most cards, then lowest row, then the last of them to play")

    def ideology(self, ev: sx.Ideologies, action: bool) -> None:
        self.rp.flag(ev, head(ev), "no ideologies", "2.180423 players have no ideologies")

    def check_winners(self, first: sx.Victory, named: list[str], decreed: bool) -> None:
        if len(named) > 1 and not self.rp.shared() and not decreed:
            self.rp.flag(first, event_text(first), "one winner",
                         "2.180423: several win only with a shared-victory card or an alliance",
                         top=first)

    def after_victory(self, first: sx.Victory) -> None:
        """No conquests follow."""

    def conquests(self, ev: sx.Conquests) -> None:
        self.rp.flag(ev, "CONQ", "no conquests", "2.180423 has no conquests: the field scores")


class Rules4190617:
    """Edition 4.190617 as the compendium and its leaflet describe it."""

    edition = V4
    crisis_criteria = "most cards, then nearest to play"

    def __init__(self, replay: Ledger):
        self.rp = replay

    def next_event(self, item: Any) -> None:
        """3.15: the line after a V's holds the CONQ, before anything else."""
        rp = self.rp
        if not rp.v_end or item.at[0] <= rp.v_end:
            return
        rp.v_end = 0
        if not isinstance(item, sx.Conquests | sx.Gap):
            rp.flag(item, f"{head(item)} on the line after V", "a CONQ line",
                    "3.15: the line after a victory holds the conquests", top=item)
            rp.conq_due = None  # said once

    def opening(self) -> None:
        """3.14: a 4.190617 diário opens with ID, then PART1 on the next line."""
        rp = self.rp
        events = rp.log.events
        if not events or isinstance(events[0], sx.Gap):
            return  # nothing, or an opening the reader could not read
        first, nxt = events[0], events[1] if len(events) > 1 else None
        if not isinstance(first, sx.Ideologies):
            rp.flag(first, f"the log opens with {head(first)}", "ID(...)",
                    "3.14: the diário opens with the players' ideologies", top=first)
        elif nxt is not None and not isinstance(nxt, sx.Gap) and not (
                isinstance(nxt, sx.Part) and nxt.number == 1):
            rp.flag(nxt, f"{head(nxt)} after ID", "PART1",
                    "3.14: the first partida follows the ideologies", top=nxt)

    def starters(self, prev: LoggedPartida) -> set[str]:
        """Lots are drawn unless one player won the last partida."""
        return set(prev.winners[:1] * (len(prev.winners) == 1))

    def count_committed(self, j: sx.Jogada, lo: int, hi: int) -> tuple[int, int]:
        if j.committed > MAX_COMMITTED:
            self.rp.flag(j, f"{j.committed} committed", f"at most {MAX_COMMITTED} committed",
                         "nobody commits more than 2 cards")
        elif not lo <= j.committed <= hi:
            self.rp.flag(j, f"{j.committed} committed", f"{span(lo, hi)} committed",
                         "committed cards replayed: +c, -c, crises, revolts and cards lost")
        return j.committed, j.committed

    def several_empty_excused(self, empty: list[str]) -> bool:
        return False

    def structure(self, s: sx.Structure) -> None:
        """A revolt is an action of its own, beside anything."""

    def commit(self, c: sx.Commit, action: bool = True) -> None:
        """``action``: the player's own (+c as an event), not what a card made them do."""
        rp = self.rp
        if action:
            self.action(c)
        p, who = rp.p, rp.j.player
        (lo, hi), hand = p.committed[who], p.hands[who]
        if hand is None:
            hand = MAX_COMMITTED  # unknown since a gap
        if c.delta > 0:
            if lo >= min(MAX_COMMITTED, hand):
                rp.flag(c, f"+c with {span(lo, hi)} of {hand} cards committed",
                        "an uncommitted card and fewer than 2 committed",
                        "nobody commits more than 2 cards, nor more than they hold")
            cap = min(MAX_COMMITTED, hand)
            p.committed[who] = (min(lo + 1, cap), min(hi + 1, cap))
        else:
            if hi <= 0:
                rp.flag(c, "-c with no card committed", "a committed card",
                        "only a committed card can be relaxed")
            p.committed[who] = (max(0, lo - 1), max(0, hi - 1))
            p.known[who] = None  # a card the log never showed becomes usable

    def move(self, mv: sx.Move) -> None:
        self.action(mv)

    def action(self, item: Any) -> None:
        self.rp.count_action(item, None, "one action per jogada")

    def swap_cards(self, item: sx.SwapCards, actor: str) -> None:
        """A hand card and a conquest trade places."""
        p = self.rp.p
        if (known := p.known.get(actor)) is not None:
            p.known[actor] = known | {item.a, item.b}

    def crisis_reordered(self) -> bool:
        return False

    def after_crisis(self, causer: str) -> None:
        """The player who suffers it commits 1 card, if they can."""
        p = self.rp.p
        (lo, hi), cap = p.committed[causer], min(MAX_COMMITTED, p.hands[causer] or 0)
        p.committed[causer] = (min(lo + 1, cap), min(hi + 1, cap))

    def row(self, player: str) -> int:
        """No field: rows do not rank solvers."""
        return 0

    def revolt(self, r: sx.Revolt, nested: bool, active: str, resolving: bool = False) -> None:
        """The player whose jogada it is, with 2 committed cards, which the revolt relaxes;
        ``resolving``: in place of a crisis (CNA 2.4), so not the jogada's action."""
        rp = self.rp
        if not resolving:
            self.action(r)
        p = rp.p
        if r.change.player not in (None, active):
            rp.flag(r, f"{r.change.player} proposes", f"{active} proposes",
                    "4.190617: the player whose jogada it is proposes a revolt")
        lo, hi = p.committed[active]
        if hi < MAX_COMMITTED:
            rp.flag(r, f"{active} with {span(lo, hi)} committed", "2 committed",
                    "4.190617: proposing a revolt needs 2 committed cards")
        p.committed[active] = (0, 0)

    def ideology(self, ev: sx.Ideologies, action: bool) -> None:
        """As an action it is the player's own, with 2 committed cards."""
        rp = self.rp
        if action:
            who, p = rp.j.player, rp.p
            self.action(ev)
            if [name for name, _ in ev.players] != [who]:
                rp.flag(ev, event_text(ev), f"ID({who}=...)",
                        "an ideology change by action is the player's own")
            lo, hi = p.committed[who]
            if hi < MAX_COMMITTED:
                rp.flag(ev, f"{who} with {span(lo, hi)} committed", "2 committed",
                        "4.190617: changing ideology needs 2 committed cards")
            p.committed[who] = (0, 0)
        for who, ideology in ev.players:
            taken = [q for q, held in rp.ideologies.items() if held == ideology and q != who]
            if taken:
                rp.flag(ev, f"{who}={ideology}", "an ideology no other player holds",
                        f"{taken[0]} holds {ideology}")
            rp.ideologies[who] = ideology

    def check_winners(self, first: sx.Victory, named: list[str], decreed: bool) -> None:
        """Several may win together."""

    def after_victory(self, first: sx.Victory) -> None:
        self.rp.conq_due = first

    def conquests(self, ev: sx.Conquests) -> None:
        """Previous total + 2 per partida won - punishments, plus what cannot be seen here."""
        rp = self.rp
        rp.conq_due = None
        listed = [who for who, _, _ in ev.players]
        known, rp.conquests_known = rp.conquests_known, True
        for who in rp.players:
            if who not in listed:
                rp.flag(ev, f"no {who}", f"{who}=n", "CONQ lists every player's conquests")
        for who, n, cards in ev.players:
            if cards and len(cards) != n:
                rp.flag(ev, f"{who}={n} with {len(cards)} cards listed", f"{n} cards listed",
                        "the listed conquests make the total")
            floor = rp.conquests.get(who, 0) + 2 * rp.wins[who] - rp.punished[who]
            if any(w != who for w in rp.wins):
                floor -= 1  # an opponent's hegemony takes 1 conquest, unseen in the log
            if n < floor and known:
                rp.flag(ev, f"{who}={n}", f"{who} with at least {floor}",
                        "the last total, 2 per partida won, minus punishments "
                        "(legitimacy adds; an opponent's hegemony may take 1)")
            rp.conquests[who] = n
        rp.wins.clear()
        rp.punished.clear()


Edition = Rules2180423 | Rules4190617

EDITIONS: dict[str, type[Edition]] = {V2: Rules2180423, V4: Rules4190617}
"""The rules object of each edition a diário may be replayed by."""
