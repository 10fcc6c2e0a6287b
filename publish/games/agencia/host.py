"""The engine as its parts see it: ``Host``, the state and the methods each part of the
rules may use of the others, and the ``Context`` and ``Stats`` they pass and count in.

The engine is one object made of parts, one module per concern of the rules (turn,
naturals, revolt, crisis, structures, field, hegemony, triggers) over ``base.EngineBase``,
which holds the state.  A part is a class whose methods run on that one object: it
calls its own methods, and of everything else only what ``Host`` declares.  The action
handlers (``actions``) and the selectors (``select``) take the engine as a ``Host`` too.

``EngineBase`` subclasses ``Host``, so every part is type-checked against it: a part
that calls another's method or reads state ``Host`` does not declare is an error
(mypy), an implementation whose signature differs from its declaration is one, and
``Engine`` must implement every member, or making one is an error (mypy: an abstract
class).  At run time ``Host`` adds nothing to a call: the parts stay methods of one
object, called as ``self.method()``, because the engine is hot code (a jogada is about
95,000 instructions) and parts holding each other would add a look-up to every call
between them and every read of the state (``docs/agencia-engine.md``, "The engine's
parts").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, final

from publish.games.agencia.cards import CardInfo, RuleKey
from publish.games.agencia.reach import Reach
from publish.games.agencia.state import EMPTY, Jogada, State

Rules = list[tuple[int, Any]]
"""Standing rules as the engine files them: (seat of the card, the rule as a ``Plain``)."""

Snapshot = tuple[Any, ...]
"""What ``Host.snapshot`` keeps of a jogada for ``Host.restore`` to go back to."""


@final  # made new by calling its __init__ on one kept (Turns.execute): no subclass
@dataclass(slots=True)
class Context:
    """Who is acting, for which card, and what this card has done so far."""

    owner: int
    card: str | None = None
    event: dict[str, int | None] = EMPTY  # a shared empty one unless given: only read
    picked: tuple[int, ...] = ()  # replaced as players are picked: no new list per context
    discarded: int = 0
    drawn: int = 0
    start_rows: list[int] | None = None


@dataclass
class Stats:
    """What a simulation reports per card and per game."""

    in_society: Counter[str] = field(default_factory=Counter)
    executed: Counter[str] = field(default_factory=Counter)
    executable: Counter[str] = field(default_factory=Counter)
    crises_caused: Counter[str] = field(default_factory=Counter)
    partidas: int = 0
    jogadas: int = 0
    crises: int = 0
    revolts: int = 0
    hegemonies: Counter[str] = field(default_factory=Counter)
    partida_winners: Counter[int] = field(default_factory=Counter)
    partidas_won: int = 0


class Host(Protocol):
    """The engine's state and the methods its parts call on each other, by the part that
    provides them.  See the module's docstring."""

    # -- the game, who plays it and what it counts (``EngineBase``)
    infos: dict[str, CardInfo]
    deck: list[str]
    agents: list[Any]  # each seat's agent (agents.py, diario/oracle.py): asked every choice
    state: State
    stats: Stats
    record: Jogada  # the jogada under way
    log: list[tuple[Any, ...]]  # what happened, for the diário (diario/record.py)
    events: list[tuple[Any, ...]]  # what a balance study counts (records.py)
    check_invariants: bool
    structure_context: Context  # the context the structure of the jogada runs in
    # the records kept only when a card of the deck reads them (``cards.RECORDS_READ``)
    notes_one_card: bool
    notes_received: bool
    notes_discards: bool
    notes_changes: bool
    notes_turno: bool  # each turno's draws and discards (``Partida.turno_drew``)

    # -- the standing rules in force (``EngineBase``), kept back by a snapshot (Turns)
    standing: dict[RuleKey, Rules]  # the society's rules by kind: is one standing? a look-up
    reaches: Mapping[str, Reach | None]  # card -> what a snapshot of it copies
    roles: dict[str, str]  # card -> role, natural cards only
    rules_in_order: dict[tuple[RuleKey, int, int], Rules]  # ``rules`` asked in an order of play
    rules_filed_for: list[str] | tuple[()]  # the structures ``standing`` was filed for

    # -- the jogadas counted per card in the society (``count_society``, Turns.jogada)
    run_society: list[str]  # the society of the last jogadas, not counted yet
    run_jogadas: int  # how many jogadas in a row it has stood for
    extra_jogada: bool  # the player of the jogada is playing the second of two in a row
    every_seat: int  # ``Partida.turno`` once everyone has played: the turno ends

    # -- EngineBase
    def context(self, seat: int, **event: int | None) -> Context:
        """A context for a standing rule of ``seat``'s card, with the event's players."""
        ...

    def rules(self, rule_type: RuleKey) -> Rules:
        """The standing rules of a kind in the society, in the order of play."""
        ...

    def society_changed(self) -> None:
        """File the rules of the structures now (whatever sets the structures calls it)."""
        ...

    def structures_changed(self, *moved: str) -> None:
        """The structures changed: these cards came, went or changed seats."""
        ...

    def discarded(self, player: int, n: int) -> None:
        """Count ``n`` cards ``player`` discarded."""
        ...

    def count_society(self) -> None:
        """Add the jogadas the last society stood for to the counts."""
        ...

    def hand_size(self, seat: int) -> int:
        """The cards ``seat`` is dealt at the start of a partida."""
        ...

    def verify(self) -> None:
        """Check the bookkeeping (``check`` mode); an ``Invariant`` if it is broken."""
        ...

    # -- Turns (turn.py)
    def snapshot(self, p: int = 0, reach: Reach = ...) -> Snapshot:
        """What a jogada may change, for ``restore`` (at most once) to go back to."""
        ...

    def restore(self, snap: Snapshot) -> None:
        """Go back to ``snap``."""
        ...

    # -- Naturals (naturals.py)
    def natural(self, p: int) -> None:
        """Offer p the natural cards they may use after their structure."""
        ...

    # -- Revolts (revolt.py)
    def hands_apart_for_revolt(self) -> bool:
        """Whether the hands are far enough apart for a revolt."""
        ...

    def revolt(self, active: int) -> bool:
        """Offer the revolt; True if one happened (the jogada then ends)."""
        ...

    # -- Crises (crisis.py)
    def crisis(self, causer: int) -> None:
        """Solve the crisis ``causer``'s jogada caused, or end the partida."""
        ...

    # -- Structures (structures.py)
    def structural_card(self, p: int) -> str | None:
        """The first structural card of p's hand, if any."""
        ...

    def change_structure(self, p: int, slots: Sequence[int] | None = None,
                         approval: bool = False, vote: bool = False,
                         returning: bool = False) -> bool:
        """p puts a structural card of their hand in a structure; False if they cannot."""
        ...

    def approved(self, p: int, slot: int, card: str) -> bool:
        """Whether an opponent approves p's change."""
        ...

    def swap_structures(self, a: int, b: int) -> None:
        """Seats ``a`` and ``b`` swap structures."""
        ...

    def shuffle_structures(self) -> None:
        """Deal the structures out again at random."""
        ...

    def reverse_flow(self) -> None:
        """Turn the order of play round."""
        ...

    # -- FieldPlay (field.py), Bourdieu mode
    def field_move(self, p: int, during_partida: bool) -> bool:
        """p moves a player one column sideways."""
        ...

    def field_swap(self, a: int, b: int) -> None:
        """``a`` and ``b`` swap places on the field."""
        ...

    def field_step(self, p: int, rows: int, max_row: int) -> None:
        """p moves ``rows`` rows, up to ``max_row``."""
        ...

    def set_row(self, p: int, row: int) -> None:
        """Put p on ``row``, now."""
        ...

    def check_top(self, p: int) -> None:
        """If p reached the top row, p wins the game."""
        ...

    def log_field(self) -> None:
        """Log where everyone stands."""
        ...

    def end_partida_field(self, winners: list[int]) -> None:
        """The winners climb, then the moves after a partida."""
        ...

    # -- Hegemony (hegemony.py), Bourdieu mode
    def hegemony(self, p: int) -> None:
        """End the partida if an ideology holds enough structures and it is claimed."""
        ...

    # -- Triggers (triggers.py)
    def fire(self, event: str, **who: int | None) -> None:
        """Run the triggers of the standing cards that wait for ``event``."""
        ...

    def after_draw(self, player: int, n: int, ctx: Context) -> None:
        """The standing cards that react to a draw."""
        ...

    def penalise(self, p: int, event: str) -> None:
        """The standing cards that make whoever changed something draw."""
        ...

    def tally(self) -> None:
        """The end-of-turn tally of a standing card."""
        ...
