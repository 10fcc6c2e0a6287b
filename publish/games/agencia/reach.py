"""What a card's actions can change, so that a snapshot copies only that.

A jogada tries its structure on a snapshot, and a natural card is used on one; copying
every hand, the pile, the discard and the structures each time is most of what a
snapshot costs, while most cards touch a few of them (a card that only makes its owner
draw changes the owner's hand, the pile and, when the pile runs dry, the discard).  A
card's reach is a fact of the card set, computed once (``reaches``); so is whether it may
change the course of the game (the flow, a crisis scheduled, teams, winners, the end of the
partida or the game, the field), which few cards do: the snapshot of the others reads and
writes back none of those fields.  The standing rules that act in the middle of a
structure (triggers, penalties) may change anything: while one stands, the engine's table
in force is ``everything`` (``EngineBase.society_changed``).
"""

from __future__ import annotations

from typing import Any

from publish.games.agencia.cards import CardInfo, derived

NO_HAND, OWN_HAND, ALL_HANDS = 0, 1, 2
"""How much of the hands a card reaches: none, its owner's only, any."""

Reach = tuple[int, bool, bool, bool, bool]
"""(hands, pile, discard, structures, course): what a snapshot must copy."""

NOTHING: Reach = (NO_HAND, False, False, False, False)
EVERYTHING: Reach = (ALL_HANDS, True, True, True, True)
COURSE: Reach = (NO_HAND, False, False, False, True)

_OWN = OWN_HAND  # the hand of the action's ``who`` only: its owner's when that is "self"
ACTIONS: dict[str, Reach] = {
    # a draw from a pile run dry takes the discard as the pile and shuffles it in place
    "draw": (_OWN, True, True, False, False),
    "discard": (_OWN, False, True, False, False),
    "trade_with_pile": (_OWN, True, True, False, False),
    "change_structure": (_OWN, False, False, True, False),  # the card put in comes from the hand
    **dict.fromkeys(("give", "exchange", "swap_hands", "rotate_hands", "pass_cards", "equalise",
                     "redistribute_hands"), (ALL_HANDS, False, False, False, False)),
    "shuffle_pile": (NO_HAND, True, False, False, False),
    "swap_structures": (NO_HAND, False, False, True, False),
    "shuffle_structures": (NO_HAND, False, False, True, False),
    **dict.fromkeys(("show_hand", "see_hands", "discard_this", "own_crisis"), NOTHING),
    # the flow, a crisis scheduled, winners, teams; the field, which may end the game
    **dict.fromkeys(("reverse_flow", "flow_towards", "schedule_crisis", "win", "team_up",
                     "field_move", "field_swap", "field_step"), COURSE),
}
"""Action -> what it may change, its hands part for an action of "self"."""


def action_reach(action: Any) -> Reach:
    """What one action may change; an action this table does not know reaches everything."""
    reach = ACTIONS.get(action.do, EVERYTHING)
    if reach[0] == OWN_HAND and getattr(action, "who", "self") != "self":
        return (ALL_HANDS, *reach[1:])
    return reach


def card_reach(info: CardInfo) -> Reach | None:
    """What a card's actions may change together; a natural card's use also takes the
    card from its owner's hand to the discard, and makes its changes of structure itself,
    from that hand, whoever its action names (``Naturals.use_natural``).  None for a
    structure without actions: running it changes nothing, so it needs no snapshot."""
    if not info.actions and not info.natural:
        return None
    hands, pile, disc, structures, course = NOTHING
    for action in info.actions:
        if info.natural and action.do == "change_structure":
            reach = (OWN_HAND, False, False, True, False)
        else:
            reach = action_reach(action)
        hands = max(hands, reach[0])
        pile, disc, structures = pile or reach[1], disc or reach[2], structures or reach[3]
        course = course or reach[4]
    if info.natural:
        hands, disc = max(hands, OWN_HAND), True
    return (hands, pile, disc, structures, course)


def reaches(infos: dict[str, CardInfo]) -> dict[str, Reach | None]:
    """card -> its reach, kept with the set of cards (``cards.derived``)."""
    tables = derived(infos)
    found = tables.get("reaches")
    if found is None:
        found = tables["reaches"] = {number: card_reach(info) for number, info in infos.items()}
    return found


def everything(infos: dict[str, CardInfo]) -> dict[str, Reach]:
    """card -> everything, kept with the set of cards: while a standing rule acts in the
    middle of a structure (a trigger, a penalty), or in a game whose agents rewrite
    hidden cards (``EngineBase.rewrites_hidden_cards``), any card may change anything."""
    tables = derived(infos)
    found = tables.get("reach_everything")
    if found is None:
        found = tables["reach_everything"] = dict.fromkeys(infos, EVERYTHING)
    return found
