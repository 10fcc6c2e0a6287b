"""What each action of the effect schema does to the state.

Each function raises Crisis when the action cannot be done exactly as
written; standing rules of the society (doubling, caps, prohibitions,
'não causa crise') are applied here, where the cards move.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from publish.games.agencia import effects as fx
from publish.games.agencia.cards import BARRED, SCALES
from publish.games.agencia.host import Context
from publish.games.agencia.host import Host as Engine
from publish.games.agencia.select import Crisis, concerned, holds, resolve, table_order
from publish.games.agencia.state import shuffle

# the keys of the standing rules asked about each action, each one global look-up
_NO_DRAW, _NO_DISCARD, _NO_RECEIVE = BARRED["draw"], BARRED["discard"], BARRED["receive"]
_SCALES, _TRIGGER, _ONLY_OWN = SCALES, fx.Trigger, fx.OnlyOwn


def amount(engine: Engine, ctx: Context, n: Any, act: str, target: int) -> int:
    """The number an action moves, after 'dobra' and 'somente 1' rules.

    The handlers call it only when there is something to work out: an action whose
    number is plain (its record ``fixed``) moves that number while no rule that
    ``SCALES`` amounts stands, as in most societies, and a call costs several hundred
    instructions (``action.n if action.fixed and _SCALES not in engine.standing else
    amount(...)``)."""
    if isinstance(n, int):
        value = n
    elif n == "hand":
        value = len(engine.state.hands[target])
    else:
        value = computed(engine, ctx, n, target)
    if _SCALES in engine.standing:
        value = _doubled_and_capped(engine, value, act)
    return value


def _doubled_and_capped(engine: Engine, value: int, act: str) -> int:
    for _, rule in engine.rules(fx.Double):
        if act in rule.act:
            value *= 2
    for _, rule in engine.rules(fx.Cap):
        if rule.act == act:
            value = min(value, rule.max)
    return value


def computed(engine: Engine, ctx: Context, n: fx.Computed, target: int) -> int:
    s = engine.state
    hands = [len(h) for h in s.hands]
    if n.count == "all_hands":
        base = sum(hands)
    elif n.count == "max_hand":
        base = max(hands)
    elif n.count == "gap_to_max":
        base = max(hands) - hands[target]
    elif n.count == "discards_since_target_played":
        base = s.partida.discards_since(target)
    elif n.count == "received_last_turn":
        me = ctx.owner
        base = 0
        for j in s.partida.turns[:-1]:
            base += j.drew.get(me, 0) + j.received.get(me, 0)
    elif n.count == "discarded_this_play":
        base = ctx.discarded
    else:
        base = ctx.drawn
    value = -(-base // n.divide) if n.round == "up" else base // n.divide
    value *= n.times
    if value < 1:
        raise Crisis("the amount comes to nothing")
    return value


def forbidden(engine: Engine, actor: int, player: int, act: str) -> str | None:
    """'crisis' or 'skip' when a standing rule bars ``player`` from ``act`` now, in an
    action of ``actor``'s (the player whose card or jogada it is)."""
    verdict = None
    for seat, rule in engine.rules(BARRED[act]):
        if rule.by_others and actor == player:
            continue
        if player in concerned(engine, seat, rule.who):
            if rule.crisis:
                return "crisis"
            verdict = "skip"
    return verdict


def forbidden_any(engine: Engine, player: int, act: str) -> bool:
    """Whether any standing rule bars ``player`` from ``act`` (revolts, natural cards...)."""
    if BARRED[act] not in engine.standing:
        return False
    return forbidden(engine, player, player, act) is not None



def _allowed(engine: Engine, ctx: Context, player: int, act: str, optional: bool) -> bool:
    """Whether the act goes ahead for this player; raises Crisis when it must and cannot.
    Callers ask only when a prohibition of the act stands (``BARRED``)."""
    verdict = forbidden(engine, ctx.owner, player, act)
    if verdict == "crisis" and not optional:
        raise Crisis(f"player {player} may not {act}")
    return verdict is None


def draw(engine: Engine, ctx: Context, player: int, n: int, optional: bool = False,
         pick: bool = False) -> None:
    if _NO_DRAW in engine.standing and not _allowed(engine, ctx, player, "draw", optional):
        return
    s = engine.state
    hand, pile = s.hands[player], s.pile
    for got in range(n):
        if not pile:
            if not s.discard:
                if optional:
                    if got:
                        engine.log.append(("draw", player, got))
                    return
                raise Crisis("no cards left to draw")
            pile = s.pile = s.discard
            s.discard = []
            shuffle(s.rng, pile)
        if pick:
            card = engine.agents[player].pick_from_pile(engine, player, pile)
            pile.remove(card)
        else:
            card = pile.pop()
        hand.append(card)
        engine.events.append(("drew", player, card))
    engine.log.append(("draw", player, n))
    rec = engine.record
    rec.drew = {**rec.drew, player: rec.drew.get(player, 0) + n}  # replaced: see snapshot
    if _TRIGGER in engine.standing:  # most societies have no trigger
        engine.after_draw(player, n, ctx)


def give(engine: Engine, ctx: Context, giver: int, receiver: int, n: int,
         optional: bool = False) -> None:
    if giver == receiver:
        # nobody gives cards to themselves: an instruction that asks it cannot be done
        # as written, which the manual's section on crises counts among its causes
        if optional:
            return
        raise Crisis(f"player {giver} cannot give cards to themselves")
    if _NO_RECEIVE in engine.standing and not _allowed(engine, ctx, receiver, "receive",
                                                      optional):
        return
    s = engine.state
    if len(s.hands[giver]) < n:
        if optional:
            return
        raise Crisis(f"player {giver} cannot give {n}")
    cards = engine.agents[giver].pick_cards(engine, giver, n, "give")
    hand = s.hands[giver]
    for card in cards:
        hand.remove(card)
    s.hands[receiver] += cards  # in the order picked, as one by one
    engine.log.append(("give", giver, receiver, n))
    rec = engine.record  # replaced, never changed in place: see Turns.snapshot
    if engine.notes_received:  # a card of the deck counts what its owner received
        rec.received = {**rec.received, receiver: rec.received.get(receiver, 0) + n}
    rec.gave = rec.gave | {(giver, receiver)}


def gate(engine: Engine, ctx: Context, action: Any) -> bool:
    """Whether an action whose record is ``gated`` goes ahead: False when a revolt
    succeeded last turn and the action says 'unless'; raises _Skip when its 'se ...'
    condition is false, which ends its block.

    An action runs as ``HANDLERS[action.do](engine, ctx, action, optional)`` once its
    gate lets it (``not action.gated or gate(...)``), ``optional`` its record's
    ``lenient`` or, for a trigger's reaction, True: no function stands between, as a
    call costs several hundred instructions and a jogada runs more than one action."""
    when = action.when
    if when is not None:
        # loops, not a generator: one would close over this function's names (see Speed)
        for p in resolve(engine, ctx, action.if_who) if action.if_who is not None else (
                ctx.owner,):
            if not holds(engine, ctx, p, when):
                raise _Skip
    if action.unless_revolt_succeeded_last_turn:
        for j in engine.state.partida.turns[:-1]:
            if j.revolt == "succeeded":
                return False
    return True


# Whom a choice may fall on (``select.resolve``'s ``can``): functions of the module, or a
# ``partial`` of one, rather than lambdas, which would close over the handler's names and
# make a closure on every call.

def _may_draw(engine: Engine, ctx: Context, p: int) -> bool:
    return forbidden(engine, ctx.owner, p, "draw") is None


def _holds_cards(engine: Engine, ctx: Context, p: int) -> bool:
    return len(engine.state.hands[p]) >= 1


def _not_owner(engine: Engine, ctx: Context, p: int) -> bool:
    return p != ctx.owner


def _not_among(players: list[int], engine: Engine, ctx: Context, p: int) -> bool:
    return p not in players


def _draw(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    for p in resolve(engine, ctx, action.who, _may_draw, "", optional):
        draw(engine, ctx, p, action.n if action.fixed and _SCALES not in engine.standing
             else amount(engine, ctx, action.n, "draw", p), optional, action.choose)


def _discard(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    """Each player named discards, in the order named; the player's agent picks the cards.
    Only this handler discards for an action, so the discard is done here, not in a
    function of its own: a call costs several hundred instructions."""
    s = engine.state
    for p in resolve(engine, ctx, action.who, _holds_cards, "", optional):
        standing = engine.standing
        n = action.n if action.fixed and _SCALES not in standing else amount(
            engine, ctx, action.n, "discard", p)
        if _NO_DISCARD in standing and not _allowed(engine, ctx, p, "discard", optional):
            continue
        if _ONLY_OWN in standing and ctx.card is not None and p != ctx.owner and any(
                "discard" in rule.act for _, rule in engine.rules(_ONLY_OWN)):
            continue
        hand = s.hands[p]
        if len(hand) < n:
            if optional:
                continue
            raise Crisis(f"player {p} cannot discard {n}")
        cards = engine.agents[p].pick_cards(engine, p, n, "discard")
        for card in cards:
            hand.remove(card)
        s.discard += cards  # in the order picked, as one by one
        engine.log.append(("discard", p, n))
        engine.discarded(p, n)
        if p == ctx.owner:
            ctx.discarded += n


def _give(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    givers = resolve(engine, ctx, action.who, _holds_cards, "", optional)
    # one giver cannot be a receiver too; of several, each gives to the others
    receivers = resolve(engine, ctx, action.to,
                        partial(_not_among, givers) if len(givers) <= 1 else None,
                        optional=optional)
    for g in givers:
        for r in receivers:
            give(engine, ctx, g, r, action.n if action.fixed and _SCALES not in engine.standing
                 else amount(engine, ctx, action.n, "give", r), optional)


def _pair(engine: Engine, ctx: Context, action: Any, optional: bool, why: str,
          apart: bool = False) -> tuple[int, int]:
    """The one player of ``who`` and the one of ``to``, two different players, or a crisis."""
    a = resolve(engine, ctx, action.who, optional=optional)
    b = resolve(engine, ctx, action.to, partial(_not_among, a) if apart else None,
                optional=optional)
    if len(a) != 1 or len(b) != 1 or a[0] == b[0]:
        raise Crisis(why)
    return a[0], b[0]


def _swap_hands(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    a, b = _pair(engine, ctx, action, optional, "a hand swap needs two different players",
                 apart=True)
    swap_hands(engine, a, b)


def _rotate_hands(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    # as swaps with the owner's hand, so that the log can show it
    order = table_order(engine.state, ctx.owner)
    for q in order[1:] if action.direction == "flow" else order[:0:-1]:
        swap_hands(engine, ctx.owner, q)


def _pass_cards(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    """Everyone gives n cards to the neighbour on one side, one after the other round the
    table, each receiving before giving on: only the first to give gives from the hand
    they started with.  That is the owner, unless the owner holds fewer cards than they
    must pass, as a player with 1 card under 007's 2 does: then the first who can, going
    round from the owner, starts, and the owner receives before passing on (007's note)."""
    s = engine.state
    step = 1 if action.direction == "flow" else -1
    fixed = action.fixed and _SCALES not in engine.standing
    chain = [s.neighbour(ctx.owner, k * step) for k in range(s.players)]
    for start, p in enumerate(chain):
        if len(s.hands[p]) >= (action.n if fixed else amount(engine, ctx, action.n, "give", p)):
            chain = chain[start:] + chain[:start]
            break
    for p in chain:
        give(engine, ctx, p, s.neighbour(p, step),
             action.n if fixed else amount(engine, ctx, action.n, "give", p), optional)


def _equalise(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    s = engine.state
    a, b = _pair(engine, ctx, action, optional, "needs two different players")
    gap = len(s.hands[a]) - len(s.hands[b])
    if gap <= 0 or gap % 2:
        raise Crisis("the hands cannot be made equal")
    give(engine, ctx, a, b, gap // 2, optional)


def _swap_structures(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    b = resolve(engine, ctx, action.to, _not_owner, optional=optional)
    if len(b) != 1 or b[0] == ctx.owner:
        raise Crisis("a structure swap needs one other player")
    engine.swap_structures(ctx.owner, b[0])


def _flow_towards(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    s = engine.state
    b = resolve(engine, ctx, action.to, optional=optional)
    if len(b) != 1 or b[0] not in (s.neighbour(ctx.owner, 1), s.neighbour(ctx.owner, -1)):
        raise Crisis("the flow turns towards one neighbour only")
    if s.neighbour(ctx.owner, 1) != b[0]:
        engine.reverse_flow()


def _redistribute_hands(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    s = engine.state
    sizes = [len(h) for h in s.hands]
    cards = [c for h in s.hands for c in h]
    shuffle(s.rng, cards)
    s.hands, start = [], 0
    for size in sizes:
        s.hands.append(cards[start:start + size])
        start += size


def _schedule_crisis(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    if action.at == "next_play":
        engine.state.partida.crisis_next_play = True
    else:
        engine.state.partida.crisis_next_discard = True


def _field_move(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    for p in resolve(engine, ctx, action.who, optional=optional):
        engine.field_move(p, during_partida=True)


def _field_swap(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    a, b = _pair(engine, ctx, action, optional, "a field swap needs two different players")
    engine.field_swap(a, b)


def _field_step(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    for p in resolve(engine, ctx, action.who, optional=optional):
        engine.field_step(p, action.rows, action.max_row)


def _win(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    part = engine.state.partida
    for p in resolve(engine, ctx, action.who, optional=optional):
        if p not in part.winners:
            part.winners = [*part.winners, p]  # replaced: see Turns.snapshot


def _show_hands(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    show = action.do == "show_hand"
    resolve(engine, ctx, action.who, optional=optional)
    other = resolve(engine, ctx, action.to if show else action.of, optional=optional)
    if show and ctx.owner in other and len(other) == 1:
        raise Crisis("nobody to show the hand to")


def _trade_with_pile(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    s = engine.state
    for p in resolve(engine, ctx, action.who, optional=optional):
        if not s.hands[p] or not (s.pile or s.discard):
            raise Crisis("nothing to trade")
        give_back, take = engine.agents[p].trade_with_pile(engine, p)
        s.hands[p].remove(give_back)
        source = s.pile if take in s.pile else s.discard
        source.remove(take)
        source.append(give_back)
        s.hands[p].append(take)


def _team_up(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    for p in resolve(engine, ctx, action.to, _not_owner, optional=optional):
        part = engine.state.partida
        part.teams = [*part.teams, (ctx.owner, p)]  # replaced: see Turns.snapshot
        engine.log.append(("alliance", ctx.owner, p))


def swap_hands(engine: Engine, a: int, b: int) -> None:
    hands = engine.state.hands
    hands[a], hands[b] = hands[b], hands[a]
    engine.log.append(("swap_hands", a, b))


class _Skip(Exception):
    """A 'se ...' condition is false: this action and the rest of its block do nothing."""


def _exchange(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    s = engine.state
    for seat, rule in engine.rules(BARRED["exchange"]):
        if not rule.by_others or seat != ctx.owner:
            if optional or not rule.crisis:
                return
            raise Crisis("exchanges are forbidden")
    a = resolve(engine, ctx, action.who, optional=optional)
    b = resolve(engine, ctx, action.to, partial(_not_among, a), optional=optional)
    for x in a:
        for y in b:
            if x == y:
                raise Crisis("nobody exchanges cards with themselves")
            n = action.n if action.fixed and _SCALES not in engine.standing else amount(
                engine, ctx, action.n, "exchange", y)
            if len(s.hands[x]) < n or len(s.hands[y]) < n:
                if optional:
                    continue
                raise Crisis("not enough cards to exchange")
            mine = engine.agents[x].pick_cards(engine, x, n, "exchange")
            theirs = engine.agents[y].pick_cards(engine, y, n, "exchange")
            for card in mine:
                s.hands[x].remove(card)
                s.hands[y].append(card)
            for card in theirs:
                s.hands[y].remove(card)
                s.hands[x].append(card)
            engine.log.append(("exchange", x, y, n))


def _change(engine: Engine, ctx: Context, action: Any, optional: bool) -> None:
    # a change's own 'crisis' says whether it may be left undone, whoever runs it
    s = engine.state
    changers = resolve(engine, ctx, action.who, optional=not action.crisis)
    if action.who == "everyone":
        changers = table_order(s, ctx.owner)
    for p in changers:
        for _ in range(action.count):
            slots = None
            if action.target == "this":
                slots = _seats_of(s.structures, ctx.card)
                if not slots:
                    raise Crisis("this card is no longer a structure")
            approval = action.approval == "opponent"
            if not engine.change_structure(p, slots=slots, approval=approval):
                if approval:
                    continue  # not approved: the status quo stands, no crisis
                raise Crisis(f"player {p} cannot change a structure")


def _seats_of(structures: list[str], card: str | None) -> list[int]:
    """The seats where ``card`` is a structure."""
    seats = []
    for i, c in enumerate(structures):
        if c == card:
            seats.append(i)
    return seats


Handler = Callable[[Engine, Context, Any, bool], None]

HANDLERS: dict[str, Handler] = {
    "draw": _draw,
    "discard": _discard,
    "give": _give,
    "exchange": _exchange,
    "swap_hands": _swap_hands,
    "rotate_hands": _rotate_hands,
    "pass_cards": _pass_cards,
    "equalise": _equalise,
    "swap_structures": _swap_structures,
    "change_structure": _change,
    "reverse_flow": lambda engine, ctx, action, optional: engine.reverse_flow(),
    "flow_towards": _flow_towards,
    "shuffle_structures": lambda engine, ctx, action, optional: engine.shuffle_structures(),
    "redistribute_hands": _redistribute_hands,
    "schedule_crisis": _schedule_crisis,
    "field_move": _field_move,
    "field_swap": _field_swap,
    "field_step": _field_step,
    "win": _win,
    "show_hand": _show_hands,
    "see_hands": _show_hands,
    "trade_with_pile": _trade_with_pile,
    "shuffle_pile": lambda engine, ctx, action, optional: shuffle(engine.state.rng,
                                                                  engine.state.pile),
    # natural cards: the engine moves the card itself
    "discard_this": lambda engine, ctx, action, optional: None,
    "team_up": _team_up,
    # a rule's crisis clause: the rule brings the crisis about (``Engine.cancelled``)
    "own_crisis": lambda engine, ctx, action, optional: None,
}
"""What each action of the effect schema does: action type -> handler."""
