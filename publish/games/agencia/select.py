"""Who a card means: selectors and conditions evaluated against a game state.

A selector that names exactly one player ("o jogador com mais cartas") and
finds none or several raises Crisis; "o(s) jogador(es)" keeps ties; a
choice ("um adversário") goes to the acting player's agent, among the
players for whom the action can be done.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import contains, eq, ge, gt, le, lt
from typing import Any

from publish.games.agencia import effects as fx
from publish.games.agencia.cards import Plain
from publish.games.agencia.host import Context
from publish.games.agencia.host import Host as Engine


class Crisis(Exception):
    """The structure cannot be done exactly as written."""


PRIMES = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79}


Test = Callable[[Engine, Context, int, Any], bool]
"""One test of a condition: ``test(engine, ctx, player, arg)``, ``arg`` what it compares."""

_TESTS: dict[Any, tuple[tuple[Test, Any], ...]] = {}
"""condition -> its tests, in the order they are asked: a condition sets one or two of its
16 fields, and a count one or two of its 5 bounds, so they are turned once, when first
asked, into the few tests they set.  Keyed by the condition itself: a card's
(``cards.Plain``) hashes by identity, a model (frozen) by its fields."""


def holds(engine: Engine, ctx: Context, player: int, cond: fx.Condition) -> bool:
    """Whether ``cond`` is true of ``player``, seen from the acting player ``ctx.owner``."""
    tests = _TESTS.get(cond)
    if tests is None:
        tests = _TESTS[cond] = _tests_of(cond)
    for test, arg in tests:  # a loop: a generator would close over this function's names
        if not test(engine, ctx, player, arg):
            break
    else:
        return True
    return False


def _tests_of(cond: fx.Condition) -> tuple[tuple[Test, Any], ...]:
    """The tests ``cond`` sets, each with what it compares: hand, then field, then history."""
    tests = []
    for name, test in _TEST_OF.items():
        value = getattr(cond, name)
        if value is not None:
            tests.append((test, _bounds(value) if name in _COUNTED else value))
    return tuple(tests)


_BOUNDS = (("eq", eq), ("lt", lt), ("le", le), ("gt", gt), ("ge", ge))


def _bounds(count: fx.Count) -> tuple[tuple[Callable[[int, int], bool], int | None], ...]:
    """(comparison, bound) for each bound ``count`` sets; None: the acting player's own."""
    return tuple((op, None if getattr(count, name) == "self" else getattr(count, name))
                 for name, op in _BOUNDS if getattr(count, name) is not None)


def _passes(value: int, bounds: Any, own: int) -> bool:
    """Whether ``value`` passes every bound (None: compared with ``own``)."""
    for op, bound in bounds:
        if not op(value, own if bound is None else bound):
            break
    else:
        return True
    return False


def _is_me(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return (player == ctx.owner) == want


def _cards(engine: Engine, ctx: Context, player: int, bounds: Any) -> bool:
    hands = engine.state.hands
    return _passes(len(hands[player]), bounds, len(hands[ctx.owner]))


def _parity(engine: Engine, ctx: Context, player: int, parity: str) -> bool:
    return (len(engine.state.hands[player]) % 2 == 1) == (parity == "odd")


def _prime(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return (len(engine.state.hands[player]) in PRIMES) == want


def _unique_count(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    hands = engine.state.hands
    return (list(map(len, hands)).count(len(hands[player])) == 1) == want


def _rows(engine: Engine) -> list[int]:
    field = engine.state.field
    if field is None:
        raise Crisis("this card needs the field (Bourdieu mode)")
    return field.row


def _row(engine: Engine, ctx: Context, player: int, bounds: Any) -> bool:
    rows = _rows(engine)
    return _passes(rows[player], bounds, rows[ctx.owner])


def _row_at_start(engine: Engine, ctx: Context, player: int, bounds: Any) -> bool:
    rows = ctx.start_rows or _rows(engine)
    return _passes(rows[player], bounds, rows[ctx.owner])


def _neighbour(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    me = ctx.owner
    s = engine.state
    return player != me and (player in (s.neighbour(me, 1), s.neighbour(me, -1))) == want


def _drew(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return _counted([j.drew for j in engine.state.partida.turns[:-1]], player) == want


def _discarded(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return _counted([j.discarded for j in engine.state.partida.turns[:-1]], player) == want


def _gave_to_self(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    gave = [j.gave for j in engine.state.partida.turns[:-1]]
    return _listed(gave, (player, ctx.owner)) == want


def _changed(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return _listed([j.changed for j in engine.state.partida.turns[:-1]], player) == want


def _failed_revolt(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return (player in engine.state.partida.failed_revolts) == want


def _approved_own(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return ((player, ctx.owner) in engine.state.partida.approvals) == want


def _had_one_card(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return (player in engine.state.partida.had_one_card) == want


def _makes_others_draw(engine: Engine, ctx: Context, player: int, want: bool) -> bool:
    return engine.infos[engine.state.structures[player]].makes_others_draw == want


_TEST_OF: dict[str, Test] = {
    "me": _is_me, "cards": _cards, "parity": _parity, "prime": _prime,
    "unique_count": _unique_count, "row": _row, "row_at_start": _row_at_start,
    "neighbour": _neighbour, "drew_last_turn": _drew, "discarded_last_turn": _discarded,
    "gave_to_self_last_turn": _gave_to_self, "changed_structure_last_turn": _changed,
    "failed_revolt_this_partida": _failed_revolt, "approved_own_revolt": _approved_own,
    "had_one_card_this_partida": _had_one_card,
    "structure_makes_others_draw": _makes_others_draw}
"""Each field of a condition, in the order it is asked, with its test."""

_COUNTED = {"cards", "row", "row_at_start"}  # the fields that are counts (``fx.Count``)


# Loops or maps rather than generators here and below: a generator or comprehension that names
# the function's own locals makes them cells and builds a closure on every call.

def _counted(records: list[dict], player: int) -> bool:
    """Whether any of the per-player counts ``records`` counts something for ``player``."""
    return any(map(dict.get, records, repeat(player)))


def _listed(records: list[Any], key: Any) -> bool:
    """Whether any of the sets ``records`` holds ``key``."""
    return any(map(contains, records, repeat(key)))


def _rank_values(engine: Engine, rank: str) -> list[int]:
    """Each seat's measure for ``rank``: hand size or row, better the higher it is when
    ``MORE_IS_BETTER``.  The list may be the state's own: it is read, never changed."""
    s = engine.state
    if rank in ("most_cards", "fewest_cards"):
        return list(map(len, s.hands))  # no per-seat step in Python
    if s.field is None:
        raise Crisis("this card needs the field (Bourdieu mode)")
    return s.field.row


MORE_IS_BETTER = {"most_cards": True, "fewest_cards": False, "highest": True, "lowest": False}


def ranked(engine: Engine, pool: list[int], rank: str, nth: int,
           top: int) -> tuple[list[int], bool]:
    """Players at places nth..nth+top-1 of ``rank``; and whether the places are clear-cut."""
    value = _rank_values(engine, rank)
    # stable either way: players tied keep the pool's order (the order of play)
    order = sorted(pool, key=value.__getitem__, reverse=MORE_IS_BETTER[rank])
    if not order:
        return [], False
    start, stop = nth - 1, nth - 1 + top
    if start >= len(order):
        return [], False
    chosen = order[start:stop]
    inside = set(map(value.__getitem__, chosen))
    # the places are ambiguous when someone outside them ties someone inside them
    clear = inside.isdisjoint(map(value.__getitem__, order[:start] + order[stop:]))
    if not clear:
        chosen = []
        for p in order:
            if value[p] in inside:
                chosen.append(p)
    return chosen, clear


NAMED_RANK = {"most_cards": ("most_cards", True), "fewest_cards": ("fewest_cards", True),
              "most_cards_all": ("most_cards", False), "fewest_cards_all": ("fewest_cards", False),
              "highest": ("highest", True), "lowest": ("lowest", True),
              "highest_all": ("highest", False), "lowest_all": ("lowest", False)}


_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def table_order(s: Any, me: int) -> list[int]:
    """Everyone, starting with ``me`` and going round in the flow: the order at the table."""
    key = (me, s.flow, s.players)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = _round_from(*key)
    return list(order)


def _round_from(me: int, flow: int, players: int) -> tuple[int, ...]:
    """The seats from ``me`` round the table in the ``flow``."""
    return tuple((me + k * flow) % players for k in range(players))


Can = Callable[[Engine, Context, int], bool]
"""Whether the action can be done to a player: ``can(engine, ctx, p)``."""


def resolve(engine: Engine, ctx: Context, sel: Any, can: Can | None = None,
            purpose: str = "", optional: bool = False) -> list[int]:
    """The players a selector names; Crisis when it cannot name them as written, or nobody
    if the action is ``optional`` (it causes no crisis).  A choice falls only on players
    ``can`` admits."""
    try:
        if isinstance(sel, str):  # the common case: a name, looked up, not compared in turn
            if sel == "self":  # the most common of all
                return [ctx.owner]
            named = NAMED.get(sel)
            if named is None:
                return _remembered(engine, ctx, sel)
            return named(engine, ctx, can, purpose)
        if isinstance(sel, list):
            out: list[int] = []
            for part in sel:
                for p in resolve(engine, ctx, part, can, purpose):
                    if p not in out:
                        out.append(p)
            return out
        return query(engine, ctx, sel, can, purpose)
    except Crisis:
        if optional:
            return []
        raise


Resolver = Callable[[Engine, Context, "Can | None", str], list[int]]


def _me(engine: Engine, ctx: Context, can: Any, purpose: str) -> list[int]:
    return [ctx.owner]


def _beside(step: int) -> Resolver:
    """'next' (1) and 'last' (-1): the neighbour that way in the flow."""
    def beside(engine: Engine, ctx: Context, can: Any, purpose: str) -> list[int]:
        return [engine.state.neighbour(ctx.owner, step)]
    return beside


def _two_beside(step: int) -> Resolver:
    """'next_2' and 'last_2': the two players that way in the flow (one at a table of 2)."""
    def two(engine: Engine, ctx: Context, can: Any, purpose: str) -> list[int]:
        s = engine.state
        first = s.neighbour(ctx.owner, step)
        return [first, s.neighbour(ctx.owner, 2 * step)] if s.players > 2 else [first]
    return two


def _everyone(engine: Engine, ctx: Context, can: Any, purpose: str) -> list[int]:
    return table_order(engine.state, ctx.owner)


def _opponents(engine: Engine, ctx: Context, can: Any, purpose: str) -> list[int]:
    return table_order(engine.state, ctx.owner)[1:]


def _an_opponent(engine: Engine, ctx: Context, can: Can | None, purpose: str) -> list[int]:
    return choose(engine, ctx, table_order(engine.state, ctx.owner)[1:], 1, can, purpose)


def _by_rank(sel: str) -> Resolver:
    """'most_cards', 'highest_all', ...: the players first on a ranking; the forms without
    '_all' name exactly one player, or it is a crisis."""
    rank, exactly_one = NAMED_RANK[sel]
    better = max if MORE_IS_BETTER[rank] else min

    def first(engine: Engine, ctx: Context, can: Any, purpose: str) -> list[int]:
        # ranked(..., 1, 1) by hand: the best placed, all of them on a tie, in table order;
        # one best (the common case) is found without going round the table
        value = _rank_values(engine, rank)
        best = better(value)
        if value.count(best) == 1:
            return [value.index(best)]
        if exactly_one:
            raise Crisis(f"no single player for '{sel}'")
        return [p for p in table_order(engine.state, ctx.owner) if value[p] == best]
    return first


NAMED: dict[str, Resolver] = {
    "self": _me, "next": _beside(1), "last": _beside(-1), "next_2": _two_beside(1),
    "last_2": _two_beside(-1), "everyone": _everyone, "opponents": _opponents,
    "an_opponent": _an_opponent, **{sel: _by_rank(sel) for sel in NAMED_RANK}}
"""The selectors that name players by where they sit or rank, each with its resolver;
any other name is one the game remembers (``_remembered``)."""


def _remembered(engine: Engine, ctx: Context, sel: str) -> list[int]:
    """A player the game remembers: picked earlier, in the event, or last to do something."""
    s = engine.state
    if sel == "previous":
        if not ctx.picked:
            raise Crisis("nobody was picked before")
        return [ctx.picked[-1]]
    if sel in ctx.event:
        who = ctx.event[sel]
        if who is None:
            raise Crisis(f"nobody is '{sel}'")
        return [who]
    if sel in ("last_winner", "last_crisis_solver", "last_discarder", "last_revolter"):
        if sel == "last_winner":
            who = s.win_order[-1] if s.win_order else None
        else:
            who = getattr(s.partida, sel)
        if who is None:
            raise Crisis(f"nobody is '{sel}' yet")
        return [who]
    raise Crisis(f"'{sel}' names nobody here")


def concerned(engine: Engine, seat: int, who: Any) -> list[int]:
    """Whom a standing rule of the card at ``seat`` concerns; nobody if it names nobody now."""
    try:  # a context with no event: a card's standing rule is not asked in one
        return resolve(engine, Context(seat, engine.state.structures[seat]), who)
    except Crisis:
        return []


def query(engine: Engine, ctx: Context, q: fx.Query, can: Can | None,
          purpose: str) -> list[int]:
    pool = table_order(engine.state, ctx.owner)  # me first: the opponents are the rest
    if q.among != "everyone":
        del pool[0]
    if q.exclude is not None:
        pool = _without(pool, set(resolve(engine, ctx, q.exclude)))
    where = q.where
    if where is not None:
        kept = []
        for p in pool:
            if holds(engine, ctx, p, where):
                kept.append(p)
        pool = kept
    clear = True
    if q.rank is not None:
        pool, clear = ranked(engine, pool, q.rank, q.nth, q.top)
    if q.distinct_from == "previous":
        pool = _without(pool, ctx.picked)
    if q.take == "all":
        if not pool:
            raise Crisis("no player matches")
        return pool
    if q.take == "one":
        if len(pool) != 1 or not clear:
            raise Crisis("not exactly one player matches")
        return pool
    if q.take == "exactly":
        if len(pool) != q.count:  # ties are already folded into the pool
            raise Crisis(f"not exactly {q.count} players match")
        return pool
    if q.same_count and q.count > 1:
        return _same_count(engine, ctx, pool, q.count, can, purpose)
    return choose(engine, ctx, pool, q.count, can, purpose)


def _without(pool: list[int], out: Any) -> list[int]:
    """The players of ``pool`` not in ``out``, in their order."""
    kept = []
    for p in pool:
        if p not in out:
            kept.append(p)
    return kept


def _admitted(engine: Engine, ctx: Context, pool: list[int], can: Can) -> list[int]:
    """The players of ``pool`` the action can be done to, in their order."""
    kept = []
    for p in pool:
        if can(engine, ctx, p):
            kept.append(p)
    return kept


def _same_count(engine: Engine, ctx: Context, pool: list[int], count: int,
                can: Can | None, purpose: str) -> list[int]:
    """'2 jogadores com o mesmo número de cartas': a choice within one hand size."""
    hands = engine.state.hands
    if can is not None:
        pool = _admitted(engine, ctx, pool, can)
    sizes: dict[int, list[int]] = {}
    for p in pool:
        sizes.setdefault(len(hands[p]), []).append(p)
    eligible = []
    for p in pool:
        if len(sizes[len(hands[p])]) >= count:
            eligible.append(p)
    if not eligible:
        raise Crisis(f"no {count} players hold the same number of cards")
    first = choose(engine, ctx, eligible, 1, None, purpose)
    same = _without(sizes[len(hands[first[0]])], first)
    return first + choose(engine, ctx, same, count - 1, None, purpose)


def choose(engine: Engine, ctx: Context, pool: list[int], count: int,
           can: Can | None, purpose: str) -> list[int]:
    """The acting player picks ``count`` players among those the action can be done to."""
    if can is not None:
        pool = _admitted(engine, ctx, pool, can)
    if len(pool) < count:
        raise Crisis("no player can be chosen")
    if len(pool) == count:
        picked = list(pool)
    else:
        chosen = engine.agents[ctx.owner].choose_players(engine, ctx.owner, pool, count, purpose)
        picked = []
        for p in pool:  # in the order of play, whoever chose
            if p in chosen:
                picked.append(p)
    ctx.picked = (*ctx.picked, *picked)
    return picked


def all_of(sel: Any) -> Any:
    """The tie-tolerant form of a one-player selector ('o jogador' -> 'o(s) jogador(es)')."""
    if isinstance(sel, str) and sel in ("most_cards", "fewest_cards", "highest", "lowest"):
        return sel + "_all"
    if isinstance(sel, Plain):  # a query, as the engine keeps it
        return sel.but(take="all")
    return sel
