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

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

# ---------------------------------------------------------------- selectors


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Named = Literal[
    "self",  # "você": the owner of the structure being executed
    "next",  # "o próximo a jogar", after any reversal the card made
    "last",  # "o último a jogar"
    "next_2",  # "os 2 próximos a jogar"
    "last_2",  # "os 2 últimos a jogar"
    "everyone",  # "todos"
    "opponents",  # "todo adversário", "os adversários", "cada adversário"
    "an_opponent",  # "um adversário": the acting player's choice
    "most_cards",  # "o jogador com mais cartas": exactly one
    "fewest_cards",  # "o jogador com menos cartas": exactly one
    "most_cards_all",  # "o(s) jogador(es) com mais cartas": ties allowed
    "fewest_cards_all",  # "o(s) jogador(es) com menos cartas"
    "highest",  # "o jogador mais alto no campo": exactly one
    "lowest",  # "o jogador mais baixo no campo": exactly one
    "highest_all",  # "o(s) jogador(es) mais alto(s)"
    "lowest_all",  # "o(s) jogador(es) mais baixo(s)"
    "last_winner",  # "o jogador que venceu a última partida"
    "last_crisis_solver",  # "o jogador que resolveu a última crise"
    "last_discarder",  # "o último a ter feito algum descarte"
    "last_revolter",  # "o último jogador que iniciou uma revolta"
    "crisis_causer",  # "sua própria crise": whose play caused the crisis
    "crisis_solver",  # "o jogador que resolver crises"
    "revolter",  # "qualquer jogador que ativar revoltas"
    "winner",  # "o vencedor da partida"
    "drawer",  # "qualquer jogador" who just drew (in a trigger)
    "changer",  # the player who just changed a structure or the field
    "previous",  # the player(s) picked earlier in the same card ("sua mão", "e descartam")
]

Compare = Annotated[int, Field(ge=0)] | Literal["self"]


class Count(_Strict):
    """A comparison of a number with a value or with the acting player's own."""

    eq: Compare | None = None
    lt: Compare | None = None
    le: Compare | None = None
    gt: Compare | None = None
    ge: Compare | None = None


class Condition(_Strict):
    """Filters on a player; every field given must hold."""

    me: bool | None = Field(None, description="is the acting player")
    cards: Count | None = Field(None, description="the player's hand size")
    parity: Literal["odd", "even"] | None = None
    prime: bool | None = Field(None, description="hand size is (not) a prime number")
    unique_count: bool | None = Field(None, description="nobody else has as many cards")
    row: Count | None = Field(None, description="the player's row on the field")
    row_at_start: Count | None = Field(None, description="row when the jogada began ('estava')")
    neighbour: bool | None = Field(None, description="sits right beside the acting player")
    drew_last_turn: bool | None = None
    discarded_last_turn: bool | None = None
    gave_to_self_last_turn: bool | None = Field(None, description="gave cards to the owner")
    changed_structure_last_turn: bool | None = None
    failed_revolt_this_partida: bool | None = None
    approved_own_revolt: bool | None = Field(
        None, description="approved a revolt the owner proposed, this partida"
    )
    had_one_card_this_partida: bool | None = None
    structure_makes_others_draw: bool | None = Field(
        None, description="the player's structure makes third parties draw"
    )


Rank = Literal["most_cards", "fewest_cards", "highest", "lowest"]


class Query(_Strict):
    """Players picked by filters, an optional ranking, and how many are taken."""

    among: Literal["everyone", "opponents"] = "everyone"
    where: Condition | None = None
    rank: Rank | None = Field(None, description="keep the best-ranked players only")
    nth: int = Field(1, ge=1, description="with rank: the n-th place (2: 'o segundo')")
    top: int = Field(1, ge=1, description="with rank: how many places ('os 2 com menos')")
    exclude: Named | list[Named] | None = Field(
        None, description="players left out ('os demais')"
    )
    take: Literal["all", "one", "choose", "exactly"] = Field(
        "all",
        description="all: every match (none: crisis); one: exactly one must match; "
        "choose: the acting player picks `count`; exactly: exactly `count` must match",
    )
    count: int = Field(1, ge=1)
    same_count: bool = Field(False, description="the players taken hold equally many cards")
    distinct_from: Literal["previous"] | None = Field(
        None, description="not a player picked earlier in the same action ('outro adversário')"
    )


Selector = Named | Query | Annotated[list[Named | Query], Field(min_length=2)]

# ---------------------------------------------------------------- amounts


class Computed(_Strict):
    """A number the game state gives: counted, then divided, rounded and multiplied."""

    count: Literal[
        "all_hands",  # cards in all hands together
        "max_hand",  # hand size of the player with most cards
        "gap_to_max",  # cards the target lacks to equal the player with most cards
        "discards_since_target_played",  # discarded by everyone since the target's last play
        "received_last_turn",  # cards the owner drew or was given in the last turn
        "discarded_this_play",  # cards the owner discarded earlier in this structure
        "drawn",  # cards just drawn (in a trigger)
    ]
    divide: int = Field(1, ge=1)
    round: Literal["down", "up"] = "down"
    times: int = Field(1, ge=1)


Amount = Annotated[int, Field(ge=1)] | Literal["hand"] | Computed

# ---------------------------------------------------------------- actions

Act = Literal["draw", "discard", "give", "exchange"]


class _Action(_Strict):
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
    | TeamUp,
    Field(discriminator="do"),
]

ACTIONS = tuple(sorted(
    member.model_fields["do"].annotation.__args__[0]  # type: ignore[union-attr]
    for member in Action.__origin__.__args__  # type: ignore[attr-defined]
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


class Cannot(_Strict):
    """Who may not do what while the card stands ("Não proponha revoltas")."""

    rule: Literal["cannot"]
    who: Selector = "self"
    act: list[Forbidden] = Field(min_length=1)
    by_others: bool = Field(False, description="only when an opponent's structure asks it")
    crisis: bool = Field(True, description="false: 'Não causa crise', the part is skipped")


class SupportsRevolts(_Strict):
    rule: Literal["supports_revolts"]
    who: Selector = "self"


class NoApproval(_Strict):
    rule: Literal["revolts_need_no_approval"]


class Veto(_Strict):
    rule: Literal["veto"]
    who: Selector
    of: Literal["structure_changes"] = "structure_changes"
    except_this: bool = True


class VoteSolutions(_Strict):
    rule: Literal["vote_crisis_solutions"]


class CrisisPriority(_Strict):
    rule: Literal["crisis_priority"]
    who: Selector


class Cancel(_Strict):
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
    crisis_if_own: bool = Field(False, description="crisis when this card is that structure")


class OnlyOwn(_Strict):
    """An act happens only from the player's own structure (Meritocracia)."""

    rule: Literal["only_own_structure"]
    act: list[Act]


class MayRefuse(_Strict):
    rule: Literal["may_refuse"]
    who: Selector
    crisis_if_own: bool = False


class Double(_Strict):
    rule: Literal["double"]
    act: list[Act] = Field(min_length=1)


class Cap(_Strict):
    rule: Literal["cap"]
    act: Act
    max: int = Field(ge=1)


class Natural(_Strict):
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


class Trigger(_Strict):
    """Actions run when something happens while the card stands."""

    rule: Literal["trigger"]
    at: list[Event] = Field(min_length=1)
    do: list[Action] = Field(min_length=1)


class SharedVictory(_Strict):
    rule: Literal["shared_victory"]


class WinnerDemoted(_Strict):
    """The partida's winner returns to row 0 and cannot win the game."""

    rule: Literal["winner_demoted"]


class WinnerMoves(_Strict):
    rule: Literal["winner_field_moves"]
    moves: int = Field(2, ge=1)


class ExtraTurn(_Strict):
    rule: Literal["extra_turn"]
    who: Selector


class OpenHands(_Strict):
    rule: Literal["open_hands"]
    who: Selector = "self"


class FieldLocked(_Strict):
    """The field does not change: no moves, and the winner does not climb."""

    rule: Literal["field_locked"]


class Penalty(_Strict):
    """Whoever changes the field or a structure draws cards."""

    rule: Literal["penalty"]
    at: list[Literal["field_change", "structure_change"]] = Field(min_length=1)
    n: int = Field(ge=1)


class TurnTally(_Strict):
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

RULES = tuple(sorted(
    member.model_fields["rule"].annotation.__args__[0]  # type: ignore[union-attr]
    for member in Rule.__origin__.__args__  # type: ignore[attr-defined]
))


class DirectBlock(_Strict):
    """The effect of a direct block: actions, in order."""

    effect: list[Action] = Field(min_length=1)


class GeneralBlock(_Strict):
    effect: list[Rule] = Field(min_length=1)
