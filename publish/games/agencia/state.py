"""The state of an Agência game as plain data: copied, compared and checked.

Seats are numbered clockwise from 0.  Cards are card numbers ("001", "998");
copies of a natural card are equal strings.  Everything a card's condition
can ask about the past ("no último turno", "na partida") is kept here.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, final

_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""length -> the steps of a shuffle of that many cards: (place, places to draw from, bits
of a draw), from the last place down.  A game shuffles few lengths (a deck, a discard pile)
thousands of times: working them out once saves an addition and a method call per card."""


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    steps = _STEPS.get(length)
    if steps is None:
        steps = _STEPS[length] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    return steps


def shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)``: the same permutation from the same draws on the generator,
    without a call per card (the deal shuffles the whole deck every partida).  Python's
    ``Random.shuffle`` and ``Random._randbelow_with_getrandbits`` are the reference;
    tests/games/agencia/test_state.py holds the two to the same results."""
    getrandbits = rng.getrandbits
    for i, size, bits in _steps(len(cards)):  # a place in 0..i: bits until one fits
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def choice(rng: random.Random, seq: Sequence[Any]) -> Any:
    """``rng.choice(seq)``: the same item from the same draws on the generator, in one call
    rather than two (``Random.choice`` and ``Random._randbelow_with_getrandbits``, the
    reference), as the random agent picks about once a jogada.  The draw is ``shuffle``'s
    (bits until one fits), written out in each so that neither pays a call per draw;
    tests/games/agencia/test_state.py holds both to Python's results."""
    size = len(seq)
    if not size:
        raise IndexError("Cannot choose from an empty sequence")
    bits = size.bit_length()
    getrandbits = rng.getrandbits
    j = getrandbits(bits)
    while j >= size:
        j = getrandbits(bits)
    return seq[j]


_POOL_AT_MOST = 21
"""``Random.sample`` draws from a copied pool when the population is no larger than this
(plus a set's table size for samples over 5): its measure of a small set against a list."""


def sample(rng: random.Random, population: Sequence[Any], k: int) -> list:
    """``rng.sample(population, k)``: the same items from the same draws on the generator,
    with the draw written out (``choice``'s) rather than a call of ``_randbelow`` per item;
    the random agent samples cards and players often.  ``Random.sample`` (without counts)
    is the reference, both of its ways: a pool for small populations, a set of places
    drawn for large ones; tests/games/agencia/test_state.py holds them to Python's."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    result = []
    if n <= _POOL_AT_MOST + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0):
        pool = list(population)
        for size in range(n, n - k, -1):  # the places left: n, n-1, ...
            bits = size.bit_length()
            j = getrandbits(bits)
            while j >= size:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[size - 1]  # the place drawn takes the last one's card
        return result
    bits = n.bit_length()
    taken: set[int] = set()
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in taken:
            j = getrandbits(bits)
        taken.add(j)
        result.append(population[j])
    return result


class _Empty(dict):
    """An empty dict shared by every jogada and context that starts with one: a jogada's
    records are replaced when they change, never changed in place (see
    ``Turns.snapshot``), and a context's event is only read, so they need no new dicts.
    Changing it in place is refused."""

    __slots__ = ()

    # a dataclass takes only a hashable default, and this dict never changes; typeshed
    # declares a dict's __hash__ None, which no override matches (mypy cannot know better)
    def __hash__(self) -> int:  # type: ignore[override]
        return 0

    def _refused(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a jogada's records are replaced, never changed in place")

    __setitem__ = __delitem__ = __ior__ = update = setdefault = pop = popitem = clear = _refused

    def __reduce__(self) -> str:
        """Pickled as a reference to the one there is (a replay pickles the state to try
        a jogada again): cheaper than a dict subclass's own way, and shared again."""
        return "EMPTY"

    def __deepcopy__(self, memo: dict) -> dict:
        """A copy of a game (``State.copy``, a planner's fork) is a game of its own: it
        gets an ordinary empty dict."""
        return {}


EMPTY = _Empty()


@final  # made new by calling its __init__ on one kept (Turns.jogada): no subclass
@dataclass(slots=True)
class Jogada:
    """What happened in one jogada, for the conditions on the last turn.  The records
    are replaced when they change, never changed in place: a snapshot keeps them as
    they are, and a fresh jogada starts with shared empty ones."""

    player: int
    drew: dict = EMPTY  # player -> cards drawn
    received: dict = EMPTY  # player -> cards given to them
    discarded: dict = EMPTY
    gave: frozenset = frozenset()  # (giver, receiver)
    changed: frozenset = frozenset()  # players who changed a structure
    revolt: str | None = None  # None, "failed" or "succeeded"


def seats_in(jogadas: list[Jogada], players: int) -> list[int]:
    """How many of ``jogadas`` each seat played."""
    counts = [0] * players
    for j in jogadas:
        counts[j.player] += 1
    return counts


@dataclass(slots=True)
class Field:
    """The Bourdieu field: rows 0-4, one column per player."""

    row: list[int]
    col: list[int]
    since: list[int]  # when each player reached their row (a clock tick)
    home: list[int]  # each player's column at the start of the game
    blocked_wins: list[int]  # wins accumulated while blocked
    clock: int = 0

    def at(self, row: int, col: int) -> int | None:
        for player, (r, c) in enumerate(zip(self.row, self.col, strict=True)):
            if r == row and c == col:
                return player
        return None

    def blocker(self, player: int) -> int | None:
        """Who sits right above ``player`` (and so blocks their climb)."""
        return self.at(self.row[player] + 1, self.col[player])


@dataclass(slots=True)
class Partida:
    """Bookkeeping of the running partida."""

    number: int = 0
    jogadas: int = 0
    turns: list[Jogada] = field(default_factory=list)  # the last turno, then this jogada
    # jogadas of each seat in ``turns``: the last turno is the shortest run back from this
    # jogada holding a jogada of every player (counted at the partida's first jogada)
    in_turns: list[int] | None = None
    turno: int = 0  # the seats, a bit each, that played since the last turno ended
    # cards drawn and discarded this turno, kept only when a card of the deck tallies them
    turno_drew: dict = field(default_factory=dict)
    turno_discarded: dict = field(default_factory=dict)
    crises: int = 0
    revolts: int = 0
    crisis_since_revolt: bool = False
    crisis_next_play: bool = False
    crisis_next_discard: bool = False
    last_discarder: int | None = None
    last_revolter: int | None = None
    last_crisis_solver: int | None = None
    failed_revolts: set = field(default_factory=set)
    approvals: set = field(default_factory=set)  # (approver, proposer)
    had_one_card: set = field(default_factory=set)
    discards: int = 0  # cards discarded this partida
    discards_at_play: list[int] = field(default_factory=list)  # ``discards`` at each one's play
    society_seen: set = field(default_factory=set)  # cards that were structures this partida
    inserted_by: dict = field(default_factory=dict)  # seat -> who put its structure there
    teams: list = field(default_factory=list)  # pairs (a, b) from Alianças estratégicas
    winners: list[int] = field(default_factory=list)
    hegemony: str | None = None
    swap_if_blocked: bool = False  # a hegemony that lets the winner pass a blocker at once
    clock: int = 0  # counts structure changes, to know which card came last
    ended: bool = False

    def count_turns(self, players: int) -> list[int]:
        """``in_turns`` counted from ``turns``: at a partida's first jogada, or in a state
        set by hand."""
        self.in_turns = seats_in(self.turns, players)
        return self.in_turns

    def discards_since(self, player: int) -> int:
        """Cards discarded by everyone since ``player`` last played (or the partida began)."""
        return self.discards - self.discards_at_play[player]


@dataclass(slots=True)
class State:
    """A whole game: hands, society, pile, flow, field and history."""

    players: int
    hands: list[list[str]]
    structures: list[str]
    pile: list[str]
    discard: list[str]
    flow: int  # +1 clockwise, -1 counter-clockwise
    turn: int  # whose jogada is next
    rng: random.Random
    bourdieu: bool
    field: Field | None  # below, ``field`` is this field: dataclasses' is named in full
    partida: Partida = dataclasses.field(default_factory=Partida)
    wins: list[int] = dataclasses.field(default_factory=list)  # partida wins per player
    win_order: list[int] = dataclasses.field(default_factory=list)  # winners of partidas
    game_winners: list[int] = dataclasses.field(default_factory=list)
    game_over: bool = False
    asymmetric: bool = False  # the social deck is in play: hands of 8 less the row
    stopped: bool = False  # the game hit the cap on partidas without a winner

    def copy(self) -> State:
        """An independent copy (the random generator included)."""
        return copy.deepcopy(self)

    def neighbour(self, player: int, steps: int = 1) -> int:
        """The player ``steps`` places after ``player`` in the current flow."""
        return (player + steps * self.flow) % self.players

    def cards_in_play(self) -> Counter:
        """Every card the game holds, wherever it is (for the conservation check)."""
        total = Counter(self.pile)
        total.update(self.discard)
        total.update(self.structures)
        for hand in self.hands:
            total.update(hand)
        return total
