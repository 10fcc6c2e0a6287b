"""The effect schema of Agência: what a card's structure does, as data.

Every text block of a card carries an ``effect`` beside its printed text:
a *direct* block holds a list of actions, run in order when the card's
owner plays; a *general* block holds a list of standing rules, in force
while the card is in the society.  The engine runs this data; the lint
compares it with the printed words.

How the manual's wording maps onto selectors (rules, "Crises"):
"o jogador com mais cartas" names exactly one player (``take: one``, a tie
is a crisis); "o(s) jogador(es)" tolerates ties (``take: all``); "um
adversário" / "alguém" is the acting player's choice (``take: choose``).
"""
from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from publish.games.agencia.effect_selectors import (
    Amount as Amount,
)
from publish.games.agencia.effect_selectors import (
    Compare as Compare,
)
from publish.games.agencia.effect_selectors import (
    Computed as Computed,
)
from publish.games.agencia.effect_selectors import (
    Condition as Condition,
)
from publish.games.agencia.effect_selectors import (
    Count as Count,
)
from publish.games.agencia.effect_selectors import (
    Named as Named,
)
from publish.games.agencia.effect_selectors import (
    Query as Query,
)
from publish.games.agencia.effect_selectors import (
    Rank as Rank,
)
from publish.games.agencia.effect_selectors import (
    Selector as Selector,
)
from publish.games.agencia.effect_selectors import (
    Strict as Strict,
)

# ---------------------------------------------------------------- actions

Act = Literal["draw", "discard", "give", "exchange"]


class _Action(Strict):
    when: Condition | None = Field(
        None, description="the action happens only if this holds of `if_who` (else nothing)"
    )
    if_who: Selector | None = Field(
        None, description="whom `when` is asked of (default: the acting player)"
    )
    unless_revolt_succeeded_last_turn: bool = False
    crisis: bool = Field(
        True, description="false: 'Não causa crise', what cannot be done is skipped"
    )


class Draw(_Action):
    do: Literal["draw"]
    who: Selector = "self"
    n: Amount = 1
    choose: bool = Field(False, description="the drawer picks the cards from the pile")


class Discard(_Action):
    do: Literal["discard"]
    who: Selector = "self"
    n: Amount = 1


class Give(_Action):
    do: Literal["give"]
    who: Selector = Field("self", description="the givers")
    to: Selector
    n: Amount = 1
    each: bool = Field(True, description="each giver gives n to each receiver")


class Exchange(_Action):
    do: Literal["exchange"]
    who: Selector = "self"
    to: Selector
    n: Amount = 1


class SwapHands(_Action):
    do: Literal["swap_hands"]
    who: Selector = "self"
    to: Selector


class RotateHands(_Action):
    do: Literal["rotate_hands"]
    direction: Literal["flow", "against"] = "flow"


class PassCards(_Action):
    do: Literal["pass_cards"]
    n: Amount = 1
    direction: Literal["flow", "against"] = "flow"


class Equalise(_Action):
    do: Literal["equalise"]
    who: Selector = Field(description="gives until both hands are the same size")
    to: Selector


class SwapStructures(_Action):
    do: Literal["swap_structures"]
    to: Selector


class ChangeStructure(_Action):
    do: Literal["change_structure"]
    who: Selector = "self"
    target: Literal["any", "this"] = "any"
    count: int = Field(1, ge=1, description="structures changed by each player")
    approval: Literal["none", "opponent"] = "none"


class ReverseFlow(_Action):
    do: Literal["reverse_flow"]


class FlowTowards(_Action):
    do: Literal["flow_towards"]
    to: Selector


class ShuffleStructures(_Action):
    do: Literal["shuffle_structures"]


class RedistributeHands(_Action):
    do: Literal["redistribute_hands"]


class ScheduleCrisis(_Action):
    do: Literal["schedule_crisis"]
    at: Literal["next_play", "next_discard"] = "next_play"


class FieldMove(_Action):
    do: Literal["field_move"]
    who: Selector = "self"


class FieldSwap(_Action):
    do: Literal["field_swap"]
    who: Selector = "self"
    to: Selector


class FieldStep(_Action):
    do: Literal["field_step"]
    who: Selector = "self"
    rows: Literal[-1, 1]
    max_row: int = Field(4, ge=0, le=4, description="a step that would pass this row is a crisis")


class Win(_Action):
    do: Literal["win"]
    who: Selector


class ShowHand(_Action):
    do: Literal["show_hand"]
    who: Selector = "self"
    to: Selector


class SeeHands(_Action):
    do: Literal["see_hands"]
    who: Selector = "self"
    of: Selector = "opponents"


class TradeWithPile(_Action):
    do: Literal["trade_with_pile"]
    who: Selector = "self"


class ShufflePile(_Action):
    do: Literal["shuffle_pile"]


class DiscardThis(_Action):
    do: Literal["discard_this"]


class TeamUp(_Action):
    do: Literal["team_up"]
    to: Selector


class OwnCrisis(_Action):
    """"Causa crise caso esta seja a estrutura do jogador ...": the crisis clause of the
    card's own ``cancel`` or ``may_refuse`` rule.  When that rule falls on the card's
    holder, the holder's jogada is a crisis instead of passing without effect.  It is a
    direct effect because only direct effects cause crises (compendium 2.12), and it
    does nothing when run: the rule brings the crisis about.  ``who`` is the player the
    sentence names, the rule's own (the effect lint holds both to the words)."""

    do: Literal["own_crisis"]
    who: Selector


Action = Annotated[
    Draw
    | Discard
    | Give
    | Exchange
    | SwapHands
    | RotateHands
    | PassCards
    | Equalise
    | SwapStructures
    | ChangeStructure
    | ReverseFlow
    | FlowTowards
    | ShuffleStructures
    | RedistributeHands
    | ScheduleCrisis
    | FieldMove
    | FieldSwap
    | FieldStep
    | Win
    | ShowHand
    | SeeHands
    | TradeWithPile
    | ShufflePile
    | DiscardThis
    | TeamUp
    | OwnCrisis,
    Field(discriminator="do"),
]

ACTIONS = tuple(sorted(  # each member's ``do``: the Literal's one value
    get_args(member.model_fields["do"].annotation)[0] for member in get_args(get_args(Action)[0])
))

# ---------------------------------------------------------------- standing rules

Forbidden = Literal[
    "propose_revolt",
    "support_revolt",
    "solve_crisis",
    "draw",
    "discard",
    "receive",  # be given cards
    "exchange",
    "change_field",  # move anyone on the field during a partida
    "climb",  # go up a row on winning
    "use_nova_geracao",
    "use_lideranca",
]


class Cannot(Strict):
    """Who may not do what while the card stands ("Não proponha revoltas")."""

    rule: Literal["cannot"]
    who: Selector = "self"
    act: list[Forbidden] = Field(min_length=1)
    by_others: bool = Field(False, description="only when an opponent's structure asks it")
    crisis: bool = Field(True, description="false: 'Não causa crise', the part is skipped")


class SupportsRevolts(Strict):
    rule: Literal["supports_revolts"]
    who: Selector = "self"


class NoApproval(Strict):
    rule: Literal["revolts_need_no_approval"]


class Veto(Strict):
    rule: Literal["veto"]
    who: Selector
    of: Literal["structure_changes"] = "structure_changes"
    except_this: bool = True


class VoteSolutions(Strict):
    rule: Literal["vote_crisis_solutions"]


class CrisisPriority(Strict):
    """Who solves crises first ("tem prioridade na resolução de crises")."""

    rule: Literal["crisis_priority"]
    who: Selector
    crisis_until_named: bool = Field(
        False, description="while `who` names nobody, the jogada of this card's holder is a crisis"
    )


class Cancel(Strict):
    """Structures matching these tests have no effect ("não terá efeito")."""

    rule: Literal["cancel"]
    whose: Selector | None = Field(None, description="structures of these players")
    many: list[Act] | None = Field(None, description="makes more than 1 player do one of these")
    unless: list[Literal["draw", "discard"]] | None = Field(
        None, description="cancelled unless it involves one of these"
    )
    only: Act | None = Field(None, description="when this is the structure's only action")
    makes: Act | None = Field(None, description="makes `targets` do this act")
    targets: Selector | None = None
    crisis: bool = Field(False, description="cancelling this structure causes a crisis")


class OnlyOwn(Strict):
    """An act happens only from the player's own structure (Meritocracia)."""

    rule: Literal["only_own_structure"]
    act: list[Act]


class MayRefuse(Strict):
    rule: Literal["may_refuse"]
    who: Selector


class Double(Strict):
    rule: Literal["double"]
    act: list[Act] = Field(min_length=1)


class Cap(Strict):
    rule: Literal["cap"]
    act: Act
    max: int = Field(ge=1)


class Natural(Strict):
    """Changes to how natural cards are used."""

    rule: Literal["natural"]
    card: Literal["nova_geracao", "lideranca"]
    keep: bool = Field(False, description="used without discarding it")
    any_hand: bool = Field(False, description="usable with any number of cards")
    approval: bool = Field(False, description="needs an opponent's approval")
    returning_only: bool = Field(
        False, description="only cards already in the society this partida may enter"
    )


Event = Literal["crisis", "successful_revolt", "revolt", "draw", "change", "turn_end"]


class Trigger(Strict):
    """Actions run when something happens while the card stands."""

    rule: Literal["trigger"]
    at: list[Event] = Field(min_length=1)
    do: list[Action] = Field(min_length=1)


class SharedVictory(Strict):
    rule: Literal["shared_victory"]


class WinnerDemoted(Strict):
    """The partida's winner returns to row 0 and cannot win the game."""

    rule: Literal["winner_demoted"]


class WinnerMoves(Strict):
    rule: Literal["winner_field_moves"]
    moves: int = Field(2, ge=1)


class ExtraTurn(Strict):
    rule: Literal["extra_turn"]
    who: Selector


class OpenHands(Strict):
    rule: Literal["open_hands"]
    who: Selector = "self"


class FieldLocked(Strict):
    """The field does not change: no moves, and the winner does not climb."""

    rule: Literal["field_locked"]


class Penalty(Strict):
    """Whoever changes the field or a structure draws cards."""

    rule: Literal["penalty"]
    at: list[Literal["field_change", "structure_change"]] = Field(min_length=1)
    n: int = Field(ge=1)


class TurnTally(Strict):
    """At the end of each turn: who drew most draws, who discarded most discards."""

    rule: Literal["turn_tally"]
    n: int = 1


Rule = Annotated[
    Cannot
    | SupportsRevolts
    | NoApproval
    | Veto
    | VoteSolutions
    | CrisisPriority
    | Cancel
    | OnlyOwn
    | MayRefuse
    | Double
    | Cap
    | Natural
    | Trigger
    | SharedVictory
    | WinnerDemoted
    | WinnerMoves
    | ExtraTurn
    | OpenHands
    | FieldLocked
    | Penalty
    | TurnTally,
    Field(discriminator="rule"),
]

RULES = tuple(sorted(  # each member's ``rule``: the Literal's one value
    get_args(member.model_fields["rule"].annotation)[0] for member in get_args(get_args(Rule)[0])
))
