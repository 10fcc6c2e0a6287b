"""The game log ("diário de jogo") as typed events.

The compendium (CNA, section 3) writes a game as events, each with its
consequences in parentheses.  Every node keeps where it was written
(``at``: line, column) for findings, but compares equal on content alone,
so a parsed log and its printed-and-reparsed copy are equal.

Edition 2.180423 needs things the compendium's syntax (written for
4.190617) has no code for; they are extensions of ours, documented in
``docs/agencia-diario.md``: the field (``CAMPO`` and ``Ana@r:c``), a
hegemony (``H``), alliances (``Ana=Bia``), the players passed over in a
crisis (``X(Q(Bia), ...)``) and a revolt written inside the structure event
it replaces (``012(R(Bia+034-012, +Caio))``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

At = tuple[int, int]


AT = field(default=(0, 0), compare=False, repr=False)  # where it was written, not what it says


# ---------------------------------------------------------------- consequences

@dataclass(frozen=True)
class Draw:
    """``Ana+2`` (``Ana+1[042]``): a player draws."""

    player: str
    n: int
    cards: tuple[str, ...] = ()
    at: At = AT


@dataclass(frozen=True)
class Discard:
    """``Ana-2`` (``Ana-1[010]``, ``Ana-m`` the whole hand): a player discards."""

    player: str
    n: int | None
    cards: tuple[str, ...] = ()
    at: At = AT


@dataclass(frozen=True)
class Give:
    """``Ana>2>Bia``: Ana hands 2 cards to Bia (``Ana>m>Bia``: her whole hand)."""

    giver: str
    n: int | None
    receiver: str
    cards: tuple[str, ...] = ()
    at: At = AT


@dataclass(frozen=True)
class Exchange:
    """``Ana=1=Bia``: each gives the other 1 card."""

    a: str
    n: int
    b: str
    at: At = AT


@dataclass(frozen=True)
class SwapHands:
    """``Ana=m=Bia``: two players swap their whole hands."""

    a: str
    b: str
    at: At = AT


@dataclass(frozen=True)
class SwapCards:
    """``006=043``: two structures trade places (or a hand card and a conquest)."""

    a: str
    b: str
    at: At = AT


@dataclass(frozen=True)
class Change:
    """``+043-026`` or ``Ana+043-026``: a card of a hand replaces a structure."""

    player: str | None
    new: str
    old: str
    at: At = AT


@dataclass(frozen=True)
class Withdrawn:
    """``-039``: a structure taken out of the society with nothing put in its place."""

    card: str
    at: At = AT


@dataclass(frozen=True)
class Flow:
    """``F``: the flow of the partida reverses."""

    at: At = AT


@dataclass(frozen=True)
class Approval:
    """``+Bia`` (a player) or ``+036`` (a card that waives it): what let it pass."""

    by: str
    at: At = AT


@dataclass(frozen=True)
class Vetoed:
    """``Q``: what came before did not come about (no support, a veto, a refusal)."""

    at: At = AT


@dataclass(frozen=True)
class Crisis:
    """``X(Ana+019-004)``; ``X(Q)`` when nobody could solve it.

    ``X(Q(Bia), Ana+019-004)``: Bia, ahead of Ana in the priority queue,
    was passed over (she could not or might not solve it).  ``more``: what
    else the crisis led to, in the log's order (CNA 3.6): a revolt that
    resolves it (``X(R(+006-039, +Bia))``, CNA 2.4), or consequences after
    the change.  ``X(Q)`` is a crisis nobody solved: no change and nothing more.
    """

    change: Change | None
    passed: tuple[str, ...] = ()
    more: tuple = ()
    at: At = AT

    @property
    def unsolved(self) -> bool:
        return self.change is None and not self.more


@dataclass(frozen=True)
class Position:
    """``Ana@1:2`` (extension): Ana now stands on row 1, column 2 of the field."""

    player: str
    row: int
    col: int
    at: At = AT


@dataclass(frozen=True)
class Alliance:
    """``Ana=Bia`` (extension for Alianças estratégicas): the two win together."""

    a: str
    b: str
    at: At = AT


@dataclass(frozen=True)
class Breakup:
    """``Ana-Bia``: the alliance of Ana and Bia is broken (CNA 3.7, '-')."""

    a: str
    b: str
    at: At = AT


# ---------------------------------------------------------------- events
@dataclass(frozen=True)
class Ideologies:
    """``ID(João=Amarelismo, ...)``: players' ideologies (also a consequence)."""

    players: tuple[tuple[str, str], ...]
    at: At = AT


@dataclass(frozen=True)
class Seat:
    name: str
    position: str
    structure: str


@dataclass(frozen=True)
class Part:
    """``PART1(Aline=S=068, ...)``: a partida begins; seats in the order of play."""

    number: int
    seats: tuple[Seat, ...]
    at: At = AT


@dataclass(frozen=True)
class Campo:
    """``CAMPO(Ana@0:1, ...)`` (extension): everyone's square on the field."""

    squares: tuple[Position, ...]
    at: At = AT


@dataclass(frozen=True)
class Jogada:
    """``J4(Aline, 3, 1)``: whose jogada, with uncommitted and committed hand counts."""

    number: int
    player: str
    uncommitted: int
    committed: int
    hand: tuple[str, ...] | None = None
    held: tuple[str, ...] | None = None  # the committed cards, when shown (CNA 3.8)
    at: At = AT


@dataclass(frozen=True)
class Structure:
    """``068(Aline+1, Maria-2)``: the structure played and what it did."""

    card: str
    consequences: tuple = ()
    at: At = AT


@dataclass(frozen=True)
class Commit:
    """``+c`` commits a card, ``-c`` relaxes one."""

    delta: int
    at: At = AT


@dataclass(frozen=True)
class Revolt:
    """``R(+006-039, +João)`` or ``R(Bia+006-039, Q)``: a proposal and its fate."""

    change: Change
    outcome: Approval | Vetoed | Veto  # a veto with its details (``Q(036, Davi)``) is a Q
    at: At = AT


@dataclass(frozen=True)
class Natural:
    """``CN(999, +043-026)``: a natural card used, with what it did."""

    card: str
    consequences: tuple = ()
    at: At = AT


@dataclass(frozen=True)
class Move:
    """``MV(+043-026)``: a movement (an ideological structure change, 4.190617)."""

    consequences: tuple = ()
    at: At = AT


@dataclass(frozen=True)
class Veto:
    """``Q(012, Bia)``: an action vetoed, with the card and who vetoed.

    A detail is a card number or a name (as text), or a consequence saying
    what was vetoed (``Q(036, Davi, +044-006)``).
    """

    details: tuple = ()
    at: At = AT


@dataclass(frozen=True)
class Punishment:
    """``PU(João-2)``: a player loses conquests."""

    player: str
    n: int
    cards: tuple[str, ...] = ()
    at: At = AT


@dataclass(frozen=True)
class Victory:
    """``V(Maria, João)``: the partida's winners."""

    players: tuple[str, ...]
    at: At = AT


@dataclass(frozen=True)
class Hegemony:
    """``H(Ana=vanguarda-do-proletariado)`` (extension): a hegemony activated."""

    player: str
    group: str
    at: At = AT


@dataclass(frozen=True)
class Conquests:
    """``CONQ(Maria=3[001, 003, 013], ...)``: conquests held after a partida."""

    players: tuple[tuple[str, int, tuple[str, ...]], ...]
    at: At = AT


@dataclass(frozen=True)
class Gap:
    """Where the reader gave up on a line: from ``at`` to the next line-start event.

    The replay takes it as "something happened here that the log does not
    say": what it could have changed becomes unknown until the log shows it again.
    """

    message: str = ""
    head: str = ""  # the first word of the event it could not read ("J7", "CONQ"...)
    at: At = AT


@dataclass(frozen=True)
class Log:
    """A whole diário: its events in order.

    ``ends``: the last line of each event (an event may wrap), for the rules
    on what the next line holds (CNA 3.14, 3.15); ``warnings``: variants the
    reader accepted (a ``LogSyntaxError`` each, naming its clause).
    """

    events: tuple
    path: str = field(default="", compare=False)
    ends: tuple[int, ...] = field(default=(), compare=False)
    warnings: tuple = field(default=(), compare=False)

    def end_of(self, index: int) -> int:
        """The last line of event ``index`` (its first, when not known)."""
        if index < len(self.ends):
            return self.ends[index]
        return self.events[index].at[0]


Event = (Ideologies | Part | Campo | Jogada | Structure | Commit | Revolt | Natural | Move
         | Veto | Punishment | Victory | Hegemony | Conquests | Gap)
