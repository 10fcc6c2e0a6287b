"""Selectors, conditions and amounts of the effect schema: whom a card means and how
many cards it moves.  :mod:`effects` builds the actions and standing rules on them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

# ---------------------------------------------------------------- selectors


class Strict(BaseModel):
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


class Count(Strict):
    """A comparison of a number with a value or with the acting player's own."""

    eq: Compare | None = None
    lt: Compare | None = None
    le: Compare | None = None
    gt: Compare | None = None
    ge: Compare | None = None


class Condition(Strict):
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


class Query(Strict):
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


class Computed(Strict):
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
