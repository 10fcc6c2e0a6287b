"""What a diário's replay keeps track of: the partida and jogada as the log has told
them so far, and the moves every edition replays alike (cards gained and lost,
structures changed, findings flagged).

What the log has not told is unknown, not guessed: after a line the reader
could not read (a ``Gap``) every hand count, committed count, structure and
the flow may have changed, so each is ``None`` (or a range) until the log
shows it again: a count at the player's next J, a structure at its owner's
next structure event, the flow at the next two jogadas.  Checks that need an
unknown value are skipped, so one slip is reported once.
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
MAX_COMMITTED = 2
REVOLT_GAP = 4  # 2.180423: the biggest and smallest hands must differ by this much


def span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo} to {hi}"


def head(item: Any) -> str:
    """``J4``, ``068``, ``CN``, ``+c``: how a message names an event."""
    if isinstance(item, sx.Gap):
        return f"the line the reader skipped ({item.head or 'its end'})"
    return event_text(item).split("(")[0]


@dataclass
class LoggedPartida:
    """What the log has established so far in one partida."""

    order: list[str]  # the order of play at the start (PART)
    structures: dict[str, str | None]  # None: unknown since a gap, until shown
    hands: dict[str, int | None]  # None: unknown since a gap, until declared
    committed: dict[str, tuple[int, int]]  # fewest and most: losing cards may relax some
    known: dict[str, set[str] | None]  # a superset of the hand, while the log shows it
    since: dict[str, str] = field(default_factory=dict)  # where each count was last set
    flow: int = 1
    flow_known: bool = True
    resync: bool = False  # a J was lost in a gap: the next one's number and turn are unknown
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

    def blurred(self) -> bool:
        """Whether a structure is unknown (since a gap)."""
        return None in self.structures.values()

    def forget(self, line: int) -> None:
        """A gap at ``line``: whatever it may have changed is unknown from here."""
        for who in self.order:
            self.hands[who], self.known[who] = None, None
            self.committed[who] = (0, MAX_COMMITTED)
            self.structures[who] = None
            self.since[who] = f"unknown since line {line}"
        self.flow_known = False

    def circle(self) -> list[str]:
        """The players in the order of play the flow gives at the end, from the first."""
        return self.order if self.flow == 1 else self.order[:1] + self.order[:0:-1]


@dataclass
class LoggedJogada:
    event: sx.Jogada
    extra: bool = False  # the same player's second jogada in a row
    played: bool = False  # its structure event was seen
    crisis: bool = False
    revolt: bool = False
    actions: int = 0
    victories: list[sx.Victory] = field(default_factory=list)
    decreed: bool = False  # a hegemony or a card (2.180423, known by infos) names the winner
    settled: bool = False  # its end was checked (before a turn's-end reaction, if any)
    gapped: bool = False  # part of it could not be read

    @property
    def player(self) -> str:
        return self.event.player


class Ledger:
    """The replay's memory of the log, and the moves that read the same in both editions."""

    def __init__(self, log: sx.Log, infos: dict[str, CardInfo] | None):
        self.log, self.infos = log, infos or {}
        self.found: list[Finding] = []
        self.top: Any = None  # the top-level event being replayed
        self.part: LoggedPartida | None = None
        self.jog: LoggedJogada | None = None
        self.last: LoggedJogada | None = None  # the partida's previous jogada
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
        self.v_end = 0  # the last line of the last V (CNA 3.15: CONQ on the next line)
        self.conquests_known = True  # no gap since the last CONQ

    @property
    def p(self) -> LoggedPartida:
        assert self.part is not None
        return self.part

    @property
    def j(self) -> LoggedJogada:
        assert self.jog is not None
        return self.jog

    def flag(self, item: Any, declared: str, expected: str, why: str, top: Any = None,
             since: str = "") -> None:
        line, col = item.at
        self.found.append(Finding(self.log.path, line, col, self.context(top or self.top),
                                  declared, expected, why, since))

    def context(self, top: Any) -> str:
        """``J9 (Ana)``: the jogada under way and its player; else the event's code."""
        if isinstance(top, sx.Jogada):
            return f"J{top.number} ({top.player})"
        if self.jog is not None:
            return self.context(self.jog.event)
        return head(top) if top is not None else "the log"

    def rules(self, rule_type: type) -> list[Any]:
        """Standing rules of this type in the society (none known without infos)."""
        if not self.infos or self.part is None:
            return []
        society = [c for c in self.part.structures.values() if c in self.infos]
        return [rule for _, rule in rules_of(rule_type, society, self.infos)]

    def card_known(self, card: str, item: Any, structure: bool = False,
                   natural: bool = False) -> None:
        """Structures are numbered 001-899 and natural cards 901-999 (CNA 1.16, 1.17); with
        the card data, the number is one of the game's cards."""
        number = int(card)
        if structure and not 1 <= number <= 899:
            self.flag(item, f"structure {card}", "a number from 001 to 899",
                      "CNA 1.16: structures are numbered 001 to 899")
        elif natural and not 901 <= number <= 999:
            self.flag(item, f"natural card {card}", "a number from 901 to 999",
                      "CNA 1.17: natural cards are numbered 901 to 999")
        elif self.infos and card not in self.infos:
            self.flag(item, f"card {card}", "a card of the game's decks",
                      "no card of the card data has this number")

    def other_consequence(self, item: Any) -> None:
        """A structure withdrawn, an alliance broken, a card committed or a punishment,
        as what another event led to."""
        p = self.p
        if isinstance(item, sx.Withdrawn):
            owner = p.owner(item.card)
            if owner is None and not p.blurred():
                self.flag(item, f"-{item.card}", "a structure of the society",
                          "only a structure of the society can be taken out of it")
            if owner is not None:
                p.structures[owner] = None  # nothing stands there until the log shows it
        elif isinstance(item, sx.Breakup):
            pair = frozenset((item.a, item.b))
            if pair not in p.alliances:
                self.flag(item, text_of(item), f"an alliance of {item.a} and {item.b}",
                          "only an alliance can be broken")
            p.alliances.discard(pair)
        elif isinstance(item, sx.Commit):
            self.commit_nested(item)
        elif isinstance(item, sx.Punishment):
            self.punished[item.player] += item.n

    def commit_nested(self, item: sx.Commit) -> None:
        """Overridden by the replay: a commitment an event led to."""

    def member(self, who: str, item: Any) -> bool:
        if who in self.p.hands:
            return True
        self.flag(item, who, f"one of {', '.join(self.p.order)}", "not a player of this partida")
        return False

    def in_jogada(self, item: Any) -> bool:
        """Whether a jogada is under way for this event, which belongs to one."""
        if self.jog is None and not self.lost:
            self.flag(item, head(item), "a J event before it", "this event belongs to a jogada")
        return self.jog is not None

    def gain(self, who: str, n: int | None, cards: tuple[str, ...], item: Any) -> None:
        if self.member(who, item):
            p = self.p
            held = p.hands[who]
            p.hands[who] = None if held is None or n is None else held + n
            known = p.known[who]
            p.known[who] = known | set(cards) if known is not None and len(cards) == n else None

    def lose(self, who: str, n: int | None, item: Any, cards: tuple[str, ...] = ()) -> int | None:
        """Discarding, giving, using a card: never more than held; committed ones may go.

        ``n`` None: the whole hand (``m``).  Returns how many went, if known.
        """
        if not self.member(who, item):
            return n
        p, held = self.p, self.p.hands[who]
        n = held if n is None else n
        over = held is not None and n is not None and n > held
        if over:
            self.flag(item, text_of(item), f"{who} holds {held}",
                      "nobody loses more cards than they hold", since=p.since.get(who, ""))
            p.since[who] = f"unknown since line {item.at[0]}"
        p.hands[who] = 0 if n == held else (None if held is None or n is None or over
                                            else held - n)
        lo, hi = p.committed[who]
        left = p.hands[who]
        p.committed[who] = ((0, 0) if left == 0 else
                            (max(0, lo - (n or 0)), hi if left is None else min(hi, left)))
        if (known := p.known[who]) is not None:
            p.known[who] = known - set(cards)
        return n

    def exchange(self, item: sx.Exchange) -> None:
        p = self.p
        for who in (item.a, item.b):
            if self.member(who, item):
                if (held := p.hands[who]) is not None and held < item.n:
                    self.flag(item, text_of(item), f"{who} holds {held}",
                              "an exchange needs the cards on both sides",
                              since=p.since.get(who, ""))
                lo, hi = p.committed[who]
                p.committed[who] = (max(0, lo - item.n), hi)  # a committed card may go
                p.known[who] = None

    def swap_hands(self, item: sx.SwapHands) -> None:
        p, a, b = self.p, item.a, item.b
        if self.member(a, item) and self.member(b, item):
            p.hands[a], p.hands[b] = p.hands[b], p.hands[a]
            p.known[a], p.known[b] = p.known[b], p.known[a]
            p.since[a], p.since[b] = p.since.get(b, ""), p.since.get(a, "")
            p.committed[a] = p.committed[b] = (0, 0)  # cards handed over arrive relaxed

    def change(self, ch: sx.Change, who: str | None) -> None:
        """A hand card replaces a structure: the hand keeps its size."""
        p = self.p
        owner = p.owner(ch.old)
        if owner is None and not p.blurred():
            self.flag(ch, f"-{ch.old}", f"one of {', '.join(map(str, p.structures.values()))}",
                      "only a structure of the society can be replaced")
        self.card_known(ch.new, ch, structure=True)
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

    def support(self, ok: sx.Approval, proposer: str) -> None:
        """An opponent supports the revolt, or a card of the society waives it."""
        if ok.by.isdigit():
            if self.p.owner(ok.by) is None:
                self.flag(ok, f"+{ok.by}", "a card of the society",
                          "only a standing card waives a revolt's approval")
        elif ok.by == proposer or ok.by not in self.p.hands:
            self.flag(ok, f"+{ok.by}", f"an opponent of {proposer}",
                      "a revolt is supported by an opponent")

    def shared(self) -> bool:
        """2.180423: several may win together (a shared-victory card, an alliance)."""
        return bool(self.p.alliances or self.rules(fx.SharedVictory))

    def count_action(self, item: Any, revolt_ends: str | None, once: str) -> None:
        """The one action of a jogada; none after a crisis, nor (``revolt_ends``) a revolt."""
        jog, why = self.j, None
        if jog.crisis:
            why = "a player who suffers a crisis takes no action in that jogada"
        elif jog.revolt and revolt_ends:
            why = revolt_ends
        elif jog.actions:
            why = once
        if why:
            self.flag(item, head(item), "no further action", why)
        jog.actions += 1
